/**
 * The one way events move money: an event whose `data.transfers` lists ledger transfers. Evolve
 * applies them as one linked batch at the event's time, so every flow moves money the same way
 * and an auditor can see each movement in the log itself.
 */
import { assert } from '../core/assert.js';
import { type ApiError, apiError } from '../core/errors.js';
import type { CurrencyCode } from '../core/currency.js';
import { bigintFromDigits } from '../core/money.js';
import { type Result, err, ok } from '../core/result.js';
import type { Writable } from '../core/freeze.js';
import type { Ledger, NewTransferSpec, ResolveTransferSpec, TransferSpec } from '../ledger/index.js';

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
  return records.map((r) => toTransferSpec(r, atMs));
}

// Literals with the optional keys assigned when present, not spreads of conditional literals:
// replay converts every transfer of an event with more than one, and each `...(c ? {} : { k })`
// is a generic object copy (~0.3-0.8 µs of a card move or a quote execution).
function toTransferSpec(r: TransferRecord, atMs: number): TransferSpec {
  if ('pendingId' in r) {
    const spec: Writable<ResolveTransferSpec> = { id: r.id, pendingId: r.pendingId, action: r.action, atMs };
    if (r.amountMinor !== undefined) spec.amountMinor = bigintFromDigits(r.amountMinor);
    if (r.transactionId !== undefined) spec.transactionId = r.transactionId;
    return spec;
  }
  const spec: Writable<NewTransferSpec> = { id: r.id, debitAccountId: r.debitAccountId, creditAccountId: r.creditAccountId, amountMinor: bigintFromDigits(r.amountMinor), atMs };
  if (r.transactionId !== undefined) spec.transactionId = r.transactionId;
  if (r.pending !== undefined) spec.pending = r.pending;
  if (r.timeoutAtMs !== undefined) spec.timeoutAtMs = r.timeoutAtMs;
  return spec;
}

/**
 * Ok when the ledger would accept `records` as the linked batch of an event at `atMs`, asked of
 * the ledger's own dry run (`Ledger.checkTransfers`: applied, then rolled back), so a decider and
 * evolve judge a batch by one set of rules. A debit beyond a no-overdraft account's available
 * balance (credits earlier in the batch help, pending debits count) is the user's 400
 * INSUFFICIENT_FUNDS with `details.accountId`; any other refusal (an unknown account, mixed
 * currencies, a reused id, a hold that is not open) is a bug in the calling flow and asserts.
 */
export function checkTransfers(ledger: Ledger, records: readonly TransferRecord[], atMs: number): Result<void, ApiError> {
  if (records.length === 0) return ok(undefined);
  const specs = toTransferSpecs(records, atMs);
  const checked = ledger.checkTransfers(specs);
  if (checked.ok) return checked;
  const { index, error } = checked.error;
  if (error.code === 'EXCEEDS_CREDITS') return err(insufficientFunds(error.accountId, error.availableMinor, error.amountMinor));
  // A no-overdraft debit past int64 is past its credits too (they stay within int64), so it is
  // INSUFFICIENT_FUNDS as before; the ledger names the overflow first and says no balance, so the
  // reason gives the balance before the batch (exact unless the batch moved the account earlier).
  const debited = specs[index];
  if (error.code === 'AMOUNT_OVERFLOW' && debited?.action === undefined && debited?.debitAccountId === error.accountId) {
    const account = ledger.account(error.accountId);
    if (account?.flags.debitsMustNotExceedCredits === true) {
      return err(insufficientFunds(account.id, ledger.balance(account.id)!.availableMinor, error.amountMinor));
    }
  }
  assert(false, `ledger would refuse transfer ${records[index]?.id}: ${error.code}`);
}

function insufficientFunds(accountId: string, availableMinor: bigint, neededMinor: bigint): ApiError {
  return apiError('INSUFFICIENT_FUNDS', `Account ${accountId} has ${availableMinor} available, ${neededMinor} needed`, { accountId });
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
