import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { halfGrowthClasses, halfGrowthClassHolding } from '../../src/core/half-growth-classes.js';

describe('halfGrowthClasses', () => {
  it('grows each size by half from the two given, as the arenas saved before this module laid them out', () => {
    expect(halfGrowthClasses(1, 2).sizes.slice(0, 8)).toEqual([1, 2, 3, 5, 8, 12, 18, 27]);
    expect(halfGrowthClasses(2, 3).sizes.slice(0, 8)).toEqual([2, 3, 5, 8, 12, 18, 27, 41]);
    expect(halfGrowthClasses(2, 3).sizes.at(-1)).toBeGreaterThanOrEqual(2 ** 30);
  });

  it.each([
    [1, 2],
    [2, 3],
  ])('gives the smallest class that holds a size, by the table and past it (first sizes %i, %i)', (first, second) => {
    const classes = halfGrowthClasses(first, second);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 2 ** 30 })), (words) => {
        const cls = halfGrowthClassHolding(classes, words);
        expect(classes.sizes[cls]).toBeGreaterThanOrEqual(words);
        if (cls > 0) expect(classes.sizes[cls - 1]).toBeLessThan(words);
      }),
    );
  });
});
