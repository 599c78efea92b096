/**
 * Replay trusts the checked log (EngineOptions.recheckRecords, docs/architecture.md "Stored
 * records"): `handle` re-validates each whole record after every event it writes, a plain replay
 * skips that (the log was checked when written, and its chain proves it unchanged), and a replay
 * asked to recheck does it again. Whichever way, a replayed log yields the state and the answers
 * that `handle` gave.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import type { CardTransactionCreated, CardTransactionTransitioned } from '../../src/domains/card-transactions/events.js';
import type { TransactionTransitioned } from '../../src/domains/transactions/index.js';
import { auditLog } from '../../src/engine/audit.js';
import { createEngine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { answersOf, readRequests, SANDBOX_AUTHORIZATION, simulate } from '../../src/testing/index.js';
import { reseal } from '../cli/support/cli-harness.js';
import { stateText } from '../support/state-text.js';

const OPTIONS = { regulated: true } as const;

/** A simulated session over every resource (transactions, cards, quotes, webhooks, timers). */
const session = simulate({ seed: 3, steps: 250 });

/** `log` with the data of the first event of `type` changed (hashes are not re-checked by replay). */
function forged<T>(log: readonly EventEnvelope[], type: string, change: (data: T) => unknown, where: (data: T) => boolean = () => true): EventEnvelope[] {
  const index = log.findIndex((event) => event.type === type && where(event.data as T));
  expect(index).toBeGreaterThan(-1);
  return log.map((event, i) => (i === index ? { ...event, data: change(event.data as T) } : event));
}

describe('replay trusts the checked log unless asked to recheck records', () => {
  it('a replayed log yields the state and the answers handle gave, with and without rechecks', () => {
    const parsed = JSON.parse(JSON.stringify(session.log)) as EventEnvelope[];
    const trusted = createEngine({ ...OPTIONS, events: parsed });
    const rechecked = createEngine({ ...OPTIONS, recheckRecords: true, events: session.log });
    const live = stateText(session.engine);
    expect(stateText(trusted)).toBe(live);
    expect(stateText(rechecked)).toBe(live);
    const nowMs = session.engine.head().atMs;
    const reads = readRequests(session.model, SANDBOX_AUTHORIZATION, nowMs);
    expect(reads.length).toBeGreaterThan(10);
    expect(answersOf(trusted, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });

  it('a replica tailing the log in batches without rechecks equals one replaying it whole with them', () => {
    const replica = createEngine(OPTIONS);
    for (let i = 0; i < session.log.length; i += 97) replica.replay(session.log.slice(i, i + 97));
    expect(stateText(replica)).toBe(stateText(createEngine({ ...OPTIONS, recheckRecords: true, events: session.log })));
  });

  it('recheckRecords rejects a transaction left unsound (a failureReason outside FAILED); a plain replay skips that check', () => {
    const log = forged<TransactionTransitioned>(session.log, 'TransactionTransitioned', (d) => ({ ...d, changes: { ...d.changes, failureReason: 'ACCOUNT_INVALID' } }), (d) => d.to !== 'FAILED');
    expect(() => createEngine({ ...OPTIONS, recheckRecords: true, events: log })).toThrow(InvariantError);
    expect(() => createEngine({ ...OPTIONS, events: log })).not.toThrow();
  });

  it('recheckRecords rejects a card hold that disagrees with the ledger; a plain replay skips that check', () => {
    const log = forged<CardTransactionCreated>(
      session.log,
      'CardTransactionCreated',
      (d) => ({ ...d, transaction: { ...d.transaction, amountMinor: `${BigInt(d.transaction.amountMinor) + 1n}` } }),
      (d) => d.transaction.holdTransferId !== undefined,
    );
    expect(() => createEngine({ ...OPTIONS, recheckRecords: true, events: log })).toThrow(InvariantError);
    expect(() => createEngine({ ...OPTIONS, events: log })).not.toThrow();
  });

  it('recheckRecords rejects a card move that replaces a hold left open in the ledger; a plain replay skips that check', () => {
    // A partial clearing posts the old hold and opens a new one for the rest: with the post
    // dropped, the new hold is sound and the old one stays open.
    const log = forged<CardTransactionTransitioned>(
      session.log,
      'CardTransactionTransitioned',
      (d) => ({ ...d, transfers: (d.transfers ?? []).filter((t) => !('pendingId' in t)) }),
      (d) => d.changes.holdTransferId !== undefined && (d.transfers ?? []).some((t) => 'pendingId' in t),
    );
    expect(() => createEngine({ ...OPTIONS, recheckRecords: true, events: log })).toThrow(/left hold .* open/);
    expect(() => createEngine({ ...OPTIONS, events: log })).not.toThrow();
  });

  it('a plain replay still refuses a move that is not a row of the table (the cheap checks always run)', () => {
    const log = forged<TransactionTransitioned>(session.log, 'TransactionTransitioned', (d) => ({ ...d, from: 'PENDING_AUTHORIZATION', event: 'SCA_COMPLETED' }));
    expect(() => createEngine({ ...OPTIONS, events: log })).toThrow(InvariantError);
  });

  it('an audit rechecks records by default: a forged unsound transaction, re-sealed so its chain verifies, is refused at its seq', () => {
    const log = forged<TransactionTransitioned>(session.log, 'TransactionTransitioned', (d) => ({ ...d, changes: { ...d.changes, failureReason: 'ACCOUNT_INVALID' } }), (d) => d.to !== 'FAILED');
    const seq = log.findIndex((event, i) => event !== session.log[i]) + 1;
    const report = auditLog(reseal(log), OPTIONS);
    expect(report.ok).toBe(false);
    if (!report.ok) expect(report.fault).toMatchObject({ kind: 'event', seq });
    expect(auditLog(reseal(session.log), OPTIONS).ok).toBe(true);
    expect(auditLog(reseal(log), { ...OPTIONS, recheckRecords: false }).ok).toBe(true);
  });
});
