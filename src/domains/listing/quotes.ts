/**
 * The index of `GET /quotes`: quote positions (the quote store's creation order) per customer, and
 * the wire status of each quote as a code (it moves with the quote and with its transaction:
 * `listing/evolve.ts` re-reads it after either changes). Ids and positions only.
 */
import { instantToMs } from '../../core/time.js';
import { QUOTE_STATUSES, type Quote } from '../quotes/types.js';
import { quoteStatusOf } from '../quotes/view.js';
import type { DomainState } from '../state.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { pushPosition } from './sources.js';
import { positionOfListed } from './transactions.js';

/** The quote list's index; positions are indexes into `state.quotes.order`. */
export type QuoteListIndex = {
  /** `createdAt` in epoch ms, parallel to the store's order (to find a quote's position). */
  readonly createdMs: number[];
  readonly byCustomer: Map<string, number[]>;
  /** Codes: `QUOTE_STATUSES` index + 1, the status `quoteView` answers. */
  readonly status: CodeIndex;
};

/** An empty index. */
export function emptyQuoteListIndex(): QuoteListIndex {
  return { createdMs: [], byCustomer: new Map(), status: emptyCodeIndex() };
}

/** The status code of a filter value (1-based). */
export const quoteStatusCode = (status: string): number => (QUOTE_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the quotes the store holds that the index lacks. */
export function catchUpQuoteList(state: Pick<DomainState, 'quotes' | 'transactions'>, index: QuoteListIndex): void {
  for (let position = index.createdMs.length; position < state.quotes.order.length; position += 1) {
    const quote = state.quotes.byId.get(state.quotes.order[position]!)!;
    index.createdMs.push(instantToMs(quote.createdAt));
    pushPosition(index.byCustomer, quote.customerId, position);
    appendCode(index.status, quoteStatusCode(quoteStatusOf(quote, state)));
  }
}

/** Re-reads the wire status of a listed quote. */
export function syncQuoteStatus(state: Pick<DomainState, 'quotes' | 'transactions'>, index: QuoteListIndex, quote: Quote): void {
  const position = positionOfListed({ ids: state.quotes.order, createdMs: index.createdMs }, quote.id, instantToMs(quote.createdAt));
  if (position !== -1) setCode(index.status, position, quoteStatusCode(quoteStatusOf(quote, state)));
}
