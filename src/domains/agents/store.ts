/**
 * Agents' store: agent and action records (frozen, replaced on change) and the indexes the rules
 * need: agents in creation order and per customer, actions in creation order and per agent, the
 * one agent each access-token hash and device-code hash belongs to, and which agent asked for
 * which quote. Written only by `agentEvolvers`.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { deepFreeze } from '../../core/freeze.js';
import type { Agent, AgentAction, DeviceCode } from './types.js';

/** Everything the agent events derive. */
export type AgentStore = {
  readonly byId: Map<string, Agent>;
  /** Agent ids in creation order (deleted ones included; reads skip them). */
  readonly order: string[];
  readonly byCustomer: Map<string, string[]>;
  /** SHA-256 of a live access token -> agent id. Revoked tokens are removed. */
  readonly agentByTokenHash: Map<string, string>;
  /** SHA-256 of a device code -> the code's record (used and expired ones stay: a code is never reissued). */
  readonly deviceCodes: Map<string, DeviceCode>;
  readonly actions: Map<string, AgentAction>;
  readonly actionOrder: string[];
  readonly actionsByAgent: Map<string, string[]>;
  /** Quote id -> the agent that created it through `POST /agents/me/quotes`. */
  readonly quoteAgent: Map<string, string>;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyAgentStore(hot = HOT_RECORDS): AgentStore {
  return {
    byId: new PackedRecordMap<Agent>({ hot }),
    order: [],
    byCustomer: new Map(),
    agentByTokenHash: new Map(),
    deviceCodes: new PackedRecordMap<DeviceCode>({ hot }),
    actions: new PackedRecordMap<AgentAction>({ hot }),
    actionOrder: [],
    actionsByAgent: new Map(),
    quoteAgent: new Map(),
  };
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

/** Appends `value` to the list at `key` of `map`. */
export function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * Rebuilds the store from its snapshot; every index is derived again from the records. Its `hot`
 * records changed last stay objects, as in `emptyAgentStore`.
 */
export function agentStoreFromSnapshot(snapshot: AgentStoreSnapshot | undefined, hot = HOT_RECORDS): AgentStore {
  const store = emptyAgentStore(hot);
  for (const record of snapshot?.agents ?? []) {
    const agent = deepFreeze(record);
    store.byId.set(agent.id, agent);
    store.order.push(agent.id);
    pushTo(store.byCustomer, agent.customerId, agent.id);
    if (agent.accessTokenHash !== undefined && agent.deletedAt === undefined) store.agentByTokenHash.set(agent.accessTokenHash, agent.id);
  }
  for (const record of snapshot?.deviceCodes ?? []) store.deviceCodes.set(record.codeHash, deepFreeze(record));
  for (const record of snapshot?.actions ?? []) {
    const action = deepFreeze(record);
    store.actions.set(action.id, action);
    store.actionOrder.push(action.id);
    pushTo(store.actionsByAgent, action.agentId, action.id);
  }
  for (const [quoteId, agentId] of snapshot?.quoteAgent ?? []) store.quoteAgent.set(quoteId, agentId);
  return store;
}

/** The agent `agentId` unless unknown or deleted. */
export function liveAgent(store: AgentStore, agentId: string): Agent | undefined {
  const agent = store.byId.get(agentId);
  return agent === undefined || agent.deletedAt !== undefined ? undefined : agent;
}
