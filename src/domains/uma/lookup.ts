/**
 * Receiver lookups (`GET /receiver/uma/{address}`, `GET /receiver/external-account/{accountId}`):
 * which currencies the receiver takes, at what estimated rate from the sender's currency, and the
 * bounds of an amount. The sandbox has no counterparty to ask, so a lookup writes nothing and its
 * `lookupId` is a fresh id for the answer only (a quote does not need it). Pure.
 */
import { type Currency, type CurrencyCode, currencyOf } from '../../core/currency.js';
import { freshRate } from '../rates/lookup.js';
import type { DomainState } from '../state.js';

/** Most a lookup offers as `max` (minor units): the largest safe integer, the quote amounts' bound. */
export const LOOKUP_AMOUNT_MAX_MINOR = Number.MAX_SAFE_INTEGER;

/** One currency the receiver takes (reference CurrencyPreference). */
export type CurrencyPreference = { readonly currency: Currency; readonly estimatedExchangeRate: number; readonly min: number; readonly max: number };

/** The common part of a lookup answer (reference ReceiverLookupResponse). */
export type ReceiverLookup = {
  readonly supportedCurrencies: readonly CurrencyPreference[];
  readonly requiredPayerDataFields: readonly { readonly name: string; readonly mandatory: boolean }[];
  readonly lookupId: string;
};

/** The currency a sender pays in: its customer's first account's, else USD. */
export function senderCurrency(state: DomainState, customerId: string | undefined): CurrencyCode {
  const accountId = customerId === undefined ? undefined : state.accounts.byCustomer.get(customerId)?.at(0);
  return (accountId === undefined ? undefined : state.accounts.byId.get(accountId)?.currency) ?? 'USD';
}

/** The currencies of a customer's internal accounts, in account order, without repeats. */
export function customerCurrencies(state: DomainState, customerId: string): CurrencyCode[] {
  const out: CurrencyCode[] = [];
  for (const id of state.accounts.byCustomer.get(customerId) ?? []) {
    const currency = state.accounts.byId.get(id)?.currency;
    if (currency !== undefined && !out.includes(currency)) out.push(currency);
  }
  return out;
}

/**
 * The lookup answer for `receiving` currencies from `sending`: a currency without a fresh
 * published rate is left out (it could not be quoted now); the rate is sending units per
 * receiving unit, fee-exclusive, as everywhere on the wire.
 */
export function receiverLookup(state: DomainState, sending: CurrencyCode, receiving: readonly CurrencyCode[], lookupId: string, nowMs: number): ReceiverLookup {
  const supportedCurrencies: CurrencyPreference[] = [];
  for (const code of receiving) {
    const rate = freshRate(state.rates, sending, code, nowMs);
    if (rate === undefined) continue;
    supportedCurrencies.push({ currency: currencyOf(code), estimatedExchangeRate: Number(rate.exchangeRate), min: 1, max: LOOKUP_AMOUNT_MAX_MINOR });
  }
  return { supportedCurrencies, requiredPayerDataFields: [], lookupId };
}
