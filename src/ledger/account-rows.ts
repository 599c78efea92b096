/**
 * The balance-change rows of each account. Replay does not write rows: each posting (a posted
 * transfer or a post) links, in the transfer table, to the previous posting of each of its two
 * accounts, so applying a transfer only appends to the transfer table. Rows are indexed per
 * account when a query first needs them: `syncRows` walks the account's new postings back from
 * its latest one and appends them to the account's row index, computing each balanceAfter.
 *
 * Why: writing a row into each account's own storage costs a cache miss per row at random
 * places in memory (~40% of the replay time measured), while the transfer table is written in
 * order. Indexing is amortized O(1) per row, paid once, at query time; after it, row queries are
 * a binary search, O(log n) in the account's rows.
 *
 * The row index lives in chunks of the shared `RowArena`. Chunk sizes grow 4, 8, 16, 32, then
 * stay at 64 rows, so an account with one row wastes at most three records and row k's place is
 * computed, not searched.
 */
import { assert } from '../core/assert.js';
import {
  INDEX_TAIL,
  INDEX_TAIL_LEFT,
  INDEX_WORDS,
  INDEXED_COUNT,
  LAST_POSTING,
  POSTING_COUNT,
  WORDS,
  type AccountTable,
} from './account-table.js';
import { RECORD_WORDS, slabOf, wordOf } from './row-arena.js';
import type { TransferTable } from './transfer-table.js';

// Rows held by the first four chunks (4 + 8 + 16 + 32); from there every chunk has 64.
const SMALL_ROWS = 60;
const LARGE_BITS = 6;
const LARGE_ROWS = 1 << LARGE_BITS;

/** Chunk number holding row `k`. */
function chunkOf(k: number): number {
  return k < SMALL_ROWS ? 31 - Math.clz32((k >> 2) + 1) : 4 + ((k - SMALL_ROWS) >> LARGE_BITS);
}

/** Index of the first row of chunk `c`. */
function chunkStart(c: number): number {
  return c < 4 ? 4 * ((1 << c) - 1) : SMALL_ROWS + ((c - 4) << LARGE_BITS);
}

/** Number of rows chunk `c` holds. */
function chunkSize(c: number): number {
  return c < 4 ? 4 << c : LARGE_ROWS;
}

/** Arena record index of indexed row `k` of account `a`. */
function recordOf(accounts: AccountTable, a: number, k: number): number {
  const c = chunkOf(k);
  return accounts.rowChunks[a]![c]! + (k - chunkStart(c));
}

/**
 * Records posting `t` (a posted transfer or a post) on its debit account `d` and credit account
 * `c`: links it to each one's previous posting and makes it their latest. This is all replay
 * does for rows; `syncRows` follows the links later.
 */
export function linkPosting(accounts: AccountTable, transfers: TransferTable, t: number, d: number, c: number): void {
  const words = accounts.f64;
  const dw = WORDS * d;
  const cw = WORDS * c;
  transfers.debitPrevious[t] = words[dw + LAST_POSTING]!;
  transfers.creditPrevious[t] = words[cw + LAST_POSTING]!;
  words[dw + LAST_POSTING] = t;
  words[cw + LAST_POSTING] = t;
  words[dw + POSTING_COUNT] = words[dw + POSTING_COUNT]! + 1;
  words[cw + POSTING_COUNT] = words[cw + POSTING_COUNT]! + 1;
}

/** The signed amount (credit +, debit −) that posting `t` moved on account `a`. */
export function postingAmount(transfers: TransferTable, t: number, a: number): bigint {
  const amount = transfers.amountMinor[t]!;
  return transfers.debitAccount[t] === a ? -amount : amount;
}

/**
 * Brings account `a`'s row index up to date with its postings. Asserts that the posting chain
 * ends exactly where the index ends and that times do not go backwards.
 *
 * The loop is written for a cold first query over a long history (~1M rows): the chain is
 * collected into one Int32Array, then rows are written a chunk at a time, the running balance
 * kept in a BigInt64Array cell so that V8 adds in int64 registers instead of allocating a heap
 * bigint per row (which made this ~4x slower, most of it garbage collection).
 */
export function syncRows(accounts: AccountTable, transfers: TransferTable, a: number): void {
  const indexed = accounts.index[INDEX_WORDS * a + INDEXED_COUNT]!;
  const postings = accounts.f64[WORDS * a + POSTING_COUNT]!;
  if (indexed === postings) return;
  const chain = postingChain(transfers, accounts.f64[WORDS * a + LAST_POSTING]!, a, postings - indexed);
  assert(chain.before === (indexed === 0 ? -1 : rowTransferIndex(accounts, a, indexed - 1)), 'posting chain does not meet the row index');
  BALANCE[0] = indexed === 0 ? 0n : rowBalanceAfter(accounts, a, indexed - 1);
  let previousAtMs = indexed === 0 ? -Infinity : rowAtMs(accounts, a, indexed - 1);
  const { debitAccount, amountMinor, atMs } = transfers;
  const w = accounts.index;
  const at = INDEX_WORDS * a;
  for (let k = 0; k < chain.postings.length; ) {
    if (w[at + INDEX_TAIL_LEFT] === 0) openChunk(accounts, a, atMs[chain.postings[k]!]!);
    const record = w[at + INDEX_TAIL]!;
    const take = Math.min(w[at + INDEX_TAIL_LEFT]!, chain.postings.length - k);
    const times = accounts.arena.f64[slabOf(record)]!;
    const balances = accounts.arena.i64[slabOf(record)]!;
    let word = wordOf(record);
    for (let end = k + take; k < end; k += 1) {
      const t = chain.postings[k]!;
      const timeMs = atMs[t]!;
      if (timeMs < previousAtMs) assert(false, 'row time went backwards');
      if (debitAccount[t] === a) BALANCE[0] = BALANCE[0]! - amountMinor[t]!;
      else BALANCE[0] = BALANCE[0]! + amountMinor[t]!;
      times[word] = timeMs;
      balances[word + 1] = BALANCE[0]!;
      times[word + 2] = t;
      word += RECORD_WORDS;
      previousAtMs = timeMs;
    }
    w[at + INDEX_TAIL] = record + take;
    w[at + INDEX_TAIL_LEFT] = w[at + INDEX_TAIL_LEFT]! - take;
    w[at + INDEXED_COUNT] = w[at + INDEXED_COUNT]! + take;
  }
}

// The running balance of syncRows: an int64 cell, so that its arithmetic allocates nothing.
const BALANCE = new BigInt64Array(1);

/**
 * The last `count` postings of account `a` in creation order, walking back from `last`, and the
 * posting before them (−1 when none). Asserts the chain is at least `count` long.
 */
function postingChain(transfers: TransferTable, last: number, a: number, count: number): { postings: Int32Array; before: number } {
  const postings = new Int32Array(count);
  const { debitAccount, debitPrevious, creditPrevious } = transfers;
  let t = last;
  for (let k = count - 1; k >= 0; k -= 1) {
    if (t < 0) assert(false, 'posting chain is shorter than the posting count');
    postings[k] = t;
    t = debitAccount[t] === a ? debitPrevious[t]! : creditPrevious[t]!;
  }
  return { postings, before: t };
}

// Points account `a`'s tail at a new chunk for its next row and checks `atMs` against the
// previous row (which is in another chunk).
function openChunk(accounts: AccountTable, a: number, atMs: number): void {
  const count = accounts.index[INDEX_WORDS * a + INDEXED_COUNT]!;
  assert(count === 0 || atMs >= rowAtMs(accounts, a, count - 1), 'row time went backwards');
  const c = chunkOf(count);
  const chunks = accounts.rowChunks[a]!;
  assert(chunkStart(c) === count && c === chunks.length, 'row index tail lost its place');
  chunks.push(accounts.arena.reserve(chunkSize(c)));
  accounts.index[INDEX_WORDS * a + INDEX_TAIL] = chunks[c]!;
  accounts.index[INDEX_WORDS * a + INDEX_TAIL_LEFT] = chunkSize(c);
}

/** effectiveAtMs of indexed row `k` of account `a` (sync first). */
export function rowAtMs(accounts: AccountTable, a: number, k: number): number {
  const record = recordOf(accounts, a, k);
  return accounts.arena.f64[slabOf(record)]![wordOf(record)]!;
}

/** balanceAfterMinor of indexed row `k` of account `a` (sync first). */
export function rowBalanceAfter(accounts: AccountTable, a: number, k: number): bigint {
  const record = recordOf(accounts, a, k);
  return accounts.arena.i64[slabOf(record)]![wordOf(record) + 1]!;
}

/** Transfer-table index of indexed row `k` of account `a` (sync first). */
export function rowTransferIndex(accounts: AccountTable, a: number, k: number): number {
  const record = recordOf(accounts, a, k);
  return accounts.arena.f64[slabOf(record)]![wordOf(record) + 2]!;
}

/** The first row of account `a` whose time is >= `atMs` (or the row count), O(log n); sync first. */
export function firstRowAtOrAfter(accounts: AccountTable, a: number, atMs: number): number {
  let low = 0;
  let high = accounts.index[INDEX_WORDS * a + INDEXED_COUNT]!;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (rowAtMs(accounts, a, mid) < atMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Posted balance of account `a` counting its rows with time < `atMs` (half-open); sync first. */
export function postedBalanceBefore(accounts: AccountTable, a: number, atMs: number): bigint {
  const k = firstRowAtOrAfter(accounts, a, atMs);
  return k === 0 ? 0n : rowBalanceAfter(accounts, a, k - 1);
}
