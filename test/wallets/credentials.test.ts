/**
 * Credentials and sessions of embedded wallets: adding credentials by signed retry (one EMAIL_OTP
 * and one SMS_OTP per account, unique passkey credentialId), OAUTH (claims and nonce), PASSKEY
 * (WebAuthn registration and assertions), revoking credentials and sessions, refresh, export.
 */
import { hpkeDecrypt } from '@turnkey/crypto';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createEngine } from '../../src/engine/engine.js';
import { call } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';
import { Authenticator } from './passkey-client.js';
import { newKeyPair, newWallet, otpLogin, retryHeaders, sealOtp, signed, stamp, type Wallet } from './support.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped OIDC token (the sandbox ignores the signature segment). */
function oidcToken(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;
}

function claimsAt(wallet: Wallet, extra: Record<string, unknown> = {}) {
  const nowS = Math.floor(Date.parse(wallet.h.now) / 1000);
  return { iss: 'https://accounts.google.com', aud: 'client-123.apps.googleusercontent.com', sub: '1122334455', iat: nowS, exp: nowS + 3600, ...extra };
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

async function withOauth(wallet: Wallet) {
  const { key } = await otpLogin(wallet);
  const added = await signed(wallet.h, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: oidcToken(claimsAt(wallet)) }, key);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { key, oauthId: added.body.id as string };
}

describe('adding credentials (signed retry)', () => {
  it('the first leg is 202 with type and payloadToSign; the retry stamped by an active session adds it (201) with its OTP target bundle', async () => {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    const first = call(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ type: 'SMS_OTP', requestId: expect.stringMatching(/^Request:/) });
    expect(JSON.parse(first.body.payloadToSign).type).toBe('ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER');
    const done = call(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ type: 'SMS_OTP', nickname: '+14155550123', otpEncryptionTargetBundle: expect.any(String) });
    const { session } = await otpLogin(wallet, done.body.id, done.body.otpEncryptionTargetBundle, 'SMS_OTP');
    expect(session.type).toBe('SMS_OTP');
    const listed = wallet.h.ok('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(listed.data.map((c: any) => c.type)).toEqual(['EMAIL_OTP', 'SMS_OTP']);
  });

  it('a second EMAIL_OTP is 400 EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS; an unknown account 404', () => {
    const wallet = newWallet();
    const again = call(wallet.h, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: wallet.accountId });
    expect([again.status, again.body.code]).toEqual([400, 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS']);
    expect(call(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: 'InternalAccount:00000000-0000-0000-0000-000000000000' }).status).toBe(404);
  });

  it('GET /auth/credentials needs an InternalAccount:<uuid> accountId (400) and answers an empty list for an unknown one', () => {
    const wallet = newWallet();
    expect(call(wallet.h, 'GET', '/auth/credentials').status).toBe(400);
    expect(wallet.h.ok('GET', '/auth/credentials?accountId=InternalAccount:00000000-0000-0000-0000-000000000000')).toEqual({ data: [] });
  });
});

describe('OAUTH (spec: iss, aud, sub, iat within 60 s with 5 s skew, exp, nonce = SHA-256 hex of clientPublicKey)', () => {
  it('verify with a fresh token of the same identity and the right nonce gives a session bound to the compressed key', async () => {
    const wallet = newWallet();
    const { oauthId } = await withOauth(wallet);
    const client = newKeyPair();
    const token = oidcToken(claimsAt(wallet, { nonce: sha256Hex(client.publicKey) }));
    const session = call(wallet.h, 'POST', `/auth/credentials/${oauthId}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey: client.publicKey });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toMatchObject({ type: 'OAUTH', accountId: wallet.accountId });
    expect(session.body.encryptedSessionSigningKey).toBeUndefined();
    // The new session signs wallet actions.
    expect((await signed(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, client)).status).toBe(200);
  });

  it('rejects a wrong nonce, another identity, a stale iat, an iat in the future and an expired token with 401; a malformed token or unknown issuer with 400', async () => {
    const wallet = newWallet();
    const { oauthId } = await withOauth(wallet);
    const client = newKeyPair();
    const nonce = sha256Hex(client.publicKey);
    const nowS = Math.floor(Date.parse(wallet.h.now) / 1000);
    const verify = (claims: Record<string, unknown>) => call(wallet.h, 'POST', `/auth/credentials/${oauthId}/verify`, { type: 'OAUTH', oidcToken: oidcToken(claims), clientPublicKey: client.publicKey });
    expect(verify(claimsAt(wallet, { nonce: sha256Hex(newKeyPair().publicKey) })).status).toBe(401);
    expect(verify(claimsAt(wallet, { nonce, sub: 'someone-else' })).status).toBe(401);
    expect(verify(claimsAt(wallet, { nonce, iat: nowS - 61 })).status).toBe(401);
    expect(verify(claimsAt(wallet, { nonce, iat: nowS + 6 })).status).toBe(401);
    expect(verify(claimsAt(wallet, { nonce, iat: nowS + 4 })).status).toBe(200);
    expect(verify(claimsAt(wallet, { nonce, exp: nowS })).status).toBe(401);
    const malformed = call(wallet.h, 'POST', `/auth/credentials/${oauthId}/verify`, { type: 'OAUTH', oidcToken: 'sandbox-valid-oidc-token', clientPublicKey: client.publicKey });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'INVALID_INPUT']);
    const create = call(wallet.h, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: oidcToken(claimsAt(wallet, { iss: 'https://evil.example' })) });
    expect([create.status, create.body.code]).toEqual([400, 'INVALID_INPUT']);
  });

  it('an uncompressed clientPublicKey selects the legacy flow: the session key comes HPKE-sealed to it', async () => {
    const wallet = newWallet();
    const { oauthId } = await withOauth(wallet);
    const client = newKeyPair();
    const token = oidcToken(claimsAt(wallet, { nonce: sha256Hex(client.publicKeyUncompressed) }));
    const session = call(wallet.h, 'POST', `/auth/credentials/${oauthId}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey: client.publicKeyUncompressed });
    expect(session.status).toBe(200);
    const sealed = JSON.parse(session.body.encryptedSessionSigningKey);
    const sessionKey = Buffer.from(hpkeDecrypt({ ciphertextBuf: Buffer.from(sealed.ciphertext, 'hex'), encappedKeyBuf: Buffer.from(sealed.encappedPublic, 'hex'), receiverPriv: client.privateKey })).toString();
    const { getPublicKey } = await import('@turnkey/crypto');
    const key = { privateKey: sessionKey, publicKey: Buffer.from(getPublicKey(sessionKey, true)).toString('hex'), publicKeyUncompressed: '' };
    expect((await signed(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key)).status).toBe(200);
  });
});

describe('PASSKEY (spec: credential id, challenge, origin/RP, user presence, signature, counter)', () => {
  async function withPasskey(wallet: Wallet) {
    const { key } = await otpLogin(wallet);
    const authenticator = new Authenticator();
    const challenge = 'ArkQi2yAYHPlgnJNFBlneIwchQdWXBOTrdB-AmMUB21Lx';
    const added = await signed(wallet.h, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'iPhone', challenge, attestation: authenticator.register(challenge) }, key);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ type: 'PASSKEY', credentialId: authenticator.credentialId, nickname: 'iPhone' });
    return { key, authenticator, passkeyId: added.body.id as string };
  }

  function challengeFor(wallet: Wallet, passkeyId: string, clientPublicKey: string) {
    const answer = wallet.h.ok('POST', `/auth/credentials/${passkeyId}/challenge`, { clientPublicKey });
    expect(answer).toMatchObject({ type: 'PASSKEY', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), requestId: expect.stringMatching(/^Request:/) });
    return answer;
  }

  it('a real assertion over the issued challenge gives a session whose key is the clientPublicKey of the challenge', async () => {
    const wallet = newWallet();
    const { authenticator, passkeyId } = await withPasskey(wallet);
    const client = newKeyPair();
    const issued = challengeFor(wallet, passkeyId, client.publicKey);
    const session = call(wallet.h, 'POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion: authenticator.assert(issued.challenge) }, { 'Request-Id': issued.requestId });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.type).toBe('PASSKEY');
    expect((await signed(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, client)).status).toBe(200);
  });

  it('rejects each broken binding with 401: other challenge, other origin, no user presence, forged signature, counter not advancing; no Request-Id is REQUEST_ID_MISSING', async () => {
    const wallet = newWallet();
    const { authenticator, passkeyId } = await withPasskey(wallet);
    const client = newKeyPair();
    const issued = challengeFor(wallet, passkeyId, client.publicKey);
    const verify = (assertion: unknown, requestId: string | null = issued.requestId) =>
      call(wallet.h, 'POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion }, requestId === null ? {} : { 'Request-Id': requestId });
    expect(verify(authenticator.assert(issued.challenge), null).body.code).toBe('REQUEST_ID_MISSING');
    expect(verify(authenticator.assert(issued.challenge, { challengeBytes: 'other' })).status).toBe(401);
    expect(verify(authenticator.assert(issued.challenge, { origin: 'https://evil.example.com' })).status).toBe(401);
    expect(verify(authenticator.assert(issued.challenge, { flags: 0x04 })).status).toBe(401);
    const forged = { ...authenticator.assert(issued.challenge), signature: new Authenticator().assert(issued.challenge).signature };
    expect(verify(forged).status).toBe(401);
    expect(verify(authenticator.assert(issued.challenge)).status).toBe(200);
    const again = challengeFor(wallet, passkeyId, client.publicKey);
    const replayed = call(wallet.h, 'POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion: authenticator.assert(again.challenge, { advance: false }) }, { 'Request-Id': again.requestId });
    expect([replayed.status, replayed.body.reason]).toEqual([401, expect.stringContaining('counter')]);
  });

  it('the legacy signature sandbox-valid-passkey-signature is still accepted; a second registration of the same credentialId is 400', async () => {
    const wallet = newWallet();
    const { key, authenticator, passkeyId } = await withPasskey(wallet);
    const issued = challengeFor(wallet, passkeyId, newKeyPair().publicKey);
    const legacy = call(wallet.h, 'POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion: { ...authenticator.assert(issued.challenge), signature: 'sandbox-valid-passkey-signature' } }, { 'Request-Id': issued.requestId });
    expect(legacy.status).toBe(200);
    const duplicate = call(wallet.h, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'again', challenge: 'c', attestation: authenticator.register('c') });
    expect([duplicate.status, duplicate.body.code]).toEqual([400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS']);
    expect(key).toBeDefined();
  });
});

describe('revoking, refreshing, exporting', () => {
  it('DELETE /auth/credentials/{id} needs a session of another credential; the last credential cannot be revoked', async () => {
    const wallet = newWallet();
    const last = call(wallet.h, 'DELETE', `/auth/credentials/${wallet.credentialId}`);
    expect(last.status).toBe(400);
    const { key, oauthId } = await withOauth(wallet);
    const first = call(wallet.h, 'DELETE', `/auth/credentials/${wallet.credentialId}`);
    expect(first.status).toBe(202);
    const self = call(wallet.h, 'DELETE', `/auth/credentials/${wallet.credentialId}`, undefined, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect([self.status, self.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const revokeOauth = await signed(wallet.h, 'DELETE', `/auth/credentials/${oauthId}`, undefined, key);
    expect(revokeOauth.status).toBe(204);
    expect(wallet.h.ok('GET', `/auth/credentials?accountId=${wallet.accountId}`).data).toHaveLength(1);
  });

  it('DELETE /auth/sessions/{id} (self-logout) is 204 and the session can no longer sign; again is 404', async () => {
    const wallet = newWallet();
    const { key, session } = await otpLogin(wallet);
    expect((await signed(wallet.h, 'DELETE', `/auth/sessions/${session.id}`, undefined, key)).status).toBe(204);
    expect(wallet.h.ok('GET', `/auth/sessions?accountId=${wallet.accountId}`).data).toEqual([]);
    expect(call(wallet.h, 'DELETE', `/auth/sessions/${session.id}`).status).toBe(404);
  });

  it('refresh: 202 binding the new key, then 201 with a new session the new key can sign with', async () => {
    const wallet = newWallet();
    const { key, session } = await otpLogin(wallet);
    const next = newKeyPair();
    const refreshed = await signed(wallet.h, 'POST', `/auth/sessions/${session.id}/refresh`, { clientPublicKey: next.publicKey }, key);
    expect(refreshed.status).toBe(201);
    expect(refreshed.body.id).not.toBe(session.id);
    expect((await signed(wallet.h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, next)).status).toBe(200);
  });

  it('export seals the wallet credentials to the request key; the client opens them with hpkeDecrypt', async () => {
    const wallet = newWallet();
    const { key } = await otpLogin(wallet);
    const target = newKeyPair();
    const exported = await signed(wallet.h, 'POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: target.publicKeyUncompressed }, key);
    expect(exported.status).toBe(200);
    expect(exported.body.id).toBe(wallet.accountId);
    const sealed = JSON.parse(exported.body.encryptedWalletCredentials);
    const secret = Buffer.from(hpkeDecrypt({ ciphertextBuf: Buffer.from(sealed.ciphertext, 'hex'), encappedKeyBuf: Buffer.from(sealed.encappedPublic, 'hex'), receiverPriv: target.privateKey })).toString();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(wallet.h.log)).not.toContain(secret);
  });
});

describe('not found and expiry codes', () => {
  it('AUTH_METHOD_NOT_FOUND for an unknown credential, SESSION_NOT_FOUND for an unknown session, SMS_OTP_CREDENTIAL_ALREADY_EXISTS for a second SMS_OTP', async () => {
    const wallet = newWallet();
    const unknown = call(wallet.h, 'POST', '/auth/credentials/AuthMethod:00000000-0000-0000-0000-000000000000/challenge', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('AUTH_METHOD_NOT_FOUND');
    const session = call(wallet.h, 'DELETE', '/auth/sessions/Session:00000000-0000-0000-0000-000000000000');
    expect(session.status).toBe(404);
    expect(session.body.code).toBe('SESSION_NOT_FOUND');
    const { key } = await otpLogin(wallet);
    expect((await signed(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, key)).status).toBe(201);
    const second = call(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('SMS_OTP_CREDENTIAL_ALREADY_EXISTS');
  });

  it('rule: an OTP is single-use: once a verify accepted its code, the same issue answers 400 AUTH_CREDENTIAL_VERIFICATION_EXPIRED until a new challenge', async () => {
    const wallet = newWallet();
    await otpLogin(wallet);
    const again = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '000000', newKeyPair()) });
    expect([again.status, again.body.code, again.events]).toEqual([400, 'AUTH_CREDENTIAL_VERIFICATION_EXPIRED', []]);
    expect(again.body.reason).toMatch(/already used/);
    const fresh = wallet.h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {});
    await otpLogin(wallet, wallet.credentialId, fresh.otpEncryptionTargetBundle);
    expect(stateText(createEngine({ events: wallet.h.log }))).toBe(stateText(wallet.h.engine));
  });

  it('rule: a wrong OTP code does not use the issue; the right code after it still verifies', async () => {
    const wallet = newWallet();
    const wrong = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '123123', newKeyPair()) });
    expect([wrong.status, wrong.body.reason]).toEqual([401, 'Invalid OTP code']);
    await otpLogin(wallet);
  });

  it('AUTH_CREDENTIAL_VERIFICATION_EXPIRED for an OTP past its ten minutes; a new challenge gives a fresh one', async () => {
    const wallet = newWallet();
    wallet.h.now = new Date(Date.parse(wallet.h.now) + 11 * 60_000).toISOString();
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(wallet, wallet.bundle, '000000', newKeyPair()) };
    const late = call(wallet.h, 'POST', `/auth/credentials/${wallet.credentialId}/verify`, body);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('AUTH_CREDENTIAL_VERIFICATION_EXPIRED');
    const fresh = wallet.h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {});
    await otpLogin(wallet, wallet.credentialId, fresh.otpEncryptionTargetBundle);
  });
});
