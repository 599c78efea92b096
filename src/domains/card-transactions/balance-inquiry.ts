/**
 * Decides `balance_inquiry`: the network asks what the card can spend. It moves no money and, a
 * decision, records nothing: no card transaction (it would sit in `GET /transactions` with no
 * amount and no money ever moving) and no event. The answer is the available balance of the
 * funding account, or a decline with the same reasons an authorization would give for the card
 * and its funding account. Pure.
 */
import type { ApiError } from '../../core/errors.js';
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import { type Result, err, ok } from '../../core/result.js';
import { cardNotFound } from '../cards/update.js';
import type { DomainState } from '../state.js';
import type { CardDeclinedReason } from './types.js';

/** The answer to a balance inquiry. */
export type BalanceInquiryView =
  | { readonly type: 'BALANCE_INQUIRY'; readonly cardId: string; readonly status: 'APPROVED'; readonly fundingSource: string; readonly availableBalance: CurrencyAmount }
  | { readonly type: 'BALANCE_INQUIRY'; readonly cardId: string; readonly status: 'DECLINED'; readonly cardDeclinedReason: CardDeclinedReason };

/** Pure: the balance the card may spend, its decline (CARD_NOT_ACTIVE, NO_ELIGIBLE_FUNDING_SOURCE), or 404 NOT_FOUND. */
export function decideBalanceInquiry(state: DomainState, cardId: string): Result<BalanceInquiryView, ApiError> {
  const card = state.cards.byId.get(cardId);
  if (card === undefined) return err(cardNotFound(cardId));
  if (card.status !== 'ACTIVE') return ok({ type: 'BALANCE_INQUIRY', cardId, status: 'DECLINED', cardDeclinedReason: 'CARD_NOT_ACTIVE' });
  const account = state.accounts.byId.get(card.fundingSource);
  if (account === undefined || account.status !== 'ACTIVE') {
    return ok({ type: 'BALANCE_INQUIRY', cardId, status: 'DECLINED', cardDeclinedReason: 'NO_ELIGIBLE_FUNDING_SOURCE' });
  }
  const available = state.ledger.balance(account.id)?.availableMinor ?? 0n;
  return ok({ type: 'BALANCE_INQUIRY', cardId, status: 'APPROVED', fundingSource: account.id, availableBalance: toCurrencyAmount(available, account.currency) });
}
