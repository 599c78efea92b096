/**
 * The platform's management of agents (Basic credentials): create (with a first device code),
 * issue a new device code, pause or resume, change the policy, delete; and the redemption of a
 * device code for an access token (no credentials). Each reads state and returns events or an
 * ApiError; none mutates state. Unknown and deleted agents are 404 NOT_FOUND alike.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { canonicalDeviceCode, DEVICE_CODE_TTL_MS, deviceCodeHash, newAccessToken, newDeviceCode, type SecretDigest } from './credentials.js';
import {
  AGENT_EVENTS,
  type AgentActionRejected,
  type AgentCreated,
  type AgentDeleted,
  type AgentDeviceCodeIssued,
  type AgentDeviceCodeRedeemed,
  type AgentPauseChanged,
  type AgentPolicyChanged,
  type AgentRenamed,
} from './events.js';
import { type AgentUpdateRequest, type CreateAgentRequest, normalisePolicy, patchedPolicy, type PolicyPatchRequest } from './schema.js';
import { liveAgent } from './store.js';
import type { Agent } from './types.js';
import { EMPTY_USAGE } from './usage.js';

/** Most live agents one customer may have (a bound on every per-customer list). */
export const AGENTS_PER_CUSTOMER_MAX = 100;

/** The rejection reason written on pending actions when their agent is deleted. */
export const AGENT_DELETED_REASON = 'Agent deleted';

/** The instant and id minter of a decision. */
export type AgentContext = {
  readonly at: string;
  readonly atMs: number;
  readonly newId: (type: string) => string;
  /** HMAC under the host's secret: what credentials are minted from (never logged). */
  readonly secretDigest: SecretDigest;
};

/** 404 NOT_FOUND for an unknown or deleted agent (the catalogue has no agent-specific code). */
export function agentNotFound(agentId: string): ApiError {
  return apiError('NOT_FOUND', `Agent ${agentId} not found`);
}

/** A decision that issued a device code: the events and the code to show once. */
export type DeviceCodeDecision = { readonly events: EventDraft[]; readonly code: string; readonly expiresAt: string };

function issueDeviceCode(state: DomainState, agentId: string, context: AgentContext): DeviceCodeDecision {
  const { code, codeHash } = newDeviceCode(state, context.newId, context.secretDigest);
  const expiresAt = formatInstant(context.atMs + DEVICE_CODE_TTL_MS);
  const data: AgentDeviceCodeIssued = { agentId, codeHash, issuedAt: context.at, expiresAt };
  return { events: [{ type: AGENT_EVENTS.deviceCodeIssued, data }], code, expiresAt };
}

/**
 * Pure: a new agent and its first device code. Order: 404 CUSTOMER_NOT_FOUND, 409 CONFLICT when the
 * customer already has AGENTS_PER_CUSTOMER_MAX live agents.
 */
export function decideCreateAgent(state: DomainState, request: CreateAgentRequest, agentId: string, context: AgentContext): Result<DeviceCodeDecision, ApiError> {
  if (!state.customers.byId.has(request.customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId} not found`));
  const live = [...(state.agents.byCustomer.get(request.customerId) ?? [])].filter((id) => liveAgent(state.agents, id) !== undefined);
  if (live.length >= AGENTS_PER_CUSTOMER_MAX) {
    return err(apiError('CONFLICT', `Customer ${request.customerId} already has ${AGENTS_PER_CUSTOMER_MAX} agents; delete one first`));
  }
  const agent: Agent = {
    id: agentId,
    customerId: request.customerId,
    name: request.name,
    isPaused: false,
    policy: normalisePolicy(request.policy),
    usage: EMPTY_USAGE,
    createdAt: context.at,
    updatedAt: context.at,
  };
  const created: AgentCreated = { agent };
  const issued = issueDeviceCode(state, agentId, context);
  return ok({ ...issued, events: [{ type: AGENT_EVENTS.created, data: created }, ...issued.events] });
}

/** Pure: a new device code for the agent, superseding any earlier one not yet redeemed. 404 when unknown. */
export function decideIssueDeviceCode(state: DomainState, agentId: string, context: AgentContext): Result<DeviceCodeDecision, ApiError> {
  if (liveAgent(state.agents, agentId) === undefined) return err(agentNotFound(agentId));
  return ok(issueDeviceCode(state, agentId, context));
}

/** A redemption: the events, and the token to show once. */
export type RedeemDecision = { readonly events: EventDraft[]; readonly agentId: string; readonly accessToken: string };

/**
 * Pure: redeems a device code for an access token that replaces the agent's earlier one. Every
 * code that cannot be redeemed (unknown, already used, expired at or after `expiresAt`, superseded
 * by a newer code, or of a deleted agent) is the same 404 NOT_FOUND, so answers never tell a
 * guesser which codes exist.
 */
export function decideRedeemDeviceCode(state: DomainState, typedCode: string, context: AgentContext): Result<RedeemDecision, ApiError> {
  const codeHash = deviceCodeHash(canonicalDeviceCode(typedCode));
  const code = state.agents.deviceCodes.get(codeHash);
  const agent = code === undefined ? undefined : liveAgent(state.agents, code.agentId);
  if (code === undefined || agent === undefined || code.redeemedAt !== undefined || agent.deviceCodeHash !== codeHash || context.atMs >= instantToMs(code.expiresAt)) {
    return err(apiError('NOT_FOUND', 'Device code not found, already used or expired; ask the platform for a new one'));
  }
  const { token, tokenHash } = newAccessToken(context.newId, context.secretDigest);
  const data: AgentDeviceCodeRedeemed = { agentId: agent.id, codeHash, tokenHash, redeemedAt: context.at };
  return ok({ events: [{ type: AGENT_EVENTS.deviceCodeRedeemed, data }], agentId: agent.id, accessToken: token });
}

/**
 * Pure: renames and/or pauses or resumes the agent (`PATCH /agents/{agentId}`); only what changes
 * is written (no events when nothing does). 404 when unknown.
 */
export function decidePauseAgent(state: DomainState, agentId: string, update: AgentUpdateRequest, at: string): Result<EventDraft[], ApiError> {
  const agent = liveAgent(state.agents, agentId);
  if (agent === undefined) return err(agentNotFound(agentId));
  const events: EventDraft[] = [];
  if (update.name !== undefined && update.name !== agent.name) {
    const data: AgentRenamed = { agentId, name: update.name, updatedAt: at };
    events.push({ type: AGENT_EVENTS.renamed, data });
  }
  if (update.isPaused !== undefined && update.isPaused !== agent.isPaused) {
    const data: AgentPauseChanged = { agentId, isPaused: update.isPaused, updatedAt: at };
    events.push({ type: AGENT_EVENTS.pauseChanged, data });
  }
  return ok(events);
}

/**
 * Pure: replaces the policy fields `patch` names, merging `spendingLimits` into the current
 * limits; the event holds the whole resulting policy. No events when nothing changes. 404 when
 * unknown; 400 when the merged limits would lack currency or perTransactionLimit (nothing written).
 */
export function decideChangePolicy(state: DomainState, agentId: string, patch: PolicyPatchRequest, at: string): Result<EventDraft[], ApiError> {
  const agent = liveAgent(state.agents, agentId);
  if (agent === undefined) return err(agentNotFound(agentId));
  const patched = patchedPolicy(agent.policy, patch);
  if (!patched.ok) return patched;
  const policy = patched.value;
  if (JSON.stringify(policy) === JSON.stringify(agent.policy)) return ok([]);
  const data: AgentPolicyChanged = { agentId, policy, updatedAt: at };
  return ok([{ type: AGENT_EVENTS.policyChanged, data }]);
}

/**
 * Pure: deletes the agent. Its pending actions are rejected first (reason AGENT_DELETED_REASON),
 * then `AgentDeleted` revokes its token. 404 when unknown or already deleted.
 */
export function decideDeleteAgent(state: DomainState, agentId: string, at: string): Result<EventDraft[], ApiError> {
  const agent = liveAgent(state.agents, agentId);
  if (agent === undefined) return err(agentNotFound(agentId));
  const events: EventDraft[] = [];
  for (const actionId of state.agents.actionsByAgent.get(agentId) ?? []) {
    if (state.agents.actions.get(actionId)?.status !== 'PENDING_APPROVAL') continue;
    const rejected: AgentActionRejected = { actionId, updatedAt: at, rejectionReason: AGENT_DELETED_REASON };
    events.push({ type: AGENT_EVENTS.actionRejected, data: rejected });
  }
  const deleted: AgentDeleted = { agentId, deletedAt: at };
  events.push({ type: AGENT_EVENTS.deleted, data: deleted });
  return ok(events);
}
