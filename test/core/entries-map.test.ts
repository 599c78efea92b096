import { describe, expect, it } from 'vitest';
import { EntriesMap } from '../../src/core/entries-map.js';

// A map whose entries are computed (as the typed-array maps' are), not Map's own storage.
class Squares extends EntriesMap<number, number> {
  constructor(private readonly count: number) {
    super();
  }
  override *entries(): MapIterator<[number, number]> {
    for (let n = 0; n < this.count; n += 1) yield [n, n * n];
  }
}

describe('EntriesMap', () => {
  it('walks keys, values, iteration and forEach through entries, in its order', () => {
    const map = new Squares(4);
    expect([...map.keys()]).toEqual([0, 1, 2, 3]);
    expect([...map.values()]).toEqual([0, 1, 4, 9]);
    expect([...map]).toEqual([...map.entries()]);
    const seen: [number, number, unknown][] = [];
    const thisArg = {};
    map.forEach(function (this: unknown, value, key, owner) {
      expect(owner).toBe(map);
      seen.push([key, value, this]);
    }, thisArg);
    expect(seen).toEqual([0, 1, 2, 3].map((n) => [n, n * n, thisArg]));
    expect(new Map(map)).toEqual(new Map([[0, 0], [1, 1], [2, 4], [3, 9]]));
  });
});
