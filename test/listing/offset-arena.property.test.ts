/**
 * The offset arena (`listing/offset-arena.ts`, stop 34) against a Map of plain arrays: any appends
 * over many lists, with gaps small (narrow lists, 2 B a member) and past 65,535 (a list going
 * wide mid-way), each member, length, lower bound and code read back; codes changed in place move
 * with their members; members removed anywhere (a narrow list's base moving); freed blocks reused; the same appends make the same words; and a snapshot's
 * data codec carries the arena as it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendToList, emptyPositionArena, NO_LIST } from '../../src/core/position-arena.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { appendCodedToOffsetList, appendToOffsetList, emptyOffsetArena, isOffsetArena, isWideList, type OffsetArena, offsetListCodeAt, offsetListLength, offsetListLowerBound, offsetListMemberAt, removeFromOffsetList, setOffsetListCode, trimmedOffsetArena } from '../../src/domains/listing/offset-arena.js';

type Step = { readonly list: number; readonly gap: number; readonly code: number; readonly recode: number };

/** Steps: which of `lists` lists takes the next position, how far past the last position it lies, its code, and a member whose code to change (when below its length). */
const steps = (lists: number): fc.Arbitrary<Step[]> =>
  fc.array(
    fc.record({
      list: fc.nat({ max: lists - 1 }),
      // Mostly small gaps; some near and past the narrow limit.
      gap: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 30_000, max: 70_000 }) }),
      code: fc.nat({ max: 255 }),
      recode: fc.nat({ max: 400 }),
    }),
    { maxLength: 600 },
  );

/** The arena the steps make, each list's handle, and the model: members and codes by list. */
function run(plan: readonly Step[], lists: number, withCodes: boolean): { arena: OffsetArena; handles: number[]; model: { members: number[]; codes: number[] }[] } {
  const arena = emptyOffsetArena(withCodes);
  const handles = new Array<number>(lists).fill(NO_LIST);
  const model = Array.from({ length: lists }, () => ({ members: [] as number[], codes: [] as number[] }));
  let position = 0;
  for (const step of plan) {
    position += step.gap;
    const own = model[step.list]!;
    handles[step.list] = withCodes ? appendCodedToOffsetList(arena, handles[step.list]!, position, step.code) : appendToOffsetList(arena, handles[step.list]!, position);
    own.members.push(position);
    own.codes.push(step.code);
    if (withCodes && step.recode < own.members.length) {
      setOffsetListCode(arena, handles[step.list]!, step.recode, (step.code + 1) % 256);
      own.codes[step.recode] = (step.code + 1) % 256;
    }
  }
  return { arena, handles, model };
}

/** Every read of `arena` against the model. */
function expectReads(arena: OffsetArena, handles: readonly number[], model: readonly { members: number[]; codes: number[] }[], withCodes: boolean): void {
  handles.forEach((list, key) => {
    const { members, codes } = model[key]!;
    expect(offsetListLength(arena, list)).toBe(members.length);
    expect(members.map((_, local) => offsetListMemberAt(arena, list, local))).toEqual(members);
    if (withCodes) expect(members.map((_, local) => offsetListCodeAt(arena, list, local))).toEqual(codes);
    // Every member, one either side, and before and after all.
    const bounds = [-1, 0, ...members.flatMap((member) => [member - 1, member, member + 1]), (members.at(-1) ?? 0) + 70_000];
    for (const bound of bounds) {
      const expected = members.findIndex((member) => member >= bound);
      expect(offsetListLowerBound(arena, list, bound)).toBe(expected === -1 ? members.length : expected);
    }
  });
}

describe('offset arena', () => {
  it('reads back what a Map of arrays holds, for any appends, narrow lists and lists gone wide alike, with codes moved with their members', () => {
    fc.assert(
      fc.property(steps(12), fc.boolean(), (plan, withCodes) => {
        const { arena, handles, model } = run(plan, 12, withCodes);
        expectReads(arena, handles, model, withCodes);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a list narrow (2 B a member) while it spans under 65,536 positions, then wide, its members the same', () => {
    const arena = emptyOffsetArena(true);
    let list = NO_LIST;
    const members: number[] = [];
    for (let local = 0; local < 300; local += 1) {
      const position = 5 + local * 219; // 299 x 219 = 65,481: still narrow
      list = appendCodedToOffsetList(arena, list, position, local % 7);
      members.push(position);
    }
    expect(isWideList(arena, list)).toBe(false);
    // A base word and 300 half words (151 words) where a position arena holds 301 words: the
    // blocks it took along the way (621 words) two thirds of the position arena's (936).
    const words = emptyPositionArena(false, false, true);
    members.reduce((handle, member) => appendToList(words, handle, member), NO_LIST);
    expect(arena.end).toBeLessThan(0.7 * words.used);
    list = appendCodedToOffsetList(arena, list, 5 + 65_536, 3);
    members.push(5 + 65_536);
    expect(isWideList(arena, list)).toBe(true);
    expectReads(arena, [list], [{ members, codes: members.map((_, local) => (local === 300 ? 3 : local % 7)) }], true);
  });

  it('gives a freed block to the next list of its size, and makes the same words from the same appends', () => {
    const arena = emptyOffsetArena();
    const first = appendToOffsetList(arena, NO_LIST, 1);
    const grown = appendToOffsetList(arena, appendToOffsetList(arena, first, 2), 3);
    expect(grown).not.toBe(first);
    expect(appendToOffsetList(arena, NO_LIST, 9)).toBe(first);
    fc.assert(
      fc.property(steps(6), (plan) => {
        const a = run(plan, 6, true);
        const b = run(plan, 6, true);
        expect([b.handles, Array.from(b.arena.cells), Array.from(b.arena.codes!)]).toEqual([a.handles, Array.from(a.arena.cells), Array.from(a.arena.codes!)]);
      }),
      { numRuns: 50 },
    );
  });

  it('holds the same bytes whether codes were changed in place or appended as they end (an index kept live and one rebuilt from the stores)', () => {
    fc.assert(
      fc.property(steps(6), (plan) => {
        const live = run(plan, 6, true);
        // The final codes appended at once, in the same order of appends.
        const finalCodes = live.model.map((own) => [...own.codes]);
        const taken = new Array<number>(6).fill(0);
        const nextCode = (list: number): number => {
          const local = taken[list]!;
          taken[list] = local + 1;
          return finalCodes[list]![local]!;
        };
        const rebuilt = run(plan.map((step) => ({ ...step, code: nextCode(step.list), recode: 1e9 })), 6, true);
        expect(Array.from(rebuilt.arena.codes!)).toEqual(Array.from(live.arena.codes!));
      }),
      { numRuns: 100 },
    );
    // One list, its first member's code changed after the list left its first blocks.
    const live = run([...Array.from({ length: 10 }, () => ({ list: 0, gap: 1, code: 1, recode: 1e9 })), { list: 0, gap: 1, code: 1, recode: 0 }], 1, true);
    const rebuilt = run(Array.from({ length: 11 }, (_, local) => ({ list: 0, gap: 1, code: local === 0 ? 2 : 1, recode: 1e9 })), 1, true);
    expect(Array.from(rebuilt.arena.codes!)).toEqual(Array.from(live.arena.codes!));
  });

  it('removes any member, narrow lists and wide ones alike, down to empty, and appends after as the model does', () => {
    fc.assert(
      fc.property(steps(5), fc.array(fc.record({ list: fc.nat({ max: 4 }), at: fc.nat(), append: fc.boolean() }), { maxLength: 300 }), fc.boolean(), (plan, edits, withCodes) => {
        const { arena, handles, model } = run(plan, 5, withCodes);
        let next = plan.reduce((sum, step) => sum + step.gap, 0);
        for (const edit of edits) {
          const own = model[edit.list]!;
          if (edit.append || own.members.length === 0) {
            next += 1;
            handles[edit.list] = withCodes ? appendCodedToOffsetList(arena, handles[edit.list]!, next, next % 256) : appendToOffsetList(arena, handles[edit.list]!, next);
            own.members.push(next);
            own.codes.push(next % 256);
            continue;
          }
          const at = edit.at % own.members.length;
          handles[edit.list] = removeFromOffsetList(arena, handles[edit.list]!, at);
          own.members.splice(at, 1);
          own.codes.splice(at, 1);
          expect(handles[edit.list] === NO_LIST).toBe(own.members.length === 0);
        }
        expectReads(arena, handles, model, withCodes);
      }),
      { numRuns: 300 },
    );
  });

  it('is carried by the snapshot data codec as it is, and appended to alike after', () => {
    fc.assert(
      fc.property(steps(6), (plan) => {
        const { arena, handles, model } = run(plan, 6, true);
        const loaded = decodeData(JSON.parse(JSON.stringify(encodeData(arena))));
        expect(isOffsetArena(loaded)).toBe(true);
        const copy = loaded as OffsetArena;
        expectReads(copy, handles, model, true);
        const next = (model[0]!.members.at(-1) ?? 0) + 1;
        expect(offsetListMemberAt(copy, appendToOffsetList(copy, handles[0]!, next), model[0]!.members.length)).toBe(next);
      }),
      { numRuns: 30 },
    );
  });
  it('saves trimmed to its used cells, and takes the same appends after a load as the arena it was saved from', () => {
    fc.assert(
      fc.property(steps(6), steps(6), (before, after) => {
        const { arena, handles, model } = run(before, 6, true);
        const saved = trimmedOffsetArena(arena);
        expect([saved.cells.length, saved.codes!.length]).toEqual([arena.end, 2 * arena.end]);
        const loaded = decodeData(JSON.parse(JSON.stringify(encodeData(saved)))) as OffsetArena;
        expectReads(loaded, handles, model, true);
        const loadedHandles = [...handles];
        let position = Math.max(0, ...model.map((own) => own.members.at(-1) ?? 0));
        for (const step of after) {
          position += step.gap;
          handles[step.list] = appendCodedToOffsetList(arena, handles[step.list]!, position, step.code);
          loadedHandles[step.list] = appendCodedToOffsetList(loaded, loadedHandles[step.list]!, position, step.code);
        }
        expect(loadedHandles).toEqual(handles);
        expect(loaded.end).toBe(arena.end);
        expect([...loaded.cells.subarray(0, loaded.end)]).toEqual([...arena.cells.subarray(0, arena.end)]);
        expect([...loaded.codes!.subarray(0, 2 * loaded.end)]).toEqual([...arena.codes!.subarray(0, 2 * arena.end)]);
      }),
      { numRuns: 50 },
    );
  });
});
