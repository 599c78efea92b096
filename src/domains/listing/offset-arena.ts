/**
 * Many append-only ascending lists of list positions in one Int32Array, as core/position-arena.ts
 * keeps them, but each member in 2 B while its list spans fewer than 65,536 positions: a list
 * keeps its first member (its base) in a word, and every other member as a 16-bit offset from it,
 * two to a word. Member i is still one read at a fixed offset (a shift and a mask), so binary
 * searches over a list stay O(log n) with no scan. A list whose next member lies 65,536 or more
 * past its base is copied once into a wide block, a word a member (as the position arena holds
 * every list), and stays wide.
 *
 * The list indexes of the API-driven log hold lists of short span (an account's, a card's or a
 * customer's payments come in a run: at 300k events the cards' and accounts' lists span 76
 * positions at the median and 155 at the 90th percentile), so most members take 2 B where they
 * took 4 (docs/performance.md, stop 34). A list spread over the whole log goes wide, and costs
 * what it did in the position arena.
 *
 * Block layout (words from the list's handle). Narrow: its base (>= 0), then half words, the low
 * half of each word first: its length less one, then member i's offset at half word i (i >= 1;
 * member 0 is the base). A narrow list's members are distinct, so its length less one fits a half
 * word too. Wide: its length with the sign bit set, then member i at word i + 1. A block is one of
 * the sizes 2, 3, 5, 8, 12, ... (each half again the last), the smallest that holds the list; a
 * full block is copied into the next size and freed for the next list of its size. A list is named
 * by its block's offset, which changes when it moves: the caller keeps the handle an append returns.
 *
 * An arena made with codes keeps a Uint8Array of two bytes per word: member i's code byte (an
 * owner's type and status codes) at `2 * (list + 1) + i`, in a narrow list and a wide one alike.
 *
 * Plain data (an object, typed arrays, numbers), so that snapshots carry it as they carry the other
 * list indexes (engine/snapshot-data.ts). The same appends in the same order make the same words,
 * so an index rebuilt from the stores equals the live one. Pure functions, no I/O.
 */

import { halfGrowthClasses, halfGrowthClassHolding } from '../../core/half-growth-classes.js';
import { NO_LIST } from '../../core/position-arena.js';
import { resized } from '../../core/typed-growth.js';

/** The largest offset a narrow member holds, and the largest length less one a narrow list's length half holds. */
const MAX_OFFSET = 0xffff;

/** The sign bit of a list's first word: the list is wide (the word holds its length, then a word a member follows). */
const WIDE = 0x80000000 | 0;

/** How much the arena's arrays grow when a block does not fit: by a quarter (as the position arena's). */
const ARENA_GROWTH = 1.25;

// Block sizes in words by class: 2 (a base and one half word of length and one of a member), then 3, 5, 8, 12, ...
const CLASSES = halfGrowthClasses(2, 3);
const SIZES = CLASSES.sizes;

/**
 * The arena: `cells[0, end)` hold blocks; `free[k]` is the first freed block of class k (-1:
 * none), each linking the next in its first word; `codes`, when kept, two bytes per word (member
 * i's at `2 * (list + 1) + i`). `offsetLists` tells it from a position arena in a saved index.
 */
export type OffsetArena = { cells: Int32Array; codes: Uint8Array | undefined; end: number; readonly free: number[]; readonly offsetLists: true };

/** An empty arena (no buffer until the first list), with a code byte per member when `withCodes`. */
export function emptyOffsetArena(withCodes = false): OffsetArena {
  return { cells: new Int32Array(0), codes: withCodes ? new Uint8Array(0) : undefined, end: 0, free: new Array<number>(SIZES.length).fill(-1), offsetLists: true };
}

/** True when `value` is an `OffsetArena` (as `emptyOffsetArena` makes one, or a snapshot gives one back). */
export function isOffsetArena(value: unknown): value is OffsetArena {
  const arena = value as Partial<OffsetArena> | null;
  return typeof arena === 'object' && arena !== null && arena.cells instanceof Int32Array && typeof arena.end === 'number' && Array.isArray(arena.free) && arena.offsetLists === true;
}

/**
 * `arena` as a snapshot saves it: its cells and codes up to `end`, without the spare room past it
 * (views, nothing copied). Its lists and free blocks are the same, so the same appends make the
 * same cells after a load; the first block past `end` grows the arrays.
 */
export function trimmedOffsetArena(arena: OffsetArena): OffsetArena {
  return { ...arena, cells: arena.cells.subarray(0, arena.end), codes: arena.codes?.subarray(0, 2 * arena.end) };
}

/** The words a list of `length` (>= 1) members takes: narrow, its base and `length` half words (its length less one, then every member's offset but the first's); wide, its length and a word a member. */
function wordsFor(length: number, wide: boolean): number {
  return 1 + (wide ? length : (length + 1) >>> 1);
}

/** The class of the smallest block that holds `words` words. */
function classHolding(words: number): number {
  return halfGrowthClassHolding(CLASSES, words);
}

/** Half word `half` after narrow `list`'s base (0: its length less one; i >= 1: member i's offset). */
function halfAt(cells: Int32Array, list: number, half: number): number {
  return (cells[list + 1 + (half >>> 1)]! >>> ((half & 1) << 4)) & MAX_OFFSET;
}

/** How many members `list` holds (0 for `NO_LIST`). */
export function offsetListLength(arena: OffsetArena, list: number): number {
  if (list === NO_LIST) return 0;
  const first = arena.cells[list]!;
  return first < 0 ? first & ~WIDE : (arena.cells[list + 1]! & MAX_OFFSET) + 1;
}

/** True when `list` holds a word a member (its span passed 65,535 positions). */
export function isWideList(arena: OffsetArena, list: number): boolean {
  return list !== NO_LIST && arena.cells[list]! < 0;
}

/** Member `local` of `list` (0 <= local < its length). */
export function offsetListMemberAt(arena: OffsetArena, list: number, local: number): number {
  const cells = arena.cells;
  const first = cells[list]!;
  if (first < 0) return cells[list + 1 + local]!;
  return local === 0 ? first : first + halfAt(cells, list, local);
}

/** The first local index of `list` whose member is >= `value` (its length when none). O(log n). */
export function offsetListLowerBound(arena: OffsetArena, list: number, value: number): number {
  if (list === NO_LIST) return 0;
  const cells = arena.cells;
  const first = cells[list]!;
  if (first < 0) {
    let lo = 0;
    let hi = first & ~WIDE;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cells[list + 1 + mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  // Member 0 is the base, every other the base and an offset of 1 to MAX_OFFSET: a bound outside
  // that range needs no search.
  const offset = value - first;
  const length = (cells[list + 1]! & MAX_OFFSET) + 1;
  if (offset <= 0) return 0;
  if (offset > MAX_OFFSET) return length;
  let lo = 1;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (halfAt(cells, list, mid) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Appends `value` (0 <= value < 2^31, above the list's last member) to `list` (`NO_LIST`: a new
 * list) and returns the list's handle, which differs from `list` when the list moved.
 */
export function appendToOffsetList(arena: OffsetArena, list: number, value: number): number {
  if (list === NO_LIST) {
    const block = allocate(arena, 0);
    arena.cells[block] = value;
    // Length less one 0; the high half (member 1's offset) cleared from a reused block.
    arena.cells[block + 1] = 0;
    return block;
  }
  const first = arena.cells[list]!;
  if (first < 0) {
    const length = first & ~WIDE;
    const block = blockFor(arena, list, length, true);
    arena.cells[block] = first + 1;
    arena.cells[block + 1 + length] = value;
    return block;
  }
  const length = (arena.cells[list + 1]! & MAX_OFFSET) + 1;
  // Unsigned: a value below the base (never appended: lists ascend) would widen rather than wrap.
  // A narrow list's length less one must fit its half word too (its members being distinct, it does).
  const offset = value - first;
  if (offset >>> 0 > MAX_OFFSET || length > MAX_OFFSET) return appendWidening(arena, list, length, value);
  const block = blockFor(arena, list, length, false);
  const cells = arena.cells;
  const at = block + 1 + (length >>> 1);
  // An even half starts its word, clearing what a reused block held in the word's high half.
  cells[at] = (length & 1) === 0 ? offset : (cells[at]! & MAX_OFFSET) | (offset << 16);
  cells[block + 1] = (cells[block + 1]! & ~MAX_OFFSET) | length;
  return block;
}

/** `appendToOffsetList` for an arena with codes: `value` with its code `code` (0..255). */
export function appendCodedToOffsetList(arena: OffsetArena, list: number, value: number, code: number): number {
  const block = appendToOffsetList(arena, list, value);
  arena.codes![2 * (block + 1) + offsetListLength(arena, block) - 1] = code;
  return block;
}

/** The block to hold narrow or `wide` `list` (`length` members) and one more: its own, or a larger one it was copied into. */
function blockFor(arena: OffsetArena, list: number, length: number, wide: boolean): number {
  const used = wordsFor(length, wide);
  const needed = wordsFor(length + 1, wide);
  if (needed === used || needed <= SIZES[classHolding(used)]!) return list;
  const block = allocate(arena, classHolding(needed));
  arena.cells.copyWithin(block, list, list + used);
  moveCodes(arena, list, block, length);
  freeBlock(arena, list, classHolding(used));
  return block;
}

/** Copies narrow `list` (`length` members) into a wide block with `value` appended, frees its old block and returns the new one. */
function appendWidening(arena: OffsetArena, list: number, length: number, value: number): number {
  const block = allocate(arena, classHolding(wordsFor(length + 1, true)));
  const cells = arena.cells;
  const base = cells[list]!;
  cells[block + 1] = base;
  for (let local = 1; local < length; local += 1) cells[block + 1 + local] = base + halfAt(cells, list, local);
  cells[block + 1 + length] = value;
  cells[block] = (length + 1) | WIDE;
  moveCodes(arena, list, block, length);
  freeBlock(arena, list, classHolding(wordsFor(length, false)));
  return block;
}

/**
 * Removes member `local` of `list` (0 <= local < its length) and returns the list's handle:
 * `NO_LIST` once it is empty (its block freed), else the same or, when its length now takes a
 * smaller block, a new one: a list keeps the block its length would have from appends alone
 * (`blockFor` reads a block's size from its list's length), as in the position arena. A wide list
 * stays wide. The list is read and written again whole: O(list length), as the position arena's
 * removal (an external account's deletion; a narrow list's first member going moves its base).
 */
export function removeFromOffsetList(arena: OffsetArena, list: number, local: number): number {
  const length = offsetListLength(arena, list);
  const wide = isWideList(arena, list);
  const members: number[] = [];
  const codes: number[] = [];
  for (let at = 0; at < length; at += 1) {
    if (at === local) continue;
    members.push(offsetListMemberAt(arena, list, at));
    if (arena.codes !== undefined) codes.push(offsetListCodeAt(arena, list, at));
  }
  const cls = classHolding(wordsFor(length, wide));
  arena.codes?.fill(0, 2 * (list + 1), 2 * (list + 1) + length);
  if (members.length === 0) {
    freeBlock(arena, list, cls);
    return NO_LIST;
  }
  const smaller = classHolding(wordsFor(members.length, wide));
  let block = list;
  if (smaller !== cls) {
    block = allocate(arena, smaller);
    freeBlock(arena, list, cls);
  }
  writeList(arena, block, members, wide);
  for (const [at, code] of codes.entries()) setOffsetListCode(arena, block, at, code);
  return block;
}

/** Writes `members` (ascending, at least one; a narrow list's within its base's 65,535) as a narrow or `wide` list at `block`. */
function writeList(arena: OffsetArena, block: number, members: readonly number[], wide: boolean): void {
  const cells = arena.cells;
  const length = members.length;
  if (wide) {
    cells[block] = length | WIDE;
    members.forEach((member, at) => {
      cells[block + 1 + at] = member;
    });
    return;
  }
  const base = members[0]!;
  cells[block] = base;
  // Half 0 the length less one, half i member i's offset; each word written whole.
  for (let half = 0; half < length; half += 2) {
    const low = half === 0 ? length - 1 : members[half]! - base;
    const high = half + 1 < length ? members[half + 1]! - base : 0;
    cells[block + 1 + (half >>> 1)] = low | (high << 16);
  }
}

/** Copies the codes of `length` members from `from` to `to` and clears them at `from`, in an arena with codes. */
function moveCodes(arena: OffsetArena, from: number, to: number, length: number): void {
  const codes = arena.codes;
  if (codes === undefined) return;
  const start = 2 * (from + 1);
  codes.copyWithin(2 * (to + 1), start, start + length);
  // Cleared: the bytes past a list's end are then the same in an index kept live (codes changed
  // in place) and in one rebuilt from the stores (final codes), as in the position arena.
  codes.fill(0, start, start + length);
}

/** Puts `block` of class `cls` on its free list. */
function freeBlock(arena: OffsetArena, block: number, cls: number): void {
  arena.cells[block] = arena.free[cls]!;
  arena.free[cls] = block;
}

/** A block of class `cls`: a freed one, else one past `end` (the cells grown by a quarter when full). */
function allocate(arena: OffsetArena, cls: number): number {
  const reused = arena.free[cls]!;
  if (reused !== -1) {
    arena.free[cls] = arena.cells[reused]!;
    return reused;
  }
  const block = arena.end;
  const end = block + SIZES[cls]!;
  if (end > arena.cells.length) {
    const size = Math.max(end, 256, Math.ceil(arena.cells.length * ARENA_GROWTH));
    arena.cells = resized(arena.cells, size, arena.end);
    if (arena.codes !== undefined) arena.codes = resized(arena.codes, 2 * size, 2 * arena.end);
  }
  arena.end = end;
  return block;
}

/** The code of member `local` of `list`, in an arena with codes. */
export function offsetListCodeAt(arena: OffsetArena, list: number, local: number): number {
  return arena.codes![2 * (list + 1) + local]!;
}

/** Sets the code of member `local` of `list` (0 <= local < its length; 0..255), in an arena with codes. */
export function setOffsetListCode(arena: OffsetArena, list: number, local: number, code: number): void {
  arena.codes![2 * (list + 1) + local] = code;
}
