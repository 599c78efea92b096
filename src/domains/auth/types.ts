/** Embedded-wallet authentication records (docs/wallets-and-sca.md). JSON-safe, frozen in the store. */

/** Credential types of embedded wallets (spec: Authentication rule 4). */
export const AUTH_CREDENTIAL_TYPES = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'] as const;
/** One of `AUTH_CREDENTIAL_TYPES`. */
export type AuthCredentialType = (typeof AUTH_CREDENTIAL_TYPES)[number];

/** The OTP target the engine last issued for an OTP credential: its key is derived from `issueId`. */
export type OtpIssue = {
  readonly issueId: string;
  readonly bundle: string;
  readonly expiresAt: string;
  /** When a verify accepted its code: the issue is single-use (absent in logs written before this rule). */
  readonly consumedAt?: string;
};

/** An authentication credential (reference AuthMethod) with what verification needs. */
export type AuthCredential = {
  readonly id: string;
  readonly accountId: string;
  readonly type: AuthCredentialType;
  readonly nickname: string;
  /** OTP credentials: the current target bundle. */
  readonly otp?: OtpIssue;
  /** OAUTH: the identity the credential was registered with. */
  readonly oauth?: { readonly iss: string; readonly aud: string; readonly sub: string };
  /** PASSKEY: WebAuthn credential id (base64url), public key (hex), RP and origin, counter. */
  readonly passkey?: { readonly credentialId: string; readonly publicKey: string; readonly rpId: string; readonly origin: string; readonly signCount: number };
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** A session: the public key (compressed hex) that may sign wallet actions until `expiresAt`. */
export type AuthSession = {
  readonly id: string;
  readonly accountId: string;
  readonly credentialId: string;
  readonly type: AuthCredentialType;
  readonly nickname: string;
  readonly publicKey: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly expiresAt: string;
  readonly revokedAt?: string;
};

/** What a pending signed request authorises once signed. */
export const SIGNED_REQUEST_KINDS = [
  'ADD_CREDENTIAL', 'REVOKE_CREDENTIAL', 'REVOKE_SESSION', 'REFRESH_SESSION', 'OTP_VERIFY', 'PASSKEY_LOGIN',
  'EXPORT_WALLET', 'UPDATE_WALLET', 'DELEGATED_KEY_USER', 'DELEGATED_KEY_POLICY', 'UPDATE_CUSTOMER_CONTACT',
] as const;
/** One of `SIGNED_REQUEST_KINDS`. */
export type SignedRequestKind = (typeof SIGNED_REQUEST_KINDS)[number];

/**
 * A challenge issued by a 202: the exact `payloadToSign`, what it binds (target, body hash) and,
 * for OTP verification and passkey login, the one public key allowed to complete it.
 */
export type PendingSignedRequest = {
  readonly requestId: string;
  readonly kind: SignedRequestKind;
  readonly accountId: string;
  readonly targetId: string;
  /** SHA-256 (hex) of the canonical request body the challenge was issued for. */
  readonly bodyHash: string;
  readonly payloadToSign: string;
  readonly boundPublicKey?: string;
  /**
   * UPDATE_CUSTOMER_CONTACT: the ids (sorted) of the tied OTP credentials the update must change;
   * a retry that finds another set is refused (EMAIL_OTP_/SMS_OTP_CREDENTIAL_SET_CHANGED).
   */
  readonly boundCredentialIds?: readonly string[];
  readonly expiresAt: string;
  readonly consumedAt?: string;
};

/** A delegated signing key (reference DelegatedKey). */
export type DelegatedKey = {
  readonly id: string;
  readonly cardId: string;
  readonly fundingSourceId: string;
  readonly accountId: string;
  readonly publicKey: string;
  readonly nickname?: string;
  readonly status: 'PENDING' | 'ACTIVE' | 'REVOKED';
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** An embedded wallet's own settings beside its internal account (`PATCH /internal-accounts/{id}`). */
export type EmbeddedWallet = {
  readonly accountId: string;
  readonly customerId: string;
  readonly email: string;
  readonly phoneNumber?: string;
  readonly privateEnabled: boolean;
  readonly updatedAt: string;
};
