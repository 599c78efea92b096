/**
 * Balance changes of one internal account over a half-open window `[startMs, endMs)`, read from
 * the ledger's balance-change rows. Pure: reads the ledger, changes nothing.
 *
 * The cost of a page is independent of the account's history: the window's rows are found by two
 * binary searches (`rowsBetween`), a page is one slice (`rows(from, limit)`), and the opening and
 * closing balances are point reads (`postedBalanceAt`).
 */
import { assert } from '../../core/assert.js';
import { formatInStatementZone } from '../../core/calendar.js';
import type { CurrencyCode } from '../../core/currency.js';
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import { formatInstant } from '../../core/time.js';
import type { BalanceRow, Ledger, RowRange } from '../../ledger/index.js';
import { sha256Hex } from '../../log/index.js';

/** Bounds of `limit` for balance changes (DECISIONS.md: 1..200, default 100). */
export const BALANCE_CHANGE_LIMITS = { defaultLimit: 100, maxLimit: 200 } as const;

/** A half-open window of epoch milliseconds, `startMs < endMs`. */
export type BalanceWindow = { readonly startMs: number; readonly endMs: number };

/** What this module reads from the ledger. */
export type BalanceChangeLedger = Pick<Ledger, 'rowsBetween' | 'rows' | 'postedBalanceAt'>;

/** The wire form of one row. */
export type BalanceChangeRow = {
  readonly id: string;
  readonly transactionId: string;
  readonly amount: CurrencyAmount;
  readonly effectiveAt: string;
};

/** Where a window's rows lie in the account's row list: `[fromIndex, toIndex)`. */
export type WindowSpan = RowRange;

/** A page of balance changes before the cursor is encoded (`nextPosition` only when more rows follow). */
export type BalanceChangePage = {
  readonly data: readonly BalanceChangeRow[];
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly openingBalance: CurrencyAmount;
  readonly closingBalance: CurrencyAmount;
  readonly totalCount: number;
  readonly nextPosition?: number;
};

/** The rows of `window` in the account's row list; two binary searches. Pure. */
export function windowSpan(ledger: BalanceChangeLedger, accountId: string, window: BalanceWindow): WindowSpan {
  const span = ledger.rowsBetween(accountId, window.startMs, window.endMs);
  assert(span.fromIndex >= 0 && span.fromIndex <= span.toIndex, `ledger returned an invalid span for ${accountId}`);
  return span;
}

/**
 * Pure: the page of `limit` rows that starts `position` rows into the window, with the window's
 * opening and closing balances (the same on every page). `position` must lie within the window
 * (the caller checks it against `span`). Asserts on the way that each row's amount carries the
 * balance from the one before, and that the window's first and last rows meet the opening and
 * closing balances, so `opening + sum(rows) = closing` is checked on every page that touches an
 * end of the window.
 */
export function balanceChangePage(
  ledger: BalanceChangeLedger,
  account: { readonly id: string; readonly currency: CurrencyCode },
  window: BalanceWindow,
  span: WindowSpan,
  position: number,
  limit: number,
): BalanceChangePage {
  const totalCount = span.toIndex - span.fromIndex;
  assert(position >= 0 && position <= totalCount, `page position ${position} outside a window of ${totalCount} rows`);
  assert(limit >= 1 && limit <= BALANCE_CHANGE_LIMITS.maxLimit, `limit ${limit} outside 1..${BALANCE_CHANGE_LIMITS.maxLimit}`);
  const openingMinor = ledger.postedBalanceAt(account.id, window.startMs) ?? 0n;
  const closingMinor = ledger.postedBalanceAt(account.id, window.endMs) ?? 0n;
  const take = Math.min(limit, totalCount - position);
  const rows = take === 0 ? [] : ledger.rows(account.id, span.fromIndex + position, take);
  assert(rows.length === take, `ledger returned ${rows.length} rows for ${account.id}, expected ${take}`);
  checkRows(rows, { account: account.id, window, span, position, openingMinor, closingMinor });
  const next = position + take;
  const base = {
    data: rows.map((row) => balanceChangeRow(account.id, account.currency, row)),
    periodStart: formatWindowInstant(window.startMs),
    periodEnd: formatWindowInstant(window.endMs),
    openingBalance: toCurrencyAmount(openingMinor, account.currency),
    closingBalance: toCurrencyAmount(closingMinor, account.currency),
    totalCount,
  };
  return next < totalCount ? { ...base, nextPosition: next } : base;
}

type RowCheck = {
  readonly account: string;
  readonly window: BalanceWindow;
  readonly span: WindowSpan;
  readonly position: number;
  readonly openingMinor: bigint;
  readonly closingMinor: bigint;
};

/** Asserts the rows are the window's, in order, and that balances chain from opening to closing. */
function checkRows(rows: readonly BalanceRow[], check: RowCheck): void {
  const totalCount = check.span.toIndex - check.span.fromIndex;
  if (totalCount === 0) {
    assert(check.openingMinor === check.closingMinor, `${check.account}: no rows in the window but opening ${check.openingMinor} != closing ${check.closingMinor}`);
    return;
  }
  let previousAfter: bigint | undefined = check.position === 0 ? check.openingMinor : undefined;
  let previousAtMs = check.window.startMs;
  rows.forEach((row, offset) => {
    assert(row.index === check.span.fromIndex + check.position + offset, `${check.account}: row index ${row.index} out of order`);
    assert(row.effectiveAtMs >= previousAtMs && row.effectiveAtMs < check.window.endMs, `${check.account}: row ${row.index} outside the window or out of time order`);
    if (previousAfter !== undefined) {
      assert(previousAfter + row.amountMinor === row.balanceAfterMinor, `${check.account}: row ${row.index} does not carry the balance from the row before`);
    }
    previousAfter = row.balanceAfterMinor;
    previousAtMs = row.effectiveAtMs;
  });
  const last = rows[rows.length - 1];
  if (last !== undefined && check.position + rows.length === totalCount) {
    assert(last.balanceAfterMinor === check.closingMinor, `${check.account}: opening + sum(rows) != closing for the window`);
  }
}

/** The wire row for a ledger row of `accountId`. Pure. */
export function balanceChangeRow(accountId: string, currency: CurrencyCode, row: BalanceRow): BalanceChangeRow {
  return {
    id: balanceChangeId(accountId, row.transferId, row.effectiveAtMs),
    transactionId: row.transactionId,
    amount: toCurrencyAmount(row.amountMinor, currency),
    effectiveAt: formatInstant(row.effectiveAtMs),
  };
}

/**
 * The id of the row that `transferId` left on `accountId`: `BalanceChange:<uuid>`, a time-ordered
 * UUID (v7 layout) whose first 48 bits are the movement's time and whose other bits come from
 * SHA-256 of the account and the transfer. It depends on nothing else (not the page, not the
 * request's time), so the same movement has the same id on every page and in every replay. A
 * transfer leaves one row on each of its two accounts; the account in the hash tells them apart.
 */
export function balanceChangeId(accountId: string, transferId: string, effectiveAtMs: number): string {
  const digest = sha256Hex(`BalanceChange|${accountId}|${transferId}`);
  const time = (Math.max(0, Math.floor(effectiveAtMs)) % 2 ** 48).toString(16).padStart(12, '0');
  const variant = (0x8 | (Number.parseInt(digest.slice(3, 4), 16) & 0x3)).toString(16);
  return `BalanceChange:${time.slice(0, 8)}-${time.slice(8)}-7${digest.slice(0, 3)}-${variant}${digest.slice(4, 7)}-${digest.slice(7, 19)}`;
}

/**
 * An instant in the statement zone with its offset, with milliseconds only when there are any:
 * "2026-03-01T00:00:00-06:00", "2026-03-01T00:00:00.250-06:00". Pure.
 */
export function formatWindowInstant(epochMs: number): string {
  const text = formatInStatementZone(epochMs);
  const millis = ((epochMs % 1000) + 1000) % 1000;
  return millis === 0 ? text : `${text.slice(0, 19)}.${String(millis).padStart(3, '0')}${text.slice(19)}`;
}
