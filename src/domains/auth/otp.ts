/**
 * The sandbox OTP enclave: target bundles (Turnkey's `otpEncryptionTargetBundle`) whose HPKE key
 * is derived from the host secret and the issue id, and the decryption of the client's
 * `encryptedOtpBundle` (`{encappedPublic, ciphertext}` sealing `{otp_code, public_key}`). Pure.
 */
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { derivePrivateKey, hpkeOpen, isCompressedPublicKey, publicKeyHex, signDer, toHex } from './crypto.js';
import type { EmbeddedWalletConfig } from '../config/reference-fields.js';
import type { OtpIssue } from './types.js';

/** The fixed sandbox OTP code (spec: Embedded wallet auth in sandbox). */
export const SANDBOX_OTP_CODE = '000000';
/**
 * How long an issued OTP stays valid unless the platform set `embeddedWalletConfig.expirationSeconds`
 * (an EMAIL_OTP then follows it): the engine's window from before that field, kept so that an unset
 * config answers as before (the reference's default of 300 s is not applied: docs/wire-contract.md).
 */
export const OTP_TTL_MS = 10 * 60_000;

/**
 * The validity window of an OTP issued now for a credential of `type`, in ms: the platform's
 * `embeddedWalletConfig.expirationSeconds` for EMAIL_OTP (the reference scopes embeddedWalletConfig
 * to the EMAIL_OTP email), else `OTP_TTL_MS`. Read when issuing only; the issue stores its
 * `expiresAt`, so changing the config never moves an issued OTP's window.
 */
export function otpTtlMs(walletConfig: EmbeddedWalletConfig | undefined, type: 'EMAIL_OTP' | 'SMS_OTP'): number {
  const seconds = type === 'EMAIL_OTP' ? walletConfig?.expirationSeconds : undefined;
  return seconds === undefined ? OTP_TTL_MS : seconds * 1000;
}

/** The enclave's signing key: signs target bundles and verification tokens. Never logged. */
export function enclaveSigningKey(secretDigest: (message: string) => string): Uint8Array {
  return derivePrivateKey(secretDigest, 'enclave-signer');
}

/** The enclave's public signing key (uncompressed hex): what clients verify bundles against. */
export function enclavePublicKey(secretDigest: (message: string) => string): string {
  return publicKeyHex(enclaveSigningKey(secretDigest), true);
}

function targetKey(secretDigest: (message: string) => string, issueId: string): Uint8Array {
  return derivePrivateKey(secretDigest, `otp-target|${issueId}`);
}

/**
 * A new OTP issue valid for `ttlMs` (`otpTtlMs`): the target bundle `{version, data,
 * dataSignature, enclaveQuorumPublic}` where `data` is the hex of `{"targetPublic": <uncompressed
 * HPKE key>}` and `dataSignature` the enclave's DER ECDSA signature over those bytes.
 */
export function newOtpIssue(secretDigest: (message: string) => string, issueId: string, nowMs: number, ttlMs: number = OTP_TTL_MS): OtpIssue {
  const targetPublic = publicKeyHex(targetKey(secretDigest, issueId), true);
  const data = toHex(utf8ToBytes(JSON.stringify({ targetPublic })));
  const dataSignature = signDer(enclaveSigningKey(secretDigest), hexToBytes(data));
  const bundle = JSON.stringify({ version: 'v1.0.0', data, dataSignature, enclaveQuorumPublic: enclavePublicKey(secretDigest) });
  return { issueId, bundle, expiresAt: new Date(nowMs + ttlMs).toISOString() };
}

/** What opening a client's OTP bundle gave. */
export type OtpAttempt =
  | { readonly kind: 'malformed'; readonly reason: string }
  | { readonly kind: 'undecryptable' }
  | { readonly kind: 'opened'; readonly code: string; readonly publicKey: string };

/** Opens `encryptedOtpBundle` with the key of `issue`. */
export function openOtpBundle(secretDigest: (message: string) => string, issue: OtpIssue, encryptedOtpBundle: string): OtpAttempt {
  let outer: unknown;
  try {
    outer = JSON.parse(encryptedOtpBundle);
  } catch {
    return { kind: 'malformed', reason: 'encryptedOtpBundle must be a JSON string holding encappedPublic and ciphertext' };
  }
  const { encappedPublic, ciphertext } = (typeof outer === 'object' && outer !== null ? outer : {}) as Record<string, unknown>;
  if (typeof encappedPublic !== 'string' || typeof ciphertext !== 'string') {
    return { kind: 'malformed', reason: 'encryptedOtpBundle must hold string fields encappedPublic and ciphertext' };
  }
  const plain = hpkeOpen(targetKey(secretDigest, issue.issueId), encappedPublic, ciphertext);
  if (plain === undefined) return { kind: 'undecryptable' };
  let inner: unknown;
  try {
    inner = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    return { kind: 'malformed', reason: 'the decrypted OTP bundle is not JSON {otp_code, public_key}' };
  }
  const { otp_code: code, public_key: publicKey } = (typeof inner === 'object' && inner !== null ? inner : {}) as Record<string, unknown>;
  if (typeof code !== 'string' || typeof publicKey !== 'string') return { kind: 'malformed', reason: 'the decrypted OTP bundle must hold otp_code and public_key' };
  if (!isCompressedPublicKey(publicKey.toLowerCase())) return { kind: 'malformed', reason: 'public_key must be a compressed P-256 key (02 or 03 prefix)' };
  return { kind: 'opened', code, publicKey: publicKey.toLowerCase() };
}
