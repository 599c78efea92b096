/**
 * What a transaction record holds that its id and its own earlier fields predict (issue 16,
 * figure 12; snapshot `@15`). The transaction store packs its records with these predictions
 * (`PackedRecordMapOptions.predictions`, `RecordCodec`): a field equal to its prediction is left
 * out of the record's bytes and predicted again when the record is read. In the API log, of 8,005
 * transactions, `createdAt` is its id's time in 7,946 (the id is minted as the transaction is
 * created), `quoteId` names the quote of the transaction's own uuid in every one that has it,
 * `settledAt` equals `updatedAt` in 6,080 of 6,686, `receivedAmount` equals `sentAmount` in 5,236
 * (no conversion), a refund is the failed payment's, completed as it was initiated at the last
 * update, in 1,661 of 1,712 (its reference made of the uuid, as transactions/reference.ts makes it), and `feesMinor` is `"0"`, `exchangeRate` `"1"`, `customerId` the funding
 * source's customer or the one minted with the source's or destination's internal account (every
 * one), `updatedAt` the creation time in many of the rest (docs/performance.md,
 * stop 33). Nothing outside the record is read, so no other store's change touches its bytes.
 *
 * **Part of the snapshot format from `@15` on**: bytes written against these predictions read back
 * only with the same ones, so the fields, their order, their inputs and what each predicts never
 * change without a new snapshot format (test/transactions/record-predictions.test.ts pins them).
 */
import { mintedSibling } from '../../core/minted-uuid.js';
import type { NestedPredictions, PredictionKey, RecordPredictions } from '../../core/record-codec.js';
import { isoText } from '../../core/time.js';

const QUOTE_PREFIX = 'Quote:';
/** A customer's id and its first internal account's are minted in one call, the customer's at the index before (customers/create.ts). */
export const CUSTOMER_PREFIX = 'Customer:';
/** See `CUSTOMER_PREFIX`. */
export const INTERNAL_ACCOUNT_PREFIX = 'InternalAccount:';

/** The fields a transaction record's predictions cover, the ones that differ from their prediction most often first. */
export const TRANSACTION_PREDICTED_FIELDS = [
  'updatedAt',
  'customerId',
  'receivedAmount',
  'feesMinor',
  'exchangeRate',
  'settledAt',
  'createdAt',
  'refund',
  'quoteId',
] as const;

type Fields = Readonly<Record<string, unknown>>;

/** How a transaction record's own fields are predicted in snapshot `@15` (see the module's comment); `@15` bytes load with these. */
export const TRANSACTION_PREDICTIONS_15: RecordPredictions = {
  fields: TRANSACTION_PREDICTED_FIELDS,
  inputs: [['createdAt'], ['source', 'destination'], ['sentAmount'], [], [], ['updatedAt'], [], ['updatedAt'], []],
  predict: (field, record, key) => PREDICTORS[field]!(record, key),
};

// The rail details' remittance texts, which default to the reconciliation reference (rails.ts).
const REMITTANCE_FIELDS = ['addenda', 'originatorToBeneficiaryInformation', 'remittanceInformation'];

/**
 * How the objects inside a transaction record are predicted from snapshot `@16` on (the rails'
 * bits after the record's own, the ones kept most often first): a side's rail details hold the
 * transaction's reconciliation reference (`TX` and its uuid's hex, upper case) as their remittance
 * text unless the quote gave one, a deposit's source rail shows the sandbox originator's bank
 * account, and a funded deposit's destination account is the internal account minted with the
 * source's customer.
 */
export const TRANSACTION_NESTED_PREDICTIONS: readonly NestedPredictions[] = [
  {
    path: ['source', 'railDetails'],
    fields: ['bankAccount', ...REMITTANCE_FIELDS],
    inputs: [[], [], [], []],
    recordInputs: [],
    predict: (field, _object, key) => (field === 0 ? { ...SANDBOX_ORIGINATOR_AT_16 } : reconciliationText(key)),
  },
  {
    path: ['destination'],
    fields: ['accountId'],
    inputs: [[]],
    recordInputs: ['source'],
    predict: (_field, _object, _key, record) => mintedSibling((record.source as Fields | undefined)?.customerId, CUSTOMER_PREFIX, INTERNAL_ACCOUNT_PREFIX, 1),
  },
  {
    path: ['destination', 'railDetails'],
    fields: REMITTANCE_FIELDS,
    inputs: [[], [], []],
    recordInputs: [],
    predict: (_field, _object, key) => reconciliationText(key),
  },
];

/** How a transaction record's fields are predicted (snapshot `@16` on): its own as in `@15`, and those of the objects inside it. */
export const TRANSACTION_PREDICTIONS: RecordPredictions = { ...TRANSACTION_PREDICTIONS_15, nested: TRANSACTION_NESTED_PREDICTIONS };

// The sandbox deposits' originating bank account when `@16` was made (deposits/deposit.ts
// `SANDBOX_ORIGINATOR` then): a literal, part of the format.
const SANDBOX_ORIGINATOR_AT_16 = {
  accountHolderName: 'Sandbox Depositor',
  accountNumber: '000123456789',
  bankName: 'Sandbox Originating Bank',
  routingNumber: '091000019',
};

// The reconciliation reference of the transaction keyed `key` (transactions/reference.ts, written here: part of the format).
function reconciliationText(key: PredictionKey): string {
  return `TX${key.uuid.replaceAll('-', '').toUpperCase()}`;
}

const PREDICTORS: readonly ((record: Fields, key: PredictionKey) => unknown)[] = [
  // updatedAt: not updated since its creation.
  (record) => record.createdAt,
  // customerId: the funding source's customer, else the customer minted with the source's or the
  // destination's internal account (its first).
  (record) => {
    const source = record.source as Fields | undefined;
    if (source?.customerId !== undefined) return source.customerId;
    return mintedSibling(source?.accountId, INTERNAL_ACCOUNT_PREFIX, CUSTOMER_PREFIX, -1) ?? mintedSibling((record.destination as Fields | undefined)?.accountId, INTERNAL_ACCOUNT_PREFIX, CUSTOMER_PREFIX, -1);
  },
  // receivedAmount: what was sent, with no conversion (a copy: it becomes the record's).
  (record) => amountCopy(record.sentAmount),
  () => '0',
  () => '1',
  // settledAt: settled by its last update.
  (record) => record.updatedAt,
  // createdAt: its id's time (the id is minted as the transaction is created).
  (_record, key) => keyInstant(key),
  // refund: a failed payment's, completed at its last update, initiated then too.
  (record, key) => ({ reference: `RF${key.uuid.replaceAll('-', '').toUpperCase()}`, initiatedAt: record.updatedAt, status: 'COMPLETED', reason: 'TRANSACTION_FAILED', settledAt: record.updatedAt }),
  // quoteId: the quote of the transaction's own uuid (flows/execute.ts gives them one).
  (_record, key) => QUOTE_PREFIX + key.uuid,
];

/** The instant of a key's time, or undefined when the key is not a UUIDv7. */
export function keyInstant(key: PredictionKey): string | undefined {
  return Number.isNaN(key.ms) ? undefined : isoText(key.ms);
}

// A copy of an amount (`{ amountMinor, currency }`), its keys in the same order; other values as they are.
function amountCopy(amount: unknown): unknown {
  if (typeof amount !== 'object' || amount === null || Array.isArray(amount)) return amount;
  return { ...(amount as Fields) };
}
