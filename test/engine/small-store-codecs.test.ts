/**
 * The codecs of the smaller stores (agents and their actions, customers, external accounts,
 * incoming payments) remember strings seen once as hashes (`hashedCandidates`, stop 32) in an
 * engine that handled the API workload, one that replayed its log, and one loaded from its
 * snapshot, and the three read every record alike; so do the payment stores' (stop 33).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import type { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';

const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;

function smallStores(engine: Engine): Record<string, PackedRecordMap<object>> {
  const { agents, customers, externalAccounts, incoming } = engine.state;
  return {
    agents: agents.byId,
    actions: agents.actions,
    customers: customers.byId,
    externalAccounts: externalAccounts.byId as PackedRecordMap<object>,
    incoming: incoming.byTransactionId as PackedRecordMap<object>,
  } as Record<string, PackedRecordMap<object>>;
}

describe('the smaller stores\' codecs', () => {
  let engine: Engine;
  let log: readonly EventEnvelope[];
  beforeAll(() => {
    ({ engine, log } = apiWorkload({ events: 4_000 }));
  });

  it('remember strings seen once as hashes live, after a replay and after a snapshot load, and read every record alike', () => {
    const engines = [engine, createEngine({ ...OPTIONS, events: log }), createEngine({ ...OPTIONS, snapshot: JSON.parse(JSON.stringify(engine.snapshot())) })];
    const live = smallStores(engine);
    for (const other of engines) {
      const stores = smallStores(other);
      for (const [name, store] of Object.entries(stores)) {
        expect([name, store.hashesCandidates]).toEqual([name, true]);
        expect(store.size).toBeGreaterThan(0);
        expect([...store.entries()]).toEqual([...live[name]!.entries()]);
      }
      // The payment stores too (stop 33).
      for (const store of [other.state.transactions.byId, other.state.quotes.byId, other.state.cardTransactions.byId]) expect((store as PackedRecordMap<object>).hashesCandidates).toBe(true);
    }
  });
});
