/**
 * The index of `GET /agents/approvals` without an agent: action positions (the agent store's
 * `actionOrder`) per customer, and each action's status as a code (it moves on approve, reject,
 * fail), over all actions and again over each customer's positions (a customer's actions of one
 * status: the approvals of a customer), there as a code byte per member of the customer's list
 * (scanned while the list fits one `CODE_BLOCK_SIZE` block, as a `CodeIndex` past it, since
 * stop 32; a `CodeIndex` per customer cost ~100 B of heap before). Per agent, the creation times and status codes over that
 * agent's own list (`agents.actionsByAgent`), for one agent's actions: one list per agent in an
 * arena with times and codes, where an object, a JS array of times and a `CodeIndex` per agent cost
 * ~200 B besides its actions; an agent past one `CODE_BLOCK_SIZE` block of actions also has its
 * codes as a `CodeIndex` (`ownLongStatus`), so that a status filter costs O(log n) on a long list.
 * Ids and positions only; kept by `listing/evolve.ts`.
 */
import { type KeyOrder, PackedKeyMap } from '../../core/packed-key-map.js';
import { instantToMs } from '../../core/time.js';
import type { AgentStore } from '../agents/store.js';
import { AGENT_ACTION_STATUSES, type AgentAction } from '../agents/types.js';
import { appendCode, CODE_BLOCK_SIZE, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { appendTimedToList, emptyPositionArena, listCodeAt, listFirstTimeAtLeast, listLength, listLowerBound, listTimeAt, NO_LIST, type PositionArena, setListCode } from '../../core/position-arena.js';
import { pushArenaPosition } from './sources.js';
import { positionInTimeRun, positionOfListed } from './transactions.js';

/** The action list's index; positions are indexes into `agents.actionOrder`. */
export type AgentActionListIndex = {
  /** `createdAt` in epoch ms, parallel to the order (to find an action's position). */
  readonly createdMs: number[];
  /**
   * The per-customer position lists of `byCustomer` (its values are their handles here), with
   * each member's status code as its code byte.
   */
  readonly positionLists: PositionArena;
  readonly byCustomer: Map<string, number>;
  /** Codes: `AGENT_ACTION_STATUSES` index + 1. */
  readonly status: CodeIndex;
  /** Per customer with more than `CODE_BLOCK_SIZE` actions, its list's status codes again as a `CodeIndex` (local positions), whose trees keep a page O(log n). */
  readonly longStatusByCustomer: Map<string, CodeIndex>;
  /**
   * Per agent, a list of `ownLists` (its handle here) parallel to that agent's `actionsByAgent`
   * list: local position i is its i-th action, whose `agents.actionOrder` position is member i,
   * its `createdAt` in epoch ms time i and its status code code i.
   */
  readonly ownByAgent: Map<string, number>;
  /** The agents' lists of `ownByAgent`, with times and codes. */
  readonly ownLists: PositionArena;
  /** Per agent with more than `CODE_BLOCK_SIZE` actions, its status codes again as a `CodeIndex` (local positions). */
  readonly ownLongStatus: Map<string, CodeIndex>;
};

/** An empty index. */
export function emptyAgentActionListIndex(): AgentActionListIndex {
  return {
    createdMs: [],
    positionLists: emptyPositionArena(false, true), byCustomer: new PackedKeyMap(), status: emptyCodeIndex(), longStatusByCustomer: new PackedKeyMap(),
    ownByAgent: new PackedKeyMap(),
    ownLists: emptyPositionArena(true, true),
    ownLongStatus: new PackedKeyMap(),
  };
}

/** The status code of a filter value (1-based). */
export const actionStatusCode = (status: string): number => (AGENT_ACTION_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the actions the store holds that the index lacks. */
export function catchUpAgentActionList(store: AgentStore, index: AgentActionListIndex): void {
  for (let position = index.createdMs.length; position < store.actionOrder.length; position += 1) {
    const action = store.actions.get(store.actionOrder.at(position)!)!;
    index.createdMs.push(instantToMs(action.createdAt));
    appendCode(index.status, actionStatusCode(action.status));
    appendCustomer(index, action, position);
    appendOwn(index, action, position);
  }
}

// Appends the action at `position` to its agent's own list, and to the agent's `CodeIndex` once the list passes one block.
function appendOwn(index: AgentActionListIndex, action: AgentAction, position: number): void {
  const list = appendTimedToList(index.ownLists, index.ownByAgent.get(action.agentId) ?? NO_LIST, position, instantToMs(action.createdAt));
  index.ownByAgent.set(action.agentId, list);
  const length = listLength(index.ownLists, list);
  setListCode(index.ownLists, list, length - 1, actionStatusCode(action.status));
  if (length <= CODE_BLOCK_SIZE) return;
  let codes = index.ownLongStatus.get(action.agentId);
  if (codes === undefined) {
    codes = emptyCodeIndex();
    index.ownLongStatus.set(action.agentId, codes);
  }
  for (let local = codes.length; local < length; local += 1) appendCode(codes, listCodeAt(index.ownLists, list, local));
}

// Appends the action at `position` to its customer's list with its status code, and to the customer's `CodeIndex` once the list passes one block.
function appendCustomer(index: AgentActionListIndex, action: AgentAction, position: number): void {
  const lists = index.positionLists;
  const list = pushArenaPosition(lists, index.byCustomer, action.customerId, position);
  const length = listLength(lists, list);
  setListCode(lists, list, length - 1, actionStatusCode(action.status));
  if (length <= CODE_BLOCK_SIZE) return;
  let codes = index.longStatusByCustomer.get(action.customerId);
  if (codes === undefined) {
    codes = emptyCodeIndex();
    index.longStatusByCustomer.set(action.customerId, codes);
  }
  for (let local = codes.length; local < length; local += 1) appendCode(codes, listCodeAt(lists, list, local));
}

/** Re-reads a listed action's status. */
export function syncAgentActionStatus(store: AgentStore, index: AgentActionListIndex, action: AgentAction): void {
  const position = positionOfListed({ ids: store.actionOrder, createdMs: index.createdMs }, action.id, instantToMs(action.createdAt));
  if (position !== -1) {
    setCode(index.status, position, actionStatusCode(action.status));
    const positions = index.byCustomer.get(action.customerId);
    if (positions !== undefined) {
      const local = listLowerBound(index.positionLists, positions, position);
      setListCode(index.positionLists, positions, local, actionStatusCode(action.status));
      const codes = index.longStatusByCustomer.get(action.customerId);
      if (codes !== undefined) setCode(codes, local, actionStatusCode(action.status));
    }
  }
  const own = index.ownByAgent.get(action.agentId);
  const ids = store.actionsByAgent.get(action.agentId);
  if (own === undefined || ids === undefined) return;
  const local = ownLocalOf(index.ownLists, own, ids, action);
  if (local === -1) return;
  setListCode(index.ownLists, own, local, actionStatusCode(action.status));
  const codes = index.ownLongStatus.get(action.agentId);
  if (codes !== undefined) setCode(codes, local, actionStatusCode(action.status));
}

// The local position of `action` in its agent's own `list` (`ids`, its ids), or -1: a binary search on the creation times.
function ownLocalOf(lists: PositionArena, list: number, ids: KeyOrder, action: AgentAction): number {
  const createdMs = instantToMs(action.createdAt);
  const first = listFirstTimeAtLeast(lists, list, createdMs);
  return positionInTimeRun(ids, first, listLength(lists, list), (local) => listTimeAt(lists, list, local), action.id, createdMs);
}
