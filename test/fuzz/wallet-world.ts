/**
 * The fuzzer world's embedded wallet and SCA state (issue 14), made through `handle` by the
 * simulator's client (real stamps, sealed OTP codes, WebAuthn): a wallet of `owner` with a session
 * of its EMAIL_OTP credential, an OAUTH and a PASSKEY credential, a card it funds with an ACTIVE
 * delegated key, a funded quote from it awaiting its signature, and open challenges of the signed
 * routes (their Request-Ids and payloads, for seeds that sign the retry); for `scaOwner` (a
 * customer in an SCA region) an SCA login session, a TOTP and a passkey factor and a factor reset.
 */
import { assertionJson, type ClientKey, clientKey, newAuthenticator, oidcToken, registration, sealOtpCode, stamp } from '../../src/testing/wallet-client.js';
import type { Harness } from '../support/harness.js';

/** A challenge a signed route answered 202 with. */
export type OpenChallenge = { readonly payloadToSign: string; readonly requestId: string };

/** What the world holds of wallets and SCA. */
export type WalletWorld = {
  readonly walletId: string;
  readonly credentialIds: readonly string[];
  readonly sessionId: string;
  readonly sessionKey: ClientKey;
  readonly delegatedKeyId: string;
  readonly walletCardId: string;
  readonly walletQuote: { readonly id: string; readonly payloadToSign: string };
  /** Open challenges by route key (`PATCH /internal-accounts/{accountId}`, ...), with the body they were issued for. */
  readonly challenges: Readonly<Record<string, OpenChallenge & { readonly body: unknown }>>;
  readonly scaPasskeyId: string;
  /** An assertion of the enrolled SCA passkey over a challenge the engine never issued. */
  readonly scaAssertion: ReturnType<typeof assertionJson>;
  readonly resetId: string;
  readonly origin: string;
};

const SCA_ORIGIN = 'https://sandbox.svc.example';

/** Builds the wallet and SCA state on `h`. */
export function buildWalletWorld(h: Harness, owner: { customerId: string }, scaOwner: { customerId: string }, payee: string): WalletWorld {
  const provisioned = h.ok('POST', '/sandbox/embedded-wallets', { customerId: owner.customerId, email: 'fuzz@example.com', phoneNumber: '+14155550100' });
  const walletId = provisioned.internalAccount.id as string;
  const emailId = provisioned.credential.id as string;
  const sessionKey = clientKey('fuzz-session');
  const signed = (method: string, path: string, body: unknown): any => {
    const first = h.call(method, path, body).body as OpenChallenge;
    return h.ok(method, path, body, { 'Svc-Wallet-Signature': stamp(sessionKey, first.payloadToSign), 'Request-Id': first.requestId });
  };
  const verifyBody = { type: 'EMAIL_OTP', encryptedOtpBundle: sealOtpCode(provisioned.credential.otpEncryptionTargetBundle, provisioned.enclavePublicKey, '000000', sessionKey, 'fuzz') };
  const session = signed('POST', `/auth/credentials/${emailId}/verify`, verifyBody);
  const nowS = Math.floor(Date.parse(h.now) / 1000);
  const oauth = signed('POST', '/auth/credentials', { type: 'OAUTH', accountId: walletId, oidcToken: oidcToken({ iss: 'https://accounts.google.com', aud: 'fuzz.apps.googleusercontent.com', sub: 'fuzz-user', iat: nowS, exp: nowS + 3600 }) });
  const authenticator = newAuthenticator('fuzz-passkey', 'https://wallet.fuzz.example');
  const passkey = signed('POST', '/auth/credentials', { type: 'PASSKEY', accountId: walletId, nickname: 'Fuzz key', challenge: 'fuzz-registration', attestation: registration(authenticator, 'fuzz-registration') });

  const card = h.ok('POST', '/cards', { customerId: owner.customerId, fundingSource: walletId, form: 'VIRTUAL' }).id as string;
  const keyBody = { cardId: card, internalAccountId: walletId, nickname: 'Fuzz card key' };
  const legOne = h.call('POST', '/auth/delegated-keys', keyBody).body as OpenChallenge;
  const legTwo = h.call('POST', '/auth/delegated-keys', keyBody, { 'Svc-Wallet-Signature': stamp(sessionKey, legOne.payloadToSign), 'Request-Id': legOne.requestId }).body as OpenChallenge;
  const delegated = h.ok('POST', '/auth/delegated-keys', keyBody, { 'Svc-Wallet-Signature': stamp(sessionKey, legTwo.payloadToSign), 'Request-Id': legTwo.requestId });

  h.ok('POST', `/sandbox/internal-accounts/${walletId}/fund`, { amount: 1_000_000 });
  const quote = h.ok('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: walletId }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 });

  // Open challenges: first legs whose retries the seeds sign (or break).
  const open = (method: string, path: string, body: unknown): OpenChallenge & { body: unknown } => ({ ...(h.call(method, path, body).body as OpenChallenge), body });
  const challenges = {
    'PATCH /internal-accounts/{accountId}': open('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: true }),
    'POST /internal-accounts/{accountId}/export': open('POST', `/internal-accounts/${walletId}/export`, { clientPublicKey: clientKey('fuzz-export').publicKeyUncompressed }),
    'POST /auth/credentials': open('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: walletId }),
    'POST /auth/sessions/{id}/refresh': open('POST', `/auth/sessions/${session.id}/refresh`, { clientPublicKey: clientKey('fuzz-refresh').publicKey }),
  };

  // SCA: a login session, TOTP and passkey factors, a reset started.
  const q = `?customerId=${encodeURIComponent(scaOwner.customerId)}`;
  const login = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
  h.ok('POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: login.challengeId, code: '123456', endUserIpAddress: '203.0.113.7' });
  const totp = h.ok('POST', `/sca/factors${q}`, { type: 'TOTP' });
  h.ok('POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: totp.secret, code: '123456' });
  const started = h.ok('POST', `/sca/factors${q}`, { type: 'PASSKEY' });
  const scaAuthenticator = newAuthenticator('fuzz-sca-passkey', SCA_ORIGIN);
  const r = registration(scaAuthenticator, started.options.challenge);
  h.ok('POST', `/sca/factors/confirm${q}`, { type: 'PASSKEY', origin: SCA_ORIGIN, credential: { id: r.credentialId, response: { clientDataJSON: r.clientDataJson, attestationObject: r.attestationObject } } });
  const reset = h.ok('POST', `/sca/factors/reset${q}`, { factor: 'TOTP' });

  return {
    walletId,
    credentialIds: [emailId, oauth.id, passkey.id],
    sessionId: session.id,
    sessionKey,
    delegatedKeyId: delegated.id,
    walletCardId: card,
    walletQuote: { id: quote.id, payloadToSign: quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign },
    challenges,
    scaPasskeyId: scaAuthenticator.credentialId,
    scaAssertion: assertionJson(scaAuthenticator, { encoded: 'bm90LWlzc3VlZA' }),
    resetId: reset.resetId,
    origin: SCA_ORIGIN,
  };
}
