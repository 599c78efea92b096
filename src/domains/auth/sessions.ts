/**
 * Sessions of embedded wallets: revoke (`DELETE /auth/sessions/{id}`, signed by any active session
 * of the wallet, itself included) and refresh (`POST /auth/sessions/{id}/refresh`, signed by the
 * session being refreshed, binding the new `clientPublicKey`). An expired or revoked session is
 * 404 SESSION_NOT_FOUND. Pure deciders.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import { type AuthContext, type SignedOutcome, type VerifiedSession, newSession } from './credentials.js';
import { parsePublicKey } from './crypto.js';
import { AUTH_EVENTS, type AuthSessionRevoked } from './events.js';
import { type SignedInput, activityPayload, bodyHash, challengeBody, isFirstLeg, issueSignedRequest, verifySignedRetry } from './signed.js';
import type { AuthSession } from './types.js';
import type { DomainState } from '../state.js';

/** The session `id` when it is active at `nowMs`. */
export function activeSession(state: DomainState, id: string, nowMs: number): AuthSession | undefined {
  const session = state.auth.sessions.get(id);
  return session !== undefined && session.revokedAt === undefined && instantToMs(session.expiresAt) > nowMs ? session : undefined;
}

/** 404 SESSION_NOT_FOUND. */
export function sessionNotFound(id: string): ApiError {
  return apiError('SESSION_NOT_FOUND', `Session ${id.slice(0, 100)} is not an active session`);
}

/** `DELETE /auth/sessions/{id}`: 202 challenge, then 204 once signed by an active session. */
export function decideRevokeSession(state: DomainState, id: string, input: SignedInput, context: AuthContext): Result<SignedOutcome<object>, ApiError> {
  const session = activeSession(state, id, context.nowMs);
  if (session === undefined) return err(sessionNotFound(id));
  if (isFirstLeg(input)) {
    const issued = issueSignedRequest(
      { kind: 'REVOKE_SESSION', accountId: session.accountId, targetId: session.id, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(session.accountId, 'ACTIVITY_TYPE_DELETE_API_KEYS', { apiKeyIds: [session.id] }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request, session.type) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'REVOKE_SESSION', targetId: session.id, signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  const data: AuthSessionRevoked = { sessionId: session.id };
  return ok({ kind: 'done', events: [retry.value.consume, { type: AUTH_EVENTS.sessionRevoked, data }] });
}

/** `POST /auth/sessions/{id}/refresh`: 202, then a new session (201) signed by the current one. */
export function decideRefreshSession(state: DomainState, id: string, clientPublicKey: string, input: SignedInput, context: AuthContext): Result<SignedOutcome<VerifiedSession>, ApiError> {
  const session = activeSession(state, id, context.nowMs);
  if (session === undefined) return err(apiError('UNAUTHORIZED', 'The session is no longer active and cannot be refreshed; reauthenticate the credential'));
  if (parsePublicKey(clientPublicKey) === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey must be a valid P-256 public key (hex)' }]));
  const credential = state.auth.credentials.get(session.credentialId);
  if (credential === undefined) return err(apiError('UNAUTHORIZED', 'The credential of this session was revoked'));
  if (isFirstLeg(input)) {
    const issued = issueSignedRequest(
      { kind: 'REFRESH_SESSION', accountId: session.accountId, targetId: session.id, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(session.accountId, 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', { targetPublicKey: clientPublicKey.toLowerCase() }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'REFRESH_SESSION', targetId: session.id, signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  if (retry.value.session !== undefined && retry.value.session.id !== session.id) return err(apiError('WALLET_SIGNATURE_INVALID', 'A refresh must be signed by the session being refreshed'));
  const made = newSession(credential, clientPublicKey, context);
  return ok({ kind: 'done', events: [retry.value.consume, ...made.events], ...made.result });
}
