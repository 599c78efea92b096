/**
 * The index of `GET /cards`: per position of the store's creation order, each card's status as a
 * code (it moves: freeze, unfreeze, close) and `createdAt` in epoch ms (to find a card's
 * position); the positions of each cardholder, with the status codes again over them (a
 * cardholder's cards of one status), and of each `platformCardId` (neither ever changes on a
 * card); and the positions each funding account funds (it moves: `PATCH` sets another of the
 * cardholder's accounts, which moves the position from one list to the other). Positions only;
 * kept by `listing/evolve.ts`.
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { instantToMs } from '../../core/time.js';
import type { CardStore } from '../cards/store.js';
import { CARD_STATUSES, type Card } from '../cards/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { lowerBound, pushPosition } from './sources.js';
import { positionOfListed } from './transactions.js';

/** The card list's index; positions are indexes into `cards.order`. */
export type CardListIndex = {
  readonly createdMs: number[];
  readonly status: CodeIndex;
  readonly byCustomer: Map<string, number[]>;
  /** Per cardholder, the status codes parallel to its `byCustomer` positions. */
  readonly statusByCustomer: Map<string, CodeIndex>;
  readonly byPlatformCardId: Map<string, number[]>;
  /** Positions per funding account (`fundingSource`), ascending. */
  readonly byFundingSource: Map<string, number[]>;
};

/** An empty index. */
export function emptyCardListIndex(): CardListIndex {
  return { createdMs: [], status: emptyCodeIndex(), byCustomer: new PackedKeyMap(), statusByCustomer: new PackedKeyMap(), byPlatformCardId: new Map(), byFundingSource: new PackedKeyMap() };
}

/** The status code of a filter value (1-based). */
export const cardStatusCode = (status: string): number => (CARD_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the cards the store holds that the index lacks. */
export function catchUpCardList(store: CardStore, index: CardListIndex): void {
  for (let position = index.createdMs.length; position < store.order.length; position += 1) {
    const card = store.byId.get(store.order[position]!)!;
    index.createdMs.push(instantToMs(card.createdAt));
    appendCode(index.status, cardStatusCode(card.status));
    pushPosition(index.byCustomer, card.customerId, position);
    let codes = index.statusByCustomer.get(card.customerId);
    if (codes === undefined) {
      codes = emptyCodeIndex();
      index.statusByCustomer.set(card.customerId, codes);
    }
    appendCode(codes, cardStatusCode(card.status));
    if (card.platformCardId !== undefined) pushPosition(index.byPlatformCardId, card.platformCardId, position);
    pushPosition(index.byFundingSource, card.fundingSource, position);
  }
}

/** Moves a listed card from its funding account's positions to `to`'s (a PATCH of `fundingSource`; before the record changes). */
export function moveCardFunding(store: CardStore, index: CardListIndex, card: Card, to: string): void {
  if (card.fundingSource === to) return;
  const position = positionOfListed({ ids: store.order, createdMs: index.createdMs }, card.id, instantToMs(card.createdAt));
  if (position === -1) return;
  const from = index.byFundingSource.get(card.fundingSource) ?? [];
  const at = lowerBound(from, position);
  if (from[at] === position) from.splice(at, 1);
  if (from.length === 0) index.byFundingSource.delete(card.fundingSource);
  const into = index.byFundingSource.get(to);
  if (into === undefined) index.byFundingSource.set(to, [position]);
  else into.splice(lowerBound(into, position), 0, position);
}

/** Re-reads a listed card's status. */
export function syncCardStatus(store: CardStore, index: CardListIndex, card: Card): void {
  const position = positionOfListed({ ids: store.order, createdMs: index.createdMs }, card.id, instantToMs(card.createdAt));
  if (position === -1) return;
  setCode(index.status, position, cardStatusCode(card.status));
  const positions = index.byCustomer.get(card.customerId);
  const codes = index.statusByCustomer.get(card.customerId);
  if (positions !== undefined && codes !== undefined) setCode(codes, lowerBound(positions, position), cardStatusCode(card.status));
}
