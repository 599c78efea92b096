/**
 * Embedded-wallet login and signed actions, played by a real client (`@turnkey/crypto`,
 * `@turnkey/api-key-stamper`): EMAIL_OTP with the sandbox code under HPKE, the signed-retry rules
 * and each 401 code, and execute of a quote from an embedded wallet.
 */
import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { derivePrivateKey } from '../../src/domains/auth/crypto.js';
import { enclavePublicKey } from '../../src/domains/auth/otp.js';
import { createEngine } from '../../src/engine/engine.js';
import { SANDBOX_SECRET } from '../../src/engine/options.js';
import { call, fund, newExternalAccount, payoutBody, publishRates } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';
import { newKeyPair, newWallet, otpLogin, retryHeaders, sealOtp, signed, stamp, walletQuote } from './support.js';

describe('EMAIL_OTP login (spec: Embedded wallet auth in sandbox)', () => {
  it('the fixed code 000000 sealed by HPKE against the issued target bundle gives a 202 token; the stamped retry gives a session', async () => {
    const wallet = newWallet();
    expect(JSON.parse(wallet.bundle)).toMatchObject({ version: 'v1.0.0', enclaveQuorumPublic: wallet.enclave });
    const { key, session } = await otpLogin(wallet);
    expect(session).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: wallet.accountId, type: 'EMAIL_OTP', nickname: 'jane@example.com' });
    expect(session.encryptedSessionSigningKey).toBeUndefined();
    const listed = wallet.h.ok('GET', `/auth/sessions?accountId=${wallet.accountId}`);
    expect(listed.data.map((s: any) => s.id)).toEqual([session.id]);
    expect(JSON.stringify(wallet.h.log)).not.toContain(key.privateKey);
  });

  it('any other decrypted code is 401 UNAUTHORIZED "Invalid OTP code" and writes nothing', async () => {
    const wallet = newWallet();
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '123456', newKeyPair()) };
    const answer = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Invalid OTP code' });
    expect(answer.events).toEqual([]);
  });

  it('a bundle sealed to a superseded target (after a new challenge) cannot be opened: 401', async () => {
    const wallet = newWallet();
    const fresh = wallet.h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {});
    expect(fresh.otpEncryptionTargetBundle).not.toBe(wallet.bundle);
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '000000', newKeyPair()) };
    expect(call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body).status).toBe(401);
    await otpLogin(wallet, wallet.credentialId, fresh.otpEncryptionTargetBundle);
  });

  it('a malformed encryptedOtpBundle is 400 INVALID_INPUT', () => {
    const wallet = newWallet();
    const answer = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: 'not json' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_INPUT');
  });

  it('the OTP retry must be stamped by the TEK key bound into the verification token', async () => {
    const wallet = newWallet();
    const key = newKeyPair();
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '000000', key) };
    const first = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body);
    const other = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body, retryHeaders(await stamp(newKeyPair(), first.body.payloadToSign), first.body.requestId));
    expect(other.status).toBe(401);
    expect(other.body.code).toBe('WALLET_SIGNATURE_INVALID');
    const good = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect(good.status).toBe(200);
    const again = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('UNAUTHORIZED');
  });
});

describe('signed retries (spec: Authentication rule 2): each failure its own 401', () => {
  async function pendingPatch() {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    const first = call(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String) });
    return { wallet, key, first };
  }
  const path = (wallet: { accountId: string }) => `/internal-accounts/${wallet.accountId}`;

  it('WALLET_SIGNATURE_MISSING when the retry has Request-Id but no signature', async () => {
    const { wallet, first } = await pendingPatch();
    const answer = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, { 'Request-Id': first.body.requestId });
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING']);
    expect(answer.events).toEqual([]);
  });

  it('REQUEST_ID_MISSING when the retry has a signature but no Request-Id', async () => {
    const { wallet, key, first } = await pendingPatch();
    const answer = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, { 'Svc-Wallet-Signature': await stamp(key, first.body.payloadToSign) });
    expect([answer.status, answer.body.code]).toEqual([401, 'REQUEST_ID_MISSING']);
  });

  it('WALLET_SIGNATURE_MALFORMED for a header that is not a stamp', async () => {
    const { wallet, first } = await pendingPatch();
    for (const garbage of ['garbage', Buffer.from('{"publicKey":"02ab","scheme":"X","signature":"30"}').toString('base64url')]) {
      const answer = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(garbage, first.body.requestId));
      expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED']);
    }
  });

  it('WALLET_SIGNATURE_BODY_MISMATCH when the retry body differs from the challenged one', async () => {
    const { wallet, key, first } = await pendingPatch();
    const answer = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: false }, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
  });

  it('WALLET_SIGNATURE_INVALID for a signature over another payload, or by a key with no active session', async () => {
    const { wallet, key, first } = await pendingPatch();
    const overOther = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(await stamp(key, `${first.body.payloadToSign} `), first.body.requestId));
    expect([overOther.status, overOther.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const stranger = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(await stamp(newKeyPair(), first.body.payloadToSign), first.body.requestId));
    expect([stranger.status, stranger.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
  });

  it('401 UNAUTHORIZED for an unknown or expired Request-Id', async () => {
    const { wallet, key, first } = await pendingPatch();
    const unknown = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(await stamp(key, first.body.payloadToSign), 'Request:00000000-0000-0000-0000-000000000000'));
    expect([unknown.status, unknown.body.code]).toEqual([401, 'UNAUTHORIZED']);
    wallet.h.now = new Date(Date.parse(wallet.h.now) + 6 * 60_000).toISOString();
    const late = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect([late.status, late.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a good stamp applies the update once; the legacy value sandbox-valid-signature is still accepted', async () => {
    const { wallet, key, first } = await pendingPatch();
    const done = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: true }, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: wallet.accountId, type: 'EMBEDDED_WALLET', privateEnabled: true });
    const legacyFirst = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: false });
    const legacy = call(wallet.h, 'PATCH', path(wallet), { privateEnabled: false }, retryHeaders('sandbox-valid-signature', legacyFirst.body.requestId));
    expect(legacy.status).toBe(200);
    expect(legacy.body.privateEnabled).toBe(false);
  });
});

describe('POST /quotes/{id}/execute from an embedded wallet', () => {
  it('the quote shows payloadToSign; a garbage Svc-Wallet-Signature is 401 (not 200) and moves nothing; missing and wrong-key too', async () => {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    const quote = walletQuote(wallet);
    const info = quote.paymentInstructions[0].accountOrWalletInfo;
    expect(info.accountType).toBe('EMBEDDED_WALLET');
    const execute = (headers: Record<string, string>) => call(wallet.h, 'POST', `/quotes/${quote.id}/execute`, undefined, headers);
    expect([execute({}).status, execute({}).body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING']);
    const garbage = execute({ 'Svc-Wallet-Signature': 'garbage' });
    expect([garbage.status, garbage.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED']);
    expect(garbage.events).toEqual([]);
    const stranger = execute({ 'Svc-Wallet-Signature': await stamp(newKeyPair(), info.payloadToSign) });
    expect([stranger.status, stranger.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const good = execute({ 'Svc-Wallet-Signature': await stamp(key, info.payloadToSign) });
    expect(good.status).toBe(200);
    expect(good.body.status).toBe('PROCESSING');
  });

  it('an expired session can no longer sign; the legacy value still executes', async () => {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    wallet.h.now = new Date(Date.parse(wallet.h.now) + 16 * 60_000).toISOString();
    publishRates(wallet.h);
    const quote2 = walletQuote(wallet);
    const late = call(wallet.h, 'POST', `/quotes/${quote2.id}/execute`, undefined, { 'Svc-Wallet-Signature': await stamp(key, quote2.paymentInstructions[0].accountOrWalletInfo.payloadToSign) });
    expect([late.status, late.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const legacy = call(wallet.h, 'POST', `/quotes/${quote2.id}/execute`, undefined, { 'Svc-Wallet-Signature': 'sandbox-valid-signature' });
    expect(legacy.status).toBe(200);
  });

  it('a quote from an ordinary internal account still executes without a signature', () => {
    const wallet = newWallet();
    const accounts = wallet.h.ok('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`);
    const plain = accounts.data.find((a: any) => a.type !== 'EMBEDDED_WALLET');
    fund(wallet.h, plain.id, 50_000);
    const quote = wallet.h.ok('POST', '/quotes', payoutBody(plain.id, newExternalAccount(wallet.h, wallet.customerId, 'USD', '789'), 10_000));
    expect(quote.paymentInstructions).toBeUndefined();
    expect(call(wallet.h, 'POST', `/quotes/${quote.id}/execute`).status).toBe(200);
  });
});

describe('replay', () => {
  it('replay and a snapshot plus the rest rebuild the same state, with no private key in the log', async () => {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    await signed(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key);
    const live = stateText(wallet.h.engine);
    expect(stateText(createEngine({ events: wallet.h.log }))).toBe(live);
    // No engine private key is in the log: the enclave key and the OTP target key are derived from the host secret.
    const digest = (message: string) => bytesToHex(hmac(sha256, utf8ToBytes(SANDBOX_SECRET), utf8ToBytes(message)));
    const issueId = JSON.parse(JSON.stringify(wallet.h.log)).find((e: any) => e.type === 'AuthCredentialAdded').data.credential.otp.issueId;
    const text = JSON.stringify(wallet.h.log);
    expect(enclavePublicKey(digest)).toBe(wallet.enclave);
    expect(text).not.toContain(bytesToHex(derivePrivateKey(digest, 'enclave-signer')));
    expect(text).not.toContain(bytesToHex(derivePrivateKey(digest, `otp-target|${issueId}`)));
    const prefix = Math.floor(wallet.h.log.length / 2);
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: wallet.h.log.slice(0, prefix) }).snapshot()));
    expect(stateText(createEngine({ snapshot, events: wallet.h.log.slice(prefix) }))).toBe(live);
  });
});
