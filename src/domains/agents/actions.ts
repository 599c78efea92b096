/**
 * What an agent does with money, always through the quote domain's deciders (this file holds no
 * quote logic): create a quote from one of its customer's accounts, ask to execute it (an
 * AgentAction that runs at once or waits for the platform's approval), and the platform's
 * approval or rejection of a waiting action. Every rule is checked in a fixed order (docs/agents.md);
 * a rejected request emits nothing. Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { externalAccountById } from '../external-accounts/read.js';
import { type QuoteDecision, decideCreateQuote } from '../quotes/create.js';
import { decideExecuteQuote, quoteNotFound } from '../quotes/execute.js';
import type { CreateQuoteRequest } from '../quotes/schema.js';
import type { Quote } from '../quotes/types.js';
import type { DomainState } from '../state.js';
import { TRANSACTION_EVENTS, type TransactionCreated } from '../transactions/events.js';
import { AGENT_EVENTS, type AgentActionApproved, type AgentActionCreated, type AgentActionFailed, type AgentActionRejected, type AgentQuoteRequested } from './events.js';
import type { AgentContext } from './manage.js';
import { agentNotFound } from './manage.js';
import { approvalRuleFor, checkAccounts, checkExecution, checkNotPaused, checkPermission, checkSpending, type Spend } from './policy.js';
import { liveAgent, quoteAgentOf } from './store.js';
import type { ActionExecution, Agent, AgentAction } from './types.js';

/** Most actions one agent may have waiting for approval at once (a bound on the approval queue). */
export const PENDING_ACTIONS_PER_AGENT_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Reading

/** What a quote spends, as the policy sees it. The agent's quotes always have an account source. */
export function spendOf(quote: Quote): Spend {
  assert(quote.source.sourceType === 'ACCOUNT', `agent quote ${quote.id} has no account source`);
  return {
    sourceAccountId: quote.source.accountId,
    destination: quote.destination.destinationType === 'ACCOUNT' ? quote.destination.accountId : quote.destination.umaAddress,
    currency: quote.sendingCurrency,
    amountMinor: BigInt(quote.totalSendingAmountMinor),
  };
}

/** True when `accountId` is an internal or external account of `customerId`. */
export function isCustomersAccount(state: DomainState, customerId: string, accountId: string): boolean {
  if (accountId.startsWith('InternalAccount:')) return state.accounts.byId.get(accountId)?.customerId === customerId;
  if (accountId.startsWith('ExternalAccount:')) return externalAccountById(state, accountId)?.customerId === customerId;
  return false;
}

/** 404 NOT_FOUND for an action that is not the agent's. */
export function actionNotFound(actionId: string): ApiError {
  return apiError('NOT_FOUND', `Agent action ${actionId} not found`);
}

/** The agent's own action `actionId`, if any. */
export function actionOf(state: DomainState, agentId: string, actionId: string): AgentAction | undefined {
  const action = state.agents.actions.get(actionId);
  return action === undefined || action.agentId !== agentId ? undefined : action;
}

function pendingActions(state: DomainState, agentId: string): AgentAction[] {
  const out: AgentAction[] = [];
  for (const id of state.agents.actionsByAgent.get(agentId) ?? []) {
    const action = state.agents.actions.get(id);
    if (action?.status === 'PENDING_APPROVAL') out.push(action);
  }
  return out;
}

/**
 * The quote's execution events with the new transaction attributed to the agent (spec:
 * Transaction.agentId, "present only if an agent initiated it"), and the transaction's id. An
 * agent's quote never has a transaction waiting for it (no immediatelyExecute, no real-time
 * funding), so execution always creates exactly one.
 */
function attributed(drafts: readonly EventDraft[], agentId: string): { events: EventDraft[]; transactionId: string } {
  let transactionId: string | undefined;
  const events = drafts.map((draft) => {
    if (draft.type !== TRANSACTION_EVENTS.created) return draft;
    const data = draft.data as TransactionCreated;
    assert(transactionId === undefined, 'an agent execution created two transactions');
    transactionId = data.transaction.id;
    return { ...draft, data: { ...data, transaction: { ...data.transaction, agentId } } };
  });
  assert(transactionId !== undefined, 'an agent execution created no transaction');
  return { events, transactionId };
}

// ---------------------------------------------------------------------------------------------
// Quotes

/** What `decideAgentQuote` needs. */
export type AgentQuoteCommand = AgentContext & { readonly request: CreateQuoteRequest; readonly quoteId: string };

/**
 * Pure: the agent's quote, created by the quote domain. The caller checked pause and CREATE_QUOTES.
 * Order: 400 INVALID_INPUT (immediatelyExecute, a source that is not an account), 404
 * ACCOUNT_NOT_FOUND (a source, or an external destination, that is not the customer's: another
 * customer's account is reported as if it did not exist), 403 accountRestrictions, then every
 * rule of `POST /quotes`.
 */
export function decideAgentQuote(state: DomainState, agent: Agent, command: AgentQuoteCommand): Result<QuoteDecision, ApiError> {
  const { request } = command;
  const errors: FieldError[] = [];
  if (request.immediatelyExecute === true) {
    errors.push({ field: 'immediatelyExecute', message: 'An agent executes its quote with POST /agents/me/quotes/{quoteId}/execute, under its policy' });
  }
  if (request.source.sourceType !== 'ACCOUNT') {
    errors.push({ field: 'source.sourceType', constraint: { enum: ['ACCOUNT'] }, message: "An agent pays from one of its customer's accounts" });
  }
  if (errors.length > 0 || request.source.sourceType !== 'ACCOUNT') return err(invalidInput(errors));
  const sourceId = request.source.accountId;
  if (!isCustomersAccount(state, agent.customerId, sourceId)) return err(apiError('ACCOUNT_NOT_FOUND', `Account ${sourceId} not found`));
  const destination = request.destination;
  if (destination.destinationType === 'ACCOUNT' && destination.accountId.startsWith('ExternalAccount:') && !isCustomersAccount(state, agent.customerId, destination.accountId)) {
    return err(apiError('ACCOUNT_NOT_FOUND', `Account ${destination.accountId} not found`));
  }
  const allowed = checkAccounts(agent.policy, sourceId, destination.destinationType === 'ACCOUNT' ? destination.accountId : destination.umaAddress);
  if (!allowed.ok) return allowed;
  const decided = decideCreateQuote(state, { request, quoteId: command.quoteId, at: command.at, atMs: command.atMs, newId: command.newId });
  if (!decided.ok) return decided;
  const requested: AgentQuoteRequested = { agentId: agent.id, quoteId: command.quoteId };
  return ok({ ...decided.value, events: [...decided.value.events, { type: AGENT_EVENTS.quoteRequested, data: requested }] });
}

// ---------------------------------------------------------------------------------------------
// Execute

/** An accepted execute: the events and the action they create. */
export type ActionDecision = { readonly events: EventDraft[]; readonly actionId: string };

/**
 * Pure: the agent asks to execute its quote. Order: 403 paused, 403 EXECUTE_QUOTES, 404
 * QUOTE_NOT_FOUND (not a quote this agent created), 409 CONFLICT (an action for it already waits),
 * 403 accountRestrictions and spendingLimits, then the quote's own execution checks (409
 * INVALID_STATE_TRANSITION, 400 QUOTE_EXPIRED, 429 DAILY_VOLUME_LIMIT_EXCEEDED, 400
 * INSUFFICIENT_FUNDS, ...). Within all of these: a PENDING_APPROVAL action when the policy asks
 * for approval (409 CONFLICT past PENDING_ACTIONS_PER_AGENT_MAX waiting), otherwise the
 * execution itself and an action born APPROVED that counts it in the usage counters.
 */
export function decideAgentExecute(state: DomainState, agent: Agent, quoteId: string, actionId: string, context: AgentContext): Result<ActionDecision, ApiError> {
  const paused = checkNotPaused(agent);
  if (!paused.ok) return paused;
  const permitted = checkPermission(agent, 'EXECUTE_QUOTES');
  if (!permitted.ok) return permitted;
  const quote = quoteAgentOf(state.agents, state.quotes.byId, quoteId) === agent.id ? state.quotes.byId.get(quoteId) : undefined;
  if (quote === undefined) return err(quoteNotFound(quoteId));
  const pending = pendingActions(state, agent.id);
  const waiting = pending.find((action) => action.quoteId === quoteId);
  if (waiting !== undefined) {
    return err(apiError('CONFLICT', `Quote ${quoteId} already waits for approval in ${waiting.id}`, { actionId: waiting.id }));
  }
  const spend = spendOf(quote);
  const accounts = checkAccounts(agent.policy, spend.sourceAccountId, spend.destination);
  if (!accounts.ok) return accounts;
  const spending = checkSpending(agent, spend, context.atMs);
  if (!spending.ok) return spending;
  const executed = decideExecuteQuote(state, quoteId, context);
  if (!executed.ok) return executed;
  const base = { id: actionId, agentId: agent.id, customerId: agent.customerId, type: 'EXECUTE_QUOTE', quoteId, createdAt: context.at, updatedAt: context.at } as const;
  if (approvalRuleFor(agent.policy, spend) !== undefined) {
    if (pending.length >= PENDING_ACTIONS_PER_AGENT_MAX) {
      return err(apiError('CONFLICT', `Agent ${agent.id} already has ${PENDING_ACTIONS_PER_AGENT_MAX} actions waiting for approval`));
    }
    const created: AgentActionCreated = { action: { ...base, status: 'PENDING_APPROVAL' } };
    return ok({ events: [{ type: AGENT_EVENTS.actionCreated, data: created }], actionId });
  }
  const { events, transactionId } = attributed(executed.value, agent.id);
  const execution: ActionExecution = { transactionId, amountMinor: spend.amountMinor.toString(), currency: spend.currency };
  const created: AgentActionCreated = { action: { ...base, status: 'APPROVED', execution } };
  return ok({ events: [...events, { type: AGENT_EVENTS.actionCreated, data: created }], actionId });
}

// ---------------------------------------------------------------------------------------------
// Approve and reject (platform)

function pendingAction(state: DomainState, agentId: string, actionId: string): Result<{ agent: Agent; action: AgentAction }, ApiError> {
  const agent = liveAgent(state.agents, agentId);
  if (agent === undefined) return err(agentNotFound(agentId));
  const action = actionOf(state, agentId, actionId);
  if (action === undefined) return err(actionNotFound(actionId));
  if (action.status !== 'PENDING_APPROVAL') {
    return err(apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Agent action ${actionId} is ${action.status}, not PENDING_APPROVAL`, { actionId, status: action.status }));
  }
  return ok({ agent, action });
}

/**
 * Pure: the platform approves a waiting action. Order: 404 NOT_FOUND (agent, then action), 409
 * TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL, then the policy again as it stands now (403 paused,
 * EXECUTE_QUOTES, accountRestrictions, spendingLimits: the action keeps waiting). Then the quote
 * executes: APPROVED with its transaction; or, when execution cannot start (quote expired,
 * insufficient funds, ...), APPROVED then FAILED with the error code as `failureReason`.
 */
export function decideApproveAction(state: DomainState, agentId: string, actionId: string, context: AgentContext): Result<EventDraft[], ApiError> {
  const found = pendingAction(state, agentId, actionId);
  if (!found.ok) return found;
  const { agent, action } = found.value;
  const quote = state.quotes.byId.get(action.quoteId);
  assert(quote !== undefined, `agent action ${actionId} names unknown quote ${action.quoteId}`);
  const spend = spendOf(quote);
  const allowed = checkExecution(agent, spend, context.atMs);
  if (!allowed.ok) return allowed;
  const executed = decideExecuteQuote(state, quote.id, context);
  if (!executed.ok) {
    const approved: AgentActionApproved = { actionId, updatedAt: context.at };
    const failed: AgentActionFailed = { actionId, updatedAt: context.at, failureReason: executed.error.code };
    return ok([
      { type: AGENT_EVENTS.actionApproved, data: approved },
      { type: AGENT_EVENTS.actionFailed, data: failed },
    ]);
  }
  const { events, transactionId } = attributed(executed.value, agent.id);
  const approved: AgentActionApproved = {
    actionId,
    updatedAt: context.at,
    execution: { transactionId, amountMinor: spend.amountMinor.toString(), currency: spend.currency },
  };
  return ok([...events, { type: AGENT_EVENTS.actionApproved, data: approved }]);
}

/**
 * Pure: the platform rejects a waiting action; the quote is not executed. Order: 404 NOT_FOUND
 * (agent, then action), 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL (the spec's code).
 */
export function decideRejectAction(state: DomainState, agentId: string, actionId: string, reason: string | undefined, at: string): Result<EventDraft[], ApiError> {
  const found = pendingAction(state, agentId, actionId);
  if (!found.ok) return found;
  const rejected: AgentActionRejected = { actionId, updatedAt: at, ...(reason === undefined ? {} : { rejectionReason: reason }) };
  return ok([{ type: AGENT_EVENTS.actionRejected, data: rejected }]);
}
