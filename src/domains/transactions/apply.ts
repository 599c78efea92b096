/**
 * Pure record updates used by the evolvers: a new frozen record from an old one and an event's
 * changes, through immer `produce` on a local auto-freezing instance (never the global setters).
 */
import { Immer } from 'immer';
import { assert } from '../../core/assert.js';
import type { ClearableField, RecordChanges } from './events.js';
import type { Refund, Transaction, TransactionStatus } from './types.js';

// A private instance: auto-freeze is set here, never globally (STYLE.md: no hidden global defaults).
const immer = new Immer({ autoFreeze: true });

/** A record as immer's draft sees it: every field writable. */
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
  // A copy, so freezing never reaches into the event's own objects.
  const { sourceRailDetails, destinationRailDetails, ...fields } = structuredClone(changes);
  return immer.produce(tx, (draft) => {
    const record = draft as unknown as Writable;
    for (const field of cleared) delete record[field];
    Object.assign(record, fields);
    if (sourceRailDetails !== undefined) {
      assert(record.source.sourceType !== 'UMA_ADDRESS', `${tx.id}: a UMA_ADDRESS source has no railDetails`);
      record.source.railDetails = sourceRailDetails;
    }
    if (destinationRailDetails !== undefined) {
      assert(record.destination.destinationType === 'ACCOUNT', `${tx.id}: only an ACCOUNT destination has railDetails`);
      record.destination.railDetails = destinationRailDetails;
    }
    if (status !== undefined) record.status = status;
    record.updatedAt = updatedAt;
  });
}

/** `tx` with its refund replaced and `updatedAt` stamped. Pure. */
export function withRefund(tx: Transaction, refund: Refund, updatedAt: string): Transaction {
  const copy = structuredClone(refund);
  return immer.produce(tx, (draft) => {
    const record = draft as unknown as Writable;
    record.refund = copy;
    record.updatedAt = updatedAt;
  });
}

/** `tx` with `receiptDeliveryConfirmedAt` set (and `updatedAt`). Pure. */
export function withReceiptConfirmed(tx: Transaction, confirmedAt: string): Transaction {
  return immer.produce(tx, (draft) => {
    const record = draft as unknown as Writable;
    record.receiptDeliveryConfirmedAt = confirmedAt;
    record.updatedAt = confirmedAt;
  });
}
