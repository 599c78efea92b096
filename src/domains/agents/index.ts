/**
 * Agents: software acting for one customer under a policy. Records and store, policy rules,
 * usage counters, credentials (device codes, access tokens), the action lifecycle, events,
 * evolvers, deciders, lists, views and webhooks; docs/agents.md describes them all.
 */
export { actionNotFound, actionOf, decideAgentExecute, decideAgentQuote, decideApproveAction, decideRejectAction, isCustomersAccount, PENDING_ACTIONS_PER_AGENT_MAX, spendOf } from './actions.js';
export type { ActionDecision, AgentQuoteCommand } from './actions.js';
export {
  ACCESS_TOKEN_PREFIX, accessTokenHash, agentForToken, canonicalDeviceCode, DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH, DEVICE_CODE_TTL_MS,
  deviceCodeHash, newAccessToken, newDeviceCode,
} from './credentials.js';
export { AGENT_EVENTS } from './events.js';
export type {
  AgentActionApproved, AgentActionCreated, AgentActionFailed, AgentActionRejected, AgentCreated, AgentDeleted, AgentDeviceCodeIssued,
  AgentDeviceCodeRedeemed, AgentPauseChanged, AgentPolicyChanged, AgentQuoteRequested, AgentRenamed,
} from './events.js';
export { agentEvolvers } from './evolve.js';
export { AGENT_ACTION_EVENTS, AGENT_ACTION_INITIAL_STATUSES, AGENT_ACTION_TABLE, agentActionMachine } from './lifecycle.js';
export type { AgentActionEvent } from './lifecycle.js';
export { listActions, listAgents, matchesAgent, pageInOrder } from './list.js';
export type { ActionFilters, AgentFilters, OrderedPage } from './list.js';
export {
  AGENT_DELETED_REASON, AGENTS_PER_CUSTOMER_MAX, agentNotFound, decideChangePolicy, decideCreateAgent, decideDeleteAgent, decideIssueDeviceCode,
  decidePauseAgent, decideRedeemDeviceCode,
} from './manage.js';
export type { AgentContext, DeviceCodeDecision, RedeemDecision } from './manage.js';
export { AGENT_ACTION_PENDING_APPROVAL, agentNotifiers } from './notify.js';
export { approvalRuleFor, checkAccounts, checkExecution, checkNotPaused, checkPermission, checkSpending, forbidden } from './policy.js';
export type { ApprovalRule, Spend } from './policy.js';
export {
  AGENT_NAME_LENGTH_MAX, createAgentSchema, emptySchema, normalisePolicy, patchedPolicy, pauseAgentSchema, policyPatchSchema, policySchema,
  rejectActionSchema, REJECTION_REASON_LENGTH_MAX, RESTRICTION_IDS_MAX,
} from './schema.js';
export type { AgentUpdateRequest, CreateAgentRequest, PolicyPatchRequest, PolicyRequest } from './schema.js';
export { agentStoreFromSnapshot, agentStoreSnapshot, claimQuote, emptyAgentStore, liveAgent, quoteAgentOf } from './store.js';
export type { AgentStore, AgentStoreSnapshot } from './store.js';
export { AGENT_ACTION_STATUSES, AGENT_ACTION_TYPES, AGENT_PERMISSIONS, EXECUTION_MODES } from './types.js';
export type {
  AccountRestrictions, ActionExecution, Agent, AgentAction, AgentActionStatus, AgentActionType, AgentPermission, AgentPolicy, AgentUsage,
  ApprovalThreshold, DeviceCode, ExecutionMode, SpendingLimits,
} from './types.js';
export { EMPTY_USAGE, spentMinor, usageAt, utcDay, utcMonth, withExecution } from './usage.js';
export { agentActionView, agentView, policyView, usageView } from './view.js';
export type { AgentActionView, AgentView, PolicyView, UsageView } from './view.js';
