import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { createEngine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';
import { createUpcaster, type EventEnvelope } from '../../src/log/index.js';
import { harness } from '../support/harness.js';

/** A log in which sandbox fundings were written in an older shape: `{ accountId, amount: number, transferId }`. */
function legacyOf(log: readonly EventEnvelope[]): EventEnvelope[] {
  return log.map((event) => {
    if (event.type !== 'SandboxAccountFunded') return event;
    const data = event.data as { accountId: string; transactionId: string; transfers: { id: string; amountMinor: string }[] };
    const transfer = data.transfers[0]!;
    return { ...event, data: { accountId: data.accountId, transactionId: data.transactionId, transferId: transfer.id, amount: Number(transfer.amountMinor) } };
  });
}

const toCurrent = (data: unknown): unknown => {
  const old = data as { accountId: string; transactionId: string; transferId: string; amount: number };
  return {
    accountId: old.accountId,
    transactionId: old.transactionId,
    transfers: [{ id: old.transferId, debitAccountId: 'world:USD', creditAccountId: old.accountId, amountMinor: String(old.amount), transactionId: old.transactionId }],
  };
};

function fundedLog(): { log: EventEnvelope[]; live: string } {
  const h = harness();
  const account = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
  h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 700 });
  h.now = '2026-01-06T16:00:00.000Z';
  h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 45 });
  return { log: h.log, live: JSON.stringify(snapshotOf(h.engine.state, h.engine.head())) };
}

describe('replay with upcasters', () => {
  it('turns events of an older version into current ones at read time: same state as the live run', () => {
    const { log, live } = fundedLog();
    const versions = Object.fromEntries(log.map((e) => [e.type, e.type === 'SandboxAccountFunded' ? 2 : 1]));
    const upcast = createUpcaster([{ type: 'SandboxAccountFunded', fromVersion: 1, toVersion: 2, upcast: toCurrent }], versions);
    const replayed = createEngine({ events: legacyOf(log), upcast });
    expect(JSON.stringify(snapshotOf(replayed.state, replayed.head()))).toBe(live);
  });

  it('refuses a log whose event cannot be upcast, naming its seq', () => {
    const { log } = fundedLog();
    const upcast = createUpcaster([], { PlatformInitialized: 1 });
    expect(() => createEngine({ events: log, upcast })).toThrow(InvariantError);
    expect(() => createEngine({ events: log, upcast })).toThrow(/seq 2/);
  });
});
