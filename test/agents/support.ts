/**
 * Shared set-up for agent tests: a harness with rates, customers who accepted the end-user terms
 * with funded USD accounts (from the quote tests' support), agents with a policy, redeemed
 * access tokens, and calls made with an agent's Bearer token. Everything goes through `handle`.
 */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import { type Harness, harness } from '../support/harness.js';
import { type Answer, call, fund, newCustomer, publishRates, START } from '../quotes/support.js';

export { call, fund, newCustomer };
export type { Answer };

/** A fresh harness at `now` (default the quote tests' START) with rates published. */
export function setup(now: string = START): Harness {
  const h = harness({}, now);
  publishRates(h);
  return h;
}

/** A policy allowing everything, executing at once, with no limits. */
export const OPEN_POLICY = {
  permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'],
  defaultExecutionMode: 'AUTO',
};

/** A customer with a funded USD account. */
export function payer(h: Harness, amount = 1_000_000): { customerId: string; accountId: string } {
  const customer = newCustomer(h);
  if (amount > 0) fund(h, customer.accountId, amount);
  return customer;
}

/** Creates an agent; returns its id and first device code. */
export function newAgent(h: Harness, customerId: string, policy: unknown = OPEN_POLICY, name = 'Budget bot'): { agentId: string; code: string } {
  const body = h.ok('POST', '/agents', { customerId, name, policy });
  return { agentId: body.agent.id as string, code: body.deviceCode.code as string };
}

/** Redeems a device code; returns the access token. */
export function redeem(h: Harness, code: string): string {
  return h.ok('POST', `/agents/device-codes/${code}/redeem`).accessToken as string;
}

/** An agent with a redeemed token. */
export function connectedAgent(h: Harness, customerId: string, policy: unknown = OPEN_POLICY): { agentId: string; token: string } {
  const { agentId, code } = newAgent(h, customerId, policy);
  return { agentId, token: redeem(h, code) };
}

/** Headers of an agent call. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A call with an agent's token. */
export function asAgent(h: Harness, token: string, method: string, path: string, body?: unknown): Answer {
  return call(h, method, path, body, bearer(token));
}

/** A payout quote body (internal source to `destination`), sending side locked. */
export function quoteBody(sourceAccountId: string, destinationAccountId: string, amount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  };
}

/** The agent creates a quote and asks to execute it; returns the execute answer. */
export function agentPays(h: Harness, token: string, source: string, destination: string, amount: number): Answer {
  const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(source, destination, amount));
  expect(quote.status, JSON.stringify(quote.body)).toBe(201); // the reference: POST /agents/me/quotes answers 201
  return asAgent(h, token, 'POST', `/agents/me/quotes/${quote.body.id}/execute`);
}

/** Expects a rejection with `status` and `code` that wrote nothing. */
export function expectRejected(response: Answer, status: number, code: string): Record<string, any> {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.events).toEqual([]);
  return response.body;
}

/** The webhooks queued in `events` of `type`, as their envelopes' data. */
export function webhooks(events: readonly EventEnvelope[], type: string): any[] {
  return events.filter((e) => e.type === 'WebhookQueued' && (e.data as { type: string }).type === type).map((e) => (e.data as { data: unknown }).data);
}
