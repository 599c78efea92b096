/**
 * A long customer list's counts (the merged transaction list's `longCountsByCustomer`): for a
 * customer with more than one `CODE_BLOCK_SIZE` block of rows, how many of its rows hold each
 * type code and each status code per block, as Fenwick trees over its blocks, so that its rows of
 * one type or status (or every row but one type: its payments) are counted and found in
 * O(log n + block) (`rowCountSource`, `otherRowCountSource`). The codes themselves are the list's
 * own code bytes (`ownRowCode`, in the position arena beside its members): nothing here repeats
 * them.
 *
 * All the trees of one customer live in one Int32Array: word 0 is how many of its rows are
 * counted, then one tree of `capacity` nodes per field slot (a type code 1..`TYPE_SLOTS`, a status
 * code 1..`STATUS_SLOTS`), node n of slot s at `s * capacity + n`. Until stop 32 each customer had
 * two `CodeIndex`es (an object, a copy of its codes, a Map and an Int32Array per code: ~2.5 KB of
 * heap a customer, where this is ~140 B of heap and ~150 B of buffer at 65-128 rows). Pure
 * functions over plain data (snapshots carry it as an `$i32` column); the same appends and status
 * moves make the same words.
 */
import { assert } from '../../core/assert.js';
import { type ListArena, listCodeAt, listLength } from './list-arena.js';
import { addToBlockTree, blockOfOtherRank, blockOfRank, blockTreePrefix } from './block-tree.js';
import { CODE_BLOCK_SIZE } from './code-index.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../transactions/types.js';

/** A customer row's code byte: its type code in the low four bits, its status code (0..15) in the high four. */
export const ownRowCode = (type: number, status: number): number => type | (status << 4);
/** The type code of a customer row's code byte. */
export const ownTypeCode = (byte: number): number => byte & 15;
/** The status code of a customer row's code byte. */
export const ownStatusCode = (byte: number): number => byte >> 4;

/**
 * An ordered set of local positions: `sources.ts`'s `PositionSource`, spelled here because
 * sources.ts reads this module (no import cycle among the domain files).
 */
type PositionSource = {
  readonly count: (lo: number, hi: number) => number;
  readonly previous: (bound: number) => number;
  readonly next: (from: number) => number;
};

/** One customer's counts (see the module comment). */
export type RowCounts = Int32Array;

/** Which half of a row's code byte a count or a source reads. */
export type RowField = 'type' | 'status';

/** Type codes with a tree: 1..this (`TRANSACTION_TYPES` index + 1). */
const TYPE_SLOTS = TRANSACTION_TYPES.length;
/** Status codes with a tree: 1..this (`TRANSACTION_STATUSES` index + 1); 0 (a card transaction's) has none. */
const STATUS_SLOTS = TRANSACTION_STATUSES.length;
const SLOTS = TYPE_SLOTS + STATUS_SLOTS;
const SHIFT = 6;


/** The slot of `code` of `field`, or -1 when it has no tree (0, or past the field's codes). */
function slotOf(field: RowField, code: number): number {
  if (field === 'type') return code >= 1 && code <= TYPE_SLOTS ? code - 1 : -1;
  return code >= 1 && code <= STATUS_SLOTS ? TYPE_SLOTS + code - 1 : -1;
}

/** Blocks each tree of `counts` covers (a power of two). */
function capacityOf(counts: RowCounts): number {
  return (counts.length - 1) / SLOTS;
}

/** How many rows `counts` counts (its list's first ones). */
export function countedRows(counts: RowCounts): number {
  return counts[0]!;
}

/** Counts for a list of `rows` rows, none counted yet: each tree covering at least their blocks. */
function emptyRowCounts(rows: number): RowCounts {
  let capacity = 1;
  while (capacity * CODE_BLOCK_SIZE < rows) capacity *= 2;
  return new Int32Array(1 + SLOTS * capacity);
}

/** `counts` with each tree covering twice the blocks: nodes (C, 2C) cover only new, empty blocks; node 2C all, its old total. */
function doubled(counts: RowCounts): RowCounts {
  const capacity = capacityOf(counts);
  const grown = new Int32Array(1 + SLOTS * capacity * 2);
  grown[0] = counts[0]!;
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const from = slot * capacity;
    const to = slot * capacity * 2;
    grown.set(counts.subarray(from + 1, from + capacity + 1), to + 1);
    grown[to + capacity * 2] = blockTreePrefix(counts, from, capacity, capacity);
  }
  return grown;
}

/** Counts row `local` with code byte `byte` in its block (both fields), growing the trees first when the block is past them. */
function countRow(counts: RowCounts, local: number, byte: number): RowCounts {
  let grown = counts;
  const block = local >> SHIFT;
  while (block >= capacityOf(grown)) grown = doubled(grown);
  const capacity = capacityOf(grown);
  const type = slotOf('type', ownTypeCode(byte));
  const status = slotOf('status', ownStatusCode(byte));
  if (type !== -1) addToBlockTree(grown, type * capacity, capacity, block, 1);
  if (status !== -1) addToBlockTree(grown, status * capacity, capacity, block, 1);
  return grown;
}

/**
 * `counts` (undefined: none yet) with the rows of `list` it lacks counted from their code bytes,
 * `list` being past one block: the counts to keep, a new array when the trees grew or were made.
 */
export function withRowsCounted(counts: RowCounts | undefined, arena: ListArena, list: number): RowCounts {
  const length = listLength(arena, list);
  let out = counts ?? emptyRowCounts(length);
  for (let local = out[0]!; local < length; local += 1) out = countRow(out, local, listCodeAt(arena, list, local));
  out[0] = length;
  return out;
}

/** Moves counted row `local` from status code `from` to `to` in its block's trees. */
export function moveRowStatus(counts: RowCounts, local: number, from: number, to: number): void {
  if (from === to || local >= counts[0]!) return;
  const capacity = capacityOf(counts);
  const block = local >> SHIFT;
  const was = slotOf('status', from);
  const now = slotOf('status', to);
  if (was !== -1) addToBlockTree(counts, was * capacity, capacity, block, -1);
  if (now !== -1) addToBlockTree(counts, now * capacity, capacity, block, 1);
}

/**
 * A list's rows and the tree of one code (at `base`, `capacity` blocks): its rows holding the
 * code, or (`other`) any other. `shift` picks the field's half of a code byte.
 */
type Counted = {
  readonly arena: ListArena;
  readonly list: number;
  readonly counts: RowCounts;
  readonly shift: number;
  readonly code: number;
  readonly base: number;
  readonly capacity: number;
  readonly other: boolean;
};

/** Whether row `local` is one of `c`'s. */
function holds(c: Counted, local: number): boolean {
  return (((listCodeAt(c.arena, c.list, local) >> c.shift) & 15) === c.code) !== c.other;
}

/** How many of `c`'s rows lie below `bound`. */
function countBelow(c: Counted, bound: number): number {
  const end = Math.min(Math.max(bound, 0), countedRows(c.counts));
  const blocks = end >> SHIFT;
  const inBlocks = blockTreePrefix(c.counts, c.base, c.capacity, blocks);
  let count = c.other ? blocks * CODE_BLOCK_SIZE - inBlocks : inBlocks;
  for (let local = blocks << SHIFT; local < end; local += 1) if (holds(c, local)) count += 1;
  return count;
}

/** The block holding `c`'s `rank`-th (1-based) row; the rank must exist. */
function blockOfCountedRank(c: Counted, rank: number): number {
  return c.other ? blockOfOtherRank(c.counts, c.base, c.capacity, rank, CODE_BLOCK_SIZE) : blockOfRank(c.counts, c.base, c.capacity, rank);
}

/** `c`'s largest row below `bound`, or -1. */
function previousRow(c: Counted, bound: number): number {
  const end = Math.min(Math.max(bound, 0), countedRows(c.counts));
  const blockStart = (end >> SHIFT) << SHIFT;
  for (let local = end - 1; local >= blockStart; local -= 1) if (holds(c, local)) return local;
  const before = countBelow(c, blockStart);
  if (before === 0) return -1;
  const block = blockOfCountedRank(c, before);
  for (let local = (block << SHIFT) + CODE_BLOCK_SIZE - 1; local >= block << SHIFT; local -= 1) if (holds(c, local)) return local;
  assert(false, `row counts: block ${block} counted a row it does not hold`);
}

/** `c`'s smallest row at or after `from`, or -1. */
function nextRow(c: Counted, from: number): number {
  const length = countedRows(c.counts);
  const start = Math.max(from, 0);
  if (start >= length) return -1;
  const blockEnd = Math.min(((start >> SHIFT) + 1) << SHIFT, length);
  for (let local = start; local < blockEnd; local += 1) if (holds(c, local)) return local;
  const upTo = countBelow(c, blockEnd);
  if (upTo >= countBelow(c, length)) return -1;
  const block = blockOfCountedRank(c, upTo + 1);
  for (let local = block << SHIFT, end = Math.min((block + 1) << SHIFT, length); local < end; local += 1) if (holds(c, local)) return local;
  assert(false, `row counts: block ${block} counted a row it does not hold`);
}

/** The source of `c`'s rows, in local positions. */
function countedSource(c: Counted): PositionSource {
  return {
    count: (lo, hi) => Math.max(0, countBelow(c, hi) - countBelow(c, lo)),
    previous: (bound) => previousRow(c, bound),
    next: (from) => nextRow(c, from),
  };
}

/** No row: what a code with no tree selects. */
const NO_ROWS: PositionSource = { count: () => 0, previous: () => -1, next: () => -1 };

/** `c` for `code` of `field` (undefined when the code has no tree). */
function counted(arena: ListArena, list: number, counts: RowCounts, field: RowField, code: number, other: boolean): Counted | undefined {
  const slot = slotOf(field, code);
  if (slot === -1) return undefined;
  const capacity = capacityOf(counts);
  return { arena, list, counts, shift: field === 'type' ? 0 : 4, code, base: slot * capacity, capacity, other };
}

/**
 * The local positions (indexes into `list`, not its members) of `list` (a customer's, all of its
 * rows counted in `counts`) whose `field` code is `code`: none for a code with no tree (0, the
 * card transactions' status, or one past the field's). O(log n + block) a call.
 */
export function rowCountSource(arena: ListArena, list: number, counts: RowCounts, field: RowField, code: number): PositionSource {
  const c = counted(arena, list, counts, field, code, false);
  return c === undefined ? NO_ROWS : countedSource(c);
}

/**
 * As `rowCountSource`, the rows whose `field` code is any but `code` (a customer's payments:
 * every type but the card one); `code` must have a tree.
 */
export function otherRowCountSource(arena: ListArena, list: number, counts: RowCounts, field: RowField, code: number): PositionSource {
  const c = counted(arena, list, counts, field, code, true);
  assert(c !== undefined, `row counts: no tree for ${field} code ${code}`);
  return countedSource(c);
}
