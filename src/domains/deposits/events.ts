/**
 * Events of incoming payments. Data is JSON-safe (amounts are decimal strings, no undefined),
 * version 1. Money moves in `transfers` (applied by the engine before the evolver runs); the
 * transaction's own status changes are the transactions domain's events, written right after
 * these. Also the timer that releases each payment's next step.
 */
import type { TransferRecord } from '../movement.js';
import type { ReturnEvent } from './return-lifecycle.js';
import type { ApprovalSetting, IncomingRecord, IncomingStep, IncomingStepKind, ReturnState, SweepRun } from './types.js';

/** A new incoming payment (its transaction is created beside it), with any money that moved at once. */
export type IncomingPaymentStarted = { readonly record: IncomingRecord; readonly transfers?: readonly TransferRecord[] };

/** A step happened: what it moved, what remains and when the next is due. */
export type IncomingPaymentStepped = {
  readonly transactionId: string;
  readonly step: IncomingStepKind;
  readonly at: string;
  readonly remaining: readonly IncomingStep[];
  readonly nextDueAtMs?: number;
  /** SWEEP only: the quote and payout it made. */
  readonly sweep?: SweepRun;
  readonly transfers?: readonly TransferRecord[];
};

/** A step could not happen yet (approval pending, the sweep's payout still travelling); it is due again later. */
export type IncomingPaymentDeferred = {
  readonly transactionId: string;
  readonly step: IncomingStepKind;
  readonly at: string;
  readonly nextDueAtMs: number;
  readonly reason: string;
};

/** A step can never happen (the transaction moved on by other means); the payment's steps stop. */
export type IncomingPaymentHalted = { readonly transactionId: string; readonly step: IncomingStepKind; readonly at: string; readonly reason: string };

/** A rail return, its dishonor or its contest arrived: `event` moved the return from `from` to `to`. */
export type IncomingReturnRecorded = {
  readonly transactionId: string;
  readonly event: ReturnEvent;
  readonly from: ReturnState;
  readonly to: ReturnState;
  readonly at: string;
  readonly transfers?: readonly TransferRecord[];
};

/** The platform said whether incoming UMA payments wait for its approval. */
export type IncomingApprovalConfigured = { readonly approval: ApprovalSetting; readonly at: string };

/** Event type names of this domain. */
export const INCOMING_EVENTS = {
  started: 'IncomingPaymentStarted',
  stepped: 'IncomingPaymentStepped',
  deferred: 'IncomingPaymentDeferred',
  halted: 'IncomingPaymentHalted',
  returnRecorded: 'IncomingReturnRecorded',
  approvalConfigured: 'IncomingApprovalConfigured',
} as const;

/** The timer kind that releases an incoming payment's next step. */
export const INCOMING_STEP_TIMER_KIND = 'incoming.step';

/**
 * The id of a payment's step timer (one at a time). Timers due at one instant fire in id order;
 * `tx-incoming:` sorts after `quote-flow:` and `transaction.approval-timeout:`, so a sweep waiting
 * on its payout sees the payout's step of that instant, and a payment waiting for approval sees a
 * timeout of that instant.
 */
export function incomingStepTimerId(transactionId: string): string {
  return `tx-incoming:${transactionId}`;
}
