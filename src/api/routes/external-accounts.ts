/**
 * Routes for external accounts, in two families with the same operations: `/customers/external-
 * accounts` (customer-owned; create needs `customerId`) and `/platform/external-accounts`
 * (platform-owned). Each family sees only its own kind of account. Operations: create, list, get,
 * delete, confirm (trust), untrust, challenge and verify (ownership); and the sandbox's liveness
 * completion for a LIVENESS challenge of either family. Platform credentials throughout. Bodies are checked by the strict schema and the cross-field rules together, so one
 * 400 INVALID_INPUT lists every invalid field.
 */
import { listExternalAccountPage } from '../../domains/listing/external-account-page.js';
import { z } from 'zod';
import { type ApiError, type FieldError, apiError, invalidInput, mergeFieldErrors } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { decideCreateExternalAccount } from '../../domains/external-accounts/create.js';
import { type ExternalAccountFilters, externalAccountQueryKey } from '../../domains/external-accounts/list.js';
import { decideCompleteLiveness, decideIssueChallenge, decideVerifyOwnership } from '../../domains/external-accounts/ownership.js';
import { untrustWithSca } from './sca.js';
import { type ExternalAccountScope, externalAccountInScope } from '../../domains/external-accounts/read.js';
import {
  EXTERNAL_ACCOUNT_CURRENCIES,
  crossFieldErrors,
  customerExternalAccountCreateSchema,
  livenessCompletionSchema,
  ownershipChallengeSchema,
  platformExternalAccountCreateSchema,
  storedAccountInfo,
  verifyOwnershipSchema,
} from '../../domains/external-accounts/schema.js';
import { decideDeleteExternalAccount, decideSetTrusted, externalAccountNotFound } from '../../domains/external-accounts/trust.js';
import { challengeMethod, EXTERNAL_ACCOUNT_TYPES, type OwnershipChallenge } from '../../domains/external-accounts/types.js';
import { externalAccountView } from '../../domains/external-accounts/view.js';
import type { DomainState } from '../../domains/state.js';
import { LIST_LIMITS, readPage, listBody } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { answer, type Accepted, type Route, type RouteContext } from '../route.js';
import { toFieldErrors, validate } from '../validation.js';

const PREFIX: Readonly<Record<ExternalAccountScope, string>> = { customer: '/customers/external-accounts', platform: '/platform/external-accounts' };

/** Bodyless actions (confirm, untrust, challenge) accept no body or `{}`; anything else is listed. */
const emptyBody = z.strictObject({}, { error: 'The request body must be empty or a JSON object' });

const currencyFilter = z
  .enum(EXTERNAL_ACCOUNT_CURRENCIES, { error: `currency must be one of ${EXTERNAL_ACCOUNT_CURRENCIES.join(', ')}` })
  .optional();
const customerListQuery = z.strictObject({
  limit: z.string().optional(),
  cursor: z.string().optional(),
  customerId: z.string().min(1, { error: 'customerId must not be empty' }).optional(),
  currency: currencyFilter,
});
const platformListQuery = z.strictObject({ limit: z.string().optional(), cursor: z.string().optional(), currency: currencyFilter });

/**
 * Constraints zod does not attach to a discriminated union's unknown tag, by field path. A Map:
 * the field can be a request's own key (an unknown field `toString`), which a plain object would
 * resolve to an inherited member (issue 11, reproduction 3).
 */
const TAG_CONSTRAINTS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['accountInfo.accountType', EXTERNAL_ACCOUNT_TYPES],
  ['accountInfo.beneficiary.beneficiaryType', ['INDIVIDUAL', 'BUSINESS']],
]);

/** Every external account route of one scope. */
function routesFor(scope: ExternalAccountScope): Route<DomainState>[] {
  const prefix = PREFIX[scope];
  const item = `${prefix}/{externalAccountId}`;
  const action = (
    name: string,
    handle: (context: RouteContext<DomainState>, id: string) => Result<Accepted<DomainState>, ApiError>,
    schema?: z.ZodType,
  ): Route<DomainState> => ({
    method: 'POST',
    path: `${item}/${name}`,
    auth: 'platform',
    ...(schema === undefined ? {} : { schema }),
    handle: (context) => handle(context, context.params.externalAccountId ?? ''),
  });
  return [
    { method: 'POST', path: prefix, auth: 'platform', handle: (context) => create(context, scope) },
    { method: 'GET', path: prefix, auth: 'platform', querySchema: scope === 'customer' ? customerListQuery : platformListQuery, handle: ({ state, request }) => list(state, request, scope) },
    {
      method: 'GET',
      path: item,
      auth: 'platform',
      handle: ({ state, params }) => {
        const id = params.externalAccountId ?? '';
        const account = externalAccountInScope(state, id, scope);
        return account === undefined ? err(externalAccountNotFound(id)) : ok(answer(200, externalAccountView(account)));
      },
    },
    {
      method: 'DELETE',
      path: item,
      auth: 'platform',
      handle: ({ state, params }) => {
        const events = decideDeleteExternalAccount(state, { externalAccountId: params.externalAccountId ?? '', scope });
        // 204: the account is gone; `null` keeps the (idempotency-stored) body JSON-safe.
        return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
      },
    },
    action('confirm', (context, id) => (scope === 'customer' ? untrustWithSca(context, id, 'TRUST') : undefined) ?? setTrusted(context, id, scope, true)),
    // A customer in an SCA region untrusts through an SCA challenge (docs/wallets-and-sca.md).
    action('untrust', (context, id) => (scope === 'customer' ? untrustWithSca(context, id) : undefined) ?? setTrusted(context, id, scope, false)),
    action('challenge', ({ state, request, nowMs, newId }, id) => {
      const body = validate(ownershipChallengeSchema, request.body ?? {});
      if (!body.ok) return body;
      const method = body.value.method ?? 'WALLET_SIGNATURE';
      const events = decideIssueChallenge(state, { externalAccountId: id, scope, method, challengeId: newId('OwnershipChallenge'), nowMs });
      if (!events.ok) return events;
      return ok({
        events: events.value,
        // The open challenge, new or answered again; the decider guarantees there is one. 201: the
        // spec copy gives no status, so the reference's (issue 12, docs/wire-contract.md).
        respond: (after) => ({ status: 201, body: challengeView(id, after.externalAccounts.byId.get(id)!.ownershipChallenge!) }),
      });
    }, ownershipChallengeSchema),
    action('verify', ({ state, request, nowMs, at }, id) => {
      const body = validate(verifyOwnershipSchema, request.body ?? {});
      if (!body.ok) return body;
      const events = decideVerifyOwnership(state, { externalAccountId: id, scope, ...body.value, nowMs, at });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => viewOf(after, id) });
    }),
  ];
}

/** 200 with the account after the change (the deciders found it, and these actions never delete it). */
function viewOf(state: DomainState, id: string): { status: number; body: unknown } {
  return { status: 200, body: externalAccountView(state.externalAccounts.byId.get(id)!) };
}

function create({ state, request, at, newId }: RouteContext<DomainState>, scope: ExternalAccountScope): Result<Accepted<DomainState>, ApiError> {
  const schema = scope === 'customer' ? customerExternalAccountCreateSchema : platformExternalAccountCreateSchema;
  const parsed = schema.safeParse(request.body);
  const errors = mergeFieldErrors(parsed.success ? [] : withTagConstraints(toFieldErrors(parsed.error.issues)), crossFieldErrors(request.body, at.slice(0, 10)));
  if (!parsed.success || errors.length > 0) return err(invalidInput(errors));
  const body = parsed.data;
  const externalAccountId = newId('ExternalAccount');
  const events = decideCreateExternalAccount(state, {
    owner: 'customerId' in body && typeof body.customerId === 'string' ? { kind: 'customer', customerId: body.customerId } : { kind: 'platform' },
    currency: body.currency,
    ...(body.platformAccountId === undefined ? {} : { platformAccountId: body.platformAccountId }),
    ...(body.ownershipType === undefined ? {} : { ownershipType: body.ownershipType }),
    ...('defaultUmaDepositAccount' in body && body.defaultUmaDepositAccount === true ? { defaultUmaDepositAccount: true } : {}),
    accountInfo: storedAccountInfo(body.accountInfo),
    externalAccountId,
    at,
  });
  if (!events.ok) return events;
  return ok({
    events: events.value,
    respond: (after) => ({ status: 201, body: externalAccountView(after.externalAccounts.byId.get(externalAccountId)!) }),
  });
}

function setTrusted(
  { state, request, at }: RouteContext<DomainState>,
  id: string,
  scope: ExternalAccountScope,
  trusted: boolean,
): Result<Accepted<DomainState>, ApiError> {
  const body = validate(emptyBody, request.body ?? {});
  if (!body.ok) return body;
  const events = decideSetTrusted(state, { externalAccountId: id, scope, trusted, at });
  if (!events.ok) return events;
  return ok({ events: events.value, respond: (after) => viewOf(after, id) });
}

function list(state: DomainState, request: ParsedRequest, scope: ExternalAccountScope): Result<Accepted<DomainState>, ApiError> {
  const raw = Object.fromEntries(request.query);
  const parsed = (scope === 'customer' ? customerListQuery : platformListQuery).safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) errors.push({ field: key, message: `${key} may appear only once` });
  const filters: ExternalAccountFilters = parsed.success
    ? {
        scope,
        ...('customerId' in parsed.data && typeof parsed.data.customerId === 'string' ? { customerId: parsed.data.customerId } : {}),
        ...(parsed.data.currency === undefined ? {} : { currency: parsed.data.currency }),
      }
    : { scope };
  // With invalid filters no cursor can belong to this query; the key only has to differ from valid ones.
  const queryKey = parsed.success ? externalAccountQueryKey(filters) : `external-accounts:invalid:${JSON.stringify(raw)}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(mergeFieldErrors(errors)));
  if (filters.customerId !== undefined && !state.customers.byId.has(filters.customerId)) {
    return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${filters.customerId} not found`));
  }
  const found = listExternalAccountPage(state, filters, page.value);
  const data = found.items.map(externalAccountView);
  return ok(
    answer(200, listBody(data, found, queryKey)),
  );
}

function withTagConstraints(errors: readonly FieldError[]): FieldError[] {
  return errors.map((error) => {
    const values = TAG_CONSTRAINTS.get(error.field);
    return values === undefined || error.constraint !== undefined
      ? error
      : { field: error.field, constraint: { enum: [...values] }, message: error.message };
  });
}


/**
 * The wire shape of an open ownership challenge. A signature challenge: the stored fields, plus the
 * reference's WalletSignatureChallenge `method` and `messageToSign` (the message again, under its
 * name). A liveness challenge: the reference's LivenessChallenge (`method`, `verificationLink`,
 * `expiresAt`) with `externalAccountId` and `challengeId`; nothing is signed, so no message.
 */
function challengeView(externalAccountId: string, challenge: OwnershipChallenge): Record<string, unknown> {
  if (challengeMethod(challenge) === 'LIVENESS') {
    const { challengeId, expiresAt, verificationLink } = challenge;
    return { externalAccountId, challengeId, method: 'LIVENESS', verificationLink, expiresAt };
  }
  return { externalAccountId, ...challenge, method: 'WALLET_SIGNATURE', messageToSign: challenge.message };
}

/**
 * `POST /sandbox/external-accounts/{externalAccountId}/liveness/complete` (the sandbox's stand-in
 * for the hosted liveness provider, either family): `{ outcome?: PASSED | FAILED }` decides the
 * open LIVENESS challenge; 200 with the account (ACTIVE or UNVERIFIED) and its STATUS_UPDATED
 * webhook as a verify attempt has.
 */
const livenessCompletionRoute: Route<DomainState> = {
  method: 'POST',
  path: '/sandbox/external-accounts/{externalAccountId}/liveness/complete',
  auth: 'platform',
  schema: livenessCompletionSchema,
  handle: ({ state, params, request, nowMs, at }) => {
    const body = validate(livenessCompletionSchema, request.body ?? {});
    if (!body.ok) return body;
    const id = params.externalAccountId ?? '';
    const events = decideCompleteLiveness(state, { externalAccountId: id, passed: body.value.outcome !== 'FAILED', nowMs, at });
    if (!events.ok) return events;
    return ok({ events: events.value, respond: (after) => viewOf(after, id) });
  },
};

/** External account routes of both families, and the sandbox's liveness completion. */
export const externalAccountRoutes: readonly Route<DomainState>[] = [...routesFor('customer'), ...routesFor('platform'), livenessCompletionRoute];
