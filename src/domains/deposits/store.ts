/**
 * The incoming-payments store: records by transaction id (frozen, replaced on change), their
 * creation order, and the platform's approval setting. Written only by `incomingEvolvers`.
 * Snapshots hold the records in creation order and the setting.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { deepFreeze } from '../../core/freeze.js';
import { type IdOrder, OrderOf } from '../../core/id-order.js';
import { type ApprovalSetting, type IncomingRecord, NO_APPROVAL } from './types.js';

/**
 * Records by transaction id, their order, and the approval setting. No record is deleted, so the
 * order is the map's insertion order (no second list of the same ids).
 */
export type IncomingStore = {
  readonly byTransactionId: Map<string, IncomingRecord>;
  readonly order: IdOrder;
  approval: ApprovalSetting;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyIncomingStore(hot = HOT_RECORDS): IncomingStore {
  const byTransactionId = new PackedRecordMap<IncomingRecord>({ hot, hashedCandidates: true });
  return { byTransactionId, order: new OrderOf(byTransactionId.order), approval: NO_APPROVAL };
}

/** The store inside an engine snapshot. JSON-safe. */
export type IncomingStoreSnapshot = { readonly records: readonly IncomingRecord[]; readonly approval: ApprovalSetting };

/** Captures the store for a snapshot. Pure: records are frozen, so sharing them is safe. */
export function incomingStoreSnapshot(store: IncomingStore): IncomingStoreSnapshot {
  return { records: store.order.map((id) => store.byTransactionId.get(id) as IncomingRecord), approval: store.approval };
}

/**
 * Rebuilds a store from a snapshot (an older snapshot without this store gives an empty one); its
 * `hot` records changed last stay objects, as in `emptyIncomingStore`.
 */
export function incomingStoreFromSnapshot(snapshot: IncomingStoreSnapshot | undefined, hot = HOT_RECORDS): IncomingStore {
  const store = emptyIncomingStore(hot);
  for (const record of snapshot?.records ?? []) {
    const frozen = deepFreeze(record) as IncomingRecord;
    store.byTransactionId.set(frozen.transactionId, frozen);
  }
  if (snapshot !== undefined) store.approval = deepFreeze(snapshot.approval);
  return store;
}
