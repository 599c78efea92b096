/**
 * A `Map<string, V>` whose keys are not held as JS strings: the growing stores key their records
 * by `<Type>:<uuid>` ids, and as a Map key such an id costs ~64-150 B of string (a template
 * literal's cons string, flattened when hashed) plus ~37 B of Map entry, more than the packed
 * record it finds (docs/performance.md, "Packed keys (stop 23)"). Here an entry is a row, numbered
 * in insertion order: its key in an `IdColumn` (a UUID-shaped id in 10 bytes of typed arrays, 17 when not minted by the engine, any
 * other id a string, or codec bytes with `encodedTextKeys`: core/encoded-texts.ts), its value in a column by row. A key
 * the engine minted whose time is not before the last such key's (nearly every key of a store of
 * records by their own id, and most of the lists' keys) is found by its time (`IdColumn.findParsed`:
 * a binary search over the rows' times, as the ledger finds its transfer ids), without a slot
 * (stop 34); an open-addressing table of [row, hash] pairs finds the row of any other key. A packed
 * key is hashed and compared by its uuid's 4 words and prefix code (`IdColumn.parse`,
 * `wordsHash`), never as text; a fallback key by its text (`hashString`). A value that is an Int32
 * (an arena handle, a position) takes 4 B of an Int32 column (`Int32Values`) until other values
 * crowd it. A minted key in time order with an Int32 value costs ~14 B an entry (10 of key, 4 of
 * value), one with a slot ~14 B more (8 B a slot, at most three quarters full).
 *
 * Exactly a Map's semantics: insertion order, a key set again keeps its place, a key deleted and
 * set again goes last (a new row), iteration sees entries set during it and skips the ones
 * deleted. A deleted key's row stays as a hole (its value gone, a fallback key's string dropped)
 * until the holes outnumber the entries and no iteration is open, when the rows are renumbered:
 * the stores that use this map hardly ever delete. Values may not be `undefined` (it marks a
 * hole). Keys are rebuilt as text only when read (`keys`, `entries`, `keyAt`).
 */
import { assert } from './assert.js';
import { ChunkedList } from './chunked-list.js';
import { DigestTexts } from './digest-texts.js';
import { EncodedTexts } from './encoded-texts.js';
import { IdColumn, UNKNOWN_PREFIX } from './id-column.js';
import { Int32Values } from './int32-values.js';
import { hashString } from './id-hash.js';
import { deletePair, EMPTY_SLOT, emptyTable, rehashed } from './linear-probing.js';
import { EntriesMap } from './entries-map.js';

const EMPTY = EMPTY_SLOT;
const SLOTS_FIRST = 16;
// Rows of a key chunk: 256 rows (4.3 KB) keep a small map small; a chunk of a large one costs
// under a byte a row in chunk objects.
const KEY_CHUNK_BITS = 8;
// Holes are renumbered away only past this many (and more than the entries): a few deletions
// never pay a rebuild.
const HOLES_KEPT = 1_024;

/** Options of a `PackedKeyMap`; tests pass small sizes to force collisions and cross chunks. */
export type PackedKeyMapOptions = {
  /** log2 of the rows of a key chunk (default 8). */
  readonly keyChunkBits?: number;
  /** log2 of the items of a value chunk (default 10). */
  readonly valueChunkBits?: number;
  /** The table's first size, a power of two (default 16). */
  readonly slots?: number;
  /** Holes kept before the rows are renumbered (default 1,024). */
  readonly holesKept?: number;
  /**
   * Keys that are not ids are held as codec bytes (`EncodedTexts`), not strings (default false):
   * for keys of several parts, long and many, such as the idempotency store's.
   */
  readonly encodedTextKeys?: boolean;
  /**
   * Keys that are not ids are SHA-256 digests, held as their 32 bytes (`DigestTexts`), not strings
   * (default false; any other key is still taken, as its string): for maps keyed by token hashes.
   */
  readonly digestKeys?: boolean;
  /**
   * Keys the engine minted, in time order, are found by their time, without a table slot (default
   * true; false: every key has a slot, for tests comparing the two).
   */
  readonly timeOrderedKeys?: boolean;
  /**
   * Values are held in an Int32 column (`Int32Values`: 4 B a row for an Int32, others beside it)
   * until other values crowd it, then in a `ChunkedList` (default true; false: a list from the
   * start, for tests comparing the two).
   */
  readonly int32Values?: boolean;
};

/**
 * Keys in insertion order, read by position from 0 (`at` gives undefined past the end): a
 * `PackedKeyMap`'s `order`, or an array of the same ids, which is one too.
 */
export type KeyOrder = Iterable<string> & { readonly length: number; at(position: number): string | undefined };

// A map's keys by position, rebuilt when read (`PackedKeyMap.order`).
class InsertionOrder implements KeyOrder {
  readonly #map: PackedKeyMap<NonNullable<unknown>>;

  constructor(map: PackedKeyMap<NonNullable<unknown>>) {
    this.#map = map;
  }

  get length(): number {
    return this.#map.size;
  }

  at(position: number): string | undefined {
    return Number.isInteger(position) && position >= 0 && position < this.#map.size ? this.#map.keyAt(position) : undefined;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let position = 0; position < this.#map.size; position += 1) yield this.#map.keyAt(position);
  }
}

/**
 * A Map of string keys to values that holds its keys packed (see the module's comment).
 *
 * @example
 * const byId = new PackedKeyMap<number>();
 * byId.set('Transaction:019b8ee3-12dd-77a1-8e94-6d70382e1d53', 1);
 * byId.keyAt(0); // 'Transaction:019b8ee3-12dd-77a1-8e94-6d70382e1d53'
 */
export class PackedKeyMap<V extends NonNullable<unknown>> extends EntriesMap<string, V> {
  readonly #keyChunkBits: number;
  readonly #valueChunkBits: number;
  readonly #holesKept: number;
  readonly #encodedTextKeys: boolean;
  readonly #digestKeys: boolean;
  readonly #timeOrderedKeys: boolean;
  readonly #int32Values: boolean;
  #keys: IdColumn;
  // By row: the value, or undefined for a hole (a deleted key's row); an Int32 column (#ints, the
  // same object) until other values crowd it.
  #values: ChunkedList<V | undefined> | Int32Values<V>;
  #ints: Int32Values<V> | undefined;
  // Slot s: [row or EMPTY, hash of that row's key] at words 2s and 2s+1; live rows only, and of
  // them only the ones not timed (`IdColumn.isTimed`), #filed of them.
  #table: Int32Array;
  #filed = 0;
  #size = 0;
  #holes = 0;
  // Iterations started and not finished: rows are not renumbered under them.
  #iterating = 0;
  // The last key looked up and its row (EMPTY: absent), while the table is as that lookup found
  // it: a store reads a record and sets its next version under the same id string, checks that a
  // new id is absent and then sets it, and V8 would not hash that string twice either. Every change
  // of the table (an insert, a delete, a reset) sets or drops it.
  #lastKey: string | undefined = undefined;
  #lastRow = EMPTY;
  // What the last failed lookup found: the empty slot, the key's hash and its prefix code
  // (`IdColumn.parse`), for the insert after it (kept with #lastKey while it is that key's).
  #missSlot = EMPTY;
  #missHash = 0;
  #missCode = 0;

  /**
   * The keys by position in insertion order (`keyAt`), for a store that kept them as a list of
   * the same strings beside the map: only for a map no key is deleted from.
   */
  readonly order: KeyOrder = new InsertionOrder(this);

  constructor(options: PackedKeyMapOptions = {}) {
    super();
    const slots = options.slots ?? SLOTS_FIRST;
    assert(slots >= 2 && (slots & (slots - 1)) === 0, 'slots must be a power of two >= 2');
    this.#keyChunkBits = options.keyChunkBits ?? KEY_CHUNK_BITS;
    this.#valueChunkBits = options.valueChunkBits ?? 10;
    this.#holesKept = options.holesKept ?? HOLES_KEPT;
    this.#encodedTextKeys = options.encodedTextKeys ?? false;
    this.#digestKeys = options.digestKeys ?? false;
    this.#timeOrderedKeys = options.timeOrderedKeys ?? true;
    this.#int32Values = options.int32Values ?? true;
    assert(!(this.#encodedTextKeys && this.#digestKeys), 'keys are encoded texts or digests, not both');
    this.#keys = this.#newKeys();
    this.#ints = this.#int32Values ? new Int32Values<V>(this.#valueChunkBits) : undefined;
    this.#values = this.#ints ?? new ChunkedList<V | undefined>(this.#valueChunkBits);
    this.#table = emptyTable(slots);
  }

  override get size(): number {
    return this.#size;
  }

  override get(key: string): V | undefined {
    const row = this.rowOfKey(key);
    return row === EMPTY ? undefined : this.#values.at(row);
  }

  override has(key: string): boolean {
    return this.rowOfKey(key) !== EMPTY;
  }

  override set(key: string, value: V): this {
    assert(typeof key === 'string' && value !== undefined, 'a PackedKeyMap takes string keys and defined values');
    const row = this.rowOfKey(key);
    if (row !== EMPTY) {
      this.#values.set(row, value);
      if (this.#ints?.crowded) this.#toList();
      return this;
    }
    this.appendKey(key, value);
    return this;
  }

  override delete(key: string): boolean {
    const row = this.rowOfKey(key);
    if (row === EMPTY) return false;
    if (!this.#keys.isTimed(row)) this.#unfile(row);
    this.#values.set(row, undefined);
    this.#keys.forget(row);
    this.#size -= 1;
    this.#holes += 1;
    this.#lastKey = undefined;
    this.#lastRow = EMPTY;
    if (this.#holes > this.#size && this.#holes > this.#holesKept && this.#iterating === 0) this.#renumber();
    return true;
  }

  override clear(): void {
    this.#reset();
  }

  // Empties the slot of `row`, a live row not timed.
  #unfile(row: number): void {
    deletePair(this.#table, this.#keys.keyHash(row), row);
    this.#filed -= 1;
  }

  // Empties the map (not through `clear`, which a subclass may extend).
  #reset(): void {
    this.#keys = this.#newKeys();
    this.#ints = this.#int32Values ? new Int32Values<V>(this.#valueChunkBits) : undefined;
    this.#values = this.#ints ?? new ChunkedList<V | undefined>(this.#valueChunkBits);
    this.#table = emptyTable(SLOTS_FIRST);
    this.#filed = 0;
    this.#size = 0;
    this.#holes = 0;
    this.#lastKey = undefined;
    this.#lastRow = EMPTY;
  }

  // Moves the values of a crowded Int32 column to a list, for good.
  #toList(): void {
    this.#values = this.#ints!.toList(this.#valueChunkBits);
    this.#ints = undefined;
  }

  /** True while the values are held in an Int32 column (`PackedKeyMapOptions.int32Values`): for tests. */
  get holdsInt32Values(): boolean {
    return this.#ints !== undefined;
  }

  #newKeys(): IdColumn {
    const bits = this.#keyChunkBits;
    const timed = this.#timeOrderedKeys;
    if (this.#encodedTextKeys) return new IdColumn(bits, new EncodedTexts(), timed);
    return this.#digestKeys ? new IdColumn(bits, new DigestTexts(), timed) : new IdColumn(bits, undefined, timed);
  }

  /**
   * The key at `position` in insertion order (below `size`), rebuilt as text: with no key ever
   * deleted (or holes renumbered away), positions are rows, and a store's creation order is read
   * here instead of being kept as a second list of the same strings.
   */
  keyAt(position: number): string {
    assert(this.#holes === 0, 'keyAt needs a map without holes');
    assert(position >= 0 && position < this.#size, 'keyAt out of range');
    return this.#keys.at(position);
  }

  /** The position of `key` in insertion order (as `keyAt`), or -1 when absent. */
  positionOf(key: string): number {
    assert(this.#holes === 0, 'positionOf needs a map without holes');
    return this.rowOfKey(key);
  }

  /** The value at `position` in insertion order (as `keyAt`), without rebuilding its key. */
  valueAt(position: number): V {
    assert(this.#holes === 0, 'valueAt needs a map without holes');
    assert(position >= 0 && position < this.#size, 'valueAt out of range');
    return this.#values.at(position) as V;
  }

  override *keys(): MapIterator<string> {
    this.#iterating += 1;
    try {
      for (let row = 0; row < this.#keys.length; row += 1) if (this.#values.at(row) !== undefined) yield this.#keys.at(row);
    } finally {
      this.#iterating -= 1;
    }
  }

  override *values(): MapIterator<V> {
    this.#iterating += 1;
    try {
      for (let row = 0; row < this.#keys.length; row += 1) {
        const value = this.#values.at(row);
        if (value !== undefined) yield value;
      }
    } finally {
      this.#iterating -= 1;
    }
  }

  override *entries(): MapIterator<[string, V]> {
    this.#iterating += 1;
    try {
      for (let row = 0; row < this.#keys.length; row += 1) {
        const value = this.#values.at(row);
        if (value !== undefined) yield [this.#keys.at(row), value];
      }
    } finally {
      this.#iterating -= 1;
    }
  }

  /**
   * The live rows, in order, while they are walked (no renumbering under it): for a subclass
   * reading keys and values by row (`keyOfRow`, `valueOfRow`).
   */
  protected *liveRows(): Generator<number, void, undefined> {
    this.#iterating += 1;
    try {
      for (let row = 0; row < this.#keys.length; row += 1) if (this.#values.at(row) !== undefined) yield row;
    } finally {
      this.#iterating -= 1;
    }
  }

  /** The value at `row` (undefined for a hole). */
  protected valueOfRow(row: number): V | undefined {
    return this.#values.at(row);
  }

  /** Replaces the value of live `row`, which keeps its key and place. */
  protected setValueOfRow(row: number, value: V): void {
    assert(value !== undefined && this.#values.at(row) !== undefined, 'setValueOfRow takes a live row and a defined value');
    this.#values.set(row, value);
    if (this.#ints?.crowded) this.#toList();
  }

  /** The key of `row`, rebuilt as text. */
  protected keyOfRow(row: number): string {
    return this.#keys.at(row);
  }

  /** The uuid words of `row`'s key into `out[0..3]` (`IdColumn.wordsAt`); false for a key held as text. */
  protected keyWordsOfRow(row: number, out: Int32Array): boolean {
    return this.#keys.wordsAt(row, out);
  }

  /**
   * Called after holes were dropped: `newRows[old]` is the row that was `old`, or -1 for a hole.
   * A subclass that keeps rows moves them here.
   */
  protected renumbered(newRows: Int32Array): void {
    void newRows;
  }

  /** Replaces every value by `update(value)` in place, keys not rebuilt (a subclass moving its values). */
  protected updateValues(update: (value: V) => V): void {
    for (let row = 0; row < this.#keys.length; row += 1) {
      const value = this.#values.at(row);
      if (value !== undefined) this.#values.set(row, update(value));
    }
    if (this.#ints?.crowded) this.#toList();
  }

  /** True when keys that are not ids are held as digests' bytes (`digestKeys`): for tests. */
  get digestsKeys(): boolean {
    return this.#digestKeys;
  }

  /** True when keys that are not ids are held as codec bytes (`encodedTextKeys`): for tests. */
  get encodesTextKeys(): boolean {
    return this.#encodedTextKeys;
  }

  /** Number of live keys with a table slot (not found by their time): for tests and measurements. */
  get filedKeys(): number {
    return this.#filed;
  }

  /** Number of keys not packed as ids (strings, or codec bytes with `encodedTextKeys`), holes included: for tests and measurements. */
  get fallbackKeys(): number {
    return this.#keys.fallbackLength;
  }

  /**
   * The live row of `key`, or -1 when it is absent (then #missSlot, #missHash and #missCode are
   * where it would go); a subclass may keep the row until the key is deleted, or `renumbered`
   * says where it went. A UUID-shaped key of a known prefix is found by its words
   * (`IdColumn.parse`): parsed once, looked for among the timed rows by its time
   * (`IdColumn.findParsed`, past deleted rows), then hashed in 5 steps and compared as 4 integers,
   * where its text would be hashed and compared a code unit at a time. (The table's own method,
   * not a wrapper of one: each call is a call while the code is not yet optimized.)
   */
  protected rowOfKey(key: string): number {
    // A Map finds no entry for a key of another type; hashString would throw on it. (Checked
    // first: with no key found last, #lastKey is undefined.)
    if (typeof key !== 'string') return EMPTY;
    if (key === this.#lastKey) return this.#lastRow;
    const keys = this.#keys;
    const code = keys.parse(key);
    const packed = code > 0;
    if (packed) {
      let row = keys.findParsed(code, EMPTY);
      while (row !== EMPTY && this.#values.at(row) === undefined) row = keys.findParsed(code, row);
      if (row !== EMPTY) {
        this.#lastKey = key;
        this.#lastRow = row;
        return row;
      }
    }
    const hash = packed ? keys.hashParsed(code) : hashString(key);
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = table[2 * slot]!;
      if (row === EMPTY) {
        this.#missSlot = slot;
        this.#missHash = hash;
        this.#missCode = code;
        this.#lastKey = key;
        this.#lastRow = EMPTY;
        return EMPTY;
      }
      if (table[2 * slot + 1] === hash && (packed ? keys.equalsParsed(row, code) : keys.equals(row, key))) {
        this.#lastKey = key;
        this.#lastRow = row;
        return row;
      }
    }
  }

  /**
   * Adds `key` with `value` as the last row and gives that row: only right after `rowOfKey(key)`
   * found it absent, whose probe this insert reuses.
   */
  protected appendKey(key: string, value: V): number {
    assert(typeof key === 'string' && value !== undefined, 'a PackedKeyMap takes string keys and defined values');
    const keys = this.#keys;
    const row = keys.length;
    assert(row < 2 ** 31 - 1, 'PackedKeyMap is full');
    const timed = this.#missCode > 0 ? keys.pushParsed(this.#missCode) : keys.push(key);
    this.#values.push(value);
    if (this.#ints?.crowded) this.#toList();
    if (!timed) this.#file(row);
    this.#size += 1;
    this.#lastKey = key;
    this.#lastRow = row;
    return row;
  }

  // Gives new `row`, not timed, its slot: where the lookup that missed it ended.
  #file(row: number): void {
    const table = this.#table;
    // The first key of a new prefix was looked up by its text's hash, but packs: filed by its words.
    if (this.#missCode === UNKNOWN_PREFIX) this.#refile(this.#keys.keyHash(row));
    table[2 * this.#missSlot] = row;
    table[2 * this.#missSlot + 1] = this.#missHash;
    this.#filed += 1;
    if (4 * this.#filed > 3 * (table.length >> 1)) this.#rehash(table.length);
  }

  // Points #missSlot at the first empty slot of `hash`'s run.
  #refile(hash: number): void {
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    let slot = hash & mask;
    while (table[2 * slot] !== EMPTY) slot = (slot + 1) & mask;
    this.#missSlot = slot;
    this.#missHash = hash;
  }

  // Moves the table's pairs to a table of `slots` slots (hashes kept: no key is hashed again).
  #rehash(slots: number): void {
    this.#table = rehashed(this.#table, slots);
  }

  // Numbers the live rows 0..size-1 again, in order, dropping the holes.
  #renumber(): void {
    const keys = this.#keys;
    const values = this.#values;
    const rows = keys.length;
    const newRows = new Int32Array(rows).fill(EMPTY);
    this.#reset();
    for (let row = 0; row < rows; row += 1) {
      const value = values.at(row);
      if (value === undefined) continue;
      const key = keys.at(row);
      this.rowOfKey(key);
      this.appendKey(key, value);
      newRows[row] = this.#lastRow;
    }
    this.renumbered(newRows);
  }
}
