/**
 * The accounts' row checkpoints (account-rows.ts): per account, the transfer index of every
 * CHECKPOINT_ROWS-th posting and the posted balance after it, held for all accounts in one pair of
 * typed arrays. Each account with checkpoints has a segment of them, its capacity a power of two;
 * a full segment moves to one twice its size, and the one it leaves is reused by the next account
 * that needs one of that size (free lists by size).
 *
 * Until stop 33 each account held two JS arrays, of numbers and of bigints: ~70 B a checkpoint
 * in the API-driven log, where most accounts with checkpoints have one (168 of 191 at 300,000
 * events) and each such account held two arrays and a bigint (~136 B). Here a checkpoint takes 12
 * bytes and its share of the free room, and an account 9 bytes (docs/performance.md, stop 33).
 */
import { assert } from '../core/assert.js';

const LISTS_FIRST = 64;
const SLOTS_FIRST = 64;
const NO_I32 = new Int32Array(0);

/** Lists of (posting, balance) pairs, one per account number, each append-only with trimming. */
export class CheckpointLists {
  // Per account: its segment's first slot, its checkpoints, and log2 of its segment's slots
  // (meaningful while it has checkpoints).
  #start: Int32Array = NO_I32;
  #count: Int32Array = NO_I32;
  #sizeLog: Uint8Array = new Uint8Array(0);
  // The slots: each a checkpoint's posting and balance.
  #posting = new Int32Array(SLOTS_FIRST);
  #balance = new BigInt64Array(SLOTS_FIRST);
  // Slots handed out so far; segments left behind, by log2 of their size.
  #used = 0;
  readonly #free: number[][] = [];

  /** Slots handed out (used or free): for tests and measurements. */
  get slots(): number {
    return this.#used;
  }

  /** Number of checkpoints of account `a`. */
  count(a: number): number {
    return a < this.#count.length ? this.#count[a]! : 0;
  }

  /** The posting of account `a`'s checkpoint `k` (below its count). */
  posting(a: number, k: number): number {
    return this.#posting[this.#slot(a, k)]!;
  }

  /** The posted balance after account `a`'s checkpoint `k` (below its count). */
  balance(a: number, k: number): bigint {
    return this.#balance[this.#slot(a, k)]!;
  }

  /** Appends a checkpoint to account `a`: its posting `t` and the balance after it. */
  add(a: number, t: number, balanceMinor: bigint): void {
    if (a >= this.#count.length) this.#growLists(a + 1);
    const count = this.#count[a]!;
    if (count === 0) this.#moveTo(a, 0, 0);
    else if (count === 1 << this.#sizeLog[a]!) this.#moveTo(a, this.#sizeLog[a]! + 1, count);
    const slot = this.#start[a]! + count;
    this.#posting[slot] = t;
    this.#balance[slot] = balanceMinor;
    this.#count[a] = count + 1;
  }

  /** Keeps account `a`'s first `keep` checkpoints (a linked batch rolling back). */
  trim(a: number, keep: number): void {
    const count = this.count(a);
    if (count <= keep) return;
    if (keep === 0) this.#release(a);
    this.#count[a] = keep;
  }

  /** Rewrites account `a`'s checkpoint `k`. The ledger never does: tests plant damage with it. */
  overwrite(a: number, k: number, t: number, balanceMinor: bigint): void {
    const slot = this.#slot(a, k);
    this.#posting[slot] = t;
    this.#balance[slot] = balanceMinor;
  }

  /** Copies account `a`'s checkpoints into `postings` and `balances` from `at` on. */
  copyInto(a: number, postings: Int32Array, balances: BigInt64Array, at: number): void {
    const count = this.count(a);
    if (count === 0) return;
    const start = this.#start[a]!;
    postings.set(this.#posting.subarray(start, start + count), at);
    balances.set(this.#balance.subarray(start, start + count), at);
  }

  #slot(a: number, k: number): number {
    assert(k >= 0 && k < this.count(a), 'checkpoint out of range');
    return this.#start[a]! + k;
  }

  // Gives account `a` a segment of 2^sizeLog slots holding its first `count` checkpoints.
  #moveTo(a: number, sizeLog: number, count: number): void {
    const start = this.#take(sizeLog);
    if (count > 0) {
      const from = this.#start[a]!;
      this.#posting.copyWithin(start, from, from + count);
      this.#balance.copyWithin(start, from, from + count);
      this.#release(a);
    }
    this.#start[a] = start;
    this.#sizeLog[a] = sizeLog;
  }

  // Puts account `a`'s segment on the free list of its size.
  #release(a: number): void {
    const sizeLog = this.#sizeLog[a]!;
    while (this.#free.length <= sizeLog) this.#free.push([]);
    this.#free[sizeLog]!.push(this.#start[a]!);
  }

  // The first slot of a free segment of 2^sizeLog slots: one left behind, else new ones.
  #take(sizeLog: number): number {
    const reused = this.#free[sizeLog]?.pop();
    if (reused !== undefined) return reused;
    const start = this.#used;
    this.#used = start + (1 << sizeLog);
    if (this.#used > this.#posting.length) this.#growSlots(this.#used);
    return start;
  }

  #growSlots(needed: number): void {
    let capacity = 2 * this.#posting.length;
    while (capacity < needed) capacity *= 2;
    const posting = new Int32Array(capacity);
    posting.set(this.#posting);
    const balance = new BigInt64Array(capacity);
    balance.set(this.#balance);
    this.#posting = posting;
    this.#balance = balance;
  }

  #growLists(needed: number): void {
    let capacity = Math.max(LISTS_FIRST, 2 * this.#count.length);
    while (capacity < needed) capacity *= 2;
    const start = new Int32Array(capacity);
    start.set(this.#start);
    const count = new Int32Array(capacity);
    count.set(this.#count);
    const sizeLog = new Uint8Array(capacity);
    sizeLog.set(this.#sizeLog);
    this.#start = start;
    this.#count = count;
    this.#sizeLog = sizeLog;
  }
}
