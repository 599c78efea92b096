/**
 * core/time-offsets.ts: a time is an Int32 offset from its chunk's base only when the offset says
 * it exactly; every other time escapes (the rule the ledger's transfer times and the merged
 * transaction list's creation times share).
 */
import { describe, expect, it } from 'vitest';
import { TIME_ESCAPED, timeBase, timeOffset } from '../../src/core/time-offsets.js';

const BASE = Date.UTC(2026, 0, 5, 16);

describe('time offsets', () => {
  it('gives the offset of a whole-ms time within 2^31 - 1 ms either side of the base', () => {
    expect([0, 1, -1, 2 ** 31 - 1, -(2 ** 31) + 1].map((delta) => timeOffset(BASE + delta, BASE))).toEqual([0, 1, -1, 2 ** 31 - 1, -(2 ** 31) + 1]);
  });

  it('escapes a time no offset says exactly: 2^31 ms away, the sentinel itself, a fraction, -0, NaN, infinite', () => {
    for (const atMs of [BASE + 2 ** 31, BASE - 2 ** 31, BASE + 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(timeOffset(atMs, BASE)).toBe(TIME_ESCAPED);
    expect(timeOffset(-0, 0)).toBe(TIME_ESCAPED);
    expect(timeOffset(0, 0)).toBe(0);
  });

  it('takes a chunk base in whole ms, 0 for a time that is not finite', () => {
    expect([timeBase(BASE + 0.75), timeBase(-1.5), timeBase(Number.NaN), timeBase(Number.NEGATIVE_INFINITY)]).toEqual([BASE, -2, 0, 0]);
  });
});
