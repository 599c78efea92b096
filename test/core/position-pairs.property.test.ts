/**
 * `PositionPairs` answers as a plain `Map<number, number>` of the same sets, pairs set in any
 * order, and iterates in the source's order.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PositionPairs } from '../../src/core/position-maps.js';

const SOURCE_POSITIONS = 300;

// Mostly ascending sources (as claims come), some anywhere.
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ ahead: fc.nat(3), target: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ source: fc.nat(SOURCE_POSITIONS - 1), target: fc.nat(9) }) },
);

describe('PositionPairs', () => {
  test.prop([fc.array(step, { maxLength: 400 })], { numRuns: 60 })('answers get, size and entries as a Map of the same sets', (steps) => {
    const pairs = new PositionPairs();
    const model = new Map<number, number>();
    let next = 0;
    for (const s of steps) {
      if ('ahead' in s) next += s.ahead;
      const source = 'ahead' in s ? next : s.source;
      pairs.set(source, s.target);
      model.set(source, s.target);
    }
    expect([...pairs.entries()]).toEqual([...model].sort(([a], [b]) => a - b));
    expect(pairs.size).toBe(model.size);
    for (let source = -1; source <= next + SOURCE_POSITIONS; source += 1) expect(pairs.get(source)).toBe(model.get(source) ?? -1);
  });

  it('refuses a negative position', () => {
    const pairs = new PositionPairs();
    expect(() => pairs.set(-1, 0)).toThrow(/non-negative/);
    expect(() => pairs.set(0, -1)).toThrow(/non-negative/);
    expect(pairs.size).toBe(0);
  });
});
