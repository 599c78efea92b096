/**
 * The three lifecycles of a transaction as xstate machines, the single source of which moves are
 * legal, and the plain tables derived from them once (deciders and evolvers read only the tables).
 * Events are named after what happened. Only EXPIRED is terminal (spec: FAILED is not).
 *
 * An incoming payment waiting for the platform's approval is its own lifecycle state,
 * PENDING_APPROVAL, whose wire status is PENDING: approve, reject and the timeout are legal from it
 * and from nowhere else, which the table states and the tests check.
 */
import { setup } from 'xstate';
import { statesNeverReaching, type TransitionTable, transitionTable } from '../lifecycle.js';
import type { IncomingStatus, OutgoingStatus, RefundStatus, Transaction, TransactionStatus } from './types.js';

// ---------------------------------------------------------------------------------------------
// Outgoing

/** Lifecycle states of an outgoing payment (= its wire statuses). */
export const OUTGOING_STATES = ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
/** One of `OUTGOING_STATES`. */
export type OutgoingState = (typeof OUTGOING_STATES)[number];

/** What can happen to an outgoing payment. */
export const OUTGOING_EVENTS = [
  'SCA_REQUIRED', 'SCA_COMPLETED', 'SCA_EXPIRED', 'FUNDED', 'EXPIRED', 'SETTLED', 'PAYOUT_FAILED', 'CANCELLED', 'PAYOUT_RETURNED',
] as const;
/** One of `OUTGOING_EVENTS`. */
export type OutgoingEvent = (typeof OUTGOING_EVENTS)[number];

/** The outgoing payment lifecycle (DECISIONS.md "Transactions"). */
export const outgoingMachine = setup({ types: {} as { events: { type: OutgoingEvent } } }).createMachine({
  id: 'outgoing-transaction',
  initial: 'PENDING',
  states: {
    PENDING: { on: { SCA_REQUIRED: 'PENDING_AUTHORIZATION', FUNDED: 'PROCESSING', EXPIRED: 'EXPIRED' } },
    // A new challenge may be issued while one is outstanding: SCA may repeat.
    PENDING_AUTHORIZATION: { on: { SCA_REQUIRED: 'PENDING_AUTHORIZATION', SCA_COMPLETED: 'PROCESSING', SCA_EXPIRED: 'FAILED' } },
    PROCESSING: { on: { SETTLED: 'COMPLETED', PAYOUT_FAILED: 'FAILED', CANCELLED: 'FAILED' } },
    COMPLETED: { on: { PAYOUT_RETURNED: 'FAILED' } },
    FAILED: {},
    EXPIRED: { type: 'final' },
  },
});

/** The outgoing table, derived from the machine once. */
export const OUTGOING_TABLE: TransitionTable<OutgoingState, OutgoingEvent> = transitionTable(outgoingMachine);

// ---------------------------------------------------------------------------------------------
// Incoming

/** Lifecycle states of an incoming payment: its wire statuses plus PENDING_APPROVAL (wire: PENDING). */
export const INCOMING_STATES = ['CREATED', 'PENDING_APPROVAL', 'PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
/** One of `INCOMING_STATES`. */
export type IncomingState = (typeof INCOMING_STATES)[number];

/** What can happen to an incoming payment. */
export const INCOMING_EVENTS = [
  'QUOTED', 'APPROVAL_REQUESTED', 'APPROVED', 'APPROVAL_REJECTED', 'APPROVAL_TIMED_OUT', 'APPROVAL_WEBHOOK_FAILED', 'FUNDED',
  'SETTLED', 'PAYMENT_FAILED', 'CANCELLED', 'RETURNED', 'RETURN_DISHONORED', 'RETURN_CONTESTED',
] as const;
/** One of `INCOMING_EVENTS`. */
export type IncomingEvent = (typeof INCOMING_EVENTS)[number];

/** The incoming payment lifecycle (DECISIONS.md "Transactions", spec "Transaction status"). */
export const incomingMachine = setup({ types: {} as { events: { type: IncomingEvent } } }).createMachine({
  id: 'incoming-transaction',
  initial: 'CREATED',
  states: {
    CREATED: { on: { QUOTED: 'PENDING', APPROVAL_REQUESTED: 'PENDING_APPROVAL', PAYMENT_FAILED: 'FAILED' } },
    PENDING_APPROVAL: {
      on: { APPROVED: 'PENDING', APPROVAL_REJECTED: 'FAILED', APPROVAL_TIMED_OUT: 'FAILED', APPROVAL_WEBHOOK_FAILED: 'FAILED' },
    },
    PENDING: { on: { APPROVAL_REQUESTED: 'PENDING_APPROVAL', FUNDED: 'PROCESSING', PAYMENT_FAILED: 'FAILED', CANCELLED: 'FAILED' } },
    PROCESSING: { on: { SETTLED: 'COMPLETED', PAYMENT_FAILED: 'FAILED', CANCELLED: 'FAILED' } },
    COMPLETED: { on: { RETURNED: 'FAILED', RETURN_CONTESTED: 'FAILED' } },
    FAILED: { on: { RETURN_DISHONORED: 'COMPLETED' } },
  },
});

/** The incoming table, derived from the machine once. */
export const INCOMING_TABLE: TransitionTable<IncomingState, IncomingEvent> = transitionTable(incomingMachine);

// ---------------------------------------------------------------------------------------------
// Refund

/** Refund states (= refund statuses). */
export const REFUND_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const satisfies readonly RefundStatus[];
/** One of `REFUND_STATES`. */
export type RefundState = (typeof REFUND_STATES)[number];

/** What can happen to a refund. */
export const REFUND_EVENTS = ['REFUND_SETTLED', 'REFUND_FAILED'] as const;
/** One of `REFUND_EVENTS`. */
export type RefundEvent = (typeof REFUND_EVENTS)[number];

/** The refund lifecycle (DECISIONS.md); the payment's own status stays FAILED throughout. */
export const refundMachine = setup({ types: {} as { events: { type: RefundEvent } } }).createMachine({
  id: 'transaction-refund',
  initial: 'PENDING',
  states: {
    PENDING: { on: { REFUND_SETTLED: 'COMPLETED', REFUND_FAILED: 'FAILED' } },
    COMPLETED: {},
    FAILED: {},
  },
});

/** The refund table, derived from the machine once. */
export const REFUND_TABLE: TransitionTable<RefundState, RefundEvent> = transitionTable(refundMachine);

// ---------------------------------------------------------------------------------------------
// Reading a record through its lifecycle

/** A lifecycle state of either kind. */
export type LifecycleState = OutgoingState | IncomingState;
/** A lifecycle event of either kind. */
export type LifecycleEvent = OutgoingEvent | IncomingEvent;

/** States a new transaction may start in, per type (later states need the earlier ones' effects). */
export const INITIAL_STATES = {
  OUTGOING: ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING'],
  INCOMING: ['CREATED', 'PENDING_APPROVAL', 'PENDING', 'PROCESSING'],
} as const satisfies { OUTGOING: readonly OutgoingState[]; INCOMING: readonly IncomingState[] };

/** The table of a transaction's type. */
export function tableOf(type: Transaction['type']): TransitionTable<LifecycleState, LifecycleEvent> {
  return (type === 'OUTGOING' ? OUTGOING_TABLE : INCOMING_TABLE) as TransitionTable<LifecycleState, LifecycleEvent>;
}

// The statuses (as lifecycle states) from which a payment can never be cancelled again.
const NEVER_CANCELLED: { readonly OUTGOING: ReadonlySet<string>; readonly INCOMING: ReadonlySet<string> } = {
  OUTGOING: statesNeverReaching(OUTGOING_TABLE, 'CANCELLED'),
  INCOMING: statesNeverReaching(INCOMING_TABLE, 'CANCELLED'),
};

/**
 * True when a payment of `type` in `status` can never be cancelled again, by any path of its
 * table (outgoing: COMPLETED, FAILED, EXPIRED; incoming: COMPLETED, FAILED). Only a cancellation
 * reads a payment's `fundingTransferIds`, so records in these statuses drop them. Pure.
 */
export function neverCancellable(type: Transaction['type'], status: TransactionStatus): boolean {
  return (type === 'OUTGOING' ? NEVER_CANCELLED.OUTGOING : NEVER_CANCELLED.INCOMING).has(status);
}

/** Where a record stands in its lifecycle: its status, or PENDING_APPROVAL for that sub-case. Pure. */
export function lifecycleStateOf(transaction: Transaction): LifecycleState {
  return transaction.type === 'INCOMING' && transaction.pendingApproval !== undefined ? 'PENDING_APPROVAL' : transaction.status;
}

/** The wire status of a lifecycle state. Pure. */
export function statusOfState(state: OutgoingState): OutgoingStatus;
export function statusOfState(state: IncomingState): IncomingStatus;
export function statusOfState(state: LifecycleState): TransactionStatus;
export function statusOfState(state: LifecycleState): TransactionStatus {
  return state === 'PENDING_APPROVAL' ? 'PENDING' : state;
}
