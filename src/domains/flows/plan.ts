/**
 * The sandbox's outcome of an executed quote as a plan: the steps its money flow will take and
 * when, computed once at execution from the spec's suffix tables (src/sandbox/external-accounts.ts)
 * and the UMA test addresses, and stored with the quote. Each step is released by a timer
 * (`engine.advance(now)`); a step due at the execution instant is released by the next advance.
 * The delays the spec leaves open are decided here and in docs/quotes.md. Pure.
 */
import {
  type DestinationSuffixRow,
  type FundingSuffixRow,
  SANDBOX_FUNDING_FAILURE_DELAY_MS,
} from '../../sandbox/external-accounts.js';
import type { FlowStep } from '../quotes/types.js';
import type { OutgoingFailureReason, RefundReason } from '../transactions/types.js';

/** How long an ordinary sandbox payout or pull takes to settle on its rail ("success" rows): 5 s. */
export const SANDBOX_SETTLEMENT_DELAY_MS = 5_000;
/** How long after completing a returned payout (destination 005) the return arrives: 30 s. */
export const SANDBOX_PAYOUT_RETURN_DELAY_MS = 30_000;
/** How long a `$pending.long.*` UMA payment stays PROCESSING: 1 hour. */
export const SANDBOX_UMA_LONG_PENDING_MS = 60 * 60_000;

/** The step kinds (what a step does is `steps.ts`). */
export const FLOW_STEPS = {
  /** Payout: in transit → out (world, or the internal destination); the transaction COMPLETED. */
  settle: 'SETTLE',
  /** Payout: the transaction FAILED with `failureReason`; the money stays in transit until the refund. */
  fail: 'FAIL',
  /** Payout: the receiving bank returns a completed payout (world → transit); FAILED PAYOUT_RETURNED. */
  returned: 'RETURN',
  /** Payout: a refund starts (PENDING, `refundReason`). */
  refundStart: 'REFUND_START',
  /** Payout: the refund settles: the exact reverse legs back to the source; refund COMPLETED. */
  refundSettle: 'REFUND_SETTLE',
  /** Payout: the refund fails; the money stays in transit for operations to resolve. */
  refundFail: 'REFUND_FAIL',
  /** Pull or real-time funding: in transit → fees, liquidity, the destination; COMPLETED. */
  pullSettle: 'PULL_SETTLE',
  /** Pull: the source bank refuses before anything moved; FAILED COLLECTION_FAILED. */
  pullDecline: 'PULL_DECLINE',
  /** Pull: the collection fails after it started (transit → world); FAILED COLLECTION_FAILED. */
  pullFail: 'PULL_FAIL',
  /** Pull: the originating bank returns a completed pull; the credit is taken back; FAILED. */
  pullReturn: 'PULL_RETURN',
} as const;

/** One of `FLOW_STEPS`' values. */
export type FlowStepKind = (typeof FLOW_STEPS)[keyof typeof FLOW_STEPS];

/** A plan step with what it needs, as stored in the quote (JSON-safe). */
export type PlannedStep = FlowStep & {
  readonly step: FlowStepKind;
  readonly failureReason?: OutgoingFailureReason;
  readonly refundReason?: RefundReason;
};

function at(step: FlowStepKind, dueAtMs: number, extra: Partial<PlannedStep> = {}): PlannedStep {
  return { step, dueAtMs, ...extra };
}

/** A payout that fails at `dueAtMs` and is then refunded (`refundSettleAtMs`, default the same instant). */
function failedAndRefunded(
  dueAtMs: number,
  failureReason: OutgoingFailureReason,
  refundReason: RefundReason,
  refundSettleAtMs = dueAtMs,
): PlannedStep[] {
  return [
    at(FLOW_STEPS.fail, dueAtMs, { failureReason }),
    at(FLOW_STEPS.refundStart, dueAtMs, { refundReason }),
    at(FLOW_STEPS.refundSettle, refundSettleAtMs),
  ];
}

/**
 * The plan of a payout to an external account, by its destination suffix row (spec: "When the
 * account is the destination of a quote"). Pure.
 */
export function externalPayoutPlan(row: DestinationSuffixRow, executedAtMs: number): PlannedStep[] {
  const settleAtMs = executedAtMs + SANDBOX_SETTLEMENT_DELAY_MS;
  switch (row.behaviour) {
    case 'SUCCESS':
      return [at(FLOW_STEPS.settle, settleAtMs)];
    case 'COMPLETES_AFTER_DELAY':
      return [at(FLOW_STEPS.settle, executedAtMs + (row.delayMs ?? 0))];
    case 'QUOTE_EXECUTION_FAILED':
      // Execution itself fails: due at once, and the debited amount is refunded at once.
      return failedAndRefunded(executedAtMs, 'QUOTE_EXECUTION_FAILED', 'TRANSACTION_FAILED');
    case 'COUNTERPARTY_DELIVERY_FAILED':
      // The rail carried it; the counterparty could not deliver (spec: covered by QUOTE_EXECUTION_FAILED).
      return failedAndRefunded(settleAtMs, 'QUOTE_EXECUTION_FAILED', 'TRANSACTION_FAILED');
    case 'COMPLETES_THEN_RETURNED': {
      const returnAtMs = settleAtMs + SANDBOX_PAYOUT_RETURN_DELAY_MS;
      return [
        at(FLOW_STEPS.settle, settleAtMs),
        at(FLOW_STEPS.returned, returnAtMs),
        at(FLOW_STEPS.refundStart, returnAtMs, { refundReason: 'TRANSACTION_FAILED' }),
        at(FLOW_STEPS.refundSettle, returnAtMs),
      ];
    }
    case 'USER_CANCELLATION':
      // Cancelled before the rail took it: fails and is refunded at once.
      return failedAndRefunded(executedAtMs, 'QUOTE_EXECUTION_FAILED', 'USER_CANCELLATION');
    case 'PAYOUT_AND_REFUND_FAILED':
      return [
        at(FLOW_STEPS.fail, settleAtMs, { failureReason: 'QUOTE_EXECUTION_FAILED' }),
        at(FLOW_STEPS.refundStart, settleAtMs, { refundReason: 'TRANSACTION_FAILED' }),
        at(FLOW_STEPS.refundFail, settleAtMs),
      ];
    case 'USER_CANCELLATION_WHILE_PROCESSING':
      // Cancelled while the rail had it; the refund lands about a minute after execution.
      return failedAndRefunded(settleAtMs, 'QUOTE_EXECUTION_FAILED', 'USER_CANCELLATION', executedAtMs + (row.delayMs ?? 0));
  }
}

/** The plan of a payout to another internal account: a book transfer, settled at once. Pure. */
export function internalPayoutPlan(executedAtMs: number): PlannedStep[] {
  return [at(FLOW_STEPS.settle, executedAtMs)];
}

/** The UMA test addresses' behaviours (spec: UMA test addresses), read from the user part. */
export type UmaBehaviour = 'SUCCESS' | 'LONG_PENDING' | 'COMPLIANCE_FAILURE';

/** How a send to `umaAddress` behaves in the sandbox: `$fail.compliance.*`, `$pending.long.*`, else success. Pure. */
export function umaBehaviourOf(umaAddress: string): UmaBehaviour {
  const user = umaAddress.slice(1, umaAddress.indexOf('@')).toLowerCase();
  if (user.startsWith('fail.compliance.')) return 'COMPLIANCE_FAILURE';
  if (user.startsWith('pending.long.')) return 'LONG_PENDING';
  return 'SUCCESS';
}

/** The plan of a payout to a UMA address. Pure. */
export function umaPayoutPlan(umaAddress: string, executedAtMs: number): PlannedStep[] {
  const settleAtMs = executedAtMs + SANDBOX_SETTLEMENT_DELAY_MS;
  switch (umaBehaviourOf(umaAddress)) {
    case 'SUCCESS':
      return [at(FLOW_STEPS.settle, settleAtMs)];
    case 'LONG_PENDING':
      return [at(FLOW_STEPS.settle, executedAtMs + SANDBOX_UMA_LONG_PENDING_MS)];
    case 'COMPLIANCE_FAILURE':
      return failedAndRefunded(settleAtMs, 'COMPLIANCE_REJECTED', 'TRANSACTION_FAILED');
  }
}

/**
 * The plan of a pull from an external account, by its funding suffix row (spec: "When the account
 * funds an incoming transfer") and whether its suffix is the source-return 009. Pure.
 */
export function pullPlan(row: FundingSuffixRow, returnAfterMs: number | undefined, executedAtMs: number): PlannedStep[] {
  const settleAtMs = executedAtMs + SANDBOX_SETTLEMENT_DELAY_MS;
  switch (row.behaviour) {
    case 'INSUFFICIENT_FUNDS':
    case 'ACCOUNT_CLOSED_OR_INVALID':
      return [at(FLOW_STEPS.pullDecline, executedAtMs)];
    case 'BANK_REJECTED':
      return [at(FLOW_STEPS.pullFail, settleAtMs)];
    case 'PENDING_THEN_FAILS':
      return [at(FLOW_STEPS.pullFail, executedAtMs + (row.failsAfterMs ?? SANDBOX_FUNDING_FAILURE_DELAY_MS))];
    case 'SUCCESS':
      return returnAfterMs === undefined
        ? [at(FLOW_STEPS.pullSettle, settleAtMs)]
        : [at(FLOW_STEPS.pullSettle, settleAtMs), at(FLOW_STEPS.pullReturn, settleAtMs + returnAfterMs)];
  }
}

/** True when a pull plan moves money at execution (world → transit); a declined pull moves none. Pure. */
export function pullStartsInTransit(steps: readonly PlannedStep[]): boolean {
  return steps[0]?.step !== FLOW_STEPS.pullDecline;
}

/** The plan of a real-time funded quote once the funds arrive: it settles at once. Pure. */
export function realtimeFundingPlan(fundedAtMs: number): PlannedStep[] {
  return [at(FLOW_STEPS.pullSettle, fundedAtMs)];
}
