/**
 * The balance-change rows of each account, found without ever indexing them all. Replay does not
 * write rows: each posting (a posted transfer or a post) links, in the transfer table, to the
 * previous posting of each of its two accounts, and every `CHECKPOINT_ROWS`-th posting of an
 * account is also noted in the account's sparse checkpoint list with the balance after it.
 *
 * A row query then costs O(log(rows / CHECKPOINT_ROWS) + CHECKPOINT_ROWS + page): a binary
 * search over the checkpoints (by the time of their postings) finds the block of at most
 * `CHECKPOINT_ROWS` rows a time falls in, and a walk back along the chain from the checkpoint
 * after it (or from the account's latest posting, whose balance is the posted balance) gives
 * exact positions and balances. The first query after a replay is as cheap as any other.
 *
 * Why: writing every row into each account's own storage costs a cache miss per row at random
 * places in memory (~40% of the replay time measured), and indexing all rows at the first query
 * cost ~58 ms per 750,000 rows and 24 bytes a row kept forever. A checkpoint is written once per
 * 64 postings of an account: its cost disappears in the replay, and it holds ~0.4 byte a row.
 */
import { assert } from '../core/assert.js';
import { CREDITS_POSTED, DEBITS_POSTED, LAST_POSTING, POSTING_COUNT, WORDS, type AccountTable } from './account-table.js';
import type { TransferTable } from './transfer-table.js';

/** Postings between two checkpoints of an account (a power of two: the check is a mask). */
export const CHECKPOINT_ROWS = 64;
const CHECKPOINT_MASK = CHECKPOINT_ROWS - 1;

/**
 * Records posting `t` (a posted transfer or a post) on its debit account `d` and credit account
 * `c`: links it to each one's previous posting, makes it their latest, and notes a checkpoint on
 * an account whose posting count reaches a multiple of `CHECKPOINT_ROWS`. The accounts' posted
 * counters must already include `t`.
 */
export function linkPosting(accounts: AccountTable, transfers: TransferTable, t: number, d: number, c: number): void {
  const words = accounts.f64;
  const dw = WORDS * d;
  const cw = WORDS * c;
  transfers.setPrevious(t, words[dw + LAST_POSTING]!, words[cw + LAST_POSTING]!);
  words[dw + LAST_POSTING] = t;
  words[cw + LAST_POSTING] = t;
  const debitCount = words[dw + POSTING_COUNT]! + 1;
  const creditCount = words[cw + POSTING_COUNT]! + 1;
  words[dw + POSTING_COUNT] = debitCount;
  words[cw + POSTING_COUNT] = creditCount;
  if ((debitCount & CHECKPOINT_MASK) === 0) noteCheckpoint(accounts, d, t);
  if ((creditCount & CHECKPOINT_MASK) === 0) noteCheckpoint(accounts, c, t);
}

// Out of line: runs once per CHECKPOINT_ROWS postings, and allocates the balance's bigint.
function noteCheckpoint(accounts: AccountTable, a: number, t: number): void {
  accounts.addCheckpoint(a, t, postedBalance(accounts, a));
}

/** Forgets account `a`'s checkpoints past its posting count (a linked batch rolling back). */
export function trimCheckpoints(accounts: AccountTable, a: number): void {
  accounts.trimCheckpoints(a, Math.floor(accounts.f64[WORDS * a + POSTING_COUNT]! / CHECKPOINT_ROWS));
}

/** Account `a`'s posted balance, holder side (credits − debits). */
function postedBalance(accounts: AccountTable, a: number): bigint {
  return accounts.i64[WORDS * a + CREDITS_POSTED]! - accounts.i64[WORDS * a + DEBITS_POSTED]!;
}

/** The signed amount (credit +, debit −) that posting `t` moved on account `a`. */
export function postingAmount(transfers: TransferTable, t: number, a: number): bigint {
  const amount = transfers.amountMinorOf(t);
  return transfers.debitAccountOf(t) === a ? -amount : amount;
}

/** The posting of account `a` just before posting `t` (−1 when none). */
function previous(transfers: TransferTable, t: number, a: number): number {
  return transfers.debitAccountOf(t) === a ? transfers.debitPreviousOf(t) : transfers.creditPreviousOf(t);
}

/** A row reached on a walk: its position, its posting and the balance after it. */
type Place = { row: number; posting: number; balanceAfterMinor: bigint };

/**
 * The nearest known place at or after row `k` (0 <= k < rows): the checkpoint of k's block, or
 * the account's latest posting for the block not yet closed by a checkpoint.
 */
function anchorAtOrAfter(accounts: AccountTable, a: number, k: number): Place {
  const block = Math.floor(k / CHECKPOINT_ROWS);
  const { checkpoints } = accounts;
  if (block < checkpoints.count(a)) {
    return { row: (block + 1) * CHECKPOINT_ROWS - 1, posting: checkpoints.posting(a, block), balanceAfterMinor: checkpoints.balance(a, block) };
  }
  const rows = accounts.f64[WORDS * a + POSTING_COUNT]!;
  return { row: rows - 1, posting: accounts.f64[WORDS * a + LAST_POSTING]!, balanceAfterMinor: postedBalance(accounts, a) };
}

/** Steps `place` one row back along the account's chain, in place. */
function stepBack(transfers: TransferTable, a: number, place: Place): void {
  place.balanceAfterMinor -= postingAmount(transfers, place.posting, a);
  place.posting = previous(transfers, place.posting, a);
  place.row -= 1;
  assert(place.posting >= 0 || place.row < 0, 'posting chain is shorter than the posting count');
}

/**
 * Rows `[fromIndex, toIndex)` of account `a` (within its rows): each row's posting and balance
 * after, in row order. O(CHECKPOINT_ROWS + page).
 */
export function rowsOf(accounts: AccountTable, transfers: TransferTable, a: number, fromIndex: number, toIndex: number): { postings: Int32Array; balances: BigInt64Array } {
  assert(fromIndex >= 0 && fromIndex <= toIndex && toIndex <= accounts.rowCount(a), 'row range outside the account');
  const postings = new Int32Array(toIndex - fromIndex);
  const balances = new BigInt64Array(toIndex - fromIndex);
  if (toIndex === fromIndex) return { postings, balances };
  const place = anchorAtOrAfter(accounts, a, toIndex - 1);
  while (place.row >= toIndex) stepBack(transfers, a, place);
  for (let k = toIndex - 1; k >= fromIndex; k -= 1) {
    postings[k - fromIndex] = place.posting;
    balances[k - fromIndex] = place.balanceAfterMinor;
    if (k > fromIndex) stepBack(transfers, a, place);
  }
  return { postings, balances };
}

/**
 * The first row of account `a` whose time is >= `atMs` (or its row count), and the posted
 * balance before that row: O(log(rows / CHECKPOINT_ROWS) + CHECKPOINT_ROWS).
 */
export function firstRowAtOrAfter(accounts: AccountTable, transfers: TransferTable, a: number, atMs: number): { row: number; balanceBeforeMinor: bigint } {
  const rows = accounts.rowCount(a);
  if (rows === 0) return { row: 0, balanceBeforeMinor: 0n };
  const { checkpoints } = accounts;
  // The first checkpoint at or after atMs; every row up to the one before it is earlier (rows of
  // an account never go back in time), so the answer lies in that checkpoint's block.
  let low = 0;
  let high = checkpoints.count(a);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (transfers.atMsOf(checkpoints.posting(a, mid)) < atMs) low = mid + 1;
    else high = mid;
  }
  const place = anchorAtOrAfter(accounts, a, Math.min(low * CHECKPOINT_ROWS, rows - 1));
  if (transfers.atMsOf(place.posting) < atMs) return { row: rows, balanceBeforeMinor: postedBalance(accounts, a) };
  const blockStart = low * CHECKPOINT_ROWS;
  while (place.row > blockStart && transfers.atMsOf(previous(transfers, place.posting, a)) >= atMs) stepBack(transfers, a, place);
  return { row: place.row, balanceBeforeMinor: place.balanceAfterMinor - postingAmount(transfers, place.posting, a) };
}
