/**
 * Agent and agent action updates: the next stored record built as an object literal of the
 * record's known keys, frozen. Not a spread (or a rest) of the stored record: V8 copies a frozen
 * source through its slow path and leaves the copy's properties out of object, which the deep
 * freeze after it then walked slowly (docs/architecture.md, "Stored records"; docs/performance.md,
 * "Quote, card and onboarding replay (stop 20)"). Keys keep their presence: an optional key absent
 * from the record and the update stays absent, a dropped one is removed.
 */
import { deepFreeze, type Writable } from '../../core/freeze.js';
import type { Agent, AgentAction, AgentActionStatus, AgentPolicy, AgentUsage } from './types.js';

/** What agent events change: the fields given, `drop` removes the named optional keys. */
export type AgentUpdate = {
  readonly updatedAt?: string;
  readonly name?: string;
  readonly isPaused?: boolean;
  readonly policy?: AgentPolicy;
  readonly usage?: AgentUsage;
  readonly accessTokenHash?: string;
  readonly deviceCodeHash?: string;
  readonly deletedAt?: string;
  readonly drop?: readonly ('accessTokenHash' | 'deviceCodeHash')[];
};

/**
 * `agent` with `update` written in, as a new frozen record. Pure: `agent` is untouched; new nested
 * values (a policy, usage) are frozen in place, the others are shared (frozen already).
 */
export function updatedAgent(agent: Agent, update: AgentUpdate): Agent {
  // Every required key of `Agent`, in its declared order; the optional ones follow, when present.
  const next: Writable<Agent> = {
    id: agent.id,
    customerId: agent.customerId,
    name: update.name ?? agent.name,
    isPaused: update.isPaused ?? agent.isPaused,
    policy: update.policy === undefined ? agent.policy : deepFreeze(update.policy),
    usage: update.usage === undefined ? agent.usage : deepFreeze(update.usage),
    createdAt: agent.createdAt,
    updatedAt: update.updatedAt ?? agent.updatedAt,
  };
  const drop = update.drop;
  const accessTokenHash = update.accessTokenHash ?? (drop?.includes('accessTokenHash') === true ? undefined : agent.accessTokenHash);
  if (accessTokenHash !== undefined) next.accessTokenHash = accessTokenHash;
  const deviceCodeHash = update.deviceCodeHash ?? (drop?.includes('deviceCodeHash') === true ? undefined : agent.deviceCodeHash);
  if (deviceCodeHash !== undefined) next.deviceCodeHash = deviceCodeHash;
  const deletedAt = update.deletedAt ?? agent.deletedAt;
  if (deletedAt !== undefined) next.deletedAt = deletedAt;
  return Object.freeze(next);
}

/** What an action move changes besides its status: always `updatedAt`; the rest when given. */
export type AgentActionChanges = Partial<Pick<AgentAction, 'execution' | 'rejectionReason' | 'failureReason'>> & { readonly updatedAt: string };

/** `action` moved to `status` with `changes` written in, as a new frozen record. Pure. */
export function movedAgentAction(action: AgentAction, changes: AgentActionChanges, status: AgentActionStatus): AgentAction {
  const next: Writable<AgentAction> = {
    id: action.id,
    agentId: action.agentId,
    customerId: action.customerId,
    type: action.type,
    status,
    quoteId: action.quoteId,
    createdAt: action.createdAt,
    updatedAt: changes.updatedAt,
  };
  const execution = changes.execution ?? action.execution;
  if (execution !== undefined) next.execution = deepFreeze(execution);
  const rejectionReason = changes.rejectionReason ?? action.rejectionReason;
  if (rejectionReason !== undefined) next.rejectionReason = rejectionReason;
  const failureReason = changes.failureReason ?? action.failureReason;
  if (failureReason !== undefined) next.failureReason = failureReason;
  return Object.freeze(next);
}
