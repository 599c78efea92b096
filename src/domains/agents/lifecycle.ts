/**
 * The agent action lifecycle as an xstate machine, and the plain table derived from it once
 * (deciders and evolvers read only the table). Spec: PENDING_APPROVAL -> REJECTED on reject,
 * APPROVED -> FAILED when execution fails; the approval move (PENDING_APPROVAL -> APPROVED) is
 * "not shown" and decided here. An AUTO action within policy is born APPROVED (approved by policy).
 */
import { setup } from 'xstate';
import { type TransitionTable, transitionTable } from '../lifecycle.js';
import type { AgentActionStatus } from './types.js';

/** What can happen to an action. */
export const AGENT_ACTION_EVENTS = ['APPROVE', 'REJECT', 'FAIL'] as const;
/** One of `AGENT_ACTION_EVENTS`. */
export type AgentActionEvent = (typeof AGENT_ACTION_EVENTS)[number];

/** The statuses an action may be created in: awaiting approval, or approved by policy (AUTO). */
export const AGENT_ACTION_INITIAL_STATUSES: readonly AgentActionStatus[] = ['PENDING_APPROVAL', 'APPROVED'];

/** The agent action lifecycle. */
export const agentActionMachine = setup({ types: {} as { events: { type: AgentActionEvent } } }).createMachine({
  id: 'agentAction',
  initial: 'PENDING_APPROVAL',
  states: {
    PENDING_APPROVAL: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    // Execution in progress or done; it can still fail to start (quote expired, insufficient funds).
    APPROVED: { on: { FAIL: 'FAILED' } },
    REJECTED: { type: 'final' },
    FAILED: { type: 'final' },
  },
});

/** The agent action table, derived from the machine once. */
export const AGENT_ACTION_TABLE: TransitionTable<AgentActionStatus, AgentActionEvent> = transitionTable(agentActionMachine);
