/**
 * Agent events. Data is JSON-safe as written (amounts are decimal strings, no undefined), and no
 * event holds a secret: device codes and access tokens appear only as SHA-256 hashes.
 */
import type { ActionExecution, Agent, AgentAction, AgentPolicy } from './types.js';

/** A new agent (no device code yet: `AgentDeviceCodeIssued` follows in the same request). */
export type AgentCreated = { readonly agent: Agent };

/** A device code was issued; it supersedes any earlier one of the agent not yet redeemed. */
export type AgentDeviceCodeIssued = { readonly agentId: string; readonly codeHash: string; readonly issuedAt: string; readonly expiresAt: string };

/** A device code was redeemed for an access token, which replaces the agent's earlier token. */
export type AgentDeviceCodeRedeemed = { readonly agentId: string; readonly codeHash: string; readonly tokenHash: string; readonly redeemedAt: string };

/** The platform paused or resumed the agent. */
export type AgentPauseChanged = { readonly agentId: string; readonly isPaused: boolean; readonly updatedAt: string };

/** The platform renamed the agent (`PATCH /agents/{agentId}` with `name`). */
export type AgentRenamed = { readonly agentId: string; readonly name: string; readonly updatedAt: string };

/** The platform changed the agent's policy (the whole policy after the change). */
export type AgentPolicyChanged = { readonly agentId: string; readonly policy: AgentPolicy; readonly updatedAt: string };

/** The platform deleted the agent: its token is revoked (its pending actions were rejected first). */
export type AgentDeleted = { readonly agentId: string; readonly deletedAt: string };

/** The agent created a quote (`POST /agents/me/quotes`); only such quotes are its to execute. */
export type AgentQuoteRequested = { readonly agentId: string; readonly quoteId: string };

/** A new action: PENDING_APPROVAL, or APPROVED by policy with its execution started. */
export type AgentActionCreated = { readonly action: AgentAction };

/** The platform approved a pending action; `execution` when it started (absent when it failed to start). */
export type AgentActionApproved = { readonly actionId: string; readonly updatedAt: string; readonly execution?: ActionExecution };

/** The platform rejected a pending action (or the agent was deleted). */
export type AgentActionRejected = { readonly actionId: string; readonly updatedAt: string; readonly rejectionReason?: string };

/** An approved action's execution failed to start; `failureReason` is the error code. */
export type AgentActionFailed = { readonly actionId: string; readonly updatedAt: string; readonly failureReason: string };

/** Event type names of this domain. */
export const AGENT_EVENTS = {
  created: 'AgentCreated',
  deviceCodeIssued: 'AgentDeviceCodeIssued',
  deviceCodeRedeemed: 'AgentDeviceCodeRedeemed',
  pauseChanged: 'AgentPauseChanged',
  renamed: 'AgentRenamed',
  policyChanged: 'AgentPolicyChanged',
  deleted: 'AgentDeleted',
  quoteRequested: 'AgentQuoteRequested',
  actionCreated: 'AgentActionCreated',
  actionApproved: 'AgentActionApproved',
  actionRejected: 'AgentActionRejected',
  actionFailed: 'AgentActionFailed',
} as const;
