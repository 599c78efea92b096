/**
 * What the simulator's model knows of embedded wallets and SCA customers: enough to predict every
 * status the wallet and SCA operations meet (which sessions are active, which credential kinds a
 * wallet has, whether a customer has an SCA session, how many failed logins it has, whether a
 * beneficiary is trusted) and to name every wallet and SCA read the rebuilds are compared on.
 * Keys are the client's (derived from labels, see wallet-client.ts), held as a real client does.
 */
import type { AuthenticatorState, ClientKey } from './wallet-client.js';

/** The kinds of embedded-wallet credentials (reference AuthMethodType). */
export type WalletCredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';

/** A live credential of a wallet (revoked ones leave the list). */
export type ModelWalletCredential = {
  readonly id: string;
  readonly type: WalletCredentialType;
  /** OTP credentials: the current `otpEncryptionTargetBundle` and when it stops opening, epoch ms. */
  bundle?: string;
  otpExpiresAtMs?: number;
  /** OTP credentials: a verify accepted the current bundle's code (single-use: it answers 400 after). */
  otpUsed?: boolean;
  /** PASSKEY credentials: the authenticator holding it. */
  readonly authenticator?: AuthenticatorState;
  /** OAUTH credentials: the `sub` the registration token carried (a login's token must carry it too). */
  readonly oauthSubject?: string;
};

/** A session the client holds: its signing key and when it ends. */
export type ModelWalletSession = { readonly id: string; readonly credentialId: string; readonly key: ClientKey; readonly expiresAtMs: number; revoked: boolean };

/** A delegated key of a wallet's card (`PENDING`, `ACTIVE` or `REVOKED`). */
export type ModelDelegatedKey = { readonly id: string; status: string };

/** An embedded wallet: its internal account, owner, enclave key, credentials, sessions, card and delegated keys. */
export type ModelWallet = {
  readonly accountId: string;
  readonly customerId: string;
  readonly enclavePublicKey: string;
  readonly hasPhone: boolean;
  readonly credentials: ModelWalletCredential[];
  readonly sessions: ModelWalletSession[];
  /** A card funded by the wallet (delegated keys need one). */
  cardId: string | undefined;
  readonly delegatedKeys: ModelDelegatedKey[];
  /** The wallet secret an export opened first: every later export must open the same. */
  exportedSecret: string | undefined;
};

/** A factor reset of an SCA customer. */
export type ModelScaReset = { readonly id: string; readonly factor: string; readonly createdAtMs: number; completed: boolean };

/** A customer in an SCA region (Germany) with its account, beneficiaries and SCA state. */
export type ModelScaCustomer = {
  readonly id: string;
  readonly accountId: string;
  /** External accounts of the customer, each trusted or not. */
  readonly beneficiaries: { readonly id: string; trusted: boolean }[];
  /** When the 180-day SCA login session ends, epoch ms (undefined before the first login). */
  sessionExpiresAtMs: number | undefined;
  /** The enrolled TOTP secret (base32), and the SMS number a reset set. */
  totpSecret: string | undefined;
  mobile: string | undefined;
  /** The enrolled SCA passkey. */
  authenticator: AuthenticatorState | undefined;
  failedAttempts: number;
  lockedUntilMs: number | undefined;
  readonly resets: ModelScaReset[];
};

/** True when `session` can sign at `nowMs`. */
export function sessionActive(session: ModelWalletSession, nowMs: number): boolean {
  return !session.revoked && session.expiresAtMs > nowMs;
}

/**
 * The wallet and SCA reads the rebuilt engines must answer as the live one: each wallet's
 * credentials, active sessions, delegated keys (listed and by id) and card; each SCA customer,
 * its factors and its resets.
 */
export function walletReads<R>(model: { readonly wallets: readonly ModelWallet[]; readonly scaCustomers: readonly ModelScaCustomer[] }, get: (path: string) => R): R[] {
  const reads: R[] = [];
  for (const w of model.wallets) {
    reads.push(get(`/auth/credentials?accountId=${w.accountId}`), get(`/auth/sessions?accountId=${w.accountId}`), get(`/auth/delegated-keys?accountId=${w.accountId}`));
    for (const key of w.delegatedKeys) reads.push(get(`/auth/delegated-keys/${key.id}`));
    if (w.cardId !== undefined) reads.push(get(`/cards/${w.cardId}`));
  }
  for (const c of model.scaCustomers) {
    const query = `?customerId=${encodeURIComponent(c.id)}`;
    reads.push(get(`/customers/${c.id}`), get(`/sca/factors${query}`));
    for (const reset of c.resets) reads.push(get(`/sca/factors/reset/${reset.id}${query}`));
  }
  return reads;
}
