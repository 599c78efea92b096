/**
 * Many append-only ascending lists of list positions in one Int32Array, as core/position-arena.ts
 * keeps them, but each member in 2 B while its list spans fewer than 65,536 positions: a list
 * keeps its first member (its base) in a word, and each member as a 16-bit offset from it, two to
 * a word. Member i is still one read at a fixed offset (`list + 2 + i / 2`, a shift and a mask),
 * so binary searches over a list stay O(log n) with no scan. A list whose next member lies 65,536
 * or more past its base is copied once into a wide block, a word a member (as the position arena
 * holds every list), and stays wide.
 *
 * The list indexes of the API-driven log hold lists of short span (an account's, a card's or a
 * customer's payments come in a run: at 300k events the cards' and accounts' lists span 76
 * positions at the median and 155 at the 90th percentile), so most members take 2 B where they
 * took 4 (docs/performance.md, stop 34). A list spread over the whole log goes wide, and costs
 * what it did in the position arena plus one word.
 *
 * Block layout (words from the list's handle): its length, the sign bit set once wide; its base;
 * then its members (narrow: member i in the low half of word i / 2 when i is even, else the high
 * half; wide: member i in word i). A block is one of the sizes 3, 5, 8, 12, 18, ... (each half
 * again the last), the smallest that holds the list; a full block is copied into the next size and
 * freed for the next list of its size. A list is named by its block's offset, which changes when
 * it moves: the caller keeps the handle an append returns.
 *
 * An arena made with codes keeps a Uint8Array of two bytes per word: member i's code byte (an
 * owner's type and status codes) at `2 * (list + 2) + i`, in a narrow list and a wide one alike.
 *
 * Plain data (an object, typed arrays, numbers), so that snapshots carry it as they carry the other
 * list indexes (engine/snapshot-data.ts). The same appends in the same order make the same words,
 * so an index rebuilt from the stores equals the live one. Pure functions, no I/O.
 */

import { NO_LIST } from '../../core/position-arena.js';

/** The largest offset a narrow member holds. */
const MAX_OFFSET = 0xffff;

/** Bit 31 of a list's length word: the list is wide (a word a member). */
const WIDE = 0x80000000 | 0;

/** Words before a list's members: its length and its base. */
const HEADER_WORDS = 2;

/** How much the arena's arrays grow when a block does not fit: by a quarter (as the position arena's). */
const ARENA_GROWTH = 1.25;

/** Block sizes in words by class: 3 (a header and two narrow members), then each half again the last (rounded up), up to past 2^30. */
const SIZES: readonly number[] = (() => {
  const sizes = [3];
  while (sizes[sizes.length - 1]! < 2 ** 30) sizes.push(Math.ceil(sizes[sizes.length - 1]! * 1.5));
  return sizes;
})();

/** The class of each block size below `LOOKUP` words: the smallest class that holds it (one read on an append). */
const LOOKUP = 4096;
const CLASS_BY_SIZE: Uint8Array = (() => {
  const classes = new Uint8Array(LOOKUP);
  let cls = 0;
  for (let size = 0; size < LOOKUP; size += 1) {
    while (SIZES[cls]! < size) cls += 1;
    classes[size] = cls;
  }
  return classes;
})();

/**
 * The arena: `cells[0, end)` hold blocks; `free[k]` is the first freed block of class k (-1:
 * none), each linking the next in its first word; `codes`, when kept, two bytes per word (member
 * i's at `2 * (list + 2) + i`). `offsetLists` tells it from a position arena in a saved index.
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

/** The words a list of `length` members takes: its header and its members, two to a word while narrow. */
function wordsFor(length: number, wide: boolean): number {
  return HEADER_WORDS + (wide ? length : (length + 1) >>> 1);
}

/** The class of the smallest block that holds `words` words. */
function classHolding(words: number): number {
  if (words < LOOKUP) return CLASS_BY_SIZE[words]!;
  let cls = CLASS_BY_SIZE[LOOKUP - 1]!;
  while (SIZES[cls]! < words) cls += 1;
  return cls;
}

/** How many members `list` holds (0 for `NO_LIST`). */
export function offsetListLength(arena: OffsetArena, list: number): number {
  return list === NO_LIST ? 0 : arena.cells[list]! & ~WIDE;
}

/** True when `list` holds a word a member (its span passed 65,535 positions). */
export function isWideList(arena: OffsetArena, list: number): boolean {
  return list !== NO_LIST && arena.cells[list]! < 0;
}

/** Member `local` of `list` (0 <= local < its length). */
export function offsetListMemberAt(arena: OffsetArena, list: number, local: number): number {
  const cells = arena.cells;
  if (cells[list]! < 0) return cells[list + HEADER_WORDS + local]!;
  return cells[list + 1]! + ((cells[list + HEADER_WORDS + (local >>> 1)]! >>> ((local & 1) << 4)) & MAX_OFFSET);
}

/** The first local index of `list` whose member is >= `value` (its length when none). O(log n). */
export function offsetListLowerBound(arena: OffsetArena, list: number, value: number): number {
  if (list === NO_LIST) return 0;
  const cells = arena.cells;
  const header = cells[list]!;
  const length = header & ~WIDE;
  const first = list + HEADER_WORDS;
  let lo = 0;
  let hi = length;
  if (header < 0) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cells[first + mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  // Every member is base + an offset of at most MAX_OFFSET: a bound outside that range needs no search.
  const offset = value - cells[list + 1]!;
  if (offset <= 0) return 0;
  if (offset > MAX_OFFSET) return length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (((cells[first + (mid >>> 1)]! >>> ((mid & 1) << 4)) & MAX_OFFSET) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Appends `value` (0 <= value < 2^31, at least the list's last member) to `list` (`NO_LIST`: a
 * new list) and returns the list's handle, which differs from `list` when the list moved.
 */
export function appendToOffsetList(arena: OffsetArena, list: number, value: number): number {
  if (list === NO_LIST) {
    const block = allocate(arena, 0);
    const cells = arena.cells;
    cells[block] = 1;
    cells[block + 1] = value;
    cells[block + HEADER_WORDS] = 0;
    return block;
  }
  const header = arena.cells[list]!;
  const length = header & ~WIDE;
  // Unsigned: a value below the base (never appended: lists ascend) would widen rather than wrap.
  if (header >= 0 && (value - arena.cells[list + 1]!) >>> 0 > MAX_OFFSET) return appendWidening(arena, list, length, value);
  const wide = header < 0;
  const block = blockFor(arena, list, length, wide);
  const cells = arena.cells;
  cells[block] = header + 1;
  if (wide) cells[block + HEADER_WORDS + length] = value;
  else {
    const at = block + HEADER_WORDS + (length >>> 1);
    const offset = value - cells[block + 1]!;
    // An even member starts its word, clearing what a reused block held in its high half.
    cells[at] = (length & 1) === 0 ? offset : (cells[at]! & MAX_OFFSET) | (offset << 16);
  }
  return block;
}

/** `appendToOffsetList` for an arena with codes: `value` with its code `code` (0..255). */
export function appendCodedToOffsetList(arena: OffsetArena, list: number, value: number, code: number): number {
  const block = appendToOffsetList(arena, list, value);
  arena.codes![2 * (block + HEADER_WORDS) + offsetListLength(arena, block) - 1] = code;
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
  const base = cells[list + 1]!;
  for (let local = 0; local < length; local += 1) {
    cells[block + HEADER_WORDS + local] = base + ((cells[list + HEADER_WORDS + (local >>> 1)]! >>> ((local & 1) << 4)) & MAX_OFFSET);
  }
  cells[block + HEADER_WORDS + length] = value;
  cells[block] = (length + 1) | WIDE;
  cells[block + 1] = base;
  moveCodes(arena, list, block, length);
  freeBlock(arena, list, classHolding(wordsFor(length, false)));
  return block;
}

/** Copies the codes of `length` members from `from` to `to` and clears them at `from`, in an arena with codes. */
function moveCodes(arena: OffsetArena, from: number, to: number, length: number): void {
  const codes = arena.codes;
  if (codes === undefined) return;
  const start = 2 * (from + HEADER_WORDS);
  codes.copyWithin(2 * (to + HEADER_WORDS), start, start + length);
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
    const grown = new Int32Array(size);
    grown.set(arena.cells.subarray(0, arena.end));
    arena.cells = grown;
    if (arena.codes !== undefined) {
      const codes = new Uint8Array(2 * size);
      codes.set(arena.codes.subarray(0, 2 * arena.end));
      arena.codes = codes;
    }
  }
  arena.end = end;
  return block;
}

/** The code of member `local` of `list`, in an arena with codes. */
export function offsetListCodeAt(arena: OffsetArena, list: number, local: number): number {
  return arena.codes![2 * (list + HEADER_WORDS) + local]!;
}

/** Sets the code of member `local` of `list` (0 <= local < its length; 0..255), in an arena with codes. */
export function setOffsetListCode(arena: OffsetArena, list: number, local: number, code: number): void {
  arena.codes![2 * (list + HEADER_WORDS) + local] = code;
}
