/**
 * Keeps the list indexes in step with the stores: run by `engine/evolve.ts` after the domain's
 * own evolver, for the events that create a listed record or move a listed status. New records
 * are taken from the stores' creation orders; a moved status is read from the stored record.
 */
import { CARD_TRANSACTION_EVENT_TYPES } from '../card-transactions/events.js';
import { AGENT_EVENTS } from '../agents/events.js';
import { CUSTOMER_EVENTS, type CustomerDeleted } from '../customers/events.js';
import { CARD_EVENT_TYPES } from '../cards/events.js';
import type { Evolver } from '../evolver.js';
import { catchUpCardList, syncCardStatus } from './cards.js';
import { catchUpCustomerList, syncCustomerDeletion } from './customers.js';
import { catchUpAgentActionList, syncAgentActionStatus } from './agent-actions.js';
import { catchUpAgentList, syncAgentCodes } from './agents.js';
import { EXTERNAL_ACCOUNT_EVENTS, type ExternalAccountDeleted } from '../external-accounts/events.js';
import { catchUpExternalAccountList, unlistExternalAccount } from './external-accounts.js';
import { QUOTE_EVENTS } from '../quotes/events.js';
import type { DomainState } from '../state.js';
import { TRANSACTION_EVENTS } from '../transactions/events.js';
import { catchUpQuoteList, syncQuoteStatus } from './quote-upkeep.js';
import { catchUpTransactionList, syncTransactionStatus } from './transactions.js';
import { catchUpCustomerPaymentList, syncCustomerPaymentStatus } from './customer-payments.js';
import { STABLECOIN_EVENTS, type StablecoinOperationStatusChanged } from '../stablecoins/events.js';
import { catchUpStablecoinOperationList, syncStablecoinOperationStatus } from './stablecoin-operations.js';

type Named = {
  readonly transactionId?: string;
  readonly transaction?: { readonly id: string };
  readonly quoteId?: string;
  readonly quote?: { readonly id: string };
  readonly cardId?: string;
  readonly card?: { readonly id: string };
};

function indexTransactionEvent(state: DomainState, data: Named): void {
  catchUpTransactionList(state, state.lists.transactions);
  catchUpCustomerPaymentList(state.transactions, state.lists.customerPayments);
  const id = data.transactionId ?? data.transaction?.id;
  const transaction = id === undefined ? undefined : state.transactions.byId.get(id);
  if (transaction === undefined) return;
  syncTransactionStatus(state.lists.transactions, transaction);
  syncCustomerPaymentStatus(state.transactions, state.lists.customerPayments, transaction);
  // A quote's wire status follows its transaction's.
  const quote = transaction.quoteId === undefined ? undefined : state.quotes.byId.get(transaction.quoteId);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

function indexCardEvent(state: DomainState, data: Named): void {
  catchUpCardList(state.cards, state.lists.cards);
  const id = data.cardId ?? data.card?.id;
  const card = id === undefined ? undefined : state.cards.byId.get(id);
  if (card !== undefined) syncCardStatus(state.cards, state.lists.cards, card);
}

function indexQuoteEvent(state: DomainState, data: Named): void {
  catchUpQuoteList(state, state.lists.quotes);
  const id = data.quoteId ?? data.quote?.id;
  const quote = id === undefined ? undefined : state.quotes.byId.get(id);
  if (quote !== undefined) syncQuoteStatus(state, state.lists.quotes, quote);
}

/** The quote events that list a quote or may change its wire status. */
const QUOTE_STATUS_EVENTS = [QUOTE_EVENTS.created, QUOTE_EVENTS.authorized, QUOTE_EVENTS.executed, QUOTE_EVENTS.expired];

/** Upkeep of one event type: `before` runs before the type's evolver (it sees the record about to go), `after` after it. */
export type ListIndexer = { readonly before?: Evolver; readonly after?: Evolver };

const after = (evolver: Evolver): ListIndexer => ({ after: evolver });

/** Index upkeep per event type. */
export const LIST_INDEXERS: ReadonlyMap<string, ListIndexer> = new Map<string, ListIndexer>([
  ...Object.values(TRANSACTION_EVENTS).map((type): [string, ListIndexer] => [type, after((state, event) => indexTransactionEvent(state, event.data as Named))]),
  // Only the quote events that create a quote or move its state: a quote's wire status is its
  // state and its transaction's status (quotes/view.ts `quoteStatusOf`), and a flow step, a halt
  // or a failed SCA attempt changes neither (the transaction event after a step syncs the quote).
  ...QUOTE_STATUS_EVENTS.map((type): [string, ListIndexer] => [type, after((state, event) => indexQuoteEvent(state, event.data as Named))]),
  [CARD_TRANSACTION_EVENT_TYPES.created, after((state) => catchUpTransactionList(state, state.lists.transactions))],
  ...Object.values(CARD_EVENT_TYPES).map((type): [string, ListIndexer] => [type, after((state, event) => indexCardEvent(state, event.data as Named))]),
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
