/**
 * Validation of rate publications (engine options and `POST /sandbox/exchange-rates`): known
 * currencies, a positive decimal string, two different currencies, one rate per corridor per
 * publication, `asOf` an instant with offset and not after `now`. Valid input becomes canonical
 * `PublishedRate`s (rate without trailing zeros, `asOf` in UTC).
 */
import { z } from 'zod';
import { assert } from '../../core/assert.js';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import { RateDecimal } from '../../core/decimal.js';
import type { FieldError } from '../../core/errors.js';
import { formatInstant, parseInstant } from '../../core/time.js';
import { entryKey, objectEntries } from '../config/field-errors.js';
import { type ExchangeRateInput, type PublishedRate, RATES_PER_PUBLICATION_MAX } from './types.js';

/** A rate's text: up to 12 integer digits and 18 decimals, no sign, no exponent. */
export const RATE_PATTERN = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,18})?$/;

const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];
const currency = z.enum(currencyCodes, { error: 'must be a registered currency code' });

/** One rate's shape. */
export const exchangeRateInputSchema = z.strictObject({
  sendingCurrency: currency,
  receivingCurrency: currency,
  exchangeRate: z
    .string({ error: 'must be a decimal string (sending units per receiving unit)' })
    .regex(RATE_PATTERN, { error: 'must be a decimal string with up to 12 integer digits and 18 decimals' }),
  asOf: z.string({ error: 'must be an ISO 8601 instant with offset' }),
});

/** A publication's shape: 1 to `RATES_PER_PUBLICATION_MAX` rates. */
export const exchangeRateListSchema = z
  .array(exchangeRateInputSchema)
  .min(1, { error: 'at least one rate is required' })
  .max(RATES_PER_PUBLICATION_MAX, { error: `at most ${RATES_PER_PUBLICATION_MAX} rates per publication` });

/**
 * The rules zod cannot express, for the list at `prefix` (e.g. "rates"); `nowMs` undefined skips
 * the "not in the future" rule (engine options are checked before any clock exists). Pure.
 */
export function rateCrossFieldErrors(list: unknown, prefix: string, nowMs: number | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const corridors = new Set<string>();
  for (const [index, entry] of objectEntries(list)) {
    const at = `${prefix}[${index}]`;
    if (typeof entry.exchangeRate === 'string' && RATE_PATTERN.test(entry.exchangeRate) && new RateDecimal(entry.exchangeRate).isZero()) {
      errors.push({ field: `${at}.exchangeRate`, message: 'must be greater than zero' });
    }
    if (entry.sendingCurrency !== undefined && entry.sendingCurrency === entry.receivingCurrency) {
      errors.push({ field: `${at}.receivingCurrency`, message: 'must differ from sendingCurrency (a same-currency rate is always 1)' });
    }
    // Keyed on primitives only (entryKey): zod reports an object, whose String() could throw.
    const key = entryKey('>', entry.sendingCurrency, entry.receivingCurrency);
    if (key !== undefined) {
      if (corridors.has(key)) errors.push({ field: `${at}.receivingCurrency`, message: 'this corridor already has a rate in this publication' });
      corridors.add(key);
    }
    if (typeof entry.asOf === 'string') {
      const asOfMs = parseInstant(entry.asOf);
      if (asOfMs === undefined) errors.push({ field: `${at}.asOf`, constraint: { format: 'date-time' }, message: 'must be an ISO 8601 instant with offset' });
      else if (nowMs !== undefined && asOfMs > nowMs) errors.push({ field: `${at}.asOf`, message: 'must not be in the future' });
    }
  }
  return errors;
}

/** The canonical form of a validated rate. Pure. */
export function toPublishedRate(input: z.infer<typeof exchangeRateInputSchema>): PublishedRate {
  const asOfMs = parseInstant(input.asOf);
  assert(asOfMs !== undefined, `asOf ${input.asOf} was validated`);
  return {
    sendingCurrency: input.sendingCurrency,
    receivingCurrency: input.receivingCurrency,
    exchangeRate: new RateDecimal(input.exchangeRate).toFixed(),
    asOf: formatInstant(asOfMs),
  };
}

/**
 * Validates rates given as engine options. Bad options are the host's bug, so they throw
 * (`InvariantError`) with every problem listed, before the engine takes a request.
 */
export function ratesFromOptions(inputs: readonly ExchangeRateInput[]): readonly PublishedRate[] {
  if (inputs.length === 0) return [];
  const parsed = exchangeRateListSchema.safeParse(inputs);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `exchangeRates${pathText(issue.path)}: ${issue.message}`)),
    ...rateCrossFieldErrors(inputs, 'exchangeRates', undefined).map((e) => `${e.field}: ${e.message}`),
  ];
  assert(parsed.success && problems.length === 0, `invalid exchangeRates option: ${problems.join('; ')}`);
  return parsed.data.map(toPublishedRate);
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}
