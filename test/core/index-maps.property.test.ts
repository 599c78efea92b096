/**
 * The compact indexes of the external-account and agent stores answer as the plain collections
 * they replace, under any sequence of their operations: core/derived-key-map.ts (keys derived
 * from the values, a hash collision settled by the derived key) against a `Map<string, string>`;
 * core/position-maps.ts against a `Map<string, string[]>` and a `Map<string, string>`; and
 * core/id-order.ts against a `string[]`.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DerivedKeyMap } from '../../src/core/derived-key-map.js';
import { hashString } from '../../src/core/id-hash.js';
import { OrderOf, PackedIdList } from '../../src/core/id-order.js';
import { PackedKeyMap } from '../../src/core/packed-key-map.js';
import { PositionLists, PositionValuedMap } from '../../src/core/position-maps.js';

const uuid = (n: number): string => `019b8ee3-12dd-77a1-8e94-${n.toString(16).padStart(12, '0')}`;
const idOf = (n: number): string => (n % 5 === 4 ? `free text ${n}` : `ExternalAccount:${uuid(n)}`);

// Two different keys of one hash: a lookup must tell them apart by the derived key, not the hash.
function collidingKeys(): [string, string] {
  const seen = new Map<number, string>();
  for (let n = 0; ; n += 1) {
    const key = `identity-${n}`;
    const hash = hashString(key);
    const other = seen.get(hash);
    if (other !== undefined) return [other, key];
    seen.set(hash, key);
  }
}
const [COLLIDING_A, COLLIDING_B] = collidingKeys();
const KEYS = [COLLIDING_A, COLLIDING_B, 'Customer:x|USD_ACCOUNT|USD|021000021/1', 'platform|EUR_ACCOUNT|EUR|DE90', '', ...Array.from({ length: 20 }, (_, k) => `key ${k}`)];

describe('DerivedKeyMap', () => {
  it('tells apart two keys of one hash', () => {
    expect(hashString(COLLIDING_A)).toBe(hashString(COLLIDING_B));
    const keyOfValue = new Map([[idOf(1), COLLIDING_A], [idOf(2), COLLIDING_B]]);
    const map = new DerivedKeyMap((value) => keyOfValue.get(value));
    map.set(COLLIDING_A, idOf(1));
    expect(map.get(COLLIDING_B)).toBeUndefined();
    map.set(COLLIDING_B, idOf(2));
    expect([map.get(COLLIDING_A), map.get(COLLIDING_B), map.size]).toEqual([idOf(1), idOf(2), 2]);
    expect(map.delete(COLLIDING_A)).toBe(true);
    expect([map.get(COLLIDING_A), map.get(COLLIDING_B), map.size]).toEqual([undefined, idOf(2), 1]);
  });

  it('gives a key set again its new value', () => {
    const keyOfValue = new Map([[idOf(1), 'a'], [idOf(2), 'a']]);
    const map = new DerivedKeyMap((value) => keyOfValue.get(value));
    map.set('a', idOf(1)).set('a', idOf(2));
    expect([map.get('a'), map.size, [...map]]).toEqual([idOf(2), 1, [['a', idOf(2)]]]);
  });

  // An account store's use: create (a new value whose key is free), delete (the entry first, then
  // the record keyOf reads), and reads of every key between.
  const step = fc.oneof(fc.record({ create: fc.nat(KEYS.length - 1) }), fc.record({ remove: fc.nat(KEYS.length - 1) }), fc.record({ clear: fc.constant(true) }, { requiredKeys: [] }));
  test.prop([fc.array(step, { maxLength: 120 })])('answers as a Map of the same entries', (steps) => {
    const records = new Map<string, string>();
    const map = new DerivedKeyMap((value) => records.get(value));
    const plain = new Map<string, string>();
    let next = 0;
    for (const s of steps) {
      if ('create' in s) {
        const key = KEYS[s.create]!;
        if (plain.has(key)) continue;
        const id = idOf(next++);
        records.set(id, key);
        map.set(key, id);
        plain.set(key, id);
      } else if ('remove' in s) {
        const key = KEYS[s.remove]!;
        expect(map.delete(key)).toBe(plain.delete(key));
      } else {
        map.clear();
        plain.clear();
      }
      expect(map.size).toBe(plain.size);
      for (const key of KEYS) expect([map.get(key), map.has(key)]).toEqual([plain.get(key), plain.has(key)]);
      expect([...map]).toEqual([...plain]);
    }
    expect([...map.keys()]).toEqual([...plain.keys()]);
    expect([...map.values()]).toEqual([...plain.values()]);
  });
});

describe('PositionLists and PositionValuedMap', () => {
  const OWNERS = ['Customer:a', `Customer:${uuid(7)}`, `Agent:${uuid(8)}`, ''];
  const step = fc.oneof(
    fc.record({ add: fc.nat(OWNERS.length - 1) }),
    fc.record({ point: fc.nat(OWNERS.length - 1), at: fc.nat(50) }),
    fc.record({ unpoint: fc.nat(OWNERS.length - 1) }),
  );
  test.prop([fc.array(step, { maxLength: 120 })])('answer as a Map of id lists and a Map of ids', (steps) => {
    const target = new PackedKeyMap<number>();
    const lists = new PositionLists(target);
    const valued = new PositionValuedMap(target);
    const plainLists = new Map<string, string[]>();
    const plainValued = new Map<string, string>();
    for (const s of steps) {
      if ('add' in s) {
        const id = idOf(target.size);
        target.set(id, target.size);
        const owner = OWNERS[s.add]!;
        lists.push(owner, target.size - 1);
        plainLists.set(owner, [...(plainLists.get(owner) ?? []), id]);
        // Read right after the push, which may have moved the list to a larger block.
        const view = lists.get(owner)!;
        const plain = plainLists.get(owner)!;
        expect([view.length, view.at(0), view.at(plain.length - 1), view.at(plain.length), view.at(-1), [...view]]).toEqual([plain.length, plain[0], id, undefined, undefined, plain]);
      } else if ('point' in s) {
        if (target.size === 0) continue;
        const id = target.keyAt(s.at % target.size);
        valued.set(OWNERS[s.point]!, id);
        plainValued.set(OWNERS[s.point]!, id);
      } else {
        expect(valued.delete(OWNERS[s.unpoint]!)).toBe(plainValued.delete(OWNERS[s.unpoint]!));
      }
    }
    expect([lists.size, [...lists.keys()]]).toEqual([plainLists.size, [...plainLists.keys()]]);
    expect([...lists].map(([owner, ids]) => [owner, [...ids]])).toEqual([...plainLists]);
    expect([...lists.values()].map((ids) => [...ids])).toEqual([...plainLists.values()]);
    for (const owner of [...OWNERS, 'nobody']) {
      const ids = lists.get(owner);
      expect(ids === undefined ? undefined : [...ids]).toEqual(plainLists.get(owner));
      expect(lists.has(owner)).toBe(plainLists.has(owner));
      expect([valued.get(owner), valued.has(owner)]).toEqual([plainValued.get(owner), plainValued.has(owner)]);
    }
    expect([valued.size, [...valued], [...valued.keys()], [...valued.values()]]).toEqual([plainValued.size, [...plainValued], [...plainValued.keys()], [...plainValued.values()]]);
  });

  it('refuses a value that is not a key of the target', () => {
    expect(() => new PositionValuedMap(new PackedKeyMap<number>()).set('Quote:1', 'Agent:none')).toThrow(/not a key/);
  });
});

describe('id orders', () => {
  test.prop([fc.array(fc.nat(40), { maxLength: 80 })])('read as the array of the same ids', (numbers) => {
    const ids = numbers.map(idOf);
    const packed = new PackedIdList();
    const map = new PackedKeyMap<number>();
    for (const id of ids) packed.push(id);
    for (const id of new Set(ids)) map.set(id, 0);
    const distinct = [...new Set(ids)];
    const positions = distinct.map((_, k) => k).filter((k) => k % 2 === 0);
    const lists = new PositionLists(map);
    for (const position of positions) lists.push('even', position);
    const cases = [
      [packed, ids],
      [new OrderOf(map.order), distinct],
      [lists.get('even') ?? new OrderOf([]), positions.map((k) => distinct[k]!)],
    ] as const;
    for (const [order, array] of cases) {
      expect([order.length, [...order], order.map((id, k) => `${k}:${id}`)]).toEqual([array.length, array, array.map((id, k) => `${k}:${id}`)]);
      for (const position of [-1, 0, 1, array.length - 1, array.length, 0.5]) expect(order.at(position)).toBe(position < 0 ? undefined : array[position]);
    }
  });
});
