/**
 * The internal account lists (`GET /customers/internal-accounts`, `/platform/internal-accounts`,
 * `/agents/me/internal-accounts`): the reference's `currency` and `type` filters and one page of
 * a scope's accounts (a customer's, every customer's or those of one currency or type, the platform's)
 * in opening order. Positions are
 * indexes into the scope, which only grows at its end, so a cursor never shifts. Pure.
 */
import { z } from 'zod';
import { type AccountList, type CustomerAccountIndex, INTERNAL_ACCOUNT_TYPES, type InternalAccount, type InternalAccountType, NO_ACCOUNTS } from './store.js';

/**
 * Query fields of the filters: `currency` a code (one no account holds matches nothing), `type`
 * the reference's InternalAccountType and the two DECISIONS.md adds (RULE_BASED, BULK_SETTLEMENT).
 */
export const internalAccountFilterFields = {
  currency: z.string().regex(/^[A-Z0-9]{3,10}$/, { error: 'currency must be a currency code such as USD or USDC' }).optional(),
  type: z.enum(INTERNAL_ACCOUNT_TYPES, { error: `type must be one of ${INTERNAL_ACCOUNT_TYPES.join(', ')}` }).optional(),
};

/** The filters of an internal account list. */
export type InternalAccountFilters = { readonly currency?: string | undefined; readonly type?: InternalAccountType | undefined };

/** The part of a list's cursor key the filters add: empty without filters, so earlier cursors stay valid. Pure. */
export function accountFilterKey(filters: InternalAccountFilters): string {
  return `${filters.currency === undefined ? '' : `:currency=${filters.currency}`}${filters.type === undefined ? '' : `:type=${filters.type}`}`;
}

function matches(account: InternalAccount, filters: InternalAccountFilters): boolean {
  return (filters.currency === undefined || account.currency === filters.currency) && (filters.type === undefined || account.type === filters.type);
}

/**
 * The ids every customer's list walks for `filters`, and the filter left to apply while walking:
 * a currency's list (then the type, if any, is checked on each), else a type's list, else all.
 * The choice depends on which filters are given only, so a cursor's positions keep one meaning.
 */
export function customerAccountScope(
  index: CustomerAccountIndex,
  filters: InternalAccountFilters,
): { readonly accounts: AccountList; readonly rest: InternalAccountFilters } {
  if (filters.currency !== undefined) return { accounts: index.byCurrency.get(filters.currency) ?? NO_ACCOUNTS, rest: filters.type === undefined ? {} : { type: filters.type } };
  if (filters.type !== undefined) return { accounts: index.byType.get(filters.type) ?? NO_ACCOUNTS, rest: {} };
  return { accounts: index.all, rest: {} };
}

/** A page of accounts: where the next one starts (undefined on the last) and every match's count. */
export type AccountPage = { readonly items: readonly InternalAccount[]; readonly nextPosition?: number; readonly totalCount: number };

/**
 * Up to `limit` of `accounts` matching `filters`, from `position`. Unfiltered it reads only the
 * page; a filter counts its matches by reading every account of the list (a customer's few, the
 * platform's, or every customer's of one currency when a type is asked too).
 */
export function accountPage(
  accounts: AccountList,
  filters: InternalAccountFilters,
  page: { readonly limit: number; readonly position: number },
): AccountPage {
  if (filters.currency === undefined && filters.type === undefined) {
    const end = Math.min(accounts.length, page.position + page.limit);
    const items: InternalAccount[] = [];
    for (let position = page.position; position < end; position += 1) items.push(accounts.accountAt(position));
    return end < accounts.length ? { items, nextPosition: end, totalCount: accounts.length } : { items, totalCount: accounts.length };
  }
  const items: InternalAccount[] = [];
  let totalCount = 0;
  let lastShown = -1;
  let more = false;
  for (let index = 0; index < accounts.length; index += 1) {
    const account = accounts.accountAt(index);
    if (!matches(account, filters)) continue;
    totalCount += 1;
    if (index < page.position) continue;
    if (items.length < page.limit) {
      items.push(account);
      lastShown = index;
    } else more = true;
  }
  // The next page resumes just after the last account shown.
  return more ? { items, nextPosition: lastShown + 1, totalCount } : { items, totalCount };
}
