/**
 * `GET /cards` read from its index (`listing/cards.ts`): positions in `cards.order`, newest first
 * unless `sortOrder=asc` (the paging of `query.ts` `pageInEitherOrder`; the positions `cards/list.ts`
 * defines). Indexed (O(log n + page), count included): no filter, a status, a cardholder, a
 * cardholder's cards of a status, a funding account (`accountId`), a `platformCardId`; other
 * combinations walk the narrowest one's range. Pure.
 */
import type { CardFilters } from '../cards/list.js';
import { CARD_STATUSES, type Card } from '../cards/types.js';
import type { DomainState } from '../state.js';
import { type CardListIndex, cardStatusCode } from './cards.js';
import { countPlan, type ListPlan, pageInEitherOrder } from './query.js';
import { codeSource, ownedCodeSource, type PositionSource, sortedSource } from './sources.js';

/** Up to `limit` matching cards from `position`, the next page's position, and every match's count. Pure. */
export function listCardPage(
  state: Pick<DomainState, 'cards' | 'lists'>,
  filters: CardFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Card[]; readonly nextPosition?: number; readonly totalCount: number } {
  const index = state.lists.cards;
  const cardAt = (position: number): Card => state.cards.byId.get(state.cards.order[position]!)!;
  const positionsOf = (map: Map<string, number[]>, key: string): PositionSource => sortedSource(map.get(key) ?? []);
  const sources: PositionSource[] = [];
  // The reference's PENDING_KYC and PROCESSING: no sandbox card is ever in them (code 0: none).
  const status = filters.status === undefined ? undefined : (CARD_STATUSES as readonly string[]).includes(filters.status) ? cardStatusCode(filters.status) : 0;
  // A cardholder's cards of a status are its own status codes: one source rather than two to walk.
  if (filters.customerId !== undefined) sources.push(holderSource(index, filters.customerId, status));
  else if (status !== undefined) sources.push(status === 0 ? sortedSource([]) : codeSource(index.status, status));
  if (filters.accountId !== undefined) sources.push(positionsOf(index.byFundingSource, filters.accountId));
  if (filters.platformCardId !== undefined) sources.push(positionsOf(index.byPlatformCardId, filters.platformCardId));
  const plan: ListPlan = { sources, lo: 0, hi: index.createdMs.length };
  const found = pageInEitherOrder(plan, page, filters.sortOrder !== 'asc');
  const items = found.positions.map(cardAt);
  const totalCount = countPlan(plan);
  return found.nextPosition === undefined ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}

/** The cards of `holder`, of the status code `status` if given (0: none). */
function holderSource(index: CardListIndex, holder: string, status: number | undefined): PositionSource {
  const positions = index.byCustomer.get(holder);
  if (positions === undefined || status === 0) return sortedSource([]);
  if (status === undefined) return sortedSource(positions);
  const codes = index.statusByCustomer.get(holder);
  return codes === undefined ? sortedSource([]) : ownedCodeSource(positions, codes, status);
}
