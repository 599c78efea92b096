/** Embedded-wallet auth events. Data is JSON-safe and holds no private key. */
import type { AuthCredential, AuthSession, DelegatedKey, EmbeddedWallet, OtpIssue, PendingSignedRequest } from './types.js';

/** An embedded wallet was provisioned for a customer (after its InternalAccountOpened). */
export type EmbeddedWalletProvisioned = { readonly wallet: EmbeddedWallet };
/** A credential was added to a wallet. */
export type AuthCredentialAdded = { readonly credential: AuthCredential };
/** A new OTP target bundle was issued for an OTP credential. */
export type AuthOtpIssued = { readonly credentialId: string; readonly otp: OtpIssue };
/** A verify accepted the code of the credential's current OTP issue: that issue cannot be used again. */
export type AuthOtpConsumed = { readonly credentialId: string; readonly issueId: string };
/** A signed-retry challenge was issued (a 202). */
export type SignedRequestIssued = { readonly request: PendingSignedRequest };
/** A signed retry completed the challenge; it cannot be used again. */
export type SignedRequestConsumed = { readonly requestId: string };
/** A session was issued. */
export type AuthSessionCreated = { readonly session: AuthSession };
/** A session was revoked. */
export type AuthSessionRevoked = { readonly sessionId: string };
/** A credential was revoked, with every session it issued. */
export type AuthCredentialRevoked = { readonly credentialId: string };
/** A passkey assertion advanced the authenticator's signature counter. */
export type PasskeyCounterAdvanced = { readonly credentialId: string; readonly signCount: number };
/** The wallet privacy setting changed. */
export type WalletPrivacyUpdated = { readonly accountId: string; readonly privateEnabled: boolean };
/**
 * A customer's signed contact update reached its tied OTP credentials (`PATCH /customers/{id}`):
 * each credential's contact (its nickname) and its wallet's `email` or `phoneNumber` become the new
 * value. Exactly one of `email` and `phoneNumber` is set.
 */
export type AuthCredentialsContactUpdated = { readonly credentialIds: readonly string[]; readonly email?: string; readonly phoneNumber?: string };
/** A delegated key was created (PENDING) or changed status. */
export type DelegatedKeyRecorded = { readonly key: DelegatedKey };

/** Event type names of this domain. */
export const AUTH_EVENTS = {
  walletProvisioned: 'EmbeddedWalletProvisioned',
  credentialAdded: 'AuthCredentialAdded',
  otpIssued: 'AuthOtpIssued',
  otpConsumed: 'AuthOtpConsumed',
  requestIssued: 'SignedRequestIssued',
  requestConsumed: 'SignedRequestConsumed',
  sessionCreated: 'AuthSessionCreated',
  sessionRevoked: 'AuthSessionRevoked',
  credentialRevoked: 'AuthCredentialRevoked',
  passkeyCounterAdvanced: 'PasskeyCounterAdvanced',
  walletPrivacyUpdated: 'WalletPrivacyUpdated',
  delegatedKeyRecorded: 'DelegatedKeyRecorded',
  credentialsContactUpdated: 'AuthCredentialsContactUpdated',
} as const;
