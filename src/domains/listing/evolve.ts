/**
 * Keeps the list indexes in step with the stores: run by `engine/evolve.ts` after the domain's
 * own evolver, for the events that create a listed record or move a listed status. New records
 * are taken from the stores' creation orders; a moved status is read from the stored record.
 */
import { CARD_TRANSACTION_EVENT_TYPES } from '../card-transactions/events.js';
import type { Evolver } from '../evolver.js';
import { QUOTE_EVENTS } from '../quotes/events.js';
import type { DomainState } from '../state.js';
import { TRANSACTION_EVENTS } from '../transactions/events.js';
import { catchUpQuoteList, syncQuoteStatus } from './quote-upkeep.js';
import { catchUpTransactionList, syncTransactionStatus } from './transactions.js';

type Named = { readonly transactionId?: string; readonly transaction?: { readonly id: string }; readonly quoteId?: string; readonly quote?: { readonly id: string } };

function indexTransactionEvent(state: DomainState, data: Named): void {
  catchUpTransactionList(state, state.lists.transactions);
  const id = data.transactionId ?? data.transaction?.id;
  const transaction = id === undefined ? undefined : state.transactions.byId.get(id);
  if (transaction === undefined) return;
  syncTransactionStatus(state.lists.transactions, transaction);
  // A quote's wire status follows its transaction's.
  const quote = transaction.quoteId === undefined ? undefined : state.quotes.byId.get(transaction.quoteId);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

function indexQuoteEvent(state: DomainState, data: Named): void {
  catchUpQuoteList(state, state.lists.quotes);
  const id = data.quoteId ?? data.quote?.id;
  const quote = id === undefined ? undefined : state.quotes.byId.get(id);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

/** Index upkeep per event type (run after the type's evolver). */
export const LIST_INDEXERS: ReadonlyMap<string, Evolver> = new Map<string, Evolver>([
  ...Object.values(TRANSACTION_EVENTS).map((type): [string, Evolver] => [type, (state, event) => indexTransactionEvent(state, event.data as Named)]),
  ...Object.values(QUOTE_EVENTS).map((type): [string, Evolver] => [type, (state, event) => indexQuoteEvent(state, event.data as Named)]),
  [CARD_TRANSACTION_EVENT_TYPES.created, (state) => catchUpTransactionList(state, state.lists.transactions)],
]);
