/**
 * The one way events move money: an event whose `data.transfers` lists ledger transfers. Evolve
 * applies them as one linked batch at the event's time, so every flow moves money the same way
 * and an auditor can see each movement in the log itself.
 */
import { assert } from '../core/assert.js';
import type { CurrencyCode } from '../core/currency.js';
import { bigintFromDigits } from '../core/money.js';
import type { Ledger, TransferSpec } from '../ledger/index.js';

/** A ledger transfer as stored in an event: JSON-safe, amount as a decimal string. */
export type TransferRecord =
  | {
      readonly id: string;
      readonly debitAccountId: string;
      readonly creditAccountId: string;
      readonly amountMinor: string;
      readonly transactionId?: string;
      readonly pending?: boolean;
      readonly timeoutAtMs?: number;
    }
  | {
      readonly id: string;
      readonly pendingId: string;
      readonly action: 'post' | 'void';
      readonly amountMinor?: string;
      readonly transactionId?: string;
    };

/** The ledger account that stands for the world outside the service, one per currency. */
export function worldAccountId(currency: CurrencyCode): string {
  return `world:${currency}`;
}

/** Converts stored transfers to ledger specs at an instant. Pure. */
export function toTransferSpecs(records: readonly TransferRecord[], atMs: number): TransferSpec[] {
  return records.map((r): TransferSpec => {
    if ('pendingId' in r) {
      const base = { id: r.id, pendingId: r.pendingId, action: r.action, atMs };
      return {
        ...base,
        ...(r.amountMinor === undefined ? {} : { amountMinor: bigintFromDigits(r.amountMinor) }),
        ...(r.transactionId === undefined ? {} : { transactionId: r.transactionId }),
      };
    }
    return {
      id: r.id,
      debitAccountId: r.debitAccountId,
      creditAccountId: r.creditAccountId,
      amountMinor: bigintFromDigits(r.amountMinor),
      atMs,
      ...(r.transactionId === undefined ? {} : { transactionId: r.transactionId }),
      ...(r.pending === undefined ? {} : { pending: r.pending }),
      ...(r.timeoutAtMs === undefined ? {} : { timeoutAtMs: r.timeoutAtMs }),
    };
  });
}

/**
 * Applies an event's transfers. Deciders check with `ledger` before they emit, so a rejection
 * here is a bug: it throws rather than leave the event half-applied.
 */
export function applyTransfers(ledger: Ledger, records: readonly TransferRecord[], atMs: number): void {
  const only = records.length === 1 ? (records[0] as PostedRecord) : undefined;
  // The replay hot path: one posted transfer, applied without building a batch. The spec always
  // has the same six fields, so the ledger's property loads stay monomorphic. A fresh spec, not
  // one reused: storing young strings into a long-lived object costs a write barrier each, and
  // measured ~3% slower than allocating (npm run bench:ab).
  const result =
    only !== undefined && only.pendingId === undefined && only.pending !== true
      ? ledger.applyPostedTransfer({
          id: only.id,
          debitAccountId: only.debitAccountId,
          creditAccountId: only.creditAccountId,
          amountMinor: bigintFromDigits(only.amountMinor),
          atMs,
          transactionId: only.transactionId,
        })
      : ledger.createTransfers(toTransferSpecs(records, atMs));
  if (!result.ok) assert(false, `ledger rejected logged transfers: ${JSON.stringify(result.error, bigintAsString)}`);
}

/** A record read as a new transfer: `pendingId` present means it is a resolution instead. */
type PostedRecord = Extract<TransferRecord, { debitAccountId: string }> & { readonly pendingId?: string };

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
