/**
 * The card transaction lifecycle: the derived table equals the xstate machine on every state and
 * event, equals the table in docs/cards.md row for row, and its terminal states are final.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CARD_TRANSACTION_EVENTS,
  CARD_TRANSACTION_TABLE,
  cardTransactionMachine,
} from '../../src/domains/card-transactions/lifecycle.js';
import { machineNext } from '../../src/domains/lifecycle.js';

describe('card transaction lifecycle', () => {
  it('table and machine agree on every state and event', () => {
    expect(CARD_TRANSACTION_TABLE.states).toEqual(['RECEIVED', 'AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'VOIDED', 'DECLINED', 'EXCEPTION']);
    for (const state of CARD_TRANSACTION_TABLE.states) {
      for (const event of CARD_TRANSACTION_EVENTS) {
        expect(CARD_TRANSACTION_TABLE.next(state, event), `${state} x ${event}`).toBe(machineNext(cardTransactionMachine, state, event));
      }
    }
  });

  it('DECLINED and EXCEPTION accept no event; VOIDED only a late clearing', () => {
    for (const event of CARD_TRANSACTION_EVENTS) {
      expect(CARD_TRANSACTION_TABLE.next('DECLINED', event)).toBeUndefined();
      expect(CARD_TRANSACTION_TABLE.next('EXCEPTION', event)).toBeUndefined();
      expect(CARD_TRANSACTION_TABLE.next('VOIDED', event)).toBe(event === 'CLEARED_LATE' ? 'EXCEPTION' : undefined);
    }
  });

  it('docs/cards.md shows exactly the table rows', () => {
    const doc = readFileSync(new URL('../../docs/cards.md', import.meta.url), 'utf8');
    const section = doc.split('<!-- table:card-transactions -->')[1]?.split('<!-- /table -->')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| From') && !line.startsWith('|---'))
      .map((line) => line.split('|').slice(1, 4).map((cell) => cell.trim()));
    expect(rows).toEqual(CARD_TRANSACTION_TABLE.rows.map((r) => [r.from, r.event, r.to]));
  });
});
