/**
 * Pure record updates used by the evolvers (and by deciders, to check the record they would
 * leave): a new frozen record from an old one and an event's changes. The record is built key by
 * known key (`RecordWriter`), not spread from the stored one: V8 copies a frozen source through
 * its slow path and leaves the copy's properties out of object (docs/architecture.md, "Stored
 * records"; docs/performance.md, "Record updates (stop 19)", "Transaction replay (stop 20)").
 * The event's own objects become the record's, frozen in place, never copied; the old record's
 * frozen parts are shared. An optional key absent from the record and the changes stays absent.
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { ClearableField, RecordChanges } from './events.js';
import { neverCancellable } from './lifecycles.js';
import type { Refund, Transaction, TransactionDestination, TransactionSource, TransactionStatus } from './types.js';

/** What an evolver writes beside an event's changes: always `updatedAt`; the rest when given. */
type Stamp = {
  readonly updatedAt: string;
  readonly status?: TransactionStatus | undefined;
  readonly source?: TransactionSource | undefined;
  readonly destination?: TransactionDestination | undefined;
  readonly refund?: Refund;
  readonly receiptDeliveryConfirmedAt?: string;
};

/** A record being built: every field writable, its values checked by the callers' types. */
type Writable = { -readonly [K in keyof Transaction]?: unknown };

const NO_CHANGES: RecordChanges = Object.freeze({});
const NOTHING_CLEARED: readonly ClearableField[] = Object.freeze([]);

/** The changed value (the event's own, frozen in place) when there is one, else the old one. */
function changed<T>(change: T | undefined, old: T | undefined): T | undefined {
  return change === undefined ? old : deepFreeze(change);
}

/** A clearable field: the change, else nothing when cleared, else the old value. */
function clearable<T>(change: T | undefined, old: T | undefined, field: ClearableField, cleared: readonly ClearableField[]): T | undefined {
  if (change !== undefined) return deepFreeze(change);
  return cleared.length > 0 && cleared.includes(field) ? undefined : old;
}

/**
 * Writes `tx` with `changes` and `stamp` in and `cleared` removed (a change wins over a
 * clearing, as it always did) into the new object `this`; `rebuilt` calls it with `new`. Rail
 * details in `changes` are ignored here (they go into `stamp.source` / `stamp.destination`).
 *
 * Why a constructor: V8 sizes an object built by `new` from the `this.key =` stores in its body
 * (then trims the spare slots once the first objects are made), so every key of the record is
 * held in the object itself; an object literal of the ten required keys kept the optional ones
 * in a separate property array, allocated and grown as they were added. Its prototype is
 * `Object.prototype`, so the record is a plain object to everyone (JSON, deep equality,
 * `structuredClone`): docs/performance.md, "Transaction replay (stop 20)".
 */
function RecordWriter(this: Writable, tx: Transaction, changes: RecordChanges, cleared: readonly ClearableField[], stamp: Stamp): void {
  // The required keys in the order deciders write them; the optional ones follow when present.
  this.id = tx.id;
  const status = stamp.status ?? tx.status;
  this.status = status;
  this.type = tx.type;
  this.direction = tx.direction;
  this.source = stamp.source ?? tx.source;
  this.destination = stamp.destination ?? tx.destination;
  this.customerId = tx.customerId;
  this.platformCustomerId = tx.platformCustomerId;
  this.createdAt = tx.createdAt;
  this.updatedAt = stamp.updatedAt;
  if (tx.ruleBasedAccountId !== undefined) this.ruleBasedAccountId = tx.ruleBasedAccountId;
  const settledAt = changed(changes.settledAt, tx.settledAt);
  if (settledAt !== undefined) this.settledAt = settledAt;
  const confirmedAt = stamp.receiptDeliveryConfirmedAt ?? tx.receiptDeliveryConfirmedAt;
  if (confirmedAt !== undefined) this.receiptDeliveryConfirmedAt = confirmedAt;
  if (tx.agentId !== undefined) this.agentId = tx.agentId;
  if (tx.description !== undefined) this.description = tx.description;
  const sentAmount = changed(changes.sentAmount, tx.sentAmount);
  if (sentAmount !== undefined) this.sentAmount = sentAmount;
  const receivedAmount = changed(changes.receivedAmount, tx.receivedAmount);
  if (receivedAmount !== undefined) this.receivedAmount = receivedAmount;
  const exchangeRate = changed(changes.exchangeRate, tx.exchangeRate);
  if (exchangeRate !== undefined) this.exchangeRate = exchangeRate;
  const feesMinor = changed(changes.feesMinor, tx.feesMinor);
  if (feesMinor !== undefined) this.feesMinor = feesMinor;
  const quoteId = changed(changes.quoteId, tx.quoteId);
  if (quoteId !== undefined) this.quoteId = quoteId;
  const refund = stamp.refund === undefined ? tx.refund : deepFreeze(stamp.refund);
  if (refund !== undefined) this.refund = refund;
  const counterpartyInformation = changed(changes.counterpartyInformation, tx.counterpartyInformation);
  if (counterpartyInformation !== undefined) this.counterpartyInformation = counterpartyInformation;
  const pendingReason = clearable(changes.pendingReason, tx.pendingReason, 'pendingReason', cleared);
  if (pendingReason !== undefined) this.pendingReason = pendingReason;
  const pendingApproval = clearable(changes.pendingApproval, tx.pendingApproval, 'pendingApproval', cleared);
  if (pendingApproval !== undefined) this.pendingApproval = pendingApproval;
  const approval = changed(changes.approval, tx.approval);
  if (approval !== undefined) this.approval = approval;
  const returnDishonoredAt = changed(changes.returnDishonoredAt, tx.returnDishonoredAt);
  if (returnDishonoredAt !== undefined) this.returnDishonoredAt = returnDishonoredAt;
  // Only a cancellation reads them: a payment that can never be cancelled again drops them
  // (docs/performance.md, "Dead fields leave settled records (stop 31)"; the log keeps them).
  const fundingTransferIds = changed(changes.fundingTransferIds, tx.fundingTransferIds);
  if (fundingTransferIds !== undefined && !neverCancellable(tx.type, status)) this.fundingTransferIds = fundingTransferIds;
  const failureReason = clearable(changes.failureReason, tx.failureReason, 'failureReason', cleared);
  if (failureReason !== undefined) this.failureReason = failureReason;
}
// Objects made by `new RecordWriter` inherit from Object.prototype, as a literal does.
RecordWriter.prototype = Object.prototype;

const NewRecord = RecordWriter as unknown as new (
  tx: Transaction,
  changes: RecordChanges,
  cleared: readonly ClearableField[],
  stamp: Stamp,
) => Writable;

/** `tx` with `changes` and `stamp` written in and `cleared` removed, as a new frozen record. Pure: `tx` is untouched. */
function rebuilt(tx: Transaction, changes: RecordChanges, cleared: readonly ClearableField[], stamp: Stamp): Transaction {
  return Object.freeze(new NewRecord(tx, changes, cleared, stamp)) as Transaction;
}

/**
 * `tx` with `cleared` fields removed, `changes` applied (rail details into their side), `status`
 * set when given and `updatedAt` stamped. Pure: `tx` is untouched; the result is frozen.
 */
export function applyChanges(
  tx: Transaction,
  changes: RecordChanges,
  cleared: readonly ClearableField[],
  updatedAt: string,
  status?: TransactionStatus,
): Transaction {
  let source: TransactionSource | undefined;
  let destination: TransactionDestination | undefined;
  if (changes.sourceRailDetails !== undefined) {
    assert(tx.source.sourceType !== 'UMA_ADDRESS', `${tx.id}: a UMA_ADDRESS source has no railDetails`);
    source = Object.freeze({ ...tx.source, railDetails: deepFreeze(changes.sourceRailDetails) });
  }
  if (changes.destinationRailDetails !== undefined) {
    assert(tx.destination.destinationType === 'ACCOUNT', `${tx.id}: only an ACCOUNT destination has railDetails`);
    destination = Object.freeze({ ...tx.destination, railDetails: deepFreeze(changes.destinationRailDetails) });
  }
  return rebuilt(tx, changes, cleared, { updatedAt, status, source, destination });
}

/** `tx` with its refund replaced and `updatedAt` stamped. Pure. */
export function withRefund(tx: Transaction, refund: Refund, updatedAt: string): Transaction {
  return rebuilt(tx, NO_CHANGES, NOTHING_CLEARED, { refund, updatedAt });
}

/** `tx` with `receiptDeliveryConfirmedAt` set and `updatedAt` at the instant it was recorded. Pure. */
export function withReceiptConfirmed(tx: Transaction, confirmedAt: string, recordedAt: string): Transaction {
  return rebuilt(tx, NO_CHANGES, NOTHING_CLEARED, { receiptDeliveryConfirmedAt: confirmedAt, updatedAt: recordedAt });
}
