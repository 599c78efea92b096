/**
 * Strong customer authentication routes (docs/wallets-and-sca.md): `/sca/factors` (list, enroll,
 * confirm, delete), `/sca/login/start` and `/complete` (the 180-day session), `/sca/record-event`,
 * the factor reset (start, status, complete), all naming the customer by `?customerId=`; and
 * trusting / untrusting a beneficiary (`/customers/external-accounts/{id}/trust|untrust[/confirm]`).
 */
import { z } from 'zod';
import { type ApiError, apiError, errorBody } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import {
  type LoginCompleteRequest,
  type RegistrationJson,
  type ScaContext,
  decideDeleteFactor,
  decideEnrollConfirm,
  decideEnrollStart,
  decideLoginComplete,
  decideLoginStart,
  decideRecordEvent,
  decideResetComplete,
  decideResetStart,
  factorViews,
  findReset,
  resetView,
  scaCustomer,
} from '../../domains/sca/decide.js';
import { type TrustProof, decideTrustConfirm, decideTrustStart, trustNeedsSca } from '../../domains/sca/trust.js';
import { SCA_FACTORS } from '../../domains/sca/types.js';
import type { DomainState } from '../../domains/state.js';
import type { EventDraft } from '../../domains/evolver.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { validate } from '../validation.js';

const factor = z.enum(SCA_FACTORS);
const text = z.string().min(1).max(4096);

/** `?customerId=` of every SCA route. */
export const scaQuerySchema = z.strictObject({ customerId: z.string().min(1).max(200) });
/** `POST /sca/factors` body (reference ScaFactorEnrollRequestOneOf). */
export const enrollSchema = z.strictObject({ type: z.enum(['TOTP', 'PASSKEY']) });
/** `POST /sca/factors/confirm` body (reference ScaFactorConfirmRequestOneOf). */
export const confirmSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TOTP'), secret: text, code: z.string().min(1).max(16) }),
  z.strictObject({ type: z.literal('PASSKEY'), origin: text, credential: z.looseObject({ id: text, response: z.looseObject({ clientDataJSON: text, attestationObject: text }) }) }),
]);
/** `POST /sca/login/start` body. */
export const loginStartSchema = z.strictObject({ factor });
/** `POST /sca/login/complete` body (reference ScaLoginCompleteRequest). */
export const loginCompleteSchema = z.strictObject({
  factor,
  endUserIpAddress: z.string().min(1).max(64),
  challengeId: z.string().max(200).nullable().optional(),
  code: z.string().max(16).nullable().optional(),
  passkeyAssertion: z.looseObject({ id: text, response: z.looseObject({ clientDataJSON: text, authenticatorData: text, signature: text }) }).nullable().optional(),
  origin: z.string().max(512).nullable().optional(),
});
/** `POST /sca/record-event` body. */
export const recordEventSchema = z.strictObject({ eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']) });
/** `POST /sca/factors/reset` body. */
export const resetStartSchema = z.strictObject({ factor });
/** `POST /sca/factors/reset/{resetId}/complete` body. */
export const resetCompleteSchema = z.strictObject({ mobile: z.strictObject({ countryCode: z.string().regex(/^\+?[0-9]{1,4}$/), number: z.string().regex(/^[0-9]{4,15}$/) }).optional() });

/** `POST .../trust/confirm` and `.../untrust/confirm` body (reference BeneficiaryTrustConfirmRequest). */
export const trustConfirmSchema = z.strictObject({
  challengeId: z.string().max(200).nullable().optional(),
  code: z.string().max(16).nullable().optional(),
  passkeyAssertion: z.looseObject({ id: text, response: z.looseObject({ clientDataJSON: text, authenticatorData: text, signature: text }) }).nullable().optional(),
  origin: z.string().max(512).nullable().optional(),
});

/**
 * `POST /customers/external-accounts/{id}/untrust` for a customer in an SCA region: the SCA
 * challenge (confirm with `.../untrust/confirm`). Undefined for other owners, whose untrust stays
 * immediate (src/api/routes/external-accounts.ts). With `TRUST`: the same for the older
 * `POST .../confirm`, so an SCA customer cannot trust a beneficiary without SCA.
 */
export function untrustWithSca(route: RouteContext<DomainState>, externalAccountId: string, action: 'TRUST' | 'UNTRUST' = 'UNTRUST'): Result<Accepted<DomainState>, ApiError> | undefined {
  if (!trustNeedsSca(route.state, externalAccountId, route.at)) return undefined;
  const decided = decideTrustStart(route.state, externalAccountId, action, contextOf(route));
  return answered(decided, 200);
}

function trustRoutes(action: 'TRUST' | 'UNTRUST'): Route<DomainState>[] {
  const base = `/customers/external-accounts/{externalAccountId}/${action === 'TRUST' ? 'trust' : 'untrust'}`;
  return [
    {
      method: 'POST',
      path: base,
      auth: 'platform',
      handle: (route) => {
        const decided = decideTrustStart(route.state, route.params.externalAccountId ?? '', action, contextOf(route));
        return answered(decided, 200);
      },
    },
    {
      method: 'POST',
      path: `${base}/confirm`,
      auth: 'platform',
      schema: trustConfirmSchema,
      handle: (route) => {
        const body = validate(trustConfirmSchema, route.request.body ?? {});
        if (!body.ok) return body;
        const decided = decideTrustConfirm(route.state, route.params.externalAccountId ?? '', action, json(body.value) as TrustProof, contextOf(route));
        return decided.ok ? ok({ events: decided.value.events, respond: () => ({ status: 200, body: { trusted: decided.value.trusted } }) }) : decided;
      },
    },
  ];
}

/** A decision `{ events, body }` as the route's answer with `status`, or its refusal as it is. */
function answered(decided: Result<{ readonly events: readonly EventDraft[]; readonly body: unknown }, ApiError>, status: number): Result<Accepted<DomainState>, ApiError> {
  return decided.ok ? ok({ events: decided.value.events, respond: () => ({ status, body: decided.value.body }) }) : decided;
}

/**
 * A route of one customer's SCA (`?customerId=`): the query checked, then the body against
 * `schema` (when given), then `decide` with the customer and the valid body.
 */
function customerRoute<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: z.ZodType<T> | undefined,
  decide: (route: RouteContext<DomainState>, customerId: string, body: T) => Result<Accepted<DomainState>, ApiError>,
): Route<DomainState> {
  return {
    method,
    path,
    auth: 'platform',
    ...(schema === undefined ? {} : { schema }),
    querySchema: scaQuerySchema,
    handle: (route) => {
      const customerId = customerOf(route);
      if (!customerId.ok) return customerId;
      if (schema === undefined) return decide(route, customerId.value, undefined as T);
      const body = validate(schema, route.request.body ?? {});
      return body.ok ? decide(route, customerId.value, body.value) : body;
    },
  };
}

/** A decision that is only events, answered 204. */
function noContent(events: Result<readonly EventDraft[], ApiError>): Result<Accepted<DomainState>, ApiError> {
  return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
}

function customerOf(route: RouteContext<DomainState>): Result<string, ApiError> {
  const query = validate(scaQuerySchema, Object.fromEntries(route.request.query));
  return query.ok ? ok(query.value.customerId) : query;
}

function contextOf(route: RouteContext<DomainState>): ScaContext {
  return { at: route.at, nowMs: route.nowMs, newId: route.newId, secretDigest: route.secretDigest };
}

function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * `POST /quotes/{quoteId}/authorize/resend`: re-sends the SMS code of a quote awaiting SCA (204).
 * The challenge is reused and its expiry not extended; the sandbox code never changes, so nothing
 * is written. 409 for a PASSKEY challenge, a quote not awaiting authorization, or an expired challenge.
 */
const resendRoute: Route<DomainState> = {
  method: 'POST',
  path: '/quotes/{quoteId}/authorize/resend',
  auth: 'platform',
  handle: (route) => {
    const quoteId = route.params.quoteId ?? '';
    const quote = route.state.quotes.byId.get(quoteId);
    if (quote === undefined) return err(apiError('QUOTE_NOT_FOUND', `Quote ${quoteId.slice(0, 100)} not found`));
    const challenge = quote.scaChallenge;
    if (challenge === undefined || quote.state !== 'PENDING_AUTHORIZATION' || challenge.authorizedAt !== undefined) return err(apiError('INVALID_STATE_TRANSITION', `Quote ${quote.id} has no SCA challenge awaiting authorization`));
    if (challenge.factor !== 'SMS_OTP') return err(apiError('CONFLICT', 'Only an SMS_OTP challenge can be re-sent'));
    if (Date.parse(challenge.expiresAt) <= route.nowMs) return err(apiError('CONFLICT', 'The SCA challenge has expired and can no longer be authorized'));
    return ok({ events: [], respond: () => ({ status: 204, body: null }) });
  },
};

/** Every SCA route. */
export const scaRoutes: readonly Route<DomainState>[] = [
  resendRoute,
  ...trustRoutes('TRUST'),
  // `POST .../untrust` itself is the external-account route, which hands SCA customers to untrustWithSca.
  ...trustRoutes('UNTRUST').filter((route) => route.path.endsWith('/confirm')),
  customerRoute('GET', '/sca/factors', undefined, (route, customerId) => {
    const record = scaCustomer(route.state, customerId, route.at);
    return record.ok ? ok(answer(200, { factors: factorViews(record.value) })) : record;
  }),
  customerRoute('POST', '/sca/factors', enrollSchema, (route, customerId, body) => answered(decideEnrollStart(route.state, customerId, body.type, contextOf(route)), 200)),
  customerRoute('POST', '/sca/factors/confirm', confirmSchema, (route, customerId, body) => {
    const request = json(body) as { type: 'TOTP'; secret: string; code: string } | { type: 'PASSKEY'; origin: string; credential: RegistrationJson };
    return answered(decideEnrollConfirm(route.state, customerId, request, contextOf(route)), 200);
  }),
  customerRoute('DELETE', '/sca/factors/{credentialId}', undefined, (route, customerId) =>
    noContent(decideDeleteFactor(route.state, customerId, route.params.credentialId ?? '', contextOf(route))),
  ),
  customerRoute('POST', '/sca/login/start', loginStartSchema, (route, customerId, body) => answered(decideLoginStart(route.state, customerId, body.factor, contextOf(route)), 200)),
  customerRoute('POST', '/sca/login/complete', loginCompleteSchema, (route, customerId, body) => {
    const decided = decideLoginComplete(route.state, customerId, json(body) as LoginCompleteRequest, contextOf(route));
    if (!decided.ok) return decided;
    const { events, error, sessionExpiresAt } = decided.value;
    // A failed attempt is recorded (it counts toward the lock) and the answer is still an error.
    if (error !== undefined) return ok({ events, respond: () => ({ status: error.status, body: errorBody(error) }) });
    return ok({ events, respond: () => ({ status: 200, body: { status: 'ACTIVE', sessionExpiresAt: sessionExpiresAt ?? null } }) });
  }),
  customerRoute('POST', '/sca/record-event', recordEventSchema, (route, customerId, body) => answered(decideRecordEvent(route.state, customerId, body.eventType, contextOf(route)), 200)),
  customerRoute('POST', '/sca/factors/reset', resetStartSchema, (route, customerId, body) => answered(decideResetStart(route.state, customerId, body.factor, contextOf(route)), 201)),
  customerRoute('GET', '/sca/factors/reset/{resetId}', undefined, (route, customerId) => {
    const record = scaCustomer(route.state, customerId, route.at);
    if (!record.ok) return record;
    const reset = findReset(record.value, route.params.resetId ?? '');
    return reset === undefined ? err(apiError('NOT_FOUND', 'Reset not found')) : ok(answer(200, resetView(reset, route.nowMs)));
  }),
  customerRoute('POST', '/sca/factors/reset/{resetId}/complete', resetCompleteSchema, (route, customerId, body) =>
    noContent(decideResetComplete(route.state, customerId, route.params.resetId ?? '', body.mobile, contextOf(route))),
  ),
];
