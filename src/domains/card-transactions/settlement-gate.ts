/**
 * Card settlement windows for balance changes (spec: a window whose card settlement has not
 * closed returns 409 NOT_YET_AVAILABLE). The rule, decided: a window `[start, end)` of an account
 * is not yet available while the account has an open card authorization (AUTHORIZED or
 * PARTIALLY_SETTLED) authorized before `end`. Its clearing, reversal or expiry is still to come,
 * so the cardholder's statement for any period that saw it could still change (the purchase
 * belongs to the period it was made in). The window becomes available once every such
 * authorization has settled, been voided or expired (at most 7 days). Authorizations made at or
 * after `end` do not hold the window back. Pure.
 */
import { instantToMs } from '../../core/time.js';
import type { DomainState } from '../state.js';
import type { CardTransaction } from './types.js';

/** The earliest open card authorization of `accountId` authorized before `endMs`, if any. Pure. */
export function openCardAuthorizationBefore(state: DomainState, accountId: string, endMs: number): CardTransaction | undefined {
  const open = state.cardTransactions.openByAccount.get(accountId);
  if (open === undefined) return undefined;
  let earliest: CardTransaction | undefined;
  // Bounded by the account's open authorizations, each of which lives at most 7 days.
  for (const id of open) {
    const tx = state.cardTransactions.byId.get(id);
    if (tx === undefined || instantToMs(tx.createdAt) >= endMs) continue;
    if (earliest === undefined || tx.createdAt < earliest.createdAt) earliest = tx;
  }
  return earliest;
}
