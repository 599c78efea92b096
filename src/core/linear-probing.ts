/**
 * Open addressing with linear probing over an Int32Array of two words a slot (a key's index, or
 * -1 for an empty slot, then its hash), the layout of the ledger's id index (ledger/id-index.ts)
 * and of `PackedKeyMap`'s (packed-key-map.ts): the deletion both need, shared.
 */

const EMPTY = -1;

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
