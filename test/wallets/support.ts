/**
 * Embedded-wallet clients as real ones are built: key pairs from `@turnkey/crypto`, OTP codes
 * HPKE-sealed with `encryptOtpCodeToBundle` against the engine's target bundle, and every wallet
 * action stamped with `@turnkey/api-key-stamper`. Everything goes through `handle`.
 */
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { encryptOtpCodeToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { expect } from 'vitest';
import { type Answer, call, fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';
import type { Harness } from '../support/harness.js';

/** A P-256 key pair as `@turnkey/crypto` makes them (hex; `publicKey` compressed). */
export type KeyPair = { readonly privateKey: string; readonly publicKey: string; readonly publicKeyUncompressed: string };

/** A provisioned wallet: its account, EMAIL_OTP credential, first target bundle, enclave key. */
export type Wallet = { readonly h: Harness; readonly customerId: string; readonly accountId: string; readonly credentialId: string; readonly bundle: string; readonly enclave: string };

/** A fresh harness with a customer and an embedded wallet (with a phone number). */
export function newWallet(h: Harness = setup()): Wallet {
  const { customerId } = newCustomer(h);
  const body = h.ok('POST', '/sandbox/embedded-wallets', { customerId, email: 'jane@example.com', phoneNumber: '+14155550123' });
  return { h, customerId, accountId: body.internalAccount.id, credentialId: body.credential.id, bundle: body.credential.otpEncryptionTargetBundle, enclave: body.enclavePublicKey };
}

/** A new client key pair. */
export function newKeyPair(): KeyPair {
  return generateP256KeyPair();
}

/** The `Svc-Wallet-Signature` value: an API-key stamp over `payload` by `key`. */
export async function stamp(key: KeyPair, payload: string): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return (await stamper.stamp(payload)).stampHeaderValue;
}

/** The client's `encryptedOtpBundle` for `code` under `bundle`, binding `key`'s public key. */
export async function sealOtp(wallet: Pick<Wallet, 'enclave'>, bundle: string, code: string, key: KeyPair): Promise<string> {
  return encryptOtpCodeToBundle(code, bundle, key.publicKey, wallet.enclave);
}

/** The signed retry's headers. */
export function retryHeaders(signature: string, requestId: string): Record<string, string> {
  return { 'Svc-Wallet-Signature': signature, 'Request-Id': requestId };
}

/** Logs in with the EMAIL_OTP credential (code 000000): first leg, stamp the token, retry. Returns the session key and session. */
export async function otpLogin(wallet: Wallet, credentialId = wallet.credentialId, bundle = wallet.bundle, type = 'EMAIL_OTP'): Promise<{ key: KeyPair; session: any }> {
  const key = newKeyPair();
  const body = { type, encryptedOtpBundle: await sealOtp(wallet, bundle, '000000', key) };
  const first = call(wallet.h, 'POST', `/auth/credentials/${credentialId}/verify`, body);
  expect(first.status).toBe(202);
  const retry = call(wallet.h, 'POST', `/auth/credentials/${credentialId}/verify`, body, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
  expect(retry.status).toBe(200);
  return { key, session: retry.body };
}

/** Runs a signed flow: the first call must answer 202, the retry is stamped by `key`. Returns the retry's answer. */
export async function signed(h: Harness, method: string, path: string, body: unknown, key: KeyPair): Promise<Answer> {
  const first = call(h, method, path, body);
  expect(first.status, JSON.stringify(first.body)).toBe(202);
  return call(h, method, path, body, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
}

/** A funded wallet with a pending payout quote of 10,000 minor units to a USD bank account. */
export function walletQuote(wallet: Wallet): any {
  fund(wallet.h, wallet.accountId, 100_000);
  return wallet.h.ok('POST', '/quotes', payoutBody(wallet.accountId, newExternalAccount(wallet.h, wallet.customerId, 'USD', '789'), 10_000));
}
