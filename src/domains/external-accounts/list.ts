/**
 * Listing external accounts of one scope (a customer's, or the platform's) with optional filters,
 * over the store's creation order. A page position is an index into that order (which keeps the
 * ids of deleted accounts), so deleting an account between pages never shifts the others: none is
 * skipped or repeated because of it.
 */
import type { ExternalAccountScope } from './read.js';
import type { ExternalAccountStore } from './store.js';
import type { ExternalAccount, ExternalAccountCurrency } from './types.js';

/** The list filters; each absent filter matches every account of the scope. */
export type ExternalAccountFilters = {
  readonly scope: ExternalAccountScope;
  /** Customer scope only: that customer's accounts. */
  readonly customerId?: string;
  readonly currency?: ExternalAccountCurrency;
};

/** One page: the accounts, where the next page starts (absent on the last), and the total. */
export type ExternalAccountPage = {
  readonly items: readonly ExternalAccount[];
  readonly nextPosition?: number;
  readonly totalCount: number;
};

/** True when `account` passes every filter. Pure. */
export function matchesFilters(account: ExternalAccount, filters: ExternalAccountFilters): boolean {
  if (filters.scope === 'platform' ? account.customerId !== undefined : account.customerId === undefined) return false;
  if (filters.customerId !== undefined && account.customerId !== filters.customerId) return false;
  if (filters.currency !== undefined && account.currency !== filters.currency) return false;
  return true;
}

/** The key a cursor is bound to: scope and filters, in a fixed order. Pure. */
export function externalAccountQueryKey(filters: ExternalAccountFilters): string {
  return `external-accounts:${JSON.stringify([filters.scope, filters.customerId ?? null, filters.currency ?? null])}`;
}

/** Up to `limit` matching accounts from `position` in creation order. Pure. */
export function listExternalAccounts(
  store: ExternalAccountStore,
  filters: ExternalAccountFilters,
  page: { readonly limit: number; readonly position: number },
): ExternalAccountPage {
  const items: ExternalAccount[] = [];
  let totalCount = 0;
  let lastTakenIndex = -1;
  let hasMore = false;
  // One pass over the order (bounded by the number of accounts ever created): it also counts totalCount.
  for (let index = 0; index < store.order.length; index += 1) {
    const account = store.byId.get(store.order.at(index) ?? '');
    if (account === undefined || !matchesFilters(account, filters)) continue;
    totalCount += 1;
    if (index < page.position) continue;
    if (items.length < page.limit) {
      items.push(account);
      lastTakenIndex = index;
    } else hasMore = true;
  }
  return hasMore ? { items, nextPosition: lastTakenIndex + 1, totalCount } : { items, totalCount };
}
