/**
 * A quote packed against its transaction (issue 16, figure 12; snapshot `@14`). An executed quote
 * repeats most of what its transaction records: the customer, source, destination, amounts, rate,
 * description and times. The quote store's packed records are written against their transaction
 * (`PackedRecordMap.baseOn`, `RecordCodec`): a field equal to what `quoteFieldsOf` reads off the
 * transaction is left out of the quote's bytes, and a read of the quote reads the transaction
 * again. The transaction store re-encodes a quote packed against its transaction before it
 * replaces that transaction, so any field of it may be read here; readers of quotes see the
 * records as they were set (nothing in a quote record or its readers changes).
 *
 * **Part of the snapshot format from `@14` on**: bytes written against these values read back only
 * with the same values, so what `quoteFieldsOf` gives for a transaction, the fields' order and the
 * constants below never change without a new snapshot format (test/quotes/quote-base.test.ts pins
 * them). The constants are literals for that reason, not the domain's (`QUOTE_TTL_MS` may change;
 * a quote's bytes may not).
 */
import type { PackedRecordMap, RecordBaseLink } from '../../core/packed-record-map.js';
import { instantToMs, isoText } from '../../core/time.js';
import type { Transaction } from '../transactions/types.js';
import type { Quote } from './types.js';

// A quote's life when this format was made (create.ts `QUOTE_TTL_MS` then): its `expiresAt` after its creation.
const QUOTE_LIFE_MS = 300_000;

const TRANSACTION_PREFIX = 'Transaction:';
const QUOTE_PREFIX = 'Quote:';
const INTERNAL_PREFIX = 'InternalAccount:';
const EXTERNAL_PREFIX = 'ExternalAccount:';

/**
 * The quote fields a quote may take from its transaction, in the order of their bits: the ones a
 * quote holds other values of most often first (in the API log the fee split, the rail, the rate
 * details of a conversion and `immediatelyExecute` differ in 20-45% of executed quotes, the rest
 * in under 3%), so that what a quote takes is one byte.
 */
export const QUOTE_BASE_FIELDS = [
  'railFeesIncludedMinor',
  'platformFeesIncludedMinor',
  'rail',
  'rateDetails',
  'immediatelyExecute',
  'updatedAt',
  'createdAt',
  'expiresAt',
  'customerId',
  'source',
  'destination',
  'sendingCurrency',
  'receivingCurrency',
  'lockedCurrencySide',
  'lockedCurrencyAmountMinor',
  'totalSendingAmountMinor',
  'totalReceivingAmountMinor',
  'feesIncludedMinor',
  'exchangeRate',
  'description',
  'transactionId',
  'executedAt',
  'kind',
  'state',
  'documentIds',
] as const;

/**
 * What the quote that made `tx` most likely holds, field by field in `QUOTE_BASE_FIELDS` order
 * (the inverse of flows/execute.ts `transactionInputOf`, and the quote's own rules: created with
 * its transaction, expiring five minutes later, no conversion meaning plain rate details). A
 * guess: a quote holding another value keeps its own. New objects at each call. Pure.
 */
export function quoteFieldsOf(tx: Transaction): readonly unknown[] {
  const fees = tx.feesMinor;
  const sent = tx.sentAmount;
  const received = tx.receivedAmount;
  const createdMs = instantToMs(tx.createdAt);
  return [
    fees,
    '0',
    railOf(tx),
    tx.exchangeRate === '1' ? plainRateDetails() : undefined,
    false,
    tx.updatedAt,
    tx.createdAt,
    Number.isNaN(createdMs) ? undefined : isoText(createdMs + QUOTE_LIFE_MS),
    tx.customerId,
    sourceOf(tx),
    destinationOf(tx),
    sent?.currency,
    received?.currency,
    'SENDING',
    sent?.amountMinor,
    sent?.amountMinor,
    received?.amountMinor,
    fees,
    tx.exchangeRate,
    tx.description,
    tx.id,
    tx.createdAt,
    tx.type === 'OUTGOING' ? 'PAYOUT' : tx.direction === 'DEBIT' ? 'PULL' : 'REALTIME_FUNDING',
    'EXECUTED',
    [],
  ];
}

/** How the quote store's records find their transactions (`PackedRecordMap.baseOn`): the same uuid, `Transaction:` for `Quote:`. */
export const QUOTE_BASE: RecordBaseLink = {
  fields: QUOTE_BASE_FIELDS,
  baseKeyOf: (uuid) => TRANSACTION_PREFIX + uuid,
  dependentKeyOf: (transactionId) => (transactionId.startsWith(TRANSACTION_PREFIX) ? QUOTE_PREFIX + transactionId.slice(TRANSACTION_PREFIX.length) : undefined),
  valuesOf: (tx) => quoteFieldsOf(tx as Transaction),
  // No quote event follows these (the quote table's finals; a finished plan is dropped).
  isFinal: (quote) => {
    const { state, flow } = quote as Quote;
    return state === 'EXPIRED' || (state === 'EXECUTED' && flow === undefined);
  },
};

/** Packs `quotes`' records against their transactions in `transactions` from now on (see the module's comment). */
export function linkQuoteBase(quotes: PackedRecordMap<object>, transactions: PackedRecordMap<object>): void {
  quotes.baseOn(transactions, QUOTE_BASE);
}

// The rail its rail details name; between two internal accounts, BOOK.
function railOf(tx: Transaction): string | undefined {
  const details = tx.destination.destinationType === 'ACCOUNT' ? tx.destination.railDetails : undefined;
  const rail = details?.paymentRail ?? (tx.source.sourceType === 'UMA_ADDRESS' ? undefined : tx.source.railDetails?.paymentRail);
  if (rail !== undefined) return rail;
  const internal = tx.source.sourceType === 'ACCOUNT' && tx.source.accountId.startsWith(INTERNAL_PREFIX) && tx.destination.destinationType === 'ACCOUNT' && tx.destination.accountId.startsWith(INTERNAL_PREFIX);
  return internal ? 'BOOK' : undefined;
}

// INTERNAL or EXTERNAL by the account id's prefix (undefined: neither).
function accountKindOf(accountId: string): string | undefined {
  if (accountId.startsWith(INTERNAL_PREFIX)) return 'INTERNAL';
  return accountId.startsWith(EXTERNAL_PREFIX) ? 'EXTERNAL' : undefined;
}

// The quote's source as quotes/resolve.ts writes it.
function sourceOf(tx: Transaction): object | undefined {
  const source = tx.source;
  if (source.sourceType === 'ACCOUNT') return { sourceType: 'ACCOUNT', accountId: source.accountId, accountKind: accountKindOf(source.accountId), currency: source.currency, customerId: tx.customerId };
  if (source.sourceType === 'REALTIME_FUNDING') return { sourceType: 'REALTIME_FUNDING', currency: source.currency, customerId: source.customerId };
  return undefined;
}

// The quote's destination as quotes/resolve.ts writes it (without a pinned rail).
function destinationOf(tx: Transaction): object {
  const destination = tx.destination;
  if (destination.destinationType === 'ACCOUNT') {
    return { destinationType: 'ACCOUNT', accountId: destination.accountId, accountKind: accountKindOf(destination.accountId), currency: destination.currency };
  }
  return { destinationType: 'UMA_ADDRESS', umaAddress: destination.umaAddress, currency: destination.currency };
}

// The rate details of a quote with no conversion (pricing/price-quote.ts).
function plainRateDetails(): object {
  return { counterpartyMultiplier: '1', counterpartyFixedFee: '0', svcApiMultiplier: '1', svcApiFixedFee: '0', svcApiVariableFeeRate: '0', svcApiVariableFeeAmount: '0' };
}
