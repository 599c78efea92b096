/** Strong customer authentication records of a customer (docs/wallets-and-sca.md). JSON-safe. */
import type { StoredPasskey } from '../auth/webauthn.js';

/** SCA factors (reference ScaFactor). */
export const SCA_FACTORS = ['SMS_OTP', 'TOTP', 'PASSKEY'] as const;
/** One of `SCA_FACTORS`. */
export type ScaFactor = (typeof SCA_FACTORS)[number];

/** A 2FA reset (reference TwoFactorResetStatus). */
export type ScaReset = { readonly resetId: string; readonly factor: ScaFactor; readonly createdAt: string; readonly expiresAt: string; readonly completedAt?: string };

/** Everything SCA knows of one customer. */
export type ScaRecord = {
  readonly customerId: string;
  /** TOTP: enrolled (its secret is derived from the host secret and `totpSecretId`). */
  readonly totp?: { readonly secretId: string; readonly enrolledAt: string };
  /** A TOTP enrollment started and not yet confirmed. */
  readonly pendingTotpSecretId?: string;
  readonly passkey?: StoredPasskey & { readonly enrolledAt: string };
  /** The challenge of a passkey enrollment started and not yet confirmed (base64url). */
  readonly pendingPasskeyChallenge?: string;
  /** The SMS number when a reset replaced the one on file. */
  readonly mobile?: string;
  /** The login started and not yet completed. */
  readonly login?: { readonly factor: ScaFactor; readonly challengeId?: string; readonly passkeyChallenge?: string; readonly expiresAt: string };
  /** The end-user SCA session (180 days). */
  readonly sessionExpiresAt?: string;
  readonly failedAttempts: number;
  readonly lockedUntil?: string;
  readonly resets: readonly ScaReset[];
  /** The open trust or untrust challenge. */
  readonly trustChallenge?: { readonly id: string; readonly externalAccountId: string; readonly action: 'TRUST' | 'UNTRUST'; readonly passkeyChallenge: string; readonly expiresAt: string };
  readonly updatedAt: string;
};
