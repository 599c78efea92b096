/**
 * One receiver rule for UMA addresses (issue 12, spec copy: 404 USER_NOT_FOUND "also a UMA address
 * whose domain does not exist", 404 UMA_NOT_FOUND "well-formed address, no receiver at the
 * counterparty"): POST /quotes refuses a UMA_ADDRESS destination exactly when
 * GET /receiver/uma/{address} refuses it, with the same status and code, writing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { call, fund, newCustomer, setup } from './support.js';

function quoteTo(h: Harness, accountId: string, umaAddress: string) {
  return call(h, 'POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress, currency: 'USD' },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000,
  });
}

function lookUp(h: Harness, customerId: string, address: string) {
  return call(h, 'GET', `/receiver/uma/${encodeURIComponent(address)}?customerId=${encodeURIComponent(customerId)}`);
}

describe('a quote refuses a UMA address the receiver lookup refuses (one rule)', () => {
  it.each([
    { name: 'a domain the sandbox cannot reach', address: '$bob@unknown-domain.example', status: 404, code: 'USER_NOT_FOUND' },
    { name: 'no such receiver at the sandbox counterparty', address: '$nobody@sandbox.svc.uma.money', status: 404, code: 'UMA_NOT_FOUND' },
  ])('$name: both answer $status $code', ({ address, status, code }) => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 10_000);
    const lookup = lookUp(h, customerId, address);
    expect({ status: lookup.status, code: lookup.body.code }).toEqual({ status, code });
    const quote = quoteTo(h, accountId, address);
    expect({ status: quote.status, code: quote.body.code }).toEqual({ status, code });
    expect(quote.events).toEqual([]);
  });

  it('an address both accept: the sandbox counterparty\'s test address and another customer\'s own address', () => {
    const h = setup();
    const sender = newCustomer(h);
    fund(h, sender.accountId, 10_000);
    const receiver = newCustomer(h);
    const own = h.ok('GET', `/customers/${receiver.customerId}`).umaAddress as string;
    for (const address of ['$success.usd@sandbox.svc.uma.money', own]) {
      expect(lookUp(h, sender.customerId, address).status).toBe(200);
      const quote = quoteTo(h, sender.accountId, address);
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    }
  });
});
