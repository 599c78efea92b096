/**
 * Quotes: frozen records by id, their creation order, and the daily volume index behind 429
 * DAILY_VOLUME_LIMIT_EXCEEDED (executed sending amounts per customer, currency and UTC day).
 * Written only by `quoteEvolvers`.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { deepFreeze } from '../../core/freeze.js';
import type { IdTable } from '../../core/id-table.js';
import { type PackedBytes, packBytes } from '../../core/packed-bytes.js';
import type { PackedRecords } from '../../core/packed-records.js';
import type { CurrencyCode } from '../../core/currency.js';
import type { Quote } from './types.js';

/**
 * Records by id, ids in creation order (the map's own insertion order, `PackedKeyMap.order`;
 * quotes are never deleted), and executed volume by `dailyVolumeKey`.
 */
export type QuoteStore = {
  readonly byId: PackedRecordMap<Quote>;
  readonly order: KeyOrder;
  readonly dailyVolume: Map<string, bigint>;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyQuoteStore(hot = HOT_RECORDS): QuoteStore {
  return storeOf(new PackedRecordMap<Quote>({ hot, hashedCandidates: true }));
}

function storeOf(byId: PackedRecordMap<Quote>): QuoteStore {
  return { byId, order: byId.order, dailyVolume: new Map() };
}

/** The key of one customer's executed volume in one currency on the UTC day starting at `dayStartMs`. */
export function dailyVolumeKey(customerId: string, currency: CurrencyCode, dayStartMs: number): string {
  return `${customerId}|${currency}|${dayStartMs}`;
}

/**
 * The store inside an engine snapshot: records in creation order, packed (from snapshot `@5`:
 * codec bytes, decoded at a read; `@3`, `@4`: each record's text, parsed at its first read) or
 * as objects (`@1`, `@2`); volumes as decimal strings. JSON-safe.
 */
export type QuoteStoreSnapshot = (PackedBytes | PackedRecords | { readonly records: readonly Quote[] }) & {
  readonly dailyVolume: readonly (readonly [string, string])[];
};

/** Captures the store, records packed (owners' ids against `ids`, the save's shared table, from `@7` on). Pure but for `ids`. */
export function quoteStoreSnapshot(store: QuoteStore, ids?: IdTable): QuoteStoreSnapshot {
  return {
    // Against their transactions when the store is linked to them (`base.ts`; snapshot `@14`).
    ...packBytes(store.order, store.byId, { ids, base: store.byId.recordBase }),
    dailyVolume: [...store.dailyVolume].map(([key, amount]) => [key, amount.toString()] as const),
  };
}

/**
 * Rebuilds a store from its snapshot (an older snapshot without quotes gives an empty store); its
 * `hot` records read or changed last stay objects, as in `emptyQuoteStore`.
 */
export function quoteStoreFromSnapshot(snapshot: QuoteStoreSnapshot | undefined, hot = HOT_RECORDS): QuoteStore {
  const store: QuoteStore = snapshot !== undefined && 'ids' in snapshot
    ? storeOf(PackedRecordMap.fromPacked<Quote>(snapshot, { hot, hashedCandidates: true }))
    : emptyQuoteStore(hot);
  for (const record of snapshot !== undefined && 'records' in snapshot ? snapshot.records : []) {
    const frozen = deepFreeze(record);
    store.byId.set(frozen.id, frozen);
  }
  for (const [key, amount] of snapshot?.dailyVolume ?? []) store.dailyVolume.set(key, BigInt(amount));
  return store;
}
