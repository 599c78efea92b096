/**
 * DUPLICATE_EXTERNAL_ACCOUNT (409): the same identifier for the same owner. `details` is
 * `{ externalAccountId, platformAccountId }` when the existing account belongs to the platform and
 * omitted for a customer's (spec: Errors, 409). Other owners, other currencies of one wallet, and
 * identifiers freed by a delete are not duplicates.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, createUsdAccount, customerBody, expectRejected, ROUTING } from './fixtures.js';

describe('DUPLICATE_EXTERNAL_ACCOUNT', () => {
  it.each(['USD_ACCOUNT', 'EUR_ACCOUNT', 'MXN_ACCOUNT', 'GBP_ACCOUNT', 'SPARK_WALLET', 'LIGHTNING', 'SOLANA_WALLET', 'ETHEREUM_WALLET'])(
    'rejects a second %s with the same identifier for the same customer with 409 and no details',
    (type) => {
      const h = harness();
      const customerId = createCustomer(h);
      h.ok('POST', '/customers/external-accounts', customerBody(customerId, type));
      const body = expectRejected(h.call('POST', '/customers/external-accounts', customerBody(customerId, type, '789', { platformAccountId: 'other' })), 409, 'DUPLICATE_EXTERNAL_ACCOUNT');
      expect(body).not.toHaveProperty('details');
    },
  );

  it('answers a platform duplicate with details { externalAccountId, platformAccountId } of the existing account', () => {
    const h = harness();
    const existing = h.ok('POST', '/platform/external-accounts', { currency: 'USD', platformAccountId: 'ops-1', accountInfo: accountInfoOf('USD_ACCOUNT') });
    const body = expectRejected(
      h.call('POST', '/platform/external-accounts', { currency: 'USD', platformAccountId: 'ops-2', accountInfo: accountInfoOf('USD_ACCOUNT') }),
      409,
      'DUPLICATE_EXTERNAL_ACCOUNT',
    );
    expect(body.details).toEqual({ externalAccountId: existing.id, platformAccountId: 'ops-1' });
  });

  it('omits platformAccountId from the details when the existing platform account has none', () => {
    const h = harness();
    const existing = h.ok('POST', '/platform/external-accounts', { currency: 'BTC', accountInfo: accountInfoOf('LIGHTNING') });
    const body = expectRejected(h.call('POST', '/platform/external-accounts', { currency: 'BTC', accountInfo: accountInfoOf('LIGHTNING') }), 409, 'DUPLICATE_EXTERNAL_ACCOUNT');
    expect(body.details).toEqual({ externalAccountId: existing.id });
  });

  it('compares the routing number too: the same account number at another bank is another account', () => {
    const h = harness();
    const customerId = createCustomer(h);
    createUsdAccount(h, customerId);
    const other = { ...accountInfoOf('USD_ACCOUNT'), routingNumber: '011000015' };
    expect(other.routingNumber).not.toBe(ROUTING);
    expect(h.call('POST', '/customers/external-accounts', { customerId, currency: 'USD', accountInfo: other }).status).toBe(201);
  });

  it('lets two customers, and a customer and the platform, hold the same identifier', () => {
    const h = harness();
    const alice = createCustomer(h, 'alice');
    const bob = createCustomer(h, 'bob');
    createUsdAccount(h, alice);
    expect(h.call('POST', '/customers/external-accounts', customerBody(bob)).status).toBe(201);
    expect(h.call('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT') }).status).toBe(201);
  });

  it('treats EVM addresses case-insensitively (case is only a checksum)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    h.ok('POST', '/customers/external-accounts', { customerId, currency: 'USDC', accountInfo: { accountType: 'ETHEREUM_WALLET', address: lower } });
    expectRejected(
      h.call('POST', '/customers/external-accounts', { customerId, currency: 'USDC', accountInfo: { accountType: 'ETHEREUM_WALLET', address: checksummed } }),
      409,
      'DUPLICATE_EXTERNAL_ACCOUNT',
    );
  });

  it('treats the print and electronic forms of an IBAN as the same identifier', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const info = accountInfoOf('EUR_ACCOUNT') as { iban: string };
    h.ok('POST', '/customers/external-accounts', { customerId, currency: 'EUR', accountInfo: info });
    const printed = { ...info, iban: info.iban.replace(/(.{4})/g, '$1 ').trim() };
    expectRejected(h.call('POST', '/customers/external-accounts', { customerId, currency: 'EUR', accountInfo: printed }), 409, 'DUPLICATE_EXTERNAL_ACCOUNT');
  });

  it('lets one wallet address receive two assets as two accounts (USDC and USDT)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    h.ok('POST', '/customers/external-accounts', customerBody(customerId, 'SOLANA_WALLET'));
    expect(h.call('POST', '/customers/external-accounts', { ...customerBody(customerId, 'SOLANA_WALLET'), currency: 'USDT' }).status).toBe(201);
  });

  it('frees the identifier when the account is deleted, so it can be created again with a new id', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const first = createUsdAccount(h, customerId);
    h.call('DELETE', `/customers/external-accounts/${first.id}`);
    const second = createUsdAccount(h, customerId);
    expect(second.id).not.toBe(first.id);
  });

  it('checks the sandbox invalid-account suffix before duplicates and the customer before both', () => {
    const h = harness();
    const customerId = createCustomer(h);
    expectRejected(h.call('POST', '/customers/external-accounts', customerBody('Customer:missing', 'USD_ACCOUNT', '105')), 404, 'CUSTOMER_NOT_FOUND');
    expectRejected(h.call('POST', '/customers/external-accounts', customerBody(customerId, 'USD_ACCOUNT', '105')), 400, 'INVALID_BANK_ACCOUNT');
  });
});

describe('an Idempotency-Key on create', () => {
  it('answers a retried create with the first 201 instead of a duplicate, writing nothing', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const headers = { 'idempotency-key': 'create-1' };
    const first = h.call('POST', '/customers/external-accounts', customerBody(customerId), headers);
    const retry = h.call('POST', '/customers/external-accounts', customerBody(customerId), headers);
    expect([retry.status, retry.body, retry.events]).toEqual([201, first.body, []]);
    expectRejected(h.call('POST', '/customers/external-accounts', customerBody(customerId)), 409, 'DUPLICATE_EXTERNAL_ACCOUNT');
  });
});
