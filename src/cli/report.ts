/**
 * Printable reports for the CLI: balances of every internal account, totals per currency, and a
 * monthly statement fetched through the API itself (all pages, identity checked).
 */
import { basicAuthorization } from '../api/auth.js';
import { formatMinor } from '../core/money.js';
import { type StatementMonth, formatInStatementZone } from '../core/calendar.js';
import type { CurrencyCode } from '../core/currency.js';
import type { Engine } from '../engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../engine/options.js';

/** Lines describing every internal account's balances. */
export function balanceLines(engine: Engine): string[] {
  const lines: string[] = [];
  for (const account of engine.state.accounts.byId.values()) {
    const b = engine.state.ledger.balance(account.id);
    if (b === undefined) continue;
    const owner = account.customerId ?? 'platform';
    lines.push(
      `${account.id}  ${account.type.padEnd(13)} ${owner.padEnd(45)} available ${formatMinor(b.availableMinor, account.currency).padStart(14)} ${account.currency}  total ${formatMinor(b.totalMinor, account.currency).padStart(14)}`,
    );
  }
  return lines;
}

/** Lines with the ledger's debit and credit totals per currency that saw any movement (they must match). */
export function totalsLines(engine: Engine): string[] {
  const lines: string[] = [];
  for (const [currency, t] of engine.state.ledger.totalsByCurrency()) {
    if (t.debitsPosted === 0n && t.creditsPosted === 0n && t.debitsPending === 0n && t.creditsPending === 0n) continue;
    const c = currency as CurrencyCode;
    lines.push(
      `${c.padEnd(5)} posted debits ${formatMinor(t.debitsPosted, c)} credits ${formatMinor(t.creditsPosted, c)}  pending debits ${formatMinor(t.debitsPending, c)} credits ${formatMinor(t.creditsPending, c)}`,
    );
  }
  return lines;
}

/** The ledger's totals per currency that saw any movement, as JSON (minor units as decimal strings). */
export function totalsJson(engine: Engine): { currency: string; debitsPosted: string; creditsPosted: string; debitsPending: string; creditsPending: string }[] {
  const out = [];
  for (const [currency, t] of engine.state.ledger.totalsByCurrency()) {
    if (t.debitsPosted === 0n && t.creditsPosted === 0n && t.debitsPending === 0n && t.creditsPending === 0n) continue;
    out.push({ currency, debitsPosted: String(t.debitsPosted), creditsPosted: String(t.creditsPosted), debitsPending: String(t.debitsPending), creditsPending: String(t.creditsPending) });
  }
  return out;
}

/** A statement page set fetched through `GET /internal-accounts/{id}/balance-changes`. */
export type Statement = {
  readonly status: number;
  readonly error?: unknown;
  readonly periodStart?: string;
  readonly periodEnd?: string;
  readonly openingBalance?: { amount: number };
  readonly closingBalance?: { amount: number };
  readonly rows: { id: string; transactionId: string; amount: { amount: number; currency: { code: string } }; effectiveAt: string }[];
  readonly identityHolds: boolean;
};

/** Fetches every page of one account's statement month through the API. */
export function fetchStatement(engine: Engine, accountId: string, month: StatementMonth, pageSize = 200): Statement {
  const now = Math.max(engine.head().atMs, month.endMs);
  const authorization = basicAuthorization(SANDBOX_CREDENTIAL);
  const query = { startDate: formatInStatementZone(month.startMs), endDate: formatInStatementZone(month.endMs), limit: String(pageSize) };
  const rows: Statement['rows'] = [];
  let cursor: string | undefined;
  let first: Record<string, unknown> | undefined;
  for (let page = 0; page < 1_000_000; page += 1) {
    const { response } = engine.handle(
      { method: 'GET', path: `/internal-accounts/${accountId}/balance-changes`, headers: { authorization }, query: cursor === undefined ? query : { ...query, cursor } },
      { now },
    );
    if (response.status !== 200) return { status: response.status, error: response.body, rows: [], identityHolds: false };
    const body = response.body as Record<string, unknown> & { data: Statement['rows']; hasMore: boolean; nextCursor?: string };
    first ??= body;
    rows.push(...body.data);
    if (!body.hasMore) break;
    cursor = body.nextCursor;
  }
  const opening = (first?.openingBalance as { amount: number }) ?? { amount: 0 };
  const closing = (first?.closingBalance as { amount: number }) ?? { amount: 0 };
  const sum = rows.reduce((s, r) => s + r.amount.amount, 0);
  return {
    status: 200,
    periodStart: String(first?.periodStart),
    periodEnd: String(first?.periodEnd),
    openingBalance: opening,
    closingBalance: closing,
    rows,
    identityHolds: opening.amount + sum === closing.amount,
  };
}

/** Printable lines of a statement. */
export function statementLines(statement: Statement, currency: CurrencyCode): string[] {
  if (statement.status !== 200) return [`statement unavailable: ${statement.status} ${JSON.stringify(statement.error)}`];
  const money = (minor: number): string => formatMinor(BigInt(minor), currency).padStart(14);
  return [
    `period ${statement.periodStart} .. ${statement.periodEnd}`,
    `opening balance ${money(statement.openingBalance?.amount ?? 0)}`,
    ...statement.rows.map((r) => `  ${r.effectiveAt}  ${money(r.amount.amount)}  ${r.transactionId}`),
    `closing balance ${money(statement.closingBalance?.amount ?? 0)}`,
    `opening + sum(rows) = closing: ${statement.identityHolds ? 'yes' : 'NO'}`,
  ];
}
