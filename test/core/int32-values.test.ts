/**
 * core/int32-values.ts: a `PackedKeyMap`'s values by row, Int32s in typed arrays and any other
 * value (objects, -0, numbers past an Int32, the words kept for a hole and a side value) beside
 * them, read back exactly as a plain array of the same pushes and sets; crowded once side values
 * pass 1,024 and an eighth of the rows, and moved to a list equal to it.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Int32Values } from '../../src/core/int32-values.js';
import { PackedKeyMap } from '../../src/core/packed-key-map.js';

type Value = number | { readonly n: number } | undefined;

const value: fc.Arbitrary<Value> = fc.oneof(
  fc.integer(),
  fc.constantFrom(-(2 ** 31), -(2 ** 31) + 1, 2 ** 31 - 1, 2 ** 31, -0, 0, 0.5, -1, Number.NaN),
  fc.nat().map((n) => ({ n })),
  fc.constant(undefined),
);

const expectReads = (column: Int32Values<Value>, plain: readonly Value[]): void => {
  expect(column.length).toBe(plain.length);
  plain.forEach((item, index) => {
    expect(Object.is(column.at(index), item)).toBe(true);
  });
};

describe('Int32Values', () => {
  test.prop([fc.array(fc.tuple(fc.boolean(), fc.nat(), value), { maxLength: 200 }), fc.constantFrom(1, 3, 10)])('reads back what was pushed and set, as a plain array', (steps, bits) => {
    const column = new Int32Values<Value>(bits);
    const plain: Value[] = [];
    for (const [push, at, item] of steps) {
      if (push || plain.length === 0) {
        column.push(item);
        plain.push(item);
      } else {
        column.set(at % plain.length, item);
        plain[at % plain.length] = item;
      }
    }
    expectReads(column, plain);
    expect([...Array(plain.length).keys()].map((index) => column.toList(bits).at(index))).toEqual(plain);
    expect(column.sideLength).toBe(plain.filter((item) => item !== undefined && !(typeof item === 'number' && (item | 0) === item && item > -(2 ** 31) + 1 && !Object.is(item, -0))).length);
  });

  it('is crowded past 1,024 side values and an eighth of the rows, not before', () => {
    const column = new Int32Values<Value>(4);
    for (let n = 0; n < 1024; n += 1) column.push({ n });
    expect(column.crowded).toBe(false);
    column.push({ n: 1024 });
    expect(column.crowded).toBe(true);
    for (let n = 0; n < 8 * 1025; n += 1) column.push(n);
    expect(column.crowded).toBe(false);
    column.set(0, 5);
    expect(column.sideLength).toBe(1024);
  });

  it('lets a PackedKeyMap of objects move its values to a list, and answer as before', () => {
    const map = new PackedKeyMap<{ readonly n: number }>({ valueChunkBits: 3 });
    const keys = Array.from({ length: 2000 }, (_, n) => `k${n}`);
    keys.forEach((key, n) => {
      map.set(key, { n });
    });
    expect(map.holdsInt32Values).toBe(false);
    keys.forEach((key, n) => {
      expect(map.get(key)).toEqual({ n });
    });
    const numbers = new PackedKeyMap<number>({ valueChunkBits: 3 });
    keys.forEach((key, n) => {
      numbers.set(key, n);
    });
    expect(numbers.holdsInt32Values).toBe(true);
    expect([...numbers.values()]).toEqual(keys.map((_, n) => n));
  });
});
