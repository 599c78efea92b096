/**
 * Engine snapshots: the whole derived state at a log position as one JSON-safe value, so a
 * server or auditor can start from it and replay only the events after it. A snapshot is a
 * cache: replay from a snapshot must equal replay from the start (tested).
 */
import { idempotencyOptions, shareIdTable } from './state.js';
import { IdempotencyStore } from './idempotency-store.js';
import { InvariantError } from '../core/assert.js';
import { IdTable } from '../core/id-table.js';
import { isPositionArena, trimmedPositionArena } from '../core/position-arena.js';
import { HOT_RECORDS, PackedRecordMap, type PackedRecordMapOptions } from '../core/packed-record-map.js';
import { type PackedBytes, packBytes } from '../core/packed-bytes.js';
import type { PackedRecords } from '../core/packed-records.js';
import type { PlatformConfig } from '../domains/config/types.js';
import { type IncomingStoreSnapshot, incomingStoreFromSnapshot, incomingStoreSnapshot } from '../domains/deposits/store.js';
import {
  type ExternalAccountStoreSnapshot,
  externalAccountStoreFromSnapshot,
  externalAccountStoreSnapshot,
} from '../domains/external-accounts/store.js';
import { type AccountStoreSnapshot, accountStoreFromSnapshot, accountStoreSnapshot } from '../domains/internal-accounts/store.js';
import { type CustomerStoreSnapshot, customerStoreFromSnapshot, customerStoreSnapshot } from '../domains/customers/store.js';
import type { PlatformState } from '../domains/platform/store.js';
import { corridorKey } from '../domains/rates/store.js';
import type { PublishedRate } from '../domains/rates/types.js';
import type { DomainState, IdempotentResponse } from '../domains/state.js';
import type { StatementRecord } from '../domains/statements/store.js';
import { timerStoreOf, type Timer } from '../domains/timers.js';
import { PendingWebhooks, type PendingWebhooksSnapshot, type WebhookStore } from '../domains/webhook-store.js';
import { webhookStoreOf } from '../domains/notifications.js';
import {
  type TransactionStoreSnapshot,
  transactionStoreFromSnapshot,
  transactionStoreSnapshot,
} from '../domains/transactions/store.js';
import { TRANSACTION_PREDICTIONS, TRANSACTION_PREDICTIONS_15 } from '../domains/transactions/predictions.js';
import { Ledger, type LedgerSnapshot } from '../ledger/index.js';
import { isOffsetArena, trimmedOffsetArena } from '../domains/listing/offset-arena.js';
import { rebuildListIndexes } from '../domains/listing/rebuild.js';
import { emptyListIndexes, type ListIndexes } from '../domains/listing/store.js';
import { decodeData, type EncodedData, encodeData } from './snapshot-data.js';
import { type AgentStoreSnapshot, agentStoreFromSnapshot, agentStoreSnapshot } from '../domains/agents/store.js';
import { type ApiTokenStoreSnapshot, apiTokenStoreFromSnapshot, apiTokenStoreSnapshot } from '../domains/api-tokens/store.js';
import { type InvitationStoreSnapshot, invitationStoreFromSnapshot, invitationStoreSnapshot } from '../domains/invitations/store.js';
import { type AuthStoreSnapshot, authStoreFromSnapshot, authStoreSnapshot } from '../domains/auth/store.js';
import { type ScaStoreSnapshot, scaStoreFromSnapshot, scaStoreSnapshot } from '../domains/sca/store.js';
import { type CardStoreSnapshot, cardStoreFromSnapshot, cardStoreSnapshot } from '../domains/cards/store.js';
import {
  type CardTransactionStoreSnapshot,
  cardTransactionStoreFromSnapshot,
  cardTransactionStoreSnapshot,
} from '../domains/card-transactions/store.js';
import {
  type StablecoinStoreSnapshot,
  stablecoinStoreFromSnapshot,
  stablecoinStoreSnapshot,
} from '../domains/stablecoins/store.js';
import { linkQuoteBase } from '../domains/quotes/base.js';
import { type QuoteStoreSnapshot, quoteStoreFromSnapshot, quoteStoreSnapshot } from '../domains/quotes/store.js';
import {
  type PaymentDocumentStoreSnapshot,
  paymentDocumentStoreFromSnapshot,
  paymentDocumentStoreSnapshot,
} from '../domains/payment-documents/store.js';
import { type VerificationStoreSnapshot, verificationStoreFromSnapshot, verificationStoreSnapshot } from '../domains/verifications/store.js';
import { type DocumentStoreSnapshot, documentStoreFromSnapshot, documentStoreSnapshot } from '../domains/documents/store.js';
import {
  type BeneficialOwnerStoreSnapshot,
  beneficialOwnerStoreFromSnapshot,
  beneficialOwnerStoreSnapshot,
} from '../domains/beneficial-owners/store.js';
import { type BulkCustomerStoreSnapshot, bulkCustomerStoreFromSnapshot, bulkCustomerStoreSnapshot } from '../domains/bulk-customers/store.js';

/** The head a snapshot was taken at. */
export type SnapshotHead = { readonly seq: number; readonly hash: string; readonly atMs: number };

/**
 * Snapshot formats: `@16` writes the transactions' packed records with nested predictions too (a
 * field of an object inside a record equal to what the record's id and earlier fields predict, a
 * rail's remittance text made of the transaction's uuid, transactions/predictions.ts
 * `TRANSACTION_NESTED_PREDICTIONS`, is left out of its bytes: `RecordPredictions.nested`), and
 * every packed record's text ending in a number seen again as the dictionary's text and the number
 * (core/record-codec.ts, `RecordCodecOptions.numberedTexts`); otherwise as `@15`. `@15` writes the transactions' and card transactions' packed records with their
 * predictions (a field equal to what the record's id and earlier fields predict, transactions/
 * predictions.ts and card-transactions/predictions.ts, is left out of its bytes and predicted again
 * when read: `PackedBytes.predicted`); otherwise as `@14`. `@14` writes the quotes' packed records against their transactions (a field
 * equal to what the quote's transaction gives, `quotes/base.ts`, is left out of its bytes, and the
 * load reads it off the snapshot's transactions: `PackedBytes.based`); otherwise as `@13`. `@13` writes the packed records' instants equal to the record's last time,
 * their own id met again and arrays of 0 to 2 items in one byte each too (`RecordCodecOptions.moreShortTags`); otherwise
 * as `@12`. `@12` writes the packed records' commonest references in one byte each (a
 * dictionary string numbered below 128, an object of a shape below 64, an integer or a decimal
 * text of 0 to 15: `RecordCodecOptions.shortTags`); otherwise as `@11`. `@11` writes each packed record with its id as the codec's key (the record's
 * own id, and ids minted with it, refer to the id saved beside it instead of repeating it:
 * `PackedBytes.keyed`); otherwise as `@10`. `@10` writes what a packed record repeats in the codec's repeat forms (ids
 * minted in one call after the first as that one's number and their index, epoch-ms numbers as a
 * difference from the record's time, an id's uppercase hex as the id's number, digits with
 * leading zeros as their count and value: `RecordCodecOptions.repeatForms`); otherwise as `@9`.
 * `@9` writes a minted uuid at an index other than 0 in its call (an id whose
 * index bits differ from the hash's since stop 29: core/ids.ts) in the codec's minted form too,
 * its index after the word (`ID_MINTED_INDEXED` forms); otherwise as `@8`. `@8` writes a uuid the engine minted (core/minted-uuid.ts) in the packed
 * stores' codec bytes as its 48-bit time and one 32-bit word, 10 bytes instead of 16 (the codec's
 * `ID_MINTED` forms; every other uuid as before); otherwise as `@7`. `@7` writes the packed stores' owners' ids against one id table shared by
 * all of them (`ids`, saved once: an owner's id enters at its first sight in any store, and the
 * stores' codec tables hold none), and saves the list indexes' position arenas without their
 * spare words; otherwise as `@6`. `@6` writes the packed stores' records with the codec's id table (an owner's
 * id met in an earlier record of the store is its table entry: core/record-codec.ts), saved with
 * the codec's other tables; otherwise as `@5`. `@5` holds the packed stores' records (transactions, quotes, card
 * transactions, external accounts, idempotency responses) as `RecordCodec` bytes, base64, beside
 * the tables of the fresh codec that encoded them for the save (core/packed-bytes.ts), and loads
 * them packed (decoded at a read); otherwise as `@4`. The codec's byte format is part of `@5`: a
 * change to it needs a new format (core/record-codec.ts; a test pins it). `@4` holds the pending
 * webhooks packed (`PendingWebhooksSnapshot`: their uuids as one base64 column, not one id
 * string each) and loads its packed stores' maps at their first use; otherwise as `@3`. `@3` holds the transactions', quotes', card transactions', external
 * accounts' and idempotency records packed (each record's text, parsed at its first read:
 * core/packed-records.ts, their stores' indexes saved beside them) and the list indexes as they are
 * (snapshot-data.ts); `@2` holds the ledger as base64 columns (ledger/snapshot.ts, version 2)
 * and records as objects, its list indexes rebuilt at load; `@1`, with the ledger as one JSON
 * array per column, still loads.
 */
export const SNAPSHOT_FORMATS = [
  'payments-engine/snapshot@1',
  'payments-engine/snapshot@2',
  'payments-engine/snapshot@3',
  'payments-engine/snapshot@4',
  'payments-engine/snapshot@5',
  'payments-engine/snapshot@6',
  'payments-engine/snapshot@7',
  'payments-engine/snapshot@8',
  'payments-engine/snapshot@9',
  'payments-engine/snapshot@10',
  'payments-engine/snapshot@11',
  'payments-engine/snapshot@12',
  'payments-engine/snapshot@13',
  'payments-engine/snapshot@14',
  'payments-engine/snapshot@15',
  'payments-engine/snapshot@16',
] as const;

/** Whether `format` is `first` or a later format (formats are listed in order). */
function formatFrom(format: EngineSnapshot['format'], first: EngineSnapshot['format']): boolean {
  return SNAPSHOT_FORMATS.indexOf(format) >= SNAPSHOT_FORMATS.indexOf(first);
}

/** Everything the log derives, at `head`. JSON-safe. */
export type EngineSnapshot = {
  readonly format: (typeof SNAPSHOT_FORMATS)[number];
  readonly head: SnapshotHead;
  readonly platform: PlatformState;
  /** Codec bytes in creation order (`PackedBytes`, the `@6` id table included), or [id, record] pairs beside `customerOrder` before customers were packed. */
  readonly customers: CustomerStoreSnapshot['customers'];
  readonly customerIdByPlatformCustomerId: CustomerStoreSnapshot['customerIdByPlatformCustomerId'];
  /** With the pairs' form of `customers` only. */
  readonly customerOrder?: readonly string[];
  readonly accounts: AccountStoreSnapshot['accounts'];
  readonly accountsByCustomer: AccountStoreSnapshot['accountsByCustomer'];
  readonly platformAccountIds: AccountStoreSnapshot['platformAccountIds'];
  readonly statements: readonly (readonly [string, StatementRecord])[];
  /** Stored first responses by key: codec bytes from `@5` on (with the id table from `@6`), texts in `@3` and `@4` (parsed at a key's first repeat), pairs before. */
  readonly idempotency: readonly (readonly [string, IdempotentResponse])[] | PackedRecords | PackedBytes;
  readonly timers: readonly Timer[];
  readonly config: PlatformConfig;
  readonly rates: readonly PublishedRate[];
  readonly externalAccounts: ExternalAccountStoreSnapshot;
  readonly transactions: TransactionStoreSnapshot;
  readonly quotes: QuoteStoreSnapshot;
  readonly paymentDocuments: PaymentDocumentStoreSnapshot;
  readonly incoming?: IncomingStoreSnapshot;
  readonly cards?: CardStoreSnapshot;
  readonly cardTransactions?: CardTransactionStoreSnapshot;
  readonly stablecoins: StablecoinStoreSnapshot;
  readonly agents?: AgentStoreSnapshot;
  /** Queued webhooks without a delivery marker, in queue order, before `@4` (absent in older snapshots: none). */
  readonly pendingWebhooks?: readonly string[];
  /** The same from `@4` on, packed. */
  readonly webhooks?: PendingWebhooksSnapshot;
  readonly verifications?: VerificationStoreSnapshot;
  readonly documents?: DocumentStoreSnapshot;
  readonly beneficialOwners?: BeneficialOwnerStoreSnapshot;
  readonly bulkCustomers?: BulkCustomerStoreSnapshot;
  readonly apiTokens?: ApiTokenStoreSnapshot;
  readonly invitations?: InvitationStoreSnapshot;
  readonly auth?: AuthStoreSnapshot;
  readonly sca?: ScaStoreSnapshot;
  readonly ledger: LedgerSnapshot;
  /** The list indexes (`encodeData`; absent before `@3`: rebuilt from the stores at load). */
  readonly lists?: EncodedData;
  /** The id table the packed stores' bytes share, ids in number order (`IdTable.texts`; from `@7` on). */
  readonly ids?: readonly string[];
};

/** Captures `state` at `head`. Pure: copies, never shares mutable parts. */
export function snapshotOf(state: DomainState, head: SnapshotHead): EngineSnapshot {
  // One fresh table for the save's packed stores, filled as they are encoded, saved after them.
  const ids = new IdTable('shared');
  const snapshot = {
    format: 'payments-engine/snapshot@16' as const,
    head,
    platform: { ...state.platform },
    ...customerStoreSnapshot(state.customers, ids),
    ...accountStoreSnapshot(state.accounts),
    statements: [...state.statements.byKey],
    idempotency: packBytes([...state.idempotency.keys()], state.idempotency, { ids }),
    timers: [...state.timers.order],
    config: state.config.current,
    rates: [...state.rates.byCorridor.values()],
    externalAccounts: externalAccountStoreSnapshot(state.externalAccounts, ids),
    transactions: transactionStoreSnapshot(state.transactions, ids),
    quotes: quoteStoreSnapshot(state.quotes, ids),
    paymentDocuments: paymentDocumentStoreSnapshot(state.paymentDocuments),
    incoming: incomingStoreSnapshot(state.incoming),
    cards: cardStoreSnapshot(state.cards),
    cardTransactions: cardTransactionStoreSnapshot(state.cardTransactions, ids),
    stablecoins: stablecoinStoreSnapshot(state.stablecoins),
    agents: agentStoreSnapshot(state.agents, state.quotes.byId),
    webhooks: state.webhooks.pending.toSnapshot(),
    verifications: verificationStoreSnapshot(state.verifications),
    documents: documentStoreSnapshot(state.documents),
    beneficialOwners: beneficialOwnerStoreSnapshot(state.beneficialOwners),
    bulkCustomers: bulkCustomerStoreSnapshot(state.bulkCustomers),
    apiTokens: apiTokenStoreSnapshot(state.apiTokens),
    invitations: invitationStoreSnapshot(state.invitations),
    auth: authStoreSnapshot(state.auth),
    sca: scaStoreSnapshot(state.sca),
    ledger: state.ledger.toSnapshot(),
    lists: encodeData(listsForSave(state.lists)),
  };
  return { ...snapshot, ids: ids.texts() };
}

// The list indexes with each index's position and offset arenas trimmed to their used words (`@7`): the
// spare room past them is a live arena's growth, no part of the state (a load grows its own).
function listsForSave(lists: ListIndexes): ListIndexes {
  const out: Record<string, unknown> = {};
  for (const [name, index] of Object.entries(lists) as [string, unknown][]) {
    if (typeof index !== 'object' || index === null || Object.getPrototypeOf(index) !== Object.prototype) {
      out[name] = index;
      continue;
    }
    const fields: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(index)) fields[key] = isPositionArena(field) ? trimmedPositionArena(field) : isOffsetArena(field) ? trimmedOffsetArena(field) : field;
    out[name] = fields;
  }
  return out as ListIndexes;
}

/**
 * Rebuilds the state a snapshot describes. Takes the snapshot's records as they are (frozen in
 * place, not copied; packed ones are decoded or parsed when read): pass a snapshot nobody changes
 * afterwards, such as one just parsed. The snapshot itself is not changed (an engine may load it
 * again). The growing stores keep their `hotRecords` records read or changed last as objects and
 * pack older ones, as `emptyState` makes them (`EngineOptions.hotRecords`).
 * Throws `InvariantError` for a format this library does not read, naming it.
 */
export function stateFromSnapshot(snapshot: EngineSnapshot, hotRecords = HOT_RECORDS): DomainState {
  const format: unknown = snapshot.format;
  if (!SNAPSHOT_FORMATS.includes(format as EngineSnapshot['format'])) {
    throw new InvariantError(`snapshot format ${JSON.stringify(format)} is not known (this library reads ${SNAPSHOT_FORMATS.join(', ')})`);
  }
  const stores = storesFromSnapshot(snapshot, hotRecords);
  shareIds(stores, snapshot);
  // Before @3 the list indexes were not stored: made again from the restored stores (which reads
  // every listed record). From @3 on they are taken as saved, and an index the snapshot lacks
  // (one added to the engine after it was saved) is made from the stores.
  const saved = snapshot.lists === undefined ? {} : (decodeData(snapshot.lists) as Partial<ListIndexes>);
  return { ...stores, lists: rebuildListIndexes(stores, { ...emptyListIndexes(), ...saved }) };
}

// The packed maps made to share one id table: from `@7` on the saved one, which their bytes name
// (a store saved with ids of its own is refused), before it a fresh one. A map whose own table
// has entries keeps it (its bytes name them): loaded from `@6`, or filled at load by a store that
// sets its records again (agents, deposits) before this.
function shareIds(stores: Omit<DomainState, 'lists'>, snapshot: EngineSnapshot): void {
  if (!formatFrom(snapshot.format, 'payments-engine/snapshot@7')) {
    shareIdTable(stores, new IdTable('shared'));
    return;
  }
  let ids: IdTable;
  try {
    ids = IdTable.fromTexts(snapshot.ids, 'shared');
  } catch (error) {
    if (error instanceof RangeError) throw new InvariantError(`snapshot ids: ${error.message}`);
    throw error;
  }
  for (const [name, saved] of Object.entries(snapshot) as [string, unknown][]) {
    const tables = (saved as Partial<PackedBytes> | null)?.codec;
    if (typeof tables === 'object' && tables !== null && tables.ids !== undefined && tables.ids.length > 0) {
      throw new InvariantError(`snapshot records: ${name} holds an id table of its own beside the shared one`);
    }
  }
  shareIdTable(stores, ids);
}

function storesFromSnapshot(snapshot: EngineSnapshot, hot: number): Omit<DomainState, 'lists'> {
  const quotes = quoteStoreFromSnapshot(snapshot.quotes, hot);
  // `@15` bytes are read with the predictions of their format, the record's own fields only.
  const predictions = formatFrom(snapshot.format, 'payments-engine/snapshot@16') ? TRANSACTION_PREDICTIONS : TRANSACTION_PREDICTIONS_15;
  const transactions = transactionStoreFromSnapshot(snapshot.transactions, hot, predictions);
  // Before any quote is read (the agents' store reads the quotes' order): from `@14` their bytes
  // need their transactions.
  linkQuoteBase(quotes.byId, transactions.byId);
  return {
    platform: { ...snapshot.platform },
    customers: customerStoreFromSnapshot(snapshot, hot),
    accounts: accountStoreFromSnapshot(snapshot, hot),
    ledger: Ledger.fromSnapshot(snapshot.ledger),
    statements: { byKey: new Map(snapshot.statements) },
    idempotency: idempotencyFromSnapshot(snapshot.idempotency, idempotencyOptions(hot)),
    timers: timerStoreOf(snapshot.timers),
    config: { current: structuredClone(snapshot.config) },
    rates: { byCorridor: new Map(snapshot.rates.map((r) => [corridorKey(r.sendingCurrency, r.receivingCurrency), r])) },
    externalAccounts: externalAccountStoreFromSnapshot(snapshot.externalAccounts, hot),
    transactions,
    quotes,
    paymentDocuments: paymentDocumentStoreFromSnapshot(snapshot.paymentDocuments),
    incoming: incomingStoreFromSnapshot(snapshot.incoming, hot),
    cards: cardStoreFromSnapshot(snapshot.cards, hot),
    cardTransactions: cardTransactionStoreFromSnapshot(snapshot.cardTransactions, hot),
    stablecoins: stablecoinStoreFromSnapshot(snapshot.stablecoins),
    agents: agentStoreFromSnapshot(snapshot.agents, quotes.byId, hot),
    webhooks: webhookStoreFromSnapshot(snapshot),
    verifications: verificationStoreFromSnapshot(snapshot.verifications),
    documents: documentStoreFromSnapshot(snapshot.documents),
    beneficialOwners: beneficialOwnerStoreFromSnapshot(snapshot.beneficialOwners),
    bulkCustomers: bulkCustomerStoreFromSnapshot(snapshot.bulkCustomers),
    apiTokens: apiTokenStoreFromSnapshot(snapshot.apiTokens),
    invitations: invitationStoreFromSnapshot(snapshot.invitations),
    auth: authStoreFromSnapshot(snapshot.auth),
    sca: scaStoreFromSnapshot(snapshot.sca),
  };
}

// The stored first responses: packed from `@3` on (bytes from `@5`, texts pending until a key
// repeats before), pairs before; never frozen, as `emptyState` keeps them.
function idempotencyFromSnapshot(saved: EngineSnapshot['idempotency'], options: PackedRecordMapOptions): Map<string, IdempotentResponse> {
  const byKey = loadedIdempotency(saved, options);
  // Packed as a live store packs them (engine/idempotency-store.ts), at the store's first use.
  return options.hot === Number.POSITIVE_INFINITY ? byKey : IdempotencyStore.loaded(byKey);
}

function loadedIdempotency(saved: EngineSnapshot['idempotency'], options: PackedRecordMapOptions): PackedRecordMap<IdempotentResponse> {
  if (!Array.isArray(saved)) return PackedRecordMap.fromPacked<IdempotentResponse>(saved as PackedRecords | PackedBytes, options);
  const byKey = new PackedRecordMap<IdempotentResponse>(options);
  for (const [key, response] of saved as readonly (readonly [string, IdempotentResponse])[]) byKey.set(key, response);
  return byKey;
}

// The pending webhooks: packed from `@4` on, a list of ids before (absent: none).
function webhookStoreFromSnapshot(snapshot: EngineSnapshot): WebhookStore {
  return snapshot.webhooks === undefined ? webhookStoreOf(snapshot.pendingWebhooks ?? []) : { pending: PendingWebhooks.fromSnapshot(snapshot.webhooks) };
}
