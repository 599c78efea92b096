/**
 * The agent operations beyond `agents.ts` (docs/agents-extra.md):
 * - `GET /agents/device-codes/{code}/status` (platform): whether a code was redeemed;
 * - with the agent's Bearer token: `GET /agents/me/transactions/{transactionId}` (VIEW_TRANSACTIONS,
 *   its customer's only), `GET /agents/me/quotes/{quoteId}` (its own quotes only),
 *   `POST /agents/me/transfer-in` and `/transfer-out` (CREATE_TRANSFERS; answered with an
 *   AgentAction, 201), and its customer's external accounts: list, get, delete
 *   (MANAGE_EXTERNAL_ACCOUNTS for delete).
 * Another customer's resource is reported as not found: its existence is not the agent's to learn.
 */
import { listExternalAccountPage } from '../../domains/listing/external-account-page.js';
import { z } from 'zod';
import { EXTERNAL_ACCOUNT_CURRENCIES } from '../../domains/external-accounts/schema.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import {
  AGENT_EVENTS,
  type AgentActionCreated,
  type AgentQuoteRequested,
  agentActionView,
  approvalRuleFor,
  canonicalDeviceCode,
  checkAccounts,
  checkSpending,
  deviceCodeHash,
  isCustomersAccount,
  quoteAgentOf,
  spendOf,
} from '../../domains/agents/index.js';
import type { EventDraft } from '../../domains/evolver.js';
import { externalAccountQueryKey } from '../../domains/external-accounts/list.js';
import { externalAccountInScope } from '../../domains/external-accounts/read.js';
import { decideDeleteExternalAccount, externalAccountNotFound } from '../../domains/external-accounts/trust.js';
import { externalAccountView } from '../../domains/external-accounts/view.js';
import { decideCreateQuote } from '../../domains/quotes/create.js';
import { QUOTE_EVENTS, type QuoteCreated } from '../../domains/quotes/events.js';
import { quoteNotFound } from '../../domains/quotes/execute.js';
import { resolveQuote } from '../../domains/quotes/resolve.js';
import { quoteView } from '../../domains/quotes/view.js';
import type { DomainState } from '../../domains/state.js';
import { TRANSACTION_EVENTS, type TransactionCreated } from '../../domains/transactions/events.js';
import { transactionView } from '../../domains/transactions/view.js';
import { listBody } from '../pagination.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { validate } from '../validation.js';
import { readListQuery } from './list-query.js';
import { quoteRequestOf, RESOLUTION_AMOUNT_MINOR, transferAmountOf, transferInSchema, transferOutSchema } from './transfers-deprecated.js';
import { callingAgent } from './calling-agent.js';

const me = callingAgent;

/** `GET /agents/me/external-accounts` query. */
export const agentExternalAccountsQuery = z.strictObject({
  // Every currency an external account may hold, the account-only ones included (account-types.ts).
  currency: z.enum(EXTERNAL_ACCOUNT_CURRENCIES, { error: 'currency must be a supported currency code' }).optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

/**
 * Pure: an agent's transfer as an AgentAction. The transfer is the platform transfer's quote
 * (sending side locked, one currency); the policy is checked as for an executed quote
 * (accountRestrictions, spendingLimits); then either the quote executes at once (APPROVED, with
 * its transaction attributed to the agent) or it waits for the platform's approval
 * (PENDING_APPROVAL; approving executes it).
 */
function decideAgentTransfer(context: RouteContext<DomainState>, direction: 'in' | 'out'): Result<Accepted<DomainState>, ApiError> {
  const agent = me(context, 'CREATE_TRANSFERS');
  if (!agent.ok) return agent;
  const { state, request, at, nowMs, newId } = context;
  const body = validate(direction === 'out' ? transferOutSchema : transferInSchema, request.body ?? {});
  if (!body.ok) return body;
  const { source, destination } = body.value;
  for (const id of [source.accountId, destination.accountId]) {
    if (!isCustomersAccount(state, agent.value.customerId, id)) return err(apiError('ACCOUNT_NOT_FOUND', `Account ${id} not found`));
  }
  // Resolution reads the accounts, not the amount: the amount is sized once the direction is known.
  const resolved = resolveQuote(state, quoteRequestOf(body.value, body.value.amount ?? RESOLUTION_AMOUNT_MINOR));
  if (!resolved.ok) return resolved;
  if (resolved.value.kind !== (direction === 'out' ? 'PAYOUT' : 'PULL')) {
    const message = direction === 'out' ? 'transfer-out sends from an internal account to an external one' : 'transfer-in pulls from an external account into an internal one';
    return err(invalidInput([{ field: 'source.accountId', message }]));
  }
  if (resolved.value.source.currency !== resolved.value.destination.currency) {
    return err(invalidInput([{ field: 'destination.accountId', constraint: { enum: [resolved.value.source.currency] }, message: 'Transfers move one currency; use a quote to convert' }]));
  }
  const allowed = checkAccounts(agent.value.policy, source.accountId, destination.accountId);
  if (!allowed.ok) return allowed;
  const amountMinor = transferAmountOf(state, body.value, direction);
  if (!amountMinor.ok) return amountMinor;
  const executing = quoteRequestOf(body.value, amountMinor.value);
  const quoteId = newId('Quote');
  const priced = decideCreateQuote(state, { request: { ...executing, immediatelyExecute: false }, quoteId, at, atMs: nowMs, newId });
  if (!priced.ok) return priced;
  const created = priced.value.events.find((draft) => draft.type === QUOTE_EVENTS.created);
  if (created === undefined) return err(apiError('CONFLICT', 'The transfer could not be priced'));
  const spend = spendOf((created.data as QuoteCreated).quote);
  const spending = checkSpending(agent.value, spend, nowMs);
  if (!spending.ok) return spending;
  const actionId = newId('AgentAction');
  const requested: AgentQuoteRequested = { agentId: agent.value.id, quoteId };
  const type = direction === 'out' ? 'TRANSFER_OUT' : 'TRANSFER_IN';
  const base = { id: actionId, agentId: agent.value.id, customerId: agent.value.customerId, type, quoteId, createdAt: at, updatedAt: at } as const;
  let events: EventDraft[];
  if (approvalRuleFor(agent.value.policy, spend) !== undefined) {
    const action: AgentActionCreated = { action: { ...base, status: 'PENDING_APPROVAL' } };
    events = [...priced.value.events, { type: AGENT_EVENTS.quoteRequested, data: requested }, { type: AGENT_EVENTS.actionCreated, data: action }];
  } else {
    const executed = decideCreateQuote(state, { request: executing, quoteId, at, atMs: nowMs, newId });
    if (!executed.ok) return executed;
    let transactionId: string | undefined;
    const drafts = executed.value.events.map((draft) => {
      if (draft.type !== TRANSACTION_EVENTS.created || transactionId !== undefined) return draft;
      const data = draft.data as TransactionCreated;
      transactionId = data.transaction.id;
      // Spec: Transaction.agentId is "present only if an agent initiated it".
      return { ...draft, data: { ...data, transaction: { ...data.transaction, agentId: agent.value.id } } };
    });
    if (transactionId === undefined) return err(apiError('CONFLICT', 'The transfer did not start a transaction'));
    const execution = { transactionId, amountMinor: spend.amountMinor.toString(), currency: spend.currency };
    const action: AgentActionCreated = { action: { ...base, status: 'APPROVED', execution } };
    events = [...drafts, { type: AGENT_EVENTS.quoteRequested, data: requested }, { type: AGENT_EVENTS.actionCreated, data: action }];
  }
  return ok({ events, respond: (after) => ({ status: 201, body: agentActionView(after.agents.actions.get(actionId)!, after) }) });
}

/** Every route of this module. */
export const agentExtraRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/agents/device-codes/{code}/status',
    auth: 'platform',
    handle: ({ state, params }) => {
      const canonical = canonicalDeviceCode(params.code ?? '');
      const code = state.agents.deviceCodes.get(deviceCodeHash(canonical));
      if (code === undefined) return err(apiError('NOT_FOUND', 'Device code not found'));
      return ok(answer(200, { code: `${canonical.slice(0, 4)}-${canonical.slice(4)}`, redeemed: code.redeemedAt !== undefined }));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/transactions/{transactionId}',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context, 'VIEW_TRANSACTIONS');
      if (!agent.ok) return agent;
      const id = context.params.transactionId ?? '';
      const tx = context.state.transactions.byId.get(id);
      if (tx === undefined || tx.customerId !== agent.value.customerId) return err(apiError('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`));
      return ok(answer(200, transactionView(tx)));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/quotes/{quoteId}',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const id = context.params.quoteId ?? '';
      const quote = quoteAgentOf(context.state.agents, context.state.quotes.byId, id) === agent.value.id ? context.state.quotes.byId.get(id) : undefined;
      return quote === undefined ? err(quoteNotFound(id)) : ok(answer(200, quoteView(quote, context.state)));
    },
  },
  { method: 'POST', path: '/agents/me/transfer-in', auth: 'agent', schema: transferInSchema, handle: (context) => decideAgentTransfer(context, 'in') },
  { method: 'POST', path: '/agents/me/transfer-out', auth: 'agent', schema: transferOutSchema, handle: (context) => decideAgentTransfer(context, 'out') },
  {
    method: 'GET',
    path: '/agents/me/external-accounts',
    auth: 'agent',
    querySchema: agentExternalAccountsQuery,
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const customerId = agent.value.customerId;
      const filtersOf = (q: z.output<typeof agentExternalAccountsQuery>) => ({ scope: 'customer' as const, customerId, ...(q.currency === undefined ? {} : { currency: q.currency }) });
      const read = readListQuery(agentExternalAccountsQuery, context.request, (q) => `agent-${externalAccountQueryKey(filtersOf(q))}`);
      if (!read.ok) return read;
      const found = listExternalAccountPage(context.state, filtersOf(read.value.query), read.value.page);
      return ok(answer(200, listBody(found.items.map(externalAccountView), found, read.value.key)));
    },
  },
  {
    method: 'GET',
    path: '/agents/me/external-accounts/{externalAccountId}',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context);
      if (!agent.ok) return agent;
      const id = context.params.externalAccountId ?? '';
      const account = externalAccountInScope(context.state, id, 'customer');
      return account === undefined || account.customerId !== agent.value.customerId ? err(externalAccountNotFound(id)) : ok(answer(200, externalAccountView(account)));
    },
  },
  {
    method: 'DELETE',
    path: '/agents/me/external-accounts/{externalAccountId}',
    auth: 'agent',
    handle: (context) => {
      const agent = me(context, 'MANAGE_EXTERNAL_ACCOUNTS');
      if (!agent.ok) return agent;
      const id = context.params.externalAccountId ?? '';
      const account = externalAccountInScope(context.state, id, 'customer');
      if (account === undefined || account.customerId !== agent.value.customerId) return err(externalAccountNotFound(id));
      const events = decideDeleteExternalAccount(context.state, { externalAccountId: id, scope: 'customer' });
      return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
    },
  },
];
