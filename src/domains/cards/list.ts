/**
 * `GET /cards` filtering and paging over the creation order (`cards.order`), newest first (the
 * reference's default) or oldest first with `sortOrder=asc`. A page position is a position in that
 * order, so a card whose status changes between pages never shifts the others: oldest first, the
 * next card to show; newest first, an exclusive bound (0: from the newest), so cards issued
 * between pages never shift or repeat rows. `listCards` is the plain scan, kept as the model the
 * list index (`listing/card-page.ts`) is tested against.
 */
import type { CardStore } from './store.js';
import type { Card, CardStatus } from './types.js';

/** The reference's CardState: the engine's statuses, and two no sandbox card is ever in. */
export const CARD_STATES = ['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
/** One of `CARD_STATES`. */
export type CardState = (typeof CARD_STATES)[number];

/** The list filters; each absent filter matches every card. */
export type CardFilters = {
  /** The cardholder (`customerId`, the reference's `cardholderId`). */
  readonly customerId?: string;
  /** `status`, or the reference's `state` (PENDING_KYC and PROCESSING match no card). */
  readonly status?: CardStatus | CardState;
  readonly platformCardId?: string;
  /** The internal account funding the card (`fundingSource`; the reference's `accountId`). */
  readonly accountId?: string;
  /** Oldest first when `asc`; newest first (the reference's default) otherwise. */
  readonly sortOrder?: 'asc';
};

/** True when `card` passes every filter given. Pure. */
export function matchesCard(card: Card, filters: CardFilters): boolean {
  return (
    (filters.customerId === undefined || card.customerId === filters.customerId) &&
    (filters.status === undefined || card.status === filters.status) &&
    (filters.platformCardId === undefined || card.platformCardId === filters.platformCardId) &&
    (filters.accountId === undefined || card.fundingSource === filters.accountId)
  );
}

/**
 * The key a cursor is bound to. Oldest first with no customer and none of the reference's
 * filters, the first key (those cursors keep working with `sortOrder=asc`); else every filter and
 * the order. Pure.
 */
export function cardQueryKey(filters: CardFilters): string {
  const { customerId, status, platformCardId, accountId, sortOrder } = filters;
  if (sortOrder === 'asc' && customerId === undefined && platformCardId === undefined && accountId === undefined) return `cards:${JSON.stringify([null, status ?? null])}`;
  return `cards:v2:${JSON.stringify([customerId ?? null, status ?? null, platformCardId ?? null, accountId ?? null, sortOrder ?? 'desc'])}`;
}

/** Up to `limit` matching cards from `position` (see the module comment), with the total match count: one pass over the store. Pure. */
export function listCards(
  store: CardStore,
  filters: CardFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Card[]; readonly nextPosition?: number; readonly totalCount: number } {
  const matches: number[] = [];
  for (let position = 0; position < store.order.length; position += 1) {
    const card = store.byId.get(store.order[position] ?? '');
    if (card !== undefined && matchesCard(card, filters)) matches.push(position);
  }
  const cardAt = (position: number): Card => store.byId.get(store.order[position]!)!;
  if (filters.sortOrder === 'asc') {
    const rest = matches.filter((position) => position >= page.position);
    const items = rest.slice(0, page.limit).map(cardAt);
    const next = rest[page.limit];
    return next === undefined ? { items, totalCount: matches.length } : { items, nextPosition: next, totalCount: matches.length };
  }
  const bound = page.position === 0 ? store.order.length : page.position;
  const below = matches.filter((position) => position < bound).reverse();
  const shown = below.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return below.length > page.limit && last !== undefined ? { items: shown.map(cardAt), nextPosition: last, totalCount: matches.length } : { items: shown.map(cardAt), totalCount: matches.length };
}
