/**
 * Applies agent events to the agent store. Evolvers trust the log and assert the rest: every
 * action move goes through AGENT_ACTION_TABLE, and usage counters grow only with an execution.
 */
import { deepFreeze } from '../../core/freeze.js';
import { assert } from '../../core/assert.js';
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import {
  AGENT_EVENTS,
  type AgentActionApproved,
  type AgentActionCreated,
  type AgentActionFailed,
  type AgentActionRejected,
  type AgentCreated,
  type AgentDeleted,
  type AgentDeviceCodeIssued,
  type AgentDeviceCodeRedeemed,
  type AgentPauseChanged,
  type AgentPolicyChanged,
  type AgentRenamed,
  type AgentQuoteRequested,
} from './events.js';
import { AGENT_ACTION_INITIAL_STATUSES, AGENT_ACTION_TABLE, type AgentActionEvent } from './lifecycle.js';
import { type AgentActionChanges, type AgentUpdate, movedAgentAction, updatedAgent } from './record.js';
import { addAction, addAgent, claimQuote } from './store.js';
import type { ActionExecution, Agent, AgentAction } from './types.js';
import { withExecution } from './usage.js';

function agentOf(state: DomainState, agentId: string): Agent {
  const agent = state.agents.byId.get(agentId);
  assert(agent !== undefined && agent.deletedAt === undefined, `agent event for unknown or deleted agent ${agentId}`);
  return agent;
}

/** Stores the next record of a stored agent (`record.ts`: a literal of its keys, not a spread). */
function updateAgent(state: DomainState, agent: Agent, update: AgentUpdate): void {
  state.agents.byId.set(agent.id, updatedAgent(agent, update));
}

function countExecution(state: DomainState, agentId: string, execution: ActionExecution, at: string): void {
  const agent = agentOf(state, agentId);
  updateAgent(state, agent, { usage: withExecution(agent.usage, instantToMs(at), execution.currency, BigInt(execution.amountMinor)) });
}

function moveAction(state: DomainState, actionId: string, event: AgentActionEvent, changes: AgentActionChanges): AgentAction {
  const action = state.agents.actions.get(actionId);
  assert(action !== undefined, `agent action event for unknown action ${actionId}`);
  const to = AGENT_ACTION_TABLE.next(action.status, event);
  assert(to !== undefined, `agent action ${actionId} cannot ${event} from ${action.status}`);
  const next = movedAgentAction(action, changes, to);
  state.agents.actions.set(actionId, next);
  return next;
}

/** Evolvers for agent events. */
export const agentEvolvers: EvolverTable = {
  [AGENT_EVENTS.created]: (state, event) => {
    const { agent } = event.data as AgentCreated;
    assert(!state.agents.byId.has(agent.id), `agent ${agent.id} created twice`);
    // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
    addAgent(state.agents, deepFreeze(agent));
  },
  [AGENT_EVENTS.deviceCodeIssued]: (state, event) => {
    const data = event.data as AgentDeviceCodeIssued;
    const agent = agentOf(state, data.agentId);
    assert(!state.agents.deviceCodes.has(data.codeHash), `device code issued twice for agent ${data.agentId}`);
    state.agents.deviceCodes.set(data.codeHash, Object.freeze({ codeHash: data.codeHash, agentId: data.agentId, issuedAt: data.issuedAt, expiresAt: data.expiresAt }));
    updateAgent(state, agent, { deviceCodeHash: data.codeHash });
  },
  [AGENT_EVENTS.deviceCodeRedeemed]: (state, event) => {
    const data = event.data as AgentDeviceCodeRedeemed;
    const agent = agentOf(state, data.agentId);
    const code = state.agents.deviceCodes.get(data.codeHash);
    assert(code !== undefined && code.agentId === agent.id && code.redeemedAt === undefined, `device code of agent ${agent.id} redeemed twice or unknown`);
    assert(agent.deviceCodeHash === data.codeHash, `agent ${agent.id} redeemed a superseded device code`);
    state.agents.deviceCodes.set(data.codeHash, Object.freeze({ codeHash: code.codeHash, agentId: code.agentId, issuedAt: code.issuedAt, expiresAt: code.expiresAt, redeemedAt: data.redeemedAt }));
    // One live token per agent: the new one replaces the old.
    if (agent.accessTokenHash !== undefined) state.agents.agentByTokenHash.delete(agent.accessTokenHash);
    assert(!state.agents.agentByTokenHash.has(data.tokenHash), `access token of agent ${agent.id} issued twice`);
    // The record first: the token index finds an entry through its agent's `accessTokenHash`.
    updateAgent(state, agent, { accessTokenHash: data.tokenHash, updatedAt: data.redeemedAt, drop: ['deviceCodeHash'] });
    state.agents.agentByTokenHash.set(data.tokenHash, agent.id);
  },
  [AGENT_EVENTS.pauseChanged]: (state, event) => {
    const data = event.data as AgentPauseChanged;
    updateAgent(state, agentOf(state, data.agentId), { isPaused: data.isPaused, updatedAt: data.updatedAt });
  },
  [AGENT_EVENTS.renamed]: (state, event) => {
    const data = event.data as AgentRenamed;
    updateAgent(state, agentOf(state, data.agentId), { name: data.name, updatedAt: data.updatedAt });
  },
  [AGENT_EVENTS.policyChanged]: (state, event) => {
    const data = event.data as AgentPolicyChanged;
    updateAgent(state, agentOf(state, data.agentId), { policy: data.policy, updatedAt: data.updatedAt });
  },
  [AGENT_EVENTS.deleted]: (state, event) => {
    const data = event.data as AgentDeleted;
    const agent = agentOf(state, data.agentId);
    for (const id of state.agents.actionsByAgent.get(agent.id) ?? []) {
      assert(state.agents.actions.get(id)?.status !== 'PENDING_APPROVAL', `agent ${agent.id} deleted with action ${id} still pending`);
    }
    if (agent.accessTokenHash !== undefined) state.agents.agentByTokenHash.delete(agent.accessTokenHash);
    updateAgent(state, agent, { deletedAt: data.deletedAt, updatedAt: data.deletedAt, drop: ['accessTokenHash', 'deviceCodeHash'] });
  },
  [AGENT_EVENTS.quoteRequested]: (state, event) => {
    const data = event.data as AgentQuoteRequested;
    agentOf(state, data.agentId);
    claimQuote(state.agents, state.quotes.byId, data.quoteId, data.agentId);
  },
  [AGENT_EVENTS.actionCreated]: (state, event) => {
    const { action } = event.data as AgentActionCreated;
    assert(!state.agents.actions.has(action.id), `agent action ${action.id} created twice`);
    assert(AGENT_ACTION_INITIAL_STATUSES.includes(action.status), `agent action ${action.id} created ${action.status}`);
    assert((action.status === 'APPROVED') === (action.execution !== undefined), `agent action ${action.id}: born APPROVED exactly when executing`);
    agentOf(state, action.agentId);
    addAction(state.agents, deepFreeze(action));
    if (action.execution !== undefined) countExecution(state, action.agentId, action.execution, event.at);
  },
  [AGENT_EVENTS.actionApproved]: (state, event) => {
    const data = event.data as AgentActionApproved;
    const action = moveAction(state, data.actionId, 'APPROVE', {
      updatedAt: data.updatedAt,
      ...(data.execution === undefined ? {} : { execution: data.execution }),
    });
    if (data.execution !== undefined) countExecution(state, action.agentId, data.execution, event.at);
  },
  [AGENT_EVENTS.actionRejected]: (state, event) => {
    const data = event.data as AgentActionRejected;
    moveAction(state, data.actionId, 'REJECT', {
      updatedAt: data.updatedAt,
      ...(data.rejectionReason === undefined ? {} : { rejectionReason: data.rejectionReason }),
    });
  },
  [AGENT_EVENTS.actionFailed]: (state, event) => {
    const data = event.data as AgentActionFailed;
    const action = state.agents.actions.get(data.actionId);
    assert(action?.execution === undefined, `agent action ${data.actionId} failed after its execution started`);
    moveAction(state, data.actionId, 'FAIL', { updatedAt: data.updatedAt, failureReason: data.failureReason });
  },
};
