/**
 * Keeps the list indexes in step with the stores: run by `engine/evolve.ts` after the domain's
 * own evolver, for the events that create a listed record or move a listed status. New records
 * are taken from the stores' creation orders; a moved status is read from the stored record.
 */
import { CARD_TRANSACTION_EVENT_TYPES } from '../card-transactions/events.js';
import { AGENT_EVENTS } from '../agents/events.js';
import { CUSTOMER_EVENTS, type CustomerDeleted } from '../customers/events.js';
import { CARD_EVENT_TYPES, type CardUpdated } from '../cards/events.js';
import type { Evolver } from '../evolver.js';
import { catchUpCardList, moveCardFunding, syncCardStatus } from './cards.js';
import { catchUpCustomerList, syncCustomerDeletion } from './customers.js';
import { catchUpAgentActionList, syncAgentActionStatus } from './agent-actions.js';
import { catchUpAgentList, syncAgentCodes } from './agents.js';
import { EXTERNAL_ACCOUNT_EVENTS, type ExternalAccountDeleted } from '../external-accounts/events.js';
import { catchUpExternalAccountList, unlistExternalAccount } from './external-accounts.js';
import { QUOTE_EVENTS } from '../quotes/events.js';
import type { DomainState } from '../state.js';
import { TRANSACTION_EVENTS, type TransactionCreated, type TransactionTransitioned } from '../transactions/events.js';
import { statusOfState } from '../transactions/lifecycles.js';
import type { Transaction, TransactionStatus } from '../transactions/types.js';
import { catchUpQuoteList, syncQuoteStatus } from './quote-upkeep.js';
import { catchUpTransactionList, syncTransactionStatus } from './transactions.js';
import { STABLECOIN_EVENTS, type StablecoinOperationStatusChanged } from '../stablecoins/events.js';
import { catchUpStablecoinOperationList, syncStablecoinOperationStatus } from './stablecoin-operations.js';

type Named = {
  readonly quoteId?: string;
  readonly quote?: { readonly id: string };
  readonly cardId?: string;
  readonly card?: { readonly id: string };
};

/** Lists a new payment; its quote's wire status moves only if the payment starts settled, failed or expired. */
function indexTransactionCreated(state: DomainState, data: TransactionCreated): void {
  // The stored record is the event's own object, frozen in place (`addTransaction`): no lookup.
  const transaction = data.transaction;
  catchUpTransactionList(state, state.lists.transactions, transaction);
  // Listed just now with its status: only its quote's status may have to follow.
  if (quoteStatusFollowing(transaction.status) !== 'PROCESSING') syncQuoteOf(state, transaction);
}

/**
 * Re-reads a moved payment's status, when the move changed it (a move into or out of
 * PENDING_APPROVAL keeps the wire status PENDING), and its quote's when that follows.
 */
function indexTransactionTransitioned(state: DomainState, data: TransactionTransitioned): void {
  const from = statusOfState(data.from);
  const to = statusOfState(data.to);
  if (from === to) return;
  const transaction = state.transactions.byId.get(data.transactionId);
  if (transaction === undefined) return;
  syncTransactionStatus(state, state.lists.transactions, transaction);
  if (quoteStatusFollowing(from) !== quoteStatusFollowing(to)) syncQuoteOf(state, transaction);
}

/** The wire status a payment of `status` gives its executed quote (`quotes/view.ts` quoteStatusOf). */
function quoteStatusFollowing(status: TransactionStatus): TransactionStatus {
  return status === 'COMPLETED' || status === 'FAILED' || status === 'EXPIRED' ? status : 'PROCESSING';
}

// A quote's wire status follows its transaction's.
function syncQuoteOf(state: DomainState, transaction: Transaction): void {
  const quote = transaction.quoteId === undefined ? undefined : state.quotes.byId.get(transaction.quoteId);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

function indexCardEvent(state: DomainState, data: Named): void {
  catchUpCardList(state.cards, state.lists.cards);
  const id = data.cardId ?? data.card?.id;
  const card = id === undefined ? undefined : state.cards.byId.get(id);
  if (card !== undefined) syncCardStatus(state.cards, state.lists.cards, card);
}

function moveFunding(state: DomainState, data: CardUpdated): void {
  const to = data.changes.fundingSource;
  const card = to === undefined ? undefined : state.cards.byId.get(data.cardId);
  if (card !== undefined) moveCardFunding(state.cards, state.lists.cards, card, to!);
}

function indexQuoteEvent(state: DomainState, data: Named): void {
  catchUpQuoteList(state, state.lists.quotes);
  const id = data.quoteId ?? data.quote?.id;
  const quote = id === undefined ? undefined : state.quotes.byId.get(id);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

/** The quote events after its creation that may change a quote's wire status. */
const QUOTE_MOVES = [QUOTE_EVENTS.authorized, QUOTE_EVENTS.executed, QUOTE_EVENTS.expired];

/** Upkeep of one event type: `before` runs before the type's evolver (it sees the record about to go), `after` after it. */
export type ListIndexer = { readonly before?: Evolver; readonly after?: Evolver };

const after = (evolver: Evolver): ListIndexer => ({ after: evolver });

/** Index upkeep per event type. */
export const LIST_INDEXERS: ReadonlyMap<string, ListIndexer> = new Map<string, ListIndexer>([
  // The other transaction events (updates, receipts, refunds) leave the status, the only listed
  // field that moves, as it was: they need no upkeep.
  [TRANSACTION_EVENTS.created, after((state, event) => indexTransactionCreated(state, event.data as TransactionCreated))],
  [TRANSACTION_EVENTS.transitioned, after((state, event) => indexTransactionTransitioned(state, event.data as TransactionTransitioned))],
  // Only the quote events that create a quote or move its state: a quote's wire status is its
  // state and its transaction's status (quotes/view.ts `quoteStatusOf`), and a flow step, a halt
  // or a failed SCA attempt changes neither (a transaction event syncs the quote when the payment's
  // status moves the quote's). A created quote is listed by the catch-up with the status it has:
  // no sync after it.
  [QUOTE_EVENTS.created, after((state) => catchUpQuoteList(state, state.lists.quotes))],
  ...QUOTE_MOVES.map((type): [string, ListIndexer] => [type, after((state, event) => indexQuoteEvent(state, event.data as Named))]),
  [CARD_TRANSACTION_EVENT_TYPES.created, after((state) => catchUpTransactionList(state, state.lists.transactions))],
  ...Object.values(CARD_EVENT_TYPES).map((type): [string, ListIndexer] => [
    type,
    {
      // A new funding account moves the card between funding lists (the record still holds the old one here).
      ...(type === CARD_EVENT_TYPES.updated ? { before: (state: DomainState, event: { readonly data: unknown }) => moveFunding(state, event.data as CardUpdated) } : {}),
      after: (state, event) => indexCardEvent(state, event.data as Named),
    },
  ]),
  [CUSTOMER_EVENTS.created, after((state) => catchUpCustomerList(state.customers, state.lists.customers))],
  [
    CUSTOMER_EVENTS.deleted,
    after((state, event) => {
      const customer = state.customers.byId.get((event.data as CustomerDeleted).customerId);
      if (customer !== undefined) syncCustomerDeletion(state.customers, state.lists.customers, customer);
    }),
  ],
  [AGENT_EVENTS.created, after((state) => catchUpAgentList(state.agents, state.lists.agents))],
  ...[AGENT_EVENTS.deviceCodeRedeemed, AGENT_EVENTS.pauseChanged, AGENT_EVENTS.deleted].map(
    (type): [string, ListIndexer] => [
      type,
      after((state, event) => {
        const agent = state.agents.byId.get((event.data as { readonly agentId: string }).agentId);
        if (agent !== undefined) syncAgentCodes(state.agents, state.lists.agents, agent);
      }),
    ],
  ),
  [AGENT_EVENTS.actionCreated, after((state) => catchUpAgentActionList(state.agents, state.lists.agentActions))],
  ...[AGENT_EVENTS.actionApproved, AGENT_EVENTS.actionRejected, AGENT_EVENTS.actionFailed].map(
    (type): [string, ListIndexer] => [
      type,
      after((state, event) => {
        const action = state.agents.actions.get((event.data as { readonly actionId: string }).actionId);
        if (action !== undefined) syncAgentActionStatus(state.agents, state.lists.agentActions, action);
      }),
    ],
  ),
  [STABLECOIN_EVENTS.operationCreated, after((state) => catchUpStablecoinOperationList(state.stablecoins, state.lists.stablecoinOperations))],
  [
    STABLECOIN_EVENTS.operationStatusChanged,
    after((state, event) => {
      const operation = state.stablecoins.operations.get((event.data as StablecoinOperationStatusChanged).operationId);
      if (operation !== undefined) syncStablecoinOperationStatus(state.stablecoins, state.lists.stablecoinOperations, operation);
    }),
  ],
  [EXTERNAL_ACCOUNT_EVENTS.created, after((state) => catchUpExternalAccountList(state.externalAccounts, state.lists.externalAccounts))],
  [
    EXTERNAL_ACCOUNT_EVENTS.deleted,
    {
      before: (state, event) => {
        const account = state.externalAccounts.byId.get((event.data as ExternalAccountDeleted).externalAccountId);
        if (account !== undefined) unlistExternalAccount(state.externalAccounts, state.lists.externalAccounts, account);
      },
    },
  ],
]);
