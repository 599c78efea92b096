/**
 * Agent routes (docs/agents.md), in three families:
 * - the platform's (Basic): create, list, read, pause, change policy, delete agents, issue device
 *   codes, list actions awaiting approval, approve or reject one;
 * - the device-code redemption (no credentials), which answers the agent's access token once;
 * - the agent's own (Bearer, `/agents/me/...`): quotes and their execution as AgentActions, its
 *   actions, its customer's internal accounts, transactions and new external accounts.
 * Every `/agents/me` route answers 403 FORBIDDEN for a paused agent. Validation (every invalid
 * field in one 400) comes before existence (404) and state (409); policy rules answer 403.
 */
import { type ActionOrder, listAgentActionPage, listAllAgentActionPage } from '../../domains/listing/agent-action-page.js';
import { listAgentPage } from '../../domains/listing/agent-page.js';
import { listCustomerPaymentPage } from '../../domains/listing/agent-transaction-page.js';
import { z } from 'zod';
import { type ApiError, apiError, type FieldError, invalidInput, byField } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { parseInstant } from '../../core/time.js';
import {
  actionNotFound,
  actionOf,
  agentActionView,
  agentNotFound,
  agentView,
  createAgentSchema,
  decideAgentExecute,
  decideAgentQuote,
  decideApproveAction,
  decideChangePolicy,
  decideCreateAgent,
  decideDeleteAgent,
  decideIssueDeviceCode,
  decidePauseAgent,
  decideRedeemDeviceCode,
  decideRejectAction,
  emptySchema,
  type AgentFilters,
  liveAgent,
  pauseAgentSchema,
  policyPatchSchema,
  policyView,
  rejectActionSchema,
  AGENT_ACTION_STATUSES,
  type OrderedPage,
} from '../../domains/agents/index.js';
import { decideCreateExternalAccount } from '../../domains/external-accounts/create.js';
import { crossFieldErrors, customerExternalAccountCreateSchema, storedAccountInfo } from '../../domains/external-accounts/schema.js';
import { externalAccountView } from '../../domains/external-accounts/view.js';
import { accountFilterKey, internalAccountFilterFields } from '../../domains/internal-accounts/list.js';
import { createQuoteSchema } from '../../domains/quotes/schema.js';
import { quoteView } from '../../domains/quotes/view.js';
import type { DomainState } from '../../domains/state.js';
import { transactionView } from '../../domains/transactions/view.js';
import { listBody } from '../pagination.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { toFieldErrors, validate } from '../validation.js';
import { callingAgent } from './calling-agent.js';
import { readListQuery } from './list-query.js';
import { agentTransactionQuerySchema, instantParam, readTransactionQuery } from './transaction-query.js';
import { internalAccountList } from './internal-accounts.js';
import { NO_ACCOUNTS } from '../../domains/internal-accounts/store.js';

// ---------------------------------------------------------------------------------------------
// Helpers

const ID_LENGTH_MAX = 200;
const idFilter = (name: string) =>
  z.string().min(1, { error: `${name} must not be empty` }).max(ID_LENGTH_MAX, { error: `${name} must be at most ${ID_LENGTH_MAX} characters` }).optional();
const paging = { limit: z.string().optional(), cursor: z.string().optional() };

const yesNo = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();
// The reference's listAgents filters: instants inclusive; isConnected means a device code was redeemed.
const agentsQuery = z.strictObject({
  ...paging,
  customerId: idFilter('customerId'),
  isPaused: yesNo('isPaused'),
  isConnected: yesNo('isConnected'),
  createdAfter: instantParam('createdAfter').optional(),
  createdBefore: instantParam('createdBefore').optional(),
  updatedAfter: instantParam('updatedAfter').optional(),
  updatedBefore: instantParam('updatedBefore').optional(),
});
const approvalsQuery = z.strictObject({
  ...paging,
  agentId: idFilter('agentId'),
  customerId: idFilter('customerId'),
  // The reference's: both inclusive; newest first (desc) by default.
  startDate: instantParam('startDate').optional(),
  endDate: instantParam('endDate').optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
});
const actionsQuery = z.strictObject({
  ...paging,
  status: z.enum(AGENT_ACTION_STATUSES, { error: `status must be one of ${AGENT_ACTION_STATUSES.join(', ')}` }).optional(),
});
/** `GET /agents/me/internal-accounts` query: the reference's `currency` and `type` filters and paging. */
const agentAccountsQuery = z.strictObject({ ...internalAccountFilterFields, ...paging });

/**
 * An agent's external account body: the customer route's shape (the reference's
 * ExternalAccountCreateRequest, `defaultUmaDepositAccount` included) with `customerId` optional,
 * since the agent's own customer is implied.
 */
const agentExternalAccountSchema = customerExternalAccountCreateSchema.extend({ customerId: idFilter('customerId') });

/** The filters of a valid `GET /agents` query. */
function agentFiltersOf(q: z.output<typeof agentsQuery>): AgentFilters {
  const ms = (text: string | undefined): number | undefined => (text === undefined ? undefined : parseInstant(text));
  const filters: Record<string, string | number | boolean | undefined> = {
    customerId: q.customerId,
    isPaused: q.isPaused === undefined ? undefined : q.isPaused === 'true',
    isConnected: q.isConnected === undefined ? undefined : q.isConnected === 'true',
    createdAfterMs: ms(q.createdAfter),
    createdBeforeMs: ms(q.createdBefore),
    updatedAfterMs: ms(q.updatedAfter),
    updatedBeforeMs: ms(q.updatedBefore),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as AgentFilters;
}

/** The cursor key of an agents query: the first one's when only the whole list is read (its positions are unchanged). */
function agentsKey(filters: AgentFilters): string {
  if (Object.keys(filters).length === 0) return 'agents:';
  const { customerId, isPaused, isConnected, createdAfterMs, createdBeforeMs, updatedAfterMs, updatedBeforeMs } = filters;
  return `agents:v2:${JSON.stringify([customerId ?? null, isPaused ?? null, isConnected ?? null, createdAfterMs ?? null, createdBeforeMs ?? null, updatedAfterMs ?? null, updatedBeforeMs ?? null])}`;
}

/** The cursor key of an approvals query: the first one's (oldest first, no range) when nothing the reference added is given. */
function approvalsKey(q: z.output<typeof approvalsQuery>): string {
  const base = `agent-approvals:${q.agentId ?? ''}|${q.customerId ?? ''}`;
  const order = q.sortOrder ?? 'desc';
  if (order === 'asc' && q.startDate === undefined && q.endDate === undefined) return base;
  const { createdAfterMs, createdBeforeMs } = approvalBounds(q);
  return `${base}|${JSON.stringify([createdAfterMs ?? null, createdBeforeMs ?? null, order])}`;
}

/** startDate and endDate (both inclusive) as [createdAfterMs, createdBeforeMs). */
function approvalBounds(q: z.output<typeof approvalsQuery>): { readonly createdAfterMs?: number; readonly createdBeforeMs?: number } {
  const startMs = q.startDate === undefined ? undefined : parseInstant(q.startDate);
  const endMs = q.endDate === undefined ? undefined : parseInstant(q.endDate);
  return { ...(startMs === undefined ? {} : { createdAfterMs: startMs }), ...(endMs === undefined ? {} : { createdBeforeMs: endMs + 1 }) };
}

/** The range and order of an approvals page; an end before the start is 400 INVALID_INPUT on endDate. */
function approvalRange(q: z.output<typeof approvalsQuery>): Result<ActionOrder, ApiError> {
  const bounds = approvalBounds(q);
  if (bounds.createdAfterMs !== undefined && bounds.createdBeforeMs !== undefined && bounds.createdAfterMs >= bounds.createdBeforeMs) {
    return err(invalidInput([{ field: 'endDate', message: 'endDate must not be before startDate' }]));
  }
  return ok({ ...bounds, newestFirst: q.sortOrder !== 'asc' });
}

/** The spec's list shape from an ordered page, each item through `view`. */
function viewedListBody<T, V>(found: OrderedPage<T>, key: string, view: (item: T) => V): ReturnType<typeof listBody<V>> {
  return listBody(found.items.map(view), found, key);
}

const me = callingAgent;

function agentAnswer(status: number, agentId: string, nowMs: number): (after: DomainState) => { status: number; body: unknown } {
  return (after) => ({ status, body: agentView(after.agents.byId.get(agentId)!, after, nowMs) });
}

function actionAnswer(actionId: string): (after: DomainState) => { status: number; body: unknown } {
  return (after) => ({ status: 200, body: agentActionView(after.agents.actions.get(actionId)!, after) });
}

// ---------------------------------------------------------------------------------------------
// Platform (Basic)

const platformRoutes: Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/agents',
    auth: 'platform',
    handle: ({ state, request, at, nowMs, newId, secretDigest }) => {
      const body = validate(createAgentSchema, request.body ?? {});
      if (!body.ok) return body;
      const agentId = newId('Agent');
      const decided = decideCreateAgent(state, body.value, agentId, { at, atMs: nowMs, newId, secretDigest });
      if (!decided.ok) return decided;
      const { code, expiresAt } = decided.value;
      return ok({
        events: decided.value.events,
        respond: (after) => ({ status: 201, body: { agent: agentView(after.agents.byId.get(agentId)!, after, nowMs), deviceCode: { code, agentId, expiresAt, redeemed: false } } }),
      });
    },
  },
  {
    method: 'GET',
    path: '/agents',
    auth: 'platform',
    querySchema: agentsQuery,
    handle: ({ state, request, nowMs }) => {
      const read = readListQuery(agentsQuery, request, (q) => agentsKey(agentFiltersOf(q)));
      if (!read.ok) return read;
      const { query, page, key } = read.value;
      if (query.customerId !== undefined && !state.customers.byId.has(query.customerId)) {
        return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${query.customerId} not found`));
      }
      const found = listAgentPage(state, agentFiltersOf(query), page);
      return ok(answer(200, viewedListBody(found, key, (agent) => agentView(agent, state, nowMs))));
    },
  },
  {
    method: 'GET',
    path: '/agents/approvals',
    auth: 'platform',
    querySchema: approvalsQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(approvalsQuery, request, approvalsKey);
      if (!read.ok) return read;
      const { query, page, key } = read.value;
      const range = approvalRange(query);
      if (!range.ok) return range;
      const filters = { status: 'PENDING_APPROVAL' as const, ...(query.customerId === undefined ? {} : { customerId: query.customerId }) };
      const found =
        query.agentId === undefined ? listAllAgentActionPage(state, filters, page, range.value) : listAgentActionPage(state, query.agentId, filters, page, range.value);
      return ok(answer(200, viewedListBody(found, key, (action) => agentActionView(action, state))));
    },
  },
  {
    method: 'GET',
    path: '/agents/{agentId}',
    auth: 'platform',
    handle: ({ state, params, nowMs }) => {
      const agent = liveAgent(state.agents, params.agentId ?? '');
      return agent === undefined ? err(agentNotFound(params.agentId ?? '')) : ok(answer(200, agentView(agent, state, nowMs)));
    },
  },
  {
    method: 'PATCH',
    path: '/agents/{agentId}',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs }) => {
      const body = validate(pauseAgentSchema, request.body ?? {});
      if (!body.ok) return body;
      const agentId = params.agentId ?? '';
      const events = decidePauseAgent(state, agentId, body.value, at);
      return events.ok ? ok({ events: events.value, respond: agentAnswer(200, agentId, nowMs) }) : events;
    },
  },
  {
    method: 'PATCH',
    path: '/agents/{agentId}/policy',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs }) => {
      const body = validate(policyPatchSchema, request.body ?? {});
      if (!body.ok) return body;
      const agentId = params.agentId ?? '';
      const events = decideChangePolicy(state, agentId, body.value, at);
      return events.ok ? ok({ events: events.value, respond: agentAnswer(200, agentId, nowMs) }) : events;
    },
  },
  {
    method: 'DELETE',
    path: '/agents/{agentId}',
    auth: 'platform',
    handle: ({ state, params, at }) => {
      const events = decideDeleteAgent(state, params.agentId ?? '', at);
      // 204: the agent is gone; `null` keeps the (idempotency-stored) body JSON-safe.
      return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
    },
  },
  {
    method: 'POST',
    path: '/agents/{agentId}/device-codes',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs, newId, secretDigest }) => {
      const body = validate(emptySchema, request.body ?? {});
      if (!body.ok) return body;
      const agentId = params.agentId ?? '';
      const decided = decideIssueDeviceCode(state, agentId, { at, atMs: nowMs, newId, secretDigest });
      if (!decided.ok) return decided;
      const { code, expiresAt } = decided.value;
      // The reference's AgentDeviceCode, flat; `deviceCode` repeats it for clients of the first shape.
      return ok({ events: decided.value.events, respond: () => ({ status: 201, body: { code, agentId, expiresAt, redeemed: false, deviceCode: { code, expiresAt } } }) });
    },
  },
  {
    method: 'POST',
    path: '/agents/{agentId}/actions/{actionId}/approve',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs, newId, secretDigest }) => {
      const body = validate(emptySchema, request.body ?? {});
      if (!body.ok) return body;
      const actionId = params.actionId ?? '';
      const events = decideApproveAction(state, params.agentId ?? '', actionId, { at, atMs: nowMs, newId, secretDigest });
      return events.ok ? ok({ events: events.value, respond: actionAnswer(actionId) }) : events;
    },
  },
  {
    method: 'POST',
    path: '/agents/{agentId}/actions/{actionId}/reject',
    auth: 'platform',
    handle: ({ state, params, request, at }) => {
      const body = validate(rejectActionSchema, request.body ?? {});
      if (!body.ok) return body;
      const actionId = params.actionId ?? '';
      const events = decideRejectAction(state, params.agentId ?? '', actionId, body.value.reason, at);
      return events.ok ? ok({ events: events.value, respond: actionAnswer(actionId) }) : events;
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Redemption (no credentials)

const redeemRoute: Route<DomainState> = {
  method: 'POST',
  path: '/agents/device-codes/{code}/redeem',
  auth: 'none',
  handle: ({ state, params, request, at, nowMs, newId, secretDigest }) => {
    const errors: FieldError[] = [];
    const body = emptySchema.safeParse(request.body ?? {});
    if (!body.success) errors.push(...toFieldErrors(body.error.issues));
    // The engine would store the first response, access token included, in the log.
    if (request.headers.has('idempotency-key')) {
      errors.push({ field: 'Idempotency-Key', message: 'Redeeming a device code takes no Idempotency-Key: its answer holds a secret that is never stored' });
    }
    if (errors.length > 0) return err(invalidInput(errors));
    const decided = decideRedeemDeviceCode(state, params.code ?? '', { at, atMs: nowMs, newId, secretDigest });
    if (!decided.ok) return decided;
    const { agentId, accessToken } = decided.value;
    return ok({
      events: decided.value.events,
      respond: (after) => {
        const agent = after.agents.byId.get(agentId)!;
        return { status: 200, body: { agentId, agentName: agent.name, accessToken, policy: policyView(agent.policy) } };
      },
    });
  },
};

// ---------------------------------------------------------------------------------------------
// The agent's own (Bearer)

function createExternalAccount(context: RouteContext<DomainState>): Result<Accepted<DomainState>, ApiError> {
  const agent = me(context, 'MANAGE_EXTERNAL_ACCOUNTS');
  if (!agent.ok) return agent;
  const { state, request, at, newId } = context;
  const parsed = agentExternalAccountSchema.safeParse(request.body);
  const errors = [...(parsed.success ? [] : toFieldErrors(parsed.error.issues)), ...crossFieldErrors(request.body, at.slice(0, 10))];
  if (!parsed.success || errors.length > 0) return err(invalidInput(dedupe(errors)));
  const body = parsed.data;
  // Another customer is reported as unknown: its existence is not the agent's to learn.
  if (body.customerId !== undefined && body.customerId !== agent.value.customerId) {
    return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${body.customerId} not found`));
  }
  const externalAccountId = newId('ExternalAccount');
  const events = decideCreateExternalAccount(state, {
    owner: { kind: 'customer', customerId: agent.value.customerId },
    currency: body.currency,
    ...(body.platformAccountId === undefined ? {} : { platformAccountId: body.platformAccountId }),
    ...(body.ownershipType === undefined ? {} : { ownershipType: body.ownershipType }),
    ...(body.defaultUmaDepositAccount === true ? { defaultUmaDepositAccount: true } : {}),
    accountInfo: storedAccountInfo(body.accountInfo),
    externalAccountId,
    at,
  });
  if (!events.ok) return events;
  return ok({ events: events.value, respond: (after) => ({ status: 201, body: externalAccountView(after.externalAccounts.byId.get(externalAccountId)!) }) });
}

function dedupe(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors
    .filter((error) => {
      const key = `${error.field}\u0000${error.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(byField);
}

const meRoutes: Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/agents/me',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context);
      return agent.ok ? ok(answer(200, agentView(agent.value, context.state, context.nowMs))) : agent;
    },
  },
  {
    method: 'POST',
    path: '/agents/me/quotes',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context, 'CREATE_QUOTES');
      if (!agent.ok) return agent;
      const { state, request, at, nowMs, newId, secretDigest } = context;
      const body = validate(createQuoteSchema, request.body ?? {});
      if (!body.ok) return body;
      const quoteId = newId('Quote');
      const decided = decideAgentQuote(state, agent.value, { request: body.value, quoteId, at, atMs: nowMs, newId, secretDigest });
      if (!decided.ok) return decided;
      // The reference answers 201 for a new agent quote (the spec copy's 200 is for POST /quotes only).
      const status = decided.value.status === 200 ? 201 : decided.value.status;
      return ok({ events: decided.value.events, respond: (after) => ({ status, body: quoteView(after.quotes.byId.get(quoteId)!, after) }) });
    },
  },
  {
    method: 'POST',
    path: '/agents/me/quotes/{quoteId}/execute',
    auth: 'agent',
    handle: (context) => {
      // Pause and EXECUTE_QUOTES are the decider's first rules (the same order on approval).
      const agent = me(context);
      if (!agent.ok) return agent;
      const { state, request, params, at, nowMs, newId, secretDigest } = context;
      const body = validate(emptySchema, request.body ?? {});
      if (!body.ok) return body;
      const actionId = newId('AgentAction');
      const decided = decideAgentExecute(state, agent.value, params.quoteId ?? '', actionId, { at, atMs: nowMs, newId, secretDigest });
      return decided.ok ? ok({ events: decided.value.events, respond: actionAnswer(actionId) }) : decided;
    },
  },
  {
    method: 'GET',
    path: '/agents/me/actions',
    auth: 'agent',
    querySchema: actionsQuery,
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const { state, request } = context;
      const agentId = agent.value.id;
      const read = readListQuery(actionsQuery, request, (q) => `agent-actions:${agentId}|${q.status ?? ''}`);
      if (!read.ok) return read;
      const { query, page, key } = read.value;
      const found = listAgentActionPage(state, agentId, query.status === undefined ? {} : { status: query.status }, page);
      return ok(answer(200, viewedListBody(found, key, (action) => agentActionView(action, state))));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/actions/{actionId}',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const actionId = context.params.actionId ?? '';
      const action = actionOf(context.state, agent.value.id, actionId);
      return action === undefined ? err(actionNotFound(actionId)) : ok(answer(200, agentActionView(action, context.state)));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/internal-accounts',
    auth: 'agent',
    querySchema: agentAccountsQuery,
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const { state, request } = context;
      const customerId = agent.value.customerId;
      const read = readListQuery(agentAccountsQuery, request, (filters) => `agent-accounts:${customerId}${accountFilterKey(filters)}`);
      if (!read.ok) return read;
      return ok(answer(200, internalAccountList(state, state.accounts.byCustomer.get(customerId) ?? NO_ACCOUNTS, read.value.query, read.value)));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/transactions',
    auth: 'agent',
    querySchema: agentTransactionQuerySchema,
    handle: (context) => {
      const agent = me(context, 'VIEW_TRANSACTIONS');
      if (!agent.ok) return agent;
      const { state, request } = context;
      const customerId = agent.value.customerId;
      // GET /transactions' query, scoped to the agent's customer (its cursors set apart by the prefix).
      const read = readTransactionQuery(agentTransactionQuerySchema, request, state, { customerId, keyPrefix: 'agent-' });
      if (!read.ok) return read;
      const { filters, page, queryKey } = read.value;
      const found = listCustomerPaymentPage(state, { ...filters, customerId }, page);
      return ok(answer(200, listBody(found.items.map(transactionView), found, queryKey)));
    },
  },
  { method: 'POST', path: '/agents/me/external-accounts', auth: 'agent', schema: agentExternalAccountSchema, handle: createExternalAccount },
];

/** Every agent route. */
export const agentRoutes: readonly Route<DomainState>[] = [...platformRoutes, redeemRoute, ...meRoutes];
