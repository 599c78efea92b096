/**
 * Customers: frozen records and the indexes the rules need (platformCustomerId uniqueness,
 * creation order for listing). Records are never removed (`DELETE /customers/{id}` marks
 * `isDeleted`), so the creation order is the record map's own insertion order and a customer is
 * named by its row there.
 */
import { InvariantError } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { IdTable } from '../../core/id-table.js';
import { type PackedBytes, packBytes } from '../../core/packed-bytes.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { hashString } from '../../core/id-hash.js';
import { PositionValuedMap } from '../../core/position-maps.js';
import { int32WithRoom } from '../../core/typed-growth.js';
import type { Customer } from './types.js';
import { shownUmaAddress } from './view.js';

/**
 * A hash of the UMA address each customer's view shows, lower-cased, by row (4 B a customer): the
 * rules that look a customer up by address (`umaAddressConflict` at every create, a UMA receiver)
 * walk these integers and read only the customers whose hash matches, where they read and shaped
 * every record, packed ones decoded. Derived, never saved: rows are hashed as they are set, and
 * after a load at the first lookup (`#catchUp`), so a load decodes nothing for it.
 */
export class UmaAddressHashes {
  #hashes: Int32Array = new Int32Array(0);
  // Rows [0, #hashed) have their hash; the others are hashed at the next lookup.
  #hashed = 0;
  readonly #customers: PackedRecordMap<Customer>;

  constructor(customers: PackedRecordMap<Customer>) {
    this.#customers = customers;
  }

  /** The customer at `row` was created or changed (its address may have changed). */
  noteSet(row: number, customer: Customer): void {
    if (row > this.#hashed) return;
    if (row === this.#hashed) {
      this.#hashes = int32WithRoom(this.#hashes, row);
      this.#hashed += 1;
    }
    this.#hashes[row] = addressHash(shownUmaAddress(customer));
  }

  /**
   * The rows, in creation order, of the customers whose shown address may equal `address`
   * ignoring case (the caller compares each: hashes collide), deleted ones included.
   */
  *candidates(address: string): Generator<number, undefined, undefined> {
    this.#catchUp();
    const hash = addressHash(address);
    const hashes = this.#hashes;
    for (let row = 0; row < this.#hashed; row += 1) if (hashes[row] === hash) yield row;
  }

  #catchUp(): void {
    const size = this.#customers.size;
    for (let row = this.#hashed; row < size; row += 1) this.noteSet(row, this.#customers.valueAt(row));
  }
}

function addressHash(address: string): number {
  return hashString(address.toLowerCase());
}

/**
 * Customers by id (the `hot` changed last as objects, the rest packed: `PackedRecordMap`), the
 * active customer id for each platformCustomerId, and creation order (the map's insertion order,
 * `PackedKeyMap.order`, not a second list of the id strings).
 */
export type CustomerStore = {
  readonly byId: PackedRecordMap<Customer>;
  /** The active customer id for each platformCustomerId, held as the customer's row of `byId`. */
  readonly byPlatformCustomerId: PositionValuedMap;
  readonly order: KeyOrder;
  readonly umaAddresses: UmaAddressHashes;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyCustomerStore(hot = HOT_RECORDS): CustomerStore {
  return storeOf(new PackedRecordMap<Customer>({ hot, hashedCandidates: true }));
}

function storeOf(byId: PackedRecordMap<Customer>): CustomerStore {
  return { byId, byPlatformCustomerId: new PositionValuedMap(byId), order: byId.order, umaAddresses: new UmaAddressHashes(byId) };
}

/**
 * The store's part of an engine snapshot: the records in creation order, packed (`PackedBytes`)
 * or, in snapshots written before customers were packed, as [id, record] pairs beside their
 * creation order; and the platformCustomerId pairs. JSON-safe.
 */
export type CustomerStoreSnapshot = {
  readonly customers: readonly (readonly [string, Customer])[] | PackedBytes;
  readonly customerIdByPlatformCustomerId: readonly (readonly [string, string])[];
  /** Creation order, with the pairs' form only. */
  readonly customerOrder?: readonly string[];
};

/** Captures the store for a snapshot, its records packed (owners' ids against `ids`, the save's shared table, from `@7` on). Pure but for `ids`. */
export function customerStoreSnapshot(store: CustomerStore, ids?: IdTable): CustomerStoreSnapshot {
  return { customers: packBytes(store.order, store.byId, { ids }), customerIdByPlatformCustomerId: [...store.byPlatformCustomerId] };
}

/**
 * Rebuilds a store from its snapshot, in either form; its `hot` records read or changed last stay
 * objects, as in `emptyCustomerStore`. Throws `InvariantError` when the pairs and their order do
 * not name the same customers, or a platformCustomerId names an unknown one.
 */
export function customerStoreFromSnapshot(snapshot: CustomerStoreSnapshot, hot = HOT_RECORDS): CustomerStore {
  const store = Array.isArray(snapshot.customers)
    ? storeFromPairs(snapshot.customers as readonly (readonly [string, Customer])[], snapshot.customerOrder, hot)
    : storeOf(PackedRecordMap.fromPacked<Customer>(snapshot.customers as PackedBytes, { hot, hashedCandidates: true }));
  for (const [platformCustomerId, customerId] of snapshot.customerIdByPlatformCustomerId) store.byPlatformCustomerId.set(platformCustomerId, customerId);
  return store;
}

// The pairs' form: the records set in creation order (the saved order, as the store's lists read it).
function storeFromPairs(pairs: readonly (readonly [string, Customer])[], order: readonly string[] | undefined, hot: number): CustomerStore {
  const store = emptyCustomerStore(hot);
  const records = new Map(pairs);
  for (const id of order ?? records.keys()) {
    const record = records.get(id);
    if (record === undefined) throw new InvariantError(`snapshot customers: ${id} has no record`);
    store.byId.set(id, deepFreeze(record));
  }
  if (store.byId.size !== records.size) throw new InvariantError('snapshot customers: the records and their order differ');
  return store;
}

/**
 * The first customer in creation order, deleted ones included, whose shown UMA address `matches`
 * (given it; called only on the customers whose address equals `address` ignoring case may).
 */
export function findByUmaAddress(store: CustomerStore, address: string, matches: (customer: Customer, shown: string) => boolean): Customer | undefined {
  for (const row of store.umaAddresses.candidates(address)) {
    const customer = store.byId.valueAt(row);
    if (matches(customer, shownUmaAddress(customer))) return customer;
  }
  return undefined;
}

/**
 * The customer `customerId` unless unknown or deleted (`DELETE /customers/{id}`): what every
 * operation that acts for a customer looks up, so that a deleted customer is 404 everywhere.
 */
export function liveCustomer(store: Pick<CustomerStore, 'byId'>, customerId: string): Customer | undefined {
  const customer = store.byId.get(customerId);
  return customer === undefined || customer.isDeleted === true ? undefined : customer;
}
