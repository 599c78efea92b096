/**
 * The ledger's invariants, recomputed from scratch: counters are re-derived from the transfer
 * table, and each account's posting chain and row checkpoints (what its balance-change rows are
 * found from, account-rows.ts) are followed in one pass in transfer order, so each fact is
 * checked on a second path. Changes nothing. O(transfers).
 */
import type { CurrencyCode } from '../core/currency.js';
import {
  CREDITS_MUST_NOT_EXCEED_DEBITS,
  CREDITS_PENDING,
  CREDITS_POSTED,
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  DEBITS_PENDING,
  DEBITS_POSTED,
  LAST_POSTING,
  WORDS,
} from './account-table.js';
import { CHECKPOINT_ROWS } from './account-rows.js';
import type { CounterName, InvariantViolation } from './errors.js';
import { LEDGER_AMOUNT_MAX } from './limits.js';
import type { LedgerState } from './state.js';
import { KIND_PENDING, KIND_POST, KIND_POSTED, STATUS_OPEN } from './transfer-table.js';
import type { CurrencyTotals } from './types.js';

type Sums = { debitsPending: bigint; debitsPosted: bigint; creditsPending: bigint; creditsPosted: bigint };

// In the order of their offsets in the account table (DEBITS_PENDING = 0 ...).
const COUNTERS: readonly CounterName[] = ['debitsPending', 'debitsPosted', 'creditsPending', 'creditsPosted'];

/** Per currency, the four counters summed over its accounts, ordered by currency code. */
export function totalsByCurrency(state: LedgerState): Map<CurrencyCode, CurrencyTotals> {
  const { accounts } = state;
  const sums = new Map<CurrencyCode, Sums>();
  for (let a = 0; a < accounts.count; a += 1) {
    const currency = accounts.currencies[a]!;
    let total = sums.get(currency);
    if (total === undefined) {
      total = { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n };
      sums.set(currency, total);
    }
    COUNTERS.forEach((counter, offset) => {
      total[counter] += accounts.counter(a, offset);
    });
  }
  const codes = [...sums.keys()].sort();
  return new Map(codes.map((code) => [code, { ...sums.get(code)! }]));
}

/** Every broken invariant of `state`; empty when the ledger is sound. */
export function checkInvariants(state: LedgerState): InvariantViolation[] {
  const violations: InvariantViolation[] = [];
  for (const [currency, totals] of totalsByCurrency(state)) {
    if (totals.debitsPosted !== totals.creditsPosted) {
      violations.push({ code: 'CURRENCY_UNBALANCED', currency, phase: 'posted', debitsMinor: totals.debitsPosted, creditsMinor: totals.creditsPosted });
    }
    if (totals.debitsPending !== totals.creditsPending) {
      violations.push({ code: 'CURRENCY_UNBALANCED', currency, phase: 'pending', debitsMinor: totals.debitsPending, creditsMinor: totals.creditsPending });
    }
  }
  const fromTransfers = sumTransfers(state, violations);
  for (let a = 0; a < state.accounts.count; a += 1) {
    checkCounters(state, a, fromTransfers.sums[a]!, violations);
    checkChainEnd(state, a, fromTransfers, violations);
  }
  return violations;
}

/** What one pass over the transfer table derives per account. */
type FromTransfers = {
  /** The four counters, summed from the transfers that moved them. */
  sums: Sums[];
  /** Postings (posted transfers and posts) on the account: its row count. */
  postings: number[];
  /** The account's latest posting in transfer order (−1: none). */
  lastPosting: Int32Array;
};

// The counters every account should have, how many postings touch each account, and the
// posting chain followed in transfer order. Also checks the open set.
function sumTransfers(state: LedgerState, violations: InvariantViolation[]): FromTransfers {
  const { transfers, accounts, open } = state;
  const sums: Sums[] = Array.from({ length: accounts.count }, () => ({ debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n }));
  const postings: number[] = Array.from({ length: accounts.count }, () => 0);
  const lastPosting = new Int32Array(accounts.count).fill(-1);
  const lastAtMs = new Float64Array(accounts.count).fill(Number.NEGATIVE_INFINITY);
  let openCount = 0;
  for (let i = 0; i < transfers.count; i += 1) {
    const kind = transfers.kindOf(i);
    const debit = transfers.debitAccountOf(i);
    const credit = transfers.creditAccountOf(i);
    const amount = transfers.amountMinorOf(i);
    if (kind === KIND_POSTED || kind === KIND_POST) {
      sums[debit]!.debitsPosted += amount;
      sums[credit]!.creditsPosted += amount;
      followChain(state, i, debit, transfers.debitPreviousOf(i), postings[debit]!, lastPosting, lastAtMs, violations);
      followChain(state, i, credit, transfers.creditPreviousOf(i), postings[credit]!, lastPosting, lastAtMs, violations);
      postings[debit]! += 1;
      postings[credit]! += 1;
      checkCheckpoint(state, i, debit, postings[debit]!, sums[debit]!, violations);
      checkCheckpoint(state, i, credit, postings[credit]!, sums[credit]!, violations);
    } else if (kind === KIND_PENDING) {
      const isOpen = transfers.statusOf(i) === STATUS_OPEN;
      if (isOpen) {
        openCount += 1;
        sums[debit]!.debitsPending += amount;
        sums[credit]!.creditsPending += amount;
      }
      if (isOpen !== open.has(i)) {
        violations.push({ code: 'OPEN_PENDING_MISMATCH', transferId: transfers.idAt(i), inOpenSet: open.has(i) });
      }
    }
  }
  if (openCount !== open.size) {
    for (const i of open) {
      if (i >= transfers.count || transfers.kindOf(i) !== KIND_PENDING) {
        violations.push({ code: 'OPEN_PENDING_MISMATCH', transferId: i < transfers.count ? transfers.idAt(i) : `#${i}`, inOpenSet: true });
      }
    }
  }
  for (let a = 0; a < accounts.count; a += 1) {
    const expected = Math.floor(postings[a]! / CHECKPOINT_ROWS);
    const held = accounts.checkpoints.count(a);
    if (held !== expected) violations.push({ code: 'ROW_NOT_A_POSTING', accountId: accounts.ids[a]!, index: Math.min(held, expected + 1) * CHECKPOINT_ROWS - 1 });
  }
  return { sums, postings, lastPosting };
}

// After its `count`-th posting `t`, an account at a multiple of CHECKPOINT_ROWS must hold a
// checkpoint naming `t` with the balance the transfers give.
function checkCheckpoint(state: LedgerState, t: number, a: number, count: number, sums: Sums, violations: InvariantViolation[]): void {
  if (count % CHECKPOINT_ROWS !== 0) return;
  const { accounts } = state;
  const block = count / CHECKPOINT_ROWS - 1;
  const row = count - 1;
  const accountId = accounts.ids[a]!;
  if (block >= accounts.checkpoints.count(a) || accounts.checkpoints.posting(a, block) !== t) {
    violations.push({ code: 'ROW_NOT_A_POSTING', accountId, index: row });
    return;
  }
  const balanceAfter = accounts.checkpoints.balance(a, block);
  const runningSum = sums.creditsPosted - sums.debitsPosted;
  if (balanceAfter !== runningSum) violations.push({ code: 'ROW_BALANCE_MISMATCH', accountId, index: row, balanceAfterMinor: balanceAfter, runningSumMinor: runningSum });
}

// Posting `t` is row number `row` of account `a`: it must link to the account's posting before
// it, and must not be earlier than that one.
function followChain(
  state: LedgerState,
  t: number,
  a: number,
  linked: number,
  row: number,
  lastPosting: Int32Array,
  lastAtMs: Float64Array,
  violations: InvariantViolation[],
): void {
  const { transfers, accounts } = state;
  if (linked !== lastPosting[a]) {
    violations.push({ code: 'POSTING_CHAIN_BROKEN', accountId: accounts.ids[a]!, transferId: transfers.idAt(t), linkedIndex: linked, expectedIndex: lastPosting[a]! });
  }
  const atMs = transfers.atMsOf(t);
  if (atMs < lastAtMs[a]!) violations.push({ code: 'ROWS_OUT_OF_ORDER', accountId: accounts.ids[a]!, index: row });
  lastPosting[a] = t;
  lastAtMs[a] = atMs;
}

// The account's own record of its postings (count and latest) must match the chain.
function checkChainEnd(state: LedgerState, a: number, derived: FromTransfers, violations: InvariantViolation[]): void {
  const { accounts } = state;
  const rowCount = accounts.rowCount(a);
  if (rowCount !== derived.postings[a]) {
    violations.push({ code: 'ROW_COUNT_MISMATCH', accountId: accounts.ids[a]!, rowCount, postingCount: derived.postings[a]! });
  }
  const latest = accounts.f64[WORDS * a + LAST_POSTING]!;
  if (latest !== derived.lastPosting[a]) {
    violations.push({ code: 'POSTING_CHAIN_BROKEN', accountId: accounts.ids[a]!, transferId: undefined, linkedIndex: latest, expectedIndex: derived.lastPosting[a]! });
  }
}

function checkCounters(state: LedgerState, a: number, expected: Sums, violations: InvariantViolation[]): void {
  const { accounts } = state;
  const accountId = accounts.ids[a]!;
  COUNTERS.forEach((counter, offset) => {
    const value = accounts.counter(a, offset);
    if (value < 0n || value > LEDGER_AMOUNT_MAX) {
      violations.push({ code: 'COUNTER_OUT_OF_RANGE', accountId, counter, valueMinor: value });
    }
    if (value !== expected[counter]) {
      violations.push({ code: 'COUNTER_MISMATCH', accountId, counter, counterMinor: value, fromTransfersMinor: expected[counter] });
    }
  });
  const debits = accounts.counter(a, DEBITS_PENDING) + accounts.counter(a, DEBITS_POSTED);
  const credits = accounts.counter(a, CREDITS_PENDING) + accounts.counter(a, CREDITS_POSTED);
  if (debits > LEDGER_AMOUNT_MAX) {
    violations.push({ code: 'COUNTER_OUT_OF_RANGE', accountId, counter: 'debitsPending', valueMinor: debits });
  }
  if (credits > LEDGER_AMOUNT_MAX) {
    violations.push({ code: 'COUNTER_OUT_OF_RANGE', accountId, counter: 'creditsPending', valueMinor: credits });
  }
  const flags = accounts.flags(a);
  const creditsPosted = accounts.counter(a, CREDITS_POSTED);
  const debitsPosted = accounts.counter(a, DEBITS_POSTED);
  if ((flags & DEBITS_MUST_NOT_EXCEED_CREDITS) !== 0 && debits > creditsPosted) {
    violations.push({ code: 'LIMIT_EXCEEDED', accountId, flag: 'debitsMustNotExceedCredits', usedMinor: debits, limitMinor: creditsPosted });
  }
  if ((flags & CREDITS_MUST_NOT_EXCEED_DEBITS) !== 0 && credits > debitsPosted) {
    violations.push({ code: 'LIMIT_EXCEEDED', accountId, flag: 'creditsMustNotExceedDebits', usedMinor: credits, limitMinor: debitsPosted });
  }
}
