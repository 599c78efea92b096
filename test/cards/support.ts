/**
 * Helpers for card and card transaction tests: an approved cardholder (regulated platform, so the
 * sandbox KYC table resolves at creation) with a funded USD account and a card, and shorthands for
 * the simulate endpoints. Everything goes through the harness, like a client would.
 */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import { harness, type Harness } from '../support/harness.js';

/** A regulated sandbox: customers whose name does not end in 001/002/003 are APPROVED at once. */
export function cardHarness(now = '2026-03-02T16:00:00.000Z'): Harness {
  return harness({ regulated: true }, now);
}

let counter = 0;

/** Creates an approved individual and returns its id and its USD account's id. */
export function cardholder(h: Harness, fullName = 'Ada Lovelace'): { customerId: string; accountId: string } {
  counter += 1;
  const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `card-holder-${counter}`, fullName });
  const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
  return { customerId: customer.id, accountId: accounts.data[0].id };
}

/** Credits an internal account through the sandbox. */
export function fund(h: Harness, accountId: string, amount: number): void {
  h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
}

/** Issues a card (VIRTUAL unless told) for the holder's account. */
export function issueCard(h: Harness, holder: { customerId: string; accountId: string }, extra: Record<string, unknown> = {}): any {
  return h.ok('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL', ...extra });
}

/** A cardholder with `balance` in its account and an active card. */
export function fundedCard(h: Harness, balance = 100_000, extra: Record<string, unknown> = {}): { customerId: string; accountId: string; card: any } {
  const holder = cardholder(h);
  if (balance > 0) fund(h, holder.accountId, balance);
  return { ...holder, card: issueCard(h, holder, extra) };
}

/** The default merchant of the tests. */
export const MERCHANT = { descriptor: 'CORNER CAFE', mcc: '5814', city: 'Chicago', state: 'IL', country: 'US' };

/** POSTs a simulate endpoint and returns the whole response. */
export function simulate(h: Harness, id: string, name: string, body: unknown = {}): ReturnType<Harness['call']> {
  return h.call('POST', `/sandbox/cards/${encodeURIComponent(id)}/simulate/${name}`, body);
}

/** An authorization of `amount` USD at the default merchant; must answer 202, or 200 with a decline (DECISIONS.md). */
export function authorize(h: Harness, cardId: string, amount: number, name = 'authorization', merchant: unknown = MERCHANT): any {
  const r = simulate(h, cardId, name, { amount, currency: 'USD', merchant });
  expect(r.status, JSON.stringify(r.body)).toBe((r.body as { status?: string }).status === 'DECLINED' ? 200 : 202);
  return r.body;
}

/** A `{ cardTransactionId, amount }` simulation that must answer the reference's 202. */
export function step(h: Harness, cardId: string, name: string, cardTransactionId: string, amount: number): any {
  const r = simulate(h, cardId, name, { cardTransactionId, amount });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return r.body;
}

/** The available and total balance of an account, in minor units. */
export function balances(h: Harness, accountId: string): { available: number; total: number } {
  const account = h.ok('GET', `/internal-accounts/${accountId}`);
  return { available: account.balance.amount, total: account.totalBalance.amount };
}

/** The webhook types queued among `events`, in order. */
export function webhookTypes(events: readonly EventEnvelope[]): string[] {
  return events.filter((e) => e.type === 'WebhookQueued').map((e) => (e.data as { type: string }).type);
}

/** Fires due timers at `h.now` and keeps their events in the harness's log. */
export function advance(h: Harness): readonly EventEnvelope[] {
  const events = h.engine.advance(h.now);
  h.log.push(...events);
  return events;
}
