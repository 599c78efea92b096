/**
 * What a card transaction record holds that its id and its own earlier fields predict (issue 16,
 * figure 12; snapshot `@15`), as transactions/predictions.ts does for payments: the store packs its
 * records with these (`PackedRecordMapOptions.predictions`), a field equal to its prediction left
 * out of its bytes. In the API log, of 2,389 card transactions, `createdAt` is its id's time and
 * `authorizedAt` its creation time in every one, `updatedAt` the creation time in 1,631, `settledAt`
 * the last update's in 712 of 960, an open authorization's `expiresAt` seven days after its
 * creation, and `accountId` the internal account minted with the customer in every one.
 *
 * **Part of the snapshot format from `@15` on**: the fields, their order, their inputs and what each
 * predicts never change without a new snapshot format (the expiry is a literal for that reason,
 * not `AUTHORIZATION_EXPIRY_MS`; test/transactions/record-predictions.test.ts pins them).
 */
import type { PredictionKey, RecordPredictions } from '../../core/record-codec.js';
import { canonicalInstantMs, isoText } from '../../core/time.js';
import { mintedSibling } from '../../core/minted-uuid.js';
import { CUSTOMER_PREFIX, INTERNAL_ACCOUNT_PREFIX, keyInstant } from '../transactions/predictions.js';

// An authorization's life when this format was made (expiry.ts `AUTHORIZATION_EXPIRY_MS` then).
const AUTHORIZATION_LIFE_MS = 7 * 86_400_000;

/** The fields a card transaction record's predictions cover, the ones that differ from their prediction most often first. */
export const CARD_TRANSACTION_PREDICTED_FIELDS = ['updatedAt', 'settledAt', 'expiresAt', 'createdAt', 'authorizedAt', 'accountId'] as const;

type Fields = Readonly<Record<string, unknown>>;

/** How a card transaction record's fields are predicted (see the module's comment). */
export const CARD_TRANSACTION_PREDICTIONS: RecordPredictions = {
  fields: CARD_TRANSACTION_PREDICTED_FIELDS,
  inputs: [['createdAt'], ['updatedAt'], ['createdAt'], [], ['createdAt'], ['customerId']],
  predict: (field, record, key) => PREDICTORS[field]!(record, key),
};

const PREDICTORS: readonly ((record: Fields, key: PredictionKey) => unknown)[] = [
  (record) => record.createdAt,
  (record) => record.updatedAt,
  (record) => laterInstant(record.createdAt, AUTHORIZATION_LIFE_MS),
  (_record, key) => keyInstant(key),
  (record) => record.createdAt,
  // accountId: the internal account minted with the customer (its first).
  (record) => mintedSibling(record.customerId, CUSTOMER_PREFIX, INTERNAL_ACCOUNT_PREFIX, 1),
];

// The instant `ms` after `instant`, or undefined when `instant` is not one as the codec writes
// them (checked arithmetic, no `Date.parse`: a prediction never changes).
function laterInstant(instant: unknown, ms: number): string | undefined {
  if (typeof instant !== 'string') return undefined;
  const at = canonicalInstantMs(instant);
  return at < 0 ? undefined : isoText(at + ms);
}
