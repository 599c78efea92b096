/**
 * A card's usage in one UTC day (DECISIONS.md: daily limits by UTC day), for
 * `maxTransactionsPerDay` and `maxSpendPerDay`. Counted: DEBIT authorizations approved that day
 * (declines never count). Spend: their current amounts, except those VOIDED (released money is
 * not spent); a voided authorization still counts as a transaction. Pure.
 */
import { instantToMs } from '../../core/time.js';
import type { DomainState } from '../state.js';

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

/** The UTC day's start for an instant. Pure. */
export function utcDayStartMs(atMs: number): number {
  return Math.floor(atMs / DAY_MS) * DAY_MS;
}

/** Approved DEBIT authorizations of `cardId` since `dayStartMs` and the amount they still spend. */
export function dailyUsage(state: DomainState, cardId: string, dayStartMs: number): { count: number; spentMinor: bigint } {
  const positions = state.cardTransactions.byCard.get(cardId) ?? [];
  let count = 0;
  let spentMinor = 0n;
  // Newest first; creation times never go backwards, so the walk stops at the day's start and
  // costs only that day's transactions.
  for (let index = positions.length - 1; index >= 0; index -= 1) {
    const tx = state.cardTransactions.byId.valueAt(positions[index]!);
    if (instantToMs(tx.createdAt) < dayStartMs) break;
    if (tx.direction !== 'DEBIT' || tx.originalTransactionId !== undefined || tx.status === 'DECLINED') continue;
    count += 1;
    if (tx.status !== 'VOIDED') spentMinor += BigInt(tx.amountMinor);
  }
  return { count, spentMinor };
}
