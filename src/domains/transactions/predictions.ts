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
import type { PredictionKey, RecordPredictions } from '../../core/record-codec.js';
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

/** How a transaction record's fields are predicted (see the module's comment). */
export const TRANSACTION_PREDICTIONS: RecordPredictions = {
  fields: TRANSACTION_PREDICTED_FIELDS,
  inputs: [['createdAt'], ['source', 'destination'], ['sentAmount'], [], [], ['updatedAt'], [], ['updatedAt'], []],
  predict: (field, record, key) => PREDICTORS[field]!(record, key),
};

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
