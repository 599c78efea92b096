/**
 * The index of `GET /quotes`: quote positions (the quote store's creation order) per customer, and
 * the wire status of each quote as a code (it moves with the quote and with its transaction:
 * `listing/quote-upkeep.ts` re-reads it after either changes). Ids and positions only.
 */
import { QUOTE_STATUSES } from '../quotes/types.js';
import { emptyOffsetArena, type OffsetArena } from './offset-arena.js';
import { type CodeIndex, emptyCodeIndex } from './code-index.js';

/** The quote list's index; positions are indexes into `state.quotes.order`. */
export type QuoteListIndex = {
  /**
   * How many quotes of the store's order are listed. A count, where stop 26 kept each quote's
   * `createdAt` in a JS array (~6 B a transaction) that nothing read but its length: a quote's
   * position is the store's (`byId.positionOf`).
   */
  listed: number;
  /**
   * The per-customer position lists, by the customer's row (`byCustomerRow`: `customer-rows.ts`;
   * a `PackedKeyMap` of their ids, `byCustomer`, until stop 33), blocks
   * grown by half (since stop 32; doubled before): many customers' lists reuse the freed blocks,
   * as the transaction lists' do.
   */
  readonly positionLists: OffsetArena;
  byCustomerRow: Int32Array;
  /** Codes: `QUOTE_STATUSES` index + 1, the status `quoteView` answers. */
  readonly status: CodeIndex;
};

/** An empty index. */
export function emptyQuoteListIndex(): QuoteListIndex {
  return { listed: 0, positionLists: emptyOffsetArena(), byCustomerRow: new Int32Array(0), status: emptyCodeIndex() };
}

/** The status code of a filter value (1-based). */
export const quoteStatusCode = (status: string): number => (QUOTE_STATUSES as readonly string[]).indexOf(status) + 1;
