/**
 * Signed customer contact updates (reference `PATCH /customers/{customerId}`, issue 14): changing
 * `email` of a customer whose embedded wallets hold EMAIL_OTP credentials, or `phoneNumber` with
 * SMS_OTP ones, answers 202 with `payloadToSign`; the retry stamped by a session of one of the
 * customer's wallets (`@turnkey/api-key-stamper`, keys from `@turnkey/crypto`) changes the
 * customer and every tied credential at once. Each refusal code of the flow, by a test naming it.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { call, newCustomer, setup } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';
import { type KeyPair, type Wallet, newKeyPair, newWallet, otpLogin, retryHeaders, signed, stamp } from './support.js';

/** A wallet of a new customer, logged in with its EMAIL_OTP credential (so it has a verified credential). */
async function loggedInWallet(): Promise<Wallet & { key: KeyPair }> {
  const wallet = newWallet();
  const { key } = await otpLogin(wallet);
  return { ...wallet, key };
}

/** Adds an SMS_OTP credential (the wallet's phone) to `wallet`, signed by `key`; returns its id. */
async function addSms(wallet: Wallet, key: KeyPair): Promise<string> {
  const added = await signed(wallet.h, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, key);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.id as string;
}

function credentials(wallet: Wallet): { id: string; type: string; nickname: string }[] {
  return wallet.h.ok('GET', `/auth/credentials?accountId=${encodeURIComponent(wallet.accountId)}`).data;
}

describe('PATCH /customers/{id} email of an embedded-wallet customer (reference example embeddedWalletEmailUpdate)', () => {
  it('answers 202 with the UPDATE_USER_EMAIL activity to sign; the stamped retry updates the customer and its EMAIL_OTP credential', async () => {
    const wallet = await loggedInWallet();
    const body = { customerType: 'INDIVIDUAL', email: 'john.smith@example.com' };
    const first = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body);
    expect(first.status).toBe(202);
    expect(Object.keys(first.body).sort()).toEqual(['expiresAt', 'payloadToSign', 'requestId']);
    expect(first.body.requestId).toMatch(/^Request:/);
    const payload = JSON.parse(first.body.payloadToSign);
    expect(payload).toMatchObject({ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: 'john.smith@example.com', userId: expect.stringMatching(/^user_/) } });
    // The challenge changes nothing yet.
    expect(wallet.h.ok('GET', `/customers/${wallet.customerId}`).email).toBeUndefined();

    const retry = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(wallet.key, first.body.payloadToSign), first.body.requestId));
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.email).toBe('john.smith@example.com');
    expect(credentials(wallet).find((c) => c.type === 'EMAIL_OTP')?.nickname).toBe('john.smith@example.com');
    expect(retry.events.map((e) => e.type)).toEqual(['SignedRequestConsumed', 'AuthCredentialsContactUpdated', 'CustomerUpdated']);
  });

  it('the next OTP login issues its verification token for the new email', async () => {
    const wallet = await loggedInWallet();
    const body = { email: 'new@example.com' };
    expect((await signed(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, wallet.key)).status).toBe(200);
    const fresh = wallet.h.ok('POST', `/auth/credentials/${wallet.credentialId}/challenge`, {});
    const { session } = await otpLogin(wallet, wallet.credentialId, fresh.otpEncryptionTargetBundle);
    expect(session.nickname).toBe('new@example.com');
  });

  it('updates every tied EMAIL_OTP credential across the customer\'s wallets, signed by a session of any one of them', async () => {
    const wallet = await loggedInWallet();
    const second = wallet.h.ok('POST', '/sandbox/embedded-wallets', { customerId: wallet.customerId, email: 'other@example.com' });
    expect((await signed(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email: 'both@example.com' }, wallet.key)).status).toBe(200);
    const nicknames = [wallet.accountId, second.internalAccount.id].map((accountId) => wallet.h.ok('GET', `/auth/credentials?accountId=${encodeURIComponent(accountId)}`).data[0].nickname);
    expect(nicknames).toEqual(['both@example.com', 'both@example.com']);
  });

  it('a customer without embedded wallets changes its email at once (200), and signature headers are ignored', () => {
    const h = setup();
    const { customerId } = newCustomer(h);
    const answer = call(h, 'PATCH', `/customers/${customerId}`, { email: 'plain@example.com' }, { 'Svc-Wallet-Signature': 'garbage', 'Request-Id': 'Request:nothing' });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe('plain@example.com');
  });

  it('other fields of a wallet customer update at once; only a changed contact needs the signature', async () => {
    const wallet = await loggedInWallet();
    expect(call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { fullName: 'Jane Q. Doe' }).status).toBe(200);
    expect(call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { phoneNumber: '+14155550100' }).status).toBe(200);
  });

  it('rejects 400 AUTH_CREDENTIAL_VERIFICATION_REQUIRED when no credential of the customer\'s wallets was ever verified (nothing could sign)', () => {
    const wallet = newWallet();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email: 'john.smith@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('AUTH_CREDENTIAL_VERIFICATION_REQUIRED');
    expect(answer.events).toEqual([]);
  });

  it('rejects 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS when another internal account\'s EMAIL_OTP credential holds the email', async () => {
    const wallet = await loggedInWallet();
    const { customerId: other } = newCustomer(wallet.h);
    wallet.h.ok('POST', '/sandbox/embedded-wallets', { customerId: other, email: 'taken@example.com' });
    for (const email of ['taken@example.com', 'TAKEN@example.com']) {
      const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('EMAIL_OTP_EMAIL_ALREADY_EXISTS');
    }
  });

  it('rejects 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when a tied EMAIL_OTP credential appeared after the challenge, and changes nothing', async () => {
    const wallet = await loggedInWallet();
    const body = { email: 'john.smith@example.com' };
    const first = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body);
    wallet.h.ok('POST', '/sandbox/embedded-wallets', { customerId: wallet.customerId, email: 'second@example.com' });
    const retry = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(wallet.key, first.body.payloadToSign), first.body.requestId));
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('EMAIL_OTP_CREDENTIAL_SET_CHANGED');
    expect(retry.events).toEqual([]);
    expect(wallet.h.ok('GET', `/customers/${wallet.customerId}`).email).toBeUndefined();
    // A new challenge binds the new set and goes through.
    expect((await signed(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, wallet.key)).status).toBe(200);
  });
});

describe('PATCH /customers/{id} phoneNumber of an embedded-wallet customer (reference example embeddedWalletPhoneUpdate)', () => {
  it('answers 202 with the UPDATE_USER_PHONE_NUMBER activity; the retry updates the customer and its SMS_OTP credential', async () => {
    const wallet = await loggedInWallet();
    const smsId = await addSms(wallet, wallet.key);
    const body = { customerType: 'INDIVIDUAL', phoneNumber: '+14155559876' };
    const first = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body);
    expect(first.status).toBe(202);
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', parameters: { userPhoneNumber: '+14155559876' } });
    const retry = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(wallet.key, first.body.payloadToSign), first.body.requestId));
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.phoneNumber).toBe('+14155559876');
    expect(credentials(wallet).find((c) => c.id === smsId)?.nickname).toBe('+14155559876');
    // The EMAIL_OTP credential is not touched by a phone update.
    expect(credentials(wallet).find((c) => c.type === 'EMAIL_OTP')?.nickname).toBe('jane@example.com');
  });

  it('rejects 409 SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS when another internal account\'s SMS_OTP credential holds the number', async () => {
    const wallet = await loggedInWallet();
    await addSms(wallet, wallet.key);
    const { customerId: other } = newCustomer(wallet.h);
    const otherWallet = wallet.h.ok('POST', '/sandbox/embedded-wallets', { customerId: other, email: 'bob@example.com', phoneNumber: '+14155550199' });
    const bob: Wallet = { ...wallet, customerId: other, accountId: otherWallet.internalAccount.id, credentialId: otherWallet.credential.id, bundle: otherWallet.credential.otpEncryptionTargetBundle };
    const { key: bobKey } = await otpLogin(bob);
    await addSms(bob, bobKey);
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { phoneNumber: '+14155550199' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS');
  });

  it('rejects 409 SMS_OTP_CREDENTIAL_SET_CHANGED when the tied SMS_OTP credential was revoked after the challenge', async () => {
    const wallet = await loggedInWallet();
    const smsId = await addSms(wallet, wallet.key);
    const body = { phoneNumber: '+14155559876' };
    const first = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body);
    expect(first.status).toBe(202);
    expect((await signed(wallet.h, 'DELETE', `/auth/credentials/${smsId}`, undefined, wallet.key)).status).toBe(204);
    const retry = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(wallet.key, first.body.payloadToSign), first.body.requestId));
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('SMS_OTP_CREDENTIAL_SET_CHANGED');
    expect(wallet.h.ok('GET', `/customers/${wallet.customerId}`).phoneNumber).toBeUndefined();
  });

  it('refuses email and phoneNumber in one PATCH (reference example combinedContactUpdateRejected): 400 INVALID_INPUT, no challenge', async () => {
    const wallet = await loggedInWallet();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { customerType: 'INDIVIDUAL', email: 'john.smith@example.com', phoneNumber: '+14155559876' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_INPUT');
    expect(answer.events).toEqual([]);
  });
});

describe('the signed retry of a contact update: each 401 (spec: Authentication rule 2)', () => {
  async function challenged(): Promise<{ wallet: Wallet & { key: KeyPair }; body: Record<string, unknown>; first: { payloadToSign: string; requestId: string } }> {
    const wallet = await loggedInWallet();
    const body = { email: 'john.smith@example.com' };
    const first = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body).body;
    return { wallet, body, first };
  }

  it('WALLET_SIGNATURE_MISSING: Request-Id without a signature', async () => {
    const { wallet, body, first } = await challenged();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, { 'Request-Id': first.requestId });
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING']);
  });

  it('REQUEST_ID_MISSING: a signature without Request-Id', async () => {
    const { wallet, body, first } = await challenged();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, { 'Svc-Wallet-Signature': await stamp(wallet.key, first.payloadToSign) });
    expect([answer.status, answer.body.code]).toEqual([401, 'REQUEST_ID_MISSING']);
  });

  it('WALLET_SIGNATURE_MALFORMED: not an API-key stamp', async () => {
    const { wallet, body, first } = await challenged();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders('not-a-stamp', first.requestId));
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED']);
  });

  it('WALLET_SIGNATURE_BODY_MISMATCH: the retry carries another email than the challenge bound', async () => {
    const { wallet, first } = await challenged();
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email: 'someone.else@example.com' }, retryHeaders(await stamp(wallet.key, first.payloadToSign), first.requestId));
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
  });

  it('WALLET_SIGNATURE_INVALID: a key that holds no session of the customer\'s wallets, or a signature over another payload', async () => {
    const { wallet, body, first } = await challenged();
    const stranger = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(newKeyPair(), first.payloadToSign), first.requestId));
    expect([stranger.status, stranger.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const otherPayload = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(wallet.key, `${first.payloadToSign} `), first.requestId));
    expect([otherPayload.status, otherPayload.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
  });

  it('WALLET_SIGNATURE_INVALID: a session of another customer\'s wallet cannot sign this customer\'s update', async () => {
    const { wallet, body, first } = await challenged();
    const { customerId: other } = newCustomer(wallet.h);
    const created = wallet.h.ok('POST', '/sandbox/embedded-wallets', { customerId: other, email: 'bob@example.com' });
    const bob: Wallet = { ...wallet, customerId: other, accountId: created.internalAccount.id, credentialId: created.credential.id, bundle: created.credential.otpEncryptionTargetBundle };
    const { key: bobKey } = await otpLogin(bob);
    const answer = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(await stamp(bobKey, first.payloadToSign), first.requestId));
    expect([answer.status, answer.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
  });

  it('401 UNAUTHORIZED for a Request-Id that names no pending challenge of this update, or one already used (the reference\'s 401, not 404 REQUEST_NOT_FOUND)', async () => {
    const { wallet, body, first } = await challenged();
    const signature = await stamp(wallet.key, first.payloadToSign);
    const unknown = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(signature, 'Request:00000000-0000-7000-8000-000000000000'));
    expect([unknown.status, unknown.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders(signature, first.requestId)).status).toBe(200);
    const again = call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email: 'third@example.com' }, retryHeaders(signature, first.requestId));
    expect([again.status, again.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('the legacy header value sandbox-valid-signature is still accepted', async () => {
    const { wallet, body, first } = await challenged();
    expect(call(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, body, retryHeaders('sandbox-valid-signature', first.requestId)).status).toBe(200);
  });
});

describe('replay of signed contact updates', () => {
  it('the log rebuilds the same customers, credentials and wallets', async () => {
    const wallet = await loggedInWallet();
    await addSms(wallet, wallet.key);
    expect((await signed(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { email: 'a@example.com' }, wallet.key)).status).toBe(200);
    expect((await signed(wallet.h, 'PATCH', `/customers/${wallet.customerId}`, { phoneNumber: '+14155559876' }, wallet.key)).status).toBe(200);
    const replayed = createEngine({ events: JSON.parse(JSON.stringify(wallet.h.log)) });
    expect(stateText(replayed)).toBe(stateText(wallet.h.engine));
    expect(replayed.state.auth.wallets.get(wallet.accountId)).toMatchObject({ email: 'a@example.com', phoneNumber: '+14155559876' });
  });
});

describe('WALLET_NOT_PROVISIONED: a wallet action on an internal account without an embedded wallet', () => {
  it('is 409 on POST /auth/credentials, PATCH /internal-accounts/{id} and export for a customer\'s USD account; an unknown id stays 404 ACCOUNT_NOT_FOUND', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const answers = [
      call(h, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId }),
      call(h, 'PATCH', `/internal-accounts/${accountId}`, { privateEnabled: true }),
      call(h, 'POST', `/internal-accounts/${accountId}/export`, { clientPublicKey: newKeyPair().publicKeyUncompressed }),
    ];
    for (const answer of answers) {
      expect([answer.status, answer.body.code]).toEqual([409, 'WALLET_NOT_PROVISIONED']);
      expect(answer.events).toEqual([]);
    }
    const unknown = call(h, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: 'InternalAccount:00000000-0000-7000-8000-000000000000' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
  });
});
