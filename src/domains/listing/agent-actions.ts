/**
 * The index of `GET /agents/approvals` without an agent: action positions (the agent store's
 * `actionOrder`) per customer, and each action's status as a code (it moves on approve, reject,
 * fail), over all actions and again over each customer's positions (a customer's actions of one
 * status: the approvals of a customer). Per agent, the same status codes over that agent's own
 * list (`agents.actionsByAgent`), for one agent's actions. Ids and positions only; kept by
 * `listing/evolve.ts`.
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { instantToMs } from '../../core/time.js';
import type { AgentStore } from '../agents/store.js';
import { AGENT_ACTION_STATUSES, type AgentAction } from '../agents/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { emptyPositionArena, listLowerBound, type PositionArena } from '../../core/position-arena.js';
import { appended, pushArenaPosition } from './sources.js';
import { positionOfListed } from './transactions.js';

/** The action list's index; positions are indexes into `agents.actionOrder`. */
export type AgentActionListIndex = {
  /** `createdAt` in epoch ms, parallel to the order (to find an action's position). */
  readonly createdMs: number[];
  /** The per-customer position lists of `byCustomer` (its values are their handles here). */
  readonly positionLists: PositionArena;
  readonly byCustomer: Map<string, number>;
  /** Codes: `AGENT_ACTION_STATUSES` index + 1. */
  readonly status: CodeIndex;
  /** Per customer, the status codes parallel to its `byCustomer` positions. */
  readonly statusByCustomer: Map<string, CodeIndex>;
  /** Per agent: positions index that agent's `actionsByAgent` list. */
  readonly byAgent: Map<string, OwnActionIndex>;
};

/** One agent's actions: `createdAt` in epoch ms and the status code, parallel to its list. */
export type OwnActionIndex = { createdMs: number[]; readonly status: CodeIndex };

/** An empty index. */
export function emptyAgentActionListIndex(): AgentActionListIndex {
  return { createdMs: [], positionLists: emptyPositionArena(), byCustomer: new PackedKeyMap(), status: emptyCodeIndex(), statusByCustomer: new PackedKeyMap(), byAgent: new PackedKeyMap() };
}

/** The status code of a filter value (1-based). */
export const actionStatusCode = (status: string): number => (AGENT_ACTION_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the actions the store holds that the index lacks. */
export function catchUpAgentActionList(store: AgentStore, index: AgentActionListIndex): void {
  for (let position = index.createdMs.length; position < store.actionOrder.length; position += 1) {
    const action = store.actions.get(store.actionOrder.at(position)!)!;
    index.createdMs.push(instantToMs(action.createdAt));
    pushArenaPosition(index.positionLists, index.byCustomer, action.customerId, position);
    appendCode(index.status, actionStatusCode(action.status));
    appendCode(customerCodesFor(index, action.customerId), actionStatusCode(action.status));
    const own = ownIndexFor(index, action.agentId);
    own.createdMs = appended(own.createdMs, instantToMs(action.createdAt));
    appendCode(own.status, actionStatusCode(action.status));
  }
}

function customerCodesFor(index: AgentActionListIndex, customerId: string): CodeIndex {
  let codes = index.statusByCustomer.get(customerId);
  if (codes === undefined) {
    codes = emptyCodeIndex();
    index.statusByCustomer.set(customerId, codes);
  }
  return codes;
}

function ownIndexFor(index: AgentActionListIndex, agentId: string): OwnActionIndex {
  let own = index.byAgent.get(agentId);
  if (own === undefined) {
    own = { createdMs: [], status: emptyCodeIndex() };
    index.byAgent.set(agentId, own);
  }
  return own;
}

/** Re-reads a listed action's status. */
export function syncAgentActionStatus(store: AgentStore, index: AgentActionListIndex, action: AgentAction): void {
  const position = positionOfListed({ ids: store.actionOrder, createdMs: index.createdMs }, action.id, instantToMs(action.createdAt));
  if (position !== -1) {
    setCode(index.status, position, actionStatusCode(action.status));
    const positions = index.byCustomer.get(action.customerId);
    const codes = index.statusByCustomer.get(action.customerId);
    if (positions !== undefined && codes !== undefined) setCode(codes, listLowerBound(index.positionLists, positions, position), actionStatusCode(action.status));
  }
  const own = index.byAgent.get(action.agentId);
  const ids = store.actionsByAgent.get(action.agentId);
  if (own === undefined || ids === undefined) return;
  const ownPosition = positionOfListed({ ids, createdMs: own.createdMs }, action.id, instantToMs(action.createdAt));
  if (ownPosition !== -1) setCode(own.status, ownPosition, actionStatusCode(action.status));
}
