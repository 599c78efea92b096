/**
 * core/packed-key-map.ts with keys found by their time (stop 34): keys the engine minted, set in
 * time order, have no table slot and are found by a binary search over the rows' times
 * (`IdColumn.findParsed`); keys out of time order, not minted, held in full or as text keep one.
 * Either way the map answers as a plain Map: insertion order, a key set again keeps its place, a
 * key deleted and set again goes last (a new row, while its old row stays a hole of the same
 * time), renumbering after holes, iteration during changes.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { uuidAt } from '../../src/core/ids.js';
import { PackedKeyMap, type PackedKeyMapOptions } from '../../src/core/packed-key-map.js';
import { expectAnswersAsPlainMap, mapSteps } from './map-model.js';

const BASE_MS = 1.7e12;
const TINY: PackedKeyMapOptions = { keyChunkBits: 1, valueChunkBits: 1, slots: 2, holesKept: 0 };
const SMALL: PackedKeyMapOptions = { keyChunkBits: 3, slots: 4, holesKept: 2 };

const minted = (prefix: string, seed: number, seq: number, atMs: number, index = 0): string => `${prefix}:${uuidAt(seed, { seq, atMs, index })}`;

// Minted keys sharing times (several a millisecond), w1 (one call's ids, indexes 0-2 apart) and
// uuids (two prefixes); a time past an Int32 offset from the first (held in full), an index held
// in full (255), and keys that are not minted or not ids.
const KEYS = [
  ...[0, 1, 2, 3, 4, 5].flatMap((seq) => [minted('Transaction', 1, seq, BASE_MS + (seq >> 1)), minted('Quote', 1, seq, BASE_MS + (seq >> 1))]),
  minted('Transaction', 1, 6, BASE_MS + 3, 1),
  minted('Transaction', 1, 6, BASE_MS + 3, 2),
  minted('Transaction', 2, 6, BASE_MS + 3),
  minted('Transaction', 1, 7, BASE_MS + 3e9),
  minted('Transaction', 1, 8, BASE_MS + 4, 255),
  'Transaction:019b8ee3-12dd-77a1-8e94-6d70382e1d53',
  't1',
  'platform|POST /quotes|key-1',
] as const;

const expectSame = (packed: PackedKeyMap<number>, plain: Map<string, number>): void => {
  expect(packed.size).toBe(plain.size);
  expect([...packed]).toEqual([...plain]);
  for (const key of KEYS) {
    expect(packed.get(key)).toBe(plain.get(key));
    expect(packed.has(key)).toBe(plain.has(key));
  }
};

describe('PackedKeyMap, keys found by their time', () => {
  it('gives no table slot to minted keys in time order, and finds each of them', () => {
    const map = new PackedKeyMap<number>(SMALL);
    const keys = Array.from({ length: 500 }, (_, n) => minted(n % 2 === 0 ? 'Transaction' : 'Quote', 3, n, BASE_MS + Math.floor(n / 7), n % 3));
    keys.forEach((key, n) => {
      map.set(key, n);
    });
    expect(map.filedKeys).toBe(0);
    keys.forEach((key, n) => {
      expect(map.get(key)).toBe(n);
    });
    expect(map.has(minted('Transaction', 3, 1, BASE_MS))).toBe(false);
    expect(map.has(minted('Transaction', 3, 0, BASE_MS + 1))).toBe(false);
    expect(map.has(minted('Transaction', 3, 0, BASE_MS, 1))).toBe(false);
    expect(map.has(minted('Transaction', 3, 499, BASE_MS + 1000))).toBe(false);
    expect([...map.keys()]).toEqual(keys);
  });

  it('finds keys whose times come at an uneven pace (bursts, gaps, a quickening rate) in chunks of 256', () => {
    const map = new PackedKeyMap<number>();
    const timeOf = (n: number): number => BASE_MS + Math.floor((n * n) / 900) + (n % 500 < 40 ? 0 : 7 * (n % 500)) + (n > 2000 ? 1e6 : 0);
    let lastMs = 0;
    const perMs = new Map<number, number>();
    const keys = Array.from({ length: 3000 }, (_, n) => {
      lastMs = Math.max(lastMs, timeOf(n));
      perMs.set(lastMs, (perMs.get(lastMs) ?? 0) + 1);
      return minted('Transaction', 5, n, lastMs, n % 2);
    });
    keys.forEach((key, n) => {
      map.set(key, n);
    });
    // Only a burst's keys past the first 32 of their millisecond have a slot.
    const pastRuns = [...perMs.values()].reduce((sum, count) => sum + Math.max(0, count - 32), 0);
    expect(pastRuns).toBeGreaterThan(0);
    expect(map.filedKeys).toBe(pastRuns);
    keys.forEach((key, n) => {
      expect(map.get(key)).toBe(n);
    });
    for (let n = 0; n < 3000; n += 37) expect(map.has(minted('Transaction', 5, n, timeOf(n) + 1, n % 2))).toBe(false);
  });

  it('files keys out of time order, not minted, or held in full, and finds them all', () => {
    const map = new PackedKeyMap<number>(SMALL);
    const late = minted('Transaction', 1, 1, BASE_MS + 10);
    const early = minted('Transaction', 1, 2, BASE_MS + 5);
    const same = minted('Transaction', 1, 3, BASE_MS + 10);
    map.set(late, 1);
    map.set(early, 2);
    map.set(same, 3);
    expect(map.filedKeys).toBe(1);
    map.set(KEYS.at(-3)!, 4);
    map.set(KEYS.at(-2)!, 5);
    map.set(KEYS.at(-4)!, 6);
    expect(map.filedKeys).toBe(4);
    expect([late, early, same, KEYS.at(-3)!, KEYS.at(-2)!, KEYS.at(-4)!].map((key) => map.get(key))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(map.delete(early)).toBe(true);
    expect(map.delete(late)).toBe(true);
    expect(map.filedKeys).toBe(3);
    expect(map.has(late)).toBe(false);
    map.set(late, 7);
    expect([...map.keys()]).toEqual([same, KEYS.at(-3)!, KEYS.at(-2)!, KEYS.at(-4)!, late]);
    expect(map.get(late)).toBe(7);
  });

  it('finds a key deleted and set again in its new row, past its old one of the same time', () => {
    const map = new PackedKeyMap<number>({ holesKept: 100 });
    const keys = Array.from({ length: 5 }, (_, index) => minted('Transaction', 1, 1, BASE_MS, index));
    keys.forEach((key, n) => {
      map.set(key, n);
    });
    expect(map.delete(keys[4]!)).toBe(true);
    map.set(keys[4]!, 40);
    expect(map.filedKeys).toBe(0);
    expect(map.delete(keys[0]!)).toBe(true);
    map.set(keys[0]!, 10);
    expect(map.filedKeys).toBe(0);
    expect([...map]).toEqual([[keys[1], 1], [keys[2], 2], [keys[3], 3], [keys[4], 40], [keys[0], 10]]);
    expect(map.delete(keys[0]!)).toBe(true);
    expect(map.get(keys[0]!)).toBeUndefined();
  });

  test.prop([mapSteps(KEYS), fc.constantFrom<PackedKeyMapOptions>({}, TINY, SMALL, { ...TINY, timeOrderedKeys: false }, { ...TINY, int32Values: false })])('answers as a plain Map under random sets, deletes, gets and clears of minted keys in and out of time order', (steps, options) => {
    const map = new PackedKeyMap<number>(options);
    const plain = expectAnswersAsPlainMap(map, steps);
    expectSame(map, plain);
  });

  test.prop([fc.array(fc.tuple(fc.nat(40), fc.nat(3), fc.nat(2), fc.boolean()), { maxLength: 200 }), fc.boolean()])('answers as a plain Map under long runs of minted keys, times mostly rising', (draws, tiny) => {
    const map = new PackedKeyMap<number>(tiny ? TINY : SMALL);
    const plain = new Map<string, number>();
    draws.forEach(([seq, back, index, remove], n) => {
      // Times rise with the draw, some going back a few ms: equal times, late and early keys.
      const key = minted(index === 2 ? 'Quote' : 'Transaction', 1, seq, BASE_MS + (n >> 2) - back, index);
      if (remove) expect(map.delete(key)).toBe(plain.delete(key));
      else {
        map.set(key, n);
        plain.set(key, n);
      }
    });
    expect([...map]).toEqual([...plain]);
    for (const key of plain.keys()) expect(map.get(key)).toBe(plain.get(key));
  });

  it('iterates like a Map while timed keys are deleted and set again during the walk', () => {
    const map = new PackedKeyMap<number>(TINY);
    const plain = new Map<string, number>();
    for (const m of [map, plain]) for (const [n, key] of KEYS.entries()) m.set(key, n);
    const walk = (m: Map<string, number>): string[] => {
      const seen: string[] = [];
      for (const [key] of m) {
        seen.push(key);
        if (key === KEYS[2]) {
          m.delete(KEYS[3]);
          m.delete(KEYS[0]);
          m.set(KEYS[0], 100);
          m.set(KEYS[3], 101);
        }
      }
      return seen;
    };
    expect(walk(map)).toEqual(walk(plain));
    expectSame(map, plain);
  });
  it('files the keys of a millisecond past its first 32 timed ones, so a clock that stands still costs a lookup no more than 32 compares of its time', () => {
    const map = new PackedKeyMap<number>();
    const keys = Array.from({ length: 2_000 }, (_, seq) => minted('Customer', 3, seq, BASE_MS));
    for (const [n, key] of keys.entries()) {
      expect(map.has(key)).toBe(false);
      map.set(key, n);
    }
    expect(map.filedKeys).toBe(2_000 - 32);
    for (const [n, key] of keys.entries()) expect(map.get(key)).toBe(n);
    expect(map.get(minted('Customer', 3, 2_000, BASE_MS))).toBeUndefined();
    // A later millisecond starts a new run of timed keys.
    map.set(minted('Customer', 3, 2_001, BASE_MS + 1), -1);
    expect(map.filedKeys).toBe(2_000 - 32);
    expect(map.get(minted('Customer', 3, 2_001, BASE_MS + 1))).toBe(-1);
  });
});
