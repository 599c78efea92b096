/**
 * What must hold of every transaction record, checked on two paths: by deciders before they emit
 * and by evolvers after they apply (a corrupt log fails loudly on replay). Returns the problems
 * as text; an empty list means the record is sound.
 */
import { isCurrencyCode } from '../../core/currency.js';
import { parseMinor } from '../../core/money.js';
import { instantToMs } from '../../core/time.js';
import { railDetailsProblems } from './rails.js';
import {
  type AmountRecord,
  INCOMING_FAILURE_REASONS,
  OUTGOING_FAILURE_REASONS,
  PENDING_REASONS,
  REFUND_REASONS,
  REFUND_STATUSES,
  type Transaction,
  TRANSACTION_DIRECTIONS,
} from './types.js';
import { INCOMING_STATES, OUTGOING_STATES } from './lifecycles.js';

/** Wire statuses in which a pendingReason may explain a delay. */
export const PENDING_REASON_STATUSES: readonly string[] = ['PENDING', 'PROCESSING'];

const DECIMAL_RATE = /^(0|[1-9]\d*)(\.\d+)?$/;
const OUTGOING_STATUSES: readonly string[] = OUTGOING_STATES;
// PENDING_APPROVAL is a lifecycle state whose wire status is PENDING.
const INCOMING_STATUSES: readonly string[] = INCOMING_STATES.filter((state) => state !== 'PENDING_APPROVAL');

function amountProblems(name: string, amount: AmountRecord | undefined): string[] {
  if (amount === undefined) return [];
  const minor = parseMinor(amount.amountMinor);
  const problems: string[] = [];
  if (minor === undefined || minor < 0n) problems.push(`${name}.amountMinor must be a non-negative integer string`);
  if (!isCurrencyCode(amount.currency)) problems.push(`${name}.currency ${String(amount.currency)} is unknown`);
  return problems;
}

/** Every broken rule of `tx`; empty when it is sound. Pure. */
export function transactionProblems(tx: Transaction): string[] {
  const problems: string[] = [];
  if (!tx.id.startsWith('Transaction:')) problems.push(`id ${tx.id} is not a Transaction id`);
  const statuses: readonly string[] = tx.type === 'OUTGOING' ? OUTGOING_STATUSES : INCOMING_STATUSES;
  if (tx.type !== 'OUTGOING' && tx.type !== 'INCOMING') problems.push(`type ${String((tx as { type: unknown }).type)} is not INCOMING or OUTGOING`);
  else if (!statuses.includes(tx.status)) problems.push(`status ${tx.status} is not an ${tx.type} status`);
  if (!(TRANSACTION_DIRECTIONS as readonly string[]).includes(tx.direction)) problems.push(`direction ${String(tx.direction)} is unknown`);
  if (tx.failureReason !== undefined) {
    if (tx.status !== 'FAILED') problems.push(`failureReason on a ${tx.status} transaction`);
    const reasons: readonly string[] = tx.type === 'OUTGOING' ? OUTGOING_FAILURE_REASONS : INCOMING_FAILURE_REASONS;
    if (!reasons.includes(tx.failureReason)) problems.push(`failureReason ${tx.failureReason} is not an ${tx.type} reason`);
  }
  if (tx.pendingReason !== undefined) {
    if (!PENDING_REASON_STATUSES.includes(tx.status)) problems.push(`pendingReason on a ${tx.status} transaction`);
    if (!(PENDING_REASONS as readonly string[]).includes(tx.pendingReason)) problems.push(`pendingReason ${tx.pendingReason} is unknown`);
  }
  if (tx.pendingApproval !== undefined) {
    if (tx.type !== 'INCOMING' || tx.status !== 'PENDING') problems.push(`pendingApproval on a ${tx.type} ${tx.status} transaction`);
    if (instantToMs(tx.pendingApproval.expiresAt) <= instantToMs(tx.pendingApproval.requestedAt)) {
      problems.push('pendingApproval expires before it was requested');
    }
  }
  if (tx.refund !== undefined) {
    if (!(REFUND_STATUSES as readonly string[]).includes(tx.refund.status)) problems.push(`refund status ${tx.refund.status} is unknown`);
    if (tx.refund.reason !== undefined && !(REFUND_REASONS as readonly string[]).includes(tx.refund.reason)) {
      problems.push(`refund reason ${tx.refund.reason} is unknown`);
    }
    if ((tx.refund.settledAt !== undefined) !== (tx.refund.status === 'COMPLETED')) problems.push('refund settledAt only and always when COMPLETED');
  }
  const sourceRail = 'railDetails' in tx.source ? tx.source.railDetails : undefined;
  const destinationRail = 'railDetails' in tx.destination ? tx.destination.railDetails : undefined;
  if (sourceRail !== undefined) problems.push(...railDetailsProblems(sourceRail).map((p) => `source: ${p}`));
  if (destinationRail !== undefined) problems.push(...railDetailsProblems(destinationRail).map((p) => `destination: ${p}`));
  problems.push(...amountProblems('sentAmount', tx.sentAmount), ...amountProblems('receivedAmount', tx.receivedAmount));
  if (tx.feesMinor !== undefined && !((parseMinor(tx.feesMinor) ?? -1n) >= 0n)) problems.push('feesMinor must be a non-negative integer string');
  if (tx.exchangeRate !== undefined && (!DECIMAL_RATE.test(tx.exchangeRate) || Number(tx.exchangeRate) <= 0)) {
    problems.push(`exchangeRate ${tx.exchangeRate} must be a positive decimal string`);
  }
  if (instantToMs(tx.updatedAt) < instantToMs(tx.createdAt)) problems.push('updatedAt before createdAt');
  return problems;
}
