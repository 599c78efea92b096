/**
 * The signed-retry flow shared by every embedded-wallet action (spec: Authentication rule 2).
 * First call, no `Svc-Wallet-Signature` and no `Request-Id`: a 202 challenge with `payloadToSign`.
 * Signed retry: the stamp must verify over the exact pending `payloadToSign`, by the public key of
 * an active session of that wallet (or the key the challenge bound), for the same body. Each
 * failure is its own 401: WALLET_SIGNATURE_MISSING, REQUEST_ID_MISSING, WALLET_SIGNATURE_MALFORMED,
 * WALLET_SIGNATURE_BODY_MISMATCH, WALLET_SIGNATURE_INVALID. Pure.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { canonicalJson } from '../../core/canonical-json.js';
import { parseStamp, sha256Hex, stampVerifies } from './crypto.js';
import { AUTH_EVENTS, type SignedRequestConsumed, type SignedRequestIssued } from './events.js';
import type { AuthSession, PendingSignedRequest, SignedRequestKind } from './types.js';

/** The header carrying the API-key stamp (the reference's Grid-Wallet-Signature, spelled svc). */
export const WALLET_SIGNATURE_HEADER = 'svc-wallet-signature';
/** The header echoing a 202's `requestId`. */
export const REQUEST_ID_HEADER = 'request-id';
/** The legacy header value the sandbox still accepts in place of a stamp (spec). */
export const LEGACY_WALLET_SIGNATURE = 'sandbox-valid-signature';
/** How long a challenge stays open (the reference's examples: five minutes). */
export const SIGNED_REQUEST_TTL_MS = 5 * 60_000;

/** What a route passes in: the headers and the body as received. */
export type SignedInput = { readonly headers: ReadonlyMap<string, string>; readonly body: unknown };

/** SHA-256 hex of the canonical JSON of a body: what a challenge binds. */
export function bodyHash(body: unknown): string {
  return sha256Hex(canonicalJson(body ?? {}));
}

/** True when the request carries neither header: the first leg. */
export function isFirstLeg(input: SignedInput): boolean {
  return !input.headers.has(WALLET_SIGNATURE_HEADER) && !input.headers.has(REQUEST_ID_HEADER);
}

/** The sessions of `accountId` that are active at `nowMs`. */
export function activeSessions(state: DomainState, accountId: string, nowMs: number): AuthSession[] {
  return [...state.auth.sessions.values()].filter((s) => s.accountId === accountId && s.revokedAt === undefined && instantToMs(s.expiresAt) > nowMs);
}

/**
 * A Turnkey-shaped activity body as the exact string to sign: keys sorted, the organization is
 * the wallet's (derived from its account id), `timestampMs` the request's instant.
 */
export function activityPayload(accountId: string, type: string, parameters: Readonly<Record<string, unknown>>, nowMs: number): string {
  return canonicalJson({ organizationId: `org_${sha256Hex(accountId).slice(0, 24)}`, parameters, timestampMs: String(nowMs), type });
}

/** What issuing a challenge needs. */
export type IssueContext = { readonly at: string; readonly nowMs: number; readonly newId: (type: string) => string };

/** The event that opens a challenge, and the pending request it records. */
export function issueSignedRequest(
  fields: Omit<PendingSignedRequest, 'requestId' | 'expiresAt' | 'consumedAt'>,
  context: IssueContext,
): { events: EventDraft[]; request: PendingSignedRequest } {
  const request: PendingSignedRequest = {
    ...fields,
    requestId: context.newId('Request'),
    expiresAt: new Date(context.nowMs + SIGNED_REQUEST_TTL_MS).toISOString(),
  };
  const data: SignedRequestIssued = { request };
  return { events: [{ type: AUTH_EVENTS.requestIssued, data }], request };
}

/** The 202 body of a challenge. */
export function challengeBody(request: PendingSignedRequest, type?: string): Record<string, string> {
  return { ...(type === undefined ? {} : { type }), payloadToSign: request.payloadToSign, requestId: request.requestId, expiresAt: request.expiresAt };
}

/** What a retry must match. */
export type RetryExpectation = {
  readonly kind: SignedRequestKind;
  readonly accountId?: string;
  readonly targetId: string;
  /**
   * Which public keys may sign: the bound key of the challenge, active sessions of the challenge's
   * wallet (optionally but one credential's), or active sessions of any of several wallets (a
   * customer's tied wallets, for a contact update).
   */
  readonly signer:
    | { readonly kind: 'bound' }
    | { readonly kind: 'session'; readonly excludeCredentialId?: string }
    | { readonly kind: 'anyWallet'; readonly accountIds: readonly string[] };
};

/** A verified retry: the pending request, the signing session (absent for bound keys and legacy). */
export type VerifiedRetry = { readonly request: PendingSignedRequest; readonly session?: AuthSession; readonly consume: EventDraft };

function unauthorized(code: 'WALLET_SIGNATURE_MISSING' | 'REQUEST_ID_MISSING' | 'WALLET_SIGNATURE_MALFORMED' | 'WALLET_SIGNATURE_BODY_MISMATCH' | 'WALLET_SIGNATURE_INVALID' | 'UNAUTHORIZED', reason: string): ApiError {
  return apiError(code, reason);
}

/**
 * Checks a signed retry against its pending challenge. Order: signature header present, Request-Id
 * present, stamp well-formed, Request-Id names an unexpired, unconsumed challenge of this kind and
 * target (401 UNAUTHORIZED), same body (BODY_MISMATCH), signature over the exact payload by an
 * allowed key (INVALID).
 */
export function verifySignedRetry(state: DomainState, input: SignedInput, expected: RetryExpectation, nowMs: number): Result<VerifiedRetry, ApiError> {
  const header = input.headers.get(WALLET_SIGNATURE_HEADER);
  const requestId = input.headers.get(REQUEST_ID_HEADER);
  if (header === undefined || header.trim() === '') return err(unauthorized('WALLET_SIGNATURE_MISSING', 'The signed retry needs the Svc-Wallet-Signature header'));
  if (requestId === undefined || requestId.trim() === '') return err(unauthorized('REQUEST_ID_MISSING', 'The signed retry needs the Request-Id header from the 202 response'));
  const legacy = header.trim() === LEGACY_WALLET_SIGNATURE;
  const stamp = legacy ? undefined : parseStamp(header);
  if (!legacy && stamp === undefined) return err(unauthorized('WALLET_SIGNATURE_MALFORMED', 'Svc-Wallet-Signature is not a base64url API-key stamp {publicKey, scheme, signature} with a P-256 key and a DER signature'));
  const request = state.auth.pending.get(requestId.trim());
  if (
    request === undefined ||
    request.kind !== expected.kind ||
    request.targetId !== expected.targetId ||
    (expected.accountId !== undefined && request.accountId !== expected.accountId) ||
    request.consumedAt !== undefined ||
    instantToMs(request.expiresAt) <= nowMs
  ) {
    return err(unauthorized('UNAUTHORIZED', 'Request-Id does not match an unexpired pending challenge for this request'));
  }
  if (bodyHash(input.body) !== request.bodyHash) {
    return err(unauthorized('WALLET_SIGNATURE_BODY_MISMATCH', 'The retry body differs from the body the challenge was issued for'));
  }
  const consumedData: SignedRequestConsumed = { requestId: request.requestId };
  const consume: EventDraft = { type: AUTH_EVENTS.requestConsumed, data: consumedData };
  const signerAccounts = expected.signer.kind === 'anyWallet' ? expected.signer.accountIds : [request.accountId];
  const candidates = expected.signer.kind === 'bound' ? [] : signerAccounts.flatMap((accountId) => activeSessions(state, accountId, nowMs));
  if (stamp === undefined) {
    // Legacy value: skips the cryptographic check; a session of the wallet still signs if one is active.
    const session = candidates[0];
    return ok(session === undefined ? { request, consume } : { request, session, consume });
  }
  if (!stampVerifies(stamp, request.payloadToSign)) {
    return err(unauthorized('WALLET_SIGNATURE_INVALID', 'The signature does not verify over the pending payloadToSign'));
  }
  if (expected.signer.kind === 'bound') {
    if (stamp.publicKey !== request.boundPublicKey) return err(unauthorized('WALLET_SIGNATURE_INVALID', 'The signing key is not the key bound into the challenge'));
    return ok({ request, consume });
  }
  const excluded = expected.signer.kind === 'session' ? expected.signer.excludeCredentialId : undefined;
  const session = candidates.find((s) => s.publicKey === stamp.publicKey && s.credentialId !== excluded);
  if (session === undefined) return err(unauthorized('WALLET_SIGNATURE_INVALID', 'The signing key is not the key of an active session of this wallet'));
  return ok({ request, session, consume });
}

/**
 * Checks a one-shot signature (quote execute: no challenge, no Request-Id) over `payload` by an
 * active session of `accountId`. Legacy value accepted.
 */
export function verifyDirectSignature(state: DomainState, headers: ReadonlyMap<string, string>, accountId: string, payload: string, nowMs: number): Result<true, ApiError> {
  const header = headers.get(WALLET_SIGNATURE_HEADER);
  if (header === undefined || header.trim() === '') return err(unauthorized('WALLET_SIGNATURE_MISSING', 'An embedded-wallet source needs the Svc-Wallet-Signature header'));
  if (header.trim() === LEGACY_WALLET_SIGNATURE) return ok(true);
  const stamp = parseStamp(header);
  if (stamp === undefined) return err(unauthorized('WALLET_SIGNATURE_MALFORMED', 'Svc-Wallet-Signature is not a base64url API-key stamp {publicKey, scheme, signature} with a P-256 key and a DER signature'));
  if (!stampVerifies(stamp, payload)) return err(unauthorized('WALLET_SIGNATURE_INVALID', "The signature does not verify over the quote's payloadToSign"));
  if (!activeSessions(state, accountId, nowMs).some((s) => s.publicKey === stamp.publicKey)) {
    return err(unauthorized('WALLET_SIGNATURE_INVALID', 'The signing key is not the key of an active session of the source wallet'));
  }
  return ok(true);
}
