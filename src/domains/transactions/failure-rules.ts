/**
 * Which failureReason each move into FAILED carries: some events fix it (an expired SCA challenge
 * is always SCA_NOT_COMPLETED), some need the flow to name one from a list, and some leave it
 * optional. A flow that breaks these rules has a bug: deciders assert.
 */
import type { LifecycleEvent } from './lifecycles.js';
import { INCOMING_FAILURE_REASONS, type TransactionFailureReason } from './types.js';

/** The failureReason rule of one event. */
export type FailureRule =
  | { readonly kind: 'none' }
  | { readonly kind: 'fixed'; readonly reason: TransactionFailureReason }
  | { readonly kind: 'choose'; readonly required: boolean; readonly allowed: readonly TransactionFailureReason[] };

const APPROVAL_REASONS: readonly string[] = ['PAYMENT_APPROVAL_TIMED_OUT', 'PAYMENT_APPROVAL_WEBHOOK_ERROR'];

/** Failure reasons a failed incoming payment may name (the approval ones have their own events). */
const INCOMING_PAYMENT_FAILURES = INCOMING_FAILURE_REASONS.filter((reason) => !APPROVAL_REASONS.includes(reason));

/** The rules by event; events absent here never lead to FAILED with a reason. */
export const FAILURE_RULES: Readonly<Partial<Record<LifecycleEvent, FailureRule>>> = {
  SCA_EXPIRED: { kind: 'fixed', reason: 'SCA_NOT_COMPLETED' },
  PAYOUT_RETURNED: { kind: 'fixed', reason: 'PAYOUT_RETURNED' },
  PAYOUT_FAILED: {
    kind: 'choose',
    required: true,
    allowed: ['LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED', 'QUOTE_EXECUTION_FAILED'],
  },
  // The platform's approval is its compliance check of the payer; a rejection blocks the funds.
  APPROVAL_REJECTED: { kind: 'fixed', reason: 'COMPLIANCE_REJECTED' },
  APPROVAL_TIMED_OUT: { kind: 'fixed', reason: 'PAYMENT_APPROVAL_TIMED_OUT' },
  APPROVAL_WEBHOOK_FAILED: { kind: 'fixed', reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' },
  PAYMENT_FAILED: { kind: 'choose', required: true, allowed: INCOMING_PAYMENT_FAILURES },
  // The spec names no incoming reason for a return; the source railDetails (RETURNED) tells it.
  RETURNED: { kind: 'choose', required: false, allowed: INCOMING_PAYMENT_FAILURES },
  RETURN_CONTESTED: { kind: 'choose', required: false, allowed: INCOMING_PAYMENT_FAILURES },
};

/** The rule of `event` (none when it has no entry). Pure. */
export function failureRuleOf(event: LifecycleEvent): FailureRule {
  return FAILURE_RULES[event] ?? { kind: 'none' };
}
