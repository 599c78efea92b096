/**
 * The embedded-wallet and SCA answers conform to the reference's response schemas: every exchange
 * of the flows below is held to the reference (test/contract/check.ts), success and error alike.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { violationsOf } from '../contract/check.js';
import { record, recorder } from '../contract/recorder.js';
import { SCA_RP_ID } from '../../src/domains/sca/decide.js';
import { call, newCustomer, newExternalAccount, setup } from '../quotes/support.js';
import { Authenticator } from './passkey-client.js';
import { newKeyPair, newWallet, otpLogin, signed, walletQuote, stamp } from './support.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('wallet and SCA answers against the reference', () => {
  it('auth, sessions, wallet actions, execute: no violations', async () => {
    const h = setup();
    const rec = recorder();
    record(h.engine, rec);
    const wallet = newWallet(h);
    const { key, session } = await otpLogin(wallet);
    const nowS = Math.floor(Date.parse(h.now) / 1000);
    const claims = { iss: 'https://accounts.google.com', aud: 'aud-1', sub: 'sub-1', iat: nowS, exp: nowS + 600 };
    const oauth = await signed(h, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: `${b64url({ alg: 'RS256' })}.${b64url(claims)}.sig` }, key);
    const client = newKeyPair();
    const nonce = createHash('sha256').update(client.publicKey).digest('hex');
    call(h, 'POST', `/auth/credentials/${oauth.body.id}/verify`, { type: 'OAUTH', oidcToken: `${b64url({ alg: 'RS256' })}.${b64url({ ...claims, nonce })}.sig`, clientPublicKey: client.publicKey });
    const authenticator = new Authenticator();
    const passkey = await signed(h, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'Key', challenge: 'abc', attestation: authenticator.register('abc') }, key);
    const challenge = h.ok('POST', `/auth/credentials/${passkey.body.id}/challenge`, { clientPublicKey: newKeyPair().publicKey });
    call(h, 'POST', `/auth/credentials/${passkey.body.id}/verify`, { type: 'PASSKEY', assertion: authenticator.assert(challenge.challenge) }, { 'Request-Id': challenge.requestId });
    h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {});
    h.ok('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    h.ok('GET', `/auth/sessions?accountId=${wallet.accountId}`);
    await signed(h, 'POST', `/auth/sessions/${session.id}/refresh`, { clientPublicKey: newKeyPair().publicKey }, key);
    await signed(h, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key);
    await signed(h, 'POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: newKeyPair().publicKeyUncompressed }, key);
    await signed(h, 'DELETE', `/auth/credentials/${oauth.body.id}`, undefined, key);
    const quote = walletQuote(wallet);
    call(h, 'POST', `/quotes/${quote.id}/execute`, undefined, { 'Svc-Wallet-Signature': 'garbage' });
    call(h, 'POST', `/quotes/${quote.id}/execute`, undefined, { 'Svc-Wallet-Signature': await stamp(key, quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign) });
    await signed(h, 'DELETE', `/auth/sessions/${session.id}`, undefined, key);
    expect(violationsOf(rec.exchanges)).toEqual([]);
    expect(rec.exchanges.length).toBeGreaterThan(25);
  });

  it('the check is live for these operations: a wrong body is caught', () => {
    const wrong = { method: 'GET', path: '/auth/sessions?accountId=InternalAccount:x', status: 200, body: { data: [{ id: 1 }] }, source: 'test' };
    const challenge = { method: 'PATCH', path: '/internal-accounts/InternalAccount:x', status: 202, body: { requestId: 'r' }, source: 'test' };
    expect(violationsOf([wrong, challenge]).map((v) => v.operation)).toEqual(['GET /auth/sessions', 'PATCH /internal-accounts/{id}']);
  });

  it('SCA and trust: no violations', () => {
    const h = setup();
    const rec = recorder();
    record(h.engine, rec);
    const { customerId } = newCustomer(h, { country: 'DE' });
    const q = `?customerId=${customerId}`;
    const login = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
    h.ok('POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: login.challengeId, code: '123456', endUserIpAddress: '203.0.113.7' });
    const totp = h.ok('POST', `/sca/factors${q}`, { type: 'TOTP' });
    h.ok('POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: totp.secret, code: '123456' });
    const started = h.ok('POST', `/sca/factors${q}`, { type: 'PASSKEY' });
    const authenticator = new Authenticator(`https://${SCA_RP_ID}`);
    const r = authenticator.register(started.options.challenge);
    h.ok('POST', `/sca/factors/confirm${q}`, { type: 'PASSKEY', origin: `https://${SCA_RP_ID}`, credential: { id: r.credentialId, response: { clientDataJSON: r.clientDataJson, attestationObject: r.attestationObject } } });
    h.ok('GET', `/sca/factors${q}`);
    h.ok('POST', `/sca/login/start${q}`, { factor: 'PASSKEY' });
    h.ok('POST', `/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    const reset = h.ok('POST', `/sca/factors/reset${q}`, { factor: 'TOTP' });
    h.ok('GET', `/sca/factors/reset/${reset.resetId}${q}`);
    h.now = new Date(Date.parse(h.now) + 10_000).toISOString();
    call(h, 'POST', `/sca/factors/reset/${reset.resetId}/complete${q}`, {});
    call(h, 'DELETE', `/sca/factors/${authenticator.credentialId}${q}`);
    const account = newExternalAccount(h, customerId, 'EUR', '123');
    h.ok('POST', `/customers/external-accounts/${account}/trust`);
    h.ok('POST', `/customers/external-accounts/${account}/trust/confirm`, { code: '123456' });
    h.ok('POST', `/customers/external-accounts/${account}/untrust`);
    h.ok('POST', `/customers/external-accounts/${account}/untrust/confirm`, { code: '123456' });
    expect(violationsOf(rec.exchanges)).toEqual([]);
  });
});
