/**
 * POST /quotes takes the reference's `lookupId` (issue 12): the id a receiver lookup answered is
 * accepted beside the UMA destination it looked up; it is a hint (the sandbox caches no lookup,
 * the quote resolves the receiver itself), never stored, and anything not shaped like a lookup id
 * is 400 naming `lookupId`.
 */
import { describe, expect, it } from 'vitest';
import { fund, newCustomer, setup } from './support.js';

const RECEIVER = '$success.usd@sandbox.svc.uma.money';

function umaQuote(accountId: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: RECEIVER, currency: 'USD' },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000,
    ...extra,
  };
}

describe('POST /quotes lookupId (reference QuoteRequest)', () => {
  it('accepts the lookupId GET /receiver/uma/{address} answered, and prices the quote as without it', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 10_000);
    const lookup = h.ok('GET', `/receiver/uma/${encodeURIComponent(RECEIVER)}?customerId=${encodeURIComponent(customerId)}`);
    expect(lookup.lookupId).toMatch(/^Lookup:/);
    const withId = h.call('POST', '/quotes', umaQuote(accountId, { lookupId: lookup.lookupId }));
    expect(withId.status, JSON.stringify(withId.body)).toBe(200);
    const without = h.ok('POST', '/quotes', umaQuote(accountId, {}));
    const body = withId.body as Record<string, unknown>;
    expect(body.totalSendingAmount).toEqual(without.totalSendingAmount);
    expect(body.totalReceivingAmount).toEqual(without.totalReceivingAmount);
    expect(JSON.stringify(withId.events)).not.toContain(lookup.lookupId);
  });

  it('accepts the reference example\'s LookupRequest:<uuid> spelling', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    fund(h, accountId, 10_000);
    expect(h.call('POST', '/quotes', umaQuote(accountId, { lookupId: 'LookupRequest:019542f5-b3e7-1d02-0000-000000000009' })).status).toBe(200);
  });

  it.each([['a quote id', 'Quote:019542f5-b3e7-1d02-0000-000000000009'], ['free text', 'my-lookup'], ['a number', 7]])(
    'refuses %s as lookupId with 400 INVALID_INPUT naming lookupId',
    (_name, lookupId) => {
      const h = setup();
      const { accountId } = newCustomer(h);
      const r = h.call('POST', '/quotes', umaQuote(accountId, { lookupId }));
      expect(r.status).toBe(400);
      expect((r.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(['lookupId']);
    },
  );
});
