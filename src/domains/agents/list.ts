/**
 * Listing agents and actions in creation order, oldest first. A page position is the index in the
 * underlying order to resume from, so records that appear or change status while a client pages
 * never shift or repeat the rows of later pages (the order is append-only). Every list is one
 * bounded pass over its order (it also counts `totalCount`). Pure.
 */
import { instantToMs } from '../../core/time.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import type { DomainState } from '../state.js';
import type { Agent, AgentAction, AgentActionStatus } from './types.js';

/** One page: the items, where the next page starts (absent on the last), and every match's count. */
export type OrderedPage<T> = { readonly items: readonly T[]; readonly nextPosition?: number; readonly totalCount: number };

/** Up to `limit` records of `ids` (from `position`) that `match`, plus the count of all matches. */
export function pageInOrder<T>(
  ids: KeyOrder,
  lookup: (id: string) => T | undefined,
  match: (record: T) => boolean,
  page: { readonly limit: number; readonly position: number },
): OrderedPage<T> {
  const items: T[] = [];
  let totalCount = 0;
  let nextPosition: number | undefined;
  for (let index = 0; index < ids.length; index += 1) {
    const record = lookup(ids.at(index) ?? '');
    if (record === undefined || !match(record)) continue;
    totalCount += 1;
    if (index < page.position) continue;
    if (items.length < page.limit) items.push(record);
    else if (nextPosition === undefined) nextPosition = index;
  }
  return nextPosition === undefined ? { items, totalCount } : { items, nextPosition, totalCount };
}

/** Filters of `GET /agents`; the instants are epoch ms, every bound inclusive (the reference's). */
export type AgentFilters = {
  readonly customerId?: string;
  readonly isPaused?: boolean;
  /** Whether a device code was redeemed (the agent holds an access token). */
  readonly isConnected?: boolean;
  readonly createdAfterMs?: number;
  readonly createdBeforeMs?: number;
  readonly updatedAfterMs?: number;
  readonly updatedBeforeMs?: number;
};

/** True when `agent` is live and passes every filter given. Pure. */
export function matchesAgent(agent: Agent, filters: AgentFilters): boolean {
  if (agent.deletedAt !== undefined) return false;
  if (filters.customerId !== undefined && agent.customerId !== filters.customerId) return false;
  if (filters.isPaused !== undefined && agent.isPaused !== filters.isPaused) return false;
  if (filters.isConnected !== undefined && (agent.accessTokenHash !== undefined) !== filters.isConnected) return false;
  const within = (ms: number, after: number | undefined, before: number | undefined): boolean => (after === undefined || ms >= after) && (before === undefined || ms <= before);
  return within(instantToMs(agent.createdAt), filters.createdAfterMs, filters.createdBeforeMs) && within(instantToMs(agent.updatedAt), filters.updatedAfterMs, filters.updatedBeforeMs);
}

/** Live agents matching `filters`, oldest first: one pass over the creation order (the model the list index is tested against). */
export function listAgents(state: Pick<DomainState, 'agents'>, filters: AgentFilters, page: { limit: number; position: number }): OrderedPage<Agent> {
  return pageInOrder(state.agents.order, (id) => state.agents.byId.get(id), (agent) => matchesAgent(agent, filters), page);
}

/** Filters of the action lists. */
export type ActionFilters = { readonly agentId?: string; readonly customerId?: string; readonly status?: AgentActionStatus };

/** Actions matching `filters`, oldest first. */
export function listActions(state: DomainState, filters: ActionFilters, page: { limit: number; position: number }): OrderedPage<AgentAction> {
  const ids = filters.agentId === undefined ? state.agents.actionOrder : (state.agents.actionsByAgent.get(filters.agentId) ?? []);
  return pageInOrder(
    ids,
    (id) => state.agents.actions.get(id),
    (action) => (filters.status === undefined || action.status === filters.status) && (filters.customerId === undefined || action.customerId === filters.customerId),
    page,
  );
}
