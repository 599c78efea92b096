/**
 * Agents' store: agent and action records (frozen, replaced on change) and the indexes the rules
 * need: agents in creation order and per customer, actions in creation order and per agent, the
 * one agent each access-token hash and device-code hash belongs to, and which agent asked for
 * which quote. Written only by `agentEvolvers`.
 */
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import { type IdOrder, OrderOf } from '../../core/id-order.js';
import { PositionLists, PositionPairs, type PositionedKeys } from '../../core/position-maps.js';
import { DeviceCodeTable } from './device-codes.js';
import { AgentTokenIndex } from './token-index.js';
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
  /**
   * SHA-256 of a live access token -> agent id. Revoked tokens are removed. Derived from the
   * agents' `accessTokenHash` (token-index.ts): an entry is set with the record holding its hash
   * and deleted before the record drops it.
   */
  readonly agentByTokenHash: Map<string, string>;
  /** SHA-256 of a device code -> the code's record (used and expired ones stay: a code is never reissued). Columns (device-codes.ts). */
  readonly deviceCodes: Map<string, DeviceCode>;
  readonly actions: PackedRecordMap<AgentAction>;
  readonly actionOrder: IdOrder;
  readonly actionsByAgent: PositionLists;
  /**
   * Each quote an agent created through `POST /agents/me/quotes`, and that agent: the quote's
   * position in the quote store paired with the agent's in `byId` (8 B, where a map keyed by the
   * quote id spent ~45 B). Read and written through `quoteAgentOf` and `claimQuote`.
   */
  readonly quoteAgent: PositionPairs;
};

/**
 * An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). The hashes
 * (SHA-256, 64 hex digits) in the agents' packed records are their 32 bytes, never remembered by
 * the codec (`hexDigests: 'unique'`: a hash does not recur in another record): as strings, each
 * cost ~80 B as a key and ~100 B more as a codec's candidate (docs/performance.md, stop 30). The
 * device codes are columns with their hash as 32 bytes, and the token index holds no hash but the
 * agent's record's (stop 32).
 */
export function emptyAgentStore(hot = HOT_RECORDS): AgentStore {
  const byId = new PackedRecordMap<Agent>({ hot, hexDigests: 'unique', hashedCandidates: true });
  const actions = new PackedRecordMap<AgentAction>({ hot, hashedCandidates: true });
  return {
    byId,
    order: new OrderOf(byId.order),
    byCustomer: new PositionLists(byId),
    agentByTokenHash: new AgentTokenIndex(byId),
    deviceCodes: new DeviceCodeTable(byId),
    actions,
    actionOrder: new OrderOf(actions.order),
    actionsByAgent: new PositionLists(actions),
    quoteAgent: new PositionPairs(),
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

/** The agent that created quote `quoteId` (`quotes`: the quote store's map), or undefined. */
export function quoteAgentOf(store: AgentStore, quotes: PositionedKeys, quoteId: string): string | undefined {
  const agent = store.quoteAgent.get(quotes.positionOf(quoteId));
  return agent < 0 ? undefined : store.order.at(agent);
}

/** Records that agent `agentId` created quote `quoteId`; both must be stored already. */
export function claimQuote(store: AgentStore, quotes: PositionedKeys, quoteId: string, agentId: string): void {
  const quote = quotes.positionOf(quoteId);
  assert(quote >= 0, `agent quote ${quoteId} is not a quote`);
  assert(store.quoteAgent.get(quote) < 0, `quote ${quoteId} claimed twice`);
  const agent = store.byId.positionOf(agentId);
  assert(agent >= 0, `quote ${quoteId} claimed by unknown agent ${agentId}`);
  store.quoteAgent.set(quote, agent);
}

/** The store inside an engine snapshot (`quoteAgent`: [quote id, agent id] pairs). JSON-safe. */
export type AgentStoreSnapshot = {
  readonly agents: readonly Agent[];
  readonly deviceCodes: readonly DeviceCode[];
  readonly actions: readonly AgentAction[];
  readonly quoteAgent: readonly (readonly [string, string])[];
};

/** Captures the store (`quotes`: the quote store's map). Pure: records are frozen, so sharing them is safe. */
export function agentStoreSnapshot(store: AgentStore, quotes: PositionedKeys): AgentStoreSnapshot {
  return {
    agents: store.order.map((id) => store.byId.get(id) as Agent),
    deviceCodes: [...store.deviceCodes.values()],
    actions: store.actionOrder.map((id) => store.actions.get(id) as AgentAction),
    quoteAgent: [...store.quoteAgent.entries()].map(([quote, agent]) => [quotes.order.at(quote) as string, store.order.at(agent) as string] as const),
  };
}

/**
 * Rebuilds the store from its snapshot; every index is derived again from the records, the quotes'
 * agents against `quotes` (the loaded quote store's map). Its `hot` records changed last stay
 * objects, as in `emptyAgentStore`.
 */
export function agentStoreFromSnapshot(snapshot: AgentStoreSnapshot | undefined, quotes: PositionedKeys, hot = HOT_RECORDS): AgentStore {
  const store = emptyAgentStore(hot);
  for (const record of snapshot?.agents ?? []) {
    const agent = deepFreeze(record);
    addAgent(store, agent);
    if (agent.accessTokenHash !== undefined && agent.deletedAt === undefined) store.agentByTokenHash.set(agent.accessTokenHash, agent.id);
  }
  for (const record of snapshot?.deviceCodes ?? []) store.deviceCodes.set(record.codeHash, deepFreeze(record));
  for (const record of snapshot?.actions ?? []) {
    addAction(store, deepFreeze(record));
  }
  for (const [quoteId, agentId] of snapshot?.quoteAgent ?? []) claimQuote(store, quotes, quoteId, agentId);
  return store;
}

/** The agent `agentId` unless unknown or deleted. */
export function liveAgent(store: AgentStore, agentId: string): Agent | undefined {
  const agent = store.byId.get(agentId);
  return agent === undefined || agent.deletedAt !== undefined ? undefined : agent;
}
