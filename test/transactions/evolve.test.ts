/**
 * Evolvers check the log on replay: a logged move that is not a row of the record's table, that
 * starts where the record does not stand, or (with recheckRecords) that leaves an unsound record
 * fails loudly (InvariantError) instead of deriving a wrong state; a snapshot restores frozen records.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import type { TransactionTransitioned } from '../../src/domains/transactions/index.js';
import { createEngine } from '../../src/engine/engine.js';
import { create, customer, drive, payoutInput, world } from './support.js';

function loggedMove() {
  const w = world();
  const id = create(w, payoutInput(w, customer(w)));
  drive(w, id, ['FUNDED']);
  const index = w.log.findIndex((e) => e.type === 'TransactionTransitioned');
  return { w, id, index };
}

/** The log with the data of event `index` replaced (hashes are not re-checked by plain replay). */
function forged(log: ReturnType<typeof loggedMove>['w']['log'], index: number, change: (data: TransactionTransitioned) => unknown) {
  return log.map((event, i) => (i === index ? { ...event, data: change(event.data as TransactionTransitioned) } : event));
}

describe('transaction evolvers on replay', () => {
  it('replays the genuine log', () => {
    const { w, id } = loggedMove();
    expect(createEngine({ events: w.log }).state.transactions.byId.get(id)?.status).toBe('PROCESSING');
  });

  it.each([
    ['a move the table lacks', (d: TransactionTransitioned) => ({ ...d, event: 'SETTLED', to: 'COMPLETED' })],
    ['a move from where the record is not', (d: TransactionTransitioned) => ({ ...d, from: 'PENDING_AUTHORIZATION', event: 'SCA_COMPLETED' })],
    ['a destination the table does not give', (d: TransactionTransitioned) => ({ ...d, to: 'COMPLETED' })],
    ['a failureReason outside FAILED', (d: TransactionTransitioned) => ({ ...d, changes: { ...d.changes, failureReason: 'ACCOUNT_INVALID' } })],
    ['an unknown transaction', (d: TransactionTransitioned) => ({ ...d, transactionId: 'Transaction:00000000-0000-7000-8000-0000000000ff' })],
  ])('fails with InvariantError on %s', (_label, change) => {
    const { w, index } = loggedMove();
    // recheckRecords: the soundness of the whole record is rechecked only when asked (handle does).
    expect(() => createEngine({ recheckRecords: true, events: forged(w.log, index, change as never) })).toThrow(InvariantError);
  });

  it('fails on a second creation of one id', () => {
    const { w } = loggedMove();
    const created = w.log.find((e) => e.type === 'TransactionCreated')!;
    const last = w.log.at(-1)!;
    const again = { ...created, seq: last.seq + 1, prevHash: last.hash };
    expect(() => createEngine({ events: [...w.log, again] })).toThrow(InvariantError);
  });

  it('restores records from a snapshot frozen and equal to the replayed ones', () => {
    const { w, id } = loggedMove();
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: w.log }).snapshot()));
    const resumed = createEngine({ snapshot });
    const record = resumed.state.transactions.byId.get(id)!;
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.source)).toBe(true);
    expect(record).toEqual(w.state.transactions.byId.get(id));
    expect([...resumed.state.transactions.order]).toEqual([...w.state.transactions.order]);
  });
});
