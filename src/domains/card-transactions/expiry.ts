/**
 * Authorization expiry (DECISIONS.md: an authorization never cleared expires after 7 days). The
 * evolver schedules a timer when an authorization opens and cancels it when it closes; when
 * `engine.advance` fires it, the handler releases the hold with a void transfer: an AUTHORIZED
 * transaction becomes VOIDED, a PARTIALLY_SETTLED one SETTLED at what it cleared. The ledger's
 * own timeout is not used, so the release is a transfer in the log like every other movement.
 */
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { cancelTimer, scheduleTimer, type TimerHandler } from '../timers.js';
import { voidLeg } from './legs.js';
import { legOf, moveDraft } from './moves.js';
import { type CardTransaction, isOpen } from './types.js';

/** How long an authorization holds before it expires. */
export const AUTHORIZATION_EXPIRY_MS = 7 * 86_400_000;

/** The timer kind of authorization expiry. */
export const EXPIRY_TIMER_KIND = 'card-transaction.expiry';

/** The id of a card transaction's expiry timer. */
export function expiryTimerId(transactionId: string): string {
  return `${EXPIRY_TIMER_KIND}:${transactionId}`;
}

/** Schedules the expiry of an open transaction (evolvers only). */
export function scheduleExpiry(state: DomainState, tx: CardTransaction): void {
  if (tx.expiresAt === undefined) return;
  scheduleTimer(state, { id: expiryTimerId(tx.id), dueAtMs: instantToMs(tx.expiresAt), kind: EXPIRY_TIMER_KIND, ref: tx.id });
}

/** Cancels a transaction's expiry timer if pending (evolvers only). */
export function cancelExpiry(state: DomainState, transactionId: string): void {
  cancelTimer(state, expiryTimerId(transactionId));
}

/** Pure: the EXPIRED move of an open transaction, releasing its hold with `voidTransferId`. */
export function expiryDraft(tx: CardTransaction, voidTransferId: string, at: string): EventDraft {
  const settles = tx.status === 'PARTIALLY_SETTLED';
  return moveDraft(
    tx,
    'EXPIRED',
    {
      changes: settles ? { settledAt: at } : {},
      cleared: ['holdTransferId', 'expiresAt'],
      transfers: [voidLeg(legOf(tx), voidTransferId, tx.holdTransferId ?? '')],
    },
    at,
  );
}

/** Expires an authorization still open at its expiry; nothing when it closed meanwhile. */
export const expiryHandler: TimerHandler = (state, timer, context) => {
  const tx = state.cardTransactions.byId.get(timer.ref);
  if (tx === undefined || !isOpen(tx) || tx.expiresAt === undefined || instantToMs(tx.expiresAt) !== timer.dueAtMs) return [];
  return [expiryDraft(tx, context.newId('Transfer'), context.at)];
};

/** Timer handlers of this domain, by kind. */
export const cardTransactionTimerHandlers: Readonly<Record<string, TimerHandler>> = {
  [EXPIRY_TIMER_KIND]: expiryHandler,
};
