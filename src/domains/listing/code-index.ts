/**
 * A small code (1..255, 0 for none) per list position, with a count of each code per block of
 * positions kept in a Fenwick tree, so that "how many positions below `bound` hold code c" and
 * "the nearest position below or from a bound with code c" cost O(log n + block) however many
 * positions there are. It indexes a field that changes (a status): setting a position's code
 * costs O(log n). Memory: one byte per position, and per code 4 bytes per block of 64 positions
 * (at most twice that while the tree's capacity doubles). An index of one block (most indexes
 * per customer, agent or coin are) is a plain array of at most 64 codes and no trees: a scan of
 * one block is what a tree would cost anyway, and a typed array or a Map costs ~200 B apiece.
 * Pure data, written in place by evolvers.
 */
import { assert } from '../../core/assert.js';
import { copyAppending } from './exact-array.js';
import { addToBlockTree, blockOfOtherRank, blockOfRank, blockTreePrefix } from './block-tree.js';

/** Positions per Fenwick leaf: the scans inside one block are at most this long. */
export const CODE_BLOCK_SIZE = 64;
const SHIFT = 6;

/** The index: `codes[position]` and one Fenwick tree of block counts per code in use. */
export type CodeIndex = {
  /** An exact-size array while the index fits one block, then a Uint8Array doubled as it grows. */
  codes: Uint8Array | number[];
  length: number;
  /**
   * Per code, a 1-based Fenwick tree over blocks; its capacity (length - 1) is a power of two.
   * Undefined until the index passes one block.
   */
  trees: Map<number, Int32Array> | undefined;
};

/** An empty index. */
export function emptyCodeIndex(): CodeIndex {
  return { codes: [], length: 0, trees: undefined };
}

/** Appends a position holding `code` (0: none) and returns the position. */
export function appendCode(index: CodeIndex, code: number): number {
  const position = index.length;
  if (position < CODE_BLOCK_SIZE) {
    // A copy one longer, so that a short index holds no spare capacity.
    index.codes = copyAppending(index.codes as number[], code);
    index.length = position + 1;
    return position;
  }
  if (position === CODE_BLOCK_SIZE) growPastOneBlock(index);
  if (position === index.codes.length) {
    const grown = new Uint8Array(index.codes.length * 2);
    grown.set(index.codes);
    index.codes = grown;
  }
  index.length = position + 1;
  if (code !== 0) setCode(index, position, code);
  return position;
}

/** Moves a full one-block index to a Uint8Array and counts its codes into trees. */
function growPastOneBlock(index: CodeIndex): void {
  const codes = new Uint8Array(CODE_BLOCK_SIZE * 2);
  codes.set(index.codes);
  index.codes = codes;
  index.trees = new Map();
  for (let position = 0; position < index.length; position += 1) {
    const code = codes[position] ?? 0;
    if (code !== 0) addToTree(treeFor(index, code, 0), 0, 1);
  }
}

/** Sets the code of an existing position (0: none). */
export function setCode(index: CodeIndex, position: number, code: number): void {
  // The message is built only on failure: list upkeep runs this per event.
  if (!(position >= 0 && position < index.length && code >= 0 && code <= 255)) assert(false, `code index: bad position ${position} or code ${code}`);
  const old = index.codes[position] ?? 0;
  if (old === code) return;
  index.codes[position] = code;
  if (index.trees === undefined) return;
  const block = position >> SHIFT;
  if (old !== 0) addToTree(treeFor(index, old, block), block, -1);
  if (code !== 0) addToTree(treeFor(index, code, block), block, 1);
}

/** The code at `position` (0 when none or out of range). */
export function codeAt(index: CodeIndex, position: number): number {
  return position >= 0 && position < index.length ? (index.codes[position] ?? 0) : 0;
}

/** How many positions below `bound` hold `code`. */
export function countCodeBelow(index: CodeIndex, code: number, bound: number): number {
  const end = Math.min(Math.max(bound, 0), index.length);
  // One block without trees holds up to CODE_BLOCK_SIZE codes: a bound of exactly that is still in it.
  const block = index.trees === undefined ? 0 : end >> SHIFT;
  let count = prefix(index.trees?.get(code), block);
  for (let position = block << SHIFT; position < end; position += 1) if (index.codes[position] === code) count += 1;
  return count;
}

/** The largest position below `bound` holding `code`, or -1. */
export function previousWithCode(index: CodeIndex, code: number, bound: number): number {
  const end = Math.min(Math.max(bound, 0), index.length);
  const blockStart = index.trees === undefined ? 0 : (end >> SHIFT) << SHIFT;
  for (let position = end - 1; position >= blockStart; position -= 1) if (index.codes[position] === code) return position;
  const before = prefix(index.trees?.get(code), end >> SHIFT);
  if (before === 0) return -1;
  // The block holding the before-th occurrence (1-based) is the last one with any below `end`.
  const block = blockOfOccurrence(index.trees!.get(code)!, before);
  for (let position = Math.min((block << SHIFT) + CODE_BLOCK_SIZE, index.length) - 1; position >= block << SHIFT; position -= 1) {
    if (index.codes[position] === code) return position;
  }
  assert(false, `code index: block ${block} counted code ${code} but holds none`);
}

/** The smallest position at or after `from` holding `code`, or -1. */
export function nextWithCode(index: CodeIndex, code: number, from: number): number {
  const start = Math.max(from, 0);
  if (start >= index.length) return -1;
  const blockEnd = Math.min(((start >> SHIFT) + 1) << SHIFT, index.length);
  for (let position = start; position < blockEnd; position += 1) if (index.codes[position] === code) return position;
  const tree = index.trees?.get(code);
  const upTo = prefix(tree, (start >> SHIFT) + 1);
  if (upTo === prefix(tree, treeCapacity(tree))) return -1;
  const block = blockOfOccurrence(tree!, upTo + 1);
  for (let position = block << SHIFT; position < Math.min((block + 1) << SHIFT, index.length); position += 1) {
    if (index.codes[position] === code) return position;
  }
  assert(false, `code index: block ${block} counted code ${code} but holds none`);
}

/**
 * How many positions below `bound` hold a code other than `code` (1..255; code 0, none, has no
 * tree to take a complement of), 0 included: the positions below it less those holding `code`. With `previousWithOtherCode` and `nextWithOtherCode`, the
 * complement of one code (a customer's payments among its rows: every type but the card one) is
 * read from the same trees, with no tree of its own.
 */
export function countOtherCodesBelow(index: CodeIndex, code: number, bound: number): number {
  const end = Math.min(Math.max(bound, 0), index.length);
  return end - countCodeBelow(index, code, end);
}

/** The largest position below `bound` holding a code other than `code`, or -1. */
export function previousWithOtherCode(index: CodeIndex, code: number, bound: number): number {
  const end = Math.min(Math.max(bound, 0), index.length);
  const blockStart = index.trees === undefined ? 0 : (end >> SHIFT) << SHIFT;
  for (let position = end - 1; position >= blockStart; position -= 1) if (index.codes[position] !== code) return position;
  // The blocks below `blockStart` are full: each holds CODE_BLOCK_SIZE positions.
  const tree = index.trees?.get(code);
  const before = blockStart - prefix(tree, blockStart >> SHIFT);
  if (before === 0) return -1;
  const block = blockOfOtherOccurrence(tree, before);
  for (let position = (block << SHIFT) + CODE_BLOCK_SIZE - 1; position >= block << SHIFT; position -= 1) {
    if (index.codes[position] !== code) return position;
  }
  assert(false, `code index: block ${block} counted a code other than ${code} but holds none`);
}

/** The smallest position at or after `from` holding a code other than `code`, or -1. */
export function nextWithOtherCode(index: CodeIndex, code: number, from: number): number {
  const start = Math.max(from, 0);
  if (start >= index.length) return -1;
  const blockEnd = Math.min(((start >> SHIFT) + 1) << SHIFT, index.length);
  for (let position = start; position < blockEnd; position += 1) if (index.codes[position] !== code) return position;
  const tree = index.trees?.get(code);
  const blocks = (start >> SHIFT) + 1;
  const upTo = blockEnd - prefix(tree, blocks);
  if (upTo >= countOtherCodesBelow(index, code, index.length)) return -1;
  const block = blockOfOtherOccurrence(tree, upTo + 1);
  for (let position = block << SHIFT; position < Math.min((block + 1) << SHIFT, index.length); position += 1) {
    if (index.codes[position] !== code) return position;
  }
  assert(false, `code index: block ${block} counted a code other than ${code} but holds none`);
}

function treeCapacity(tree: Int32Array | undefined): number {
  return tree === undefined ? 0 : tree.length - 1;
}

/** The tree of `code`, created or doubled so that it covers `block`. */
function treeFor(index: CodeIndex, code: number, block: number): Int32Array {
  const trees = index.trees!;
  let tree = trees.get(code);
  if (tree === undefined) {
    let capacity = 1;
    while (capacity <= block) capacity *= 2;
    tree = new Int32Array(capacity + 1);
    trees.set(code, tree);
  }
  while (treeCapacity(tree) <= block) {
    // Doubling: nodes (C, 2C) cover only the new, empty blocks; node 2C covers all, the old total.
    const capacity = treeCapacity(tree);
    const grown = new Int32Array(capacity * 2 + 1);
    grown.set(tree);
    grown[capacity * 2] = prefix(tree, capacity);
    tree = grown;
    trees.set(code, tree);
  }
  return tree;
}

function addToTree(tree: Int32Array, block: number, delta: number): void {
  addToBlockTree(tree, 0, treeCapacity(tree), block, delta);
}

/** The count over blocks 0..blocks-1 (0 without a tree). */
function prefix(tree: Int32Array | undefined, blocks: number): number {
  return tree === undefined ? 0 : blockTreePrefix(tree, 0, treeCapacity(tree), blocks);
}

/** The 0-based block holding the `rank`-th (1-based) occurrence; the rank must exist. */
function blockOfOccurrence(tree: Int32Array, rank: number): number {
  return blockOfRank(tree, 0, treeCapacity(tree), rank);
}

/**
 * The 0-based block holding the `rank`-th (1-based) position whose code is not the tree's (`tree`:
 * that code's, undefined when no position holds it); the rank must exist. A node covering k
 * blocks holds k * CODE_BLOCK_SIZE positions less its count: the descent of `blockOfOccurrence` on
 * the complement (block-tree.ts). Blocks past the tree's capacity hold no position of its code.
 */
function blockOfOtherOccurrence(tree: Int32Array | undefined, rank: number): number {
  const capacity = treeCapacity(tree);
  const inTree = capacity * CODE_BLOCK_SIZE - prefix(tree, capacity);
  if (rank > inTree) return capacity + ((rank - inTree - 1) >> SHIFT);
  // Within the tree's blocks, so a tree is there (capacity 0 has none: every rank is past it).
  return blockOfOtherRank(tree!, 0, capacity, rank, CODE_BLOCK_SIZE);
}
