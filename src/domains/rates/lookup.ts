/**
 * Reading rates with the cache rule: a rate is served from its `asOf` until `asOf + 5 minutes`
 * (`expiresAt`, exclusive: at that instant it is stale). A same-currency corridor is always 1.
 * Quotes use `currentRate`; a corridor without a fresh rate is 400 QUOTE_RATE_UNAVAILABLE. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { RateDecimal } from '../../core/decimal.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, instantToMs } from '../../core/time.js';
import { corridorKey, type RateStore } from './store.js';
import { type PublishedRate, RATE_CACHE_MS } from './types.js';

/** A rate as served at an instant. */
export type ServedRate = {
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  /** Canonical decimal string: sending major units per receiving major unit, fee-exclusive. */
  readonly exchangeRate: string;
  /** The same value, ready for `priceQuote`. */
  readonly rate: RateDecimal;
  readonly asOf: string;
  /** The first instant the rate is no longer served (`asOf + RATE_CACHE_MS`). */
  readonly expiresAt: string;
};

/** When `rate` stops being served, in epoch ms. */
export function rateExpiresAtMs(rate: PublishedRate): number {
  return instantToMs(rate.asOf) + RATE_CACHE_MS;
}

/** True when `rate` may be served at `nowMs`: `asOf <= now < asOf + 5 min`. */
export function isRateFresh(rate: PublishedRate, nowMs: number): boolean {
  const asOfMs = instantToMs(rate.asOf);
  return asOfMs <= nowMs && nowMs < asOfMs + RATE_CACHE_MS;
}

/** The rate served for a corridor at `nowMs`, or undefined when it has none fresh. */
export function freshRate(store: RateStore, sendingCurrency: CurrencyCode, receivingCurrency: CurrencyCode, nowMs: number): ServedRate | undefined {
  if (sendingCurrency === receivingCurrency) {
    return {
      sendingCurrency,
      receivingCurrency,
      exchangeRate: '1',
      rate: new RateDecimal(1),
      asOf: formatInstant(nowMs),
      expiresAt: formatInstant(nowMs + RATE_CACHE_MS),
    };
  }
  const stored = store.byCorridor.get(corridorKey(sendingCurrency, receivingCurrency));
  return stored === undefined || !isRateFresh(stored, nowMs) ? undefined : served(stored);
}

/** The rate a quote converts at, or 400 QUOTE_RATE_UNAVAILABLE. */
export function currentRate(
  store: RateStore,
  sendingCurrency: CurrencyCode,
  receivingCurrency: CurrencyCode,
  nowMs: number,
): Result<ServedRate, ApiError> {
  const rate = freshRate(store, sendingCurrency, receivingCurrency, nowMs);
  if (rate !== undefined) return ok(rate);
  const stored = store.byCorridor.get(corridorKey(sendingCurrency, receivingCurrency));
  return err(
    apiError(
      'QUOTE_RATE_UNAVAILABLE',
      stored === undefined
        ? `No exchange rate is published for ${sendingCurrency} to ${receivingCurrency}`
        : `The latest ${sendingCurrency} to ${receivingCurrency} rate (as of ${stored.asOf}) is not current`,
      stored === undefined
        ? { sendingCurrency, receivingCurrency }
        : { sendingCurrency, receivingCurrency, latestAsOf: stored.asOf, expiresAt: formatInstant(rateExpiresAtMs(stored)) },
    ),
  );
}

/** Every fresh published rate at `nowMs` (same-currency corridors are not stored), sorted by corridor. */
export function freshRates(store: RateStore, nowMs: number): ServedRate[] {
  const out: ServedRate[] = [];
  for (const rate of store.byCorridor.values()) if (isRateFresh(rate, nowMs)) out.push(served(rate));
  return out.sort((a, b) => compareCorridors(a, b));
}

function compareCorridors(a: ServedRate, b: ServedRate): number {
  const left = `${a.sendingCurrency}>${a.receivingCurrency}`;
  const right = `${b.sendingCurrency}>${b.receivingCurrency}`;
  return left < right ? -1 : left > right ? 1 : 0;
}

function served(rate: PublishedRate): ServedRate {
  return { ...rate, rate: new RateDecimal(rate.exchangeRate), expiresAt: formatInstant(rateExpiresAtMs(rate)) };
}
