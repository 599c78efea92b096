/**
 * `PositionPairMap` answers as a plain `Map<string, string>` of the same sets and deletes (in the
 * source's order when iterated), keys set in any order, and refuses a key or value its maps lack.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PackedKeyMap } from '../../src/core/packed-key-map.js';
import { PositionPairMap } from '../../src/core/position-maps.js';

const SOURCE_KEYS = 300;
const TARGET_KEYS = 7;

function mapsOf(): { source: PackedKeyMap<number>; target: PackedKeyMap<number> } {
  const source = new PackedKeyMap<number>();
  for (let i = 0; i < SOURCE_KEYS; i += 1) source.set(`Quote:${i}`, i);
  const target = new PackedKeyMap<number>();
  for (let i = 0; i < TARGET_KEYS; i += 1) target.set(`Agent:${i}`, i);
  return { source, target };
}

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ set: fc.nat(SOURCE_KEYS - 1), to: fc.nat(TARGET_KEYS - 1) }) },
  { weight: 1, arbitrary: fc.record({ drop: fc.nat(SOURCE_KEYS - 1) }) },
  { weight: 1, arbitrary: fc.record({ clear: fc.constant(true) }) },
);

describe('PositionPairMap', () => {
  test.prop([fc.array(step, { maxLength: 400 })], { numRuns: 60 })('answers get, has, size and iteration as a Map of the same writes', (steps) => {
    const { source, target } = mapsOf();
    const pairs = new PositionPairMap(source, target);
    const model = new Map<string, string>();
    for (const s of steps) {
      if ('set' in s) {
        pairs.set(`Quote:${s.set}`, `Agent:${s.to}`);
        model.set(`Quote:${s.set}`, `Agent:${s.to}`);
      } else if ('drop' in s) {
        expect(pairs.delete(`Quote:${s.drop}`)).toBe(model.delete(`Quote:${s.drop}`));
      } else {
        pairs.clear();
        model.clear();
      }
    }
    const inSourceOrder = [...model].sort(([a], [b]) => source.positionOf(a) - source.positionOf(b));
    expect([...pairs]).toEqual(inSourceOrder);
    expect([...pairs.keys()]).toEqual(inSourceOrder.map(([key]) => key));
    expect([...pairs.values()]).toEqual(inSourceOrder.map(([, value]) => value));
    expect(pairs.size).toBe(model.size);
    for (let i = 0; i < SOURCE_KEYS; i += 1) {
      expect(pairs.get(`Quote:${i}`)).toBe(model.get(`Quote:${i}`));
      expect(pairs.has(`Quote:${i}`)).toBe(model.has(`Quote:${i}`));
    }
    expect(pairs.get('Quote:nobody')).toBeUndefined();
  });

  it('refuses a key that is not a key of its source and a value that is not one of its target', () => {
    const { source, target } = mapsOf();
    const pairs = new PositionPairMap(source, target);
    expect(() => pairs.set('Quote:nobody', 'Agent:0')).toThrow(/not a key of the map this one is keyed by/);
    expect(() => pairs.set('Quote:0', 'Agent:nobody')).toThrow(/not a key of the map this one points into/);
    expect(pairs.size).toBe(0);
  });
});
