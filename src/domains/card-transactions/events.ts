/**
 * Card transaction events. A creation (approved, declined, or a refund row posted at once) and a
 * move through the lifecycle; both may carry ledger transfers in `data.transfers`, which the
 * engine applies before the evolver runs. JSON-safe, version 1.
 */
import type { TransferRecord } from '../movement.js';
import type { CardTransactionEvent, CardTransactionState } from './lifecycle.js';
import type { CardTransaction } from './types.js';

/** A new card transaction, created by `event` from RECEIVED into `transaction.status`. */
export type CardTransactionCreated = {
  readonly transaction: CardTransaction;
  readonly event: CardTransactionEvent;
  readonly transfers?: readonly TransferRecord[];
};

/** Fields a move may set. */
export type CardTransactionChanges = Partial<
  Pick<CardTransaction, 'amountMinor' | 'settledAmountMinor' | 'refundedAmountMinor' | 'holdTransferId' | 'exceptionReason' | 'settledAt'>
>;

/** Fields a move may remove (JSON has no undefined). */
export type CardTransactionClearable = 'holdTransferId' | 'expiresAt';

/** A move of the lifecycle, `from` --`event`--> `to`, with the fields it changes. */
export type CardTransactionTransitioned = {
  readonly transactionId: string;
  readonly event: CardTransactionEvent;
  readonly from: CardTransactionState;
  readonly to: CardTransactionState;
  readonly changes: CardTransactionChanges;
  readonly cleared: readonly CardTransactionClearable[];
  readonly updatedAt: string;
  readonly transfers?: readonly TransferRecord[];
};

/** Event type names of this domain. */
export const CARD_TRANSACTION_EVENT_TYPES = {
  created: 'CardTransactionCreated',
  transitioned: 'CardTransactionTransitioned',
} as const;
