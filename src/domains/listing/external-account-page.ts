/**
 * The external account lists read from their index (`listing/external-accounts.ts`): creation
 * order, oldest first; a page position is the index into the store's order to resume from (as
 * `external-accounts/list.ts` defined it), so deletions between pages shift nothing. Every filter
 * (the scope, a customer, a currency) and each pair of them is one list of the index, so a page
 * and its count cost O(log n + page). Pure.
 */
import type { ExternalAccountFilters } from '../external-accounts/list.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import type { DomainState } from '../state.js';
import { countPlan, type ListPlan, pageUp } from './query.js';
import { NO_LIST } from '../../core/position-arena.js';
import { arenaListSource, codeSource, type PositionSource } from './sources.js';
import { type ExternalAccountListIndex, ownerCurrencyKey, PLATFORM_OWNER, SCOPE_CODES } from './external-accounts.js';

/** Up to `limit` matching accounts from `position`, where the next page starts (after the last shown), and every match's count. Pure. */
export function listExternalAccountPage(
  state: Pick<DomainState, 'externalAccounts' | 'lists'>,
  filters: ExternalAccountFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly ExternalAccount[]; readonly nextPosition?: number; readonly totalCount: number } {
  const index = state.lists.externalAccounts;
  const plan: ListPlan = { sources: [sourceOf(index, filters)], lo: 0, hi: index.scope.length };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map((position) => state.externalAccounts.byId.get(state.externalAccounts.order.at(position)!)!);
  const last = found.positions[found.positions.length - 1];
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 || last === undefined ? { items, totalCount } : { items, nextPosition: last + 1, totalCount };
}

/** The one list of the index holding exactly the live accounts `filters` select. */
function sourceOf(index: ExternalAccountListIndex, filters: ExternalAccountFilters): PositionSource {
  const { scope, customerId, currency } = filters;
  if (scope === 'customer' && customerId === undefined) {
    return currency === undefined ? codeSource(index.scope, SCOPE_CODES.customer) : arenaListSource(index.positionLists, index.customerByCurrency.get(currency) ?? NO_LIST);
  }
  // One owner: the customer asked for, or the platform itself. A customer filter matches no
  // platform account, and the platform's owner key no customer's.
  const owner = scope === 'platform' ? PLATFORM_OWNER : customerId!;
  if (scope === 'platform' ? customerId !== undefined : owner === PLATFORM_OWNER) return arenaListSource(index.positionLists, NO_LIST);
  const list = currency === undefined ? index.byOwner.get(owner) : index.byOwnerCurrency.get(ownerCurrencyKey(owner, currency));
  return arenaListSource(index.positionLists, list ?? NO_LIST);
}
