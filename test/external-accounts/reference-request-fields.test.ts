/**
 * External account request fields of the reference (issue 12): the ownership challenge's `method`
 * (OwnershipChallengeRequest) on both families, and `defaultUmaDepositAccount` on an agent's
 * `POST /agents/me/external-accounts` (ExternalAccountCreateRequest).
 */
import { describe, expect, it } from 'vitest';
import { asAgent, connectedAgent, payer, setup as agentSetup } from '../agents/support.js';
import { bankAccountInfo } from '../quotes/support.js';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, createUsdAccount, expectRejected } from './fixtures.js';

const FAMILIES = ['/customers/external-accounts', '/platform/external-accounts'] as const;

function accountOf(family: (typeof FAMILIES)[number]) {
  const h = harness();
  const id: string =
    family === '/platform/external-accounts'
      ? h.ok('POST', family, { currency: 'BTC', accountInfo: accountInfoOf('SPARK_WALLET') }).id
      : createUsdAccount(h, createCustomer(h)).id;
  return { h, path: `${family}/${id}` };
}

describe('POST .../external-accounts/{id}/challenge: the reference OwnershipChallengeRequest.method', () => {
  for (const family of FAMILIES) {
    it(`${family}: method WALLET_SIGNATURE issues the signature challenge an empty body issues`, () => {
      const { h, path } = accountOf(family);
      const issued = h.call('POST', `${path}/challenge`, { method: 'WALLET_SIGNATURE' });
      expect(issued.status).toBe(201);
      expect(issued.body).toMatchObject({ method: 'WALLET_SIGNATURE', messageToSign: expect.stringContaining('Prove ownership') });
      expect(issued.events.map((e) => e.type)).toContain('ExternalAccountOwnershipChallengeIssued');
      // The empty body (the engine's first form) answers the same open challenge.
      expect(h.ok('POST', `${path}/challenge`)).toEqual(issued.body);
    });

    it(`${family}: a method outside the reference enum, or another field, is 400 INVALID_INPUT naming it`, () => {
      const { h, path } = accountOf(family);
      const refused = expectRejected(h.call('POST', `${path}/challenge`, { method: 'SMS', colour: 1 }), 400, 'INVALID_INPUT');
      expect(refused.details.errors).toEqual([
        { field: 'colour', message: 'Unknown field' },
        { field: 'method', constraint: { enum: ['WALLET_SIGNATURE', 'LIVENESS'] }, message: 'method must be one of WALLET_SIGNATURE, LIVENESS' },
      ]);
    });
  }
});

describe('POST /agents/me/external-accounts: the reference defaultUmaDepositAccount', () => {
  it('is stored and answered when true, as on the customer route', () => {
    const h = agentSetup();
    const a = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const created = asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '789'), defaultUmaDepositAccount: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerId: a.customerId, defaultUmaDepositAccount: true });
    expect(h.ok('GET', `/customers/external-accounts/${created.body.id}`).defaultUmaDepositAccount).toBe(true);
    const refused = expectRejected(
      asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '788'), defaultUmaDepositAccount: 'yes' }),
      400,
      'INVALID_INPUT',
    );
    expect(refused.details.errors.map((e: { field: string }) => e.field)).toEqual(['defaultUmaDepositAccount']);
  });
});
