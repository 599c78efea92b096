/**
 * Embedded-wallet auth routes (docs/wallets-and-sca.md): `/auth/credentials` (create, list,
 * delete, verify, challenge) and `/auth/sessions` (list, delete, refresh). Signed flows answer 202
 * with `payloadToSign` first and complete on the retry carrying `Svc-Wallet-Signature` and
 * `Request-Id` (src/domains/auth/signed.ts).
 */
import { z } from 'zod';
import { type ApiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import {
  type AuthContext,
  type CreateCredentialRequest,
  type SignedOutcome,
  type VerifyCredentialRequest,
  credentialsOf,
  decideChallengeCredential,
  decideCreateCredential,
  decideRevokeCredential,
  decideVerifyCredential,
} from '../../domains/auth/credentials.js';
import { decideCreateDelegatedKey, decideRevokeDelegatedKey, delegatedKeyNotFound } from '../../domains/auth/delegated-keys.js';
import { decideRefreshSession, decideRevokeSession } from '../../domains/auth/sessions.js';
import { activeSessions } from '../../domains/auth/signed.js';
import { credentialResponseView, credentialView, delegatedKeyView, sessionView } from '../../domains/auth/view.js';
import type { DomainState } from '../../domains/state.js';
import type { HttpResponse } from '../http.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { validate } from '../validation.js';

const ID_MAX = 200;
const TOKEN_MAX = 8192;
const KEY_PATTERN = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;
const clientPublicKey = z.string().regex(KEY_PATTERN, { error: 'clientPublicKey must be a P-256 public key: 02/03 + 64 hex or 04 + 128 hex' });
const b64 = z.string().min(1).max(TOKEN_MAX);

/** `POST /auth/credentials` body (reference AuthCredentialCreateRequestOneOf). */
export const createCredentialSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('EMAIL_OTP'), accountId: z.string().min(1).max(ID_MAX) }),
  z.strictObject({ type: z.literal('SMS_OTP'), accountId: z.string().min(1).max(ID_MAX) }),
  z.strictObject({ type: z.literal('OAUTH'), accountId: z.string().min(1).max(ID_MAX), oidcToken: z.string().min(1).max(TOKEN_MAX) }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    accountId: z.string().min(1).max(ID_MAX),
    nickname: z.string().min(1).max(256),
    challenge: z.string().min(1).max(1024),
    attestation: z.strictObject({ credentialId: b64, clientDataJson: b64, attestationObject: b64, transports: z.array(z.enum(['usb', 'nfc', 'ble', 'internal', 'hybrid'])).max(5).optional() }),
  }),
]);

/** `POST /auth/credentials/{id}/verify` body (reference AuthCredentialVerifyRequestOneOf). */
export const verifyCredentialSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: z.string().min(1).max(TOKEN_MAX) }),
  z.strictObject({ type: z.literal('SMS_OTP'), encryptedOtpBundle: z.string().min(1).max(TOKEN_MAX) }),
  z.strictObject({ type: z.literal('OAUTH'), oidcToken: z.string().min(1).max(TOKEN_MAX), clientPublicKey }),
  z.strictObject({ type: z.literal('PASSKEY'), assertion: z.strictObject({ credentialId: b64, clientDataJson: b64, authenticatorData: b64, signature: b64, userHandle: z.string().max(1024).optional() }) }),
]);

/** `POST /auth/credentials/{id}/challenge` body (reference AuthCredentialChallengeRequest). */
export const challengeCredentialSchema = z.strictObject({ clientPublicKey: clientPublicKey.optional() });
/** `POST /auth/sessions/{id}/refresh` body (reference AuthSessionRefreshRequest). */
export const refreshSessionSchema = z.strictObject({ clientPublicKey });
/** `POST /auth/delegated-keys` body (reference DelegatedKeyCreateRequest). */
export const createDelegatedKeySchema = z.strictObject({ cardId: z.string().min(1).max(ID_MAX), internalAccountId: z.string().min(1).max(ID_MAX), nickname: z.string().min(1).max(256) });
/** `GET /auth/delegated-keys` query: at least one of the two. */
export const delegatedKeyQuerySchema = z.strictObject({ accountId: z.string().min(1).max(ID_MAX).optional(), fundingSourceId: z.string().min(1).max(ID_MAX).optional() });
/** `GET /auth/credentials` and `GET /auth/sessions` query. */
export const accountQuerySchema = z.strictObject({ accountId: z.string().regex(/^InternalAccount:[0-9a-f-]{36}$/i, { error: 'accountId must be an InternalAccount:<uuid> id' }) });

function contextOf(route: RouteContext<DomainState>): AuthContext {
  return { at: route.at, nowMs: route.nowMs, newId: route.newId, secretDigest: route.secretDigest };
}

function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Turns a signed outcome into the 202 challenge or the completed answer. */
export function signedAnswer<T>(outcome: Result<SignedOutcome<T>, ApiError>, done: (value: T & { kind: 'done' }, after: DomainState) => HttpResponse): Result<Accepted<DomainState>, ApiError> {
  if (!outcome.ok) return outcome;
  const value = outcome.value;
  if (value.kind === 'challenge') return ok({ events: value.events, respond: () => ({ status: 202, body: value.body }) });
  return ok({ events: value.events, respond: (after) => done(value as T & { kind: 'done' }, after) });
}

function readAccountQuery(route: RouteContext<DomainState>): Result<string, ApiError> {
  const query = validate(accountQuerySchema, Object.fromEntries(route.request.query));
  return query.ok ? ok(query.value.accountId) : query;
}

/** Every auth route. */
export const authRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/auth/credentials',
    auth: 'platform',
    schema: createCredentialSchema,
    handle: (route) => {
      const body = validate(createCredentialSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const request = json(body.value) as CreateCredentialRequest;
      return signedAnswer(decideCreateCredential(route.state, request, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (done, after) => ({
        status: 201,
        body: credentialResponseView(after.auth.credentials.get(done.credentialId)!),
      }));
    },
  },
  {
    method: 'GET',
    path: '/auth/credentials',
    auth: 'platform',
    querySchema: accountQuerySchema,
    handle: (route) => {
      const accountId = readAccountQuery(route);
      if (!accountId.ok) return accountId;
      return ok(answer(200, { data: credentialsOf(route.state, accountId.value).map(credentialView) }));
    },
  },
  {
    method: 'DELETE',
    path: '/auth/credentials/{id}',
    auth: 'platform',
    handle: (route) =>
      signedAnswer(decideRevokeCredential(route.state, route.params.id ?? '', { headers: route.request.headers, body: route.request.body }, contextOf(route)), () => ({ status: 204, body: null })),
  },
  {
    method: 'POST',
    path: '/auth/credentials/{id}/verify',
    auth: 'platform',
    schema: verifyCredentialSchema,
    handle: (route) => {
      const body = validate(verifyCredentialSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const request = json(body.value) as VerifyCredentialRequest;
      return signedAnswer(decideVerifyCredential(route.state, route.params.id ?? '', request, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (done, after) => ({
        status: 200,
        body: sessionView(after.auth.sessions.get(done.sessionId)!, done.encryptedSessionSigningKey),
      }));
    },
  },
  {
    method: 'POST',
    path: '/auth/credentials/{id}/challenge',
    auth: 'platform',
    schema: challengeCredentialSchema,
    handle: (route) => {
      const body = validate(challengeCredentialSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const id = route.params.id ?? '';
      const decided = decideChallengeCredential(route.state, id, body.value.clientPublicKey, contextOf(route));
      if (!decided.ok) return decided;
      const passkey = decided.value.passkey;
      return ok({
        events: decided.value.events,
        respond: (after) => {
          const credential = after.auth.credentials.get(id)!;
          return { status: 200, body: passkey === undefined ? credentialResponseView(credential) : { ...credentialView(credential), ...passkey } };
        },
      });
    },
  },
  {
    method: 'GET',
    path: '/auth/sessions',
    auth: 'platform',
    querySchema: accountQuerySchema,
    handle: (route) => {
      const accountId = readAccountQuery(route);
      if (!accountId.ok) return accountId;
      return ok(answer(200, { data: activeSessions(route.state, accountId.value, route.nowMs).map((s) => sessionView(s)) }));
    },
  },
  {
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    auth: 'platform',
    handle: (route) =>
      signedAnswer(decideRevokeSession(route.state, route.params.id ?? '', { headers: route.request.headers, body: route.request.body }, contextOf(route)), () => ({ status: 204, body: null })),
  },
  {
    method: 'POST',
    path: '/auth/sessions/{id}/refresh',
    auth: 'platform',
    schema: refreshSessionSchema,
    handle: (route) => {
      const body = validate(refreshSessionSchema, route.request.body ?? {});
      if (!body.ok) return body;
      return signedAnswer(decideRefreshSession(route.state, route.params.id ?? '', body.value.clientPublicKey, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (done, after) => ({
        status: 201,
        body: sessionView(after.auth.sessions.get(done.sessionId)!, done.encryptedSessionSigningKey),
      }));
    },
  },
  {
    method: 'POST',
    path: '/auth/delegated-keys',
    auth: 'platform',
    schema: createDelegatedKeySchema,
    handle: (route) => {
      const body = validate(createDelegatedKeySchema, route.request.body ?? {});
      if (!body.ok) return body;
      return signedAnswer(decideCreateDelegatedKey(route.state, body.value, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (done, after) => ({
        status: 201,
        body: delegatedKeyView(after.auth.delegatedKeys.get(done.keyId)!),
      }));
    },
  },
  {
    method: 'GET',
    path: '/auth/delegated-keys',
    auth: 'platform',
    querySchema: delegatedKeyQuerySchema,
    handle: (route) => {
      const query = validate(delegatedKeyQuerySchema, Object.fromEntries(route.request.query));
      if (!query.ok) return query;
      const { accountId, fundingSourceId } = query.value;
      if (accountId === undefined && fundingSourceId === undefined) return err(invalidInput([{ field: 'accountId', message: 'At least one of accountId or fundingSourceId is required' }]));
      const keys = [...route.state.auth.delegatedKeys.values()].filter((k) => (accountId === undefined || k.accountId === accountId) && (fundingSourceId === undefined || k.fundingSourceId === fundingSourceId));
      return ok(answer(200, { data: keys.map(delegatedKeyView) }));
    },
  },
  {
    method: 'GET',
    path: '/auth/delegated-keys/{id}',
    auth: 'platform',
    handle: (route) => {
      const key = route.state.auth.delegatedKeys.get(route.params.id ?? '');
      return key === undefined ? err(delegatedKeyNotFound(route.params.id ?? '')) : ok(answer(200, delegatedKeyView(key)));
    },
  },
  {
    method: 'DELETE',
    path: '/auth/delegated-keys/{id}',
    auth: 'platform',
    handle: (route) => {
      const events = decideRevokeDelegatedKey(route.state, route.params.id ?? '', contextOf(route));
      return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
    },
  },
];

