/**
 * Open addressing with linear probing over an Int32Array of two words a slot (a key's index, or
 * -1 for an empty slot, then its hash), `PackedKeyMap`'s layout (packed-key-map.ts): an empty
 * table, growing it, deleting a slot. The ledger's id index (ledger/id-index.ts) keeps one word a
 * slot since stop 24 (an index under a tag of its hash) and shares only `EMPTY_SLOT`: its
 * deletion finds a key's home by hashing the key again.
 */
import { assert } from './assert.js';

/** The first word of an empty slot. */
export const EMPTY_SLOT = -1;
const EMPTY = EMPTY_SLOT;

/** A table of `slots` empty slots. */
export function emptyTable(slots: number): Int32Array {
  return new Int32Array(2 * slots).fill(EMPTY);
}

/**
 * `old`'s pairs in a new table of `slots` slots (a power of two), hashes kept: no key is hashed
 * again. Reinserted in slot order, not key order: with the table doubling, the keys of old slot
 * s go to new slot s or s + old size, so both tables are walked nearly in sequence instead of one
 * cache miss per key.
 */
export function rehashed(old: Int32Array, slots: number): Int32Array {
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
  return table;
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

/**
 * Files `index` under `hash` in `table`, which holds `entries` pairs before it: first grown
 * (doubled, `rehashed`) when the pair would fill it past `fullEighths` eighths (default 6, three
 * quarters). Returns the table that holds the pair, `table` itself unless it grew.
 */
export function insertPair(table: Int32Array, entries: number, hash: number, index: number, fullEighths = 6): Int32Array {
  const grown = 8 * (entries + 1) > fullEighths * (table.length >> 1) ? rehashed(table, table.length) : table;
  const mask = (grown.length >> 1) - 1;
  let slot = hash & mask;
  while (grown[2 * slot] !== EMPTY) slot = (slot + 1) & mask;
  grown[2 * slot] = index;
  grown[2 * slot + 1] = hash;
  return grown;
}

/**
 * Removes the pair of `index`, filed under `hash`, from `table`. Throws InvariantError when
 * `index` is not filed there: its probe run reaches an empty slot first (a broken invariant, which
 * must fail, not probe the table for ever).
 */
export function deletePair(table: Int32Array, hash: number, index: number): void {
  const mask = (table.length >> 1) - 1;
  let slot = hash & mask;
  while (table[2 * slot] !== index) {
    if (table[2 * slot] === EMPTY) assert(false, `${index} is not filed in the table under its hash`);
    slot = (slot + 1) & mask;
  }
  deleteSlot(table, mask, slot);
}
