/**
 * The ordered sets a list page is read from, each a set of positions in one append-only creation
 * order: every position of a range, an ascending array of positions (an equality filter whose
 * value never changes: a customer, a type, a card), the positions of one code of a `CodeIndex` (a
 * status), or those of one code among an owner's positions (one customer's records of a status).
 * Each answers a count over a range and the nearest member on either side of a bound in
 * O(log n), so a page costs O(log n + page) whatever the list's size. Pure.
 */
import { type CodeIndex, countCodeBelow, countOtherCodesBelow, nextWithCode, nextWithOtherCode, previousWithCode, previousWithOtherCode } from './code-index.js';
import { copyAppending } from './exact-array.js';
import { rowCountSource, type RowCounts, type RowField } from './row-counts.js';
import { NO_LIST } from '../../core/position-arena.js';
import { appendToList, type ListArena, listCodeAt, listLength, listLowerBound, listMemberAt } from './list-arena.js';

/** An ordered set of positions. */
export type PositionSource = {
  /** How many members lie in [lo, hi). */
  readonly count: (lo: number, hi: number) => number;
  /** The largest member below `bound`, or -1. */
  readonly previous: (bound: number) => number;
  /** The smallest member at or after `from`, or -1. */
  readonly next: (from: number) => number;
};

/** Every position. */
export const ALL_POSITIONS: PositionSource = {
  count: (lo, hi) => Math.max(0, hi - lo),
  previous: (bound) => bound - 1,
  next: (from) => from,
};

/** The members of an ascending array of positions. */
export function sortedSource(positions: readonly number[]): PositionSource {
  return {
    count: (lo, hi) => Math.max(0, lowerBound(positions, hi) - lowerBound(positions, lo)),
    previous: (bound) => {
      const at = lowerBound(positions, bound) - 1;
      return at >= 0 ? (positions[at] ?? -1) : -1;
    },
    next: (from) => positions[lowerBound(positions, from)] ?? -1,
  };
}

/** The members of an ascending list of `arena` (`NO_LIST`: none), as `sortedSource`. */
export function arenaListSource(arena: ListArena, list: number): PositionSource {
  return {
    count: (lo, hi) => Math.max(0, listLowerBound(arena, list, hi) - listLowerBound(arena, list, lo)),
    previous: (bound) => {
      const at = listLowerBound(arena, list, bound) - 1;
      return at >= 0 ? listMemberAt(arena, list, at) : -1;
    },
    next: (from) => {
      const at = listLowerBound(arena, list, from);
      return at < listLength(arena, list) ? listMemberAt(arena, list, at) : -1;
    },
  };
}

/** The positions of `index` holding `code`. */
export function codeSource(index: CodeIndex, code: number): PositionSource {
  return {
    count: (lo, hi) => Math.max(0, countCodeBelow(index, code, hi) - countCodeBelow(index, code, lo)),
    previous: (bound) => previousWithCode(index, code, bound),
    next: (from) => nextWithCode(index, code, from),
  };
}

/** The positions of `index` holding any code but `code` (a customer's rows but its card transactions). */
export function otherCodeSource(index: CodeIndex, code: number): PositionSource {
  return {
    count: (lo, hi) => Math.max(0, countOtherCodesBelow(index, code, hi) - countOtherCodesBelow(index, code, lo)),
    previous: (bound) => previousWithOtherCode(index, code, bound),
    next: (from) => nextWithOtherCode(index, code, from),
  };
}

/**
 * The members of an owner's ascending `positions` whose code in `codes` (parallel to
 * `positions`: local position i is `positions[i]`) is `code`: one owner's records of one status,
 * in the shared creation order. O(log n) per call, as `codeSource`.
 */
export function ownedCodeSource(positions: readonly number[], codes: CodeIndex, code: number): PositionSource {
  const positionOf = (local: number): number => (local === -1 ? -1 : (positions[local] ?? -1));
  return {
    count: (lo, hi) => Math.max(0, countCodeBelow(codes, code, lowerBound(positions, hi)) - countCodeBelow(codes, code, lowerBound(positions, lo))),
    previous: (bound) => positionOf(previousWithCode(codes, code, lowerBound(positions, bound))),
    next: (from) => positionOf(nextWithCode(codes, code, lowerBound(positions, from))),
  };
}

/**
 * The members of an owner's ascending `list` of `arena` whose local positions (indexes into the
 * list) are those of `local`: bounds in the shared order become local ones by a binary search,
 * and local answers become members. O(log n) beside what `local` costs.
 */
function ownedListSource(arena: ListArena, list: number, local: PositionSource): PositionSource {
  const memberOf = (at: number): number => (at === -1 ? -1 : listMemberAt(arena, list, at));
  const localBound = (bound: number): number => listLowerBound(arena, list, bound);
  return {
    count: (lo, hi) => local.count(localBound(lo), localBound(hi)),
    previous: (bound) => memberOf(local.previous(localBound(bound))),
    next: (from) => memberOf(local.next(localBound(from))),
  };
}

/** `ownedCodeSource` for an owner's positions kept as a list of `arena`, its codes in `codes` (a long list's trees). */
export function ownedArenaCodeSource(arena: ListArena, list: number, codes: CodeIndex, code: number): PositionSource {
  return ownedListSource(arena, list, codeSource(codes, code));
}

/**
 * The members of a customer's `list` (past one block, its rows counted in `counts`) whose `field`
 * code is `code` (`listing/row-counts.ts`). O(log n) a call.
 */
export function ownedRowCountSource(arena: ListArena, list: number, counts: RowCounts, field: RowField, code: number): PositionSource {
  return ownedListSource(arena, list, rowCountSource(arena, list, counts, field, code));
}

/**
 * The members of `list` of an arena with codes whose code, read through `codeOf` (a field of the
 * member's code byte), is `code`. A scan of the list (`localCodeSource`): for an owner's short
 * list (at most one `CODE_BLOCK_SIZE` block), which costs what a `CodeIndex` over it would; a
 * long list has one (`ownedArenaCodeSource`).
 */
export function ownedListCodeSource(arena: ListArena, list: number, codeOf: (byte: number) => number, code: number): PositionSource {
  return ownedListSource(arena, list, localCodeSource(arena, list, codeOf, code));
}

/**
 * The local positions (indexes into `list`, not its members) of `list` of an arena with codes
 * whose code, read through `codeOf`, is `code`: a scan, for a short list as `ownedListCodeSource`.
 */
export function localCodeSource(arena: ListArena, list: number, codeOf: (byte: number) => number, code: number): PositionSource {
  return localMatchSource(arena, list, (byte) => codeOf(byte) === code);
}

/** The local positions of `list` of an arena with codes whose code byte `matches`: a scan, for a short list as `localCodeSource`. */
export function localMatchSource(arena: ListArena, list: number, matches: (byte: number) => boolean): PositionSource {
  const length = listLength(arena, list);
  const at = (local: number): boolean => matches(listCodeAt(arena, list, local));
  return {
    count: (lo, hi) => {
      let count = 0;
      for (let local = Math.max(lo, 0), end = Math.min(hi, length); local < end; local += 1) if (at(local)) count += 1;
      return count;
    },
    previous: (bound) => {
      for (let local = Math.min(bound, length) - 1; local >= 0; local -= 1) if (at(local)) return local;
      return -1;
    },
    next: (from) => {
      for (let local = Math.max(from, 0); local < length; local += 1) if (at(local)) return local;
      return -1;
    },
  };
}

/** The first index of `sorted` whose value is >= `value` (its length when none). Pure. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position in [0, length) whose key is >= `value`, keys ascending with position. Pure. */
export function firstPositionAtLeast(length: number, keyAt: (position: number) => number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Lists up to this long are kept exact-size (see `pushPosition`). */
const SHORT_LIST = 16;

/**
 * Appends `position` to the list of `key` in `map` (positions arrive ascending). A short list is
 * replaced by a copy one longer: `push` would reserve 16 spare slots (~130 B) on the second
 * member, and most keys (an account, a customer, a card) hold a few positions.
 */
export function pushPosition<K>(map: Map<K, number[]>, key: K, position: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [position]);
  else if (list.length < SHORT_LIST) map.set(key, copyAppending(list, position));
  else list.push(position);
}

/** Appends `position` to the list of `key` in `map`, the lists kept in `arena` (core/position-arena.ts or `offset-arena.ts`), and returns the list's handle. */
export function pushArenaPosition<K>(arena: ListArena, map: Map<K, number>, key: K, position: number): number {
  const list = map.get(key);
  const moved = appendToList(arena, list ?? NO_LIST, position);
  if (moved !== list) map.set(key, moved);
  return moved;
}

/**
 * `list` with `value` appended: a copy one longer while the list is short (no spare capacity),
 * else `list` itself after a `push`. Store the result back where `list` came from.
 */
export function appended(list: number[], value: number): number[] {
  if (list.length < SHORT_LIST) return copyAppending(list, value);
  list.push(value);
  return list;
}
