/**
 * `GET /agents` read from its index (`listing/agents.ts`): live agents in creation order, oldest
 * first; a page position is a position in `agents.order`, `nextPosition` the next match's (as
 * `agents/list.ts` `listAgents`, the scan kept as the model). Indexed (O(log n + page), count
 * included): no filter, a customer, `isPaused`, `isConnected`, the created range, and their
 * combinations (walking the narrowest). The updated range is checked on each agent of that range.
 * Pure.
 */
import { type AgentFilters, matchesAgent, type OrderedPage } from '../agents/list.js';
import type { Agent } from '../agents/types.js';
import type { DomainState } from '../state.js';
import { AGENT_CODES } from './agents.js';
import { countPlan, type ListPlan, pageInEitherOrder } from './query.js';
import { NO_LIST } from '../../core/position-arena.js';
import { arenaListSource, codeSource, firstPositionAtLeast, type PositionSource } from './sources.js';

/** Up to `limit` matching live agents from `position`, the next match's position, and every match's count. Pure. */
export function listAgentPage(
  state: Pick<DomainState, 'agents' | 'lists'>,
  filters: AgentFilters,
  page: { readonly limit: number; readonly position: number },
): OrderedPage<Agent> {
  const index = state.lists.agents;
  const keyAt = (position: number): number => index.createdMs[position] ?? 0;
  const length = index.createdMs.length;
  const lo = filters.createdAfterMs === undefined ? 0 : firstPositionAtLeast(length, keyAt, filters.createdAfterMs);
  // createdBefore is inclusive (the reference's).
  const hi = filters.createdBeforeMs === undefined ? length : firstPositionAtLeast(length, keyAt, Math.floor(filters.createdBeforeMs) + 1);
  const yesNo = (value: boolean): number => (value ? AGENT_CODES.yes : AGENT_CODES.no);
  const sources: PositionSource[] = [];
  if (filters.customerId !== undefined) sources.push(arenaListSource(index.positionLists, index.byCustomer.get(filters.customerId) ?? NO_LIST));
  // A deleted agent has neither paused code nor connected code, so those filters leave it out by themselves.
  if (filters.isPaused !== undefined) sources.push(codeSource(index.paused, yesNo(filters.isPaused)));
  if (filters.isConnected !== undefined) sources.push(codeSource(index.connected, yesNo(filters.isConnected)));
  if (filters.isPaused === undefined && filters.isConnected === undefined) sources.push(codeSource(index.live, AGENT_CODES.live));
  const agentAt = (position: number): Agent => state.agents.byId.get(state.agents.order.at(position)!)!;
  const updated = filters.updatedAfterMs !== undefined || filters.updatedBeforeMs !== undefined;
  const plan: ListPlan = updated ? { sources, lo, hi, residual: (position) => matchesAgent(agentAt(position), filters) } : { sources, lo, hi };
  const found = pageInEitherOrder(plan, page, false);
  const items = found.positions.map(agentAt);
  const totalCount = countPlan(plan);
  return found.nextPosition === undefined ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}
