/**
 * Deciding `POST /quotes`. Checks run in a fixed order, so the same request always reports the
 * same first problem: the request's accounts and currencies (`resolveQuote`), the payment
 * documents (404 PAYMENT_DOCUMENT_NOT_FOUND, 409 PAYMENT_DOCUMENT_ALREADY_USED, 400
 * DOCUMENTS_REQUIRED), the rate (400 QUOTE_RATE_UNAVAILABLE), the fees and the price, the limits
 * (a set `supportedCurrencies`: 400 INVALID_CURRENCY for a currency not listed or a transaction
 * type not enabled, 400 AMOUNT_OUT_OF_RANGE outside the sending currency's min/max; then 400
 * TRANSACTION_SIZE_LIMIT_EXCEEDED, 400 AMOUNT_OUT_OF_RANGE for ACH_SAME_DAY's per-entry limit),
 * and with `immediatelyExecute` the execution checks. Transfer-in/out and agent quotes reuse this
 * decider, so they are checked alike. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant } from '../../core/time.js';
import { isPaymentRail } from '../config/rails.js';
import type { EventDraft } from '../evolver.js';
import { decideExecution, decideWaitingTransaction, type FlowContext } from '../flows/execute.js';
import { missingRequirements } from '../payment-documents/requirements.js';
import type { PaymentDocument } from '../payment-documents/types.js';
import { feesFor } from '../pricing/fee-resolution.js';
import { checkSupportedCurrencies } from '../pricing/currency-support.js';
import { checkAchSameDay, checkTransactionSize, checkWithdrawalSize } from '../pricing/limits.js';
import { priceQuote } from '../pricing/price-quote.js';
import { currentRate } from '../rates/lookup.js';
import type { DomainState } from '../state.js';
import { QUOTE_EVENTS, type QuoteCreated } from './events.js';
import { paymentInstructionsFor } from './payment-instructions.js';
import { type ResolvedQuote, resolveQuote } from './resolve.js';
import { needsSca, SCA_AVAILABLE_FACTORS, SCA_FACTOR } from './sca.js';
import type { CreateQuoteRequest } from './schema.js';
import type { Quote } from './types.js';

/** How long a quote can be executed after it is made: 5 minutes (its rate's cache life). */
export const QUOTE_TTL_MS = 5 * 60_000;

/** What `decideCreateQuote` needs besides state. */
export type CreateQuoteCommand = FlowContext & {
  readonly request: CreateQuoteRequest;
  readonly quoteId: string;
};

/** The events of a new quote and the status to answer with (202 while SCA is awaited). */
export type QuoteDecision = { readonly events: readonly EventDraft[]; readonly status: 200 | 202 };

function attachableDocuments(state: DomainState, customerId: string, ids: readonly string[]): Result<PaymentDocument[], ApiError> {
  const seen = new Set<string>();
  const documents: PaymentDocument[] = [];
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) return err(invalidInput([{ field: `documentIds[${index}]`, message: `${id} is listed twice` }]));
    seen.add(id);
    const document = state.paymentDocuments.byId.get(id);
    // Another customer's document is reported as unknown: its existence is not theirs to learn.
    if (document === undefined || document.customerId !== customerId) return err(apiError('PAYMENT_DOCUMENT_NOT_FOUND', `Payment document ${id} not found`));
    if (document.quoteId !== undefined) {
      return err(apiError('PAYMENT_DOCUMENT_ALREADY_USED', `Payment document ${id} is attached to ${document.quoteId}`, { documentId: id, quoteId: document.quoteId }));
    }
    documents.push(document);
  }
  return ok(documents);
}

function checkLimits(state: DomainState, resolved: ResolvedQuote, sendMinor: bigint, receiveMinor: bigint, atMs: number): Result<undefined, ApiError> {
  const config = state.config.current;
  const sending = resolved.source.currency;
  const receiving = resolved.destination.currency;
  // The transaction a quote makes: a payout is OUTGOING, a pull or real-time funding INCOMING (flows/execute.ts).
  const transactionType = resolved.kind === 'PAYOUT' ? 'OUTGOING' : 'INCOMING';
  const supported = checkSupportedCurrencies(config, { transactionType, sendingCurrency: sending, receivingCurrency: receiving, sendingAmountMinor: sendMinor });
  if (!supported.ok) return supported;
  const size = checkTransactionSize(config, sending, receiving, sendMinor);
  if (!size.ok) return size;
  // A payout out of the service is a withdrawal in the receiving currency.
  const leaves = resolved.kind === 'PAYOUT' && !(resolved.destination.destinationType === 'ACCOUNT' && resolved.destination.accountKind === 'INTERNAL');
  if (leaves) {
    const withdrawal = checkWithdrawalSize(config, receiving, receiveMinor);
    if (!withdrawal.ok) return withdrawal;
  }
  if (resolved.rail === 'ACH_SAME_DAY') return checkAchSameDay(receiveMinor, atMs);
  return ok(undefined);
}

/**
 * Pure: the events of a new quote (and, with `immediatelyExecute`, of its execution), and the
 * status to answer: 200, or 202 with an SCA challenge for a payout of a customer in an SCA region
 * (an immediatelyExecute payout then waits as a PENDING_AUTHORIZATION transaction). A real-time
 * funding quote answers `paymentInstructions` and waits as a PENDING incoming transaction.
 */
export function decideCreateQuote(state: DomainState, command: CreateQuoteCommand): Result<QuoteDecision, ApiError> {
  const { request } = command;
  const resolved = resolveQuote(state, request);
  if (!resolved.ok) return resolved;
  const { kind, customer, source, destination, rail } = resolved.value;
  const immediatelyExecute = request.immediatelyExecute === true;
  if (immediatelyExecute && kind === 'REALTIME_FUNDING') {
    return err(invalidInput([{ field: 'immediatelyExecute', message: 'A real-time funding quote executes when its funds arrive (POST /sandbox/send)' }]));
  }
  const documents = attachableDocuments(state, customer.id, request.documentIds ?? []);
  if (!documents.ok) return documents;
  const missing = missingRequirements(request.purposeOfPayment, documents.value);
  if (missing.length > 0) {
    return err(
      apiError('DOCUMENTS_REQUIRED', `Payments for ${request.purposeOfPayment} need supporting documents`, {
        purposeOfPayment: request.purposeOfPayment,
        missingRequirements: missing,
      }),
    );
  }
  const sendingCurrency: CurrencyCode = source.currency;
  const receivingCurrency: CurrencyCode = destination.currency;
  const rate = currentRate(state.rates, sendingCurrency, receivingCurrency, command.atMs);
  if (!rate.ok) return rate;
  const fees = feesFor(state.config.current, {
    sendingCurrency,
    receivingCurrency,
    rail: isPaymentRail(rail) ? rail : undefined,
    override: request.platformFeeOverride,
  });
  if (!fees.ok) return fees;
  const price = priceQuote({
    sendingCurrency,
    receivingCurrency,
    lockedSide: request.lockedCurrencySide,
    lockedAmountMinor: BigInt(request.lockedCurrencyAmount),
    rate: rate.value.rate,
    platformFee: fees.value.platformFee,
    railFee: fees.value.railFee,
  });
  if (!price.ok) return price;
  const priced = price.value;
  const limits = checkLimits(state, resolved.value, priced.totalSendingAmountMinor, priced.totalReceivingAmountMinor, command.atMs);
  if (!limits.ok) return limits;

  // A trusted beneficiary (docs/wallets-and-sca.md: trust with SCA) skips the per-transaction challenge.
  const trusted = destination.destinationType === 'ACCOUNT' && destination.accountKind === 'EXTERNAL' && state.externalAccounts.byId.get(destination.accountId)?.isTrusted === true;
  const sca = kind === 'PAYOUT' && needsSca(customer) && !trusted;
  const expiresAt = formatInstant(command.atMs + QUOTE_TTL_MS);
  const waitsWithTransaction = kind === 'REALTIME_FUNDING' || (sca && immediatelyExecute);
  const transactionId = waitsWithTransaction ? command.newId('Transaction') : undefined;
  const quote: Quote = {
    id: command.quoteId,
    customerId: customer.id,
    state: sca ? 'PENDING_AUTHORIZATION' : 'PENDING',
    kind,
    createdAt: command.at,
    updatedAt: command.at,
    expiresAt,
    source,
    destination,
    sendingCurrency,
    receivingCurrency,
    lockedCurrencySide: request.lockedCurrencySide,
    lockedCurrencyAmountMinor: String(request.lockedCurrencyAmount),
    totalSendingAmountMinor: priced.totalSendingAmountMinor.toString(),
    totalReceivingAmountMinor: priced.totalReceivingAmountMinor.toString(),
    feesIncludedMinor: priced.feesIncludedMinor.toString(),
    platformFeesIncludedMinor: priced.platformFeesIncludedMinor.toString(),
    railFeesIncludedMinor: priced.railFeesIncludedMinor.toString(),
    exchangeRate: priced.exchangeRate,
    rateDetails: priced.rateDetails,
    rail,
    immediatelyExecute,
    ...(request.purposeOfPayment === undefined ? {} : { purposeOfPayment: request.purposeOfPayment }),
    ...(request.description === undefined ? {} : { description: request.description }),
    ...(request.remittanceInformation === undefined ? {} : { remittanceInformation: request.remittanceInformation }),
    ...(request.senderCustomerInfo === undefined ? {} : { senderCustomerInfo: request.senderCustomerInfo }),
    documentIds: documents.value.map((document) => document.id),
    ...(kind === 'REALTIME_FUNDING'
      ? { paymentInstructions: paymentInstructionsFor(command.quoteId, sendingCurrency, priced.totalSendingAmountMinor, expiresAt) }
      : {}),
    ...(sca
      ? {
          scaChallenge: {
            id: command.newId('ScaChallenge'),
            expiresAt,
            factor: request.scaFactor ?? SCA_FACTOR,
            availableFactors: SCA_AVAILABLE_FACTORS,
            purpose: 'PAYOUT',
            failedAttempts: 0,
          },
        }
      : {}),
    ...(transactionId === undefined ? {} : { transactionId }),
  };
  const created: EventDraft = { type: QUOTE_EVENTS.created, data: { quote } satisfies QuoteCreated };
  if (transactionId !== undefined) {
    const waiting = decideWaitingTransaction(state, quote, transactionId, kind === 'REALTIME_FUNDING' ? 'PENDING' : 'PENDING_AUTHORIZATION', command);
    if (!waiting.ok) return waiting;
    return ok({ events: [created, ...waiting.value], status: sca ? 202 : 200 });
  }
  if (sca) return ok({ events: [created], status: 202 });
  if (!immediatelyExecute) return ok({ events: [created], status: 200 });
  const executed = decideExecution(state, quote, command);
  if (!executed.ok) return executed;
  return ok({ events: [created, ...executed.value], status: 200 });
}
