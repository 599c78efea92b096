/**
 * Shared set-up for quote and flow tests: a harness with fresh exchange rates, customers who
 * accepted the end-user terms (optionally in an SCA country), funded USD accounts, external
 * accounts whose identifiers end in a chosen sandbox suffix, and readers for balances and the
 * webhooks of a transaction. Everything goes through `handle`, as a client would.
 */
import { expect } from 'vitest';
import { clabeCheckDigit, ibanCheckDigits } from '../../src/domains/external-accounts/identifiers.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { type Harness, harness } from '../support/harness.js';

/** The instant tests start at. */
export const START = '2026-01-05T16:00:00.000Z';

/** Rates published at START (sending major units per receiving major unit). */
export const RATES = [
  { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08' },
  { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058' },
  { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92' },
  { sendingCurrency: 'USD', receivingCurrency: 'BTC', exchangeRate: '95000' },
  { sendingCurrency: 'BTC', receivingCurrency: 'USD', exchangeRate: '0.0000105' },
  { sendingCurrency: 'USD', receivingCurrency: 'USDC', exchangeRate: '1' },
  { sendingCurrency: 'USD', receivingCurrency: 'BRL', exchangeRate: '0.18' },
  { sendingCurrency: 'USD', receivingCurrency: 'CAD', exchangeRate: '0.73' },
] as const;

/** Publishes `RATES` as of `h.now`. */
export function publishRates(h: Harness, rates: readonly { sendingCurrency: string; receivingCurrency: string; exchangeRate: string }[] = RATES): void {
  h.ok('POST', '/sandbox/exchange-rates', { rates: rates.map((rate) => ({ ...rate, asOf: h.now })) });
}

/** The end-user terms acceptance a customer needs before quoting. */
export const TERMS = [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }];

/** Options of `newCustomer`. */
export type CustomerOptions = { readonly country?: string; readonly terms?: boolean };

let counter = 0;

/** Creates an individual customer (terms accepted unless `terms: false`); returns it and its USD account id. */
export function newCustomer(h: Harness, options: CustomerOptions = {}): { customerId: string; accountId: string } {
  counter += 1;
  const body: Record<string, unknown> = { customerType: 'INDIVIDUAL', platformCustomerId: `p-${counter}`, fullName: 'Jane Doe' };
  if (options.terms !== false) body.agreementConsents = TERMS;
  if (options.country !== undefined) body.address = { line1: '1 Main St', city: 'Town', postalCode: '12345', country: options.country };
  const customerId = h.ok('POST', '/customers', body).id as string;
  const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`);
  return { customerId, accountId: accounts.data[0].id as string };
}

/** Credits an internal account from the sandbox. */
export function fund(h: Harness, accountId: string, amount: number): void {
  h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
}

/** A valid ABA routing number. */
export const ROUTING = '021000021';

/** `accountInfo` of a bank account whose primary identifier ends in `suffix`. */
export function bankAccountInfo(currency: 'USD' | 'EUR' | 'MXN', suffix: string): Record<string, unknown> {
  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' };
  if (currency === 'USD') return { accountType: 'USD_ACCOUNT', accountNumber: `12345${suffix}`, routingNumber: ROUTING, bankAccountType: 'CHECKING', beneficiary };
  if (currency === 'EUR') {
    const bban = `370400440532013${suffix}`;
    return { accountType: 'EUR_ACCOUNT', iban: `DE${ibanCheckDigits('DE', bban)}${bban}`, beneficiary };
  }
  for (let n = 0; n < 1000; n += 1) {
    const first17 = `032180000118${String(n).padStart(3, '0')}${suffix.slice(0, 2)}`;
    if (clabeCheckDigit(first17) === Number(suffix[2])) return { accountType: 'MXN_ACCOUNT', clabe: first17 + suffix[2], beneficiary };
  }
  throw new Error(`no CLABE ends in ${suffix}`);
}

/** Creates a customer's external bank account in `currency` whose identifier ends in `suffix`; returns its id. */
export function newExternalAccount(h: Harness, customerId: string, currency: 'USD' | 'EUR' | 'MXN', suffix: string): string {
  return h.ok('POST', '/customers/external-accounts', { customerId, currency, accountInfo: bankAccountInfo(currency, suffix) }).id as string;
}

/** The available balance of an internal account, in minor units. */
export function balanceOf(h: Harness, accountId: string): number {
  return h.ok('GET', `/internal-accounts/${accountId}`).balance.amount as number;
}

/** The posted balance (credits − debits) of any ledger account, as a bigint; 0 for an account not opened. */
export function ledgerBalance(h: Harness, accountId: string): bigint {
  return h.engine.state.ledger.balance(accountId)?.postedMinor ?? 0n;
}

/** A fresh harness at START with rates published. */
export function setup(): Harness {
  const h = harness({}, START);
  publishRates(h);
  return h;
}

/** Moves the clock by `ms` and fires every timer due; returns the events written. */
export function advanceBy(h: Harness, ms: number): readonly EventEnvelope[] {
  h.now = new Date(Date.parse(h.now) + ms).toISOString();
  const events = h.engine.advance(h.now);
  h.log.push(...events);
  return events;
}

/** The webhook types queued about `transactionId`, in log order. */
export function webhooksOf(log: readonly EventEnvelope[], transactionId: string): string[] {
  return log
    .filter((event) => event.type === 'WebhookQueued' && (event.data as { data?: { id?: string } }).data?.id === transactionId)
    .map((event) => (event.data as { type: string }).type);
}

/** A payout quote body from an internal account to `destination`. */
export function payoutBody(sourceAccountId: string, destinationAccountId: string, amount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  };
}

/** Asserts the ledger's invariants hold. */
export function expectSound(h: Harness): void {
  expect(h.engine.state.ledger.checkInvariants()).toEqual([]);
}

/** A response as tests read it: the body untyped. */
export type Answer = { readonly status: number; readonly body: any; readonly events: readonly EventEnvelope[] };

/** `h.call` with the body typed for reading in assertions. */
export function call(h: Harness, method: string, path: string, body?: unknown, headers?: Record<string, string>): Answer {
  return h.call(method, path, body, headers) as Answer;
}
