/**
 * External account request fields of the reference (issue 12): the ownership challenge's `method`
 * (OwnershipChallengeRequest: WALLET_SIGNATURE, or LIVENESS, a hosted check the sandbox completes
 * through `POST /sandbox/external-accounts/{id}/liveness/complete`) on both families, and
 * `defaultUmaDepositAccount` on an agent's `POST /agents/me/external-accounts`
 * (ExternalAccountCreateRequest).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { LIVENESS_LINK_BASE_URL } from '../../src/domains/external-accounts/ownership.js';
import { SANDBOX_VALID_OWNERSHIP_SIGNATURE } from '../../src/sandbox/external-accounts.js';
import { stateText } from '../support/state-text.js';
import { asAgent, connectedAgent, payer, setup as agentSetup } from '../agents/support.js';
import { bankAccountInfo } from '../quotes/support.js';
import { ACCOUNT_FAMILIES, expectRejected, newAccountOf } from './fixtures.js';


const statusWebhooks = (events: readonly { type: string; data: unknown }[]) =>
  events.filter((e) => e.type === 'WebhookQueued' && (e.data as { type: string }).type === 'EXTERNAL_ACCOUNT.STATUS_UPDATED');

describe('POST .../external-accounts/{id}/challenge: the reference OwnershipChallengeRequest.method', () => {
  for (const family of ACCOUNT_FAMILIES) {
    it(`${family}: method WALLET_SIGNATURE issues the signature challenge an empty body issues`, () => {
      const { h, path } = newAccountOf(family);
      const issued = h.call('POST', `${path}/challenge`, { method: 'WALLET_SIGNATURE' });
      expect(issued.status).toBe(201);
      expect(issued.body).toMatchObject({ method: 'WALLET_SIGNATURE', messageToSign: expect.stringContaining('Prove ownership') });
      expect(issued.events.map((e) => e.type)).toContain('ExternalAccountOwnershipChallengeIssued');
      // The empty body (the engine's first form) answers the same open challenge.
      expect(h.ok('POST', `${path}/challenge`)).toEqual(issued.body);
    });

    it(`${family}: method LIVENESS issues the reference LivenessChallenge (verificationLink, expiresAt), answered again while open`, () => {
      const { h, id, path } = newAccountOf(family);
      const issued = h.call('POST', `${path}/challenge`, { method: 'LIVENESS' });
      expect(issued.status).toBe(201);
      const body = issued.body as Record<string, string>;
      expect(body).toEqual({
        externalAccountId: id,
        challengeId: expect.stringMatching(/^OwnershipChallenge:/),
        method: 'LIVENESS',
        verificationLink: `${LIVENESS_LINK_BASE_URL}${body.challengeId!.split(':')[1]}`,
        expiresAt: '2026-01-05T16:15:00.000Z',
      });
      expect(issued.events[0]?.data).toMatchObject({ challenge: { method: 'LIVENESS', verificationLink: body.verificationLink } });
      const again = h.call('POST', `${path}/challenge`, { method: 'LIVENESS' });
      expect(again.body).toEqual(body);
      expect(again.events).toEqual([]);
    });

    it(`${family}: another method replaces the open challenge (the reference's switch of methods)`, () => {
      const { h, path } = newAccountOf(family);
      const liveness = h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
      const signature = h.call('POST', `${path}/challenge`, { method: 'WALLET_SIGNATURE' });
      expect(signature.events.map((e) => e.type)).toEqual(['ExternalAccountOwnershipChallengeIssued']);
      expect((signature.body as any).challengeId).not.toBe(liveness.challengeId);
      expect(h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' }).challengeId).not.toBe(liveness.challengeId);
    });

    it(`${family}: a signature for a LIVENESS challenge is 409 INVALID_STATE_TRANSITION (no WALLET_SIGNATURE challenge outstanding)`, () => {
      const { h, path } = newAccountOf(family);
      const { challengeId } = h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
      expectRejected(h.call('POST', `${path}/verify`, { challengeId, signature: SANDBOX_VALID_OWNERSHIP_SIGNATURE }), 409, 'INVALID_STATE_TRANSITION');
    });

    it(`${family}: the sandbox liveness completion makes the account ACTIVE with its STATUS_UPDATED webhook; replay agrees`, () => {
      const { h, path, complete } = newAccountOf(family);
      const { challengeId } = h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
      const done = h.call('POST', complete, {});
      expect(done.status).toBe(200);
      expect((done.body as any).status).toBe('ACTIVE');
      expect(done.events[0]).toMatchObject({ type: 'ExternalAccountOwnershipVerified', data: { challengeId, status: 'ACTIVE', method: 'LIVENESS' } });
      expect(statusWebhooks(done.events).map((e) => (e.data as any).data)).toEqual([h.ok('GET', path)]);
      expectRejected(h.call('POST', `${path}/challenge`, { method: 'LIVENESS' }), 409, 'INVALID_STATE_TRANSITION');
      expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
    });

    it(`${family}: outcome FAILED makes it UNVERIFIED and consumes the challenge; a new one may pass`, () => {
      const { h, path, complete } = newAccountOf(family);
      h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
      expect(h.ok('POST', complete, { outcome: 'FAILED' }).status).toBe('UNVERIFIED');
      expectRejected(h.call('POST', complete), 409, 'INVALID_STATE_TRANSITION');
      h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
      expect(h.ok('POST', complete, { outcome: 'PASSED' }).status).toBe('ACTIVE');
    });
  }

  it('the liveness completion refuses an unknown account (404), a signature challenge, an expired check (409) and an unknown outcome (400)', () => {
    const { h, path, complete } = newAccountOf('/customers/external-accounts');
    expectRejected(h.call('POST', '/sandbox/external-accounts/ExternalAccount:none/liveness/complete'), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(h.call('POST', complete), 409, 'INVALID_STATE_TRANSITION');
    h.ok('POST', `${path}/challenge`);
    expectRejected(h.call('POST', complete), 409, 'INVALID_STATE_TRANSITION');
    h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
    const refused = expectRejected(h.call('POST', complete, { outcome: 'MAYBE' }), 400, 'INVALID_INPUT');
    expect(refused.details.errors.map((e: { field: string }) => e.field)).toEqual(['outcome']);
    h.now = '2026-01-05T16:15:00.000Z';
    expectRejected(h.call('POST', complete), 409, 'INVALID_STATE_TRANSITION');
  });

  for (const family of ACCOUNT_FAMILIES) {
    it(`${family}: a method outside the reference enum, or another field, is 400 INVALID_INPUT naming it`, () => {
      const { h, path } = newAccountOf(family);
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
