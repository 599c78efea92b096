/**
 * Keeps the quote list index current: lists new quotes of the store and re-reads a quote's wire
 * status (which follows its transaction's). Called by `listing/evolve.ts` and `listing/rebuild.ts`.
 */
import type { Quote } from '../quotes/types.js';
import { quoteStatusOf } from '../quotes/view.js';
import type { DomainState } from '../state.js';
import { appendCode, setCode } from './code-index.js';
import { type QuoteListIndex, quoteStatusCode } from './quotes.js';
import { pushCustomerPosition } from './customer-rows.js';

/** Lists the quotes the store holds that the index lacks. */
export function catchUpQuoteList(state: Pick<DomainState, 'quotes' | 'transactions' | 'customers'>, index: QuoteListIndex): void {
  for (; index.listed < state.quotes.order.length; index.listed += 1) {
    const position = index.listed;
    const quote = state.quotes.byId.valueAt(position);
    pushCustomerPosition(state, index.positionLists, index, quote.customerId, position);
    appendCode(index.status, quoteStatusCode(quoteStatusOf(quote, state)));
  }
}

/** Re-reads the wire status of a listed quote. */
export function syncQuoteStatus(state: Pick<DomainState, 'quotes' | 'transactions'>, index: QuoteListIndex, quote: Quote): void {
  // The list's positions are the store's: no search by creation time, no id compared.
  const position = state.quotes.byId.positionOf(quote.id);
  if (position !== -1 && position < index.listed) setCode(index.status, position, quoteStatusCode(quoteStatusOf(quote, state)));
}
