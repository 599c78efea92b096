/**
 * Many append-only lists of small non-negative integers (list positions) in one Int32Array, so
 * that a list costs its members' 4 B each and a header word, not a JS array's ~48 B of header,
 * 8 B an element and spare capacity, nor a typed array's ~150 B of fixed cost
 * (docs/performance.md, "List indexes off the JS heap: tried, not landed (stop 24)").
 *
 * A list lives in one block of 2^k words (or, in an arena grown by half, of one of the sizes
 * 2, 3, 5, 8, 12, ...): the first word holds its length, the others its members in order, so
 * member i is one read at `list + 1 + i` (binary searches stay O(log n)).
 * A full block is copied into one of the next size and freed; a freed block is reused by the
 * next list that needs a block of its size. A list is named by its block's offset (its handle),
 * which changes when the list moves: the caller keeps the handle `appendToList` returns.
 *
 * An arena made with times keeps a Float64Array beside the words, at the same offsets: each
 * member has a time (epoch ms, beyond an Int32) read by the same handle and local index, so a
 * list of positions and a list of their creation times cost one handle. An arena made with codes
 * keeps a Uint8Array the same way: a byte per member (an owner's type and status codes), one byte
 * where a `CodeIndex` per owner cost two objects and a JS array of 8 B a code.
 *
 * Plain data (an object, typed arrays, numbers), so that snapshots carry it as they carry the
 * other list indexes (`engine/snapshot-data.ts`). The same appends in the same order make the
 * same words. Pure functions, no I/O.
 */

import { halfGrowthClasses, halfGrowthClassHolding } from './half-growth-classes.js';
import { columnLowerBound, resized } from './typed-growth.js';

/** The handle of a list with no members yet (no block). */
export const NO_LIST = -1;

/** How much the arena's arrays grow when a block does not fit: by a quarter. */
const ARENA_GROWTH = 1.25;

/** Size classes: a block of class k is 2^k words (up to 2^30, beyond any list an engine holds). */
const CLASSES = 31;

// The block sizes of an arena grown by half (`grownByHalf`): 1, 2, 3, 5, 8, 12, ...
const HALF = halfGrowthClasses(1, 2);
const HALF_SIZES = HALF.sizes;
const HALF_CLASS_BY_SIZE = HALF.classBySize;

/**
 * The arena: `words[0, used)` hold blocks; `free[k]` is the first freed block of class k (-1:
 * none), each linking the next in its first word; `times` and `codes`, when kept, the members'
 * times and codes at the members' offsets (each the same length as `words`). `grownByHalf`: its
 * block sizes are `HALF_SIZES`, else powers of two (absent in an arena saved before stop 29).
 */
export type PositionArena = { words: Int32Array; times: Float64Array | undefined; codes: Uint8Array | undefined; used: number; readonly free: number[]; readonly grownByHalf?: boolean };

/**
 * An empty arena (no buffer until the first list), with a time per member when `withTimes`, a
 * code byte per member when `withCodes`, and blocks grown by half rather than doubled when
 * `grownByHalf` (less spare room; an arena's lists keep the growth it was made with).
 */
export function emptyPositionArena(withTimes = false, withCodes = false, grownByHalf = false): PositionArena {
  return {
    words: new Int32Array(0),
    times: withTimes ? new Float64Array(0) : undefined,
    codes: withCodes ? new Uint8Array(0) : undefined,
    used: 0,
    free: new Array<number>(grownByHalf ? HALF_SIZES.length : CLASSES).fill(-1),
    grownByHalf,
  };
}

/** The class of the smallest block of `arena` that holds `words` words (>= 1). */
function classHolding(arena: PositionArena, words: number): number {
  if (arena.grownByHalf !== true) return 32 - Math.clz32(words - 1);
  return halfGrowthClassHolding(HALF, words);
}

/** The size in words of a block of class `cls` in `arena`. */
function blockSize(arena: PositionArena, cls: number): number {
  return arena.grownByHalf === true ? HALF_SIZES[cls]! : 1 << cls;
}

/** Appends `value` (0 <= value < 2^31) to `list` (`NO_LIST`: a new list) and returns the list's handle, which differs from `list` when the list moved. */
export function appendToList(arena: PositionArena, list: number, value: number): number {
  const length = listLength(arena, list);
  const block = blockFor(arena, list, length);
  const words = arena.words;
  words[block] = length + 1;
  words[block + 1 + length] = value;
  return block;
}

/** `appendToList` for an arena with times: `value` with its time `timeMs` (any double). */
export function appendTimedToList(arena: PositionArena, list: number, value: number, timeMs: number): number {
  const block = appendToList(arena, list, value);
  arena.times![block + arena.words[block]!] = timeMs;
  return block;
}

/** `appendToList` for an arena with codes: `value` with its code `code` (0..255). */
export function appendCodedToList(arena: PositionArena, list: number, value: number, code: number): number {
  const block = appendToList(arena, list, value);
  arena.codes![block + arena.words[block]!] = code;
  return block;
}

/** The block to hold `list` (`length` members) and one more: its own, a new one, or a larger one it was copied into. */
function blockFor(arena: PositionArena, list: number, length: number): number {
  if (list === NO_LIST) return allocate(arena, 1);
  let cls: number;
  if (arena.grownByHalf === true) {
    // A list holds its length and members in the smallest block that fits them: full when they fill it.
    cls = HALF_CLASS_BY_SIZE[length + 1] ?? classHolding(arena, length + 1);
    if (HALF_SIZES[cls] !== length + 1) return list;
  } else {
    // A block of class k holds 2^k - 1 members: full when length + 1 is a power of two.
    if (((length + 1) & length) !== 0) return list;
    cls = 31 - Math.clz32(length + 1);
  }
  const block = allocate(arena, cls + 1);
  arena.words.copyWithin(block, list, list + 1 + length);
  arena.times?.copyWithin(block, list, list + 1 + length);
  if (arena.codes !== undefined) {
    arena.codes.copyWithin(block, list, list + 1 + length);
    // A freed block's codes cleared: the bytes past a list's end are then the same in an index
    // kept live (codes changed in place) and in one rebuilt from the stores (final codes).
    arena.codes.fill(0, list, list + 1 + length);
  }
  arena.words[list] = arena.free[cls]!;
  arena.free[cls] = list;
  return block;
}

/**
 * Removes member `local` of `list` (0 <= local < its length), the later members moved down one,
 * and returns the list's handle: `NO_LIST` once it is empty (its block freed), else a new one
 * when the list moved into a block of a smaller class. A list then keeps the class its length
 * would have from appends alone (`blockFor` reads a block's class from its list's length), so a
 * list emptied by removals and appended to again costs what a new one does. O(list length).
 */
export function removeFromList(arena: PositionArena, list: number, local: number): number {
  const length = listLength(arena, list);
  const end = list + 1 + length;
  const at = list + 1 + local;
  arena.words.copyWithin(at, at + 1, end);
  arena.times?.copyWithin(at, at + 1, end);
  if (arena.codes !== undefined) {
    arena.codes.copyWithin(at, at + 1, end);
    arena.codes[end - 1] = 0;
  }
  const remaining = length - 1;
  arena.words[list] = remaining;
  if (remaining === 0) {
    freeBlock(arena, list, 1, 1);
    return NO_LIST;
  }
  const cls = classOfLength(arena, length);
  const smaller = classOfLength(arena, remaining);
  if (smaller === cls) return list;
  const block = allocate(arena, smaller);
  arena.words.copyWithin(block, list, list + 1 + remaining);
  arena.times?.copyWithin(block, list, list + 1 + remaining);
  arena.codes?.copyWithin(block, list, list + 1 + remaining);
  freeBlock(arena, list, cls, 1 + remaining);
  return block;
}

/** The class of the block a list of `length` (>= 1) members holds after appends: the smallest that holds its length word and members. */
function classOfLength(arena: PositionArena, length: number): number {
  return classHolding(arena, length + 1);
}

/** Puts `block` of class `cls` on its free list, its first `words` codes cleared (as `blockFor` clears a moved list's). */
function freeBlock(arena: PositionArena, block: number, cls: number, words: number): void {
  arena.codes?.fill(0, block, block + words);
  arena.words[block] = arena.free[cls]!;
  arena.free[cls] = block;
}

/** A block of class `cls`: a freed one, else one past `used` (the words grown by a quarter when full). */
function allocate(arena: PositionArena, cls: number): number {
  const reused = arena.free[cls]!;
  if (reused !== -1) {
    arena.free[cls] = arena.words[reused]!;
    return reused;
  }
  const block = arena.used;
  const end = block + blockSize(arena, cls);
  if (end > arena.words.length) {
    // By a quarter (by half until stop 32): the spare words are the arena's only fixed waste, ~12%
    // of its words on average where growth by half left ~25% (the transaction lists' arenas of the
    // API-driven log, docs/performance.md, stop 32); each word is copied ~4 times, not ~2.
    const size = Math.max(end, 256, Math.ceil(arena.words.length * ARENA_GROWTH));
    arena.words = resized(arena.words, size, arena.used);
    if (arena.times !== undefined) arena.times = resized(arena.times, size, arena.used);
    if (arena.codes !== undefined) arena.codes = resized(arena.codes, size, arena.used);
  }
  arena.used = end;
  return block;
}

/** How many members `list` holds (0 for `NO_LIST`). */
export function listLength(arena: PositionArena, list: number): number {
  return list === NO_LIST ? 0 : arena.words[list]!;
}

/** Member `local` of `list` (0 <= local < its length). */
export function listMemberAt(arena: PositionArena, list: number, local: number): number {
  return arena.words[list + 1 + local]!;
}

/** The first local index of ascending `list` whose member is >= `value` (its length when none). O(log n). */
export function listLowerBound(arena: PositionArena, list: number, value: number): number {
  return list === NO_LIST ? 0 : columnLowerBound(arena.words, arena.words[list]!, value, list + 1);
}

/** The time of member `local` of `list`, in an arena with times. */
export function listTimeAt(arena: PositionArena, list: number, local: number): number {
  return arena.times![list + 1 + local]!;
}

/** The first local index of `list` whose time is >= `timeMs` (its length when none), times non-decreasing. O(log n). */
export function listFirstTimeAtLeast(arena: PositionArena, list: number, timeMs: number): number {
  return list === NO_LIST ? 0 : columnLowerBound(arena.times!, arena.words[list]!, timeMs, list + 1);
}

/** The code of member `local` of `list`, in an arena with codes. */
export function listCodeAt(arena: PositionArena, list: number, local: number): number {
  return arena.codes![list + 1 + local]!;
}

/** Sets the code of member `local` of `list` (0 <= local < its length; 0..255), in an arena with codes. */
export function setListCode(arena: PositionArena, list: number, local: number, code: number): void {
  arena.codes![list + 1 + local] = code;
}

/** The members' codes of `list`, in order, as a new array. */
export function listCodes(arena: PositionArena, list: number): number[] {
  const length = listLength(arena, list);
  const out = new Array<number>(length);
  for (let local = 0; local < length; local += 1) out[local] = arena.codes![list + 1 + local]!;
  return out;
}

/** The members' times of `list`, in order, as a new array. */
export function listTimes(arena: PositionArena, list: number): number[] {
  const length = listLength(arena, list);
  const out = new Array<number>(length);
  for (let local = 0; local < length; local += 1) out[local] = arena.times![list + 1 + local]!;
  return out;
}

/** The members of `list`, in order, as a new array. */
export function listMembers(arena: PositionArena, list: number): number[] {
  const length = listLength(arena, list);
  const out = new Array<number>(length);
  for (let local = 0; local < length; local += 1) out[local] = arena.words[list + 1 + local]!;
  return out;
}

/** True when `value` is a `PositionArena` (its words and `used`, as `emptyPositionArena` makes one). */
export function isPositionArena(value: unknown): value is PositionArena {
  const arena = value as Partial<PositionArena> | null;
  return typeof arena === 'object' && arena !== null && arena.words instanceof Int32Array && typeof arena.used === 'number' && Array.isArray(arena.free);
}

/**
 * `arena` as a snapshot saves it (`@7`): its words, times and codes up to `used`, without the
 * spare room past it (views, nothing copied). Its lists, handles and free blocks are the same, so
 * the same appends make the same words after a load; the first block past `used` grows the buffers.
 */
export function trimmedPositionArena(arena: PositionArena): PositionArena {
  const used = arena.used;
  return { ...arena, words: arena.words.subarray(0, used), times: arena.times?.subarray(0, used), codes: arena.codes?.subarray(0, used) };
}
