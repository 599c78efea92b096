/**
 * Transfer ids to dense indexes 0..n-1 in insertion order: an open-addressing hash table
 * (linear probing) over one Int32Array of [index, hash] pairs, so a probe reads one cache line.
 * A `Map<string, number>` of a million fresh string keys costs about twice as much per insert
 * (its backing store is rehashed on the JS heap and traced by every major GC) and stops at 2^24
 * entries; here only the keys list lives on the JS heap.
 *
 * Ids that only increase (ULIDs, UUIDv7s, sequence numbers: what TigerBeetle recommends) skip
 * the table. A key greater than every key so far, in shortlex order (shorter first, then by
 * code units), is certainly new, which one comparison with the greatest key proves. Such keys
 * are only appended, and the table takes them in when a lookup first needs it. A probe of a
 * table of a million ids is a cache miss (~0.4 µs, a third of replaying a transfer); the
 * comparison reads two strings already in cache.
 */
import { assert } from '../core/assert.js';
import { ChunkedList } from './chunked-list.js';

const SLOTS_FIRST = 1_024;
const EMPTY = -1;
// Indexes are Int32 and the table has 2 words per slot at load <= 1/2.
const SIZE_MAX = 2 ** 28;

/** FNV-1a over UTF-16 code units, then MurmurHash3's finalizer so low bits are well mixed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

function emptyTable(slots: number): Int32Array {
  const table = new Int32Array(2 * slots);
  for (let s = 0; s < slots; s += 1) table[2 * s] = EMPTY;
  return table;
}

/** A set of unique strings, each numbered by its insertion order; supports truncation. */
export class IdIndex {
  readonly #keys = new ChunkedList<string>();
  // Slot s holds [index or EMPTY, hash of that key] at words 2s and 2s+1.
  #table: Int32Array;
  // The empty slot found by the last failed lookup, reused by an `add` of the same key right
  // after it (the replay path looks a new id up, then adds it), and that key's hash.
  #probeKey: string | undefined = undefined;
  #probeHash = 0;
  #probeSlot = EMPTY;
  // Keys [0, #indexed) are in the table; later ones were certainly new when added.
  #indexed = 0;
  // Per index i: the index of the shortlex-greatest of keys [0, i], so truncation restores it.
  #greatestAt: Int32Array = new Int32Array(SLOTS_FIRST);
  // The greatest key itself (undefined when empty): read once per add, so kept at hand.
  #greatest: string | undefined = undefined;

  /** `slots` (a power of two) sizes the first table; tests pass a tiny one to force collisions. */
  constructor(slots: number = SLOTS_FIRST) {
    assert(slots >= 2 && (slots & (slots - 1)) === 0, 'slots must be a power of two >= 2');
    this.#table = emptyTable(slots);
  }

  /** Number of keys. */
  get size(): number {
    return this.#keys.length;
  }

  /** The key numbered `index` (below `size`). */
  keyAt(index: number): string {
    return this.#keys.at(index);
  }

  /** The keys [from, to) in index order, as a new array. */
  slice(from?: number, to?: number): string[] {
    return this.#keys.slice(from, to);
  }

  /** The index of `key`, or -1 when absent. */
  indexOf(key: string): number {
    if (this.#isGreatest(key)) {
      // New by order alone: an `add` of it right after appends it without touching the table.
      this.#probeKey = key;
      this.#probeSlot = EMPTY;
      return -1;
    }
    this.#catchUp();
    const hash = hashString(key);
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const index = table[2 * slot]!;
      if (index === EMPTY) {
        this.#probeKey = key;
        this.#probeHash = hash;
        this.#probeSlot = slot;
        return -1;
      }
      if (table[2 * slot + 1] === hash && this.#keys.at(index) === key) return index;
    }
  }

  /** Adds `key` (which must be absent) as index `size` and returns that index. */
  add(key: string): number {
    const index = this.#keys.length;
    assert(index < SIZE_MAX, 'transfer id index is full');
    if (this.#probeKey !== key) assert(this.indexOf(key) === -1, 'id added twice');
    const slot = this.#probeSlot;
    this.#probeKey = undefined;
    if (index === this.#greatestAt.length) this.#greatestAt = grown(this.#greatestAt);
    const previous = index === 0 ? -1 : this.#greatestAt[index - 1]!;
    this.#greatestAt[index] = slot === EMPTY ? index : previous;
    if (slot === EMPTY) this.#greatest = key;
    this.#keys.push(key);
    // A key that was not the greatest was looked up in the table, which is then complete.
    if (slot !== EMPTY) this.#insertAt(slot, index, this.#probeHash);
    return index;
  }

  // True when `key` is greater, in shortlex order, than every key held.
  #isGreatest(key: string): boolean {
    const greatest = this.#greatest;
    if (greatest === undefined) return true;
    return key.length > greatest.length || (key.length === greatest.length && key > greatest);
  }

  // Puts the keys added since the table was last complete into it: the table sized once for all
  // of them, their hashes computed first, then a tight loop of inserts, whose cache misses the
  // CPU overlaps (hashing each key between two inserts kept them apart: ~2x slower).
  #catchUp(): void {
    const keys = this.#keys;
    const from = this.#indexed;
    if (from === keys.length) return;
    let slots = this.#table.length >> 1;
    while (keys.length > slots >> 1) slots *= 2;
    if (slots !== this.#table.length >> 1) this.#rehash(slots);
    const hashes = new Int32Array(keys.length - from);
    for (let i = 0; i < hashes.length; i += 1) hashes[i] = hashString(keys.at(from + i));
    const table = this.#table;
    const mask = slots - 1;
    for (let i = 0; i < hashes.length; i += 1) {
      const hash = hashes[i]!;
      let slot = hash & mask;
      while (table[2 * slot] !== EMPTY) slot = (slot + 1) & mask;
      table[2 * slot] = from + i;
      table[2 * slot + 1] = hash;
    }
    this.#indexed = keys.length;
  }

  // Stores key `index` in the empty `slot` (keys [0, index) being in the table).
  #insertAt(slot: number, index: number, hash: number): void {
    this.#table[2 * slot] = index;
    this.#table[2 * slot + 1] = hash;
    this.#indexed = index + 1;
    // Keep the load at most one half so probes stay short.
    if (this.#indexed > this.#table.length >> 2) this.#rehash(this.#table.length);
  }

  /**
   * Removes every key whose index is >= `size` (a linked batch rolling back). Each key leaves by
   * backward-shift deletion, which keeps every other key reachable from its home slot whatever
   * order keys were added or rehashed in.
   */
  truncate(size: number): void {
    assert(size >= 0 && size <= this.#keys.length, 'truncate beyond the end');
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let index = this.#indexed - 1; index >= size; index -= 1) {
      let slot = hashString(this.#keys.at(index)) & mask;
      while (table[2 * slot] !== index) {
        assert(table[2 * slot] !== EMPTY, 'id index lost a key');
        slot = (slot + 1) & mask;
      }
      deleteSlot(table, mask, slot);
    }
    this.#indexed = Math.min(this.#indexed, size);
    this.#keys.truncate(size);
    this.#greatest = size === 0 ? undefined : this.#keys.at(this.#greatestAt[size - 1]!);
    this.#probeKey = undefined;
  }

  // Reinserts in slot order, not key order: with the table doubling, the keys of old slot s go
  // to new slot s or s + old size, so both tables are walked nearly in sequence instead of one
  // cache miss per key.
  #rehash(slots: number): void {
    const old = this.#table;
    const table = emptyTable(slots);
    const mask = slots - 1;
    for (let s = 0; s < old.length >> 1; s += 1) {
      const index = old[2 * s]!;
      if (index === EMPTY) continue;
      const hash = old[2 * s + 1]!;
      let slot = hash & mask;
      while (table[2 * slot] !== EMPTY) slot = (slot + 1) & mask;
      table[2 * slot] = index;
      table[2 * slot + 1] = hash;
    }
    this.#table = table;
  }
}

function grown(array: Int32Array): Int32Array {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}

/**
 * Empties `slot` and pulls later keys of its probe run back over the gap, so that no lookup
 * stops early at it (Knuth's Algorithm R for linear probing).
 */
export function deleteSlot(table: Int32Array, mask: number, slot: number): void {
  let gap = slot;
  table[2 * gap] = EMPTY;
  for (let next = (gap + 1) & mask; table[2 * next] !== EMPTY; next = (next + 1) & mask) {
    const home = table[2 * next + 1]! & mask;
    // The key at `next` may move into the gap only if its home is not cyclically in (gap, next].
    const staysPut = gap <= next ? gap < home && home <= next : gap < home || home <= next;
    if (staysPut) continue;
    table[2 * gap] = table[2 * next]!;
    table[2 * gap + 1] = table[2 * next + 1]!;
    table[2 * next] = EMPTY;
    gap = next;
  }
}
