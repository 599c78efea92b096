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

/** The previous posting of account `a` before posting `t` (−1 when none). */
export function previousPosting(transfers: TransferTable, t: number, a: number): number {
  return transfers.debitAccount[t] === a ? transfers.debitPrevious[t]! : transfers.creditPrevious[t]!;
}

/** The signed amount (credit +, debit −) that posting `t` moved on account `a`. */
export function postingAmount(transfers: TransferTable, t: number, a: number): bigint {
  const amount = transfers.amountMinor[t]!;
  return transfers.debitAccount[t] === a ? -amount : amount;
}

/**
 * Brings account `a`'s row index up to date with its postings. Asserts that the posting chain
 * ends exactly where the index ends and that times do not go backwards.
 */
export function syncRows(accounts: AccountTable, transfers: TransferTable, a: number): void {
  const indexed = accounts.index[INDEX_WORDS * a + INDEXED_COUNT]!;
  const postings = accounts.f64[WORDS * a + POSTING_COUNT]!;
  if (indexed === postings) return;
  const chain = new Int32Array(postings - indexed);
  let t = accounts.f64[WORDS * a + LAST_POSTING]!;
  for (let k = chain.length - 1; k >= 0; k -= 1) {
    assert(t >= 0, 'posting chain is shorter than the posting count');
    chain[k] = t;
    t = previousPosting(transfers, t, a);
  }
  assert(t === (indexed === 0 ? -1 : rowTransferIndex(accounts, a, indexed - 1)), 'posting chain does not meet the row index');
  let balance = indexed === 0 ? 0n : rowBalanceAfter(accounts, a, indexed - 1);
  for (const posting of chain) {
    balance += postingAmount(transfers, posting, a);
    pushRow(accounts, a, transfers.atMs[posting]!, balance, posting);
  }
}

// Appends a row to account `a`'s index; asserts that time does not go backwards.
function pushRow(accounts: AccountTable, a: number, atMs: number, balanceAfterMinor: bigint, transferIndex: number): void {
  const w = accounts.index;
  const at = INDEX_WORDS * a;
  const left = w[at + INDEX_TAIL_LEFT]!;
  if (left === 0) openChunk(accounts, a, atMs);
  const record = w[at + INDEX_TAIL]!;
  const slab = slabOf(record);
  const word = wordOf(record);
  const rows = accounts.arena.f64[slab]!;
  // Inside a chunk the previous row is the record just before; openChunk checks across chunks.
  if (left !== 0) assert(atMs >= rows[word - RECORD_WORDS]!, 'row time went backwards');
  rows[word] = atMs;
  accounts.arena.i64[slab]![word + 1] = balanceAfterMinor;
  rows[word + 2] = transferIndex;
  w[at + INDEX_TAIL] = record + 1;
  w[at + INDEX_TAIL_LEFT] = w[at + INDEX_TAIL_LEFT]! - 1;
  w[at + INDEXED_COUNT] = w[at + INDEXED_COUNT]! + 1;
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
