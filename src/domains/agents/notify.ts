/**
 * Webhook notifications of agent events: `AGENT_ACTION.PENDING_APPROVAL` (DECISIONS.md) when an
 * action starts waiting for the platform's approval, with `data` the whole AgentAction. No other
 * agent webhook type is named, so nothing else is announced. Registered in `NOTIFIERS`.
 */
import type { Notification, NotifierTable } from '../notifications.js';
import { AGENT_EVENTS, type AgentActionCreated } from './events.js';
import { agentActionView } from './view.js';

/** The webhook type of an action waiting for approval. */
export const AGENT_ACTION_PENDING_APPROVAL = 'AGENT_ACTION.PENDING_APPROVAL';

/** Notifiers for agent events. */
export const agentNotifiers: NotifierTable = {
  [AGENT_EVENTS.actionCreated]: (state, event): readonly Notification[] => {
    const { action } = event.data as AgentActionCreated;
    const stored = state.agents.actions.get(action.id);
    if (stored === undefined || stored.status !== 'PENDING_APPROVAL') return [];
    return [{ type: AGENT_ACTION_PENDING_APPROVAL, data: agentActionView(stored, state) }];
  },
};
