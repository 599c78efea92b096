/**
 * Card transactions: frozen records by id, creation order, each card's transactions (in creation
 * order, for the daily limits), the open authorizations of each funding account (for
 * NOT_YET_AVAILABLE), and for each record how many transactions of the transactions domain
 * existed when it was created (its place in the merged `GET /transactions` order). Written only
 * by `cardTransactionEvolvers`; snapshots hold records and places, indexes are rebuilt.
 */
import { deepFreeze } from '../../core/freeze.js';
import { type CardTransaction, isOpen } from './types.js';

/** Records and indexes. */
export type CardTransactionStore = {
  readonly byId: Map<string, CardTransaction>;
  readonly order: string[];
  /** Parallel to `order`: `state.transactions.order.length` when each was created. */
  readonly transactionsBefore: number[];
  readonly byCard: Map<string, string[]>;
  /** Open (AUTHORIZED, PARTIALLY_SETTLED) transaction ids per internal account. */
  readonly openByAccount: Map<string, Set<string>>;
};

/** An empty store. */
export function emptyCardTransactionStore(): CardTransactionStore {
  return { byId: new Map(), order: [], transactionsBefore: [], byCard: new Map(), openByAccount: new Map() };
}

/** Adds a new record (evolvers only). */
export function addCardTransaction(store: CardTransactionStore, tx: CardTransaction, transactionsBefore: number): void {
  store.byId.set(tx.id, tx);
  store.order.push(tx.id);
  store.transactionsBefore.push(transactionsBefore);
  const list = store.byCard.get(tx.cardId);
  if (list === undefined) store.byCard.set(tx.cardId, [tx.id]);
  else list.push(tx.id);
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
    if (set === undefined) store.openByAccount.set(tx.accountId, (set = new Set()));
    set.add(tx.id);
  } else if (set !== undefined) {
    set.delete(tx.id);
    if (set.size === 0) store.openByAccount.delete(tx.accountId);
  }
}

/** The store inside an engine snapshot. JSON-safe. */
export type CardTransactionStoreSnapshot = { readonly records: readonly CardTransaction[]; readonly transactionsBefore: readonly number[] };

/** Captures the store for a snapshot. Pure: records are frozen, so sharing them is safe. */
export function cardTransactionStoreSnapshot(store: CardTransactionStore): CardTransactionStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as CardTransaction), transactionsBefore: [...store.transactionsBefore] };
}

/** Rebuilds a store from a snapshot (an older snapshot without card transactions gives an empty store). */
export function cardTransactionStoreFromSnapshot(snapshot: CardTransactionStoreSnapshot | undefined): CardTransactionStore {
  const store = emptyCardTransactionStore();
  snapshot?.records.forEach((record, index) => {
    addCardTransaction(store, deepFreeze(record) as CardTransaction, snapshot.transactionsBefore[index] ?? 0);
  });
  return store;
}
