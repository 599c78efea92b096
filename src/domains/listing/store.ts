/**
 * The list indexes of the engine's state: what `GET /transactions` (and `GET /agents/me/transactions`,
 * from the same index), `GET /quotes` and the external account lists, the agent approvals and one
 * agent's actions, `GET /agents`, `GET /customers`, `GET /cards` and
 * `GET /stablecoins/{id}/operations` read to answer a page in O(log n + page). Derived from the
 * stores (never from events directly); a snapshot from `@3` on carries them as held, and
 * `rebuildListIndexes` (`listing/rebuild.ts`) completes them (or makes them again) from the
 * restored stores.
 */
import { type AgentActionListIndex, emptyAgentActionListIndex } from './agent-actions.js';
import { type AgentListIndex, emptyAgentListIndex } from './agents.js';
import { type CardListIndex, emptyCardListIndex } from './cards.js';
import { type CustomerListIndex, emptyCustomerListIndex } from './customers.js';
import { emptyExternalAccountListIndex, type ExternalAccountListIndex } from './external-accounts.js';
import { emptyQuoteListIndex, type QuoteListIndex } from './quotes.js';
import { emptyStablecoinOperationListIndex, type StablecoinOperationListIndex } from './stablecoin-operations.js';
import { emptyTransactionListIndex, type TransactionListIndex } from './transactions.js';

/** Every list index. */
export type ListIndexes = {
  readonly transactions: TransactionListIndex;
  readonly quotes: QuoteListIndex;
  readonly externalAccounts: ExternalAccountListIndex;
  readonly agentActions: AgentActionListIndex;
  readonly agents: AgentListIndex;
  readonly customers: CustomerListIndex;
  readonly cards: CardListIndex;
  readonly stablecoinOperations: StablecoinOperationListIndex;
};

/** Empty indexes. */
export function emptyListIndexes(): ListIndexes {
  return {
    transactions: emptyTransactionListIndex(),
    quotes: emptyQuoteListIndex(),
    externalAccounts: emptyExternalAccountListIndex(),
    agentActions: emptyAgentActionListIndex(),
    agents: emptyAgentListIndex(),
    customers: emptyCustomerListIndex(),
    cards: emptyCardListIndex(),
    stablecoinOperations: emptyStablecoinOperationListIndex(),
  };
}
