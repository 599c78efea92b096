/**
 * Strong customer authentication (/sca): SCA-region customers only (409 CONFLICT otherwise),
 * SMS_OTP login opening the 180-day session, SCA_SESSION_REQUIRED before enrolling, TOTP with a
 * real RFC 6238 code, one passkey (WebAuthn registration and login built by a test authenticator),
 * failed-attempt lock (423), security events, and the liveness-gated factor reset.
 */
import { base32nopad } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { SCA_RP_ID, totpCode } from '../../src/domains/sca/decide.js';
import { call, newCustomer, setup } from '../quotes/support.js';
import type { Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';
import { Authenticator } from '../wallets/passkey-client.js';

const ORIGIN = `https://${SCA_RP_ID}`;

function scaCustomer(h: Harness = setup()) {
  const { customerId } = newCustomer(h, { country: 'DE' });
  return { h, customerId, q: `?customerId=${customerId}` };
}

function smsLogin(h: Harness, q: string) {
  const started = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
  expect(started).toMatchObject({ factor: 'SMS_OTP', challengeId: expect.any(String), expiresAt: expect.any(String) });
  return call(h, 'POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: started.challengeId, code: '123456', endUserIpAddress: '203.0.113.7' });
}

function later(h: Harness, ms: number): void {
  h.now = new Date(Date.parse(h.now) + ms).toISOString();
}

describe('/sca for customers outside and inside SCA regions', () => {
  it('a US customer gets 409 CONFLICT; an unknown customer 404; no customerId 400', () => {
    const h = setup();
    const { customerId } = newCustomer(h, { country: 'US' });
    expect([call(h, 'GET', `/sca/factors?customerId=${customerId}`).status, call(h, 'GET', `/sca/factors?customerId=${customerId}`).body.code]).toEqual([409, 'CONFLICT']);
    expect(call(h, 'GET', '/sca/factors?customerId=Customer:00000000-0000-0000-0000-000000000000').status).toBe(404);
    expect(call(h, 'GET', '/sca/factors').status).toBe(400);
  });

  it('SMS_OTP is always a factor; login with 123456 opens a session of 180 days (spec)', () => {
    const { h, q } = scaCustomer();
    expect(h.ok('GET', `/sca/factors${q}`)).toEqual({ factors: [{ factor: 'SMS_OTP', name: 'Phone on file' }] });
    const done = smsLogin(h, q);
    expect(done.status).toBe(200);
    expect(Date.parse(done.body.sessionExpiresAt) - Date.parse(h.now)).toBe(180 * 24 * 3_600_000);
  });

  it('enrolling a factor needs an SCA session: 409 SCA_SESSION_REQUIRED before login and after the session expires', () => {
    const { h, q } = scaCustomer();
    expect(call(h, 'POST', `/sca/factors${q}`, { type: 'TOTP' }).body.code).toBe('SCA_SESSION_REQUIRED');
    smsLogin(h, q);
    expect(call(h, 'POST', `/sca/factors${q}`, { type: 'TOTP' }).status).toBe(200);
    later(h, 181 * 24 * 3_600_000);
    const expired = call(h, 'POST', `/sca/factors${q}`, { type: 'TOTP' });
    expect([expired.status, expired.body.code]).toEqual([409, 'SCA_SESSION_REQUIRED']);
  });

  it('five wrong codes lock the login (423 ACCOUNT_LOCKED with lockedUntil); each wrong code is recorded', () => {
    const { h, q } = scaCustomer();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const started = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
      const wrong = call(h, 'POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: started.challengeId, code: '000001', endUserIpAddress: '203.0.113.7' });
      expect(wrong.status).toBe(attempt < 5 ? 400 : 423);
      expect(wrong.events).toHaveLength(1);
    }
    const locked = call(h, 'POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
    expect([locked.status, locked.body.code, typeof locked.body.details.lockedUntil]).toEqual([423, 'ACCOUNT_LOCKED', 'string']);
    later(h, 31 * 60_000);
    expect(smsLogin(h, q).status).toBe(200);
  });

  it('rule: an expired lock starts a fresh count, so the next wrong code is attempt one of five (400), not a new lock', () => {
    const { h, q } = scaCustomer();
    const wrongCode = () => {
      const started = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
      return call(h, 'POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: started.challengeId, code: '000001', endUserIpAddress: '203.0.113.7' });
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) wrongCode();
    later(h, 31 * 60_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = wrongCode();
      expect([attempt, wrong.status, wrong.body.code]).toEqual([attempt, 400, 'INVALID_INPUT']);
    }
    const fifth = wrongCode();
    expect([fifth.status, fifth.body.code]).toEqual([423, 'ACCOUNT_LOCKED']);
    expect(Date.parse(fifth.body.details.lockedUntil) - Date.parse(h.now)).toBe(30 * 60_000);
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });

  it('rule: after an expired lock, FAILED_LOGIN_ATTEMPT counts afresh from one (record-event)', () => {
    const { h, q } = scaCustomer();
    const record = () => h.ok('POST', `/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    for (let attempt = 1; attempt < 5; attempt += 1) record();
    expect(record()).toMatchObject({ suspended: true, failedAttempts: 5 });
    expect(call(h, 'POST', `/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' }).status).toBe(423);
    later(h, 30 * 60_000);
    expect(record()).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: null, failedAttempts: 1 });
  });

  it('record-event counts failed logins and RESET_PASSWORD_COMPLETED clears them', () => {
    const { h, q } = scaCustomer();
    expect(h.ok('POST', `/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' })).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: null, failedAttempts: 1 });
    expect(h.ok('POST', `/sca/record-event${q}`, { eventType: 'RESET_PASSWORD_COMPLETED' }).failedAttempts).toBe(0);
    expect(call(h, 'POST', `/sca/record-event${q}`, { eventType: 'OTHER' }).status).toBe(400);
  });
});

describe('TOTP and PASSKEY factors', () => {
  it('TOTP: start gives a base32 secret; confirm with the real RFC 6238 code gives recovery codes; login with a TOTP code', () => {
    const { h, q } = scaCustomer();
    smsLogin(h, q);
    const started = h.ok('POST', `/sca/factors${q}`, { type: 'TOTP' });
    expect(started.totpUri).toContain(started.secret);
    const secret = base32nopad.decode(started.secretBase32Encoded);
    expect(call(h, 'POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: started.secret, code: '999999' }).status).toBe(400);
    const confirmed = h.ok('POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: started.secret, code: totpCode(secret, Date.parse(h.now)) });
    expect(confirmed.recoveryCodes).toHaveLength(8);
    expect(h.ok('GET', `/sca/factors${q}`).factors.map((f: any) => f.factor)).toEqual(['SMS_OTP', 'TOTP']);
    h.ok('POST', `/sca/login/start${q}`, { factor: 'TOTP' });
    expect(call(h, 'POST', `/sca/login/complete${q}`, { factor: 'TOTP', code: totpCode(secret, Date.parse(h.now)), endUserIpAddress: '203.0.113.7' }).status).toBe(200);
  });

  it('PASSKEY: one per customer (409 PASSKEY_ALREADY_ENROLLED), WebAuthn login, delete by credentialId', () => {
    const { h, q } = scaCustomer();
    smsLogin(h, q);
    const started = h.ok('POST', `/sca/factors${q}`, { type: 'PASSKEY' });
    expect(started).toMatchObject({ relyingPartyId: SCA_RP_ID, allowedOrigins: [ORIGIN] });
    const authenticator = new Authenticator(ORIGIN);
    const registration = authenticator.register(started.options.challenge);
    const credential = { id: registration.credentialId, rawId: registration.credentialId, type: 'public-key', response: { clientDataJSON: registration.clientDataJson, attestationObject: registration.attestationObject } };
    const confirmed = h.ok('POST', `/sca/factors/confirm${q}`, { type: 'PASSKEY', origin: ORIGIN, credential });
    expect(confirmed.factor).toEqual({ factor: 'PASSKEY', credentialId: authenticator.credentialId, name: 'Passkey' });
    expect(call(h, 'POST', `/sca/factors${q}`, { type: 'PASSKEY' }).body.code).toBe('PASSKEY_ALREADY_ENROLLED');
    const login = h.ok('POST', `/sca/login/start${q}`, { factor: 'PASSKEY' });
    // The engine's challenge is base64url already: the browser passes its bytes, so clientData.challenge is the same text.
    const a = authenticator.assert('', { encodedChallenge: login.passkeyOptions.challenge });
    const assertion = { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature } };
    const forged = { ...assertion, response: { ...assertion.response, signature: new Authenticator(ORIGIN).assert('', { encodedChallenge: login.passkeyOptions.challenge }).signature } };
    expect(call(h, 'POST', `/sca/login/complete${q}`, { factor: 'PASSKEY', passkeyAssertion: forged, origin: ORIGIN, endUserIpAddress: '203.0.113.7' }).status).toBe(400);
    expect(call(h, 'POST', `/sca/login/complete${q}`, { factor: 'PASSKEY', passkeyAssertion: assertion, origin: ORIGIN, endUserIpAddress: '203.0.113.7' }).status).toBe(200);
    expect(call(h, 'DELETE', `/sca/factors/nope${q}`).status).toBe(404);
    expect(call(h, 'DELETE', `/sca/factors/${authenticator.credentialId}${q}`).status).toBe(204);
    expect(h.ok('GET', `/sca/factors${q}`).factors.map((f: any) => f.factor)).toEqual(['SMS_OTP']);
  });
});

describe('factor reset (liveness-gated)', () => {
  it('start (201), poll until LIVENESS_PASSED, complete (204) clears the factor; completing early is 400', () => {
    const { h, q } = scaCustomer();
    smsLogin(h, q);
    const started = h.ok('POST', `/sca/factors${q}`, { type: 'TOTP' });
    h.ok('POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: started.secret, code: '123456' });
    const reset = call(h, 'POST', `/sca/factors/reset${q}`, { factor: 'TOTP' });
    expect(reset.status).toBe(201);
    expect(reset.body).toMatchObject({ resetId: expect.stringMatching(/^ScaReset:/), livenessAccessToken: expect.any(String), verificationLink: expect.any(String) });
    expect(h.ok('GET', `/sca/factors/reset/${reset.body.resetId}${q}`).status).toBe('INITIATED');
    expect(call(h, 'POST', `/sca/factors/reset/${reset.body.resetId}/complete${q}`, {}).status).toBe(400);
    later(h, 10_000);
    expect(h.ok('GET', `/sca/factors/reset/${reset.body.resetId}${q}`).status).toBe('LIVENESS_PASSED');
    expect(call(h, 'POST', `/sca/factors/reset/${reset.body.resetId}/complete${q}`, {}).status).toBe(204);
    expect(h.ok('GET', `/sca/factors/reset/${reset.body.resetId}${q}`).status).toBe('COMPLETED');
    expect(h.ok('GET', `/sca/factors${q}`).factors.map((f: any) => f.factor)).toEqual(['SMS_OTP']);
  });

  it('an SMS_OTP reset needs the new mobile, which then names the factor; replay rebuilds the state', () => {
    const { h, q } = scaCustomer();
    const reset = h.ok('POST', `/sca/factors/reset${q}`, { factor: 'SMS_OTP' });
    later(h, 10_000);
    expect(call(h, 'POST', `/sca/factors/reset/${reset.resetId}/complete${q}`, {}).status).toBe(400);
    expect(call(h, 'POST', `/sca/factors/reset/${reset.resetId}/complete${q}`, { mobile: { countryCode: '+49', number: '15112345678' } }).status).toBe(204);
    expect(h.ok('GET', `/sca/factors${q}`).factors[0]).toEqual({ factor: 'SMS_OTP', name: '+4915112345678' });
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });
});
