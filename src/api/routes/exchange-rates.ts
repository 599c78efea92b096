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
import { err, ok } from '../../core/result.js';
import { platformFeeFor } from '../../domains/pricing/index.js';
import {
  currentRate,
  decidePublishRates,
  exchangeRateListSchema,
  exchangeRateView,
  freshRates,
  publishedRateView,
  rateCrossFieldErrors,
  type ServedRate,
  toPublishedRate,
} from '../../domains/rates/index.js';
import type { DomainState } from '../../domains/state.js';
import { mergeFieldErrors } from '../../domains/config/index.js';
import { LIST_LIMITS, pageOf, readPage } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { toFieldErrors } from '../validation.js';
import { checkBody } from './config.js';

const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];

const listQuerySchema = z.strictObject({
  sendingCurrency: z.enum(currencyCodes, { error: 'must be a registered currency code' }).optional(),
  receivingCurrency: z.enum(currencyCodes, { error: 'must be a registered currency code' }).optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

const publishBodySchema = z.strictObject({ rates: exchangeRateListSchema });

/** Exchange rate routes. */
export const exchangeRateRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/exchange-rates',
    auth: 'platform',
    handle: ({ state, request, nowMs }) => {
      const parsed = listQuerySchema.safeParse(Object.fromEntries(request.query));
      const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
      for (const key of request.repeatedQueryKeys) errors.push({ field: key, message: `${key} may appear only once` });
      const sending = parsed.success ? parsed.data.sendingCurrency : undefined;
      const receiving = parsed.success ? parsed.data.receivingCurrency : undefined;
      const queryKey = parsed.success ? `exchange-rates:${sending ?? '*'}>${receiving ?? '*'}` : 'exchange-rates:invalid';
      const page = readPage(request.query, queryKey, LIST_LIMITS);
      if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
      if (errors.length > 0 || !page.ok) return err(invalidInput(mergeFieldErrors(errors)));

      let rates: ServedRate[];
      if (sending !== undefined && receiving !== undefined) {
        // A corridor asked for by name must have a fresh rate: the caller is about to quote it.
        const rate = currentRate(state.rates, sending, receiving, nowMs);
        if (!rate.ok) return rate;
        rates = [rate.value];
      } else {
        rates = freshRates(state.rates, nowMs).filter(
          (rate) => (sending === undefined || rate.sendingCurrency === sending) && (receiving === undefined || rate.receivingCurrency === receiving),
        );
      }
      const views = rates.map((rate) => {
        const fee = platformFeeFor(state.config.current, rate.sendingCurrency, rate.receivingCurrency);
        assert(fee.ok, 'platformFeeFor without an override never fails');
        return exchangeRateView(rate, fee.value);
      });
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
