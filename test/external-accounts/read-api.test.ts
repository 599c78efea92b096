/**
 * The read API the quote and transaction flows use: lookup by id (and within a scope), the
 * unmasked primary identifier and its sandbox suffix, the owner, the rails per account type, and
 * what the ownership status allows.
 */
import { describe, expect, it } from 'vitest';
import {
  RAILS_BY_ACCOUNT_TYPE,
  externalAccountById,
  externalAccountIdentifier,
  externalAccountInScope,
  externalAccountOwner,
  externalAccountSandboxSuffix,
  ownershipStanding,
  railsForAccountType,
  supportsRail,
} from '../../src/domains/external-accounts/index.js';
import { destinationSuffixRow } from '../../src/sandbox/external-accounts.js';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, customerBody, solanaAddressEndingIn } from './fixtures.js';

describe('the external account read API', () => {
  it('returns the stored record with its identifier unmasked, its suffix and its owner', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const { id } = h.ok('POST', '/customers/external-accounts', customerBody(customerId, 'USD_ACCOUNT', '003'));
    const account = externalAccountById(h.engine.state, id)!;
    expect(externalAccountIdentifier(account)).toBe('12345003');
    expect(externalAccountSandboxSuffix(account)).toBe('003');
    expect(destinationSuffixRow(externalAccountSandboxSuffix(account)).behaviour).toBe('COMPLETES_AFTER_DELAY');
    expect(externalAccountOwner(account)).toEqual({ kind: 'customer', customerId });
    expect(externalAccountInScope(h.engine.state, id, 'customer')).toBe(account);
    expect(externalAccountInScope(h.engine.state, id, 'platform')).toBeUndefined();
    expect(Object.isFrozen(account) && Object.isFrozen(account.accountInfo)).toBe(true);
  });

  it('reads the suffix of a base58 wallet so the 112..118 alias reaches the destination table', () => {
    const h = harness();
    const { id } = h.ok('POST', '/platform/external-accounts', {
      currency: 'USDC',
      accountInfo: { accountType: 'SOLANA_WALLET', address: solanaAddressEndingIn('115') },
    });
    const account = externalAccountById(h.engine.state, id)!;
    expect(externalAccountOwner(account)).toEqual({ kind: 'platform' });
    expect(externalAccountSandboxSuffix(account)).toBe('115');
    expect(destinationSuffixRow(externalAccountSandboxSuffix(account)).behaviour).toBe('COMPLETES_THEN_RETURNED');
  });

  it('reads the username part of a Lightning address', () => {
    const h = harness();
    const { id } = h.ok('POST', '/platform/external-accounts', { currency: 'BTC', accountInfo: { accountType: 'LIGHTNING', address: 'carol006@example.com' } });
    expect(externalAccountSandboxSuffix(externalAccountById(h.engine.state, id)!)).toBe('006');
  });

  it('is undefined for a deleted account', () => {
    const h = harness();
    const { id } = h.ok('POST', '/platform/external-accounts', { currency: 'EUR', accountInfo: accountInfoOf('EUR_ACCOUNT') });
    h.ok('DELETE', `/platform/external-accounts/${id}`);
    expect(externalAccountById(h.engine.state, id)).toBeUndefined();
  });

  it.each([
    ['USD_ACCOUNT', ['ACH', 'ACH_SAME_DAY', 'WIRE', 'RTP', 'FEDNOW']],
    ['EUR_ACCOUNT', ['SEPA', 'SEPA_INSTANT']],
    ['MXN_ACCOUNT', ['SPEI']],
    ['GBP_ACCOUNT', ['FASTER_PAYMENTS']],
    ['SPARK_WALLET', ['SPARK']],
    ['LIGHTNING', ['LIGHTNING']],
    ['SOLANA_WALLET', ['ONCHAIN']],
    ['ETHEREUM_WALLET', ['ONCHAIN']],
    ['BASE_WALLET', ['ONCHAIN']],
  ] as const)('lists the rails of a %s: %o', (type, rails) => {
    expect(railsForAccountType(type)).toEqual(rails);
    expect(RAILS_BY_ACCOUNT_TYPE[type]).toEqual(rails);
  });

  it('says which rail an account supports and what its ownership status allows', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const { id } = h.ok('POST', '/customers/external-accounts', customerBody(customerId));
    const path = `/customers/external-accounts/${id}`;
    const read = () => externalAccountById(h.engine.state, id)!;
    expect(supportsRail(read(), 'RTP')).toBe(true);
    expect(supportsRail(read(), 'SEPA')).toBe(false);
    expect(ownershipStanding(read())).toBe('BELOW_THRESHOLD_ONLY');
    const first = h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { challengeId: first.challengeId, signature: 'bad' });
    expect(ownershipStanding(read())).toBe('VERIFICATION_REQUIRED');
    const second = h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { challengeId: second.challengeId, signature: 'sandbox-valid-signature' });
    expect(ownershipStanding(read())).toBe('VERIFIED');
  });
});
