/**
 * The ledger's public shapes: what callers pass in (account and transfer specs) and what the
 * queries hand back (views, balances, rows). Amounts are `bigint` minor units; times are epoch
 * milliseconds passed in by the caller.
 */
import type { CurrencyCode } from '../core/currency.js';
import type { PendingResolution } from './errors.js';

/** Limits an account enforces on new transfers (TigerBeetle's account flags). */
export type AccountFlags = {
  /** A new debit needs debitsPending + debitsPosted + amount <= creditsPosted ("no overdraft"). */
  readonly debitsMustNotExceedCredits?: boolean;
  /** A new credit needs creditsPending + creditsPosted + amount <= debitsPosted. */
  readonly creditsMustNotExceedDebits?: boolean;
};

/** What `openAccount` needs. `id` is unique forever; currency and flags never change. */
export type AccountSpec = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly flags?: AccountFlags;
};

/**
 * A new transfer: debits `debitAccountId` and credits `creditAccountId` by `amountMinor`.
 * Posted at once unless `pending` is true, in which case it only holds the amount (it moves
 * into the pending counters) until a post, a void or its timeout resolves it.
 */
export type NewTransferSpec = {
  readonly id: string;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amountMinor: bigint;
  readonly atMs: number;
  /** Groups the transfers of one payment; rows report `transactionId ?? id`. */
  readonly transactionId?: string | undefined;
  readonly pending?: boolean;
  /** Only for pending transfers: the hold expires when `expirePending(now)` reaches it. */
  readonly timeoutAtMs?: number;
  /** Absent: tells a new transfer apart from a resolution in a `TransferSpec`. */
  readonly action?: undefined;
};

/**
 * Resolves a pending transfer. It is a transfer of its own (its `id` is unique among all
 * transfers) that moves between the pending transfer's accounts, and it inherits the pending
 * transfer's `transactionId` unless it names one.
 * - `post`: posts `amountMinor` (default: the whole pending amount, at most that); the rest of
 *   the hold is released.
 * - `void`: releases the whole hold; `amountMinor`, if given, must equal the pending amount.
 */
export type ResolveTransferSpec = {
  readonly id: string;
  readonly pendingId: string;
  readonly action: 'post' | 'void';
  readonly amountMinor?: bigint;
  readonly atMs: number;
  readonly transactionId?: string;
};

/** One element of a linked batch: a new transfer (posted or pending) or a resolution. */
export type TransferSpec = NewTransferSpec | ResolveTransferSpec;

/** What `postPending` and `voidPending` need: a resolution without its `action`. */
export type ResolutionSpec = Omit<ResolveTransferSpec, 'action'>;

/** A read-only copy of an account: its identity, its flags and its four counters. */
export type AccountView = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly flags: Required<AccountFlags>;
  readonly debitsPending: bigint;
  readonly debitsPosted: bigint;
  readonly creditsPending: bigint;
  readonly creditsPosted: bigint;
};

/**
 * An account's balances on the holder's side (credits − debits):
 * posted = creditsPosted − debitsPosted; available = posted − debitsPending;
 * total = posted + creditsPending.
 */
export type BalanceView = {
  readonly postedMinor: bigint;
  readonly availableMinor: bigint;
  readonly totalMinor: bigint;
};

/**
 * One posted movement on one account. `amountMinor` is signed on the holder's side (credit +,
 * debit −) and `balanceAfterMinor` is the posted balance right after it.
 */
export type BalanceRow = {
  /** 0-based position among the account's rows. */
  readonly index: number;
  readonly transferId: string;
  /** The transfer's `transactionId`, or its id when it has none. */
  readonly transactionId: string;
  readonly amountMinor: bigint;
  readonly effectiveAtMs: number;
  readonly balanceAfterMinor: bigint;
};

/** A half-open range of row indexes `[fromIndex, toIndex)`. */
export type RowRange = { readonly fromIndex: number; readonly toIndex: number };

/** Where a pending transfer stands: still holding, or how it was resolved. */
export type PendingStatus = 'open' | PendingResolution;

type TransferViewCommon = {
  readonly id: string;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly currency: CurrencyCode;
  /** Posted: moved. Pending: held. Post: posted part. Void: released hold. */
  readonly amountMinor: bigint;
  readonly atMs: number;
  readonly transactionId?: string;
};

/** A transfer as stored: never changed after it is created (only a pending's status moves). */
export type TransferView =
  | (TransferViewCommon & { readonly kind: 'posted' })
  | (TransferViewCommon & {
      readonly kind: 'pending';
      readonly status: PendingStatus;
      readonly timeoutAtMs?: number;
    })
  | (TransferViewCommon & { readonly kind: 'post' | 'void'; readonly pendingId: string });

/** A transfer view of kind `pending`. */
export type PendingTransferView = Extract<TransferView, { readonly kind: 'pending' }>;

/** The four counters summed over the accounts of one currency. */
export type CurrencyTotals = {
  readonly debitsPosted: bigint;
  readonly creditsPosted: bigint;
  readonly debitsPending: bigint;
  readonly creditsPending: bigint;
};
