/**
 * A quote's update: the next stored record built as an object literal of the quote's known keys,
 * frozen. Not a spread of the stored record: V8 copies a frozen source through its slow path
 * (~0.5-1 µs for a quote, its properties left out of object), and every quote event after the
 * creation made one (docs/architecture.md, "Stored records"; docs/performance.md, "Record updates
 * (stop 19)"). Keys keep their presence: an optional key absent from the quote and the update
 * stays absent (JSON, snapshots and deep equality see the same record a spread gave).
 */
import { deepFreeze, type Writable } from '../../core/freeze.js';
import type { FlowPlan, Quote, QuoteState, ScaChallenge } from './types.js';

/** What quote events change: always `updatedAt`; the rest when given. */
export type QuoteUpdate = {
  readonly updatedAt: string;
  readonly state?: QuoteState;
  readonly scaChallenge?: ScaChallenge;
  readonly transactionId?: string;
  readonly executedAt?: string;
  /** The flow after a step; `null`: its last step was taken, and the record keeps no plan. */
  readonly flow?: FlowPlan | null;
};

/**
 * `quote` with `update` written in, as a new frozen record. Pure: `quote` is untouched; the new
 * nested values (`scaChallenge`, `flow` and its steps, the event's own objects) are frozen in
 * place, the quote's other nested values are shared (they are frozen already).
 */
export function updatedQuote(quote: Quote, update: QuoteUpdate): Quote {
  // Every required key of `Quote`, in its declared order; the optional ones follow, when present.
  const next: Writable<Quote> = {
    id: quote.id,
    customerId: quote.customerId,
    state: update.state ?? quote.state,
    kind: quote.kind,
    createdAt: quote.createdAt,
    updatedAt: update.updatedAt,
    expiresAt: quote.expiresAt,
    source: quote.source,
    destination: quote.destination,
    sendingCurrency: quote.sendingCurrency,
    receivingCurrency: quote.receivingCurrency,
    lockedCurrencySide: quote.lockedCurrencySide,
    lockedCurrencyAmountMinor: quote.lockedCurrencyAmountMinor,
    totalSendingAmountMinor: quote.totalSendingAmountMinor,
    totalReceivingAmountMinor: quote.totalReceivingAmountMinor,
    feesIncludedMinor: quote.feesIncludedMinor,
    platformFeesIncludedMinor: quote.platformFeesIncludedMinor,
    railFeesIncludedMinor: quote.railFeesIncludedMinor,
    exchangeRate: quote.exchangeRate,
    rateDetails: quote.rateDetails,
    rail: quote.rail,
    immediatelyExecute: quote.immediatelyExecute,
    documentIds: quote.documentIds,
  };
  if (quote.purposeOfPayment !== undefined) next.purposeOfPayment = quote.purposeOfPayment;
  if (quote.description !== undefined) next.description = quote.description;
  if (quote.remittanceInformation !== undefined) next.remittanceInformation = quote.remittanceInformation;
  if (quote.senderCustomerInfo !== undefined) next.senderCustomerInfo = quote.senderCustomerInfo;
  if (quote.paymentInstructions !== undefined) next.paymentInstructions = quote.paymentInstructions;
  const scaChallenge = update.scaChallenge ?? quote.scaChallenge;
  if (scaChallenge !== undefined) next.scaChallenge = deepFreeze(scaChallenge);
  const transactionId = update.transactionId ?? quote.transactionId;
  if (transactionId !== undefined) next.transactionId = transactionId;
  const executedAt = update.executedAt ?? quote.executedAt;
  if (executedAt !== undefined) next.executedAt = executedAt;
  const flow = update.flow === undefined ? quote.flow : update.flow;
  if (flow !== undefined && flow !== null) next.flow = deepFreeze(flow);
  return Object.freeze(next);
}
