/**
 * Decides `POST /cards`: who may hold a card, from which account it spends, and whether the
 * program has room for it; then the card's deterministic details (last four digits and expiry from
 * its id and issue time, never from randomness). Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import { sha256Hex } from '../../log/index.js';
import { verificationStatusOf } from '../customers/types.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_EVENT_TYPES, type CardIssued } from './events.js';
import { type Card, CARD_VALIDITY_YEARS, type CardForm, type CardLimits, SANDBOX_CARD_BRAND } from './types.js';
import { liveCustomer } from '../customers/store.js';

/** A validated `POST /cards` with the ids the route minted. */
export type IssueCardCommand = CardLimits & {
  readonly customerId: string;
  readonly fundingSource: string;
  readonly form: CardForm;
  readonly platformCardId?: string;
  readonly cardId: string;
  readonly provisioningKeyId: string;
  readonly at: string;
};

/**
 * Pure: why `accountId` cannot fund a card of `customerId`, or undefined when it can: it must be an
 * ACTIVE internal account of that customer and not rule-based (a rule-based account never holds a
 * balance, so every authorization would decline).
 */
export function fundingSourceProblem(state: DomainState, customerId: string, accountId: string): string | undefined {
  const account = state.accounts.byId.get(accountId);
  if (account === undefined || account.customerId !== customerId) return `fundingSource must be an internal account of customer ${customerId}`;
  if (account.type === 'RULE_BASED') return 'fundingSource must not be a rule-based account (it never holds a balance)';
  if (account.status !== 'ACTIVE') return `fundingSource ${accountId} is ${account.status}, not ACTIVE`;
  return undefined;
}

/**
 * Pure: the CardIssued event, or the first problem in this order: 404 CUSTOMER_NOT_FOUND; 400
 * INVALID_INPUT on `fundingSource`; 400 CARDHOLDER_KYC_NOT_APPROVED unless the cardholder's
 * kycStatus (kybStatus) is APPROVED; 409 CONFLICT when a live card already has the
 * `platformCardId`; 409 CARD_LIMIT_REACHED when the program's live cards are at its maximum or,
 * on a one-card-per-cardholder program, the cardholder already holds a live card.
 */
export function decideIssueCard(state: DomainState, command: IssueCardCommand): Result<EventDraft[], ApiError> {
  const customer = liveCustomer(state.customers, command.customerId);
  if (customer === undefined) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${command.customerId} not found`));
  const problem = fundingSourceProblem(state, customer.id, command.fundingSource);
  if (problem !== undefined) return err(invalidInput([{ field: 'fundingSource', message: problem }], problem));
  const kyc = verificationStatusOf(customer);
  if (kyc !== 'APPROVED') {
    return err(apiError('CARDHOLDER_KYC_NOT_APPROVED', `Cardholder ${customer.id} has verification status ${kyc}; a card needs APPROVED`, { kycStatus: kyc }));
  }
  if (command.platformCardId !== undefined && state.cards.byPlatformCardId.has(command.platformCardId)) {
    return err(apiError('CONFLICT', `platformCardId ${command.platformCardId} belongs to another live card`, { cardId: state.cards.byPlatformCardId.get(command.platformCardId) }));
  }
  const program = state.cards.program;
  if (state.cards.counts.live >= program.maxLiveCards) {
    return err(apiError('CARD_LIMIT_REACHED', `The platform has ${state.cards.counts.live} live cards, its maximum of ${program.maxLiveCards}; close a card to free a slot`));
  }
  if (program.oneCardPerCardholder && (state.cards.liveByCustomer.get(customer.id) ?? 0) > 0) {
    return err(apiError('CARD_LIMIT_REACHED', `Cardholder ${customer.id} already holds a live card and the platform allows one per cardholder`));
  }
  const card: Card = {
    id: command.cardId,
    customerId: customer.id,
    fundingSource: command.fundingSource,
    form: command.form,
    status: 'ACTIVE',
    ...(command.platformCardId === undefined ? {} : { platformCardId: command.platformCardId }),
    ...cardNumberDetails(command.cardId, command.at),
    brand: SANDBOX_CARD_BRAND,
    cardCapabilities: { supportsDigitalWalletTokenization: command.form === 'VIRTUAL' },
    ...limitsOf(command),
    provisioningKeyId: command.provisioningKeyId,
    createdAt: command.at,
    updatedAt: command.at,
  };
  const data: CardIssued = { card };
  return ok([{ type: CARD_EVENT_TYPES.issued, data }]);
}

/**
 * Pure: the card's last four digits (from SHA-256 of its id, so the same id always shows the same
 * digits) and its expiry: the issue month (UTC), CARD_VALIDITY_YEARS later.
 */
export function cardNumberDetails(cardId: string, issuedAt: string): { last4: string; expMonth: number; expYear: number } {
  const digest = sha256Hex(`CardNumber|${cardId}`);
  const last4 = String(Number.parseInt(digest.slice(0, 8), 16) % 10_000).padStart(4, '0');
  const issued = new Date(instantToMs(issuedAt));
  return { last4, expMonth: issued.getUTCMonth() + 1, expYear: issued.getUTCFullYear() + CARD_VALIDITY_YEARS };
}

function limitsOf(limits: CardLimits): CardLimits {
  return {
    ...(limits.maxSpendPerTransactionMinor === undefined ? {} : { maxSpendPerTransactionMinor: limits.maxSpendPerTransactionMinor }),
    ...(limits.maxSpendPerDayMinor === undefined ? {} : { maxSpendPerDayMinor: limits.maxSpendPerDayMinor }),
    ...(limits.maxTransactionsPerDay === undefined ? {} : { maxTransactionsPerDay: limits.maxTransactionsPerDay }),
  };
}
