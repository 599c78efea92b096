/**
 * Transaction webhooks (DECISIONS.md "Wire conventions"): every status change queues its
 * `OUTGOING_PAYMENT.<STATUS>` or `INCOMING_PAYMENT.<STATUS>`, refunds their REFUND_* types, each
 * with `data` = the transaction's wire view right after the change (the engine queues them in
 * event order). Creation announces the initial status where it has a type (CREATED has none);
 * field updates and receipt confirmations announce nothing (status webhooks are unchanged by
 * railDetails). Registered in `NOTIFIERS` (src/engine/registry.ts).
 */
import type { Notification, NotifierTable } from '../notifications.js';
import type { DomainState } from '../state.js';
import {
  TRANSACTION_EVENTS,
  type TransactionCreated,
  type TransactionRefundInitiated,
  type TransactionRefundTransitioned,
  type TransactionTransitioned,
} from './events.js';
import { lifecycleStateOf, type LifecycleState, statusOfState } from './lifecycles.js';
import type { Transaction } from './types.js';
import { transactionView } from './view.js';

/** The webhook types of transactions, exactly as DECISIONS.md lists them. */
export const TRANSACTION_WEBHOOK_TYPES = {
  OUTGOING: [
    'OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PENDING_AUTHORIZATION', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED',
    'OUTGOING_PAYMENT.FAILED', 'OUTGOING_PAYMENT.EXPIRED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED',
    'OUTGOING_PAYMENT.REFUND_FAILED',
  ],
  INCOMING: [
    'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED',
    'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED', 'INCOMING_PAYMENT.REFUND_FAILED',
  ],
} as const;

function typed(tx: Transaction, suffix: string): string | undefined {
  const type = `${tx.type === 'OUTGOING' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT'}.${suffix}`;
  return (TRANSACTION_WEBHOOK_TYPES[tx.type] as readonly string[]).includes(type) ? type : undefined;
}

/** The webhook type announcing that `tx` reached lifecycle state `state`, if it has one. Pure. */
export function statusWebhookType(tx: Transaction, state: LifecycleState): string | undefined {
  return typed(tx, statusOfState(state));
}

function announce(state: DomainState, transactionId: string, type: (tx: Transaction) => string | undefined): readonly Notification[] {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return [];
  const webhookType = type(tx);
  return webhookType === undefined ? [] : [{ type: webhookType, data: transactionView(tx) }];
}

/** Notifiers for transaction events. */
export const transactionNotifiers: NotifierTable = {
  [TRANSACTION_EVENTS.created]: (state, event) =>
    announce(state, (event.data as TransactionCreated).transaction.id, (tx) => statusWebhookType(tx, lifecycleStateOf(tx))),
  [TRANSACTION_EVENTS.transitioned]: (state, event) => {
    const data = event.data as TransactionTransitioned;
    return announce(state, data.transactionId, (tx) => statusWebhookType(tx, data.to));
  },
  [TRANSACTION_EVENTS.refundInitiated]: (state, event) =>
    announce(state, (event.data as TransactionRefundInitiated).transactionId, (tx) => typed(tx, 'REFUND_PENDING')),
  [TRANSACTION_EVENTS.refundTransitioned]: (state, event) => {
    const data = event.data as TransactionRefundTransitioned;
    return announce(state, data.transactionId, (tx) => typed(tx, `REFUND_${data.to}`));
  },
};
