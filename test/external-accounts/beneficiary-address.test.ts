/**
 * Issue 12, "required vs optional exactly as the reference": a beneficiary's `address` is the
 * reference's Address, whose `city` is optional; `line1`, `postalCode` and `country` stay required.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, customerBody, expectRejected } from './fixtures.js';

const ADDRESS = { line1: '1 Main St', postalCode: '94105', country: 'US' };

function withAddress(address: Record<string, unknown>): Record<string, unknown> {
  const info = accountInfoOf('USD_ACCOUNT');
  return { ...info, beneficiary: { ...(info.beneficiary as Record<string, unknown>), address } };
}

describe('a beneficiary address without city (reference Address: city optional)', () => {
  it('is accepted on create, stored on the created event and answered without city', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const r = h.call('POST', '/customers/external-accounts', { ...customerBody(customerId), accountInfo: withAddress(ADDRESS) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((r.body as any).accountInfo.beneficiary.address).toEqual(ADDRESS);
    const created = r.events.find((e) => e.type === 'ExternalAccountCreated');
    expect(JSON.stringify(created?.data)).toContain('"postalCode":"94105"');
    expect(JSON.stringify(created?.data)).not.toContain('"city"');
  });

  it('still requires line1, postalCode and country (400 INVALID_INPUT listing each, nothing written)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(h.call('POST', '/customers/external-accounts', { ...customerBody(customerId), accountInfo: withAddress({ city: 'Springfield' }) }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'accountInfo.beneficiary.address.country',
      'accountInfo.beneficiary.address.line1',
      'accountInfo.beneficiary.address.postalCode',
    ]);
  });
});
