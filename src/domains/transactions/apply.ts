/**
 * Pure record updates used by the evolvers: a new frozen record from an old one and an event's
 * changes, as a shallow copy with the changes written in (the same key order immer's `produce`
 * gave), frozen in place by `deepFreeze`: the event's own objects are frozen, never copied
 * (docs/architecture.md, "Stored records"), and the old record's frozen parts are shared.
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { ClearableField, RecordChanges } from './events.js';
import type { Refund, Transaction, TransactionStatus } from './types.js';

/** A record being built: every field writable. */
type Writable = { -readonly [K in keyof Transaction]?: unknown } & {
  source: { railDetails?: unknown; sourceType: string };
  destination: { railDetails?: unknown; destinationType: string };
};

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
  const { sourceRailDetails, destinationRailDetails, ...fields } = changes;
  const record = { ...tx } as unknown as Writable;
  for (const field of cleared) delete record[field];
  Object.assign(record, fields);
  if (sourceRailDetails !== undefined) {
    assert(record.source.sourceType !== 'UMA_ADDRESS', `${tx.id}: a UMA_ADDRESS source has no railDetails`);
    record.source = { ...record.source, railDetails: sourceRailDetails };
  }
  if (destinationRailDetails !== undefined) {
    assert(record.destination.destinationType === 'ACCOUNT', `${tx.id}: only an ACCOUNT destination has railDetails`);
    record.destination = { ...record.destination, railDetails: destinationRailDetails };
  }
  if (status !== undefined) record.status = status;
  record.updatedAt = updatedAt;
  return deepFreeze(record) as unknown as Transaction;
}

/** `tx` with its refund replaced and `updatedAt` stamped. Pure. */
export function withRefund(tx: Transaction, refund: Refund, updatedAt: string): Transaction {
  return deepFreeze({ ...tx, refund, updatedAt });
}

/** `tx` with `receiptDeliveryConfirmedAt` set and `updatedAt` at the instant it was recorded. Pure. */
export function withReceiptConfirmed(tx: Transaction, confirmedAt: string, recordedAt: string): Transaction {
  return deepFreeze({ ...tx, receiptDeliveryConfirmedAt: confirmedAt, updatedAt: recordedAt });
}
