/**
 * Transfer ids to dense indexes 0..n-1 in insertion order: an open-addressing hash table
 * (linear probing) over one Int32Array of a word a slot, the key's index with the top bits of
 * its hash (a tag) above it, so a probe reads one cache line and compares a key only when its
 * tag matches (one slot in 16 of another key). Pairs of [index, hash] (before stop 24) took
 * twice the bytes, ~50 B per transaction of the API-driven log at 100,000 events; the full hash
 * a rehash or a deletion needs is now computed again from the packed key.
 * A `Map<string, number>` of a million fresh string keys costs about twice as much per insert
 * (its backing store is rehashed on the JS heap and traced by every major GC) and stops at 2^24
 * entries; here only the keys that are not `<Prefix>:<uuid>` live on the JS heap (id-column.ts
 * packs the others into typed arrays).
 *
 * A key column may find some of its keys by itself (`KeyColumn.find`: the ledger's transfer ids
 * the engine minted, by their time, transfer-id-column.ts); those keys take no slot, and the table
 * holds the others only. In the API-driven log nearly every transfer id is minted: the table of
 * one word a slot for every id (~25 B per transaction at 100,000 events, stop 30) stays at its
 * first 1,024 slots since stop 31. `stopFinding` puts every key in the table for good (the ledger
 * calls it when a transfer's time goes back, which the column's search by time cannot follow).
 *
 * Ids that only increase (ULIDs, UUIDv7s, sequence numbers: what TigerBeetle recommends) skip
 * the table. A key greater than every key so far, in shortlex order (shorter first, then by
 * code units), is certainly new, which one comparison with the greatest key proves. Such keys
 * are only appended, and the table takes them in when a lookup first needs it. A probe of a
 * table of a million ids is a cache miss (~0.4 µs, a third of replaying a transfer); the
 * comparison reads two strings already in cache.
 */
import { assert } from '../core/assert.js';
import { hashRange, hashString } from '../core/id-hash.js';
import { IdColumn } from '../core/id-column.js';
import { EMPTY_SLOT } from '../core/linear-probing.js';
import { PackedStrings } from './packed-strings.js';

export { hashRange, hashString } from '../core/id-hash.js';

const SLOTS_FIRST = 1_024;
const EMPTY = EMPTY_SLOT;
// A slot's word: the key's index in its low INDEX_BITS bits, its hash's top bits above them.
const INDEX_BITS = 28;
const INDEX_MASK = 2 ** INDEX_BITS - 1;
const TAG_MASK = ~INDEX_MASK;
// Indexes stay below INDEX_MASK, so that no word is EMPTY (all ones).
const SIZE_MAX = INDEX_MASK;
// log2 of the added keys in a block of the greatest keys' record (a multiple of 32, the bits of a word).
const GREATEST_BLOCK_BITS = 10;
const GREATEST_BLOCK = 1 << GREATEST_BLOCK_BITS;

/**
 * Where an `IdIndex` reads its restored keys: the snapshot's packed text at first, then, once its
 * owner moved them into a column of its own (`holdRestored`), that column. `hash` must give
 * `hashString` of the key.
 */
export type RestoredKeys = Pick<KeyColumn, 'at' | 'equals' | 'hash' | 'find' | 'finds'>;

// Restored keys as the snapshot holds them: cut out of its text only when read.
class TextKeys implements RestoredKeys {
  readonly #strings: PackedStrings;

  constructor(strings: PackedStrings) {
    this.#strings = strings;
  }

  at(index: number): string {
    return this.#strings.at(index);
  }

  equals(index: number, key: string): boolean {
    return this.#strings.equals(index, key);
  }

  hash(index: number): number {
    return this.#strings.hash(index, hashRange);
  }
}

const NO_KEYS = new TextKeys(new PackedStrings('', new Int32Array(0)));

/**
 * Where an `IdIndex` keeps the keys added since its restore, in order: an `IdColumn`, or the
 * ledger's transfer ids (transfer-id-column.ts). `hash` must give `hashString` of the key.
 * A column may find some keys by itself: `finds(index)` says whether key `index` is one of them,
 * and must not change while the key is held; `find(key)` gives such a key's index, and -1 for
 * any key that is not one (the index's table holds those).
 */
export type KeyColumn = {
  readonly length: number;
  push(key: string): void;
  at(index: number): string;
  equals(index: number, key: string): boolean;
  hash(index: number): number;
  truncate(length: number): void;
  find?(key: string): number;
  finds?(index: number): boolean;
};

/** A set of unique strings, each numbered by its insertion order; supports truncation. */
export class IdIndex {
  // Keys [0, #base) were restored from a snapshot and stay packed (packed-strings.ts, or the
  // column `holdRestored` gave); keys added since are in #keys, key i at #keys.at(i - #base),
  // UUID-shaped ones as 10-17 bytes (id-column.ts). Restored keys are never truncated.
  #restored: RestoredKeys = NO_KEYS;
  #base = 0;
  // The index of the greatest restored key (-1: none).
  #restoredGreatest = -1;
  readonly #keys: KeyColumn;
  // Slot s holds EMPTY or `entry(index, hash)` of a key.
  #table: Int32Array;
  // The empty slot found by the last failed lookup, reused by an `add` of the same key right
  // after it (the replay path looks a new id up, then adds it), and that key's hash.
  #probeKey: string | undefined = undefined;
  #probeHash = 0;
  #probeSlot = EMPTY;
  // Keys [0, #indexed) are in the table, but for those #keys finds by itself (while #finding);
  // later ones were certainly new when added.
  #indexed = 0;
  // Keys in the table.
  #tableKeys = 0;
  // True while the added keys #keys finds by itself take no slot (see the module comment).
  #finding: boolean;
  // True while the restored keys #restored finds by itself take no slot (`holdRestored`).
  #restoredFinding = false;
  // The added keys that were the greatest when added: bit k of #greatestBits for added key k
  // (index #base + k), and per block of GREATEST_BLOCK added keys the index of its last such key
  // (-1: none). After a truncation the greatest key is the last one left (or the greatest
  // restored key), found in the block the new end falls in, or through the blocks before it.
  // A bit a key: UUIDv7 ids, increasing by the millisecond but in no order within one, broke
  // into runs of a few keys, and a pair of Int32s a run (before stop 24) held ~6 B per
  // transaction of the API-driven log.
  #greatestBits: Int32Array = new Int32Array(GREATEST_BLOCK >>> 5);
  #greatestInBlock: Int32Array = new Int32Array(1).fill(-1);
  // The greatest key itself (undefined when empty): read once per add, so kept at hand.
  #greatest: string | undefined = undefined;

  /**
   * `slots` (a power of two) sizes the first table; tests pass a tiny one to force collisions.
   * `keys`: where added keys go, empty (default: an `IdColumn`).
   */
  constructor(slots: number = SLOTS_FIRST, keys: KeyColumn = new IdColumn()) {
    assert(slots >= 2 && (slots & (slots - 1)) === 0, 'slots must be a power of two >= 2');
    assert(keys.length === 0, 'an IdIndex starts with no keys');
    this.#keys = keys;
    this.#finding = keys.find !== undefined && keys.finds !== undefined;
    this.#table = new Int32Array(slots).fill(EMPTY);
  }

  /** Keys in the hash table (the others are found by their column): for tests and measurements. */
  get tableKeys(): number {
    return this.#tableKeys;
  }

  /**
   * Puts every key in the table from now on, those the key column finds by itself included (the
   * ledger calls it when a transfer's time goes back: its column's search by time needs them in
   * time order). For good: a truncation does not undo it.
   */
  stopFinding(): void {
    if (!this.#finding && !this.#restoredFinding) return;
    this.#finding = false;
    this.#restoredFinding = false;
    this.#rehash(this.#table.length);
    // A slot a lookup found before is not one of this table.
    this.#probeKey = undefined;
  }

  // Key `index` is one its column finds by itself, and takes no slot.
  #found(index: number): boolean {
    if (index < this.#base) return this.#restoredFinding && this.#restored.finds!(index);
    return this.#finding && this.#keys.finds!(index - this.#base);
  }

  /** Number of keys. */
  get size(): number {
    return this.#base + this.#keys.length;
  }

  /** The key numbered `index` (below `size`). */
  keyAt(index: number): string {
    return index < this.#base ? this.#restored.at(index) : this.#keys.at(index - this.#base);
  }

  /** The keys [from, to) in index order, as a new array. */
  slice(from = 0, to: number = this.size): string[] {
    assert(from >= 0 && from <= to && to <= this.size, 'slice out of range');
    const keys = new Array<string>(to - from);
    for (let i = from; i < to; i += 1) keys[i - from] = this.keyAt(i);
    return keys;
  }

  /**
   * Takes `keys` into an empty index, as indexes 0..keys.count-1, without cutting them out of
   * their text. Keys that increase (in shortlex order) are new by order alone and the table is
   * built when a lookup first needs it; otherwise it is built now. Returns the index of the
   * first key that repeats an earlier one, or -1.
   */
  restore(keys: PackedStrings): number {
    assert(this.size === 0, 'restore needs an empty index');
    let greatest = -1;
    let increasing = true;
    for (let i = 0; i < keys.count; i += 1) {
      if (greatest === -1 || keys.after(i, greatest)) greatest = i;
      else increasing = false;
    }
    this.#restored = new TextKeys(keys);
    this.#base = keys.count;
    this.#restoredGreatest = greatest;
    this.#greatest = greatest === -1 ? undefined : keys.at(greatest);
    return increasing ? -1 : this.#catchUp(true);
  }

  /**
   * Reads the restored keys from `keys` from now on, where key i must be `keyAt(i)` for each
   * restored i: the text they were restored from is then no longer held (the greatest key, cut
   * out of it, is cut again out of `keys`). Before any key is added. With `finding`, the keys
   * `keys` finds by itself (`find`, `finds`: the owner vouches that it can) leave the table,
   * which shrinks to the others.
   */
  holdRestored(keys: RestoredKeys, finding = false): void {
    assert(this.#keys.length === 0, 'holdRestored before any key is added');
    assert(!finding || (keys.find !== undefined && keys.finds !== undefined), 'finding restored keys needs find and finds');
    this.#restored = keys;
    this.#greatest = this.#restoredGreatest === -1 ? undefined : keys.at(this.#restoredGreatest);
    if (!finding) return;
    this.#restoredFinding = true;
    if (this.#indexed > 0) this.#rehash(SLOTS_FIRST);
  }

  // Key `index` equals `key`.
  #keyIs(index: number, key: string): boolean {
    return index < this.#base ? this.#restored.equals(index, key) : this.#keys.equals(index - this.#base, key);
  }

  // hashString of key `index`.
  #hashAt(index: number): number {
    return index < this.#base ? this.#restored.hash(index) : this.#keys.hash(index - this.#base);
  }

  /** The index of `key`, or -1 when absent. */
  indexOf(key: string): number {
    if (this.#isGreatest(key)) {
      // New by order alone: an `add` of it right after appends it without touching the table.
      this.#probeKey = key;
      this.#probeSlot = EMPTY;
      return -1;
    }
    if (this.#restoredFinding) {
      const found = this.#restored.find!(key);
      if (found !== -1) return found;
    }
    if (this.#finding) {
      const found = this.#keys.find!(key);
      if (found !== -1) return this.#base + found;
    }
    this.#catchUp();
    const hash = hashString(key);
    const table = this.#table;
    const mask = table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = table[slot]!;
      if (word === EMPTY) {
        this.#probeKey = key;
        this.#probeHash = hash;
        this.#probeSlot = slot;
        return -1;
      }
      if (((word ^ hash) & TAG_MASK) === 0 && this.#keyIs(word & INDEX_MASK, key)) return word & INDEX_MASK;
    }
  }

  /** Adds `key` (which must be absent) as index `size` and returns that index. */
  add(key: string): number {
    const index = this.size;
    assert(index < SIZE_MAX, 'transfer id index is full');
    if (this.#probeKey !== key) assert(this.indexOf(key) === -1, 'id added twice');
    const slot = this.#probeSlot;
    this.#probeKey = undefined;
    if (slot === EMPTY) {
      this.#greatest = key;
      this.#noteGreatest(index);
    }
    this.#keys.push(key);
    // A key that was not the greatest was looked up in the table, which is then complete.
    if (slot !== EMPTY) {
      if (this.#found(index)) this.#indexed = index + 1;
      else this.#insertAt(slot, index, this.#probeHash);
    }
    return index;
  }

  // Key `index`, just added, is the greatest.
  #noteGreatest(index: number): void {
    const k = index - this.#base;
    if (k >>> 5 >= this.#greatestBits.length) this.#greatestBits = grown(this.#greatestBits, 0);
    if (k >>> GREATEST_BLOCK_BITS >= this.#greatestInBlock.length) this.#greatestInBlock = grown(this.#greatestInBlock, -1);
    this.#greatestBits[k >>> 5] = this.#greatestBits[k >>> 5]! | (1 << (k & 31));
    this.#greatestInBlock[k >>> GREATEST_BLOCK_BITS] = index;
  }

  // Forgets that added keys from `size` on were the greatest, and returns the index of the last
  // one before it that was (-1: none).
  #truncateGreatest(size: number): number {
    const bits = this.#greatestBits;
    const inBlock = this.#greatestInBlock;
    const k = size - this.#base;
    // Clears the bits from k on, up to the last word a key has used (the keys are not truncated yet).
    const lastWord = Math.min(bits.length, (this.#keys.length + 31) >>> 5);
    if (k >>> 5 < lastWord) bits[k >>> 5] = bits[k >>> 5]! & ((1 << (k & 31)) - 1);
    bits.fill(0, (k >>> 5) + 1, lastWord);
    const lastBlock = Math.min(inBlock.length, (this.#keys.length + GREATEST_BLOCK - 1) >>> GREATEST_BLOCK_BITS);
    inBlock.fill(-1, (k + GREATEST_BLOCK - 1) >>> GREATEST_BLOCK_BITS, lastBlock);
    if (k === 0) return -1;
    // The block of key k - 1: its last greatest key is in its words up to k - 1's.
    const block = (k - 1) >>> GREATEST_BLOCK_BITS;
    inBlock[block] = -1;
    for (let w = (k - 1) >>> 5; w >= block << (GREATEST_BLOCK_BITS - 5); w -= 1) {
      // Words past the array's end never had a bit set.
      const word = bits[w] ?? 0;
      if (word === 0) continue;
      inBlock[block] = this.#base + 32 * w + 31 - Math.clz32(word);
      break;
    }
    // Blocks past the array's end never had a greatest key.
    for (let b = Math.min(block, inBlock.length - 1); b >= 0; b -= 1) if (inBlock[b] !== -1) return inBlock[b]!;
    return -1;
  }

  // True when `key` is greater, in shortlex order, than every key held.
  #isGreatest(key: string): boolean {
    const greatest = this.#greatest;
    if (greatest === undefined) return true;
    return key.length > greatest.length || (key.length === greatest.length && key > greatest);
  }

  // Puts the keys added since the table was last complete into it: the table sized once for all
  // of them, their hashes computed first, then a tight loop of inserts, whose cache misses the
  // CPU overlaps (hashing each key between two inserts kept them apart: ~2x slower). With
  // `checkRepeats` (restored keys), returns the index of the first key equal to one already in
  // the table, else -1.
  #catchUp(checkRepeats = false): number {
    const size = this.size;
    const from = this.#indexed;
    if (from === size) return -1;
    let slots = this.#table.length;
    let adding = 0;
    for (let i = from; i < size; i += 1) if (!this.#found(i)) adding += 1;
    while (!withinLoad(this.#tableKeys + adding, slots)) slots *= 2;
    if (slots !== this.#table.length) this.#rehash(slots);
    const repeated = this.#insertKeys(from, size, checkRepeats);
    if (repeated === -1) this.#indexed = size;
    return repeated;
  }

  // Inserts keys [from, to) into the table, but for those their column finds, and the table must
  // have room for them. With `checkRepeats`, stops at the first key equal to one already in the
  // table and returns its index, else -1.
  #insertKeys(from: number, to: number, checkRepeats: boolean): number {
    const hashes = new Int32Array(to - from);
    for (let i = 0; i < hashes.length; i += 1) if (!this.#found(from + i)) hashes[i] = this.#hashAt(from + i);
    const table = this.#table;
    const mask = table.length - 1;
    for (let i = 0; i < hashes.length; i += 1) {
      if (this.#found(from + i)) continue;
      const hash = hashes[i]!;
      let slot = hash & mask;
      while (table[slot] !== EMPTY) {
        const word = table[slot]!;
        if (checkRepeats && ((word ^ hash) & TAG_MASK) === 0 && this.#keyIs(word & INDEX_MASK, this.keyAt(from + i))) return from + i;
        slot = (slot + 1) & mask;
      }
      table[slot] = entry(from + i, hash);
      this.#tableKeys += 1;
    }
    return -1;
  }

  // Stores key `index` in the empty `slot` (keys [0, index) being in the table).
  #insertAt(slot: number, index: number, hash: number): void {
    this.#table[slot] = entry(index, hash);
    this.#indexed = index + 1;
    this.#tableKeys += 1;
    if (!withinLoad(this.#tableKeys, this.#table.length)) this.#rehash(2 * this.#table.length);
  }

  /**
   * Removes every key whose index is >= `size` (a linked batch rolling back). Each key leaves by
   * backward-shift deletion, which keeps every other key reachable from its home slot whatever
   * order keys were added or rehashed in.
   */
  truncate(size: number): void {
    assert(size >= this.#base && size <= this.size, 'truncate beyond the end or into restored keys');
    const table = this.#table;
    const mask = table.length - 1;
    for (let index = this.#indexed - 1; index >= size; index -= 1) {
      if (this.#found(index)) continue;
      let slot = this.#hashAt(index) & mask;
      // EMPTY's index bits are INDEX_MASK, which no key has.
      while ((table[slot]! & INDEX_MASK) !== index) {
        assert(table[slot] !== EMPTY, 'id index lost a key');
        slot = (slot + 1) & mask;
      }
      this.#deleteSlot(slot);
      this.#tableKeys -= 1;
    }
    this.#indexed = Math.min(this.#indexed, size);
    const lastAdded = this.#truncateGreatest(size);
    this.#keys.truncate(size - this.#base);
    const greatest = lastAdded === -1 ? this.#restoredGreatest : lastAdded;
    this.#greatest = greatest === -1 ? undefined : this.keyAt(greatest);
    this.#probeKey = undefined;
  }

  // Empties `slot` and pulls later keys of its probe run back over the gap, so that no lookup
  // stops early at it (Knuth's Algorithm R; core/linear-probing.ts `deleteSlot` for tables that
  // keep each key's hash).
  #deleteSlot(slot: number): void {
    const table = this.#table;
    const mask = table.length - 1;
    let gap = slot;
    table[gap] = EMPTY;
    for (let next = (gap + 1) & mask; table[next] !== EMPTY; next = (next + 1) & mask) {
      const home = this.#hashAt(table[next]! & INDEX_MASK) & mask;
      // The key at `next` may move into the gap only if its home is not cyclically in (gap, next].
      const staysPut = gap <= next ? gap < home && home <= next : gap < home || home <= next;
      if (staysPut) continue;
      table[gap] = table[next]!;
      table[next] = EMPTY;
      gap = next;
    }
  }

  // A table of `slots` slots, or more if its keys need them, holding keys [0, #indexed) but those
  // their column finds, each hashed again from its key (the table keeps only a tag of each hash).
  #rehash(slots: number): void {
    let keys = 0;
    for (let i = 0; i < this.#indexed; i += 1) if (!this.#found(i)) keys += 1;
    let size = slots;
    while (!withinLoad(keys, size)) size *= 2;
    this.#table = new Int32Array(size).fill(EMPTY);
    this.#tableKeys = 0;
    this.#insertKeys(0, this.#indexed, false);
  }
}

// The word of key `index`, whose hash is `hash`.
function entry(index: number, hash: number): number {
  return (hash & TAG_MASK) | index;
}

// At most 3/4 of the slots used. At 1/2 (before stop 19) the table took 16-32 bytes a key; at
// 3/4 it takes 5.3-10.7 (10.7-21.3 with two words a slot, before stop 24), and a probe that
// finds no key reads ~8.5 slots on average (2.5 at 1/2), 34 bytes, one cache line or two: the
// first miss is most of a lookup's cost either way. Replay of increasing ids never probes (see
// the module comment).
function withinLoad(keys: number, slots: number): boolean {
  return 4 * keys <= 3 * slots;
}

// `array` in twice the length, the new half filled with `fill`.
function grown(array: Int32Array, fill: number): Int32Array {
  const next = new Int32Array(array.length * 2).fill(fill);
  next.set(array);
  return next;
}
