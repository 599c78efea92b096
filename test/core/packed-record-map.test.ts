/**
 * core/packed-record-map.ts: a map that packs the records set long ago behaves as a plain Map of
 * the records set (same answers, same order), under any sequence of sets, deletes and clears;
 * records set recently stay the very objects set; packed records read back frozen.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { sameValue } from '../support/same-value.js';

type Op = { readonly kind: 'set'; readonly id: string; readonly n: number } | { readonly kind: 'delete'; readonly id: string } | { readonly kind: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), n: fc.integer() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('a', 'b', 'c', 'h') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

const recordOf = (id: string, n: number) => ({ id, status: n % 2 === 0 ? 'COMPLETED' : 'FAILED', amount: { amountMinor: String(n), currency: 'USD' }, n, notes: 'x'.repeat(Math.abs(n) % 300) });

describe('PackedRecordMap', () => {
  it('answers as a plain Map of the records set, in the same order, however few stay hot', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.integer({ min: 0, max: 4 }), (ops, hot) => {
        const packed = new PackedRecordMap<object>({ hot });
        const plain = new Map<string, object>();
        for (const step of ops) {
          if (step.kind === 'set') {
            packed.set(step.id, recordOf(step.id, step.n));
            plain.set(step.id, recordOf(step.id, step.n));
          } else if (step.kind === 'delete') expect(packed.delete(step.id)).toBe(plain.delete(step.id));
          else {
            packed.clear();
            plain.clear();
          }
          expect(packed.size).toBe(plain.size);
        }
        expect([...packed.keys()]).toEqual([...plain.keys()]);
        expect(sameValue([...packed.entries()], [...plain.entries()])).toBe(true);
        expect(sameValue([...packed.values()], [...plain.values()])).toBe(true);
        for (const id of ['a', 'b', 'h', 'z']) expect(sameValue(packed.get(id), plain.get(id))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the last `hot` records set as the objects set, and packs the older ones', () => {
    const map = new PackedRecordMap<object>({ hot: 2 });
    const records = ['a', 'b', 'c', 'd'].map((id, n) => recordOf(id, n));
    for (const record of records) map.set((record as { id: string }).id, record);
    expect(map.get('d')).toBe(records[3]);
    expect(map.get('c')).toBe(records[2]);
    expect(map.get('a')).not.toBe(records[0]);
    expect(sameValue(map.get('a'), records[0])).toBe(true);
    expect(map.packing.packed).toBe(2);
    expect(Object.isFrozen(map.get('a'))).toBe(true);
  });

  it('packs every record as it is set when hot is 0 (idempotent responses)', () => {
    const map = new PackedRecordMap<object>({ hot: 0 });
    const record = recordOf('a', 7);
    map.set('a', record);
    expect(map.get('a')).not.toBe(record);
    expect(sameValue(map.get('a'), record)).toBe(true);
    expect(map.packing.packed).toBe(1);
  });

  it('reads packed records unfrozen when told not to freeze (stored responses)', () => {
    const map = new PackedRecordMap<{ body: { id: string } }>({ hot: 1, freeze: false });
    map.set('k1', { body: { id: 'x' } });
    map.set('k2', { body: { id: 'y' } });
    expect(Object.isFrozen(map.get('k1')) || Object.isFrozen(map.get('k1')?.body)).toBe(false);
  });

  it('moves its packed records to a new buffer once replaced ones outweigh live ones, answers unchanged', () => {
    const map = new PackedRecordMap<object>({ hot: 1 });
    const big = (n: number) => ({ n, text: `${n}`.padEnd(2_000, '.') });
    for (let round = 0; round < 200; round += 1) {
      for (const id of ['a', 'b', 'c']) map.set(id, big(round));
    }
    map.set('z', big(-1));
    expect(sameValue(map.get('a'), big(199))).toBe(true);
    expect(sameValue(map.get('c'), big(199))).toBe(true);
    // 3 records of ~2 KB live: the buffers never hold the 600 replaced ones.
    expect(map.packing.heldBytes).toBeLessThanOrEqual(4 * (1 << 16));
  });

  it('is a Map: instanceof, forEach with the map as its third argument', () => {
    const map = new PackedRecordMap<object>({ hot: 1 });
    map.set('a', { v: 1 });
    map.set('b', { v: 2 });
    const seen: string[] = [];
    map.forEach((value, key, self) => {
      expect(self).toBe(map);
      seen.push(`${key}=${(value as { v: number }).v}`);
    });
    expect(map instanceof Map).toBe(true);
    expect(seen).toEqual(['a=1', 'b=2']);
  });
});
