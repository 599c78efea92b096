/**
 * An incoming payment's update: the next stored record built as an object literal of the
 * record's known keys, frozen. Not a spread of the stored record: V8 copies a frozen source
 * through its slow path and leaves the copy's properties out of object (docs/architecture.md,
 * "Stored records"). An optional key absent from the record and the update stays absent.
 */
import { deepFreeze, type Writable } from '../../core/freeze.js';
import type { IncomingRecord, IncomingStep, ReturnState, SweepRun } from './types.js';

/** What incoming events change: always `updatedAt`; the rest when given. */
export type IncomingUpdate = {
  readonly updatedAt: string;
  readonly remaining?: readonly IncomingStep[];
  /** A new due time; `null` removes it (nothing remains, or the payment halted). */
  readonly nextDueAtMs?: number | null;
  readonly haltedAt?: string;
  readonly sweep?: SweepRun;
  readonly returnState?: ReturnState;
};

/**
 * `record` with `update` written in, as a new frozen record. Pure: `record` is untouched; the
 * new nested values (`remaining`, `sweep`: the event's own objects) are frozen in place.
 */
export function updatedIncoming(record: IncomingRecord, update: IncomingUpdate): IncomingRecord {
  // The required keys in their declared order; the optional ones follow when present.
  const next: Writable<IncomingRecord> = {
    transactionId: record.transactionId,
    kind: record.kind,
    customerId: record.customerId,
    accountId: record.accountId,
    creditAccountId: record.creditAccountId,
    rail: record.rail,
    sendCurrency: record.sendCurrency,
    sendMinor: record.sendMinor,
    currency: record.currency,
    amountMinor: record.amountMinor,
    remaining: update.remaining === undefined ? record.remaining : deepFreeze(update.remaining),
    returnState: update.returnState ?? record.returnState,
    createdAt: record.createdAt,
    updatedAt: update.updatedAt,
  };
  if (record.ruleBasedAccountId !== undefined) next.ruleBasedAccountId = record.ruleBasedAccountId;
  const nextDueAtMs = update.nextDueAtMs === null ? undefined : (update.nextDueAtMs ?? record.nextDueAtMs);
  if (nextDueAtMs !== undefined) next.nextDueAtMs = nextDueAtMs;
  const haltedAt = update.haltedAt ?? record.haltedAt;
  if (haltedAt !== undefined) next.haltedAt = haltedAt;
  const sweep = update.sweep === undefined ? record.sweep : deepFreeze(update.sweep);
  if (sweep !== undefined) next.sweep = sweep;
  return Object.freeze(next);
}
