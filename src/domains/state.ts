/**
 * The engine's whole derived state, one store per resource. Large collections are Maps updated
 * in place by `evolve`; the records inside them are frozen and replaced, never edited.
 */
import type { Ledger } from '../ledger/index.js';
import type { AgentStore } from './agents/store.js';
import type { WebhookStore } from './webhook-store.js';
import type { ApiTokenStore } from './api-tokens/store.js';
import type { InvitationStore } from './invitations/store.js';
import type { AuthStore } from './auth/store.js';
import type { ScaStore } from './sca/store.js';
import type { ConfigStore } from './config/store.js';
import type { CustomerStore } from './customers/store.js';
import type { IncomingStore } from './deposits/store.js';
import type { ExternalAccountStore } from './external-accounts/store.js';
import type { CardTransactionStore } from './card-transactions/store.js';
import type { CardStore } from './cards/store.js';
import type { AccountStore } from './internal-accounts/store.js';
import type { PaymentDocumentStore } from './payment-documents/store.js';
import type { PlatformState } from './platform/store.js';
import type { QuoteStore } from './quotes/store.js';
import type { RateStore } from './rates/store.js';
import type { StatementStore } from './statements/store.js';
import type { StablecoinStore } from './stablecoins/store.js';
import type { TimerStore } from './timer-store.js';
import type { TransactionStore } from './transactions/store.js';
import type { BeneficialOwnerStore } from './beneficial-owners/store.js';
import type { BulkCustomerStore } from './bulk-customers/store.js';
import type { DocumentStore } from './documents/store.js';
import type { VerificationStore } from './verifications/store.js';
import type { ListIndexes } from './listing/store.js';

/**
 * A stored first response to an idempotent request: its body as answered, or, for the answer of
 * an executed quote, the quote it rendered and the two fields of that rendering that still move
 * (engine/idempotent-responses.ts).
 */
export type IdempotentResponse =
  | { readonly fingerprint: string; readonly status: number; readonly body: unknown }
  | {
      readonly fingerprint: string;
      readonly status: number;
      readonly quoteId: string;
      readonly quoteStatus: string;
      readonly quoteUpdatedAt: string;
    };

/** Everything the log derives. */
export type DomainState = {
  readonly platform: PlatformState;
  readonly customers: CustomerStore;
  readonly accounts: AccountStore;
  readonly ledger: Ledger;
  readonly statements: StatementStore;
  readonly idempotency: Map<string, IdempotentResponse>;
  readonly timers: TimerStore;
  readonly config: ConfigStore;
  readonly rates: RateStore;
  readonly externalAccounts: ExternalAccountStore;
  readonly transactions: TransactionStore;
  readonly quotes: QuoteStore;
  readonly paymentDocuments: PaymentDocumentStore;
  readonly incoming: IncomingStore;
  readonly cards: CardStore;
  readonly cardTransactions: CardTransactionStore;
  readonly stablecoins: StablecoinStore;
  readonly agents: AgentStore;
  readonly webhooks: WebhookStore;
  readonly verifications: VerificationStore;
  readonly documents: DocumentStore;
  readonly beneficialOwners: BeneficialOwnerStore;
  readonly bulkCustomers: BulkCustomerStore;
  readonly apiTokens: ApiTokenStore;
  readonly invitations: InvitationStore;
  /** Embedded wallets: credentials, sessions, pending signed requests, delegated keys. */
  readonly auth: AuthStore;
  /** Strong customer authentication: factors, logins, sessions, resets. */
  readonly sca: ScaStore;
  /** List indexes derived from the stores (`listing/`): rebuilt, never snapshotted. */
  readonly lists: ListIndexes;
};
