/**
 * `GET /quotes` read from its index (`listing/quotes.ts`): creation order, oldest first; a page
 * position is the rank among the matching quotes (the generic `pageOf` cursor), found in the
 * index, and only the page's quotes are returned for viewing. Indexed: no filter, customerId,
 * status (the wire status, kept current as quotes and their transactions move); customerId with
 * status walks that customer's quotes. Pure.
 */
import type { Quote, QuoteStatus } from '../quotes/types.js';
import type { DomainState } from '../state.js';
import { countPlan, type ListPlan, pageUp, positionOfRank } from './query.js';
import { customerList } from './customer-rows.js';
import { arenaListSource, codeSource, type PositionSource } from './sources.js';
import { quoteStatusCode } from './quotes.js';

/** The list filters; each absent filter matches every quote. */
export type QuoteFilters = { readonly customerId?: string | undefined; readonly status?: QuoteStatus | undefined };

/** The quotes of one page (ranks `position` on), and every match's count. Pure. */
export function listQuotePage(
  state: Pick<DomainState, 'quotes' | 'customers' | 'lists'>,
  filters: QuoteFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Quote[]; readonly totalCount: number } {
  const index = state.lists.quotes;
  const sources: PositionSource[] = [];
  if (filters.customerId !== undefined) sources.push(arenaListSource(index.positionLists, customerList(state, index, filters.customerId)));
  if (filters.status !== undefined) sources.push(codeSource(index.status, quoteStatusCode(filters.status)));
  const plan: ListPlan = { sources, lo: 0, hi: state.quotes.order.length };
  const totalCount = countPlan(plan);
  const first = page.position < totalCount ? positionOfRank(plan, page.position) : -1;
  const positions = first === -1 ? [] : pageUp(plan, first, page.limit).positions;
  return { items: positions.map((position) => state.quotes.byId.valueAt(position)), totalCount };
}
