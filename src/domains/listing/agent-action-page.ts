/**
 * Agent actions of every agent read from their index (`listing/agent-actions.ts`): creation order,
 * oldest first unless `order.newestFirst` (the paging of `query.ts` `pageInEitherOrder`); a page
 * position indexes `agents.actionOrder`. Oldest first, positions and `nextPosition` are what
 * `agents/list.ts` `pageInOrder` defines. A status, a customer, or both (the customer's status
 * codes), and a creation range (a binary search on the creation times) are indexed; so is one
 * agent's list with a status and a range (`listAgentActionPage`: positions index
 * `agents.actionsByAgent`). Pure.
 */
import type { ActionFilters, OrderedPage } from '../agents/list.js';
import type { AgentAction } from '../agents/types.js';
import type { DomainState } from '../state.js';
import { type AgentActionListIndex, actionStatusCode } from './agent-actions.js';
import { countPlan, type ListPlan, pageInEitherOrder } from './query.js';
import { listLength, listTimeAt, NO_LIST } from '../../core/position-arena.js';
import { arenaListSource, codeSource, firstPositionAtLeast, localCodeSource, ownedArenaCodeSource, ownedListCodeSource, type PositionSource } from './sources.js';

/** The creation range [createdAfterMs, createdBeforeMs) and the order of an action page. */
export type ActionOrder = { readonly createdAfterMs?: number; readonly createdBeforeMs?: number; readonly newestFirst?: boolean };

/** Actions of any agent matching `filters` (an agent filter is `listActions`'s), in `order`. Pure. */
export function listAllAgentActionPage(
  state: Pick<DomainState, 'agents' | 'lists'>,
  filters: Omit<ActionFilters, 'agentId'>,
  page: { readonly limit: number; readonly position: number },
  order: ActionOrder = {},
): OrderedPage<AgentAction> {
  const index = state.lists.agentActions;
  const sources: PositionSource[] = [];
  const customerId = filters.customerId;
  const status = filters.status === undefined ? undefined : actionStatusCode(filters.status);
  if (customerId === undefined) {
    if (status !== undefined) sources.push(codeSource(index.status, status));
  } else {
    // A customer's actions of one status are one source (the customer's approvals), not two to walk.
    const lists = index.positionLists;
    const positions = index.byCustomer.get(customerId) ?? NO_LIST;
    // Past one block its codes have trees (a `CodeIndex`); a shorter list's code bytes are scanned.
    const long = index.longStatusByCustomer.get(customerId);
    const byStatus = (code: number): PositionSource => (long === undefined ? ownedListCodeSource(lists, positions, (byte) => byte, code) : ownedArenaCodeSource(lists, positions, long, code));
    sources.push(status === undefined ? arenaListSource(lists, positions) : byStatus(status));
  }
  const plan: ListPlan = { sources, ...rangeOf(index.createdMs.length, (position) => index.createdMs[position] ?? 0, order) };
  return pageOf(plan, page, order, (position) => state.agents.actions.get(state.agents.actionOrder.at(position)!)!);
}

/** One agent's actions matching `filters`, in `order`, as `listActions` with that agent answers them oldest first. Pure. */
export function listAgentActionPage(
  state: Pick<DomainState, 'agents' | 'lists'>,
  agentId: string,
  filters: Omit<ActionFilters, 'agentId'>,
  page: { readonly limit: number; readonly position: number },
  order: ActionOrder = {},
): OrderedPage<AgentAction> {
  const index = state.lists.agentActions;
  const own = index.ownByAgent.get(agentId);
  const ids = state.agents.actionsByAgent.get(agentId) ?? [];
  if (own === undefined) return { items: [], totalCount: 0 };
  const actionAt = (position: number): AgentAction => state.agents.actions.get(ids.at(position)!)!;
  const sources = filters.status === undefined ? [] : [ownStatusSource(index, agentId, own, actionStatusCode(filters.status))];
  // An agent's actions are its customer's; the customer filter is still checked, not assumed.
  const customerId = filters.customerId;
  const residual = customerId === undefined ? undefined : (position: number): boolean => actionAt(position).customerId === customerId;
  const lists = index.ownLists;
  return pageOf({ sources, residual, ...rangeOf(listLength(lists, own), (local) => listTimeAt(lists, own, local), order) }, page, order, actionAt);
}

// The local positions of an agent's own `list` whose status is `code`: its `CodeIndex` when the list has one (a long list), else a scan of its code bytes.
function ownStatusSource(index: AgentActionListIndex, agentId: string, list: number, code: number): PositionSource {
  const long = index.ownLongStatus.get(agentId);
  return long === undefined ? localCodeSource(index.ownLists, list, (byte) => byte, code) : codeSource(long, code);
}

/** [lo, hi): the positions created in the range, `keyAt(position)` the creation time of each of `length` positions (never decreasing). */
function rangeOf(length: number, keyAt: (position: number) => number, order: ActionOrder): { readonly lo: number; readonly hi: number } {
  return {
    lo: order.createdAfterMs === undefined ? 0 : firstPositionAtLeast(length, keyAt, order.createdAfterMs),
    hi: order.createdBeforeMs === undefined ? length : firstPositionAtLeast(length, keyAt, order.createdBeforeMs),
  };
}

function pageOf(plan: ListPlan, page: { readonly limit: number; readonly position: number }, order: ActionOrder, actionAt: (position: number) => AgentAction): OrderedPage<AgentAction> {
  const found = pageInEitherOrder(plan, page, order.newestFirst === true);
  const items = found.positions.map(actionAt);
  const totalCount = countPlan(plan);
  return found.nextPosition === undefined ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}
