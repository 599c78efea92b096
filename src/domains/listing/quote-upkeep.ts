/**
 * Keeps the quote list index current: lists new quotes of the store and re-reads a quote's wire
 * status (which follows its transaction's). Called by `listing/evolve.ts` and `listing/rebuild.ts`.
 */
import { instantToMs } from '../../core/time.js';
import type { Quote } from '../quotes/types.js';
import { quoteStatusOf } from '../quotes/view.js';
import type { DomainState } from '../state.js';
import { appendCode, setCode } from './code-index.js';
import { type QuoteListIndex, quoteStatusCode } from './quotes.js';
import { pushPosition } from './sources.js';
import { positionOfListed } from './transactions.js';

/** Lists the quotes the store holds that the index lacks. */
export function catchUpQuoteList(state: Pick<DomainState, 'quotes' | 'transactions'>, index: QuoteListIndex): void {
  for (let position = index.createdMs.length; position < state.quotes.order.length; position += 1) {
    const quote = state.quotes.byId.get(state.quotes.order.at(position)!)!;
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
