/**
 * `POST /sandbox/uma/receive` (spec: simulates an incoming UMA payment). Decided
 * (docs/incoming-and-sweeps.md): a receiver address `$<platformCustomerId>@<any domain>` names the
 * customer with that platformCustomerId, and the payment is credited to their own ACTIVE account
 * in `receivingCurrencyCode`. The sender's address picks the sandbox behaviour and the currency it
 * pays in (`UMA_TEST_ADDRESSES`); the amount it sends is the receiving amount converted at the
 * current rate (the receiving side locked, no fees on incoming payments).
 *
 * Checks in a fixed order: 400 INVALID_UMA_ADDRESS (sender, then receiver); 400 INVALID_CURRENCY
 * for an unknown receiving currency; 404 UMA_NOT_FOUND when no customer has the receiver's user
 * part as platformCustomerId; 400 INVALID_CURRENCY when that customer holds no active own account
 * in the currency; 400 QUOTE_RATE_UNAVAILABLE; 400 AMOUNT_OUT_OF_RANGE.
 *
 * The INCOMING CREDIT transaction starts PENDING, or PENDING_APPROVAL when the platform requires
 * approval of incoming payments (`state.incoming.approval`); its steps follow at each advance.
 * Pure.
 */
import { customerByUmaAddress } from '../uma/address.js';
import { type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import type { Customer } from '../customers/types.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { ZERO_FEE } from '../pricing/fees.js';
import { priceQuote } from '../pricing/price-quote.js';
import { UMA_ADDRESS_PATTERN, UMA_RAIL } from '../quotes/resolve.js';
import { currentRate } from '../rates/lookup.js';
import type { DomainState } from '../state.js';
import { holderAccountOf } from '../sweeps/holder.js';
import { decideCreateTransaction } from '../transactions/index.js';
import { INCOMING_EVENTS, type IncomingPaymentStarted } from './events.js';
import { umaPlan } from './plan.js';
import type { IncomingRecord } from './types.js';
import { umaSenderRow } from '../../sandbox/uma-test-addresses.js';

/** A validated `POST /sandbox/uma/receive` body. */
export type UmaReceiveRequest = {
  readonly senderUmaAddress: string;
  /** The receiver by address; `customerId` names it otherwise (at least one, the schema checks). */
  readonly receiverUmaAddress?: string | undefined;
  readonly customerId?: string | undefined;
  readonly receivingCurrencyCode: string;
  readonly receivingCurrencyAmount: number;
};

/** What the decider needs besides state and the body. */
export type UmaReceiveContext = { readonly transactionId: string; readonly at: string; readonly atMs: number };

function invalidAddress(field: string, address: string): ApiError {
  return apiError('INVALID_UMA_ADDRESS', `${address} is not a UMA address ($user@domain)`, { field, umaAddress: address });
}

/** The customer `receiverUmaAddress` names: a given umaAddress, else `$<platformCustomerId>@` any domain. */
function customerOfAddress(state: DomainState, address: string): Customer | undefined {
  // The user part as written (platformCustomerIds are case-sensitive); the domain is the sandbox's, whatever it is.
  const user = address.slice(1, address.indexOf('@'));
  const customerId = customerByUmaAddress(state, address)?.id ?? state.customers.byPlatformCustomerId.get(user);
  return customerId === undefined ? undefined : state.customers.byId.get(customerId);
}

/**
 * The receiver a request names (issue 12: the reference's `customerId` beside
 * `receiverUmaAddress`; when both are given they must name the same customer), or why not.
 */
function receiverOf(state: DomainState, request: UmaReceiveRequest): Result<Customer, ApiError> {
  const address = request.receiverUmaAddress;
  if (address !== undefined && !UMA_ADDRESS_PATTERN.test(address)) return err(invalidAddress('receiverUmaAddress', address));
  const byAddress = address === undefined ? undefined : customerOfAddress(state, address);
  if (address !== undefined && byAddress === undefined) {
    return err(apiError('UMA_NOT_FOUND', `No receiver ${address} on this platform`, { umaAddress: address }));
  }
  if (request.customerId === undefined) {
    return byAddress === undefined ? err(invalidInput([{ field: 'receiverUmaAddress', message: 'Name the receiver: receiverUmaAddress or customerId' }])) : ok(byAddress);
  }
  const byId = state.customers.byId.get(request.customerId);
  if (byId === undefined || byId.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId} not found`, { customerId: request.customerId }));
  if (byAddress !== undefined && byAddress.id !== byId.id) {
    return err(invalidInput([{ field: 'customerId', message: `customerId ${byId.id} is not the receiver ${address} names (${byAddress.id})` }]));
  }
  return ok(byId);
}

/** Pure: the events of an incoming UMA payment, or the first reason the sandbox refuses it. */
export function decideUmaReceive(state: DomainState, request: UmaReceiveRequest, context: UmaReceiveContext): Result<EventDraft[], ApiError> {
  if (!UMA_ADDRESS_PATTERN.test(request.senderUmaAddress)) return err(invalidAddress('senderUmaAddress', request.senderUmaAddress));
  const receiving = request.receivingCurrencyCode;
  if (!isCurrencyCode(receiving)) {
    return err(apiError('INVALID_CURRENCY', `Unknown currency ${receiving}`, { field: 'receivingCurrencyCode', currency: receiving }));
  }
  const receiver = receiverOf(state, request);
  if (!receiver.ok) return receiver;
  const customer = receiver.value;
  const receiverName = request.receiverUmaAddress ?? customer.id;
  const account = holderAccountOf(state, customer.id, receiving);
  if (account === undefined) {
    return err(apiError('INVALID_CURRENCY', `${receiverName} cannot receive ${receiving}`, { field: 'receivingCurrencyCode', currency: receiving }));
  }
  const sender = umaSenderRow(request.senderUmaAddress);
  const sending: CurrencyCode = sender.currency ?? receiving;
  const rate = currentRate(state.rates, sending, receiving, context.atMs);
  if (!rate.ok) return rate;
  const price = priceQuote({
    sendingCurrency: sending,
    receivingCurrency: receiving,
    lockedSide: 'RECEIVING',
    lockedAmountMinor: BigInt(request.receivingCurrencyAmount),
    rate: rate.value.rate,
    platformFee: ZERO_FEE,
  });
  if (!price.ok) return price;
  const sendMinor = price.value.totalSendingAmountMinor.toString();
  const amountMinor = String(request.receivingCurrencyAmount);
  const approval = state.incoming.approval;
  const record: IncomingRecord = {
    transactionId: context.transactionId,
    kind: 'UMA',
    customerId: customer.id,
    accountId: account.id,
    creditAccountId: account.id,
    rail: UMA_RAIL,
    sendCurrency: sending,
    sendMinor,
    currency: receiving,
    amountMinor,
    remaining: umaPlan(sender.behaviour),
    nextDueAtMs: context.atMs,
    returnState: 'NONE',
    createdAt: context.at,
    updatedAt: context.at,
  };
  const created = decideCreateTransaction(
    state,
    {
      id: context.transactionId,
      type: 'INCOMING',
      direction: 'CREDIT',
      ...(approval.required
        ? {
            initialState: 'PENDING_APPROVAL',
            approval: approval.requestedReceiverCustomerInfoFields.length === 0 ? {} : { requestedReceiverCustomerInfoFields: approval.requestedReceiverCustomerInfoFields },
          }
        : { initialState: 'PENDING' }),
      source: { sourceType: 'UMA_ADDRESS', umaAddress: request.senderUmaAddress, currency: sending },
      destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: receiving },
      customerId: customer.id,
      sentAmount: { amountMinor: sendMinor, currency: sending },
      receivedAmount: { amountMinor, currency: receiving },
      exchangeRate: price.value.exchangeRate,
      feesMinor: '0',
      counterpartyInformation: { umaAddress: request.senderUmaAddress },
    },
    { at: context.at },
  );
  if (!created.ok) return created;
  const started: IncomingPaymentStarted = { record };
  return ok([{ type: INCOMING_EVENTS.started, data: started }, ...created.value]);
}
