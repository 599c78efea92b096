/**
 * The ledger's private structures, against simple references: the transfer id index (a hash
 * table with truncation) and the expiry queue (a heap ordered by time, then transfer index).
 */
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { ExpiryQueue } from '../../src/ledger/expiry-queue.js';
import { IdIndex } from '../../src/ledger/id-index.js';
import { NUM_RUNS } from './support.js';

type IndexStep = { add: string } | { truncateTo: number } | { lookup: string };

describe('IdIndex', () => {
  const key = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 3_000 }).map((n) => `id-${n}`));
  const steps = fc.array(
    fc.oneof(
      { weight: 8, arbitrary: key.map((k): IndexStep => ({ add: k })) },
      { weight: 1, arbitrary: fc.nat().map((n): IndexStep => ({ truncateTo: n })) },
      { weight: 3, arbitrary: key.map((k): IndexStep => ({ lookup: k })) },
    ),
    { maxLength: 3_000 },
  );

  test.prop([steps], { numRuns: Math.max(10, Math.floor(NUM_RUNS / 4)) })('numbers keys in insertion order and forgets truncated ones, like an array', (plan) => {
    const index = new IdIndex();
    const reference: string[] = [];
    for (const step of plan) {
      if ('add' in step) {
        if (reference.includes(step.add)) continue;
        expect(index.indexOf(step.add)).toBe(-1);
        expect(index.add(step.add)).toBe(reference.length);
        reference.push(step.add);
      } else if ('truncateTo' in step) {
        const size = step.truncateTo % (reference.length + 1);
        index.truncate(size);
        reference.length = size;
      } else {
        expect(index.indexOf(step.lookup)).toBe(reference.indexOf(step.lookup));
      }
    }
    expect(index.size).toBe(reference.length);
    expect(index.keys).toEqual(reference);
    reference.forEach((k, i) => expect(index.indexOf(k)).toBe(i));
  });
});

describe('ExpiryQueue', () => {
  test.prop([fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.nat(1_000)), { maxLength: 300 })], { numRuns: NUM_RUNS })(
    'pops entries by time, then by transfer index',
    (entries) => {
      const queue = new ExpiryQueue();
      for (const [time, index] of entries) queue.push(time, index);
      const popped: [number, number][] = [];
      while (queue.size > 0) {
        popped.push([queue.peekTime(), queue.peekIndex()]);
        queue.pop();
      }
      expect(popped).toEqual([...entries].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      expect(queue.peekTime()).toBe(Number.POSITIVE_INFINITY);
    },
  );
});
