/** Builds the empty derived state an engine starts from. */
import { IdTable } from '../core/id-table.js';
import { PackedRecordMap, type PackedRecordMapOptions } from '../core/packed-record-map.js';
import { Ledger } from '../ledger/index.js';
import { IdempotencyStore } from './idempotency-store.js';
import { emptyAgentStore } from '../domains/agents/store.js';
import { emptyWebhookStore } from '../domains/notifications.js';
import { emptyApiTokenStore } from '../domains/api-tokens/store.js';
import { emptyInvitationStore } from '../domains/invitations/store.js';
import { emptyAuthStore } from '../domains/auth/store.js';
import { emptyScaStore } from '../domains/sca/store.js';
import { emptyConfigStore } from '../domains/config/store.js';
import { emptyCardTransactionStore } from '../domains/card-transactions/store.js';
import { emptyCardStore } from '../domains/cards/store.js';
import { emptyCustomerStore } from '../domains/customers/store.js';
import { emptyIncomingStore } from '../domains/deposits/store.js';
import { emptyExternalAccountStore } from '../domains/external-accounts/store.js';
import { emptyAccountStore } from '../domains/internal-accounts/store.js';
import { emptyPaymentDocumentStore } from '../domains/payment-documents/store.js';
import { emptyPlatformState } from '../domains/platform/store.js';
import { linkQuoteBase } from '../domains/quotes/base.js';
import { emptyQuoteStore } from '../domains/quotes/store.js';
import { emptyRateStore } from '../domains/rates/store.js';
import type { DomainState, IdempotentResponse } from '../domains/state.js';
import { emptyStatementStore } from '../domains/statements/store.js';
import { emptyStablecoinStore } from '../domains/stablecoins/store.js';
import { emptyTimerStore } from '../domains/timers.js';
import { emptyTransactionStore } from '../domains/transactions/store.js';
import { emptyBeneficialOwnerStore } from '../domains/beneficial-owners/store.js';
import { emptyBulkCustomerStore } from '../domains/bulk-customers/store.js';
import { emptyDocumentStore } from '../domains/documents/store.js';
import { emptyVerificationStore } from '../domains/verifications/store.js';
import type { ResolvedOptions } from './options.js';
import { emptyListIndexes } from '../domains/listing/store.js';

/**
 * Stored first responses by idempotency key, each packed with its key as it is stored (one is read
 * again only on a retry with its key: engine/idempotency-store.ts), unless `hotRecords` is
 * `Infinity` (nothing packed: a `PackedRecordMap` of objects).
 */
export function idempotencyStore(hotRecords: number): Map<string, IdempotentResponse> {
  if (hotRecords === Number.POSITIVE_INFINITY) return new PackedRecordMap<IdempotentResponse>(idempotencyOptions(hotRecords));
  return new IdempotencyStore();
}

/**
 * The options of the map a snapshot's idempotency responses load into (`IdempotencyStore.loaded`
 * copies it at its first use), and of the store itself when `hotRecords` is `Infinity`: records
 * never frozen, packed as stored (hot 0) unless `hotRecords` is `Infinity`, and keys
 * (`<principal>|<method> <path>|<key>`, ~90 characters) held as codec bytes, not strings
 * (core/encoded-texts.ts), and fingerprints (SHA-256 as 64 hex digits) packed as their 32 bytes.
 */
export function idempotencyOptions(hotRecords: number): PackedRecordMapOptions {
  return { freeze: false, hot: hotRecords === Number.POSITIVE_INFINITY ? hotRecords : 0, encodedTextKeys: true, hexDigests: true, hashedCandidates: true };
}

/**
 * Every packed map of `state` (a store that is one, or a store's field that is one) made to share
 * `ids` as its codec's id table (`PackedRecordMap.shareIds`): an owner's id enters once for all
 * stores (snapshot `@7`). Gives how many maps kept a table of their own (loaded from `@6`, whose
 * bytes name their own table's entries).
 */
export function shareIdTable(state: Omit<DomainState, 'lists'>, ids: IdTable): number {
  let own = 0;
  for (const store of Object.values(state) as unknown[]) {
    if (store instanceof PackedRecordMap || store instanceof IdempotencyStore) {
      if (!store.shareIds(ids)) own += 1;
      continue;
    }
    if (typeof store !== 'object' || store === null) continue;
    for (const field of Object.values(store) as unknown[]) if (field instanceof PackedRecordMap && !field.shareIds(ids)) own += 1;
  }
  return own;
}

/**
 * A fresh state for the configured platform, before any event; its packed maps share one id table
 * (`shareIdTable`), and quotes are packed against their transactions (`linkQuoteBase`).
 */
export function emptyState(options: ResolvedOptions): DomainState {
  const state = emptyStores(options);
  shareIdTable(state, new IdTable('shared'));
  linkQuoteBase(state.quotes.byId, state.transactions.byId);
  return state;
}

function emptyStores(options: ResolvedOptions): DomainState {
  return {
    platform: emptyPlatformState(options.platformId, options.regulated),
    customers: emptyCustomerStore(options.hotRecords),
    accounts: emptyAccountStore(options.hotRecords),
    ledger: new Ledger(),
    statements: emptyStatementStore(),
    idempotency: idempotencyStore(options.hotRecords),
    timers: emptyTimerStore(),
    config: emptyConfigStore(),
    rates: emptyRateStore(),
    externalAccounts: emptyExternalAccountStore(options.hotRecords),
    transactions: emptyTransactionStore(options.hotRecords),
    quotes: emptyQuoteStore(options.hotRecords),
    paymentDocuments: emptyPaymentDocumentStore(),
    incoming: emptyIncomingStore(options.hotRecords),
    cards: emptyCardStore(options.hotRecords),
    cardTransactions: emptyCardTransactionStore(options.hotRecords),
    stablecoins: emptyStablecoinStore(),
    agents: emptyAgentStore(options.hotRecords),
    webhooks: emptyWebhookStore(),
    verifications: emptyVerificationStore(),
    documents: emptyDocumentStore(),
    beneficialOwners: emptyBeneficialOwnerStore(),
    bulkCustomers: emptyBulkCustomerStore(),
    apiTokens: emptyApiTokenStore(),
    invitations: emptyInvitationStore(),
    auth: emptyAuthStore(),
    sca: emptyScaStore(),
    lists: emptyListIndexes(),
  };
}
