/**
 * Ownership verification (spec: External account ownership status): PENDING_OWNERSHIP_VERIFICATION
 * -> ACTIVE on a valid signature, -> UNVERIFIED on a failed attempt; challenges (one attempt each,
 * 15 minutes, answered again while open), the refusals, the lifecycle machine and its table, and
 * the EXTERNAL_ACCOUNT.STATUS_UPDATED webhooks queued right after each status change with the
 * account as GET shows it then.
 */
import { describe, expect, it } from 'vitest';
import { machineNext } from '../../src/domains/lifecycle.js';
import { OWNERSHIP_TABLE, ownershipMachine } from '../../src/domains/external-accounts/lifecycle.js';
import { SANDBOX_VALID_OWNERSHIP_SIGNATURE } from '../../src/sandbox/external-accounts.js';
import { type Harness, harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, createUsdAccount, expectRejected } from './fixtures.js';

const VALID = SANDBOX_VALID_OWNERSHIP_SIGNATURE;

function setup(): { h: Harness; id: string; path: string } {
  const h = harness();
  const customerId = createCustomer(h);
  const { id } = createUsdAccount(h, customerId);
  return { h, id, path: `/customers/external-accounts/${id}` };
}

describe('the ownership lifecycle', () => {
  it('has exactly the spec transitions, plus retries from UNVERIFIED', () => {
    expect(OWNERSHIP_TABLE.rows).toEqual([
      { from: 'PENDING_OWNERSHIP_VERIFICATION', event: 'CHALLENGE_ISSUED', to: 'PENDING_OWNERSHIP_VERIFICATION' },
      { from: 'PENDING_OWNERSHIP_VERIFICATION', event: 'SIGNATURE_VERIFIED', to: 'ACTIVE' },
      { from: 'PENDING_OWNERSHIP_VERIFICATION', event: 'SIGNATURE_REJECTED', to: 'UNVERIFIED' },
      { from: 'UNVERIFIED', event: 'CHALLENGE_ISSUED', to: 'UNVERIFIED' },
      { from: 'UNVERIFIED', event: 'SIGNATURE_VERIFIED', to: 'ACTIVE' },
      { from: 'UNVERIFIED', event: 'SIGNATURE_REJECTED', to: 'UNVERIFIED' },
    ]);
  });

  it('agrees with the xstate machine on every state and event', () => {
    expect(OWNERSHIP_TABLE.states).toEqual(['PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'ACTIVE']);
    for (const state of OWNERSHIP_TABLE.states) {
      for (const event of OWNERSHIP_TABLE.events) {
        expect(OWNERSHIP_TABLE.next(state, event)).toBe(machineNext(ownershipMachine, state, event));
      }
    }
  });
});

describe('POST .../{id}/challenge', () => {
  it('issues a challenge that expires in 15 minutes and names the account', () => {
    const { h, id, path } = setup();
    const response = h.call('POST', `${path}/challenge`);
    // 201, the reference's status: the spec copy names none (issue 12, docs/wire-contract.md).
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      externalAccountId: id,
      challengeId: expect.stringMatching(/^OwnershipChallenge:/),
      message: expect.stringContaining(id),
      expiresAt: '2026-01-05T16:15:00.000Z',
      // The reference's WalletSignatureChallenge requires method and messageToSign (issue 12).
      method: 'WALLET_SIGNATURE',
      messageToSign: (response.body as any).message,
    });
    expect((response.body as any).message).toContain('****5789');
    expect(response.events.map((e) => e.type)).toEqual(['ExternalAccountOwnershipChallengeIssued']);
    expect(h.ok('GET', path)).not.toHaveProperty('ownershipChallenge');
  });

  it('answers the open challenge again and writes nothing; after expiry it issues a new one', () => {
    const { h, path } = setup();
    const first = h.ok('POST', `${path}/challenge`);
    h.now = '2026-01-05T16:14:59.999Z';
    const again = h.call('POST', `${path}/challenge`);
    expect([again.body, again.events]).toEqual([first, []]);
    h.now = '2026-01-05T16:15:00.000Z';
    const fresh = h.call('POST', `${path}/challenge`);
    expect((fresh.body as any).challengeId).not.toBe(first.challengeId);
    expect((fresh.body as any).expiresAt).toBe('2026-01-05T16:30:00.000Z');
    expect(fresh.events).toHaveLength(1);
  });

  it('rejects a challenge for an ACTIVE account with 409 INVALID_STATE_TRANSITION', () => {
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { challengeId, signature: VALID });
    expectRejected(h.call('POST', `${path}/challenge`), 409, 'INVALID_STATE_TRANSITION');
  });
});

describe('POST .../{id}/verify', () => {
  it('makes the account ACTIVE on the sandbox-valid signature', () => {
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    h.now = '2026-01-05T16:05:00.000Z';
    const response = h.call('POST', `${path}/verify`, { challengeId, signature: VALID });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ACTIVE', updatedAt: '2026-01-05T16:05:00.000Z' });
    expect(response.events.map((e) => e.type)).toEqual(['ExternalAccountOwnershipVerified', 'WebhookQueued']);
  });

  it('makes the account UNVERIFIED on any other signature (a failed attempt is recorded, not refused)', () => {
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    const response = h.call('POST', `${path}/verify`, { challengeId, signature: 'not-the-signature' });
    expect(response.status).toBe(200);
    expect((response.body as any).status).toBe('UNVERIFIED');
    expect(response.events.map((e) => e.type)).toEqual(['ExternalAccountOwnershipVerificationFailed', 'WebhookQueued']);
  });

  it('lets an UNVERIFIED account try again; a second failure changes nothing visible and notifies nothing', () => {
    const { h, path } = setup();
    const first = h.ok('POST', `${path}/challenge`);
    const unverified = h.ok('POST', `${path}/verify`, { challengeId: first.challengeId, signature: 'bad' });
    h.now = '2026-01-05T16:20:00.000Z';
    const second = h.ok('POST', `${path}/challenge`);
    const again = h.call('POST', `${path}/verify`, { challengeId: second.challengeId, signature: 'bad again' });
    expect(again.body).toEqual(unverified);
    expect(again.events.map((e) => e.type)).toEqual(['ExternalAccountOwnershipVerificationFailed']);
    const third = h.ok('POST', `${path}/challenge`);
    expect(h.ok('POST', `${path}/verify`, { challengeId: third.challengeId, signature: VALID }).status).toBe('ACTIVE');
  });

  it('consumes the challenge: a second verify with the same challengeId is 404 VERIFICATION_NOT_FOUND', () => {
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { challengeId, signature: 'bad' });
    expectRejected(h.call('POST', `${path}/verify`, { challengeId, signature: VALID }), 404, 'VERIFICATION_NOT_FOUND');
  });

  it('rejects a verify without an open challenge, with another challengeId, or after expiry, writing nothing', () => {
    const { h, path } = setup();
    expectRejected(h.call('POST', `${path}/verify`, { challengeId: 'OwnershipChallenge:none', signature: VALID }), 404, 'VERIFICATION_NOT_FOUND');
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    expectRejected(h.call('POST', `${path}/verify`, { challengeId: 'OwnershipChallenge:other', signature: VALID }), 404, 'VERIFICATION_NOT_FOUND');
    h.now = '2026-01-05T16:15:00.000Z';
    const body = expectRejected(h.call('POST', `${path}/verify`, { challengeId, signature: VALID }), 404, 'VERIFICATION_NOT_FOUND');
    expect(body.reason).toContain('expired');
    expect(h.ok('GET', path).status).toBe('PENDING_OWNERSHIP_VERIFICATION');
  });

  it('rejects a verify of an ACTIVE account with 409 INVALID_STATE_TRANSITION before looking at the challenge', () => {
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { challengeId, signature: VALID });
    expectRejected(h.call('POST', `${path}/verify`, { challengeId, signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
  });

  it('lists every invalid field of the verify body', () => {
    const { h, path } = setup();
    const body = expectRejected(h.call('POST', `${path}/verify`, { signature: '', extra: true, signatureScheme: 'bip322' }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: any) => e.field)).toEqual(['extra', 'signature', 'signatureScheme']);
  });

  it('issue 12, reference OwnershipVerifyRequest.signatureScheme: accepts bip137 or electrum, records it on the attempt, and decides as without it', () => {
    for (const base of ['/customers/external-accounts', '/platform/external-accounts']) {
      const h = harness();
      const id = base === '/platform/external-accounts'
        ? (h.ok('POST', base, { currency: 'BTC', accountInfo: accountInfoOf('SPARK_WALLET') }).id as string)
        : createUsdAccount(h, createCustomer(h)).id;
      const first = h.ok('POST', `${base}/${id}/challenge`);
      const failed = h.call('POST', `${base}/${id}/verify`, { challengeId: first.challengeId, signature: 'bad', signatureScheme: 'electrum' });
      expect((failed.body as any).status).toBe('UNVERIFIED');
      expect(failed.events[0]?.data).toMatchObject({ signatureScheme: 'electrum' });
      h.now = '2026-01-05T16:20:00.000Z';
      const second = h.ok('POST', `${base}/${id}/challenge`);
      const verified = h.call('POST', `${base}/${id}/verify`, { challengeId: second.challengeId, signature: VALID, signatureScheme: 'bip137' });
      expect((verified.body as any).status).toBe('ACTIVE');
      expect(verified.events[0]?.data).toMatchObject({ signatureScheme: 'bip137' });
    }
    const { h, path } = setup();
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    expect(h.call('POST', `${path}/verify`, { challengeId, signature: VALID }).events[0]?.data).not.toHaveProperty('signatureScheme');
  });

  it('works the same for platform accounts under /platform/external-accounts', () => {
    const h = harness();
    const { id } = h.ok('POST', '/platform/external-accounts', { currency: 'BTC', accountInfo: accountInfoOf('SPARK_WALLET') });
    expectRejected(h.call('POST', `/customers/external-accounts/${id}/challenge`), 404, 'ACCOUNT_NOT_FOUND');
    const { challengeId } = h.ok('POST', `/platform/external-accounts/${id}/challenge`);
    expect(h.ok('POST', `/platform/external-accounts/${id}/verify`, { challengeId, signature: VALID }).status).toBe('ACTIVE');
  });
});

describe('EXTERNAL_ACCOUNT.STATUS_UPDATED', () => {
  it('queues one webhook right after each status change, in order, with data equal to the GET at that point', () => {
    const { h, id, path } = setup();
    const seen: unknown[] = [];
    const first = h.ok('POST', `${path}/challenge`);
    h.now = '2026-01-05T16:01:00.000Z';
    h.ok('POST', `${path}/verify`, { challengeId: first.challengeId, signature: 'bad' });
    seen.push(h.ok('GET', path));
    h.now = '2026-01-05T16:02:00.000Z';
    const second = h.ok('POST', `${path}/challenge`);
    h.now = '2026-01-05T16:03:00.000Z';
    h.ok('POST', `${path}/verify`, { challengeId: second.challengeId, signature: VALID });
    seen.push(h.ok('GET', path));

    const webhooks = h.log.filter((e) => e.type === 'WebhookQueued' && (e.data as any).type === 'EXTERNAL_ACCOUNT.STATUS_UPDATED');
    expect(webhooks.map((e) => (e.data as any).data)).toEqual(seen);
    expect(webhooks.map((e) => (e.data as any).data.status)).toEqual(['UNVERIFIED', 'ACTIVE']);
    for (const webhook of webhooks) {
      const cause = h.log[h.log.indexOf(webhook) - 1]!;
      expect(cause.type).toMatch(/^ExternalAccountOwnershipVerif/);
      expect((cause.data as any).externalAccountId).toBe(id);
      expect(webhook.data).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'EXTERNAL_ACCOUNT.STATUS_UPDATED', timestamp: cause.at, data: expect.anything() });
    }
  });

  it('is not queued on creation, trust changes, challenges or deletion', () => {
    const { h, path } = setup();
    h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/confirm`);
    h.ok('POST', `${path}/untrust`);
    h.call('DELETE', path);
    expect(h.log.filter((e) => e.type === 'WebhookQueued' && (e.data as any).type === 'EXTERNAL_ACCOUNT.STATUS_UPDATED')).toEqual([]);
  });
});
