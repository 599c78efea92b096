/**
 * The index of `GET /cards` without a customer: each card's status as a code per position of the
 * store's creation order (it moves: freeze, unfreeze, close), and `createdAt` in epoch ms to find
 * a card's position. Positions only; kept by `listing/evolve.ts`. A customer's cards are read
 * from the store's own per-customer list (short, and its positions are that list's).
 */
import { instantToMs } from '../../core/time.js';
import type { CardStore } from '../cards/store.js';
import { CARD_STATUSES, type Card } from '../cards/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { positionOfListed } from './transactions.js';

/** The card list's index; positions are indexes into `cards.order`. */
export type CardListIndex = { readonly createdMs: number[]; readonly status: CodeIndex };

/** An empty index. */
export function emptyCardListIndex(): CardListIndex {
  return { createdMs: [], status: emptyCodeIndex() };
}

/** The status code of a filter value (1-based). */
export const cardStatusCode = (status: string): number => (CARD_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the cards the store holds that the index lacks. */
export function catchUpCardList(store: CardStore, index: CardListIndex): void {
  for (let position = index.createdMs.length; position < store.order.length; position += 1) {
    const card = store.byId.get(store.order[position]!)!;
    index.createdMs.push(instantToMs(card.createdAt));
    appendCode(index.status, cardStatusCode(card.status));
  }
}

/** Re-reads a listed card's status. */
export function syncCardStatus(store: CardStore, index: CardListIndex, card: Card): void {
  const position = positionOfListed({ ids: store.order, createdMs: index.createdMs }, card.id, instantToMs(card.createdAt));
  if (position !== -1) setCode(index.status, position, cardStatusCode(card.status));
}
