/**
 * `GET /cards` read from its index (`listing/cards.ts`) when no customer is named: creation order,
 * oldest first; a page position is the index into `cards.order` to resume from and
 * `nextPosition` the next match's (`cards/list.ts`). No filter or a status: O(log n + page). Pure.
 */
import type { CardFilters } from '../cards/list.js';
import { listCards } from '../cards/list.js';
import type { Card } from '../cards/types.js';
import type { DomainState } from '../state.js';
import { cardStatusCode } from './cards.js';
import { countPlan, type ListPlan, pageUp } from './query.js';
import { codeSource } from './sources.js';

/** Up to `limit` matching cards from `position`, the next match's position, and every match's count. Pure. */
export function listCardPage(
  state: Pick<DomainState, 'cards' | 'lists'>,
  filters: CardFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly Card[]; readonly nextPosition?: number; readonly totalCount: number } {
  // A customer's cards: that customer's own list, as before (its positions are that list's).
  if (filters.customerId !== undefined) return listCards(state.cards, filters, page);
  const index = state.lists.cards;
  const plan: ListPlan = { sources: filters.status === undefined ? [] : [codeSource(index.status, cardStatusCode(filters.status))], lo: 0, hi: index.createdMs.length };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map((position) => state.cards.byId.get(state.cards.order[position]!)!);
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
}
