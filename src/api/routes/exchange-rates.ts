/**
 * Exchange rate routes: `GET /exchange-rates` serves the latest fresh rate per corridor with the
 * platform fee folded in; `POST /sandbox/exchange-rates` publishes rates (one
 * `ExchangeRatesPublished`). Platform credentials. See docs/config-and-rates.md.
 */
import { z } from 'zod';
import { assert } from '../../core/assert.js';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { invalidInput } from '../../core/errors.js';
import { err, ok, type Result } from '../../core/result.js';
import { isPaymentRail } from '../../domains/config/rails.js';
import { feesFor, platformFeeFor } from '../../domains/pricing/index.js';
import {
  currentRate,
  decidePublishRates,
  DEFAULT_SENDING_AMOUNT_MINOR,
  DESTINATION_RAIL_BY_CURRENCY,
  exchangeRateListSchema,
  type ExchangeRateView,
  exchangeRateView,
  freshRates,
  publishedRateView,
  rateCrossFieldErrors,
  sendingLimits,
  type ServedRate,
  toPublishedRate,
} from '../../domains/rates/index.js';
import type { DomainState } from '../../domains/state.js';
import { mergeFieldErrors } from '../../domains/config/index.js';
import { LIST_LIMITS, pageOf, readPage } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { answer, type Route } from '../route.js';
import { toFieldErrors } from '../validation.js';
import { checkBody } from './config.js';

const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];

const currencyCode = z.enum(currencyCodes, { error: 'must be a registered currency code' });

// The copy's `sendingCurrency`/`receivingCurrency` and the reference's `sourceCurrency`,
// `destinationCurrency` (repeatable) and `sendingAmount` (docs/wire-contract.md, Exchange rates).
const listQuerySchema = z.strictObject({
  sendingCurrency: currencyCode.optional(),
  receivingCurrency: currencyCode.optional(),
  sourceCurrency: currencyCode.optional(),
  destinationCurrency: z.array(currencyCode).optional(),
  sendingAmount: z
    .string()
    .regex(/^[0-9]{1,16}$/, { error: 'must be a non-negative integer number of minor units' })
    .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, { error: `must be at most ${Number.MAX_SAFE_INTEGER}` })
    .optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

/** Query parameters that may be repeated (the reference's `destinationCurrency`, style form, explode). */
const LIST_PARAMETERS: readonly string[] = ['destinationCurrency'];

const publishBodySchema = z.strictObject({ rates: exchangeRateListSchema });

/** Exchange rate routes. */
export const exchangeRateRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/exchange-rates',
    auth: 'platform',
    querySchema: listQuerySchema,
    handle: ({ state, request, nowMs }) => {
      const query = readListQuery(request);
      const page = readPage(request.query, query.ok ? query.value.queryKey : 'exchange-rates:invalid', LIST_LIMITS);
      const errors = query.ok ? [] : [...query.error];
      if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
      if (!query.ok || !page.ok) return err(invalidInput(mergeFieldErrors(errors)));
      const { sending, receiving, sendingAmountMinor, queryKey } = query.value;

      let rates: ServedRate[];
      if (sending !== undefined && receiving !== undefined && receiving.length === 1) {
        // A corridor asked for by name must have a fresh rate: the caller is about to quote it.
        const rate = currentRate(state.rates, sending, receiving[0]!, nowMs);
        if (!rate.ok) return rate;
        rates = [rate.value];
      } else {
        rates = freshRates(state.rates, nowMs).filter(
          (rate) => (sending === undefined || rate.sendingCurrency === sending) && (receiving === undefined || receiving.includes(rate.receivingCurrency)),
        );
      }
      const views = rates.map((rate) => rowOf(state, rate, sendingAmountMinor));
      return ok(answer(200, pageOf(views, page.value, queryKey)));
    },
  },
  {
    method: 'POST',
    path: '/sandbox/exchange-rates',
    auth: 'platform',
    handle: ({ request, nowMs }) => {
      // The body is `{ rates: [...] }`; a bare array is accepted as shorthand for it.
      const body = Array.isArray(request.body) ? { rates: request.body } : request.body;
      const rawRates = typeof body === 'object' && body !== null ? (body as { rates?: unknown }).rates : undefined;
      const checked = checkBody(publishBodySchema, body, rateCrossFieldErrors(rawRates, 'rates', nowMs));
      if (!checked.ok) return checked;
      const rates = checked.value.rates.map(toPublishedRate);
      return ok({
        events: decidePublishRates(rates),
        respond: () => ({ status: 200, body: { data: rates.map(publishedRateView) } }),
      });
    },
  },
];

/** The list query: one sending currency and the receiving currencies asked for (either spelling), the amount to price. */
type ListQuery = {
  readonly sending: CurrencyCode | undefined;
  readonly receiving: readonly CurrencyCode[] | undefined;
  readonly sendingAmountMinor: bigint | undefined;
  readonly queryKey: string;
};

/**
 * Reads the query. The reference's names mean what the copy's do: `sourceCurrency` is
 * `sendingCurrency`, `destinationCurrency` (one or more) is `receivingCurrency`; both spellings
 * given and disagreeing is 400 naming the rule.
 */
function readListQuery(request: ParsedRequest): Result<ListQuery, FieldError[]> {
  const raw: Record<string, unknown> = Object.fromEntries(request.query);
  const destinations = request.repeatedQueryValues.get('destinationCurrency') ?? (raw.destinationCurrency === undefined ? undefined : [raw.destinationCurrency]);
  if (destinations !== undefined) raw.destinationCurrency = destinations;
  const parsed = listQuerySchema.safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) {
    if (!LIST_PARAMETERS.includes(key)) errors.push({ field: key, message: `${key} may appear only once` });
  }
  if (!parsed.success || errors.length > 0) return err(errors);
  const { sendingCurrency, sourceCurrency, receivingCurrency, destinationCurrency, sendingAmount } = parsed.data;
  if (sendingCurrency !== undefined && sourceCurrency !== undefined && sendingCurrency !== sourceCurrency) {
    errors.push({ field: 'sourceCurrency', message: 'sourceCurrency is the reference\'s name of sendingCurrency: give one, or both equal' });
  }
  const destinationSet = destinationCurrency === undefined ? undefined : [...new Set(destinationCurrency)].sort();
  if (receivingCurrency !== undefined && destinationSet !== undefined && (destinationSet.length !== 1 || destinationSet[0] !== receivingCurrency)) {
    errors.push({ field: 'destinationCurrency', message: 'destinationCurrency is the reference\'s name of receivingCurrency: give one, or both equal' });
  }
  if (errors.length > 0) return err(errors);
  const sending = sendingCurrency ?? sourceCurrency;
  const receiving = destinationSet ?? (receivingCurrency === undefined ? undefined : [receivingCurrency]);
  const sendingAmountMinor = sendingAmount === undefined ? undefined : BigInt(sendingAmount);
  // The cursor is bound to the filters and the amount (a page of other amounts is another list).
  const queryKey = `exchange-rates:${sending ?? '*'}>${receiving?.join(',') ?? '*'}${sendingAmountMinor === undefined ? '' : `@${sendingAmountMinor}`}`;
  return ok({ sending, receiving, sendingAmountMinor, queryKey });
}

/** One row: the rate, its platform fee, and the corridor's rail, limits and amounts. */
function rowOf(state: DomainState, rate: ServedRate, sendingAmountMinor: bigint | undefined): ExchangeRateView {
  const config = state.config.current;
  const platformFee = platformFeeFor(config, rate.sendingCurrency, rate.receivingCurrency);
  assert(platformFee.ok, 'platformFeeFor without an override never fails');
  const destinationPaymentRail = DESTINATION_RAIL_BY_CURRENCY[rate.receivingCurrency];
  const fees = feesFor(config, {
    sendingCurrency: rate.sendingCurrency,
    receivingCurrency: rate.receivingCurrency,
    rail: isPaymentRail(destinationPaymentRail) ? destinationPaymentRail : undefined,
  });
  assert(fees.ok, 'feesFor without an override never fails');
  return exchangeRateView(rate, platformFee.value, {
    destinationPaymentRail,
    sendingAmountMinor: sendingAmountMinor ?? DEFAULT_SENDING_AMOUNT_MINOR,
    fees: fees.value,
    limits: sendingLimits(config, rate, fees.value),
  });
}
