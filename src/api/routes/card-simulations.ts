/**
 * The sandbox's ten card network simulations (DECISIONS.md "Cards"):
 * `POST /sandbox/cards/{id}/simulate/<name>`. Authorizations take `{ amount, currency, merchant }`;
 * advice, clearing and return take `{ cardTransactionId, amount }`; `return_reversal` takes the
 * refund row's id in the path and `{ cardTransactionId? }`; `balance_inquiry` takes `{}` or
 * `{ merchant }`. Each answers the card transaction it made or changed: 200 for a declined
 * authorization (DECISIONS.md gives that status), else the reference's 202; the balance inquiry
 * answers the balance (202). `currency` is a code (DECISIONS.md) or the reference's Currency
 * object `{ code }`. Platform credentials.
 */
import { z } from 'zod';
import type { ApiError } from '../../core/errors.js';
import { CURRENCY_CODES, type CurrencyCode, currencyOf } from '../../core/currency.js';
import { type Result, ok } from '../../core/result.js';
import {
  cardTransactionView,
  decideAdvice,
  decideAuthorization,
  decideBalanceInquiry,
  decideClearing,
  decideReturn,
  decideReturnReversal,
  type Merchant,
} from '../../domains/card-transactions/index.js';
import type { CardDirection } from '../../domains/card-transactions/types.js';
import type { EventDraft } from '../../domains/evolver.js';
import type { DomainState } from '../../domains/state.js';
import { type Accepted, answer, type Route, type RouteContext } from '../route.js';
import { validate } from '../validation.js';

/** Largest amount one simulated network message may carry, in minor units (the sandbox funding maximum). */
export const SIMULATED_AMOUNT_MAX = 100_000_000_000;

const amount = (min: number) =>
  z
    .number({ error: 'amount must be an integer number of minor units' })
    .int({ error: 'amount must be an integer number of minor units' })
    .min(min, { error: min === 0 ? 'amount must not be negative' : 'amount must be greater than zero' })
    .max(SIMULATED_AMOUNT_MAX, { error: `amount must be at most ${SIMULATED_AMOUNT_MAX}` });
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} must be at most ${max} characters` });

const merchantSchema = z.strictObject({
  descriptor: text('descriptor', 100),
  mcc: z.string({ error: 'mcc must be a string' }).regex(/^\d{4}$/, { error: 'mcc must be 4 digits' }).optional(),
  city: text('city', 100).optional(),
  state: text('state', 100).optional(),
  country: z.string({ error: 'country must be a string' }).regex(/^[A-Z]{2}$/, { error: 'country must be an ISO 3166-1 alpha-2 code' }).optional(),
});
const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];
const currencyCode = z.enum(currencyCodes, { error: 'currency must be a registered currency code' });
// The reference's Currency object: `code` names it; `decimals`, when given, must be the registry's
// (another value would mean another amount); `name` and `symbol` are display text.
const currencyObject = z
  .strictObject({
    code: currencyCode,
    name: z.string().max(100).optional(),
    symbol: z.string().max(20).optional(),
    decimals: z.number({ error: 'decimals must be an integer' }).int({ error: 'decimals must be an integer' }).optional(),
  })
  .refine((currency) => currency.decimals === undefined || currency.decimals === currencyOf(currency.code).decimals, {
    error: 'decimals must be the currency\'s own',
    path: ['decimals'],
  })
  .transform((currency) => currency.code);
const authorizationBody = z.strictObject({
  amount: amount(1),
  currency: z.union([currencyCode, currencyObject], { error: 'currency must be a registered currency code or a Currency object { code }' }),
  merchant: merchantSchema,
});
const transactionId = text('cardTransactionId', 200);
const adviceBody = z.strictObject({ cardTransactionId: transactionId, amount: amount(0) });
const clearingBody = z.strictObject({ cardTransactionId: transactionId, amount: amount(1) });
// A clearing of 0 is the reference's authorization expiry (decideClearing).
const clearingOrExpiryBody = z.strictObject({ cardTransactionId: transactionId, amount: amount(0) });
const reversalBody = z.strictObject({ cardTransactionId: transactionId.optional() });
const inquiryBody = z.strictObject({ merchant: merchantSchema.optional() });

/** The reference's status of every simulation ("Simulation accepted"). */
export const SIMULATION_ACCEPTED_STATUS = 202;
/** DECISIONS.md (Cards): "A declined authorization answers 200 with a DECLINED card transaction". */
export const DECLINED_AUTHORIZATION_STATUS = 200;

/**
 * The card transaction `transactionId` as it stands after `events` (DECISIONS.md), plus the
 * reference's `issuerTransactionToken` (its SandboxCardSimulationResponse requires one): the card
 * transaction's id, which correlates the answer with the row and its webhooks. 200 when it is a
 * declined authorization (DECISIONS.md), else 202 (the reference; DECISIONS.md gives no other).
 */
function respondWith(events: Result<EventDraft[], ApiError>, transactionId: string): Result<Accepted<DomainState>, ApiError> {
  if (!events.ok) return events;
  return ok({
    events: events.value,
    respond: (after) => {
      const view = cardTransactionView(after.cardTransactions.byId.get(transactionId)!);
      const status = view.status === 'DECLINED' ? DECLINED_AUTHORIZATION_STATUS : SIMULATION_ACCEPTED_STATUS;
      return { status, body: { ...view, issuerTransactionToken: transactionId } };
    },
  });
}

function merchantOf(m: z.infer<typeof merchantSchema>): Merchant {
  return {
    descriptor: m.descriptor,
    ...(m.mcc === undefined ? {} : { mcc: m.mcc }),
    ...(m.city === undefined ? {} : { city: m.city }),
    ...(m.state === undefined ? {} : { state: m.state }),
    ...(m.country === undefined ? {} : { country: m.country }),
  };
}

function authorizationRoute(name: string, direction: CardDirection, financial: boolean): Route<DomainState> {
  return {
    method: 'POST',
    path: `/sandbox/cards/{cardId}/simulate/${name}`,
    auth: 'platform',
    schema: authorizationBody,
    handle: ({ state, params, request, at, nowMs, newId }: RouteContext<DomainState>) => {
      const body = validate(authorizationBody, request.body ?? {});
      if (!body.ok) return body;
      const transactionId = newId('Transaction');
      const events = decideAuthorization(state, {
        cardId: params.cardId ?? '',
        direction,
        financial,
        amountMinor: BigInt(body.value.amount),
        currency: body.value.currency,
        merchant: merchantOf(body.value.merchant),
        transactionId,
        holdTransferId: newId('Transfer'),
        postTransferId: newId('Transfer'),
        at,
        atMs: nowMs,
      });
      return respondWith(events, transactionId);
    },
  };
}

function adviceRoute(name: string, direction: CardDirection): Route<DomainState> {
  return {
    method: 'POST',
    path: `/sandbox/cards/{cardId}/simulate/${name}`,
    auth: 'platform',
    schema: adviceBody,
    handle: ({ state, params, request, at, nowMs, newId }) => {
      const body = validate(adviceBody, request.body ?? {});
      if (!body.ok) return body;
      const events = decideAdvice(state, {
        cardId: params.cardId ?? '',
        cardTransactionId: body.value.cardTransactionId,
        direction,
        amountMinor: BigInt(body.value.amount),
        voidTransferId: newId('Transfer'),
        holdTransferId: newId('Transfer'),
        at,
        atMs: nowMs,
      });
      return respondWith(events, body.value.cardTransactionId);
    },
  };
}

/** The ten simulate routes, in DECISIONS.md's order. */
export const cardSimulationRoutes: readonly Route<DomainState>[] = [
  authorizationRoute('authorization', 'DEBIT', false),
  authorizationRoute('credit_authorization', 'CREDIT', false),
  authorizationRoute('financial_authorization', 'DEBIT', true),
  authorizationRoute('financial_credit_authorization', 'CREDIT', true),
  adviceRoute('authorization_advice', 'DEBIT'),
  adviceRoute('credit_authorization_advice', 'CREDIT'),
  {
    method: 'POST',
    path: '/sandbox/cards/{cardId}/simulate/balance_inquiry',
    auth: 'platform',
    schema: inquiryBody,
    handle: ({ state, params, request }) => {
      const body = validate(inquiryBody, request.body ?? {});
      if (!body.ok) return body;
      const inquiry = decideBalanceInquiry(state, params.cardId ?? '');
      return inquiry.ok ? ok(answer(SIMULATION_ACCEPTED_STATUS, inquiry.value)) : inquiry;
    },
  },
  {
    method: 'POST',
    path: '/sandbox/cards/{cardId}/simulate/clearing',
    auth: 'platform',
    schema: clearingOrExpiryBody,
    handle: ({ state, params, request, at, nowMs, newId }) => {
      const body = validate(clearingOrExpiryBody, request.body ?? {});
      if (!body.ok) return body;
      const events = decideClearing(state, {
        cardId: params.cardId ?? '',
        cardTransactionId: body.value.cardTransactionId,
        amountMinor: BigInt(body.value.amount),
        firstTransferId: newId('Transfer'),
        secondTransferId: newId('Transfer'),
        at,
        atMs: nowMs,
      });
      return respondWith(events, body.value.cardTransactionId);
    },
  },
  {
    method: 'POST',
    path: '/sandbox/cards/{cardId}/simulate/return',
    auth: 'platform',
    schema: clearingBody,
    handle: ({ state, params, request, at, newId }) => {
      const body = validate(clearingBody, request.body ?? {});
      if (!body.ok) return body;
      const refundTransactionId = newId('Transaction');
      const events = decideReturn(state, {
        cardId: params.cardId ?? '',
        cardTransactionId: body.value.cardTransactionId,
        amountMinor: BigInt(body.value.amount),
        refundTransactionId,
        transferId: newId('Transfer'),
        at,
      });
      return respondWith(events, refundTransactionId);
    },
  },
  {
    method: 'POST',
    // The path's id is the refund row's id (spec), not a card's.
    path: '/sandbox/cards/{cardId}/simulate/return_reversal',
    auth: 'platform',
    schema: reversalBody,
    handle: ({ state, params, request, at, newId }) => {
      const body = validate(reversalBody, request.body ?? {});
      if (!body.ok) return body;
      const refundTransactionId = params.cardId ?? '';
      const { cardTransactionId } = body.value;
      const events = decideReturnReversal(state, {
        refundTransactionId,
        ...(cardTransactionId === undefined ? {} : { cardTransactionId }),
        transferId: newId('Transfer'),
        at,
      });
      return respondWith(events, refundTransactionId);
    },
  },
];
