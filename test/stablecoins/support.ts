/**
 * Helpers for the stablecoin tests: a harness with a funded customer, a linked provider account,
 * a registered coin driven into any Grid status, and a clock that moves and fires timers.
 */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import { harness, type Harness } from '../support/harness.js';

/** A coin with 6 decimals backed by USD: 10,000 units are one cent. */
export const COIN = { symbol: 'ACMEUSD', name: 'Acme Dollar', baseCurrency: 'USD', decimals: 6, networkTokenIdentifier: '0xAbC0000000000000000000000000000000000001' };

let keys = 0;
/** A fresh Idempotency-Key header. */
export function key(): Record<string, string> {
  keys += 1;
  return { 'Idempotency-Key': `key-${keys}` };
}

/** Creates a customer and returns its USD internal account id. */
export function customerAccount(h: Harness, name = 'Ada Lovelace'): string {
  const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${name}-${h.log.length}`, fullName: name });
  const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
  return accounts.data[0].id as string;
}

/** Links a provider account and returns its id. */
export function link(h: Harness, externalReference = 'acct-1', provider = 'BRALE'): string {
  return h.ok('POST', '/stablecoin-provider-accounts', { provider, externalReference }).id as string;
}

/** Registers a coin (with an explicit link id when given) and returns its id. */
export function register(h: Harness, overrides: Record<string, unknown> = {}): string {
  return h.ok('POST', '/stablecoins', { ...COIN, ...overrides }, key()).id as string;
}

/** The operator statuses to send, in order, to bring a new coin to each Grid status. */
export const PATH_TO: Record<string, readonly string[]> = {
  NOT_ENABLED: [],
  PENDING_APPROVAL: ['REQUEST'],
  ENABLING: ['REQUEST', 'ENABLING'],
  ENABLED: ['REQUEST', 'ENABLING', 'ENABLED'],
  DISABLED: ['REQUEST', 'ENABLING', 'ENABLED', 'DISABLED'],
};

/** Drives coin `id` from NOT_ENABLED to `status`. */
export function driveTo(h: Harness, id: string, status: string): void {
  for (const step of PATH_TO[status] ?? []) {
    if (step === 'REQUEST') h.ok('POST', `/stablecoins/${id}/request-grid-enablement`);
    else h.ok('POST', `/sandbox/stablecoins/${id}/grid-operations-status`, { status: step });
  }
  expect(h.ok('GET', `/stablecoins/${id}`).gridOperationsStatus).toBe(status);
}

/** A harness with a customer account funded with `fundMinor` cents, one link, and an ENABLED coin. */
export function enabledCoin(fundMinor = 1_000_000, externalReference = 'acct-1') {
  const h = harness();
  const account = customerAccount(h);
  if (fundMinor > 0) h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: fundMinor });
  const linkId = link(h, externalReference);
  const coinId = register(h);
  driveTo(h, coinId, 'ENABLED');
  return { h, account, linkId, coinId };
}

/** Moves the clock by `ms`, fires every due timer, logs and returns the events written. */
export function advance(h: Harness, ms: number): readonly EventEnvelope[] {
  h.now = new Date(Date.parse(h.now) + ms).toISOString();
  const events = h.engine.advance(h.now);
  h.log.push(...events);
  return events;
}

/** Available and total balance of an internal account, in cents. */
export function balances(h: Harness, accountId: string): { available: number; total: number } {
  const view = h.ok('GET', `/internal-accounts/${accountId}`);
  return { available: view.balance.amount, total: view.totalBalance.amount };
}

/** The posted token balance (base minor units) of `accountId`'s holding of `symbol`, 0 when none. */
export function holdingMinor(h: Harness, accountId: string, symbol = COIN.symbol): bigint {
  return h.engine.state.ledger.balance(`stablecoin-holding:${symbol}:${accountId}`)?.postedMinor ?? 0n;
}

/** Mints `amount` units from `account` into `destination` (default: the same account). */
export function mint(h: Harness, coinId: string, account: string, amount: string, extra: Record<string, unknown> = {}) {
  return call(h, 'POST', `/stablecoins/${coinId}/mints`, { amount, sourceAccountId: account, ...extra }, key());
}

/** Burns `amount` units held by `account`. */
export function burn(h: Harness, coinId: string, account: string, amount: string, extra: Record<string, unknown> = {}) {
  return call(h, 'POST', `/stablecoins/${coinId}/burns`, { amount, sourceAccountId: account, ...extra }, key());
}

/** A response as the tests read it: the body untyped, like JSON. */
export type Answer = { readonly status: number; readonly body: any; readonly events: readonly EventEnvelope[] };

/** `h.call` with the body typed for reading in assertions. */
export function call(h: Harness, method: string, path: string, body?: unknown, headers?: Record<string, string>): Answer {
  return h.call(method, path, body, headers);
}
