/**
 * The external account lists read from their index (`listing/external-accounts.ts`): creation
 * order, oldest first; a page position is the index into the store's order to resume from (as
 * `external-accounts/list.ts` defined it), so deletions between pages shift nothing. Every filter
 * (the scope, a customer, a currency) is indexed; a customer with a currency walks the
 * customer's accounts. Pure.
 */
import type { ExternalAccountFilters } from '../external-accounts/list.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import type { DomainState } from '../state.js';
import { countPlan, type ListPlan, pageUp } from './query.js';
import { codeSource, sortedSource } from './sources.js';
import { SCOPE_CODES } from './external-accounts.js';

/** Up to `limit` matching accounts from `position`, where the next page starts (after the last shown), and every match's count. Pure. */
export function listExternalAccountPage(
  state: Pick<DomainState, 'externalAccounts' | 'lists'>,
  filters: ExternalAccountFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly ExternalAccount[]; readonly nextPosition?: number; readonly totalCount: number } {
  const index = state.lists.externalAccounts;
  const sources = [codeSource(index.scope, SCOPE_CODES[filters.scope])];
  if (filters.customerId !== undefined) sources.push(sortedSource(index.byOwner.get(filters.customerId) ?? []));
  if (filters.currency !== undefined) sources.push(sortedSource(index.byCurrency.get(filters.currency) ?? []));
  const plan: ListPlan = { sources, lo: 0, hi: index.scope.length };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map((position) => state.externalAccounts.byId.get(state.externalAccounts.order[position]!)!);
  const last = found.positions[found.positions.length - 1];
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 || last === undefined ? { items, totalCount } : { items, nextPosition: last + 1, totalCount };
}
