/**
 * The codecs of the packed stores (agents and their actions, customers, external accounts,
 * incoming payments: stop 32; internal accounts and the payment stores, transactions, quotes and
 * card transactions: stop 33; cards: stop 34) remember strings seen once as hashes (`hashedCandidates`) in an
 * engine that handled the API workload, one that replayed its log, and one loaded from its
 * snapshot, and the three read every record alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import type { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';

const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;

function smallStores(engine: Engine): Record<string, PackedRecordMap<object>> {
  const { agents, customers, externalAccounts, incoming, accounts, transactions, quotes, cardTransactions, cards } = engine.state;
  return {
    accounts: accounts.byId,
    transactions: transactions.byId,
    quotes: quotes.byId,
    cardTransactions: cardTransactions.byId,
    agents: agents.byId,
    actions: agents.actions,
    customers: customers.byId,
    externalAccounts: externalAccounts.byId as PackedRecordMap<object>,
    incoming: incoming.byTransactionId as PackedRecordMap<object>,
    cards: cards.byId,
  } as unknown as Record<string, PackedRecordMap<object>>;
}

describe('the packed stores\' codecs', () => {
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
    }
  });
});
