/**
 * The list indexes' two kinds of arena behind one set of reads: a position arena
 * (core/position-arena.ts: a word a member, with times where a list needs them) or an
 * offset arena (`offset-arena.ts`: 2 B a member while a list spans under 65,536 positions). The
 * sources a page is read from (`sources.ts`) and the customers' row counts (`row-counts.ts`) take
 * either. Pure.
 */
import { appendToList as appendToPositionList, removeFromList as removeFromPositionList, listCodeAt as positionListCodeAt, listLength as positionListLength, listLowerBound as positionListLowerBound, listMemberAt as positionListMemberAt, type PositionArena, setListCode as setPositionListCode } from '../../core/position-arena.js';
import { appendToOffsetList, type OffsetArena, offsetListCodeAt, offsetListLength, offsetListLowerBound, offsetListMemberAt, removeFromOffsetList, setOffsetListCode } from './offset-arena.js';

/** An arena of ascending position lists, of either kind. */
export type ListArena = PositionArena | OffsetArena;

/** True when `arena` is an offset arena (read apart from a position arena by its `offsetLists` mark). */
function isOffset(arena: ListArena): arena is OffsetArena {
  return (arena as Partial<OffsetArena>).offsetLists === true;
}

/** How many members `list` holds (0 for `NO_LIST`). */
export function listLength(arena: ListArena, list: number): number {
  return isOffset(arena) ? offsetListLength(arena, list) : positionListLength(arena, list);
}

/** Member `local` of `list` (0 <= local < its length). */
export function listMemberAt(arena: ListArena, list: number, local: number): number {
  return isOffset(arena) ? offsetListMemberAt(arena, list, local) : positionListMemberAt(arena, list, local);
}

/** The first local index of ascending `list` whose member is >= `value` (its length when none). O(log n). */
export function listLowerBound(arena: ListArena, list: number, value: number): number {
  return isOffset(arena) ? offsetListLowerBound(arena, list, value) : positionListLowerBound(arena, list, value);
}

/** The code of member `local` of `list`, in an arena with codes. */
export function listCodeAt(arena: ListArena, list: number, local: number): number {
  return isOffset(arena) ? offsetListCodeAt(arena, list, local) : positionListCodeAt(arena, list, local);
}

/** Sets the code of member `local` of `list` (0..255), in an arena with codes. */
export function setListCode(arena: ListArena, list: number, local: number, code: number): void {
  if (isOffset(arena)) setOffsetListCode(arena, list, local, code);
  else setPositionListCode(arena, list, local, code);
}

/** Appends `value` (at least the list's last member) to `list` (`NO_LIST`: a new list) and returns the list's handle, which differs from `list` when the list moved. */
export function appendToList(arena: ListArena, list: number, value: number): number {
  return isOffset(arena) ? appendToOffsetList(arena, list, value) : appendToPositionList(arena, list, value);
}

/** Removes member `local` of `list` and returns the list's handle (`NO_LIST` once empty; a new one when it moved). O(list length). */
export function removeFromList(arena: ListArena, list: number, local: number): number {
  return isOffset(arena) ? removeFromOffsetList(arena, list, local) : removeFromPositionList(arena, list, local);
}

/** The members of `list`, in order, as a new array (tests and tools; not a page path). */
export function listMembers(arena: ListArena, list: number): number[] {
  const length = listLength(arena, list);
  const out = new Array<number>(length);
  for (let local = 0; local < length; local += 1) out[local] = listMemberAt(arena, list, local);
  return out;
}

/** The members' codes of `list`, in order, as a new array, in an arena with codes (tests and tools). */
export function listCodes(arena: ListArena, list: number): number[] {
  const length = listLength(arena, list);
  const out = new Array<number>(length);
  for (let local = 0; local < length; local += 1) out[local] = listCodeAt(arena, list, local);
  return out;
}

