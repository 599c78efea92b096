/**
 * Two list operations beside their resources' modules: `GET /stablecoin-provider-accounts`
 * (reference `listStablecoinProviderAccounts`: filters `provider`, `status`) and `GET /quotes`
 * (not in the reference; the generic list shape of DECISIONS.md with filters `customerId` and the
 * wire `status`, in creation order). Both page with `limit` and a cursor bound to the query.
 */
import { z } from 'zod';
import { ok } from '../../core/result.js';
import { QUOTE_STATUSES } from '../../domains/quotes/types.js';
import { quoteView } from '../../domains/quotes/view.js';
import { listQuotePage } from '../../domains/listing/quote-page.js';
import { providerAccountView } from '../../domains/stablecoins/view.js';
import { PROVIDER_ACCOUNT_STATUSES } from '../../domains/stablecoins/types.js';
import type { DomainState } from '../../domains/state.js';
import { listBody, pageOf } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { readListQuery } from './list-query.js';

const paging = { limit: z.string().optional(), cursor: z.string().optional() };

/** `GET /stablecoin-provider-accounts` query. */
export const providerAccountsQuery = z.strictObject({
  provider: z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/, { error: 'provider must be 2 to 32 upper-case letters, digits or _' }).optional(),
  status: z.enum(PROVIDER_ACCOUNT_STATUSES, { error: `status must be one of ${PROVIDER_ACCOUNT_STATUSES.join(', ')}` }).optional(),
  ...paging,
});

/** `GET /quotes` query. */
export const quotesQuery = z.strictObject({
  customerId: z.string().min(1).max(200).optional(),
  status: z.enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
  ...paging,
});

const keyOf = (name: string) => ({ limit: _l, cursor: _c, ...filters }: Record<string, string | undefined>) => `${name}:${JSON.stringify(filters)}`;

/** The routes of this module. */
export const extraListRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/stablecoin-provider-accounts',
    auth: 'platform',
    querySchema: providerAccountsQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(providerAccountsQuery, request, keyOf('stablecoin-provider-accounts'));
      if (!read.ok) return read;
      const { provider, status } = read.value.query;
      const links = state.stablecoins.providerAccountOrder
        .map((id) => state.stablecoins.providerAccounts.get(id)!)
        .filter((link) => (provider === undefined || link.provider === provider) && (status === undefined || link.status === status));
      return ok(answer(200, pageOf(links.map(providerAccountView), read.value.page, read.value.key)));
    },
  },
  {
    method: 'GET',
    path: '/quotes',
    auth: 'platform',
    querySchema: quotesQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(quotesQuery, request, keyOf('quotes'));
      if (!read.ok) return read;
      const { customerId, status } = read.value.query;
      const { page, key } = read.value;
      // Only the page's quotes are viewed; the index finds them and counts every match (domains/listing).
      const found = listQuotePage(state, { customerId, status }, page);
      const data = found.items.map((quote) => quoteView(quote, state));
      const next = page.position + data.length;
      return ok(answer(200, listBody(data, { totalCount: found.totalCount, nextPosition: next < found.totalCount ? next : undefined }, key)));
    },
  },
];
