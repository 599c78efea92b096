/**
 * Builds the read-only copies the ledger hands out (account views, balances, transfer views,
 * row pages) from its columns. Pure: reads state, changes nothing.
 */
import {
  CREDITS_MUST_NOT_EXCEED_DEBITS,
  CREDITS_PENDING,
  CREDITS_POSTED,
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  DEBITS_PENDING,
  DEBITS_POSTED,
  type AccountTable,
} from './account-table.js';
import { postingAmount } from './account-rows.js';
import type { LedgerState } from './state.js';
import {
  KIND_PENDING,
  KIND_POST,
  KIND_POSTED,
  STATUS_EXPIRED,
  STATUS_OPEN,
  STATUS_POSTED,
  STATUS_VOIDED,
} from './transfer-table.js';
import type { AccountView, BalanceRow, BalanceView, PendingStatus, TransferView } from './types.js';

/** A copy of account `a`'s identity, flags and counters. */
export function accountView(accounts: AccountTable, a: number): AccountView {
  const flags = accounts.flags(a);
  return {
    id: accounts.ids[a]!,
    currency: accounts.currencies[a]!,
    flags: {
      debitsMustNotExceedCredits: (flags & DEBITS_MUST_NOT_EXCEED_CREDITS) !== 0,
      creditsMustNotExceedDebits: (flags & CREDITS_MUST_NOT_EXCEED_DEBITS) !== 0,
    },
    debitsPending: accounts.counter(a, DEBITS_PENDING),
    debitsPosted: accounts.counter(a, DEBITS_POSTED),
    creditsPending: accounts.counter(a, CREDITS_PENDING),
    creditsPosted: accounts.counter(a, CREDITS_POSTED),
  };
}

/** Account `a`'s posted, available and total balances (holder side: credits − debits). */
export function balanceView(accounts: AccountTable, a: number): BalanceView {
  const postedMinor = accounts.counter(a, CREDITS_POSTED) - accounts.counter(a, DEBITS_POSTED);
  return {
    postedMinor,
    availableMinor: postedMinor - accounts.counter(a, DEBITS_PENDING),
    totalMinor: postedMinor + accounts.counter(a, CREDITS_PENDING),
  };
}

/** Materialises the rows starting at `fromIndex` whose postings and balances `rowsOf` found. */
export function rowPage(state: LedgerState, a: number, fromIndex: number, postings: Int32Array, balances: BigInt64Array): BalanceRow[] {
  const { transfers } = state;
  const page: BalanceRow[] = [];
  for (let i = 0; i < postings.length; i += 1) {
    const t = postings[i]!;
    const transferId = transfers.idAt(t);
    page.push({
      index: fromIndex + i,
      transferId,
      transactionId: transfers.transactionIdAt(t) ?? transferId,
      amountMinor: postingAmount(transfers, t, a),
      effectiveAtMs: transfers.atMsOf(t),
      balanceAfterMinor: balances[i]!,
    });
  }
  return page;
}

/** The status column decoded. */
export function pendingStatusName(code: number): PendingStatus {
  switch (code) {
    case STATUS_OPEN:
      return 'open';
    case STATUS_POSTED:
      return 'posted';
    case STATUS_VOIDED:
      return 'voided';
    case STATUS_EXPIRED:
      return 'expired';
    default:
      throw new RangeError(`status ${code} is not a pending status`);
  }
}

/** A copy of transfer `t`. */
export function transferView(state: LedgerState, t: number): TransferView {
  const { transfers, accounts } = state;
  const debit = transfers.debitAccountOf(t);
  const transactionId = transfers.transactionIdAt(t);
  const common = {
    id: transfers.idAt(t),
    debitAccountId: accounts.ids[debit]!,
    creditAccountId: accounts.ids[transfers.creditAccountOf(t)]!,
    currency: accounts.currencies[debit]!,
    amountMinor: transfers.amountMinorOf(t),
    atMs: transfers.atMsOf(t),
    ...(transactionId === undefined ? {} : { transactionId }),
  };
  const kind = transfers.kindOf(t);
  if (kind === KIND_POSTED) return { ...common, kind: 'posted' };
  if (kind === KIND_PENDING) {
    const timeoutAtMs = transfers.timeoutAtMsOf(t);
    return {
      ...common,
      kind: 'pending',
      status: pendingStatusName(transfers.statusOf(t)),
      ...(Number.isNaN(timeoutAtMs) ? {} : { timeoutAtMs }),
    };
  }
  return {
    ...common,
    kind: kind === KIND_POST ? 'post' : 'void',
    pendingId: transfers.idAt(transfers.pendingIndexOf(t)),
  };
}
