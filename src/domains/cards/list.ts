/**
 * `GET /cards` filtering and paging over the creation order. A page position is an index into
 * that order, so a card whose status changes between pages never shifts the others.
 */
import type { CardStore } from './store.js';
import type { Card, CardStatus } from './types.js';

/** The list filters; each absent filter matches every card. */
export type CardFilters = { readonly customerId?: string; readonly status?: CardStatus };

/** The key a cursor is bound to. Pure. */
export function cardQueryKey(filters: CardFilters): string {
  return `cards:${JSON.stringify([filters.customerId ?? null, filters.status ?? null])}`;
}

/** Up to `limit` matching cards from `position` on, oldest first, with the total match count. Pure. */
export function listCards(
  store: CardStore,
  filters: CardFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Card[]; readonly nextPosition?: number; readonly totalCount: number } {
  // A customer filter walks that customer's cards only; both lists are in creation order.
  const ids = filters.customerId === undefined ? store.order : (store.byCustomer.get(filters.customerId) ?? []);
  const items: Card[] = [];
  let totalCount = 0;
  let nextPosition: number | undefined;
  for (let index = 0; index < ids.length; index += 1) {
    const card = store.byId.get(ids[index] ?? '');
    if (card === undefined || (filters.status !== undefined && card.status !== filters.status)) continue;
    totalCount += 1;
    if (index < page.position) continue;
    if (items.length < page.limit) items.push(card);
    else if (nextPosition === undefined) nextPosition = index;
  }
  return nextPosition === undefined ? { items, totalCount } : { items, nextPosition, totalCount };
}
