/**
 * Routes for stablecoins (docs/stablecoins.md): provider account links, registration, Grid
 * enablement (the platform's request and the sandbox operator's moves), mints, burns and their
 * operations. Handlers validate, ask the domain's deciders, and shape answers from the state after.
 */
import { listStablecoinOperationPage } from '../../domains/listing/stablecoin-operation-page.js';
import type { z } from 'zod';
import { type ApiError, type FieldError, invalidInput, byField } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { DomainState } from '../../domains/state.js';
import {
  apiClientSecretMessage,
  decideCreateOperation,
  decideLinkProviderAccount,
  decideOperatorStatus,
  decideRegister,
  decideRequestEnablement,
  decideRevokeProviderAccount,
  operationQueryKey,
  operationNotFound,
  operationView,
  type OperationFilters,
  type OperationType,
  type OperatorStatus,
  providerAccountNotFound,
  providerAccountView,
  stablecoinNotFound,
  stablecoinView,
} from '../../domains/stablecoins/index.js';
import {
  burnBody,
  DEFAULT_NETWORK,
  emptyBody,
  linkBody,
  mintBody,
  operationListQuery,
  operatorStatusBody,
  registerBody,
  SANDBOX_PROVIDER_TOKEN_METADATA,
  stablecoinListQuery,
} from '../../domains/stablecoins/schema.js';
import { readListQuery } from './list-query.js';
import type { HttpResponse } from '../http.js';
import { LIST_LIMITS, pageOf, readPage, listBody } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { foldSpellings, spellingErrors } from './card-spellings.js';
import { burnAccounts, mintAccounts, missingSourceErrors, type OperationAccounts } from './stablecoin-sources.js';
import { LINK_SPELLINGS, OPERATION_QUERY_SPELLINGS, REGISTER_SPELLINGS } from './stablecoin-spellings.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { fieldError, toFieldErrors } from '../validation.js';

/** Longest `Idempotency-Key` accepted. */
export const IDEMPOTENCY_KEY_LENGTH_MAX = 255;

function sortedByField(errors: FieldError[]): FieldError[] {
  return errors.sort(byField);
}

/**
 * Validates the body against `schema` and, when `keyRequired`, the `Idempotency-Key` header (the
 * engine replays a known key before any handler runs; here it is only required). Every problem is
 * listed in one 400 INVALID_INPUT, the header under the field name `Idempotency-Key`.
 */
function readBody<T extends object>(
  schema: z.ZodType<T>,
  request: ParsedRequest,
  keyRequired: boolean,
  spellings: Parameters<typeof spellingErrors>[1] = [],
  rawErrors: (raw: unknown) => FieldError[] = () => [],
): Result<T, ApiError> {
  const errors: FieldError[] = [...spellingErrors(request.body, spellings, true), ...rawErrors(request.body)];
  if (keyRequired) {
    const key = request.headers.get('idempotency-key');
    if (key === undefined || key.length === 0) errors.push(fieldError('Idempotency-Key', 'The Idempotency-Key header is required'));
    else if (key.length > IDEMPOTENCY_KEY_LENGTH_MAX) {
      errors.push(fieldError('Idempotency-Key', `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_LENGTH_MAX} characters`));
    }
  }
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) errors.push(...toFieldErrors(parsed.error.issues));
  if (errors.length > 0 || !parsed.success) return err(invalidInput(sortedByField(errors)));
  return ok(foldSpellings(parsed.data, spellings));
}

function coinAnswer(id: string, status: number): (after: DomainState) => HttpResponse {
  return (after) => ({ status, body: stablecoinView(after.stablecoins.coins.get(id)!, after.ledger) });
}

function operationAnswer(id: string, status: number): (after: DomainState) => HttpResponse {
  return (after) => {
    const operation = after.stablecoins.operations.get(id)!;
    return { status, body: operationView(operation, after.stablecoins.coins.get(operation.stablecoinId)!) };
  };
}

/** A mint or burn body and the accounts its copy or reference fields name. */
function readOperation<T extends OperationBodyCommon>(
  schema: z.ZodType<T>,
  accountsOf: (body: T) => Result<OperationAccounts, ApiError>,
  request: ParsedRequest,
  sourceField: string,
): Result<{ body: T; accounts: OperationAccounts }, ApiError> {
  const body = readBody(schema, request, true, [], (raw) => missingSourceErrors(raw, sourceField));
  if (!body.ok) return body;
  const accounts = accountsOf(body.value);
  return accounts.ok ? ok({ body: body.value, accounts: accounts.value }) : accounts;
}

/** The fields a mint or burn command reads from either body. */
type OperationBodyCommon = { readonly amount: string; readonly stablecoinProviderAccountId?: string | undefined; readonly description?: string | undefined };

function createOperation(type: OperationType): Route<DomainState>['handle'] {
  return ({ state, params, request, newId, at, nowMs }: RouteContext<DomainState>): Result<Accepted<DomainState>, ApiError> => {
    const read = type === 'MINT' ? readOperation(mintBody, mintAccounts, request, 'fundingSource') : readOperation(burnBody, burnAccounts, request, 'source');
    if (!read.ok) return read;
    const { body: b, accounts } = read.value;
    const operationId = newId('StablecoinOperation');
    const events = decideCreateOperation(state, {
      type,
      stablecoinId: params.stablecoinId ?? '',
      amountUnits: BigInt(b.amount),
      ...accounts,
      ...(b.stablecoinProviderAccountId === undefined ? {} : { stablecoinProviderAccountId: b.stablecoinProviderAccountId }),
      ...(b.description === undefined ? {} : { description: b.description }),
      operationId,
      holdTransferId: newId('Transfer'),
      at,
      atMs: nowMs,
    });
    if (!events.ok) return events;
    return ok({ events: events.value, respond: operationAnswer(operationId, 201) });
  };
}

function readOperationQuery(request: ParsedRequest, stablecoinId: string): Result<{ filters: OperationFilters; page: { limit: number; position: number }; queryKey: string }, ApiError> {
  const raw = Object.fromEntries(request.query);
  const parsed = operationListQuery.safeParse(raw);
  const errors: FieldError[] = [...spellingErrors(raw, OPERATION_QUERY_SPELLINGS, false), ...(parsed.success ? [] : toFieldErrors(parsed.error.issues))];
  for (const key of request.repeatedQueryKeys) errors.push(fieldError(key, `${key} may appear only once`));
  const query = parsed.success ? foldSpellings(parsed.data, OPERATION_QUERY_SPELLINGS) : undefined;
  const filters: OperationFilters =
    query === undefined ? {} : { ...(query.status === undefined ? {} : { status: query.status }), ...(query.type === undefined ? {} : { type: query.type }) };
  // With invalid filters no cursor can belong to this query; the key only has to differ from valid ones.
  const queryKey = query !== undefined && errors.length === 0 ? operationQueryKey(stablecoinId, filters) : `stablecoin-operations:invalid:${JSON.stringify(raw)}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(sortedByField(errors)));
  return ok({ filters, page: page.value, queryKey });
}

/** Stablecoin routes. */
export const stablecoinRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/stablecoin-provider-accounts',
    auth: 'platform',
    handle: ({ state, request, newId, at, secretDigest }) => {
      const body = readBody(linkBody, request, false, LINK_SPELLINGS);
      if (!body.ok) return body;
      const id = newId('StablecoinProviderAccount');
      const b = body.value;
      const events = decideLinkProviderAccount(state, {
        id,
        provider: b.provider,
        // Present: the spelling check requires externalReference or providerAccountId, folded into it.
        externalReference: b.externalReference ?? '',
        ...(b.apiClientId === undefined ? {} : { apiClientId: b.apiClientId }),
        ...(b.apiClientSecret === undefined ? {} : { apiClientSecretHmac: secretDigest(apiClientSecretMessage(id, b.apiClientSecret)) }),
        at,
      });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: providerAccountView(after.stablecoins.providerAccounts.get(id)!) }) });
    },
  },
  {
    method: 'GET',
    path: '/stablecoin-provider-accounts/{stablecoinProviderAccountId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const id = params.stablecoinProviderAccountId ?? '';
      const link = state.stablecoins.providerAccounts.get(id);
      if (link === undefined) return err(providerAccountNotFound(id));
      return ok(answer(200, providerAccountView(link)));
    },
  },
  {
    method: 'DELETE',
    path: '/stablecoin-provider-accounts/{stablecoinProviderAccountId}',
    auth: 'platform',
    handle: ({ state, params, at }) => {
      const id = params.stablecoinProviderAccountId ?? '';
      const events = decideRevokeProviderAccount(state, id, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: providerAccountView(after.stablecoins.providerAccounts.get(id)!) }) });
    },
  },
  {
    method: 'POST',
    path: '/stablecoins',
    auth: 'platform',
    handle: ({ state, request, newId, at }) => {
      const body = readBody(registerBody, request, true, REGISTER_SPELLINGS);
      if (!body.ok) return body;
      const id = newId('Stablecoin');
      const b = body.value;
      // Present: the spelling check requires symbol or providerTokenIdentifier, folded into it.
      const symbol = b.symbol ?? '';
      const events = decideRegister(state, {
        id,
        symbol,
        name: b.name ?? symbol,
        baseCurrency: b.baseCurrency ?? SANDBOX_PROVIDER_TOKEN_METADATA.baseCurrency,
        decimals: b.decimals ?? SANDBOX_PROVIDER_TOKEN_METADATA.decimals,
        networkTokenIdentifier: b.networkTokenIdentifier,
        network: b.network ?? DEFAULT_NETWORK,
        ...(b.stablecoinProviderAccountId === undefined ? {} : { stablecoinProviderAccountId: b.stablecoinProviderAccountId }),
        at,
      });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: coinAnswer(id, 201) });
    },
  },
  {
    method: 'GET',
    path: '/stablecoins',
    auth: 'platform',
    querySchema: stablecoinListQuery,
    handle: ({ state, request }) => {
      // Unfiltered, the key is the one cursors had before the filters, so those stay valid.
      const read = readListQuery(stablecoinListQuery, request, ({ limit: _l, cursor: _c, ...filters }) =>
        Object.keys(filters).length === 0 ? 'stablecoins' : `stablecoins:${JSON.stringify(filters)}`,
      );
      if (!read.ok) return read;
      const { issuanceStatus, gridOperationsStatus, provider } = read.value.query;
      // Registered coins are few (one per token a platform issues): the filters read each view.
      const views = state.stablecoins.coinOrder
        .map((id) => stablecoinView(state.stablecoins.coins.get(id)!, state.ledger))
        .filter(
          (view) =>
            (issuanceStatus === undefined || view.issuanceStatus === issuanceStatus) &&
            (gridOperationsStatus === undefined || view.gridOperationsStatus === gridOperationsStatus) &&
            (provider === undefined || view.provider === provider),
        );
      return ok(answer(200, pageOf(views, read.value.page, read.value.key)));
    },
  },
  {
    method: 'GET',
    path: '/stablecoins/{stablecoinId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const id = params.stablecoinId ?? '';
      const coin = state.stablecoins.coins.get(id);
      if (coin === undefined) return err(stablecoinNotFound(id));
      return ok(answer(200, stablecoinView(coin, state.ledger)));
    },
  },
  {
    method: 'POST',
    path: '/stablecoins/{stablecoinId}/request-grid-enablement',
    auth: 'platform',
    handle: ({ state, params, request }) => {
      const body = readBody(emptyBody, request, false);
      if (!body.ok) return body;
      const id = params.stablecoinId ?? '';
      const events = decideRequestEnablement(state, id);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: coinAnswer(id, 200) });
    },
  },
  {
    method: 'POST',
    path: '/sandbox/stablecoins/{stablecoinId}/grid-operations-status',
    auth: 'platform',
    handle: ({ state, params, request }) => {
      const body = readBody(operatorStatusBody, request, false);
      if (!body.ok) return body;
      const id = params.stablecoinId ?? '';
      const events = decideOperatorStatus(state, id, body.value.status as OperatorStatus);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: coinAnswer(id, 200) });
    },
  },
  { method: 'POST', path: '/stablecoins/{stablecoinId}/mints', auth: 'platform', handle: createOperation('MINT') },
  { method: 'POST', path: '/stablecoins/{stablecoinId}/burns', auth: 'platform', handle: createOperation('BURN') },
  {
    method: 'GET',
    path: '/stablecoins/{stablecoinId}/operations',
    auth: 'platform',
    handle: ({ state, params, request }) => {
      const id = params.stablecoinId ?? '';
      const coin = state.stablecoins.coins.get(id);
      if (coin === undefined) return err(stablecoinNotFound(id));
      const query = readOperationQuery(request, id);
      if (!query.ok) return query;
      const { filters, page, queryKey } = query.value;
      const found = listStablecoinOperationPage(state, id, filters, page);
      const data = found.items.map((operation) => operationView(operation, coin));
      return ok(
        answer(200, listBody(data, found, queryKey)),
      );
    },
  },
  {
    method: 'GET',
    path: '/stablecoin-operations/{operationId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const id = params.operationId ?? '';
      const operation = state.stablecoins.operations.get(id);
      if (operation === undefined) return err(operationNotFound(id));
      return ok(answer(200, operationView(operation, state.stablecoins.coins.get(operation.stablecoinId)!)));
    },
  },
];
