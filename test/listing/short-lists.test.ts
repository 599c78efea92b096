/**
 * Per-key position lists kept exact-size while short (`pushPosition`, `appended`): they hold the
 * same members in the same order as plain pushes, across the short/long bound.
 */
import { describe, expect, it } from 'vitest';
import { appended, pushPosition } from '../../src/domains/listing/sources.js';

describe('short position lists', () => {
  it('pushPosition keeps every key\'s positions in order, before and after the short bound', () => {
    const map = new Map<string, number[]>();
    const model = new Map<string, number[]>();
    for (let position = 0; position < 200; position += 1) {
      const key = position % 7 === 0 ? 'busy' : `k${position % 3}`;
      pushPosition(map, key, position);
      model.set(key, [...(model.get(key) ?? []), position]);
    }
    expect([...map.entries()]).toEqual([...model.entries()]);
  });

  it('appended returns the list with the value last; a long list is extended in place', () => {
    let list: number[] = [];
    const model: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const before = list;
      list = appended(list, i * 1.5e12);
      model.push(i * 1.5e12);
      expect(list).toEqual(model);
      if (before.length >= 16) expect(list).toBe(before);
    }
  });
});
