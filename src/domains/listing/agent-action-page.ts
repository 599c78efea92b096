/**
 * Agent actions of every agent read from their index (`listing/agent-actions.ts`): creation order,
 * oldest first; a page position is the index into `agents.actionOrder` to resume from and
 * `nextPosition` the next match's (as `agents/list.ts` `pageInOrder` defines them). A status, a
 * customer, or both (walking the narrower) are indexed; so is one agent's list with a status
 * (`listAgentActionPage`: positions index `agents.actionsByAgent`). Pure.
 */
import type { ActionFilters, OrderedPage } from '../agents/list.js';
import type { AgentAction } from '../agents/types.js';
import type { DomainState } from '../state.js';
import { actionStatusCode } from './agent-actions.js';
import { countPlan, type ListPlan, pageUp } from './query.js';
import { codeSource, type PositionSource, sortedSource } from './sources.js';

/** Actions of any agent matching `filters` (an agent filter is `listActions`'s), oldest first. Pure. */
export function listAllAgentActionPage(
  state: Pick<DomainState, 'agents' | 'lists'>,
  filters: Omit<ActionFilters, 'agentId'>,
  page: { readonly limit: number; readonly position: number },
): OrderedPage<AgentAction> {
  const index = state.lists.agentActions;
  const sources: PositionSource[] = [];
  if (filters.status !== undefined) sources.push(codeSource(index.status, actionStatusCode(filters.status)));
  if (filters.customerId !== undefined) sources.push(sortedSource(index.byCustomer.get(filters.customerId) ?? []));
  const plan: ListPlan = { sources, lo: 0, hi: index.createdMs.length };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map((position) => state.agents.actions.get(state.agents.actionOrder[position]!)!);
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}

/** One agent's actions matching `filters`, oldest first, as `listActions` with that agent answers them. Pure. */
export function listAgentActionPage(
  state: Pick<DomainState, 'agents' | 'lists'>,
  agentId: string,
  filters: Omit<ActionFilters, 'agentId'>,
  page: { readonly limit: number; readonly position: number },
): OrderedPage<AgentAction> {
  const own = state.lists.agentActions.byAgent.get(agentId);
  const ids = state.agents.actionsByAgent.get(agentId) ?? [];
  if (own === undefined) return { items: [], totalCount: 0 };
  const actionAt = (position: number): AgentAction => state.agents.actions.get(ids[position]!)!;
  const sources = filters.status === undefined ? [] : [codeSource(own.status, actionStatusCode(filters.status))];
  // An agent's actions are its customer's; the customer filter is still checked, not assumed.
  const customerId = filters.customerId;
  const residual = customerId === undefined ? undefined : (position: number): boolean => actionAt(position).customerId === customerId;
  const plan: ListPlan = { sources, residual, lo: 0, hi: own.createdMs.length };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map(actionAt);
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}
