/**
 * The engine's tables of domain hooks beyond evolve: which notifications an applied event causes
 * and what each kind of timer does when it fires. Each domain contributes its own table.
 */
import type { NotifierTable } from '../domains/notifications.js';
import type { TimerHandler } from '../domains/timers.js';
import { customerNotifiers } from '../domains/customers/notify.js';
import { externalAccountNotifiers } from '../domains/external-accounts/notify.js';
import { transactionNotifiers } from '../domains/transactions/notify.js';
import { transactionTimerHandlers } from '../domains/transactions/timers.js';
import { quoteTimerHandlers } from '../domains/flows/timers.js';
import { incomingTimerHandlers } from '../domains/deposits/timers.js';
import { cardNotifiers } from '../domains/cards/notify.js';
import { cardTransactionNotifiers } from '../domains/card-transactions/notify.js';
import { cardTransactionTimerHandlers } from '../domains/card-transactions/expiry.js';
import { stablecoinTimerHandlers } from '../domains/stablecoins/timers.js';
import { agentNotifiers } from '../domains/agents/notify.js';
import { invitationNotifiers } from '../domains/invitations/notify.js';
import { verificationNotifiers } from '../domains/verifications/notify.js';
import { bulkCustomerNotifiers } from '../domains/bulk-customers/notify.js';

/** Notifiers by event type, from every domain. */
export const NOTIFIERS: NotifierTable = {
  ...customerNotifiers,
  ...externalAccountNotifiers,
  ...transactionNotifiers,
  ...cardNotifiers,
  ...cardTransactionNotifiers,
  ...agentNotifiers,
  ...invitationNotifiers,
  ...verificationNotifiers,
  ...bulkCustomerNotifiers,
};

/** Timer handlers by timer kind, from every domain. */
export const TIMER_HANDLERS: Readonly<Record<string, TimerHandler>> = {
  ...transactionTimerHandlers,
  ...quoteTimerHandlers,
  ...incomingTimerHandlers,
  ...cardTransactionTimerHandlers,
  ...stablecoinTimerHandlers,
};
