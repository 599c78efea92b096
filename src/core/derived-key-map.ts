/**
 * A `Map<string, string>` that never holds its keys: each key can be derived again from its value
 * (`keyOf`), as an external account's identity key from the account its id names. A long key
 * (owner id, account type, currency, account number: ~80 characters) costs ~100 B as a JS string
 * and is read only to find a duplicate; here an entry is its value in 10-17 bytes (`IdColumn`) and a
 * [row, hash] pair in an open-addressing table, and a lookup compares the key with `keyOf` of the
 * values whose hash matches (one in practice), so a hash collision never gives a wrong answer.
 *
 * A Map's semantics, with one difference: a key set again to another value goes last in the
 * iteration order (a new row). `keyOf(value)` must give back the key for as long as the entry
 * lives (the caller deletes the entry before whatever `keyOf` reads goes away).
 */
import { assert } from './assert.js';
import { IdColumn } from './id-column.js';
import { hashString } from './id-hash.js';
import { deleteSlot, EMPTY_SLOT, emptyTable, insertPair } from './linear-probing.js';
import { EntriesMap } from './entries-map.js';

const SLOTS_FIRST = 16;

/** Keys derived from values (see the module's comment). */
export class DerivedKeyMap extends EntriesMap<string, string> {
  readonly #keyOf: (value: string) => string | undefined;
  // Every value set, by row; rows of deleted or replaced entries are in #dead.
  #values = new IdColumn();
  readonly #dead = new Set<number>();
  // Slot s: [row or EMPTY_SLOT, hash of the row's key] at words 2s and 2s+1; live rows only.
  #table = emptyTable(SLOTS_FIRST);
  #size = 0;
  // The hash of the key the last lookup did not find, for the insert after it.
  #missHash = 0;

  /** `keyOf(value)`: the key of the entry holding `value` (undefined: none can). */
  constructor(keyOf: (value: string) => string | undefined) {
    super();
    this.#keyOf = keyOf;
  }

  override get size(): number {
    return this.#size;
  }

  override get(key: string): string | undefined {
    const slot = this.#slotOf(key);
    return slot === EMPTY_SLOT ? undefined : this.#values.at(this.#table[2 * slot]!);
  }

  override has(key: string): boolean {
    return this.#slotOf(key) !== EMPTY_SLOT;
  }

  override set(key: string, value: string): this {
    assert(typeof key === 'string' && typeof value === 'string', 'a DerivedKeyMap takes string keys and values');
    const slot = this.#slotOf(key);
    if (slot !== EMPTY_SLOT) {
      const row = this.#table[2 * slot]!;
      if (this.#values.at(row) === value) return this;
      this.#dead.add(row);
      this.#table[2 * slot] = this.#push(value);
      return this;
    }
    this.#insert(this.#missHash, this.#push(value));
    return this;
  }

  override delete(key: string): boolean {
    const slot = this.#slotOf(key);
    if (slot === EMPTY_SLOT) return false;
    this.#dead.add(this.#table[2 * slot]!);
    deleteSlot(this.#table, (this.#table.length >> 1) - 1, slot);
    this.#size -= 1;
    return true;
  }

  override clear(): void {
    this.#values = new IdColumn();
    this.#dead.clear();
    this.#table = emptyTable(SLOTS_FIRST);
    this.#size = 0;
  }

  override *entries(): MapIterator<[string, string]> {
    for (let row = 0; row < this.#values.length; row += 1) {
      if (this.#dead.has(row)) continue;
      const value = this.#values.at(row);
      const key = this.#keyOf(value);
      assert(key !== undefined, `no key derives from ${value}, a value of the map`);
      yield [key, value];
    }
  }

  // The slot of `key`'s entry, or EMPTY_SLOT (then #missHash is its hash): the rows of its hash
  // are checked through `keyOf`.
  #slotOf(key: string): number {
    if (typeof key !== 'string') return EMPTY_SLOT;
    const hash = hashString(key);
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = table[2 * slot]!;
      if (row === EMPTY_SLOT) {
        this.#missHash = hash;
        return EMPTY_SLOT;
      }
      if (table[2 * slot + 1] === hash && this.#keyOf(this.#values.at(row)) === key) return slot;
    }
  }

  #push(value: string): number {
    const row = this.#values.length;
    assert(row < 2 ** 31 - 1, 'DerivedKeyMap is full');
    this.#values.push(value);
    return row;
  }

  #insert(hash: number, row: number): void {
    this.#table = insertPair(this.#table, this.#size, hash, row);
    this.#size += 1;
  }
}
