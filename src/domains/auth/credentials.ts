/**
 * Embedded-wallet credentials (docs/wallets-and-sca.md): provisioning a wallet with its EMAIL_OTP
 * credential, adding credentials (signed retry), re-issuing challenges, verifying into sessions
 * (OTP two legs, OAUTH, PASSKEY), revoking (signed retry, never the last). Pure deciders.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { ACCOUNT_EVENTS, type InternalAccountOpened } from '../internal-accounts/events.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import type { DomainState } from '../state.js';
import { compressedKey, derivePrivateKey, hpkeSeal, isCompressedPublicKey, parsePublicKey, publicKeyHex, sha256Hex, signJwtEs256, toHex } from './crypto.js';
import { AUTH_EVENTS, type AuthCredentialAdded, type AuthCredentialRevoked, type AuthOtpConsumed, type AuthOtpIssued, type AuthSessionCreated, type EmbeddedWalletProvisioned, type PasskeyCounterAdvanced } from './events.js';
import { checkOidcToken } from './oauth.js';
import { enclaveSigningKey, newOtpIssue, openOtpBundle, otpTtlMs, SANDBOX_OTP_CODE } from './otp.js';
import { type PasskeyRegistration, type AssertionInput, parseRegistration, verifyAssertion, LEGACY_PASSKEY_SIGNATURE } from './webauthn.js';
import { type SignedInput, activityPayload, bodyHash, challengeBody, isFirstLeg, issueSignedRequest, REQUEST_ID_HEADER, verifySignedRetry } from './signed.js';
import type { AuthCredential, AuthCredentialType, AuthSession, EmbeddedWallet } from './types.js';

/** How long a session lasts (the reference's examples: fifteen minutes). */
export const SESSION_TTL_MS = 15 * 60_000;

/** What deciders need besides state and request. */
export type AuthContext = {
  readonly at: string;
  readonly nowMs: number;
  readonly newId: (type: string) => string;
  readonly secretDigest: (message: string) => string;
};

/** 404 AUTH_METHOD_NOT_FOUND. */
export function credentialNotFound(id: string): ApiError {
  return apiError('AUTH_METHOD_NOT_FOUND', `Authentication credential ${id.slice(0, 100)} not found`);
}

/** 404 for an id that is not an embedded wallet's internal account. */
export function walletNotFound(id: string): ApiError {
  return apiError('ACCOUNT_NOT_FOUND', `Embedded wallet internal account ${id.slice(0, 100)} not found`);
}

/**
 * The embedded wallet of `accountId`, or why there is none: 404 ACCOUNT_NOT_FOUND for an id that
 * names no live internal account, 409 WALLET_NOT_PROVISIONED for an internal account that has no
 * embedded wallet (an INTERNAL_FIAT account, say: the wallet action cannot apply to it). Pure.
 */
export function walletRequired(state: DomainState, accountId: string): Result<EmbeddedWallet, ApiError> {
  const wallet = state.auth.wallets.get(accountId);
  if (wallet !== undefined) return ok(wallet);
  const account = state.accounts.byId.get(accountId);
  if (account === undefined) return err(walletNotFound(accountId));
  return err(apiError('WALLET_NOT_PROVISIONED', `Internal account ${accountId.slice(0, 100)} has no embedded wallet`, { internalAccountId: accountId, type: account.type }));
}

/** The embedded wallet of `accountId`, if it is one. */
export function walletOf(state: DomainState, accountId: string): EmbeddedWallet | undefined {
  return state.auth.wallets.get(accountId);
}

/** The credentials of a wallet in creation order. */
export function credentialsOf(state: DomainState, accountId: string): AuthCredential[] {
  return [...state.auth.credentials.values()].filter((c) => c.accountId === accountId);
}

// ---------------------------------------------------------------- provisioning

/** A validated provisioning request (engine extra: `POST /sandbox/embedded-wallets`). */
export type ProvisionRequest = { readonly customerId: string; readonly email: string; readonly phoneNumber?: string; readonly currency: CurrencyCode };

/** Opens an EMBEDDED_WALLET internal account with its EMAIL_OTP credential (OTP issued). */
export function decideProvisionWallet(state: DomainState, request: ProvisionRequest, context: AuthContext): Result<{ events: EventDraft[]; accountId: string; credentialId: string }, ApiError> {
  const customer = state.customers.byId.get(request.customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId.slice(0, 100)} not found`));
  const account: InternalAccount = { id: context.newId('InternalAccount'), customerId: customer.id, type: 'EMBEDDED_WALLET', status: 'ACTIVE', currency: request.currency, createdAt: context.at, updatedAt: context.at };
  const wallet: EmbeddedWallet = { accountId: account.id, customerId: customer.id, email: request.email, ...(request.phoneNumber === undefined ? {} : { phoneNumber: request.phoneNumber }), privateEnabled: false, updatedAt: context.at };
  const credential: AuthCredential = {
    id: context.newId('AuthMethod'),
    accountId: account.id,
    type: 'EMAIL_OTP',
    nickname: request.email,
    otp: newOtpIssue(context.secretDigest, context.newId('OtpIssue'), context.nowMs, otpTtlMs(state.config.current.embeddedWalletConfig, 'EMAIL_OTP')),
    createdAt: context.at,
    updatedAt: context.at,
  };
  const opened: InternalAccountOpened = { account };
  const provisioned: EmbeddedWalletProvisioned = { wallet };
  const added: AuthCredentialAdded = { credential };
  return ok({
    events: [{ type: ACCOUNT_EVENTS.opened, data: opened }, { type: AUTH_EVENTS.walletProvisioned, data: provisioned }, { type: AUTH_EVENTS.credentialAdded, data: added }],
    accountId: account.id,
    credentialId: credential.id,
  });
}

// ---------------------------------------------------------------- create

/** A validated `POST /auth/credentials` body. */
export type CreateCredentialRequest =
  | { readonly type: 'EMAIL_OTP' | 'SMS_OTP'; readonly accountId: string }
  | { readonly type: 'OAUTH'; readonly accountId: string; readonly oidcToken: string }
  | { readonly type: 'PASSKEY'; readonly accountId: string; readonly nickname: string; readonly challenge: string; readonly attestation: PasskeyRegistration };

/** Outcome of a signed-retry route: a 202 challenge, or the completed action. */
export type SignedOutcome<T> = { readonly kind: 'challenge'; readonly events: EventDraft[]; readonly body: Record<string, string> } | ({ readonly kind: 'done'; readonly events: EventDraft[] } & T);

const ACTIVITY_BY_TYPE: Readonly<Record<AuthCredentialType, string>> = {
  EMAIL_OTP: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
  SMS_OTP: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
  OAUTH: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
  PASSKEY: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
};

function newCredentialFields(state: DomainState, wallet: EmbeddedWallet, request: CreateCredentialRequest, nowMs: number): Result<Omit<AuthCredential, 'id' | 'createdAt' | 'updatedAt' | 'otp'>, ApiError> {
  const existing = credentialsOf(state, wallet.accountId);
  switch (request.type) {
    case 'EMAIL_OTP':
      if (existing.some((c) => c.type === 'EMAIL_OTP')) return err(apiError('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'This internal account already has an EMAIL_OTP credential'));
      return ok({ accountId: wallet.accountId, type: 'EMAIL_OTP', nickname: wallet.email });
    case 'SMS_OTP':
      if (existing.some((c) => c.type === 'SMS_OTP')) return err(apiError('SMS_OTP_CREDENTIAL_ALREADY_EXISTS', 'This internal account already has an SMS_OTP credential'));
      if (wallet.phoneNumber === undefined) return err(invalidInput([{ field: 'type', message: 'SMS_OTP needs the wallet to have a phone number' }]));
      return ok({ accountId: wallet.accountId, type: 'SMS_OTP', nickname: wallet.phoneNumber });
    case 'OAUTH': {
      const identity = checkOidcToken(request.oidcToken, nowMs);
      if (!identity.ok) return identity;
      const { iss, aud, sub } = identity.value;
      return ok({ accountId: wallet.accountId, type: 'OAUTH', nickname: wallet.email, oauth: { iss, aud, sub } });
    }
    case 'PASSKEY': {
      const registration = parseRegistration(request.attestation, request.challenge);
      if (!registration.ok) return registration;
      if (existing.some((c) => c.passkey?.credentialId === registration.value.credentialId)) {
        return err(apiError('PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'This WebAuthn credentialId is already attached to the internal account'));
      }
      return ok({ accountId: wallet.accountId, type: 'PASSKEY', nickname: request.nickname, passkey: registration.value });
    }
  }
}

/**
 * `POST /auth/credentials`: the first leg checks the new credential and answers 202 with the
 * activity to sign; the retry, signed by an active session of the wallet, adds it (201). An OTP
 * credential gets its first target bundle.
 */
export function decideCreateCredential(state: DomainState, request: CreateCredentialRequest, input: SignedInput, context: AuthContext): Result<SignedOutcome<{ credentialId: string }>, ApiError> {
  const found = walletRequired(state, request.accountId);
  if (!found.ok) return found;
  const wallet = found.value;
  const fields = newCredentialFields(state, wallet, request, context.nowMs);
  if (!fields.ok) return fields;
  if (isFirstLeg(input)) {
    const parameters = { userId: `user_${sha256Hex(wallet.customerId).slice(0, 24)}`, credentialType: request.type, nickname: fields.value.nickname };
    const issued = issueSignedRequest(
      { kind: 'ADD_CREDENTIAL', accountId: wallet.accountId, targetId: wallet.accountId, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(wallet.accountId, ACTIVITY_BY_TYPE[request.type], parameters, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request, request.type) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'ADD_CREDENTIAL', targetId: wallet.accountId, signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  const id = context.newId('AuthMethod');
  const credential: AuthCredential = {
    ...fields.value,
    id,
    ...(request.type === 'EMAIL_OTP' || request.type === 'SMS_OTP' ? { otp: newOtpIssue(context.secretDigest, context.newId('OtpIssue'), context.nowMs, otpTtlMs(state.config.current.embeddedWalletConfig, request.type)) } : {}),
    createdAt: context.at,
    updatedAt: context.at,
  };
  const added: AuthCredentialAdded = { credential };
  return ok({ kind: 'done', events: [retry.value.consume, { type: AUTH_EVENTS.credentialAdded, data: added }], credentialId: id });
}

// ---------------------------------------------------------------- challenge

/** `POST /auth/credentials/{id}/challenge`: a new OTP target bundle, or a passkey login challenge. */
export function decideChallengeCredential(state: DomainState, id: string, clientPublicKey: string | undefined, context: AuthContext): Result<{ events: EventDraft[]; passkey?: { challenge: string; requestId: string; expiresAt: string } }, ApiError> {
  const credential = state.auth.credentials.get(id);
  if (credential === undefined) return err(credentialNotFound(id));
  if (credential.type === 'OAUTH') return err(invalidInput([{ field: 'id', message: 'OAUTH credentials have no challenge step; verify with a fresh OIDC token' }]));
  if (credential.type === 'PASSKEY') {
    if (clientPublicKey === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey is required to challenge a PASSKEY credential' }]));
    if (parsePublicKey(clientPublicKey) === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey must be a valid P-256 public key' }]));
    const payload = activityPayload(credential.accountId, 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', { targetPublicKey: clientPublicKey.toLowerCase() }, context.nowMs);
    const challenge = sha256Hex(payload);
    const issued = issueSignedRequest({ kind: 'PASSKEY_LOGIN', accountId: credential.accountId, targetId: credential.id, bodyHash: '', payloadToSign: challenge, boundPublicKey: clientPublicKey.toLowerCase() }, context);
    return ok({ events: issued.events, passkey: { challenge, requestId: issued.request.requestId, expiresAt: issued.request.expiresAt } });
  }
  const ttlMs = otpTtlMs(state.config.current.embeddedWalletConfig, credential.type);
  const data: AuthOtpIssued = { credentialId: credential.id, otp: newOtpIssue(context.secretDigest, context.newId('OtpIssue'), context.nowMs, ttlMs) };
  return ok({ events: [{ type: AUTH_EVENTS.otpIssued, data }] });
}

// ---------------------------------------------------------------- verify

/** A validated verify body. */
export type VerifyCredentialRequest =
  | { readonly type: 'EMAIL_OTP' | 'SMS_OTP'; readonly encryptedOtpBundle: string }
  | { readonly type: 'OAUTH'; readonly oidcToken: string; readonly clientPublicKey: string }
  | { readonly type: 'PASSKEY'; readonly assertion: AssertionInput };

/** A verified session and, for the legacy uncompressed-key flow, the sealed signing key. */
export type VerifiedSession = { readonly sessionId: string; readonly encryptedSessionSigningKey?: string };

function invalidOtp(): ApiError {
  return apiError('UNAUTHORIZED', 'Invalid OTP code');
}

/**
 * A session for `credential` signed by `clientPublicKey`. Compressed: the client holds the key.
 * Uncompressed (deprecated legacy flow): the engine derives a session key from the host secret
 * and seals it to the client's key (`encryptedSessionSigningKey`, in the response only).
 */
export function newSession(credential: AuthCredential, clientPublicKey: string, context: AuthContext): { events: EventDraft[]; result: VerifiedSession } {
  const id = context.newId('Session');
  let publicKey = clientPublicKey.toLowerCase();
  let sealed: string | undefined;
  if (!isCompressedPublicKey(publicKey)) {
    const sessionKey = derivePrivateKey(context.secretDigest, `session-key|${id}`);
    publicKey = publicKeyHex(sessionKey);
    const bundle = hpkeSeal(clientPublicKey, utf8ToBytes(toHex(sessionKey)), derivePrivateKey(context.secretDigest, `session-seal|${id}`));
    sealed = bundle === undefined ? undefined : JSON.stringify(bundle);
  }
  const session: AuthSession = {
    id,
    accountId: credential.accountId,
    credentialId: credential.id,
    type: credential.type,
    nickname: credential.nickname,
    publicKey,
    createdAt: context.at,
    updatedAt: context.at,
    expiresAt: new Date(context.nowMs + SESSION_TTL_MS).toISOString(),
  };
  const data: AuthSessionCreated = { session };
  return { events: [{ type: AUTH_EVENTS.sessionCreated, data }], result: sealed === undefined ? { sessionId: id } : { sessionId: id, encryptedSessionSigningKey: sealed } };
}

/**
 * `POST /auth/credentials/{id}/verify`. OTP: first leg opens the HPKE bundle (code 000000, else
 * 401 `Invalid OTP code`) and answers 202 with a verification token (ES256 JWT by the enclave key)
 * bound to the client's TEK public key; the retry, stamped by that key, issues the session.
 * OAUTH: fresh token with the registered identity and nonce = SHA-256 hex of `clientPublicKey`.
 * PASSKEY: a WebAuthn assertion over the challenge named by `Request-Id`.
 */
export function decideVerifyCredential(state: DomainState, id: string, request: VerifyCredentialRequest, input: SignedInput, context: AuthContext): Result<SignedOutcome<VerifiedSession>, ApiError> {
  const credential = state.auth.credentials.get(id);
  if (credential === undefined) return err(credentialNotFound(id));
  if (request.type !== credential.type) return err(invalidInput([{ field: 'type', message: `type must be ${credential.type} for this credential` }]));
  switch (request.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return verifyOtp(state, credential, request.encryptedOtpBundle, input, context);
    case 'OAUTH': {
      const identity = checkOidcToken(request.oidcToken, context.nowMs);
      if (!identity.ok) return identity.error.code === 'INVALID_INPUT' && identity.error.reason === 'Unsupported OIDC issuer' ? err(apiError('UNAUTHORIZED', identity.error.reason)) : identity;
      const registered = credential.oauth;
      if (registered === undefined || registered.iss !== identity.value.iss || registered.aud !== identity.value.aud || registered.sub !== identity.value.sub) {
        return err(apiError('UNAUTHORIZED', 'OIDC token identity (iss, aud, sub) does not match the credential'));
      }
      if (parsePublicKey(request.clientPublicKey) === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey must be a valid P-256 public key (hex)' }]));
      if (identity.value.nonce !== sha256Hex(request.clientPublicKey)) return err(apiError('UNAUTHORIZED', 'OIDC token nonce must be the SHA-256 (hex) of the exact clientPublicKey'));
      const made = newSession(credential, request.clientPublicKey, context);
      return ok({ kind: 'done', events: made.events, ...made.result });
    }
    case 'PASSKEY': {
      const requestId = input.headers.get(REQUEST_ID_HEADER);
      if (requestId === undefined || requestId.trim() === '') return err(apiError('REQUEST_ID_MISSING', 'Passkey verification needs the Request-Id of the challenge'));
      const pending = state.auth.pending.get(requestId.trim());
      if (pending === undefined || pending.kind !== 'PASSKEY_LOGIN' || pending.targetId !== credential.id || pending.consumedAt !== undefined || instantToMs(pending.expiresAt) <= context.nowMs) {
        return err(apiError('UNAUTHORIZED', 'Request-Id does not match an unexpired pending passkey challenge for this credential'));
      }
      const passkey = credential.passkey;
      if (passkey === undefined) return err(apiError('UNAUTHORIZED', 'The credential has no passkey'));
      let signCount = passkey.signCount;
      if (request.assertion.signature !== LEGACY_PASSKEY_SIGNATURE) {
        const checked = verifyAssertion(passkey, request.assertion, pending.payloadToSign);
        if (!checked.ok) return checked;
        signCount = checked.value.signCount;
      } else if (request.assertion.credentialId !== passkey.credentialId) {
        return err(apiError('UNAUTHORIZED', 'The assertion names a different WebAuthn credential'));
      }
      const made = newSession(credential, pending.boundPublicKey ?? '', context);
      const events: EventDraft[] = [{ type: AUTH_EVENTS.requestConsumed, data: { requestId: pending.requestId } }];
      if (signCount !== passkey.signCount) {
        const advanced: PasskeyCounterAdvanced = { credentialId: credential.id, signCount };
        events.push({ type: AUTH_EVENTS.passkeyCounterAdvanced, data: advanced });
      }
      return ok({ kind: 'done', events: [...events, ...made.events], ...made.result });
    }
  }
}

function verifyOtp(state: DomainState, credential: AuthCredential, encryptedOtpBundle: string, input: SignedInput, context: AuthContext): Result<SignedOutcome<VerifiedSession>, ApiError> {
  if (!isFirstLeg(input)) {
    const retry = verifySignedRetry(state, input, { kind: 'OTP_VERIFY', targetId: credential.id, signer: { kind: 'bound' } }, context.nowMs);
    if (!retry.ok) return retry;
    const made = newSession(credential, retry.value.request.boundPublicKey ?? '', context);
    return ok({ kind: 'done', events: [retry.value.consume, ...made.events], ...made.result });
  }
  const issue = credential.otp;
  if (issue === undefined) return err(invalidOtp());
  if (issue.consumedAt !== undefined) return err(apiError('AUTH_CREDENTIAL_VERIFICATION_EXPIRED', 'The OTP was already used; request a new challenge'));
  if (instantToMs(issue.expiresAt) <= context.nowMs) return err(apiError('AUTH_CREDENTIAL_VERIFICATION_EXPIRED', 'The OTP has expired; request a new challenge'));
  const attempt = openOtpBundle(context.secretDigest, issue, encryptedOtpBundle);
  if (attempt.kind === 'malformed') return err(invalidInput([{ field: 'encryptedOtpBundle', message: attempt.reason }]));
  if (attempt.kind === 'undecryptable' || attempt.code !== SANDBOX_OTP_CODE) return err(invalidOtp());
  const publicKey = compressedKey(attempt.publicKey) ?? attempt.publicKey;
  const expMs = context.nowMs + 5 * 60_000;
  const token = signJwtEs256(enclaveSigningKey(context.secretDigest), {
    id: issue.issueId,
    verification_type: credential.type === 'EMAIL_OTP' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS',
    contact: credential.nickname,
    organization_id: `org_${sha256Hex(credential.accountId).slice(0, 24)}`,
    public_key: publicKey,
    exp: String(expMs),
  });
  const issued = issueSignedRequest({ kind: 'OTP_VERIFY', accountId: credential.accountId, targetId: credential.id, bodyHash: bodyHash(input.body), payloadToSign: token, boundPublicKey: publicKey }, context);
  const consumed: AuthOtpConsumed = { credentialId: credential.id, issueId: issue.issueId };
  return ok({ kind: 'challenge', events: [{ type: AUTH_EVENTS.otpConsumed, data: consumed }, ...issued.events], body: challengeBody(issued.request, credential.type) });
}

// ---------------------------------------------------------------- revoke

/**
 * `DELETE /auth/credentials/{id}`: 202 then, signed by a session of another credential of the same
 * wallet, 204. The last credential cannot be revoked (400).
 */
export function decideRevokeCredential(state: DomainState, id: string, input: SignedInput, context: AuthContext): Result<SignedOutcome<object>, ApiError> {
  const credential = state.auth.credentials.get(id);
  if (credential === undefined) return err(credentialNotFound(id));
  if (credentialsOf(state, credential.accountId).length <= 1) return err(invalidInput([{ field: 'id', message: 'The internal account must keep at least one authentication credential' }], 'The last credential cannot be revoked'));
  if (isFirstLeg(input)) {
    const issued = issueSignedRequest(
      { kind: 'REVOKE_CREDENTIAL', accountId: credential.accountId, targetId: credential.id, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(credential.accountId, 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', { authenticatorIds: [credential.id] }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request, credential.type) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'REVOKE_CREDENTIAL', targetId: credential.id, signer: { kind: 'session', excludeCredentialId: credential.id } }, context.nowMs);
  if (!retry.ok) return retry;
  const data: AuthCredentialRevoked = { credentialId: credential.id };
  return ok({ kind: 'done', events: [retry.value.consume, { type: AUTH_EVENTS.credentialRevoked, data }] });
}
