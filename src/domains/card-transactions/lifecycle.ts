/**
 * The card transaction lifecycle as an xstate machine, the single source of which moves are
 * legal, and the plain table derived from it once (deciders and evolvers read only the table).
 * RECEIVED is not a wire status: it is where a network message stands before the issuer answers,
 * so every creation (approved, declined, a refund row posted at once) is a row of the table too.
 * Events are named after what happened. DECLINED, VOIDED's end, EXCEPTION hold no money.
 */
import { setup } from 'xstate';
import { type TransitionTable, transitionTable } from '../lifecycle.js';
import type { CardTransactionStatus } from './types.js';

/** Lifecycle states: the wire statuses plus RECEIVED. */
export type CardTransactionState = CardTransactionStatus | 'RECEIVED';

/** What can happen to a card transaction. */
export const CARD_TRANSACTION_EVENTS = [
  'APPROVED', 'DECLINED', 'RETURN_POSTED', 'ADJUSTED', 'REVERSED', 'EXPIRED', 'CLEARED_PARTIAL', 'CLEARED', 'CLEARED_SHORT',
  'CLEARED_LATE', 'RETURN_APPLIED', 'RETURN_REVERSED', 'REFUND_REVERSED', 'REFUND_REVERSAL_SHORT',
] as const;
/** One of `CARD_TRANSACTION_EVENTS`. */
export type CardTransactionEvent = (typeof CARD_TRANSACTION_EVENTS)[number];

/** The card transaction machine. */
export const cardTransactionMachine = setup({ types: {} as { events: { type: CardTransactionEvent } } }).createMachine({
  id: 'card-transaction',
  initial: 'RECEIVED',
  states: {
    RECEIVED: { on: { APPROVED: 'AUTHORIZED', DECLINED: 'DECLINED', RETURN_POSTED: 'SETTLED' } },
    AUTHORIZED: {
      on: {
        ADJUSTED: 'AUTHORIZED',
        REVERSED: 'VOIDED',
        EXPIRED: 'VOIDED',
        CLEARED_PARTIAL: 'PARTIALLY_SETTLED',
        CLEARED: 'SETTLED',
        CLEARED_SHORT: 'EXCEPTION',
      },
    },
    // What is cleared is final: releasing the rest (advice down to the cleared amount, expiry) settles it.
    PARTIALLY_SETTLED: {
      on: {
        ADJUSTED: 'PARTIALLY_SETTLED',
        REVERSED: 'SETTLED',
        EXPIRED: 'SETTLED',
        CLEARED_PARTIAL: 'PARTIALLY_SETTLED',
        CLEARED: 'SETTLED',
        CLEARED_SHORT: 'EXCEPTION',
      },
    },
    // A purchase stays SETTLED through returns and their reversals; a refund row can be reversed.
    SETTLED: { on: { RETURN_APPLIED: 'SETTLED', RETURN_REVERSED: 'SETTLED', REFUND_REVERSED: 'VOIDED', REFUND_REVERSAL_SHORT: 'EXCEPTION' } },
    VOIDED: { on: { CLEARED_LATE: 'EXCEPTION' } },
    DECLINED: { type: 'final' },
    EXCEPTION: { type: 'final' },
  },
});

/** The table, derived from the machine once. */
export const CARD_TRANSACTION_TABLE: TransitionTable<CardTransactionState, CardTransactionEvent> = transitionTable(cardTransactionMachine);

/** The state `event` leads to from `from`, or undefined when the lifecycle refuses it. Pure. */
export function nextCardTransactionState(from: CardTransactionState, event: CardTransactionEvent): CardTransactionState | undefined {
  return CARD_TRANSACTION_TABLE.next(from, event);
}
