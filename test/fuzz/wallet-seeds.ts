/**
 * Seeds of the embedded-wallet and SCA routes (issue 14), built on the world's wallet and SCA
 * state (wallet-world.ts): valid first legs, signed retries of the world's open challenges with a
 * real stamp, a stamp by a stranger, a malformed stamp and the legacy value, OTP bundles sealed to
 * the credential's target, OIDC tokens, WebAuthn shapes, and every SCA body. Each seed names the
 * path parameters it goes with (`params`), since `{id}` is shared by several resources.
 */
import { toBase64url } from '../../src/domains/auth/crypto.js';
import { clientKey, newAuthenticator, oidcNonce, oidcToken, registration, stamp } from '../../src/testing/wallet-client.js';
import type { Seed } from './seeds.js';
import type { World } from './world.js';

/** Signature headers of one challenge: real, by a stranger, malformed JSON, not base64, legacy, Request-Id only. */
function retries(payloadToSign: string, requestId: string, key: Parameters<typeof stamp>[0]): Readonly<Record<string, string>>[] {
  const malformed = toBase64url(new TextEncoder().encode(JSON.stringify({ publicKey: 12, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: ['30'] })));
  return [
    { 'Svc-Wallet-Signature': stamp(key, payloadToSign), 'Request-Id': requestId },
    { 'Svc-Wallet-Signature': stamp(clientKey('fuzz-stranger'), payloadToSign), 'Request-Id': requestId },
    { 'Svc-Wallet-Signature': malformed, 'Request-Id': requestId },
    { 'Svc-Wallet-Signature': '%%%', 'Request-Id': requestId },
    { 'Svc-Wallet-Signature': 'sandbox-valid-signature', 'Request-Id': requestId },
    { 'Request-Id': requestId },
  ];
}

/** Seeds by route key for every wallet and SCA route. */
export function walletSeedsFor(w: World): Readonly<Record<string, readonly Seed[]>> {
  const world = w.wallet;
  const [emailId, oauthId, passkeyId] = world.credentialIds as [string, string, string];
  const [customerA, , customerEu] = w.ids.customerId ?? [];
  const eur = w.ids.externalAccountId?.[1] ?? 'none';
  const scaQuote = w.ids.quoteId?.[2] ?? 'none';
  const walletId = world.walletId;
  const signedSeeds = (key: string, params: Readonly<Record<string, string>> = {}): Seed[] => {
    const open = world.challenges[key];
    if (open === undefined) return [];
    return [{ body: open.body, params }, ...retries(open.payloadToSign, open.requestId, world.sessionKey).map((headers) => ({ body: open.body, params, headers }))];
  };
  const client = clientKey('fuzz-client');
  const nowS = Math.floor(Date.parse(w.h.now) / 1000);
  const token = (extra: Record<string, unknown> = {}) => oidcToken({ iss: 'https://accounts.google.com', aud: 'fuzz.apps.googleusercontent.com', sub: 'fuzz-user', iat: nowS, exp: nowS + 3600, ...extra });
  const authenticator = newAuthenticator('fuzz-new-passkey', 'https://wallet.fuzz.example');
  const sca = { customerId: customerEu ?? 'none' };
  const scaAssertion = world.scaAssertion;
  const keyBody = { cardId: world.walletCardId, internalAccountId: walletId, nickname: 'Fuzz key 2' };
  return {
    'POST /sandbox/embedded-wallets': [{ body: { customerId: customerA, email: 'fuzz2@example.com', phoneNumber: '+14155550101' } }, { body: { customerId: customerA, email: 'fuzz3@example.com', currency: 'USD' } }],
    'POST /auth/credentials': [
      ...signedSeeds('POST /auth/credentials'),
      { body: { type: 'OAUTH', accountId: walletId, oidcToken: token() } },
      { body: { type: 'PASSKEY', accountId: walletId, nickname: 'Another', challenge: 'fuzz-c', attestation: registration(authenticator, 'fuzz-c') } },
      { body: { type: 'EMAIL_OTP', accountId: walletId } },
    ],
    'GET /auth/credentials': [{ query: { accountId: walletId } }],
    'DELETE /auth/credentials/{id}': [{ params: { id: oauthId } }, { params: { id: passkeyId }, headers: { 'Svc-Wallet-Signature': stamp(world.sessionKey, 'x'), 'Request-Id': 'Request:00000000-0000-0000-0000-000000000000' } }],
    'POST /auth/credentials/{id}/verify': [
      { params: { id: emailId }, body: { type: 'EMAIL_OTP', encryptedOtpBundle: JSON.stringify({ encappedPublic: client.publicKeyUncompressed, ciphertext: '00'.repeat(40) }) } },
      { params: { id: oauthId }, body: { type: 'OAUTH', oidcToken: token({ nonce: oidcNonce(client.publicKey) }), clientPublicKey: client.publicKey } },
      { params: { id: passkeyId }, body: { type: 'PASSKEY', assertion: { credentialId: authenticator.credentialId, clientDataJson: 'e30', authenticatorData: 'AAAA', signature: 'sandbox-valid-passkey-signature' } }, headers: { 'Request-Id': 'Request:00000000-0000-0000-0000-000000000000' } },
    ],
    'POST /auth/credentials/{id}/challenge': [{ params: { id: emailId }, body: {} }, { params: { id: passkeyId }, body: { clientPublicKey: client.publicKey } }],
    'GET /auth/sessions': [{ query: { accountId: walletId } }],
    'DELETE /auth/sessions/{id}': [{ params: { id: world.sessionId } }],
    'POST /auth/sessions/{id}/refresh': signedSeeds('POST /auth/sessions/{id}/refresh', { id: world.sessionId }),
    'POST /auth/delegated-keys': [{ body: keyBody }],
    'GET /auth/delegated-keys': [{ query: { accountId: walletId } }, { query: { fundingSourceId: `CardFundingSource:${world.walletCardId.split(':')[1] ?? ''}` } }],
    'GET /auth/delegated-keys/{id}': [{ params: { id: world.delegatedKeyId } }],
    'DELETE /auth/delegated-keys/{id}': [{ params: { id: world.delegatedKeyId } }],
    'PATCH /internal-accounts/{accountId}': signedSeeds('PATCH /internal-accounts/{accountId}', { accountId: walletId }),
    'POST /internal-accounts/{accountId}/export': signedSeeds('POST /internal-accounts/{accountId}/export', { accountId: walletId }),
    'POST /quotes/{quoteId}/execute': retries(world.walletQuote.payloadToSign, '', world.sessionKey).map((headers) => ({ params: { quoteId: world.walletQuote.id }, headers: { 'Svc-Wallet-Signature': headers['Svc-Wallet-Signature'] ?? '' } })),
    'POST /quotes/{quoteId}/authorize': [{ params: { quoteId: scaQuote }, body: { code: '000000' } }, { params: { quoteId: scaQuote }, body: { passkeyAssertion: scaAssertion, origin: world.origin } }],
    'POST /quotes/{quoteId}/authorize/resend': [{ params: { quoteId: scaQuote } }],
    'POST /customers/external-accounts/{externalAccountId}/trust': [{ params: { externalAccountId: eur } }],
    'POST /customers/external-accounts/{externalAccountId}/trust/confirm': [{ params: { externalAccountId: eur }, body: { code: '123456' } }, { params: { externalAccountId: eur }, body: { passkeyAssertion: scaAssertion, origin: world.origin } }],
    'POST /customers/external-accounts/{externalAccountId}/untrust': [{ params: { externalAccountId: eur } }],
    'POST /customers/external-accounts/{externalAccountId}/untrust/confirm': [{ params: { externalAccountId: eur }, body: { code: '123456' } }],
    'GET /sca/factors': [{ query: sca }],
    'POST /sca/factors': [{ query: sca, body: { type: 'TOTP' } }, { query: sca, body: { type: 'PASSKEY' } }],
    'POST /sca/factors/confirm': [
      { query: sca, body: { type: 'TOTP', secret: 'JBSWY3DPEHPK3PXP', code: '123456' } },
      { query: sca, body: { type: 'PASSKEY', origin: world.origin, credential: { id: authenticator.credentialId, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } } },
    ],
    'DELETE /sca/factors/{credentialId}': [{ query: sca, params: { credentialId: world.scaPasskeyId } }],
    'POST /sca/login/start': [{ query: sca, body: { factor: 'SMS_OTP' } }, { query: sca, body: { factor: 'PASSKEY' } }],
    'POST /sca/login/complete': [
      { query: sca, body: { factor: 'SMS_OTP', challengeId: null, code: '123456', endUserIpAddress: '203.0.113.7' } },
      { query: sca, body: { factor: 'PASSKEY', passkeyAssertion: scaAssertion, origin: world.origin, endUserIpAddress: '203.0.113.7' } },
    ],
    'POST /sca/record-event': [{ query: sca, body: { eventType: 'FAILED_LOGIN_ATTEMPT' } }, { query: sca, body: { eventType: 'RESET_PASSWORD_COMPLETED' } }],
    'POST /sca/factors/reset': [{ query: sca, body: { factor: 'TOTP' } }, { query: sca, body: { factor: 'SMS_OTP' } }],
    'GET /sca/factors/reset/{resetId}': [{ query: sca, params: { resetId: world.resetId } }],
    'POST /sca/factors/reset/{resetId}/complete': [{ query: sca, params: { resetId: world.resetId }, body: {} }, { query: sca, params: { resetId: world.resetId }, body: { mobile: { countryCode: '+49', number: '15112345678' } } }],
    'POST /cards/{id}/reveal': [{ params: { id: w.ids.cardId?.[0] ?? 'none' } }],
  };
}
