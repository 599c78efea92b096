/**
 * The deprecated same-currency transfer endpoints (spec: "deprecated in favour of `POST /quotes`
 * with `immediatelyExecute: true`"; answer 200, shapes unchanged). Each is exactly that quote
 * underneath, so every rule, code, webhook and sandbox outcome is the quote's
 * (docs/incoming-and-sweeps.md):
 *
 * - `POST /transfer-out` `{ source: { accountId }, destination: { accountId, paymentRail? },
 *   amount, description?, remittanceInformation?, purposeOfPayment? }`: from a customer's internal
 *   account to their external account or another internal account (a payout);
 * - `POST /transfer-in` `{ source: { accountId }, destination: { accountId }, amount,
 *   description? }`: from a customer's external account into their internal account (a pull).
 *
 * `amount` is minor units of the (one) currency. A transfer-out may omit it, as the reference
 * allows (`transferAmountOf`: the source's whole available balance); a transfer-in must name it,
 * since a pull without an amount has no meaning (docs/wire-contract.md "Choices made"); both sides must hold the same currency (400
 * INVALID_INPUT on `destination.accountId` otherwise: cross-currency needs a quote), and the
 * direction must fit the endpoint (400 INVALID_INPUT on `source.accountId`). The answer is the
 * transaction the transfer made: 200, or 202 while a payout awaits SCA (the quote's challenge, as
 * for `POST /quotes`). Platform credentials.
 */
import { z } from 'zod';
import { assert } from '../../core/assert.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../../domains/evolver.js';
import { decideCreateQuote } from '../../domains/quotes/create.js';
import { QUOTE_EVENTS, type QuoteCreated } from '../../domains/quotes/events.js';
import { resolveQuote } from '../../domains/quotes/resolve.js';
import { type CreateQuoteRequest, DESCRIPTION_LENGTH_MAX, REMITTANCE_LENGTH_MAX } from '../../domains/quotes/schema.js';
import { QUOTE_AMOUNT_MAX_MINOR } from '../../domains/pricing/price-quote.js';
import type { DomainState } from '../../domains/state.js';
import { transactionView } from '../../domains/transactions/view.js';
import type { Route, RouteContext } from '../route.js';
import { validate } from '../validation.js';

const accountId = z.string({ error: 'accountId is required' }).min(1, { error: 'accountId must not be empty' });
const amount = z
  .number({ error: 'amount must be an integer number of minor units' })
  .int({ error: 'amount must be a safe integer number of minor units' })
  .positive({ error: 'amount must be greater than zero' })
  .max(Number(QUOTE_AMOUNT_MAX_MINOR), { error: `amount must be at most ${QUOTE_AMOUNT_MAX_MINOR}` });
const description = z.string().max(DESCRIPTION_LENGTH_MAX, { error: `description must be at most ${DESCRIPTION_LENGTH_MAX} characters` });

/** `POST /transfer-out` body (shared with `POST /agents/me/transfer-out`). */
export const transferOutSchema = z.strictObject({
  source: z.strictObject({ accountId }),
  destination: z.strictObject({
    accountId,
    paymentRail: z.string().regex(/^[A-Z_]{2,32}$/, { error: 'paymentRail must be a PaymentRail' }).optional(),
  }),
  amount: amount.optional(),
  description: description.optional(),
  remittanceInformation: z
    .string()
    .max(REMITTANCE_LENGTH_MAX, { error: `remittanceInformation must be at most ${REMITTANCE_LENGTH_MAX} characters` })
    .optional(),
  purposeOfPayment: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'purposeOfPayment must be an upper-case identifier' }).optional(),
});

/** `POST /transfer-in` body (shared with `POST /agents/me/transfer-in`). */
export const transferInSchema = z.strictObject({
  source: z.strictObject({ accountId }),
  destination: z.strictObject({ accountId }),
  // Required, where the reference leaves it optional: the engine never invents how much to pull
  // from a customer's bank account (docs/wire-contract.md "Choices made").
  amount,
  description: description.optional(),
});

type TransferBody = z.infer<typeof transferOutSchema>;

/**
 * The amount the quote is resolved with before the transfer is sized: resolution reads the
 * accounts, not the amount, so any valid amount does.
 */
export const RESOLUTION_AMOUNT_MINOR = 1;

/**
 * The amount a transfer moves (docs/wire-contract.md "Choices made"): `amount` when given; else a
 * transfer-out moves the whole available balance of its source internal account (400
 * INSUFFICIENT_FUNDS when that is nothing: a payout of zero moves no money); a transfer-in's
 * schema requires it. Call after the source resolved to an internal account
 * (transfer-out) or an external one (transfer-in). Pure.
 */
export function transferAmountOf(state: DomainState, body: TransferBody, direction: 'in' | 'out'): Result<number, ApiError> {
  if (body.amount !== undefined) return ok(body.amount);
  assert(direction === 'out', 'a transfer-in body without amount passed its schema');
  const available = state.ledger.balance(body.source.accountId)?.availableMinor ?? 0n;
  if (available <= 0n) {
    return err(
      apiError('INSUFFICIENT_FUNDS', `Account ${body.source.accountId} has nothing available to transfer; without amount a transfer-out moves the whole available balance`, {
        accountId: body.source.accountId,
        availableAmount: available.toString(),
      }),
    );
  }
  // One transfer carries at most the largest quote amount (2^53 - 1 minor units).
  return ok(available > QUOTE_AMOUNT_MAX_MINOR ? Number(QUOTE_AMOUNT_MAX_MINOR) : Number(available));
}

/** The quote a transfer is: the sending side locked at `amountMinor`, executed at once. Pure. */
export function quoteRequestOf(body: TransferBody, amountMinor: number): CreateQuoteRequest {
  return {
    source: { sourceType: 'ACCOUNT', accountId: body.source.accountId },
    destination: {
      destinationType: 'ACCOUNT',
      accountId: body.destination.accountId,
      ...(body.destination.paymentRail === undefined ? {} : { paymentRail: body.destination.paymentRail }),
    },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amountMinor,
    immediatelyExecute: true,
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.remittanceInformation === undefined ? {} : { remittanceInformation: body.remittanceInformation }),
    ...(body.purposeOfPayment === undefined ? {} : { purposeOfPayment: body.purposeOfPayment }),
  };
}

/**
 * Pure: the quote's events for a transfer in `direction`, with the transaction id and the status to
 * answer, or why not (the quote's errors, plus the direction and same-currency rules first).
 */
function decideTransfer(
  state: DomainState,
  body: TransferBody,
  direction: 'in' | 'out',
  context: RouteContext<DomainState>,
): Result<{ events: readonly EventDraft[]; status: 200 | 202; transactionId: string }, ApiError> {
  // Resolution reads the accounts, not the amount: the amount is sized once the direction is known.
  const resolved = resolveQuote(state, quoteRequestOf(body, body.amount ?? RESOLUTION_AMOUNT_MINOR));
  if (!resolved.ok) return resolved;
  const wanted = direction === 'out' ? 'PAYOUT' : 'PULL';
  if (resolved.value.kind !== wanted) {
    const message =
      direction === 'out'
        ? 'transfer-out sends from a customer’s internal account; use transfer-in to pull from an external account'
        : 'transfer-in pulls from a customer’s external account; use transfer-out to send from an internal account';
    return err(invalidInput([{ field: 'source.accountId', message }]));
  }
  if (resolved.value.source.currency !== resolved.value.destination.currency) {
    return err(
      invalidInput([
        {
          field: 'destination.accountId',
          constraint: { enum: [resolved.value.source.currency] },
          message: `Transfers move one currency (${resolved.value.source.currency}); use POST /quotes to convert`,
        },
      ]),
    );
  }
  const amountMinor = transferAmountOf(state, body, direction);
  if (!amountMinor.ok) return amountMinor;
  const request = quoteRequestOf(body, amountMinor.value);
  const quoteId = context.newId('Quote');
  const decided = decideCreateQuote(state, { request, quoteId, at: context.at, atMs: context.nowMs, newId: context.newId });
  if (!decided.ok) return decided;
  const transactionId = transactionIdOf(decided.value.events);
  return ok({ events: decided.value.events, status: decided.value.status, transactionId });
}

/** The transaction an executed (or SCA-waiting) transfer quote made. */
function transactionIdOf(events: readonly EventDraft[]): string {
  const created = events.find((event) => event.type === QUOTE_EVENTS.created)?.data as QuoteCreated | undefined;
  const executed = events.find((event) => event.type === QUOTE_EVENTS.executed)?.data as { transactionId?: string } | undefined;
  const id = executed?.transactionId ?? created?.quote.transactionId;
  assert(id !== undefined, 'a transfer quote always makes a transaction');
  return id;
}

function transferRoute(direction: 'in' | 'out'): Route<DomainState> {
  return {
    method: 'POST',
    path: direction === 'out' ? '/transfer-out' : '/transfer-in',
    auth: 'platform',
    handle: (context) => {
      const body = validate<TransferBody>(direction === 'out' ? transferOutSchema : transferInSchema, context.request.body ?? {});
      if (!body.ok) return body;
      const decided = decideTransfer(context.state, body.value, direction, context);
      if (!decided.ok) return decided;
      const { events, status, transactionId } = decided.value;
      return ok({ events, respond: (after) => ({ status, body: transactionView(after.transactions.byId.get(transactionId)!) }) });
    },
  };
}

/** The deprecated transfer routes. */
export const deprecatedTransferRoutes: readonly Route<DomainState>[] = [transferRoute('out'), transferRoute('in')];
