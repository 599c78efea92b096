/**
 * core/packed-key-map.ts: a map whose keys live packed in an id column answers as a plain Map
 * under any sequence of sets, deletes, reads and clears: insertion order, a key set again keeps
 * its place, a key deleted and set again goes last, iteration sees what is set during it. Keys of
 * the `<Type>:<uuid>` shape are packed, any other key is kept as text; tiny tables and chunks
 * force hash collisions, chunk crossings and the renumbering of holes.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PackedKeyMap, type PackedKeyMapOptions } from '../../src/core/packed-key-map.js';
import { expectAnswersAsPlainMap, mapSteps } from './map-model.js';

const uuid = (n: number): string => `019b8ee3-12dd-77a1-8e94-${n.toString(16).padStart(12, '0')}`;
const TINY: PackedKeyMapOptions = { keyChunkBits: 1, valueChunkBits: 1, slots: 2, holesKept: 0 };

// Packed ids of two prefixes, and ids that are not packed (uppercase hex, no prefix, free text).
const KEYS = [
  `Transaction:${uuid(1)}`,
  `Transaction:${uuid(2)}`,
  `Quote:${uuid(1)}`,
  `Quote:${uuid(3)}`,
  `Transaction:${uuid(10).toUpperCase()}`,
  uuid(4),
  't1',
  '',
  'platform|POST /quotes|key-1',
] as const;

const expectSame = (packed: PackedKeyMap<number>, plain: Map<string, number>): void => {
  expect(packed.size).toBe(plain.size);
  expect([...packed]).toEqual([...plain]);
  expect([...packed.keys()]).toEqual([...plain.keys()]);
  expect([...packed.values()]).toEqual([...plain.values()]);
  for (const key of KEYS) {
    expect(packed.get(key)).toBe(plain.get(key));
    expect(packed.has(key)).toBe(plain.has(key));
  }
};

describe('PackedKeyMap', () => {
  it('keeps insertion order; a key set again keeps its place, deleted and set again it goes last', () => {
    const map = new PackedKeyMap<number>();
    for (const [n, key] of KEYS.entries()) map.set(key, n);
    map.set(KEYS[0], 100);
    expect([...map.keys()]).toEqual(KEYS);
    expect(map.delete(KEYS[1])).toBe(true);
    expect(map.delete(KEYS[1])).toBe(false);
    map.set(KEYS[1], 7);
    expect([...map.keys()]).toEqual([...KEYS.filter((key) => key !== KEYS[1]), KEYS[1]]);
    expect(map.get(KEYS[0])).toBe(100);
  });

  it('packs UUID-shaped ids and keeps the others as text, each read back exactly', () => {
    const map = new PackedKeyMap<number>();
    for (const [n, key] of KEYS.entries()) map.set(key, n);
    // Uppercase hex, a bare uuid (no colon before it), 't1', '' and the free text stay strings.
    expect(map.fallbackKeys).toBe(5);
    KEYS.forEach((key, position) => {
      expect(map.keyAt(position)).toBe(key);
      expect(map.order.at(position)).toBe(key);
      expect(map.positionOf(key)).toBe(position);
      expect(map.valueAt(position)).toBe(position);
    });
    expect(map.order.length).toBe(KEYS.length);
    expect(map.order.at(KEYS.length)).toBeUndefined();
    expect([...map.order]).toEqual(KEYS);
    expect(map.get(`Transaction:${uuid(10)}`)).toBeUndefined();
    expect(map.positionOf('absent')).toBe(-1);
  });

  it('finds every key through collisions and chunk crossings (a table of 2 slots, chunks of 2 rows)', () => {
    const map = new PackedKeyMap<number>(TINY);
    const plain = new Map<string, number>();
    for (let n = 0; n < 300; n += 1) {
      const key = n % 3 === 0 ? `k${n}` : `${n % 2 === 0 ? 'Transaction' : 'Quote'}:${uuid(n)}`;
      map.set(key, n);
      plain.set(key, n);
    }
    const keys = [...plain.keys()];
    for (let n = 0; n < 300; n += 5) expect(map.delete(keys[n]!)).toBe(plain.delete(keys[n]!));
    expect(map.delete(undefined as unknown as string)).toBe(false);
    expect([...map]).toEqual([...plain]);
    for (const key of plain.keys()) expect(map.get(key)).toBe(plain.get(key));
  });

  it('iterates like a Map while it changes: entries set during the walk are seen, deleted ones are not', () => {
    const map = new PackedKeyMap<number>(TINY);
    const plain = new Map<string, number>();
    for (const m of [map, plain]) for (const [n, key] of KEYS.entries()) m.set(key, n);
    const walk = (m: Map<string, number>): string[] => {
      const seen: string[] = [];
      for (const [key] of m) {
        seen.push(key);
        if (key === KEYS[1]) {
          m.delete(KEYS[2]);
          m.delete(KEYS[0]);
          m.set('added', 1);
          m.set(KEYS[0], 2);
        }
      }
      return seen;
    };
    expect(walk(map)).toEqual(walk(plain));
    expectSame(map, plain);
  });

  it('finds packed keys by their words: one word or the prefix apart is another key, an unseen prefix is absent', () => {
    for (const options of [{}, TINY]) {
      const map = new PackedKeyMap<number>(options);
      const base = 'Transaction:019b8ee3-12dd-77a1-8e94-6d70382e1d53';
      // The same uuid with one digit changed in each of its 4 words, and under other prefixes.
      const near = ['Transaction:019b8ee4-12dd-77a1-8e94-6d70382e1d53', 'Transaction:019b8ee3-12de-77a1-8e94-6d70382e1d53', 'Transaction:019b8ee3-12dd-77a1-8e95-6d70382e1d53', 'Transaction:019b8ee3-12dd-77a1-8e94-6d70382e1d54'];
      const prefixed = ['Transactiom:019b8ee3-12dd-77a1-8e94-6d70382e1d53', 'Quote:019b8ee3-12dd-77a1-8e94-6d70382e1d53'];
      map.set(base, 0);
      for (const key of [...near, ...prefixed]) expect(map.has(key)).toBe(false);
      const others = [...near, ...prefixed];
      for (const [n, key] of others.entries()) map.set(key, n + 1);
      expect(map.get(base)).toBe(0);
      for (const [n, key] of others.entries()) expect(map.get(key)).toBe(n + 1);
      expect(map.fallbackKeys).toBe(0);
      expect(map.has('Agent:019b8ee3-12dd-77a1-8e94-6d70382e1d53')).toBe(false);
      // The same text, but a string made apart from the one set (found by value, not identity).
      expect(map.get(['Transaction', '019b8ee3-12dd-77a1-8e94-6d70382e1d53'].join(':'))).toBe(0);
    }
  });

  it('keeps keys of new prefixes as text once 255 prefixes are known, and finds them by their text', () => {
    const map = new PackedKeyMap<number>({ slots: 2 });
    const uuidKey = (prefix: string): string => `${prefix}:${uuid(7)}`;
    for (let n = 0; n < 255; n += 1) map.set(uuidKey(`P${n}`), n);
    expect(map.fallbackKeys).toBe(0);
    map.set(uuidKey('Late'), 255);
    map.set(uuidKey('Later'), 256);
    expect(map.fallbackKeys).toBe(2);
    expect(map.get(uuidKey('Late'))).toBe(255);
    expect(map.get(uuidKey('Later'))).toBe(256);
    expect(map.has(uuidKey('Latest'))).toBe(false);
    for (let n = 0; n < 255; n += 1) expect(map.get(uuidKey(`P${n}`))).toBe(n);
    expect(map.keyAt(255)).toBe(uuidKey('Late'));
  });

  it('keeps the last absent key only while the table is unchanged: an insert, delete or clear between the lookup and the set refiles it', () => {
    // A lookup that finds a key absent keeps its probe for the set that follows (a store checks
    // a new id is absent and then sets it): any change of the table in between must void it.
    const map = new PackedKeyMap<number>(TINY);
    const plain = new Map<string, number>();
    const both = (key: string, value: number): void => {
      map.set(key, value);
      plain.set(key, value);
    };
    both(KEYS[0], 0);
    expect(map.has(KEYS[1])).toBe(false);
    both(KEYS[2], 2); // inserted (and the 2-slot table grown) between has and set
    both(KEYS[1], 1);
    expect(map.get(KEYS[3])).toBeUndefined();
    expect(map.delete(KEYS[0])).toBe(true); // deleted (and the holes renumbered) between get and set
    plain.delete(KEYS[0]);
    both(KEYS[3], 3);
    expect(map.get(KEYS[6])).toBeUndefined();
    map.clear();
    plain.clear();
    both(KEYS[6], 6);
    expect(map.has(KEYS[4])).toBe(false);
    expect(map.has(KEYS[4])).toBe(false); // asked twice: the kept miss answers
    both(KEYS[4], 4);
    both(KEYS[0], 0);
    expectSame(map, plain);
    for (const [key, value] of plain) expect(map.get(key)).toBe(value);
  });

  it('takes only string keys and defined values, and finds no other key', () => {
    const map = new PackedKeyMap<number>();
    expect(() => map.set(undefined as unknown as string, 1)).toThrow();
    expect(() => map.set('a', undefined as unknown as number)).toThrow();
    expect(map.get(1 as unknown as string)).toBeUndefined();
  });

  test.prop([mapSteps(KEYS), fc.boolean()])('answers as a plain Map under random sets, deletes, gets and clears', (steps, tiny) => {
    const map = new PackedKeyMap<number>(tiny ? TINY : {});
    const plain = expectAnswersAsPlainMap(map, steps);
    expectSame(map, plain);
    const seen: [string, number][] = [];
    map.forEach((value, key) => {
      seen.push([key, value]);
    });
    expect(seen).toEqual([...plain]);
  });
});
