/**
 * Shared set-up for incoming-payment, sweep and deprecated-transfer tests: a harness with fresh
 * rates (test/quotes/support.ts), customers who accepted the end-user terms, rule-based accounts,
 * sandbox deposits, the transaction as a client reads it, and the owner's balance-change rows.
 * Everything goes through `handle`, as a client would.
 */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, call, ledgerBalance, newCustomer, newExternalAccount } from '../quotes/support.js';

export { advanceBy, balanceOf, call, expectSound, fund, ledgerBalance, newCustomer, newExternalAccount, setup, START, webhooksOf } from '../quotes/support.js';

/** A sweep rule body; `destination` is an account id. */
export function sweepRule(destination: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { destination: { accountId: destination }, minimumAmount: 0, maximumAmount: null, ...extra };
}

/** Opens a rule-based account for `customerId` sweeping to `destination`; returns its id. */
export function newRuleBased(h: Harness, customerId: string, destination: string, extra: Record<string, unknown> = {}): string {
  return h.ok('POST', '/internal-accounts', { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: sweepRule(destination, extra) }).id as string;
}

/** A customer with terms accepted, their USD account, and an external USD account ending in `suffix`. */
export function holder(h: Harness, suffix = '789'): { customerId: string; accountId: string; externalId: string } {
  const { customerId, accountId } = newCustomer(h);
  return { customerId, accountId, externalId: newExternalAccount(h, customerId, 'USD', suffix) };
}

/** A sandbox bank deposit; returns the transaction's id. */
export function deposit(h: Harness, accountId: string, amount: number, paymentRail?: string): string {
  return h.ok('POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount, ...(paymentRail === undefined ? {} : { paymentRail }) }).id as string;
}

/** Deposits and lets every step run (receive, settle, and a sweep with its payout). */
export function settledDeposit(h: Harness, accountId: string, amount: number, paymentRail?: string): string {
  const id = deposit(h, accountId, amount, paymentRail);
  advanceBy(h, 10_000);
  return id;
}

/** The transaction as `GET /transactions/{id}` answers it. */
export function tx(h: Harness, id: string): any {
  return h.ok('GET', `/transactions/${id}`);
}

/** Asserts a rejected request: its status, code, and that it wrote no event. */
export function expectRejected(response: { status: number; body: unknown; events: readonly EventEnvelope[] }, status: number, code: string): void {
  expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({ status, code });
  expect(response.events).toEqual([]);
}

/** The owner's balance-change rows since the start of 2026 up to a second after `h.now`. */
export function rowsOf(h: Harness, accountId: string): { transactionId: string; amount: number }[] {
  h.now = new Date(Date.parse(h.now) + 1_000).toISOString();
  const query = `startDate=${encodeURIComponent('2026-01-01T00:00:00Z')}&endDate=${encodeURIComponent(h.now)}&limit=200`;
  const page = h.ok('GET', `/internal-accounts/${accountId}/balance-changes?${query}`);
  return (page.data as { transactionId: string; amount: { amount: number } }[]).map((row) => ({ transactionId: row.transactionId, amount: row.amount.amount }));
}

/** The posted balance of an internal account as a number. */
export function posted(h: Harness, accountId: string): number {
  return Number(ledgerBalance(h, accountId));
}

/** `h.call` typed for reading, re-exported under a short name. */
export const send = call;
