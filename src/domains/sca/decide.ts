/**
 * Strong customer authentication of customers in SCA regions (EEA and GB, `needsSca`):
 * factors (SMS_OTP implicit; TOTP and one PASSKEY enrolled), login (the 180-day end-user session),
 * security events (five failed logins lock the login for 30 minutes: 423 ACCOUNT_LOCKED), and the
 * liveness-gated factor reset. A customer outside SCA regions gets 409 CONFLICT. Sandbox codes:
 * `123456` (the reference's) or, for TOTP, the real RFC 6238 code of the enrolled secret. Pure.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base32nopad } from '@scure/base';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import { toBase64url } from '../auth/crypto.js';
import { type AssertionInput, type PasskeyRegistration, parseRegistration, verifyAssertionOver } from '../auth/webauthn.js';
import type { EventDraft } from '../evolver.js';
import { needsSca } from '../quotes/sca.js';
import type { DomainState } from '../state.js';
import { SCA_EVENTS, type ScaRecordChanged } from './events.js';
import type { ScaFactor, ScaRecord, ScaReset } from './types.js';

/** The sandbox's SMS and TOTP code for `/sca` (the reference: "always 123456"). */
export const SANDBOX_SCA_LOGIN_CODE = '123456';
/** The end-user SCA session (spec: 180 days). */
export const SCA_SESSION_MS = 180 * 24 * 3_600_000;
/** How long a login challenge stays open. */
export const SCA_LOGIN_TTL_MS = 5 * 60_000;
/** Failed attempts that lock the login, and for how long. */
export const SCA_FAILED_ATTEMPTS_MAX = 5;
export const SCA_LOCK_MS = 30 * 60_000;
/** When a reset's liveness check passes in the sandbox, and how long a reset stays open. */
export const SCA_LIVENESS_DELAY_MS = 10_000;
export const SCA_RESET_TTL_MS = 24 * 3_600_000;
/** The sandbox relying party of SCA passkeys. */
export const SCA_RP_ID = 'sandbox.svc.example'; // the same as quotes' SANDBOX_PASSKEY_RP_ID
export const SCA_ALLOWED_ORIGINS: readonly string[] = [`https://${SCA_RP_ID}`];

/** What deciders need besides state and request. */
export type ScaContext = { readonly at: string; readonly nowMs: number; readonly newId: (type: string) => string; readonly secretDigest: (message: string) => string };

/** The record of a customer (an empty one if none yet). */
export function scaRecordOf(state: DomainState, customerId: string, at: string): ScaRecord {
  return state.sca.byCustomer.get(customerId) ?? { customerId, failedAttempts: 0, resets: [], updatedAt: at };
}

/** 404 for an unknown customer, 409 CONFLICT outside SCA regions; else the record. */
export function scaCustomer(state: DomainState, customerId: string, at: string): Result<ScaRecord, ApiError> {
  const customer = state.customers.byId.get(customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId.slice(0, 100)} not found`));
  if (!needsSca(customer)) return err(apiError('CONFLICT', 'SCA is not required for this customer'));
  return ok(scaRecordOf(state, customerId, at));
}

/** 409 SCA_SESSION_REQUIRED when an SCA customer has no unexpired login session; ok otherwise (and for customers outside SCA). */
export function requireScaSession(state: DomainState, customerId: string, nowMs: number): Result<true, ApiError> {
  const customer = state.customers.byId.get(customerId);
  if (customer === undefined || !needsSca(customer)) return ok(true);
  const expiresAt = state.sca.byCustomer.get(customerId)?.sessionExpiresAt;
  if (expiresAt === undefined || instantToMs(expiresAt) <= nowMs) return err(apiError('SCA_SESSION_REQUIRED', 'The customer must complete an SCA login (POST /sca/login/start and /complete), then retry'));
  return ok(true);
}

function change(type: string, record: ScaRecord, at: string): EventDraft {
  const data: ScaRecordChanged = { record: { ...record, updatedAt: at } };
  return { type, data };
}

/** The factors a customer can use: SMS always, TOTP and PASSKEY once enrolled (reference ScaFactorView). */
export function factorViews(record: ScaRecord): Record<string, unknown>[] {
  return [
    { factor: 'SMS_OTP', name: record.mobile ?? 'Phone on file' },
    ...(record.totp === undefined ? [] : [{ factor: 'TOTP', name: 'Authenticator app' }]),
    ...(record.passkey === undefined ? [] : [{ factor: 'PASSKEY', credentialId: record.passkey.credentialId, name: 'Passkey' }]),
  ];
}

function totpSecret(context: Pick<ScaContext, 'secretDigest'>, secretId: string): Uint8Array {
  return hexToBytes(context.secretDigest(`sca-totp|${secretId}`).slice(0, 40));
}

/** The RFC 6238 code (SHA-1, 30 s, 6 digits) of `secret` at `nowMs` shifted by `steps`. */
export function totpCode(secret: Uint8Array, nowMs: number, steps = 0): string {
  const counter = BigInt(Math.floor(nowMs / 30_000) + steps);
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, counter);
  const mac = hmac(sha1, secret, message);
  const offset = (mac[19] ?? 0) & 0x0f;
  const value = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(value % 1_000_000).padStart(6, '0');
}

function totpMatches(secret: Uint8Array, code: string, nowMs: number): boolean {
  return code === SANDBOX_SCA_LOGIN_CODE || [-1, 0, 1].some((steps) => totpCode(secret, nowMs, steps) === code);
}

/** The base32 secret of a pending or enrolled TOTP (what the start call shows). */
export function totpSecretText(context: Pick<ScaContext, 'secretDigest'>, secretId: string): string {
  return base32nopad.encode(totpSecret(context, secretId));
}

// ---------------------------------------------------------------- factors

/** `POST /sca/factors`: starts a TOTP or PASSKEY enrollment (needs an SCA session). */
export function decideEnrollStart(state: DomainState, customerId: string, type: 'TOTP' | 'PASSKEY', context: ScaContext): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const record = scaCustomer(state, customerId, context.at);
  if (!record.ok) return record;
  const session = requireScaSession(state, customerId, context.nowMs);
  if (!session.ok) return session;
  if (type === 'PASSKEY') {
    if (record.value.passkey !== undefined) return err(apiError('PASSKEY_ALREADY_ENROLLED', 'The customer already has a passkey; delete it first'));
    const challenge = toBase64url(hexToBytes(context.secretDigest(`sca-passkey-enroll|${context.newId('ScaChallenge')}`)));
    const options = { challenge, rp: { id: SCA_RP_ID, name: 'Sandbox' }, user: { id: toBase64url(hexToBytes(context.secretDigest(`sca-user|${customerId}`).slice(0, 32))), name: customerId, displayName: customerId }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }], timeout: 300_000, attestation: 'none' };
    return ok({ events: [change(SCA_EVENTS.enrollmentStarted, { ...record.value, pendingPasskeyChallenge: challenge }, context.at)], body: { type: 'PASSKEY', options, allowedOrigins: SCA_ALLOWED_ORIGINS, relyingPartyId: SCA_RP_ID } });
  }
  const secretId = context.newId('TotpSecret');
  const secret = totpSecretText(context, secretId);
  return ok({
    events: [change(SCA_EVENTS.enrollmentStarted, { ...record.value, pendingTotpSecretId: secretId }, context.at)],
    body: { type: 'TOTP', secret, secretBase32Encoded: secret, totpUri: `otpauth://totp/Sandbox:${encodeURIComponent(customerId)}?secret=${secret}&issuer=Sandbox&algorithm=SHA1&digits=6&period=30` },
  });
}

/** A WebAuthn registration as a browser's JSON gives it (`credential` of the confirm body). */
export type RegistrationJson = { readonly id: string; readonly response: { readonly clientDataJSON: string; readonly attestationObject: string } };

/** `POST /sca/factors/confirm`: TOTP with its secret and a code (recovery codes once); PASSKEY with the registration. */
export function decideEnrollConfirm(
  state: DomainState,
  customerId: string,
  request: { type: 'TOTP'; secret: string; code: string } | { type: 'PASSKEY'; origin: string; credential: RegistrationJson },
  context: ScaContext,
): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  if (request.type === 'TOTP') {
    const secretId = record.pendingTotpSecretId;
    if (secretId === undefined || totpSecretText(context, secretId) !== request.secret) return err(invalidInput([{ field: 'secret', message: 'secret does not match a started TOTP enrollment' }]));
    if (!totpMatches(totpSecret(context, secretId), request.code, context.nowMs)) return err(invalidInput([{ field: 'code', message: 'Incorrect TOTP code' }]));
    const { pendingTotpSecretId: _, ...rest } = record;
    const recoveryCodes = Array.from({ length: 8 }, (_unused, i) => context.secretDigest(`sca-recovery|${secretId}|${i}`).slice(0, 10).toUpperCase());
    return ok({ events: [change(SCA_EVENTS.factorEnrolled, { ...rest, totp: { secretId, enrolledAt: context.at } }, context.at)], body: { type: 'TOTP', recoveryCodes } });
  }
  const challenge = record.pendingPasskeyChallenge;
  if (challenge === undefined) return err(invalidInput([{ field: 'credential', message: 'No passkey enrollment was started' }]));
  if (!SCA_ALLOWED_ORIGINS.includes(request.origin)) return err(invalidInput([{ field: 'origin', message: `origin must be one of ${SCA_ALLOWED_ORIGINS.join(', ')}` }]));
  const registration: PasskeyRegistration = { credentialId: request.credential.id, clientDataJson: request.credential.response.clientDataJSON, attestationObject: request.credential.response.attestationObject };
  const parsed = parseRegistration(registration, challenge);
  if (!parsed.ok) return parsed;
  if (parsed.value.origin !== request.origin || parsed.value.rpId !== SCA_RP_ID) return err(invalidInput([{ field: 'origin', message: 'The credential was made for another origin or relying party' }]));
  const { pendingPasskeyChallenge: _, ...rest } = record;
  const events = [change(SCA_EVENTS.factorEnrolled, { ...rest, passkey: { ...parsed.value, enrolledAt: context.at } }, context.at)];
  return ok({ events, body: { type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: parsed.value.credentialId, name: 'Passkey' } } });
}

/** `DELETE /sca/factors/{credentialId}`: only a passkey carries a credential id (needs an SCA session). */
export function decideDeleteFactor(state: DomainState, customerId: string, credentialId: string, context: ScaContext): Result<EventDraft[], ApiError> {
  const record = scaCustomer(state, customerId, context.at);
  if (!record.ok) return record;
  const session = requireScaSession(state, customerId, context.nowMs);
  if (!session.ok) return session;
  if (record.value.passkey?.credentialId !== credentialId) return err(apiError('NOT_FOUND', `No enrolled factor has credentialId ${credentialId.slice(0, 100)}`));
  const { passkey: _, ...rest } = record.value;
  return ok([change(SCA_EVENTS.factorDeleted, rest, context.at)]);
}

// ---------------------------------------------------------------- login

/**
 * The record as the lock rule sees it at `nowMs`: once a lock has expired, counting starts afresh
 * (failedAttempts 0, no lockedUntil), so the next wrong proof is attempt one of five, not a new
 * lock at once. Computed when deciding, so stored events keep their shape and old logs replay.
 */
export function afterExpiredLock(record: ScaRecord, nowMs: number): ScaRecord {
  if (record.lockedUntil === undefined || instantToMs(record.lockedUntil) > nowMs) return record;
  const { lockedUntil: _, ...rest } = record;
  return { ...rest, failedAttempts: 0 };
}

function lockedError(record: ScaRecord, nowMs: number): ApiError | undefined {
  return record.lockedUntil !== undefined && instantToMs(record.lockedUntil) > nowMs
    ? apiError('ACCOUNT_LOCKED', 'The customer login is locked after too many failed attempts', { lockedUntil: record.lockedUntil })
    : undefined;
}

/** `POST /sca/login/start`. */
export function decideLoginStart(state: DomainState, customerId: string, factor: ScaFactor, context: ScaContext): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  const locked = lockedError(record, context.nowMs);
  if (locked !== undefined) return err(locked);
  const expiresAt = new Date(context.nowMs + SCA_LOGIN_TTL_MS).toISOString();
  if (factor === 'TOTP') {
    if (record.totp === undefined) return err(invalidInput([{ field: 'factor', message: 'TOTP is not enrolled' }]));
    return ok({ events: [change(SCA_EVENTS.loginStarted, { ...record, login: { factor, expiresAt } }, context.at)], body: { factor, challengeId: null, expiresAt } });
  }
  if (factor === 'PASSKEY') {
    if (record.passkey === undefined) return err(invalidInput([{ field: 'factor', message: 'No passkey is enrolled' }]));
    const challenge = toBase64url(hexToBytes(context.secretDigest(`sca-login|${context.newId('ScaChallenge')}`)));
    const passkeyOptions = { challenge, rpId: SCA_RP_ID, allowCredentials: [{ type: 'public-key', id: record.passkey.credentialId }], userVerification: 'preferred', timeout: 300_000 };
    return ok({ events: [change(SCA_EVENTS.loginStarted, { ...record, login: { factor, passkeyChallenge: challenge, expiresAt } }, context.at)], body: { factor, challengeId: null, expiresAt, passkeyOptions, allowedOrigins: SCA_ALLOWED_ORIGINS, relyingPartyId: SCA_RP_ID } });
  }
  const challengeId = context.newId('ScaChallenge');
  return ok({ events: [change(SCA_EVENTS.loginStarted, { ...record, login: { factor, challengeId, expiresAt } }, context.at)], body: { factor, challengeId, expiresAt } });
}

/** A validated login-complete body. */
export type LoginCompleteRequest = { readonly factor: ScaFactor; readonly challengeId?: string | null; readonly code?: string | null; readonly passkeyAssertion?: AssertionJson | null; readonly origin?: string | null };
/** A WebAuthn assertion as a browser's JSON gives it. */
export type AssertionJson = { readonly id: string; readonly response: { readonly clientDataJSON: string; readonly authenticatorData: string; readonly signature: string; readonly userHandle?: string } };

/** The outcome of a completion: success, or a failed attempt recorded with its error. */
export type LoginOutcome = { readonly events: EventDraft[]; readonly error?: ApiError; readonly sessionExpiresAt?: string };

/** A wrong proof: one more failed attempt (counted afresh after an expired lock); the fifth locks the login. */
function recordFailedLogin(record: ScaRecord, failure: ApiError, context: ScaContext): LoginOutcome {
  const failedAttempts = record.failedAttempts + 1;
  const lockedUntil = failedAttempts >= SCA_FAILED_ATTEMPTS_MAX ? new Date(context.nowMs + SCA_LOCK_MS).toISOString() : undefined;
  const next: ScaRecord = { ...record, failedAttempts, ...(lockedUntil === undefined ? {} : { lockedUntil }) };
  const error = lockedUntil === undefined ? failure : apiError('ACCOUNT_LOCKED', 'The customer login is locked after too many failed attempts', { lockedUntil });
  return { events: [change(SCA_EVENTS.loginFailed, next, context.at)], error };
}

/**
 * `POST /sca/login/complete`: the proof for the started factor opens the 180-day session. A wrong
 * proof is recorded as a failed attempt (the fifth locks the login: 423 ACCOUNT_LOCKED).
 */
export function decideLoginComplete(state: DomainState, customerId: string, request: LoginCompleteRequest, context: ScaContext): Result<LoginOutcome, ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  const locked = lockedError(record, context.nowMs);
  if (locked !== undefined) return err(locked);
  const login = record.login;
  if (login === undefined || login.factor !== request.factor || instantToMs(login.expiresAt) <= context.nowMs) return err(invalidInput([{ field: 'factor', message: 'No unexpired login was started with this factor' }], 'Invalid or expired proof'));
  let failure: ApiError | undefined;
  let passkeyCount: number | undefined;
  if (login.factor === 'SMS_OTP') {
    if (request.challengeId !== login.challengeId) return err(invalidInput([{ field: 'challengeId', message: 'challengeId does not match the started login' }], 'Invalid or expired proof'));
    if (request.code !== SANDBOX_SCA_LOGIN_CODE) failure = invalidInput([{ field: 'code', message: 'Incorrect code' }], 'Invalid or expired proof');
  } else if (login.factor === 'TOTP') {
    if (record.totp === undefined || typeof request.code !== 'string' || !totpMatches(totpSecret(context, record.totp.secretId), request.code, context.nowMs)) failure = invalidInput([{ field: 'code', message: 'Incorrect code' }], 'Invalid or expired proof');
  } else {
    const assertion = request.passkeyAssertion;
    if (assertion === undefined || assertion === null || record.passkey === undefined || login.passkeyChallenge === undefined) return err(invalidInput([{ field: 'passkeyAssertion', message: 'passkeyAssertion and origin are required for PASSKEY' }]));
    if (request.origin !== record.passkey.origin) failure = invalidInput([{ field: 'origin', message: 'origin does not match the enrolled passkey' }], 'Invalid or expired proof');
    else {
      const input: AssertionInput = { credentialId: assertion.id, clientDataJson: assertion.response.clientDataJSON, authenticatorData: assertion.response.authenticatorData, signature: assertion.response.signature };
      const checked = verifyAssertionOver(record.passkey, input, login.passkeyChallenge);
      if (checked.ok) passkeyCount = checked.value.signCount;
      else failure = invalidInput([{ field: 'passkeyAssertion', message: checked.error.reason }], 'Invalid or expired proof');
    }
  }
  if (failure !== undefined) return ok(recordFailedLogin(afterExpiredLock(record, context.nowMs), failure, context));
  const sessionExpiresAt = new Date(context.nowMs + SCA_SESSION_MS).toISOString();
  const { login: _, lockedUntil: _lock, ...rest } = record;
  const passkey = record.passkey !== undefined && passkeyCount !== undefined ? { passkey: { ...record.passkey, signCount: passkeyCount } } : {};
  return ok({ events: [change(SCA_EVENTS.loginCompleted, { ...rest, ...passkey, failedAttempts: 0, sessionExpiresAt }, context.at)], sessionExpiresAt });
}

/** `POST /sca/record-event`: FAILED_LOGIN_ATTEMPT counts toward the lock (afresh after an expired one); RESET_PASSWORD_COMPLETED clears it. */
export function decideRecordEvent(state: DomainState, customerId: string, eventType: 'RESET_PASSWORD_COMPLETED' | 'FAILED_LOGIN_ATTEMPT', context: ScaContext): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  if (eventType === 'RESET_PASSWORD_COMPLETED') {
    const { lockedUntil: _, ...rest } = record;
    return ok({ events: [change(SCA_EVENTS.securityEventRecorded, { ...rest, failedAttempts: 0 }, context.at)], body: { eventType, suspended: false, lockedUntil: null, failedAttempts: 0 } });
  }
  const locked = lockedError(record, context.nowMs);
  if (locked !== undefined) return err(locked);
  const counted = afterExpiredLock(record, context.nowMs);
  const failedAttempts = counted.failedAttempts + 1;
  const lockedUntil = failedAttempts >= SCA_FAILED_ATTEMPTS_MAX ? new Date(context.nowMs + SCA_LOCK_MS).toISOString() : undefined;
  return ok({
    events: [change(SCA_EVENTS.securityEventRecorded, { ...counted, failedAttempts, ...(lockedUntil === undefined ? {} : { lockedUntil }) }, context.at)],
    body: { eventType, suspended: lockedUntil !== undefined, lockedUntil: lockedUntil ?? null, failedAttempts },
  });
}

// ---------------------------------------------------------------- reset

/** The status of a reset at `nowMs`: liveness passes in the sandbox ten seconds after the start. */
export function resetStatus(reset: ScaReset, nowMs: number): string {
  if (reset.completedAt !== undefined) return 'COMPLETED';
  if (instantToMs(reset.expiresAt) <= nowMs) return 'EXPIRED';
  return nowMs >= instantToMs(reset.createdAt) + SCA_LIVENESS_DELAY_MS ? 'LIVENESS_PASSED' : 'INITIATED';
}

/** Reference TwoFactorResetStatus. */
export function resetView(reset: ScaReset, nowMs: number): Record<string, unknown> {
  const status = resetStatus(reset, nowMs);
  return { status, factor: reset.factor, enrollmentStatus: status === 'COMPLETED' ? 'COMPLETED' : 'PENDING', expiresAt: reset.expiresAt, completedAt: reset.completedAt ?? null };
}

/** `POST /sca/factors/reset` (201). */
export function decideResetStart(state: DomainState, customerId: string, factor: ScaFactor, context: ScaContext): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  if (factor === 'TOTP' && record.totp === undefined) return err(invalidInput([{ field: 'factor', message: 'TOTP is not enrolled' }]));
  if (factor === 'PASSKEY' && record.passkey === undefined) return err(invalidInput([{ field: 'factor', message: 'No passkey is enrolled' }]));
  const resetId = context.newId('ScaReset');
  const expiresAt = new Date(context.nowMs + SCA_RESET_TTL_MS).toISOString();
  const reset: ScaReset = { resetId, factor, createdAt: context.at, expiresAt };
  const token = context.secretDigest(`sca-liveness|${resetId}`).slice(0, 32);
  return ok({
    events: [change(SCA_EVENTS.resetStarted, { ...record, resets: [...record.resets, reset] }, context.at)],
    body: { resetId, livenessAccessToken: token, verificationLink: `https://liveness.sandbox.example/verify/${token}`, expiresAt },
  });
}

/** The reset `resetId` of a customer. */
export function findReset(record: ScaRecord, resetId: string): ScaReset | undefined {
  return record.resets.find((r) => r.resetId === resetId);
}

/** `POST /sca/factors/reset/{resetId}/complete` (204): needs liveness passed; clears the factor (SMS: the new mobile). */
export function decideResetComplete(state: DomainState, customerId: string, resetId: string, mobile: { countryCode: string; number: string } | undefined, context: ScaContext): Result<EventDraft[], ApiError> {
  const found = scaCustomer(state, customerId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  const reset = findReset(record, resetId);
  if (reset === undefined) return err(apiError('NOT_FOUND', `Reset ${resetId.slice(0, 100)} not found`));
  const status = resetStatus(reset, context.nowMs);
  if (status !== 'LIVENESS_PASSED') return err(invalidInput([{ field: 'resetId', message: `The reset is ${status}; it can be completed once liveness has passed` }]));
  if (reset.factor === 'SMS_OTP' && mobile === undefined) return err(invalidInput([{ field: 'mobile', message: 'mobile is required to reset SMS_OTP' }]));
  const resets = record.resets.map((r) => (r.resetId === resetId ? { ...r, completedAt: context.at } : r));
  const { totp, passkey, ...rest } = record;
  const next: ScaRecord = {
    ...rest,
    ...(reset.factor === 'TOTP' || totp === undefined ? {} : { totp }),
    ...(reset.factor === 'PASSKEY' || passkey === undefined ? {} : { passkey }),
    ...(reset.factor === 'SMS_OTP' && mobile !== undefined ? { mobile: `${mobile.countryCode}${mobile.number}` } : {}),
    resets,
  };
  return ok([change(SCA_EVENTS.resetCompleted, next, context.at)]);
}
