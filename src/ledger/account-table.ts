/**
 * Every account, as columns indexed by the account's number (its position in opening order).
 * The hot state of an account is one 64-byte record of eight 8-byte words in a shared buffer:
 * its four counters (int64), the time of its latest transfer, how many postings (rows) it has,
 * which transfer was the latest, and its currency and limit flags (the CLASS word). A transfer
 * then touches one cache line per account, and V8 computes the counters as machine int64 read
 * from and written to a BigInt64Array, without allocating heap bigints: measured ~50 ns per transfer against ~400 ns for bigint object
 * fields, which also filled the old generation and forced full GCs. The sparse row checkpoints
 * (account-rows.ts) are colder, in lists of their own (checkpoint-lists.ts).
 */
import { assert } from '../core/assert.js';
import { CURRENCY_CODES, type CurrencyCode } from '../core/currency.js';
import { CheckpointLists } from './checkpoint-lists.js';

/** Flag bit: debitsPending + debitsPosted must stay <= creditsPosted. */
export const DEBITS_MUST_NOT_EXCEED_CREDITS = 1;
/** Flag bit: creditsPending + creditsPosted must stay <= debitsPosted. */
export const CREDITS_MUST_NOT_EXCEED_DEBITS = 2;

/** Words per account record. */
export const WORDS = 8;
/** int64 word of an account record: debitsPending. Words 0..3 are the four counters. */
export const DEBITS_PENDING = 0;
/** int64 word: debitsPosted. */
export const DEBITS_POSTED = 1;
/** int64 word: creditsPending. */
export const CREDITS_PENDING = 2;
/** int64 word: creditsPosted. */
export const CREDITS_POSTED = 3;
/** float64 word: time of the latest transfer on the account (−Infinity when none). */
export const LAST_AT_MS = 4;
/** float64 word: number of postings on the account, which is its number of rows. */
export const POSTING_COUNT = 5;
/** float64 word: transfer index of the account's latest posting (−1 when none). */
export const LAST_POSTING = 6;
/**
 * float64 word, written once at opening: `CLASS_SCALE * currency number + flags`. The hot path
 * checks currency and limit flags from the record it already loaded, not from two more arrays.
 */
export const CLASS = 7;
/** Multiplier of the currency number in the CLASS word (flags take the two low bits). */
export const CLASS_SCALE = 4;

const CAPACITY_FIRST = 64;

/** The account table. Mutated in place by the ledger only. */
export class AccountTable {
  /** Number of accounts. */
  count = 0;
  readonly ids: string[] = [];
  readonly currencies: CurrencyCode[] = [];
  /**
   * Per account: the transfer index of every CHECKPOINT_ROWS-th posting (account-rows.ts) and the
   * posted balance after it, in one pair of typed arrays for all accounts (checkpoint-lists.ts).
   * Written through `addCheckpoint` and `trimCheckpoints` only (and tests' `overwrite`).
   */
  readonly checkpoints = new CheckpointLists();
  readonly #byId = new Map<string, number>();
  /** Account records seen as int64 words (counters at `WORDS * a + DEBITS_PENDING`...). */
  i64 = new BigInt64Array(WORDS * CAPACITY_FIRST);
  /** The same records seen as float64 words (`WORDS * a + LAST_AT_MS`...). */
  f64 = new Float64Array(this.i64.buffer);
  /** The linked batch that last saved each account for rollback (0: none). */
  savedInBatch = new Int32Array(CAPACITY_FIRST);

  /** Number of the account with `id`, or -1. */
  indexOf(id: string): number {
    return this.#byId.get(id) ?? -1;
  }

  /** Adds an account with zero counters and no rows (its id must be new); returns its number. */
  open(id: string, currency: CurrencyCode, flags: number): number {
    assert(!this.#byId.has(id), 'account opened twice');
    const a = this.count;
    if (a === this.savedInBatch.length) this.#grow();
    this.ids.push(id);
    this.currencies.push(currency);
    this.f64[WORDS * a + LAST_AT_MS] = Number.NEGATIVE_INFINITY;
    this.f64[WORDS * a + LAST_POSTING] = -1;
    this.f64[WORDS * a + CLASS] = CLASS_SCALE * CURRENCY_CODES.indexOf(currency) + flags;
    this.#byId.set(id, a);
    this.count = a + 1;
    return a;
  }

  /** Notes a checkpoint of account `a`: its posting `t` and the posted balance after it. */
  addCheckpoint(a: number, t: number, balanceMinor: bigint): void {
    this.checkpoints.add(a, t, balanceMinor);
  }

  /** Keeps account `a`'s first `keep` checkpoints (a linked batch rolling back). */
  trimCheckpoints(a: number, keep: number): void {
    this.checkpoints.trim(a, keep);
  }

  /**
   * Copies words [0, `stored`) of each opened account's record from `records` (`stored` <= CLASS
   * words per account), bit for bit: a snapshot being restored. The CLASS word stays the one
   * `open` wrote, so a snapshot never carries currency numbers.
   */
  restoreRecords(records: BigInt64Array, stored: number): void {
    assert(stored <= CLASS && records.length === stored * this.count, 'restored records do not match the accounts');
    // Through int32 views: a float64 copy could canonicalise NaN bit patterns of int64 words, and
    // reading a BigInt64Array allocates a bigint per word.
    const from = new Int32Array(records.buffer, records.byteOffset, 2 * records.length);
    const to = new Int32Array(this.i64.buffer);
    for (let a = 0; a < this.count; a += 1) {
      const source = 2 * stored * a;
      const target = 2 * WORDS * a;
      for (let k = 0; k < 2 * stored; k += 1) to[target + k] = from[source + k]!;
    }
  }

  /** Counter `word` (DEBITS_PENDING...) of account `a`. */
  counter(a: number, word: number): bigint {
    return this.i64[WORDS * a + word]!;
  }

  /** Number of rows (postings) of account `a`. */
  rowCount(a: number): number {
    return this.f64[WORDS * a + POSTING_COUNT]!;
  }

  /** Bit set of DEBITS_MUST_NOT_EXCEED_CREDITS and CREDITS_MUST_NOT_EXCEED_DEBITS of account `a`. */
  flags(a: number): number {
    return this.f64[WORDS * a + CLASS]! % CLASS_SCALE;
  }

  /** Time of the latest transfer on account `a`. */
  lastAtMs(a: number): number {
    return this.f64[WORDS * a + LAST_AT_MS]!;
  }

  #grow(): void {
    const capacity = this.savedInBatch.length * 2;
    const i64 = new BigInt64Array(WORDS * capacity);
    i64.set(this.i64);
    const saved = new Int32Array(capacity);
    saved.set(this.savedInBatch);
    this.i64 = i64;
    this.f64 = new Float64Array(i64.buffer);
    this.savedInBatch = saved;
  }
}
