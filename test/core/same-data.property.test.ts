/**
 * `sameData` (core/same-data.ts): true only when both values print the same JSON text,
 * key order included; a value and its JSON round trip are the same; a change of one key's order
 * or one leaf is not.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { sameData } from '../../src/core/same-data.js';

const json = fc.jsonValue({ maxDepth: 4 });

describe('sameData', () => {
  test.prop([json, json])('true implies the same JSON text, and the same text of round-tripped values is true', (a, b) => {
    if (sameData(a, b)) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const text = JSON.stringify(a);
    expect(sameData(JSON.parse(text), JSON.parse(text))).toBe(true);
    if (JSON.stringify(a) === JSON.stringify(b)) expect(sameData(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))).toBe(true);
  });

  test.prop([fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { minKeys: 2 })])('keys in another order are not the same text', (object) => {
    const reversed = Object.fromEntries(Object.entries(object).reverse());
    expect(sameData(object, reversed)).toBe(JSON.stringify(object) === JSON.stringify(reversed));
  });

  test.prop([fc.array(fc.integer(), { minLength: 1 }), fc.nat()])('a changed leaf or a shorter array is not the same', (items, at) => {
    const i = at % items.length;
    expect(sameData(items, items.map((item, j) => (j === i ? item + 1 : item)))).toBe(false);
    expect(sameData(items, items.slice(1))).toBe(false);
    expect(sameData({ a: items }, [items])).toBe(false);
  });

  test.prop([fc.constantFrom(0, Number.NaN, undefined, null, '')])('primitives compare by Object.is: -0 is not 0, NaN is NaN, undefined is a value', (value) => {
    expect(sameData(value, value)).toBe(true);
    expect(sameData(-0, 0)).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData([value], [value])).toBe(true);
  });
});
