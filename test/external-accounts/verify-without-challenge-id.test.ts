/**
 * Issue 12, "required vs optional exactly as the reference": OwnershipVerifyRequest is
 * `{ signature, signatureScheme? }`; the copy's `challengeId` stays accepted but optional. Without
 * it the signature answers the account's open challenge; with none outstanding (never issued,
 * consumed by an attempt, expired) or a LIVENESS one open, the reference's 409
 * (INVALID_STATE_TRANSITION: "No WALLET_SIGNATURE challenge is outstanding"), nothing written.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_VALID_OWNERSHIP_SIGNATURE } from '../../src/sandbox/external-accounts.js';
import { ACCOUNT_FAMILIES, expectRejected, newAccountOf } from './fixtures.js';

const VALID = SANDBOX_VALID_OWNERSHIP_SIGNATURE;

describe('POST .../external-accounts/{id}/verify with the reference body { signature } (no challengeId)', () => {
  for (const family of ACCOUNT_FAMILIES) {
    it(`${family}: a valid signature answers the open challenge: 200 ACTIVE, the verified event names that challenge`, () => {
      const { h, id, path } = newAccountOf(family);
      const { challengeId } = h.ok('POST', `${path}/challenge`);
      const r = h.call('POST', `${path}/verify`, { signature: VALID });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ id, status: 'ACTIVE' });
      expect(r.events[0]).toMatchObject({ type: 'ExternalAccountOwnershipVerified', data: { externalAccountId: id, challengeId, status: 'ACTIVE' } });
    });

    it(`${family}: an invalid signature consumes the open challenge (200 UNVERIFIED); verifying again is 409, nothing written`, () => {
      const { h, path } = newAccountOf(family);
      const { challengeId } = h.ok('POST', `${path}/challenge`);
      const failed = h.call('POST', `${path}/verify`, { signature: 'bad', signatureScheme: 'electrum' });
      expect((failed.body as any).status).toBe('UNVERIFIED');
      expect(failed.events[0]).toMatchObject({ type: 'ExternalAccountOwnershipVerificationFailed', data: { challengeId, signatureScheme: 'electrum' } });
      const again = expectRejected(h.call('POST', `${path}/verify`, { signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
      expect(again.reason).toContain('No WALLET_SIGNATURE challenge is outstanding');
    });
  }

  it('no challenge ever issued: 409 INVALID_STATE_TRANSITION; an expired one too (a named expired one stays 404)', () => {
    const { h, path } = newAccountOf('/customers/external-accounts');
    expectRejected(h.call('POST', `${path}/verify`, { signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
    const { challengeId } = h.ok('POST', `${path}/challenge`);
    h.now = '2026-01-05T16:15:00.000Z';
    expectRejected(h.call('POST', `${path}/verify`, { signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
    expectRejected(h.call('POST', `${path}/verify`, { challengeId, signature: VALID }), 404, 'VERIFICATION_NOT_FOUND');
    expect(h.ok('GET', path).status).toBe('PENDING_OWNERSHIP_VERIFICATION');
  });

  it('an open LIVENESS challenge is not signed: 409 INVALID_STATE_TRANSITION', () => {
    const { h, path } = newAccountOf('/platform/external-accounts');
    h.ok('POST', `${path}/challenge`, { method: 'LIVENESS' });
    expectRejected(h.call('POST', `${path}/verify`, { signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
  });

  it('an unknown account is still 404 ACCOUNT_NOT_FOUND and an ACTIVE one 409, before the challenge is looked at', () => {
    const { h, path } = newAccountOf('/customers/external-accounts');
    expectRejected(h.call('POST', '/customers/external-accounts/ExternalAccount:nope/verify', { signature: VALID }), 404, 'ACCOUNT_NOT_FOUND');
    h.ok('POST', `${path}/challenge`);
    h.ok('POST', `${path}/verify`, { signature: VALID });
    expectRejected(h.call('POST', `${path}/verify`, { signature: VALID }), 409, 'INVALID_STATE_TRANSITION');
  });
});
