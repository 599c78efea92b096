/**
 * Agents' store: agent and action records (frozen, replaced on change) and the indexes the rules
 * need: agents in creation order and per customer, actions in creation order and per agent, the
 * one agent each access-token hash and device-code hash belongs to, and which agent asked for
 * which quote. Written only by `agentEvolvers`.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { deepFreeze } from '../../core/freeze.js';
import { type IdOrder, OrderOf } from '../../core/id-order.js';
import { PositionLists, PositionPairMap, PositionValuedMap, type PositionedKeys } from '../../core/position-maps.js';
import type { Agent, AgentAction, DeviceCode } from './types.js';

/**
 * Everything the agent events derive. Agents and actions are never deleted from their maps, so
 * their creation orders are the maps' insertion orders, and the indexes hold agents and actions
 * as positions in those orders (core/position-maps.ts), not as id strings. Written through
 * `addAgent` and `addAction`.
 */
export type AgentStore = {
  readonly byId: PackedRecordMap<Agent>;
  /** Agent ids in creation order (deleted ones included; reads skip them). */
  readonly order: IdOrder;
  readonly byCustomer: PositionLists;
  /** SHA-256 of a live access token -> agent id. Revoked tokens are removed. */
  readonly agentByTokenHash: Map<string, string>;
  /** SHA-256 of a device code -> the code's record (used and expired ones stay: a code is never reissued). */
  readonly deviceCodes: Map<string, DeviceCode>;
  readonly actions: PackedRecordMap<AgentAction>;
  readonly actionOrder: IdOrder;
  readonly actionsByAgent: PositionLists;
  /**
   * Quote id -> the agent that created it through `POST /agents/me/quotes`: pairs of positions
   * (the quote's in the quote store, the agent's in `byId`), 8 B an agent's quote.
   */
  readonly quoteAgent: Map<string, string>;
};

/**
 * An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). `quotes` is the
 * quote store's map (no quote is ever deleted), whose positions `quoteAgent` holds.
 */
export function emptyAgentStore(quotes: PositionedKeys, hot = HOT_RECORDS): AgentStore {
  const byId = new PackedRecordMap<Agent>({ hot });
  const actions = new PackedRecordMap<AgentAction>({ hot });
  return {
    byId,
    order: new OrderOf(byId.order),
    byCustomer: new PositionLists(byId),
    agentByTokenHash: new PositionValuedMap(byId),
    deviceCodes: new PackedRecordMap<DeviceCode>({ hot }),
    actions,
    actionOrder: new OrderOf(actions.order),
    actionsByAgent: new PositionLists(actions),
    quoteAgent: new PositionPairMap(quotes, byId),
  };
}

/** Stores a new agent (frozen) and lists it under its customer. */
export function addAgent(store: AgentStore, agent: Agent): void {
  store.byId.set(agent.id, agent);
  store.byCustomer.push(agent.customerId, store.byId.size - 1);
}

/** Stores a new action (frozen) and lists it under its agent. */
export function addAction(store: AgentStore, action: AgentAction): void {
  store.actions.set(action.id, action);
  store.actionsByAgent.push(action.agentId, store.actions.size - 1);
}

/** The store inside an engine snapshot. JSON-safe. */
export type AgentStoreSnapshot = {
  readonly agents: readonly Agent[];
  readonly deviceCodes: readonly DeviceCode[];
  readonly actions: readonly AgentAction[];
  readonly quoteAgent: readonly (readonly [string, string])[];
};

/** Captures the store. Pure: records are frozen, so sharing them is safe. */
export function agentStoreSnapshot(store: AgentStore): AgentStoreSnapshot {
  return {
    agents: store.order.map((id) => store.byId.get(id) as Agent),
    deviceCodes: [...store.deviceCodes.values()],
    actions: store.actionOrder.map((id) => store.actions.get(id) as AgentAction),
    quoteAgent: [...store.quoteAgent],
  };
}

/**
 * Rebuilds the store from its snapshot; every index is derived again from the records. Its `hot`
 * records changed last stay objects, as in `emptyAgentStore`; `quotes` is the loaded quote store's map.
 */
export function agentStoreFromSnapshot(snapshot: AgentStoreSnapshot | undefined, quotes: PositionedKeys, hot = HOT_RECORDS): AgentStore {
  const store = emptyAgentStore(quotes, hot);
  for (const record of snapshot?.agents ?? []) {
    const agent = deepFreeze(record);
    addAgent(store, agent);
    if (agent.accessTokenHash !== undefined && agent.deletedAt === undefined) store.agentByTokenHash.set(agent.accessTokenHash, agent.id);
  }
  for (const record of snapshot?.deviceCodes ?? []) store.deviceCodes.set(record.codeHash, deepFreeze(record));
  for (const record of snapshot?.actions ?? []) {
    addAction(store, deepFreeze(record));
  }
  for (const [quoteId, agentId] of snapshot?.quoteAgent ?? []) store.quoteAgent.set(quoteId, agentId);
  return store;
}

/** The agent `agentId` unless unknown or deleted. */
export function liveAgent(store: AgentStore, agentId: string): Agent | undefined {
  const agent = store.byId.get(agentId);
  return agent === undefined || agent.deletedAt !== undefined ? undefined : agent;
}
