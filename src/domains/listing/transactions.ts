/**
 * The index of `GET /transactions`: payments and card transactions in one creation order (the
 * merged order of `card-transactions/list.ts`: a card transaction follows the payments that
 * existed when it was created), with the positions of each customer, card and account, and a
 * code per position for type, direction and (payments only) status. Appended as records are
 * created and updated as statuses move (`listing/evolve.ts`), rebuilt the same way from a
 * snapshot's stores. Holds positions only, never copies of records nor their ids: a position's
 * record is read from its store by position (`listedRecordAt`), never through its id.
 *
 * A position is payment i of `transactions.order` or card transaction j of `cardTransactions.order`
 * by the merged order's rule alone: card j sits at position `transactionsBefore[j] + j` (the
 * payments before it, then the cards), so a position's record is found by a binary search of the
 * card store's counts (`listedPlaceAt`), and no place is kept per position (4 B a position and
 * its spare room, until stop 32).
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { TRANSACTION_DIRECTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../transactions/types.js';
import type { Transaction } from '../transactions/types.js';
import { accountSidesOf, paymentReceiverOf, paymentSenderOf } from '../transactions/list.js';
import type { CardTransaction } from '../card-transactions/types.js';
import type { CardTransactionStore } from '../card-transactions/store.js';
import type { TransactionStore } from '../transactions/store.js';
import { bareUuid } from '../../core/ids.js';
import { instantToMs } from '../../core/time.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { appendCode, CODE_BLOCK_SIZE, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { moveRowStatus, ownRowCode, ownStatusCode, ownTypeCode, type RowCounts, withRowsCounted } from './row-counts.js';
import { NO_LIST } from '../../core/position-arena.js';
import { type ListArena, listCodeAt, listLength, listLowerBound, setListCode } from './list-arena.js';
import { emptyOffsetArena, type OffsetArena } from './offset-arena.js';
import { customerList, type CustomerRows, pushCustomerPosition } from './customer-rows.js';
import { lowerBound, pushArenaPosition } from './sources.js';
import { columnLowerBound, float64WithRoom } from '../../core/typed-growth.js';

/** The merged list's index. */
export type TransactionListIndex = {
  /**
   * `createdAt` in epoch ms of every `CREATED_SAMPLE`th position (slot k: position k x 64), the
   * others read from their records (`listedCreatedMs`): times never decrease along the list, so a
   * date bound is a search of these samples, then of one chunk's records (`firstListedAtLeast`).
   * 0.125 B a position where an Int32 offset per position cost 4 (until stop 33:
   * `createdMsOffsets`, `createdMsBases`, `createdMsEscaped`). Slots [0, ceil(`listedLength` / 64))
   * are used, the others spare (core/typed-growth.ts).
   */
  createdMsSamples: Float64Array;
  /** How many payments and card transactions of the stores are listed (their sum: the positions). */
  paymentsListed: number;
  cardsListed: number;
  /**
   * The customers' position lists (`byCustomerRow`, by the customer's row: `customer-rows.ts`;
   * a `PackedKeyMap` of their ids, `byCustomer`, until stop 33), blocks grown by half. A member's code is its row's type and status
   * (`ownRowCode`), so that a customer's rows of one type or status are read from its own list
   * (`ownedListCodeSource`), not by walking every row the customer has and reading the stores.
   */
  readonly positionLists: OffsetArena;
  byCustomerRow: Int32Array;
  /**
   * For each customer with more than `CODE_BLOCK_SIZE` rows, the counts of its rows' type and
   * status codes by block (`listing/row-counts.ts`), whose trees keep a page O(log n)
   * (`rowCountSource`); a shorter list is scanned. One Int32Array a customer, where two
   * `CodeIndex`es (objects, a Map and a typed array per code, a copy of the codes) cost ~2.5 KB
   * of heap until stop 32 (then `longCodesByCustomer`).
   */
  readonly longCountsByCustomer: Map<string, RowCounts>;
  /**
   * The cards' and accounts' position lists (`byCard`, `byAccount`), blocks grown by half: no
   * code byte per member, as nothing reads one (a customer's list has codes, `positionLists`).
   */
  readonly sideLists: OffsetArena;
  /** A card's bare uuid, lower case (its handle in `sideLists`). */
  readonly byCard: Map<string, number>;
  /** Account identifiers on either side: an account id or an UMA address (`accountIdentifierOf`); handles in `sideLists`. */
  readonly byAccount: Map<string, number>;
  /** Codes: `TRANSACTION_TYPES` index + 1. */
  readonly type: CodeIndex;
  /** Codes: `TRANSACTION_DIRECTIONS` index + 1. */
  readonly direction: CodeIndex;
  /** Codes: `TRANSACTION_STATUSES` index + 1 for payments; 0 for card transactions (no TransactionStatus). */
  readonly status: CodeIndex;
};

export { ownRowCode, ownStatusCode, ownTypeCode } from './row-counts.js';

/** An empty index. */
export function emptyTransactionListIndex(): TransactionListIndex {
  return {
    createdMsSamples: new Float64Array(0),
    paymentsListed: 0,
    cardsListed: 0,
    positionLists: emptyOffsetArena(true),
    sideLists: emptyOffsetArena(),
    byCustomerRow: new Int32Array(0),
    longCountsByCustomer: new PackedKeyMap(),
    byCard: new Map(),
    byAccount: new PackedKeyMap(),
    type: emptyCodeIndex(),
    direction: emptyCodeIndex(),
    status: emptyCodeIndex(),
  };
}

/** How many positions the merged order holds. */
export function listedLength(index: TransactionListIndex): number {
  return index.paymentsListed + index.cardsListed;
}

/** log2 of the positions per time sample (`createdMsSamples`): a date bound reads at most 6 records past its sample search. */
const CREATED_SAMPLE_BITS = 6;
/** The positions per time sample. */
export const CREATED_SAMPLE = 1 << CREATED_SAMPLE_BITS;

/** The `createdAt` in epoch ms of `position` (below `listedLength`): its sample, else its record's. */
export function listedCreatedMs(state: ListedStores, index: TransactionListIndex, position: number): number {
  if ((position & (CREATED_SAMPLE - 1)) === 0) return index.createdMsSamples[position >>> CREATED_SAMPLE_BITS]!;
  return instantToMs(listedRecordAt(state, index, position).tx.createdAt);
}

/**
 * The first position of the merged list whose `createdAt` is at least `timeMs` (`listedLength`
 * when none): a binary search of the samples finds the chunk (every position up to the last
 * sample below `timeMs` is below it too), then one of the chunk's records, at most
 * `CREATED_SAMPLE_BITS` record reads. O(log n).
 */
export function firstListedAtLeast(state: ListedStores, index: TransactionListIndex, timeMs: number): number {
  const length = listedLength(index);
  const chunks = (length + CREATED_SAMPLE - 1) >>> CREATED_SAMPLE_BITS;
  const chunk = columnLowerBound(index.createdMsSamples, chunks, timeMs);
  if (chunk === 0) return 0;
  // Positions up to the sample at chunk - 1 are below timeMs; the sample at chunk (or the end) is not.
  let lo = ((chunk - 1) << CREATED_SAMPLE_BITS) + 1;
  let hi = Math.min(chunk << CREATED_SAMPLE_BITS, length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (listedCreatedMs(state, index, mid) < timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps the `createdAt` of `position` (the next one) when it is a sampled one. */
function sampleListedCreatedMs(index: TransactionListIndex, position: number, createdMs: number): void {
  if ((position & (CREATED_SAMPLE - 1)) !== 0) return;
  const slot = position >>> CREATED_SAMPLE_BITS;
  index.createdMsSamples = float64WithRoom(index.createdMsSamples, slot);
  index.createdMsSamples[slot] = createdMs;
}

/** Each value's 1-based index in `values`: one hash lookup per listed record, where `indexOf` compared strings one by one. */
function codesOf(values: readonly string[]): ReadonlyMap<string, number> {
  return new Map(values.map((value, index) => [value, index + 1]));
}

const TYPE_CODES = codesOf(TRANSACTION_TYPES);
const DIRECTION_CODES = codesOf(TRANSACTION_DIRECTIONS);
const STATUS_CODES = codesOf(TRANSACTION_STATUSES);

/** The type code of a filter value (1-based; 0 for an unknown value). */
export const typeCode = (type: string): number => TYPE_CODES.get(type) ?? 0;
/** The type code of a card transaction: a customer's payments are its rows of any other type code (`GET /agents/me/transactions`). */
export const CARD_TYPE_CODE = typeCode('CARD');
/** The direction code of a filter value (1-based; 0 for an unknown value). */
export const directionCode = (direction: string): number => DIRECTION_CODES.get(direction) ?? 0;
/** The status code of a filter value (1-based; 0 for an unknown value). */
export const statusCode = (status: string): number => STATUS_CODES.get(status) ?? 0;

/** The sender's and the receiver's account identifiers of a payment or card transaction (a card's funding account is its side). Pure. */
export function accountIdentifiersOf(record: Transaction | CardTransaction): { readonly sender?: string | undefined; readonly receiver?: string | undefined } {
  if ('cardId' in record) return record.direction === 'DEBIT' ? { sender: record.accountId } : { receiver: record.accountId };
  return accountSidesOf(record);
}

/**
 * Lists every record the stores hold that the index lacks, in the merged order. `created`, when
 * given, is the payment its event just stored: taken as is rather than looked up again.
 */
export function catchUpTransactionList(
  state: ListedStores & CustomerRows,
  index: TransactionListIndex,
  created?: Transaction,
): void {
  const payments = state.transactions;
  const cards = state.cardTransactions;
  // Records are read by position, not through their ids (rebuilt as text, then looked up).
  const createdAt = created === undefined ? -1 : payments.byId.positionOf(created.id);
  for (;;) {
    const j = index.cardsListed;
    const i = index.paymentsListed;
    // Card j precedes payment i exactly when no more than i payments existed at its creation.
    if (j < cards.order.length && (i >= payments.order.length || (cards.transactionsBefore[j] ?? 0) <= i)) {
      appendRecord(state, index, cards.byId.valueAt(j));
      index.cardsListed = j + 1;
    } else if (i < payments.order.length) {
      appendRecord(state, index, i === createdAt ? created! : payments.byId.valueAt(i));
      index.paymentsListed = i + 1;
    } else return;
  }
}

function appendRecord(state: CustomerRows, index: TransactionListIndex, record: Transaction | CardTransaction): void {
  const position = listedLength(index);
  sampleListedCreatedMs(index, position, instantToMs(record.createdAt));
  const lists = index.positionLists;
  const own = pushCustomerPosition(state, lists, index, record.customerId, position);
  const isCard = 'cardId' in record;
  const sides = index.sideLists;
  if (isCard) pushArenaPosition(sides, index.byCard, bareUuid(record.cardId).toLowerCase(), position);
  // Read apart rather than through accountIdentifiersOf: no object per listed record.
  const sender = isCard ? (record.direction === 'DEBIT' ? record.accountId : undefined) : paymentSenderOf(record);
  const receiver = isCard ? (record.direction === 'DEBIT' ? undefined : record.accountId) : paymentReceiverOf(record);
  if (sender !== undefined) pushArenaPosition(sides, index.byAccount, sender, position);
  if (receiver !== undefined && receiver !== sender) pushArenaPosition(sides, index.byAccount, receiver, position);
  const type = typeCode(isCard ? 'CARD' : record.type);
  const status = isCard ? 0 : statusCode(record.status);
  appendCode(index.type, type);
  appendCode(index.direction, directionCode(record.direction));
  appendCode(index.status, status);
  setLastOwnRowCode(lists, index.longCountsByCustomer, record.customerId, own, ownRowCode(type, status));
}

/**
 * Sets the code of the last member of a customer's `list` (an arena with codes) and, once the
 * list is past one `CODE_BLOCK_SIZE` block, counts the rows the customer's counts in `long` lack
 * (made from the list's codes when it passes the block).
 */
export function setLastOwnRowCode(lists: ListArena, long: Map<string, RowCounts>, customerId: string, list: number, byte: number): void {
  const length = listLength(lists, list);
  setListCode(lists, list, length - 1, byte);
  if (length <= CODE_BLOCK_SIZE) return;
  const counts = long.get(customerId);
  const counted = withRowsCounted(counts, lists, list);
  if (counted !== counts) long.set(customerId, counted);
}

/** Sets the status of member `local` of a customer's `list` to `status`, in its code byte and its counts when it has them. */
export function setOwnRowStatus(lists: ListArena, long: Map<string, RowCounts>, customerId: string, list: number, local: number, status: number): void {
  const byte = listCodeAt(lists, list, local);
  setListCode(lists, list, local, ownRowCode(ownTypeCode(byte), status));
  // Only a list past one block has counts (`setLastOwnRowCode`), and lists never shrink:
  // most status moves look no id up here.
  if (listLength(lists, list) <= CODE_BLOCK_SIZE) return;
  const counts = long.get(customerId);
  if (counts !== undefined) moveRowStatus(counts, local, ownStatusCode(byte), status);
}

/** The stores the merged list reads its ids from. */
export type ListedStores = { readonly transactions: TransactionStore; readonly cardTransactions: CardTransactionStore };

/** The record at `position` of the merged list (below its length), read from its store by position. */
export function listedRecordAt(state: ListedStores, index: TransactionListIndex, position: number): { readonly kind: 'payment'; readonly tx: Transaction } | { readonly kind: 'card'; readonly tx: CardTransaction } {
  const place = listedPlaceAt(state.cardTransactions, index, position);
  return place >= 0 ? { kind: 'payment', tx: state.transactions.byId.valueAt(place) } : { kind: 'card', tx: state.cardTransactions.byId.valueAt(-place - 1) };
}

/**
 * What `position` of the merged list (below its length) holds: payment i of `transactions.order`
 * as i, card transaction j of `cardTransactions.order` as -(j + 1). Card j sits at position
 * `transactionsBefore[j] + j`, which rises with j (the counts never decrease), so the cards below
 * `position` are a binary search away; the position is card j's when it is that card's, else the
 * payment's whose place is the position less the cards before it. O(log cards).
 */
export function listedPlaceAt(cards: CardTransactionStore, index: TransactionListIndex, position: number): number {
  const counts = cards.transactionsBefore;
  let lo = 0;
  let hi = index.cardsListed;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (counts[mid]! + mid < position) lo = mid + 1;
    else hi = mid;
  }
  return lo < index.cardsListed && counts[lo]! + lo === position ? -(lo + 1) : position - lo;
}

/**
 * The merged list's position of payment `place` (an index of `transactions.order`, listed): the
 * place plus the card transactions before it. Card j precedes payment i exactly when no more
 * than i payments existed at its creation, and those counts never decrease: a binary search.
 */
export function listedPositionOfPlace(cards: CardTransactionStore, index: TransactionListIndex, place: number): number {
  return place + Math.min(lowerBound(cards.transactionsBefore, place + 1), index.cardsListed);
}

/**
 * The merged list's position of payment `id`, or -1 when it is not listed. Payments are listed in
 * their store's order, so a listed one is a place below `paymentsListed`, found where the
 * `listedPositionOfPlace` search puts it: over the card transactions' counts, not the positions' times.
 */
export function listedPositionOfPayment(state: ListedStores, index: TransactionListIndex, id: string): number {
  const place = state.transactions.byId.positionOf(id);
  return place === -1 || place >= index.paymentsListed ? -1 : listedPositionOfPlace(state.cardTransactions, index, place);
}

/** Re-reads a listed payment's status (after it moved). */
export function syncTransactionStatus(state: ListedStores & CustomerRows, index: TransactionListIndex, transaction: Transaction): void {
  const position = listedPositionOfPayment(state, index, transaction.id);
  if (position === -1) return;
  const code = statusCode(transaction.status);
  setCode(index.status, position, code);
  const lists = index.positionLists;
  const positions = customerList(state, index, transaction.customerId);
  if (positions === NO_LIST) return;
  setOwnRowStatus(lists, index.longCountsByCustomer, transaction.customerId, positions, listLowerBound(lists, positions, position), code);
}

/** The position of a listed id created at `createdMs`, or -1: a binary search on the creation times. */
export function positionOfListed(index: { readonly ids: KeyOrder; readonly createdMs: readonly number[] }, id: string, createdMs: number): number {
  const times = index.createdMs;
  return positionInTimeRun(index.ids, lowerBound(times, createdMs), times.length, (position) => times[position]!, id, createdMs);
}

/**
 * The position of `id` among `ids` in the run of positions created at `createdMs` that starts at
 * `first` (the first of `length` positions whose time, `timeAt`, is at least `createdMs`; times
 * never decrease), or -1.
 */
export function positionInTimeRun(ids: KeyOrder, first: number, length: number, timeAt: (position: number) => number, id: string, createdMs: number): number {
  const end = Math.min(length, ids.length);
  for (let position = first; position < end && timeAt(position) === createdMs; position += 1) {
    if (ids.at(position) === id) return position;
  }
  return -1;
}

