/**
 * Fenwick trees of per-block counts, the list indexes' way to count and find the positions of one
 * code in O(log n + block): a tree of `capacity` nodes (a power of two) sits at words
 * `base + 1 .. base + capacity` of an Int32Array, node n covering the blocks `(n - (n & -n), n]`.
 * A `CodeIndex` keeps one tree per array (base 0); a long customer's row counts keep all their
 * trees in one array (row-counts.ts). Shared so that the descent is written once.
 */

/** Adds `delta` to block `block` (0-based) of the tree at `base`. */
export function addToBlockTree(words: Int32Array, base: number, capacity: number, block: number, delta: number): void {
  for (let node = block + 1; node <= capacity; node += node & -node) words[base + node]! += delta;
}

/** The count over blocks 0..blocks-1 of the tree at `base`. */
export function blockTreePrefix(words: Int32Array, base: number, capacity: number, blocks: number): number {
  let sum = 0;
  for (let node = Math.min(blocks, capacity); node > 0; node -= node & -node) sum += words[base + node]!;
  return sum;
}

/** The 0-based block holding the `rank`-th (1-based) position the tree at `base` counts; the rank must exist. */
export function blockOfRank(words: Int32Array, base: number, capacity: number, rank: number): number {
  let node = 0;
  let remaining = rank;
  for (let step = capacity; step > 0; step >>= 1) {
    const next = node + step;
    if (next <= capacity && words[base + next]! < remaining) {
      node = next;
      remaining -= words[base + next]!;
    }
  }
  return node;
}

/**
 * The 0-based block holding the `rank`-th (1-based) position the tree at `base` does not count,
 * blocks of `blockSize` positions taken whole (a node covering k blocks holds k * blockSize
 * positions less its count); the rank must exist within the tree's blocks.
 */
export function blockOfOtherRank(words: Int32Array, base: number, capacity: number, rank: number, blockSize: number): number {
  let node = 0;
  let remaining = rank;
  for (let step = capacity; step > 0; step >>= 1) {
    const next = node + step;
    const others = next <= capacity ? step * blockSize - words[base + next]! : 0;
    if (next <= capacity && others < remaining) {
      node = next;
      remaining -= others;
    }
  }
  return node;
}
