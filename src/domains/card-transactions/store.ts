/**
 * Card transactions: frozen records by id, creation order, each card's transactions (in creation
 * order, for the daily limits), the open authorizations of each funding account (for
 * NOT_YET_AVAILABLE), and for each record how many transactions of the transactions domain
 * existed when it was created (its place in the merged `GET /transactions` order). Written only
 * by `cardTransactionEvolvers`; snapshots hold records and places, indexes are rebuilt.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { InvariantError } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { IdTable } from '../../core/id-table.js';
import { type PackedBytes, packBytes } from '../../core/packed-bytes.js';
import type { PackedRecords } from '../../core/packed-records.js';
import { CARD_TRANSACTION_PREDICTIONS } from './predictions.js';
import { type CardTransaction, isOpen } from './types.js';

/**
 * Records and indexes. `order` is the map's own insertion order (`PackedKeyMap.order`; records
 * are never deleted), and `byCard` holds positions in it, not the ids' strings.
 */
export type CardTransactionStore = {
  readonly byId: PackedRecordMap<CardTransaction>;
  readonly order: KeyOrder;
  /** Parallel to `order`: `state.transactions.order.length` when each was created. */
  readonly transactionsBefore: number[];
  /** Each card's transactions as positions in `order`, ascending. */
  readonly byCard: Map<string, number[]>;
  /** Open (AUTHORIZED, PARTIALLY_SETTLED) transaction ids per internal account. */
  readonly openByAccount: Map<string, Set<string>>;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyCardTransactionStore(hot = HOT_RECORDS): CardTransactionStore {
  const byId = new PackedRecordMap<CardTransaction>({ hot, hashedCandidates: true, predictions: CARD_TRANSACTION_PREDICTIONS });
  return { byId, order: byId.order, transactionsBefore: [], byCard: new Map(), openByAccount: new Map() };
}

/** Adds a new record (evolvers only). */
export function addCardTransaction(store: CardTransactionStore, tx: CardTransaction, transactionsBefore: number): void {
  const position = store.order.length;
  store.byId.set(tx.id, tx);
  store.transactionsBefore.push(transactionsBefore);
  const list = store.byCard.get(tx.cardId);
  if (list === undefined) store.byCard.set(tx.cardId, [position]);
  else list.push(position);
  if (isOpen(tx)) markOpen(store, tx, true);
}

/** Replaces a record, keeping the open index right (evolvers only). */
export function replaceCardTransaction(store: CardTransactionStore, before: CardTransaction, after: CardTransaction): void {
  store.byId.set(after.id, after);
  if (isOpen(before) !== isOpen(after)) markOpen(store, after, isOpen(after));
}

function markOpen(store: CardTransactionStore, tx: CardTransaction, open: boolean): void {
  let set = store.openByAccount.get(tx.accountId);
  if (open) {
    if (set === undefined) {
      set = new Set();
      store.openByAccount.set(tx.accountId, set);
    }
    set.add(tx.id);
  } else if (set !== undefined) {
    set.delete(tx.id);
    if (set.size === 0) store.openByAccount.delete(tx.accountId);
  }
}

/**
 * The store inside an engine snapshot: records and their places, the records packed (from
 * snapshot `@5`: codec bytes, decoded at a read; `@3`, `@4`: texts, parsed at their first read)
 * with the per-card and open indexes saved beside them, or (`@1`, `@2`) as objects, the indexes
 * rebuilt from them. JSON-safe.
 */
export type CardTransactionStoreSnapshot =
  | { readonly records: readonly CardTransaction[]; readonly transactionsBefore: readonly number[] }
  | ((PackedBytes | PackedRecords) & {
      readonly transactionsBefore: readonly number[];
      readonly byCard: readonly (readonly [string, readonly string[]])[];
      readonly openByAccount: readonly (readonly [string, readonly string[]])[];
    });

/** Captures the store for a snapshot (owners' ids against `ids`, the save's shared table, from `@7` on). Pure but for `ids`. */
export function cardTransactionStoreSnapshot(store: CardTransactionStore, ids?: IdTable): CardTransactionStoreSnapshot {
  return {
    ...packBytes(store.order, store.byId, { ids, predictions: CARD_TRANSACTION_PREDICTIONS }),
    transactionsBefore: [...store.transactionsBefore],
    // Keys (and open sets) sorted: their order means nothing, and a rebuilt store saves the same text.
    byCard: [...store.byCard].sort(byKey).map(([card, positions]) => [card, positions.map((position) => store.order.at(position)!)] as const),
    openByAccount: [...store.openByAccount].sort(byKey).map(([account, ids]) => [account, [...ids].sort()] as const),
  };
}

// The position of a saved card transaction id: a snapshot's per-card lists name stored records.
function positionIn(byId: PackedRecordMap<CardTransaction>, id: string): number {
  const position = byId.positionOf(id);
  if (position === -1) throw new InvariantError(`snapshot card transactions: ${id} of a card has no record`);
  return position;
}

const byKey = (a: readonly [string, unknown], b: readonly [string, unknown]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Rebuilds a store from a snapshot (an older snapshot without card transactions gives an empty
 * store); its `hot` records read or changed last stay objects, as in `emptyCardTransactionStore`.
 */
export function cardTransactionStoreFromSnapshot(snapshot: CardTransactionStoreSnapshot | undefined, hot = HOT_RECORDS): CardTransactionStore {
  if (snapshot !== undefined && 'ids' in snapshot) {
    const byId = PackedRecordMap.fromPacked<CardTransaction>(snapshot, { hot, hashedCandidates: true, predictions: CARD_TRANSACTION_PREDICTIONS });
    return {
      byId,
      order: byId.order,
      transactionsBefore: [...snapshot.transactionsBefore],
      byCard: new Map(snapshot.byCard.map(([card, ids]) => [card, ids.map((id) => positionIn(byId, id))])),
      openByAccount: new Map(snapshot.openByAccount.map(([account, ids]) => [account, new Set(ids)])),
    };
  }
  const store = emptyCardTransactionStore(hot);
  snapshot?.records.forEach((record, index) => {
    addCardTransaction(store, deepFreeze(record) as CardTransaction, snapshot.transactionsBefore[index] ?? 0);
  });
  return store;
}
