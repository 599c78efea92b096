/**
 * Card routes (platform credentials): issue, list, read, update (status, funding source, limits),
 * digital-wallet tokenization, and the card program (`GET` / `PATCH /config/cards`). Validation
 * (every invalid field in one 400) comes first, then existence (404), then the domain's rules.
 */
import { listCardPage } from '../../domains/listing/card-page.js';
import { z } from 'zod';
import { type FieldError, invalidInput, byField } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { assert } from '../../core/assert.js';
import {
  CARD_FORMS,
  CARD_STATES,
  CARD_STATUSES,
  type CardFilters,
  cardNotFound,
  cardProgramView,
  cardQueryKey,
  cardView,
  decideConfigureCardProgram,
  decideIssueCard,
  decideTokenize,
  decideUpdateCard,
  MAX_LIVE_CARDS_MAX,
  provisioningPayload,
  WALLET_PROVIDERS,
} from '../../domains/cards/index.js';
import type { CardTokenized } from '../../domains/cards/events.js';
import type { DomainState } from '../../domains/state.js';
import { LIST_LIMITS, readPage, listBody } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { CREATE_SPELLINGS, foldSpellings, LIST_SPELLINGS, PATCH_SPELLINGS, spellingErrors } from './card-spellings.js';
import { checkBody } from './config.js';
import { fieldError, toFieldErrors, validate } from '../validation.js';

/** Largest spending limit a card or the program may set, in minor units (a bound on every amount). */
export const CARD_LIMIT_AMOUNT_MAX = 100_000_000_000;
/** Largest `maxTransactionsPerDay`. */
export const CARD_TRANSACTIONS_PER_DAY_MAX = 100_000;
/** Longest id a request may carry. */
const ID_LENGTH_MAX = 200;

const id = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} must not be empty` })
    .max(ID_LENGTH_MAX, { error: `${name} must be at most ${ID_LENGTH_MAX} characters` });
const amountLimit = z
  .number({ error: 'must be an integer number of minor units' })
  .int({ error: 'must be an integer number of minor units' })
  .min(1, { error: 'must be at least 1 minor unit' })
  .max(CARD_LIMIT_AMOUNT_MAX, { error: `must be at most ${CARD_LIMIT_AMOUNT_MAX}` });
const countLimit = z
  .number({ error: 'must be an integer' })
  .int({ error: 'must be an integer' })
  .min(1, { error: 'must be at least 1' })
  .max(CARD_TRANSACTIONS_PER_DAY_MAX, { error: `must be at most ${CARD_TRANSACTIONS_PER_DAY_MAX}` });

/** The reference's `fundingSources`: DECISIONS.md binds a card to one funding source, so one id. */
const fundingSources = z
  .array(id('fundingSources[]'), { error: 'fundingSources must be an array of InternalAccount ids' })
  .min(1, { error: 'fundingSources must hold one InternalAccount id' })
  .max(1, { error: 'fundingSources may hold one id: a card is bound to one funding source (DECISIONS.md, fundingSource)' });
const cardStatus = (name: string) => z.enum(CARD_STATUSES, { error: `${name} must be one of ${CARD_STATUSES.join(', ')}` });

// The copy's names and the reference's (`cardholderId`, `fundingSources`, `state`) side by side;
// `card-spellings.ts` says which is required and that both must agree.
const createBody = z.strictObject({
  customerId: id('customerId').optional(),
  cardholderId: id('cardholderId').optional(),
  fundingSource: id('fundingSource').optional(),
  fundingSources: fundingSources.optional(),
  form: z.enum(CARD_FORMS, { error: `form must be one of ${CARD_FORMS.join(', ')}` }),
  platformCardId: id('platformCardId').optional(),
  // The reference: refused with INVALID_INPUT where the program's issuer has no static-password factor (the sandbox's).
  threeDSecurePassword: z.string({ error: 'threeDSecurePassword must be a string' }).max(200).optional(),
  maxSpendPerTransaction: amountLimit.optional(),
  maxSpendPerDay: amountLimit.optional(),
  maxTransactionsPerDay: countLimit.optional(),
});

const patchBody = z.strictObject({
  status: cardStatus('status').optional(),
  state: cardStatus('state').optional(),
  fundingSource: id('fundingSource').optional(),
  fundingSources: fundingSources.optional(),
  maxSpendPerTransaction: amountLimit.nullable().optional(),
  maxSpendPerDay: amountLimit.nullable().optional(),
  maxTransactionsPerDay: countLimit.nullable().optional(),
});

const tokenizeBody = z.strictObject({
  walletProvider: z.enum(WALLET_PROVIDERS, { error: `walletProvider must be one of ${WALLET_PROVIDERS.join(', ')}` }).optional(),
});

const programBody = z.strictObject({
  maxLiveCards: z
    .number({ error: 'maxLiveCards must be an integer' })
    .int({ error: 'maxLiveCards must be an integer' })
    .min(1, { error: 'maxLiveCards must be at least 1' })
    .max(MAX_LIVE_CARDS_MAX, { error: `maxLiveCards must be at most ${MAX_LIVE_CARDS_MAX}` })
    .optional(),
  oneCardPerCardholder: z.boolean({ error: 'oneCardPerCardholder must be a boolean' }).optional(),
  maxSpendPerTransaction: amountLimit.nullable().optional(),
  maxSpendPerDay: amountLimit.nullable().optional(),
  maxTransactionsPerDay: countLimit.nullable().optional(),
});

const sortOrder = z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' });

// The copy's customerId and status beside the reference's cardholderId and state (one meaning each).
const listQuery = z.strictObject({
  limit: z.string().optional(),
  cursor: z.string().optional(),
  customerId: id('customerId').optional(),
  cardholderId: id('cardholderId').optional(),
  status: z.enum(CARD_STATUSES, { error: `status must be one of ${CARD_STATUSES.join(', ')}` }).optional(),
  state: z.enum(CARD_STATES, { error: `state must be one of ${CARD_STATES.join(', ')}` }).optional(),
  accountId: id('accountId').optional(),
  platformCardId: id('platformCardId').optional(),
  // Newest first (desc) is the reference's default.
  sortOrder: sortOrder.optional(),
});

/** The list filters of a valid query: the reference's names folded into the copy's. */
function cardFiltersOf(q: z.output<typeof listQuery>): CardFilters {
  return defined({
    customerId: q.customerId ?? q.cardholderId,
    status: q.status ?? q.state,
    platformCardId: q.platformCardId,
    accountId: q.accountId,
    sortOrder: q.sortOrder === 'asc' ? ('asc' as const) : undefined,
  });
}

/** A JSON amount (or null, or absent) as the record's decimal string (null kept: it clears). */
function minorOf(value: number | null | undefined): string | null | undefined {
  return value === undefined || value === null ? value : String(value);
}

/** Drops undefined members so optional fields stay absent (exactOptionalPropertyTypes). */
function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

/** The sandbox program's issuer has no static 3-D Secure password factor: the reference refuses the field then. */
function threeDSecureErrors(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || !('threeDSecurePassword' in body)) return [];
  return [fieldError('threeDSecurePassword', 'the card program\'s issuer has no static-password 3-D Secure factor (the reference accepts it for EU programs only)')];
}

/** Card routes. */
export const cardRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/cards',
    auth: 'platform',
    schema: createBody,
    handle: ({ state, request, at, newId }) => {
      const raw = request.body ?? {};
      const body = checkBody(createBody, raw, [...spellingErrors(raw, CREATE_SPELLINGS, true), ...threeDSecureErrors(raw)]);
      if (!body.ok) return body;
      const b = foldSpellings(body.value, CREATE_SPELLINGS);
      assert(b.customerId !== undefined && b.fundingSource !== undefined, 'spellingErrors requires customerId and fundingSource in one spelling');
      const cardId = newId('Card');
      const events = decideIssueCard(
        state,
        defined({
          customerId: b.customerId,
          fundingSource: b.fundingSource,
          form: b.form,
          platformCardId: b.platformCardId,
          maxSpendPerTransactionMinor: minorOf(b.maxSpendPerTransaction) ?? undefined,
          maxSpendPerDayMinor: minorOf(b.maxSpendPerDay) ?? undefined,
          maxTransactionsPerDay: b.maxTransactionsPerDay,
          cardId,
          provisioningKeyId: newId('CardProvisioningKey'),
          at,
        }),
      );
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: cardView(after.cards.byId.get(cardId)!) }) });
    },
  },
  {
    method: 'GET',
    path: '/cards',
    auth: 'platform',
    querySchema: listQuery,
    handle: ({ state, request }) => {
      const raw = Object.fromEntries(request.query);
      const parsed = listQuery.safeParse(raw);
      const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
      for (const key of request.repeatedQueryKeys) errors.push(fieldError(key, `${key} may appear only once`));
      errors.push(...spellingErrors(raw, LIST_SPELLINGS, false));
      const filters = parsed.success ? cardFiltersOf(parsed.data) : {};
      const queryKey = parsed.success ? cardQueryKey(filters) : `cards:invalid:${JSON.stringify(raw)}`;
      const page = readPage(request.query, queryKey, LIST_LIMITS);
      if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
      if (errors.length > 0 || !page.ok) return err(invalidInput(errors.sort(byField)));
      const found = listCardPage(state, filters, page.value);
      const data = found.items.map(cardView);
      return ok(
        answer(200, listBody(data, found, queryKey)),
      );
    },
  },
  {
    method: 'GET',
    path: '/cards/{cardId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const card = state.cards.byId.get(params.cardId ?? '');
      if (card === undefined) return err(cardNotFound(params.cardId ?? ''));
      return ok(answer(200, cardView(card)));
    },
  },
  {
    method: 'PATCH',
    path: '/cards/{cardId}',
    auth: 'platform',
    schema: patchBody,
    handle: ({ state, params, request, at }) => {
      const raw = request.body ?? {};
      const body = checkBody(patchBody, raw, spellingErrors(raw, PATCH_SPELLINGS, false));
      if (!body.ok) return body;
      const b = foldSpellings(body.value, PATCH_SPELLINGS);
      const others = Object.keys(b).filter((key) => key !== 'status' && b[key as keyof typeof b] !== undefined);
      // Closing is final and alone: a request that closes and changes something else is ambiguous.
      if (b.status === 'CLOSED' && others.length > 0) {
        return err(invalidInput([fieldError('status', `status CLOSED cannot be combined with other changes (${others.sort().join(', ')})`)]));
      }
      const cardId = params.cardId ?? '';
      const events = decideUpdateCard(
        state,
        defined({
          cardId,
          status: b.status,
          fundingSource: b.fundingSource,
          maxSpendPerTransactionMinor: minorOf(b.maxSpendPerTransaction),
          maxSpendPerDayMinor: minorOf(b.maxSpendPerDay),
          maxTransactionsPerDay: b.maxTransactionsPerDay,
          at,
        }),
      );
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: cardView(after.cards.byId.get(cardId)!) }) });
    },
  },
  {
    method: 'POST',
    path: '/cards/{cardId}/tokenize',
    auth: 'platform',
    handle: ({ state, params, request, at, newId }) => {
      const body = validate(tokenizeBody, request.body ?? {});
      if (!body.ok) return body;
      const cardId = params.cardId ?? '';
      const tokenizationId = newId('CardTokenization');
      const events = decideTokenize(state, { cardId, walletProvider: body.value.walletProvider ?? 'APPLE_PAY', tokenizationId, at });
      if (!events.ok) return events;
      const tokenized = events.value[0]?.data as CardTokenized;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: provisioningPayload(after.cards.byId.get(cardId)!, tokenized) }) });
    },
  },
  {
    method: 'GET',
    path: '/config/cards',
    auth: 'platform',
    handle: ({ state }) => ok(answer(200, cardProgramView(state.cards.program))),
  },
  {
    method: 'PATCH',
    path: '/config/cards',
    auth: 'platform',
    handle: ({ state, request, at }) => {
      const body = validate(programBody, request.body ?? {});
      if (!body.ok) return body;
      const b = body.value;
      const events = decideConfigureCardProgram(
        state,
        defined({
          maxLiveCards: b.maxLiveCards,
          oneCardPerCardholder: b.oneCardPerCardholder,
          maxSpendPerTransactionMinor: minorOf(b.maxSpendPerTransaction),
          maxSpendPerDayMinor: minorOf(b.maxSpendPerDay),
          maxTransactionsPerDay: b.maxTransactionsPerDay,
        }),
        at,
      );
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: cardProgramView(after.cards.program) }) });
    },
  },
];
