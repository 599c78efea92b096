/**
 * Decides the four authorization simulations: `authorization` (a purchase: hold on the funding
 * account), `credit_authorization` (a hold of money coming in), and their financial forms (the
 * hold and its clearing in one message). A decline moves no money and is answered like an
 * approval: with the card transaction (status DECLINED, `cardDeclinedReason`). Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { ApiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant } from '../../core/time.js';
import { effectiveLimits } from '../cards/program.js';
import type { Card } from '../cards/types.js';
import { cardNotFound } from '../cards/update.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_TRANSACTION_EVENT_TYPES, type CardTransactionCreated } from './events.js';
import { AUTHORIZATION_EXPIRY_MS } from './expiry.js';
import { holdLeg, openNetworkAccount, postLeg } from './legs.js';
import { dailyUsage, utcDayStartMs } from './limits.js';
import { legOf, moveDraft } from './moves.js';
import { sandboxMerchantDecline } from './sandbox.js';
import type { CardDeclinedReason, CardDirection, CardTransaction, Merchant } from './types.js';

/** A validated authorization with the ids the route minted. */
export type AuthorizationCommand = {
  readonly cardId: string;
  readonly direction: CardDirection;
  /** Financial: cleared in the same message (hold and post in one request). */
  readonly financial: boolean;
  readonly amountMinor: bigint;
  readonly currency: CurrencyCode;
  readonly merchant: Merchant;
  readonly transactionId: string;
  readonly holdTransferId: string;
  readonly postTransferId: string;
  readonly at: string;
  readonly atMs: number;
};

/**
 * Pure: why the issuer declines, checked in this fixed order (the first that applies is the
 * reason): CARD_NOT_ACTIVE (FROZEN or CLOSED); NO_ELIGIBLE_FUNDING_SOURCE (the funding account is
 * missing or not ACTIVE); the sandbox merchant table (suffixes 002, 003, 901-903; 002 DEBITs only); OTHER
 * for a currency other than the funding account's; then for DEBITs only SPEND_LIMIT_EXCEEDED
 * (per transaction, transactions per UTC day, spend per UTC day: the lower of program cap and card
 * value) and INSUFFICIENT_FUNDS (the available balance, pending holds counted, is short).
 */
export function declineReason(state: DomainState, card: Card, command: AuthorizationCommand): CardDeclinedReason | undefined {
  if (card.status !== 'ACTIVE') return 'CARD_NOT_ACTIVE';
  const account = state.accounts.byId.get(card.fundingSource);
  if (account === undefined || account.status !== 'ACTIVE') return 'NO_ELIGIBLE_FUNDING_SOURCE';
  const forced = sandboxMerchantDecline(command.merchant.descriptor, command.direction);
  if (forced !== undefined) return forced;
  if (command.currency !== account.currency) return 'OTHER';
  if (command.direction === 'CREDIT') return undefined;
  const limits = effectiveLimits(state.cards.program, card);
  if (limits.maxSpendPerTransactionMinor !== undefined && command.amountMinor > limits.maxSpendPerTransactionMinor) return 'SPEND_LIMIT_EXCEEDED';
  if (limits.maxTransactionsPerDay !== undefined || limits.maxSpendPerDayMinor !== undefined) {
    const usage = dailyUsage(state, card.id, utcDayStartMs(command.atMs));
    if (limits.maxTransactionsPerDay !== undefined && usage.count >= limits.maxTransactionsPerDay) return 'SPEND_LIMIT_EXCEEDED';
    if (limits.maxSpendPerDayMinor !== undefined && usage.spentMinor + command.amountMinor > limits.maxSpendPerDayMinor) return 'SPEND_LIMIT_EXCEEDED';
  }
  const available = state.ledger.balance(account.id)?.availableMinor ?? 0n;
  if (available < command.amountMinor) return 'INSUFFICIENT_FUNDS';
  return undefined;
}

/**
 * Pure: the events of an authorization: 404 NOT_FOUND for an unknown card; otherwise a DECLINED
 * card transaction (no money), or an AUTHORIZED one holding the amount (pending transfer) that
 * expires after AUTHORIZATION_EXPIRY_MS, followed for a financial authorization by its clearing
 * in full (SETTLED). The clearing account is opened first when the ledger lacks it.
 */
export function decideAuthorization(state: DomainState, command: AuthorizationCommand): Result<EventDraft[], ApiError> {
  const card = state.cards.byId.get(command.cardId);
  if (card === undefined) return err(cardNotFound(command.cardId));
  const customer = state.customers.byId.get(card.customerId);
  const reason = declineReason(state, card, command);
  const base: CardTransaction = {
    id: command.transactionId,
    cardId: card.id,
    customerId: card.customerId,
    platformCustomerId: customer?.platformCustomerId ?? '',
    accountId: card.fundingSource,
    currency: command.currency,
    direction: command.direction,
    status: reason === undefined ? 'AUTHORIZED' : 'DECLINED',
    amountMinor: command.amountMinor.toString(),
    settledAmountMinor: '0',
    ...(command.direction === 'DEBIT' ? { refundedAmountMinor: '0' } : {}),
    merchant: command.merchant,
    createdAt: command.at,
    updatedAt: command.at,
  };
  if (reason !== undefined) {
    const data: CardTransactionCreated = { transaction: { ...base, cardDeclinedReason: reason }, event: 'DECLINED' };
    return ok([{ type: CARD_TRANSACTION_EVENT_TYPES.created, data }]);
  }
  const authorized: CardTransaction = {
    ...base,
    holdTransferId: command.holdTransferId,
    authorizedAt: command.at,
    expiresAt: formatInstant(command.atMs + AUTHORIZATION_EXPIRY_MS),
  };
  const leg = legOf(authorized);
  const created: CardTransactionCreated = { transaction: authorized, event: 'APPROVED', transfers: [holdLeg(leg, command.holdTransferId, command.amountMinor)] };
  const drafts: EventDraft[] = [...openNetworkAccount(state.ledger, command.currency), { type: CARD_TRANSACTION_EVENT_TYPES.created, data: created }];
  if (command.financial) {
    drafts.push(
      moveDraft(
        authorized,
        'CLEARED',
        {
          changes: { settledAmountMinor: authorized.amountMinor, settledAt: command.at },
          cleared: ['holdTransferId', 'expiresAt'],
          transfers: [postLeg(leg, command.postTransferId, command.holdTransferId)],
        },
        command.at,
      ),
    );
  }
  return ok(drafts);
}
