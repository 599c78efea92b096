/**
 * `embeddedWalletConfig.expirationSeconds` (reference EmbeddedWalletConfig: "OTP validity window
 * in seconds") sets the window of EMAIL_OTP issues made after it is set (issue 12). The window is
 * half-open: a verify at `issuedAt + window` is already late (400
 * AUTH_CREDENTIAL_VERIFICATION_EXPIRED). Unset, the engine's ten minutes stay; SMS_OTP keeps them
 * too (the reference scopes the config to the EMAIL_OTP email); an issue keeps the window it was
 * issued with.
 */
import { describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '../../src/domains/auth/otp.js';
import { createEngine } from '../../src/engine/engine.js';
import { call, setup } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';
import { newKeyPair, newWallet, otpLogin, sealOtp, signed, type Wallet } from './support.js';

function at(wallet: Wallet, startMs: number, offsetMs: number): void {
  wallet.h.now = new Date(startMs + offsetMs).toISOString();
}

/** The status and code of a verify's first leg with the right code: 202 while the OTP is valid. */
async function verifyStatus(wallet: Wallet, bundle = wallet.bundle, credentialId = wallet.credentialId, type = 'EMAIL_OTP'): Promise<[number, string | undefined]> {
  const response = call(wallet.h, 'POST', `/auth/credentials/${credentialId}/verify`, { type, encryptedOtpBundle: await sealOtp(wallet, bundle, '000000', newKeyPair()) });
  return [response.status, response.body.code];
}

const EXPIRED: [number, string] = [400, 'AUTH_CREDENTIAL_VERIFICATION_EXPIRED'];

describe('embeddedWalletConfig.expirationSeconds: the EMAIL_OTP validity window', () => {
  it('rule: an EMAIL_OTP issued after expirationSeconds is set is valid 1 ms before the window ends and expired at its end', async () => {
    const h = setup();
    h.ok('PATCH', '/config', { embeddedWalletConfig: { expirationSeconds: 60 } });
    const startMs = Date.parse(h.now);
    const wallet = newWallet(h);
    at(wallet, startMs, 60_000 - 1);
    expect(await verifyStatus(wallet)).toEqual([202, undefined]);
    at(wallet, startMs, 60_000);
    expect(await verifyStatus(wallet)).toEqual(EXPIRED);
  });

  it('rule: a challenge issued after the config changed takes the new window; the earlier issue keeps its own', async () => {
    const wallet = newWallet();
    const startMs = Date.parse(wallet.h.now);
    wallet.h.ok('PATCH', '/config', { embeddedWalletConfig: { expirationSeconds: 30 } });
    at(wallet, startMs, 5 * 60_000);
    // Issued at provisioning, before the config: still the ten minutes.
    expect(await verifyStatus(wallet)).toEqual([202, undefined]);
    const challengedMs = startMs + 6 * 60_000;
    at(wallet, challengedMs, 0);
    const fresh = wallet.h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {}).otpEncryptionTargetBundle as string;
    at(wallet, challengedMs, 30_000 - 1);
    expect(await verifyStatus(wallet, fresh)).toEqual([202, undefined]);
    at(wallet, challengedMs, 30_000);
    expect(await verifyStatus(wallet, fresh)).toEqual(EXPIRED);
    expect(stateText(createEngine({ events: wallet.h.log }))).toBe(stateText(wallet.h.engine));
  });

  it('rule: unset (or set without expirationSeconds), the window stays the engine ten minutes, to the millisecond', async () => {
    for (const config of [undefined, { appName: 'Acme Wallet' }]) {
      const h = setup();
      if (config !== undefined) h.ok('PATCH', '/config', { embeddedWalletConfig: config });
      const startMs = Date.parse(h.now);
      const wallet = newWallet(h);
      at(wallet, startMs, OTP_TTL_MS - 1);
      expect(await verifyStatus(wallet)).toEqual([202, undefined]);
      at(wallet, startMs, OTP_TTL_MS);
      expect(await verifyStatus(wallet)).toEqual(EXPIRED);
    }
    expect(OTP_TTL_MS).toBe(600_000);
  });

  it('rule: SMS_OTP issues keep the engine window whatever expirationSeconds says', async () => {
    const h = setup();
    h.ok('PATCH', '/config', { embeddedWalletConfig: { expirationSeconds: 1 } });
    const wallet = newWallet(h);
    const { key } = await otpLogin(wallet);
    const addedMs = Date.parse(h.now);
    const added = await signed(h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, key);
    expect(added.status).toBe(201);
    at(wallet, addedMs, OTP_TTL_MS - 1);
    expect(await verifyStatus(wallet, added.body.otpEncryptionTargetBundle, added.body.id, 'SMS_OTP')).toEqual([202, undefined]);
    at(wallet, addedMs, OTP_TTL_MS);
    expect(await verifyStatus(wallet, added.body.otpEncryptionTargetBundle, added.body.id, 'SMS_OTP')).toEqual(EXPIRED);
  });
});
