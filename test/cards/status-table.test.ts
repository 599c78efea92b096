/**
 * The card status table of the spec, row for row, and every other (state, requested status) pair
 * refused with the spec's code: INVALID_STATE_TRANSITION, CARD_ALREADY_CLOSED (CLOSED asked of a
 * closed card), CARD_NOT_MUTABLE (anything else asked of a closed card). The xstate machine and
 * the derived table agree on every state and event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_EVENTS, CARD_TABLE, cardEventFor, cardMachine } from '../../src/domains/cards/lifecycle.js';
import { CARD_STATUSES, type CardStatus } from '../../src/domains/cards/types.js';
import { machineNext } from '../../src/domains/lifecycle.js';
import type { Harness } from '../support/harness.js';
import { cardHarness, fundedCard, webhookTypes } from './support.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

/** The spec's table: From, Trigger (a status update asking for To), To. */
const SPEC_ROWS: readonly { from: CardStatus; to: CardStatus }[] = [
  { from: 'ACTIVE', to: 'FROZEN' },
  { from: 'FROZEN', to: 'ACTIVE' },
  { from: 'ACTIVE', to: 'CLOSED' },
  { from: 'FROZEN', to: 'CLOSED' },
];

/** A card in `status`, reached through the API. */
function cardIn(h: Harness, status: CardStatus): string {
  const { card } = fundedCard(h, 0);
  if (status === 'FROZEN') h.ok('PATCH', `/cards/${card.id}`, { status: 'FROZEN' });
  if (status === 'CLOSED') h.ok('PATCH', `/cards/${card.id}`, { status: 'CLOSED' });
  return card.id;
}

function expectedCode(from: CardStatus, to: CardStatus): string | undefined {
  if (SPEC_ROWS.some((row) => row.from === from && row.to === to)) return undefined;
  if (from === 'CLOSED') return to === 'CLOSED' ? 'CARD_ALREADY_CLOSED' : 'CARD_NOT_MUTABLE';
  return 'INVALID_STATE_TRANSITION';
}

describe('card status table', () => {
  it('has exactly the spec rows', () => {
    expect(CARD_TABLE.rows.map((r) => ({ from: r.from, to: r.to })).sort(byFromTo)).toEqual([...SPEC_ROWS].sort(byFromTo));
  });

  it('agrees with the xstate machine on every state and event', () => {
    for (const state of CARD_STATUSES) {
      for (const event of CARD_EVENTS) expect(CARD_TABLE.next(state, event)).toBe(machineNext(cardMachine, state, event));
    }
  });

  for (const from of CARD_STATUSES) {
    for (const to of CARD_STATUSES) {
      const code = expectedCode(from, to);
      it(`${from} asked for ${to}: ${code === undefined ? `moves to ${to} and announces CARD.STATUS_CHANGE` : `409 ${code}, nothing written`}`, () => {
        const h = cardHarness();
        const id = cardIn(h, from);
        const r = h.call('PATCH', `/cards/${id}`, { status: to });
        if (code === undefined) {
          expect(r.status).toBe(200);
          expect((r.body as any).status).toBe(to);
          expect(webhookTypes(r.events)).toEqual(['CARD.STATUS_CHANGE']);
        } else {
          expect(r.status).toBe(409);
          expect((r.body as any).code).toBe(code);
          expect(r.events).toEqual([]);
        }
      });
    }
  }

  it('any sequence of requested statuses follows the table and refuses the rest with the spec codes', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CARD_STATUSES), { minLength: 1, maxLength: 12 }), (requests) => {
        const h = cardHarness();
        const { card } = fundedCard(h, 0);
        let model: CardStatus = 'ACTIVE';
        for (const requested of requests) {
          const r = h.call('PATCH', `/cards/${card.id}`, { status: requested });
          const next = CARD_TABLE.next(model, cardEventFor(requested));
          if (next === undefined) {
            expect((r.body as any).code).toBe(expectedCode(model, requested));
            expect(r.events).toEqual([]);
          } else {
            expect(r.status).toBe(200);
            model = next;
          }
          expect(h.ok('GET', `/cards/${card.id}`).status).toBe(model);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

function byFromTo(a: { from: string; to: string }, b: { from: string; to: string }): number {
  return `${a.from}>${a.to}` < `${b.from}>${b.to}` ? -1 : 1;
}
