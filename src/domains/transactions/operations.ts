/**
 * Operations a platform performs on an existing transaction without a quote: approve or reject an
 * incoming payment pending its approval, cancel a bank transfer before settlement, and confirm
 * that the receipt reached the customer. Each is a decider over the lifecycle table.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { checkTransfers } from '../movement.js';
import type { DomainState } from '../state.js';
import { planTransition, transactionNotFound } from './decide.js';
import { TRANSACTION_EVENTS, type TransactionReceiptConfirmed, type TransactionTransitioned } from './events.js';
import { lifecycleStateOf } from './lifecycles.js';
import { refundInitiatedDraft, refundTransitionedDraft } from './refund.js';
import { reversalTransfers } from './reversal.js';

/**
 * Pure: approves an incoming payment pending platform approval (it goes back to PENDING, awaiting
 * its funds), or why not: 404 TRANSACTION_NOT_FOUND; 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL
 * when it is not pending approval or its window has closed; 400 MISSING_MANDATORY_USER_INFO when a
 * field the approval webhook asked for is missing from `receiverCustomerInfo`.
 */
export function decideApprove(
  state: DomainState,
  transactionId: string,
  body: { readonly receiverCustomerInfo?: Readonly<Record<string, unknown>> },
  options: { readonly at: string },
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  const planned = planTransition(state, tx, 'APPROVED', {}, {
    at: options.at,
    ...(body.receiverCustomerInfo === undefined ? {} : { approvalDecision: { receiverCustomerInfo: body.receiverCustomerInfo } }),
  });
  if (!planned.ok) return planned;
  const requested = tx.pendingApproval?.requestedReceiverCustomerInfoFields ?? [];
  const missing = requested.filter((field) => {
    const value = body.receiverCustomerInfo?.[field];
    return value === undefined || value === null || value === '';
  });
  if (missing.length > 0) {
    return err(
      apiError('MISSING_MANDATORY_USER_INFO', 'receiverCustomerInfo lacks fields the approval request asked for', {
        errors: missing.map((field) => ({ field: `receiverCustomerInfo.${field}`, message: `${field} is required by this approval` })),
      }),
    );
  }
  return ok([{ type: TRANSACTION_EVENTS.transitioned, data: planned.value }]);
}

/**
 * Pure: rejects an incoming payment pending platform approval: it FAILS with COMPLIANCE_REJECTED
 * (the approval is the platform's check of the payer) and the optional `reason` is kept in the log
 * and record. Errors as `decideApprove`, without the 400.
 */
export function decideReject(
  state: DomainState,
  transactionId: string,
  body: { readonly reason?: string },
  options: { readonly at: string },
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  const planned = planTransition(state, tx, 'APPROVAL_REJECTED', {}, {
    at: options.at,
    ...(body.reason === undefined ? {} : { approvalDecision: { rejectionReason: body.reason } }),
  });
  if (!planned.ok) return planned;
  return ok([{ type: TRANSACTION_EVENTS.transitioned, data: planned.value }]);
}

/**
 * Pure: cancels a bank transfer still pending before settlement (ACH, ACH_SAME_DAY or WIRE
 * railDetails with status PENDING, payment PENDING or PROCESSING): the payment FAILS, its rail
 * transfer shows FAILED, and its funding transfers are reversed: for a payout as a refund to the
 * source (reason USER_CANCELLATION, PENDING then COMPLETED at once), for a payment in within the
 * same event. Errors: 404 TRANSACTION_NOT_FOUND; 409 TRANSACTION_NOT_CANCELLABLE.
 */
export function decideCancel(
  state: DomainState,
  transactionId: string,
  options: { readonly at: string; readonly newId: (type: string) => string; readonly reason?: string },
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  // Refusals first, so a transaction that cannot be cancelled never has its funding read.
  const withoutMoney = planTransition(state, tx, 'CANCELLED', {}, { at: options.at });
  if (!withoutMoney.ok) return withoutMoney;
  const reversal = reversalTransfers(state.ledger, tx.fundingTransferIds ?? [], tx.id, options.newId);
  const asRefund = tx.type === 'OUTGOING' && reversal.length > 0;
  const planned = asRefund ? withoutMoney : planTransition(state, tx, 'CANCELLED', {}, { at: options.at, transfers: reversal });
  if (!planned.ok) return planned;
  // The platform's reason is kept in the log for audit; the reference's Transaction has no field for it.
  const data: TransactionTransitioned = options.reason === undefined ? planned.value : { ...planned.value, reason: options.reason };
  const transitioned: EventDraft = { type: TRANSACTION_EVENTS.transitioned, data };
  if (!asRefund) return ok([transitioned]);
  const checked = checkTransfers(state.ledger, reversal, instantToMs(options.at));
  if (!checked.ok) return checked;
  return ok([
    transitioned,
    refundInitiatedDraft(tx.id, 'USER_CANCELLATION', { at: options.at }),
    refundTransitionedDraft(tx.id, 'REFUND_SETTLED', 'PENDING', { at: options.at, transfers: reversal }),
  ]);
}

/** Lifecycle states in which there is no payment to give a receipt for. */
const NO_RECEIPT_STATES: readonly string[] = ['CREATED', 'EXPIRED'];

/**
 * Pure: records that the platform delivered the receipt to its customer (`receiptDeliveryConfirmedAt`
 * = `deliveredAt` when the platform says when, else `at`). The first confirmation is kept: a repeat
 * writes nothing and answers the same record. Errors: 404 TRANSACTION_NOT_FOUND; 409
 * INVALID_STATE_TRANSITION for a transaction that never became a payment (CREATED, EXPIRED); 400
 * INVALID_INPUT for a delivery before the transaction was created. The caller checks that
 * `deliveredAt` (a UTC instant as `formatInstant` writes it) is not later than `at`.
 */
export function decideConfirmReceipt(
  state: DomainState,
  transactionId: string,
  options: { readonly at: string; readonly deliveredAt?: string },
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  if (tx.receiptDeliveryConfirmedAt !== undefined) return ok([]);
  if (NO_RECEIPT_STATES.includes(lifecycleStateOf(tx))) {
    return err(apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} is ${tx.status}: there is no payment to confirm a receipt for`, { transactionId: tx.id }));
  }
  const { deliveredAt } = options;
  if (deliveredAt === undefined) return ok([{ type: TRANSACTION_EVENTS.receiptConfirmed, data: { transactionId: tx.id, confirmedAt: options.at } satisfies TransactionReceiptConfirmed }]);
  if (instantToMs(deliveredAt) < instantToMs(tx.createdAt)) {
    return err(invalidInput([{ field: 'receiptDeliveryConfirmedAt', message: `receiptDeliveryConfirmedAt must not be before the transaction was created (${tx.createdAt})` }]));
  }
  const data: TransactionReceiptConfirmed = { transactionId: tx.id, confirmedAt: deliveredAt, recordedAt: options.at };
  return ok([{ type: TRANSACTION_EVENTS.receiptConfirmed, data }]);
}
