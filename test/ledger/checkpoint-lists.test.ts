/**
 * The accounts' row checkpoints in one pair of typed arrays (checkpoint-lists.ts): each account's
 * list reads like an array of its own through growth, trimming and rewrites, and the segments an
 * account leaves are given to the next one that needs one of their size.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { CheckpointLists } from '../../src/ledger/checkpoint-lists.js';
import { NUM_RUNS } from './support.js';

type Checkpoint = [posting: number, balanceMinor: bigint];
const ACCOUNTS = 150;

// Every account's checkpoints as read one by one, and as copied out.
function listsOf(lists: CheckpointLists, accounts: number): { read: Checkpoint[][]; copied: Checkpoint[][] } {
  const read: Checkpoint[][] = [];
  const copied: Checkpoint[][] = [];
  for (let a = 0; a < accounts; a += 1) {
    const count = lists.count(a);
    read.push(Array.from({ length: count }, (_, k): Checkpoint => [lists.posting(a, k), lists.balance(a, k)]));
    const postings = new Int32Array(count + 2);
    const balances = new BigInt64Array(count + 2);
    lists.copyInto(a, postings, balances, 1);
    copied.push(Array.from({ length: count }, (_, k): Checkpoint => [postings[k + 1]!, balances[k + 1]!]));
  }
  return { read, copied };
}

describe('CheckpointLists', () => {
  it('gives the segment an account leaves to the next account that needs one of its size', () => {
    const lists = new CheckpointLists();
    for (let a = 0; a < 100; a += 1) lists.add(a, 500 + a, BigInt(a));
    expect(lists.slots).toBe(100);
    // Account 0 moves to 2 slots; account 100's first checkpoint takes the one it left.
    lists.add(0, 1000, -1n);
    expect(lists.slots).toBe(102);
    lists.add(100, 100, 100n);
    expect(lists.slots).toBe(102);
    // Account 1 grows to 2 slots, then 4: 6 new ones.
    lists.add(1, 1001, 1n);
    lists.add(1, 1002, 2n);
    expect(lists.slots).toBe(108);
    // An account trimmed to none leaves its segment: account 0's growth to 4 slots takes it.
    lists.trim(1, 0);
    lists.add(0, 1003, 3n);
    expect(lists.slots).toBe(108);
    expect(listsOf(lists, 2).read).toEqual([[[500, 0n], [1000, -1n], [1003, 3n]], []]);
    expect(listsOf(lists, 100).read.slice(2)).toEqual(Array.from({ length: 98 }, (_, k) => [[502 + k, BigInt(2 + k)]]));
    expect(listsOf(lists, 101).read[100]).toEqual([[100, 100n]]);
  });

  it('keeps each account\'s segment through the growth of the per-account arrays', () => {
    const lists = new CheckpointLists();
    for (let k = 0; k < 3; k += 1) lists.add(0, k, BigInt(k));
    lists.add(1, 10, 10n);
    lists.add(1000, 1000, 1000n);
    // Account 0 holds 3 of its 4 slots: its fourth fills the segment, its fifth moves it.
    for (let k = 3; k < 6; k += 1) lists.add(0, k, BigInt(k));
    lists.add(1, 11, 11n);
    expect(listsOf(lists, 2).read).toEqual([Array.from({ length: 6 }, (_, k) => [k, BigInt(k)]), [[10, 10n], [11, 11n]]]);
    expect(listsOf(lists, 1001).read[1000]).toEqual([[1000, 1000n]]);
  });

  type Step = { add: [number, number, bigint] } | { trim: [number, number] } | { overwrite: [number, number, number, bigint] };
  // A few busy accounts, and many others (their per-account arrays grow past their first size).
  const account = fc.oneof(fc.nat(3), fc.nat(ACCOUNTS - 1));
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(account, fc.nat(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })).map((add): Step => ({ add })) },
    { weight: 2, arbitrary: fc.tuple(account, fc.nat(20)).map((trim): Step => ({ trim })) },
    { weight: 1, arbitrary: fc.tuple(account, fc.nat(), fc.nat(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })).map((overwrite): Step => ({ overwrite })) },
  );

  test.prop([fc.array(step, { maxLength: 600 })], { numRuns: NUM_RUNS })('reads like an array per account through growth, trimming and rewrites', (plan) => {
    const lists = new CheckpointLists();
    const model: Checkpoint[][] = Array.from({ length: ACCOUNTS }, () => []);
    for (const s of plan) {
      if ('add' in s) {
        const [a, t, balance] = s.add;
        lists.add(a, t, balance);
        model[a]!.push([t, balance]);
      } else if ('trim' in s) {
        const [a, keep] = s.trim;
        lists.trim(a, keep);
        model[a]!.length = Math.min(model[a]!.length, keep);
      } else {
        const [a, k, t, balance] = s.overwrite;
        if (model[a]!.length === 0) continue;
        const at = k % model[a]!.length;
        lists.overwrite(a, at, t, balance);
        model[a]![at] = [t, balance];
      }
    }
    const { read, copied } = listsOf(lists, ACCOUNTS);
    expect(read).toEqual(model);
    expect(copied).toEqual(model);
    expect(lists.count(1000)).toBe(0);
  });
});
