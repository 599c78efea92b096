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
import { actionStatusCode } from './agent-actions.js';
import { countPlan, type ListPlan, pageInEitherOrder } from './query.js';
import { NO_LIST } from '../../core/position-arena.js';
import { arenaListSource, codeSource, firstPositionAtLeast, ownedArenaCodeSource, type PositionSource, sortedSource } from './sources.js';

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
    const codes = index.statusByCustomer.get(customerId);
    sources.push(status === undefined ? arenaListSource(lists, positions) : codes === undefined ? sortedSource([]) : ownedArenaCodeSource(lists, positions, codes, status));
  }
  const plan: ListPlan = { sources, ...rangeOf(index.createdMs, order) };
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
  const own = state.lists.agentActions.byAgent.get(agentId);
  const ids = state.agents.actionsByAgent.get(agentId) ?? [];
  if (own === undefined) return { items: [], totalCount: 0 };
  const actionAt = (position: number): AgentAction => state.agents.actions.get(ids.at(position)!)!;
  const sources = filters.status === undefined ? [] : [codeSource(own.status, actionStatusCode(filters.status))];
  // An agent's actions are its customer's; the customer filter is still checked, not assumed.
  const customerId = filters.customerId;
  const residual = customerId === undefined ? undefined : (position: number): boolean => actionAt(position).customerId === customerId;
  return pageOf({ sources, residual, ...rangeOf(own.createdMs, order) }, page, order, actionAt);
}

/** [lo, hi): the positions created in the range (creation times never decrease along a list). */
function rangeOf(createdMs: readonly number[], order: ActionOrder): { readonly lo: number; readonly hi: number } {
  const keyAt = (position: number): number => createdMs[position] ?? 0;
  const length = createdMs.length;
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
