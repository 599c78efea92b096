/**
 * The ledger's private structures, against simple references: the transfer id index (a hash
 * table with truncation), the chunked list behind the id and transaction-id columns, and the
 * expiry queue (a heap ordered by time, then transfer index).
 */
import { runPushModel } from './models.js';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { ChunkedList } from '../../src/core/chunked-list.js';
import { ExpiryQueue } from '../../src/ledger/expiry-queue.js';
import { deleteSlot } from '../../src/core/linear-probing.js';
import { IdIndex, hashString } from '../../src/ledger/id-index.js';
import { NUM_RUNS } from './support.js';

describe('ChunkedList', () => {
  type ListStep = { push: string | undefined } | { truncateTo: number };
  const steps = fc.array(
    fc.oneof(
      { weight: 10, arbitrary: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }).map((v): ListStep => ({ push: v })) },
      { weight: 1, arbitrary: fc.nat().map((n): ListStep => ({ truncateTo: n })) },
    ),
    { maxLength: 400 },
  );

  // Chunks of 2, 4 or 32 items: pushes cross many chunk boundaries and truncation lands on,
  // before and after them; the first chunk doubles (16 items at most) before later chunks come.
  test.prop([steps, fc.constantFrom(1, 2, 5)], { numRuns: NUM_RUNS })('holds what was pushed and forgets what was truncated, like an array', (plan, bits) => {
    const list = new ChunkedList<string | undefined>(bits);
    const reference: (string | undefined)[] = [];
    runPushModel(list, reference, plan, () => expect(list.length).toBe(reference.length));
    reference.forEach((v, i) => {
      expect(list.at(i)).toBe(v);
    });
    expect(list.slice()).toEqual(reference);
    const from = Math.floor(reference.length / 3);
    expect(list.slice(from, reference.length - from)).toEqual(reference.slice(from, reference.length - from));
  });

  it('clears the slots it truncates, so that a rolled-back id is not kept alive', () => {
    const list = new ChunkedList<string>(2);
    for (const v of ['a', 'b', 'c', 'd', 'e', 'f']) list.push(v);
    list.truncate(3);
    // at() past the end is outside the contract; here it shows what the slot still holds.
    expect([list.at(3)]).toEqual([undefined]);
    list.push('x');
    expect(list.slice()).toEqual(['a', 'b', 'c', 'x']);
  });

  it('refuses to truncate beyond its end', () => {
    const list = new ChunkedList<string>();
    list.push('a');
    expect(() => list.truncate(2)).toThrow(/beyond the end/);
  });
});

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

  // Keys that mostly increase, as sequence numbers (`t9`, `t10`: shortlex order) and ULIDs do:
  // a walk over n, key `t<n>`. Most adds take the greatest-key path, steps back fall behind it
  // (and may repeat a key), truncation moves the greatest back.
  const rising = fc
    .array(fc.tuple(fc.constantFrom('add', 'add', 'lookup', 'truncate'), fc.integer({ min: -20, max: 30 }), fc.nat()), { maxLength: 3_000 })
    .map((walk) => {
      let n = 0;
      return walk.map(([kind, delta, size]): IndexStep => {
        if (kind === 'truncate') return { truncateTo: size };
        n = Math.max(0, n + delta);
        return kind === 'add' ? { add: `t${n}` } : { lookup: `t${n}` };
      });
    });

  // A 2-slot first table makes long probe runs that wrap around the end, which is where
  // backward-shift deletion (truncate) and slot-order rehashing could lose a key.
  test.prop([fc.oneof(steps, rising), fc.constantFrom(2, 1_024)], { numRuns: Math.max(10, Math.floor(NUM_RUNS / 4)) })('numbers keys in insertion order and forgets truncated ones, like an array', (plan, slots) => {
    const index = new IdIndex(slots);
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
    expect(index.slice()).toEqual(reference);
    reference.forEach((k, i) => {
      expect(index.indexOf(k)).toBe(i);
    });
  });
});

describe('IdIndex truncate after a rehash', () => {
  // Keys whose home is the last slot of both an 8- and a 16-slot table, and keys that live far
  // from both ends of the 16-slot table.
  const keysWhere = (wanted: (hash: number) => boolean, count: number): string[] => {
    const found: string[] = [];
    for (let n = 0; found.length < count; n += 1) if (wanted(hashString(`k${n}`))) found.push(`k${n}`);
    return found;
  };
  const [older, newer] = keysWhere((h) => (h & 15) === 15, 2) as [string, string];
  const fillers = keysWhere((h) => (h & 15) >= 4 && (h & 15) <= 10, 3);

  it('keeps an older key reachable when the newer key on its probe path is removed', () => {
    // In 8 slots `newer` wraps to slot 0 behind `older` at slot 7. The slot-order rehash to 16
    // slots moves `newer` first, so it takes slot 15 and `older` wraps to slot 0: the older key
    // now sits after the newer one, and only a backward-shift delete keeps it reachable.
    const index = new IdIndex(8);
    for (const key of [older, newer, ...fillers]) index.add(key);
    // The shortlex-least key is no new greatest: its lookup puts every key in the table, in order.
    expect(index.indexOf('')).toBe(-1);
    index.truncate(1);
    expect(index.indexOf(older)).toBe(0);
    expect(index.indexOf(newer)).toBe(-1);
    expect(index.add(newer)).toBe(1);
    expect(index.indexOf(newer)).toBe(1);
  });
});

describe('deleteSlot (backward-shift delete)', () => {
  // Raw tables of 16 slots ([index, hash] pairs, -1 empty) filled by linear probing from the
  // given home slots, probe runs wrapping past the end included.
  test.prop([fc.array(fc.nat(15), { minLength: 1, maxLength: 12 }), fc.nat()], { numRuns: NUM_RUNS })(
    'leaves every other key reachable from its home and removes only the deleted one',
    (homes, pick) => {
      const mask = 15;
      const table = new Int32Array(32).fill(-1);
      const slotOf: number[] = [];
      homes.forEach((home, index) => {
        let slot = home;
        while (table[2 * slot] !== -1) slot = (slot + 1) & mask;
        table[2 * slot] = index;
        table[2 * slot + 1] = home;
        slotOf.push(slot);
      });
      const victim = pick % homes.length;
      deleteSlot(table, mask, slotOf[victim]!);
      const find = (index: number): boolean => {
        for (let slot = homes[index]!; table[2 * slot] !== -1; slot = (slot + 1) & mask) if (table[2 * slot] === index) return true;
        return false;
      };
      homes.forEach((_, index) => {
        expect(find(index)).toBe(index !== victim);
      });
    },
  );
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

describe('IdIndex truncate of the greatest key', () => {
  // After a truncation the greatest key left is looked for in the block of 1,024 keys the new
  // end falls in, then in the blocks before it: here two blocks hold no greatest key.
  it('finds the greatest key left blocks before the new end', () => {
    const index = new IdIndex();
    const smaller = Array.from({ length: 3_000 }, (_, n) => `a${String(n).padStart(4, '0')}`);
    for (const key of ['y9999', ...smaller]) index.add(key);
    index.add('z0000');
    index.truncate(1 + smaller.length);
    // Were 'y9999' not known as the greatest, it would look new by order alone.
    expect(index.indexOf('y9999')).toBe(0);
    expect(index.indexOf('z0000')).toBe(-1);
    expect(index.indexOf('a2999')).toBe(3_000);
    expect(index.add('z0000')).toBe(3_001);
    index.truncate(1);
    expect(index.indexOf('y9999')).toBe(0);
    expect(index.indexOf('a0000')).toBe(-1);
    expect(index.add('a0000')).toBe(1);
  });
});
