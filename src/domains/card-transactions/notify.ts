/**
 * Card transaction webhooks: every creation and every move queues `CARD_TRANSACTION.<status>`
 * of the status landed on (DECISIONS.md types), with `data` = the card transaction's wire view
 * right after it. Self-moves announce too: an advice that adjusts an authorization re-fires
 * AUTHORIZED, and a return (or its reversal) re-fires SETTLED on the purchase (spec). The engine
 * queues them right after the event, so they arrive in the order things happened.
 */
import type { Notification, NotifierTable } from '../notifications.js';
import type { DomainState } from '../state.js';
import { CARD_TRANSACTION_EVENT_TYPES, type CardTransactionCreated, type CardTransactionTransitioned } from './events.js';
import { cardTransactionView } from './view.js';

/** The webhook types of card transactions, exactly as DECISIONS.md lists them. */
export const CARD_TRANSACTION_WEBHOOK_TYPES = [
  'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.DECLINED',
  'CARD_TRANSACTION.VOIDED', 'CARD_TRANSACTION.EXCEPTION',
] as const;

function announce(state: DomainState, transactionId: string): readonly Notification[] {
  const tx = state.cardTransactions.byId.get(transactionId);
  return tx === undefined ? [] : [{ type: `CARD_TRANSACTION.${tx.status}`, data: cardTransactionView(tx) }];
}

/** Notifiers for card transaction events. */
export const cardTransactionNotifiers: NotifierTable = {
  [CARD_TRANSACTION_EVENT_TYPES.created]: (state, event) => announce(state, (event.data as CardTransactionCreated).transaction.id),
  [CARD_TRANSACTION_EVENT_TYPES.transitioned]: (state, event) => announce(state, (event.data as CardTransactionTransitioned).transactionId),
};
