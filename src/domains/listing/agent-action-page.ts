/**
 * Agent actions of every agent read from their index (`listing/agent-actions.ts`): creation order,
 * oldest first; a page position is the index into `agents.actionOrder` to resume from and
 * `nextPosition` the next match's (as `agents/list.ts` `pageInOrder` defines them). A status, a
 * customer, or both (walking the narrower) are indexed. Pure.
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
