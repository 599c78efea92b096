/**
 * Transactions: frozen records by id and their creation order (which is also `createdAt` order,
 * since the log's time never goes backwards). Written only by `transactionEvolvers`. Snapshots
 * hold the records in creation order, from which both parts are rebuilt.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { deepFreeze } from '../../core/freeze.js';
import type { IdTable } from '../../core/id-table.js';
import { type PackedBytes, packBytes } from '../../core/packed-bytes.js';
import type { PackedRecords } from '../../core/packed-records.js';
import type { RecordPredictions } from '../../core/record-codec.js';
import { TRANSACTION_PREDICTIONS } from './predictions.js';
import type { Transaction } from './types.js';

/**
 * Records by id and ids in creation order: `order` is the map's own insertion order (its keys by
 * position, `PackedKeyMap.order`), not a second list of the id strings; records are never deleted.
 */
export type TransactionStore = { readonly byId: PackedRecordMap<Transaction>; readonly order: KeyOrder };

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyTransactionStore(hot = HOT_RECORDS): TransactionStore {
  return storeOf(new PackedRecordMap<Transaction>({ hot, hashedCandidates: true, predictions: TRANSACTION_PREDICTIONS }));
}

function storeOf(byId: PackedRecordMap<Transaction>): TransactionStore {
  return { byId, order: byId.order };
}

/**
 * The store inside an engine snapshot: every record in creation order, packed (from snapshot
 * `@5`: codec bytes, decoded at a read; `@3`, `@4`: each record's text, parsed at its first read)
 * or as objects (`@1`, `@2`). JSON-safe.
 */
export type TransactionStoreSnapshot = PackedBytes | PackedRecords | { readonly records: readonly Transaction[] };

/**
 * Captures the store for a snapshot, packed (owners' ids against `ids`, the save's shared table, from
 * `@7` on; with the records' predictions from `@15` on, nested ones too from `@16`: transactions/predictions.ts). Pure but for `ids`.
 */
export function transactionStoreSnapshot(store: TransactionStore, ids?: IdTable): TransactionStoreSnapshot {
  return packBytes(store.order, store.byId, { ids, predictions: TRANSACTION_PREDICTIONS });
}

/**
 * Rebuilds a store from a snapshot (an older snapshot without transactions gives an empty store);
 * its `hot` records read or changed last stay objects, as in `emptyTransactionStore`. `predictions`:
 * those the snapshot's format packed its records with (`TRANSACTION_PREDICTIONS_15` for `@15`); a
 * store loaded so packs on with them.
 */
export function transactionStoreFromSnapshot(snapshot: TransactionStoreSnapshot | undefined, hot = HOT_RECORDS, predictions: RecordPredictions = TRANSACTION_PREDICTIONS): TransactionStore {
  if (snapshot !== undefined && 'ids' in snapshot) return storeOf(PackedRecordMap.fromPacked<Transaction>(snapshot, { hot, hashedCandidates: true, predictions }));
  const store = emptyTransactionStore(hot);
  for (const record of snapshot?.records ?? []) {
    const frozen = deepFreeze(record) as Transaction;
    store.byId.set(frozen.id, frozen);
  }
  return store;
}
