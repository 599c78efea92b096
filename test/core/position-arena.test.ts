/**
 * The position arena holds each list's members in order across block moves and reuses freed
 * blocks, and the same appends make the same words (snapshots of live and rebuilt indexes agree),
 * an arena saved trimmed to its used words (`@7`) included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { appendCodedToList, appendTimedToList, appendToList, emptyPositionArena, isPositionArena, listCodeAt, listCodes, listFirstTimeAtLeast, listLength, listLowerBound, listMemberAt, listMembers, listTimeAt, listTimes, NO_LIST, type PositionArena, removeFromList, setListCode, trimmedPositionArena } from '../../src/core/position-arena.js';

/** Appends to 40 lists of skewed sizes, returning the arena, each list's handle and the model. */
function filled(appends: number, grownByHalf = false): { arena: ReturnType<typeof emptyPositionArena>; handles: number[]; model: number[][] } {
  const arena = emptyPositionArena(false, false, grownByHalf);
  const handles = new Array<number>(40).fill(NO_LIST);
  const model: number[][] = Array.from({ length: 40 }, () => []);
  for (let position = 0; position < appends; position += 1) {
    // Skewed: list 0 gets every third position, the others a pseudo-random share.
    const key = position % 3 === 0 ? 0 : 1 + ((position * 7919) % 39);
    handles[key] = appendToList(arena, handles[key]!, position);
    model[key]!.push(position);
  }
  return { arena, handles, model };
}

describe('position arena', () => {
  it('keeps every list\'s members in order across block moves', () => {
    const { arena, handles, model } = filled(5000);
    handles.forEach((list, key) => {
      expect(listMembers(arena, list)).toEqual(model[key]);
      expect(listLength(arena, list)).toBe(model[key]!.length);
    });
  });

  it('answers lower bounds and members by local index as a sorted array does', () => {
    const { arena, handles, model } = filled(3000);
    for (const [key, list] of handles.entries()) {
      const members = model[key]!;
      for (const value of [-1, 0, 1, 17, 1500, 2999, 3000, 10_000]) {
        const expected = members.findIndex((member) => member >= value);
        expect(listLowerBound(arena, list, value)).toBe(expected === -1 ? members.length : expected);
      }
      for (const [local, member] of members.entries()) expect(listMemberAt(arena, list, local)).toBe(member);
    }
    expect(listLowerBound(arena, NO_LIST, 5)).toBe(0);
    expect(listMembers(arena, NO_LIST)).toEqual([]);
  });

  it('uses at most four words per member and header (a block and the smaller ones it left)', () => {
    const { arena, model } = filled(20_000);
    const needed = model.reduce((sum, members) => sum + members.length + 1, 0);
    expect(arena.used).toBeLessThanOrEqual(4 * needed);
  });

  it('grows its words by a quarter when a block does not fit (stop 32): never more than a quarter spare past 256 words', () => {
    const arena = emptyPositionArena(false, true, true);
    const lengths = new Set<number>();
    let list = NO_LIST;
    for (let position = 0; position < 20_000; position += 1) {
      list = appendCodedToList(arena, list, position, 1);
      lengths.add(arena.words.length);
      expect(arena.words.length).toBeLessThanOrEqual(Math.max(256, Math.ceil(arena.used * 1.25)));
      expect(arena.codes!.length).toBe(arena.words.length);
    }
    expect(lengths.size).toBeGreaterThan(10);
    expect(listMembers(arena, list).length).toBe(20_000);
  });

  it('gives a freed block to the next list of its size', () => {
    const arena = emptyPositionArena();
    const first = appendToList(arena, NO_LIST, 1);
    const moved = appendToList(arena, first, 2);
    expect(moved).not.toBe(first);
    const second = appendToList(arena, NO_LIST, 3);
    expect(second).toBe(first);
    expect([listMembers(arena, moved), listMembers(arena, second)]).toEqual([[1, 2], [3]]);
  });

  it('makes the same words from the same appends', () => {
    const a = filled(4000);
    const b = filled(4000);
    expect(b.handles).toEqual(a.handles);
    expect(Array.from(b.arena.words)).toEqual(Array.from(a.arena.words));
  });

  it('keeps each member\'s time beside it across block moves and arena growth', () => {
    const arena = emptyPositionArena(true);
    const handles = [NO_LIST, NO_LIST, NO_LIST];
    const model: [number, number][][] = [[], [], []];
    for (let position = 0; position < 2000; position += 1) {
      const key = position % 5 === 0 ? 0 : position % 2 === 0 ? 1 : 2;
      // Epoch ms beyond an Int32, non-decreasing with ties.
      const timeMs = 1.7e12 + Math.floor(position / 3) * 1000;
      handles[key] = appendTimedToList(arena, handles[key]!, position, timeMs);
      model[key]!.push([position, timeMs]);
    }
    handles.forEach((list, key) => {
      const members = model[key]!;
      expect([listMembers(arena, list), listTimes(arena, list)]).toEqual([members.map(([p]) => p), members.map(([, t]) => t)]);
      for (const timeMs of [0, 1.7e12, 1.7e12 + 5000, 1.7e12 + 333_000, 1.8e12]) {
        const expected = members.findIndex(([, t]) => t >= timeMs);
        expect(listFirstTimeAtLeast(arena, list, timeMs)).toBe(expected === -1 ? members.length : expected);
      }
      expect(listTimeAt(arena, list, 0)).toBe(members[0]![1]);
    });
  });

  it('keeps each member\'s code beside it across block moves, arena growth and code changes', () => {
    const arena = emptyPositionArena(true, true);
    const handles = [NO_LIST, NO_LIST, NO_LIST];
    const model: [number, number][][] = [[], [], []];
    for (let position = 0; position < 2000; position += 1) {
      const key = position % 5 === 0 ? 0 : position % 2 === 0 ? 1 : 2;
      const code = (position * 37) % 256;
      // Timed and coded at once, as an owner's payments are.
      const list = appendTimedToList(arena, handles[key]!, position, 1.7e12 + position);
      setListCode(arena, list, listLength(arena, list) - 1, code);
      handles[key] = list;
      model[key]!.push([position, code]);
      if (position % 7 === 0) {
        // Changing an earlier member's code moves with it when its block is copied.
        const local = Math.floor(model[key]!.length / 2);
        setListCode(arena, list, local, (local * 3 + 1) % 256);
        model[key]![local]![1] = (local * 3 + 1) % 256;
      }
    }
    handles.forEach((list, key) => {
      const members = model[key]!;
      expect([listMembers(arena, list), listCodes(arena, list)]).toEqual([members.map(([p]) => p), members.map(([, c]) => c)]);
      expect(listCodeAt(arena, list, 1)).toBe(members[1]![1]);
    });
  });

  it('appends a coded member with its code', () => {
    const arena = emptyPositionArena(false, true);
    let list = NO_LIST;
    for (let value = 0; value < 100; value += 1) list = appendCodedToList(arena, list, value, value % 11);
    expect(listCodes(arena, list)).toEqual(Array.from({ length: 100 }, (_, value) => value % 11));
    expect(arena.times).toBeUndefined();
  });

  it.each([false, true])('saves trimmed to its used words, and takes the same appends after a load as the arena it was saved from (grown by half: %s)', (grownByHalf) => {
    const arena = emptyPositionArena(true, true, grownByHalf);
    const handles = new Array<number>(30).fill(NO_LIST);
    const append = (into: PositionArena, from: number, to: number): void => {
      for (let position = from; position < to; position += 1) {
        const key = (position * 7919) % 30;
        handles[key] = appendCodedToList(into, handles[key]!, position, position & 0xff);
        into.times![handles[key]! + into.words[handles[key]!]!] = position * 1.5;
      }
    };
    append(arena, 0, 3000);
    expect(arena.words.length).toBeGreaterThan(arena.used);
    const saved = trimmedPositionArena(arena);
    expect(isPositionArena(saved)).toBe(true);
    expect([saved.words.length, saved.times!.length, saved.codes!.length]).toEqual([arena.used, arena.used, arena.used]);
    const loaded = decodeData(JSON.parse(JSON.stringify(encodeData(saved)))) as PositionArena;
    const kept = [...handles];
    append(arena, 3000, 6000);
    handles.splice(0, handles.length, ...kept);
    append(loaded, 3000, 6000);
    expect(loaded.used).toBe(arena.used);
    expect([...loaded.words.subarray(0, loaded.used)]).toEqual([...arena.words.subarray(0, arena.used)]);
    expect([...loaded.times!.subarray(0, loaded.used)]).toEqual([...arena.times!.subarray(0, arena.used)]);
    expect([...loaded.codes!.subarray(0, loaded.used)]).toEqual([...arena.codes!.subarray(0, arena.used)]);
    expect(isPositionArena({ words: [], used: 0, free: [] })).toBe(false);
  });

  it.each([false, true])('removes members as a plain array splices them, times and codes with them, across appends, moves and emptied lists (grown by half: %s)', (grownByHalf) => {
    // Each op: append the next value to list `key`, or remove its member at `pick` (mod its length).
    const op = fc.record({ key: fc.nat(5), remove: fc.boolean(), pick: fc.nat() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const arena = emptyPositionArena(true, true, grownByHalf);
        const handles = new Array<number>(6).fill(NO_LIST);
        const model: number[][] = Array.from({ length: 6 }, () => []);
        ops.forEach(({ key, remove, pick }, value) => {
          const members = model[key]!;
          if (remove && members.length > 0) {
            const local = pick % members.length;
            members.splice(local, 1);
            handles[key] = removeFromList(arena, handles[key]!, local);
          } else {
            members.push(value);
            handles[key] = appendCodedToList(arena, handles[key]!, value, value & 0xff);
            arena.times![handles[key]! + arena.words[handles[key]!]!] = value * 1.5;
          }
        });
        handles.forEach((list, key) => {
          const members = model[key]!;
          expect(list === NO_LIST).toBe(members.length === 0);
          expect(listMembers(arena, list)).toEqual(members);
          expect(listCodes(arena, list)).toEqual(members.map((value) => value & 0xff));
          expect(listTimes(arena, list)).toEqual(members.map((value) => value * 1.5));
        });
      }),
    );
  });

  it('moves a shrunk list into a block of its length\'s size and frees the larger one', () => {
    const arena = emptyPositionArena();
    let list = NO_LIST;
    for (let value = 0; value < 8; value += 1) list = appendToList(arena, list, value);
    // Eight members: a block of 16 words. At seven they fit one of 8, where appends alone leave them.
    const large = list;
    list = removeFromList(arena, list, 0);
    expect(list).not.toBe(large);
    expect(listMembers(arena, list)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(arena.free[4]).toBe(large);
    let single = appendToList(arena, NO_LIST, 5);
    single = removeFromList(arena, single, 0);
    expect(single).toBe(NO_LIST);
  });

  describe('grown by half', () => {
    it('moves a list exactly when its length word and members fill a block of 2, 3, 5, 8, 12, 18, ... words', () => {
      const arena = emptyPositionArena(false, true, true);
      let list = NO_LIST;
      const movedAt: number[] = [];
      for (let value = 0; value < 5000; value += 1) {
        const before = list;
        list = appendCodedToList(arena, list, value, value & 0xff);
        if (list !== before) movedAt.push(listLength(arena, list));
        // Past 4096 words the block's class is looked up beyond the table: members stay in order.
        if (value % 97 === 0 || value > 4090) expect(listMemberAt(arena, list, value)).toBe(value);
      }
      const sizes = [2, 3, 5, 8, 12, 18, 27, 41, 62, 93, 140, 210, 315, 473, 710, 1065, 1598, 2397, 3596, 5394];
      // A new list takes a block of 2 words; it moves on the append after each size fills.
      expect(movedAt).toEqual([1, ...sizes.slice(0, -1).map((size) => size)]);
      expect(listMembers(arena, list)).toEqual(Array.from({ length: 5000 }, (_, value) => value));
      expect(listCodes(arena, list)).toEqual(Array.from({ length: 5000 }, (_, value) => value & 0xff));
    });

    it('keeps every list\'s members in order and answers lower bounds', () => {
      const { arena, handles, model } = filled(20_000, true);
      handles.forEach((list, key) => {
        expect(listMembers(arena, list)).toEqual(model[key]);
        for (const value of [-1, 0, 17, 9999, 20_000]) {
          const expected = model[key]!.findIndex((member) => member >= value);
          expect(listLowerBound(arena, list, value)).toBe(expected === -1 ? model[key]!.length : expected);
        }
      });
    });

    it('gives a freed block to the next list of its size', () => {
      const arena = emptyPositionArena(false, false, true);
      let first = appendToList(arena, NO_LIST, 1);
      first = appendToList(arena, first, 2);
      const moved = appendToList(arena, first, 3);
      expect(moved).not.toBe(first);
      let second = appendToList(arena, NO_LIST, 4);
      second = appendToList(arena, second, 5);
      expect(second).toBe(first);
      expect(listMembers(arena, moved)).toEqual([1, 2, 3]);
      expect(listMembers(arena, second)).toEqual([4, 5]);
    });
  });
});
