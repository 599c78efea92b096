/**
 * The index of `GET /agents`: per position of the agent store's creation order (`agents.order`),
 * `createdAt` in epoch ms (non-decreasing: a creation range is a binary search), the positions of
 * each customer, and three codes that move: deletion (1 live, 2 deleted), paused (1 no, 2 yes) and
 * connected (1 no, 2 yes: a device code was redeemed). A deleted agent's paused and connected codes
 * are 0, so those filters alone never need the deletion code. Positions only; kept by
 * `listing/evolve.ts`, rebuilt from a snapshot's store by `listing/rebuild.ts`.
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { instantToMs } from '../../core/time.js';
import type { AgentStore } from '../agents/store.js';
import type { Agent } from '../agents/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { emptyPositionArena, type PositionArena } from '../../core/position-arena.js';
import { pushArenaPosition } from './sources.js';
import { positionOfListed } from './transactions.js';

/** Codes of the yes/no columns; 0 marks a deleted agent in `paused` and `connected`. */
export const AGENT_CODES = { live: 1, deleted: 2, no: 1, yes: 2 } as const;

/** The agent list's index; positions are indexes into `agents.order`. */
export type AgentListIndex = {
  readonly createdMs: number[];
  /** The per-customer position lists of `byCustomer` (its values are their handles here). */
  readonly positionLists: PositionArena;
  readonly byCustomer: Map<string, number>;
  readonly live: CodeIndex;
  readonly paused: CodeIndex;
  readonly connected: CodeIndex;
};

/** An empty index. */
export function emptyAgentListIndex(): AgentListIndex {
  return { createdMs: [], positionLists: emptyPositionArena(), byCustomer: new PackedKeyMap(), live: emptyCodeIndex(), paused: emptyCodeIndex(), connected: emptyCodeIndex() };
}

type Codes = { readonly live: number; readonly paused: number; readonly connected: number };

function codesOf(agent: Agent): Codes {
  if (agent.deletedAt !== undefined) return { live: AGENT_CODES.deleted, paused: 0, connected: 0 };
  return {
    live: AGENT_CODES.live,
    paused: agent.isPaused ? AGENT_CODES.yes : AGENT_CODES.no,
    connected: agent.accessTokenHash !== undefined ? AGENT_CODES.yes : AGENT_CODES.no,
  };
}

/** Lists the agents the store holds that the index lacks. */
export function catchUpAgentList(store: AgentStore, index: AgentListIndex): void {
  for (let position = index.createdMs.length; position < store.order.length; position += 1) {
    const agent = store.byId.get(store.order.at(position)!)!;
    index.createdMs.push(instantToMs(agent.createdAt));
    pushArenaPosition(index.positionLists, index.byCustomer, agent.customerId, position);
    const codes = codesOf(agent);
    appendCode(index.live, codes.live);
    appendCode(index.paused, codes.paused);
    appendCode(index.connected, codes.connected);
  }
}

/** Re-reads a listed agent's deletion, pause and connection (after an event changed one). */
export function syncAgentCodes(store: AgentStore, index: AgentListIndex, agent: Agent): void {
  const position = positionOfListed({ ids: store.order, createdMs: index.createdMs }, agent.id, instantToMs(agent.createdAt));
  if (position === -1) return;
  const codes = codesOf(agent);
  setCode(index.live, position, codes.live);
  setCode(index.paused, position, codes.paused);
  setCode(index.connected, position, codes.connected);
}
