/**
 * The snapshot's data codec (engine/snapshot-data.ts), which carries the list indexes: any tree of
 * plain objects, arrays, Maps, Sets, typed arrays, finite numbers, strings, booleans, null,
 * undefined and bigints survives JSON, and anything else is refused at save, naming where it is.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';

const viaJson = (value: unknown): unknown => decodeData(JSON.parse(JSON.stringify(encodeData(value))));

describe('snapshot data codec', () => {
  it('round-trips plain data with Maps, Sets, typed arrays and bigints through JSON', () => {
    const value = {
      ids: ['a', 'b'],
      createdMs: [1767628857563, 0, -5, 1.5],
      byCustomer: new Map([['c1', [0, 2]], ['c2', []]]),
      trees: new Map([[3, new Int32Array([0, 1, -2, 2 ** 31 - 1])]]),
      codes: new Uint8Array([1, 2, 255, 0, 7]),
      times: new Float64Array([0.5, -1e300]),
      open: new Set(['x', 'y']),
      total: -12345678901234567890n,
      nested: { listed: 4, flag: true, none: null, empty: new Uint8Array(0), notYet: undefined },
    };
    const back = viaJson(value) as typeof value;
    expect(back).toEqual(value);
    expect(back.codes).toBeInstanceOf(Uint8Array);
    expect(back.trees.get(3)).toBeInstanceOf(Int32Array);
    expect(back.byCustomer).toBeInstanceOf(Map);
    expect('notYet' in back.nested && back.nested.notYet === undefined).toBe(true);
  });

  it('refuses what JSON would not keep, naming where it is', () => {
    expect(() => encodeData({ a: [1, Number.NaN] })).toThrow(/lists\.a\[\] is NaN/);
    expect(() => encodeData({ a: new Date(0) })).toThrow(/lists\.a is a Date/);
    expect(() => encodeData({ a: new Uint16Array(1) })).toThrow(/lists\.a is a Uint16Array/);
    expect(() => encodeData({ a: () => 1 })).toThrow(/lists\.a is function/);
  });

  it('refuses a tag it did not make', () => {
    expect(() => decodeData({ $what: 1 })).toThrow(/tagged "\$what"/);
    expect(() => decodeData({ $u8: 'AAA' })).toThrow(InvariantError);
  });
});
