/** Wire shapes of embedded-wallet auth (reference AuthMethod, AuthMethodResponse, AuthSession, DelegatedKey). */
import type { AuthCredential, AuthSession, DelegatedKey } from './types.js';

/** AuthMethod. */
export function credentialView(credential: AuthCredential): Record<string, unknown> {
  return {
    id: credential.id,
    accountId: credential.accountId,
    type: credential.type,
    ...(credential.passkey === undefined ? {} : { credentialId: credential.passkey.credentialId }),
    nickname: credential.nickname,
    createdAt: credential.createdAt,
    updatedAt: credential.updatedAt,
  };
}

/** AuthMethodResponse: an OTP credential carries its current target bundle. */
export function credentialResponseView(credential: AuthCredential): Record<string, unknown> {
  return credential.otp === undefined ? credentialView(credential) : { ...credentialView(credential), otpEncryptionTargetBundle: credential.otp.bundle };
}

/** AuthSession (the legacy sealed key only in the verify response that created it). */
export function sessionView(session: AuthSession, encryptedSessionSigningKey?: string): Record<string, unknown> {
  return {
    id: session.id,
    accountId: session.accountId,
    type: session.type,
    nickname: session.nickname,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
    ...(encryptedSessionSigningKey === undefined ? {} : { encryptedSessionSigningKey }),
  };
}

/** DelegatedKey. */
export function delegatedKeyView(key: DelegatedKey): Record<string, unknown> {
  return { id: key.id, cardId: key.cardId, fundingSourceId: key.fundingSourceId, accountId: key.accountId, publicKey: key.publicKey, nickname: key.nickname ?? '', status: key.status, createdAt: key.createdAt, updatedAt: key.updatedAt };
}
