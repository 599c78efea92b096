/**
 * `GET /cards` read from its index (`listing/cards.ts`): positions in `cards.order`, newest first
 * unless `sortOrder=asc` (the paging of `query.ts` `pageInEitherOrder`; the positions `cards/list.ts`
 * defines). Indexed (O(log n + page), count included): no filter, a status, a cardholder, a
 * `platformCardId`, and their combinations (walking the narrowest). `accountId` walks the cards of
 * the account's owner (a card's funding account is always its cardholder's), never the whole
 * store. Pure.
 */
import type { CardFilters } from '../cards/list.js';
import { CARD_STATUSES, type Card } from '../cards/types.js';
import type { DomainState } from '../state.js';
import { cardStatusCode } from './cards.js';
import { countPlan, type ListPlan, pageInEitherOrder } from './query.js';
import { codeSource, type PositionSource, sortedSource } from './sources.js';

/** Up to `limit` matching cards from `position`, the next page's position, and every match's count. Pure. */
export function listCardPage(
  state: Pick<DomainState, 'cards' | 'lists' | 'accounts'>,
  filters: CardFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Card[]; readonly nextPosition?: number; readonly totalCount: number } {
  const index = state.lists.cards;
  const cardAt = (position: number): Card => state.cards.byId.get(state.cards.order[position]!)!;
  const positionsOf = (map: Map<string, number[]>, key: string | undefined): PositionSource => sortedSource((key === undefined ? undefined : map.get(key)) ?? []);
  const sources: PositionSource[] = [];
  if (filters.customerId !== undefined) sources.push(positionsOf(index.byCustomer, filters.customerId));
  if (filters.status !== undefined) {
    // The reference's PENDING_KYC and PROCESSING: no sandbox card is ever in them.
    const known = (CARD_STATUSES as readonly string[]).includes(filters.status);
    sources.push(known ? codeSource(index.status, cardStatusCode(filters.status)) : sortedSource([]));
  }
  if (filters.platformCardId !== undefined) sources.push(positionsOf(index.byPlatformCardId, filters.platformCardId));
  const accountId = filters.accountId;
  if (accountId !== undefined) sources.push(positionsOf(index.byCustomer, state.accounts.byId.get(accountId)?.customerId));
  // The funding account moves (PATCH), so it is checked on each of the owner's cards.
  const residual = accountId === undefined ? undefined : (position: number): boolean => cardAt(position).fundingSource === accountId;
  const plan: ListPlan = { sources, residual, lo: 0, hi: index.createdMs.length };
  const found = pageInEitherOrder(plan, page, filters.sortOrder !== 'asc');
  const items = found.positions.map(cardAt);
  const totalCount = countPlan(plan);
  return found.nextPosition === undefined ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}
