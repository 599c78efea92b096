/**
 * What the ledger says when it refuses: `LedgerError` for one account or transfer,
 * `LedgerBatchError` for a linked batch, `InvariantViolation` for `checkInvariants()`.
 * All are data discriminated by `code`; the ledger throws only for its own bugs.
 */
import type { CurrencyCode } from '../core/currency.js';

/** How a pending transfer was resolved: at most one of these, once. */
export type PendingResolution = 'posted' | 'voided' | 'expired';

/** Which side of a transfer an account is on. */
export type TransferSide = 'debit' | 'credit';

/**
 * Why the ledger refused an account or a transfer. Checks run in a fixed order, so the same
 * input always reports the same first problem (docs/ledger-model.md lists the order).
 */
export type LedgerError =
  | { readonly code: 'ACCOUNT_EXISTS'; readonly accountId: string }
  | { readonly code: 'FLAGS_MUTUALLY_EXCLUSIVE'; readonly accountId: string }
  | { readonly code: 'TRANSFER_EXISTS'; readonly transferId: string }
  | { readonly code: 'AMOUNT_NOT_POSITIVE'; readonly transferId: string; readonly amountMinor: bigint }
  | {
      readonly code: 'INVALID_TIMEOUT';
      readonly transferId: string;
      /** False when a timeout was given on a transfer that is not pending. */
      readonly pending: boolean;
      readonly atMs: number;
      readonly timeoutAtMs: number;
    }
  | { readonly code: 'SAME_ACCOUNT'; readonly transferId: string; readonly accountId: string }
  | {
      readonly code: 'ACCOUNT_NOT_FOUND';
      readonly transferId: string;
      readonly accountId: string;
      readonly side: TransferSide;
    }
  | {
      readonly code: 'CURRENCY_MISMATCH';
      readonly transferId: string;
      readonly debitAccountId: string;
      readonly debitCurrency: CurrencyCode;
      readonly creditAccountId: string;
      readonly creditCurrency: CurrencyCode;
    }
  | {
      readonly code: 'TIME_WENT_BACKWARDS';
      readonly transferId: string;
      readonly accountId: string;
      readonly atMs: number;
      /** The latest time of a transfer already on the account. */
      readonly lastAtMs: number;
    }
  | {
      /** The amount would push a counter of the account past int64. */
      readonly code: 'AMOUNT_OVERFLOW';
      readonly transferId: string;
      readonly accountId: string;
      readonly amountMinor: bigint;
    }
  | {
      /** A debit beyond `debitsMustNotExceedCredits`; the engine's INSUFFICIENT_FUNDS. */
      readonly code: 'EXCEEDS_CREDITS';
      readonly transferId: string;
      readonly accountId: string;
      readonly amountMinor: bigint;
      /** creditsPosted − debitsPosted − debitsPending before the transfer: what could be debited. */
      readonly availableMinor: bigint;
    }
  | {
      /** A credit beyond `creditsMustNotExceedDebits`. */
      readonly code: 'EXCEEDS_DEBITS';
      readonly transferId: string;
      readonly accountId: string;
      readonly amountMinor: bigint;
      /** debitsPosted − creditsPosted − creditsPending before the transfer: what could be credited. */
      readonly availableMinor: bigint;
    }
  | {
      /** No transfer has `pendingId`, or the one that has it is not a pending transfer. */
      readonly code: 'PENDING_NOT_FOUND';
      readonly transferId: string;
      readonly pendingId: string;
    }
  | {
      readonly code: 'PENDING_ALREADY_RESOLVED';
      readonly transferId: string;
      readonly pendingId: string;
      readonly resolution: PendingResolution;
    }
  | {
      readonly code: 'AMOUNT_EXCEEDS_PENDING';
      readonly transferId: string;
      readonly pendingId: string;
      readonly amountMinor: bigint;
      readonly pendingAmountMinor: bigint;
    }
  | {
      /** A void that names an amount must name the whole pending amount. */
      readonly code: 'VOID_AMOUNT_MISMATCH';
      readonly transferId: string;
      readonly pendingId: string;
      readonly amountMinor: bigint;
      readonly pendingAmountMinor: bigint;
    };

/** The `code` of a `LedgerError`. */
export type LedgerErrorCode = LedgerError['code'];

/** A linked batch was refused: nothing of it was applied; `index` is the first failing transfer. */
export type LedgerBatchError = { readonly index: number; readonly error: LedgerError };

/** One of the four counters of an account. */
export type CounterName = 'debitsPending' | 'debitsPosted' | 'creditsPending' | 'creditsPosted';

/** A broken ledger invariant: always a bug or a tampered snapshot, never a user error. */
export type InvariantViolation =
  | {
      readonly code: 'CURRENCY_UNBALANCED';
      readonly currency: CurrencyCode;
      readonly phase: 'posted' | 'pending';
      readonly debitsMinor: bigint;
      readonly creditsMinor: bigint;
    }
  | {
      readonly code: 'COUNTER_OUT_OF_RANGE';
      readonly accountId: string;
      readonly counter: CounterName;
      readonly valueMinor: bigint;
    }
  | {
      readonly code: 'LIMIT_EXCEEDED';
      readonly accountId: string;
      readonly flag: 'debitsMustNotExceedCredits' | 'creditsMustNotExceedDebits';
      /** Pending plus posted on the limited side. */
      readonly usedMinor: bigint;
      /** Posted on the other side. */
      readonly limitMinor: bigint;
    }
  | {
      /** A counter differs from the sum of the transfers that moved it. */
      readonly code: 'COUNTER_MISMATCH';
      readonly accountId: string;
      readonly counter: CounterName;
      readonly counterMinor: bigint;
      readonly fromTransfersMinor: bigint;
    }
  | {
      readonly code: 'ROW_COUNT_MISMATCH';
      readonly accountId: string;
      readonly rowCount: number;
      /** Posted transfers and posts that touch the account. */
      readonly postingCount: number;
    }
  | {
      /** A row checkpoint names another transfer than the account's posting at that row, or is missing or extra. */
      readonly code: 'ROW_NOT_A_POSTING';
      readonly accountId: string;
      readonly index: number;
    }
  | { readonly code: 'ROWS_OUT_OF_ORDER'; readonly accountId: string; readonly index: number }
  | {
      /**
       * A posting's link to the previous posting of its account (what rows are built from) is not
       * the posting before it on that account, or the account's latest posting is not its last.
       */
      readonly code: 'POSTING_CHAIN_BROKEN';
      readonly accountId: string;
      /** The posting whose link is wrong; undefined when the account's own latest link is. */
      readonly transferId: string | undefined;
      readonly linkedIndex: number;
      readonly expectedIndex: number;
    }
  | {
      /** A row checkpoint whose balanceAfter is not the running sum of the account's amounts. */
      readonly code: 'ROW_BALANCE_MISMATCH';
      readonly accountId: string;
      readonly index: number;
      readonly balanceAfterMinor: bigint;
      readonly runningSumMinor: bigint;
    }
  | {
      /** The set of open pending transfers disagrees with the transfers' status. */
      readonly code: 'OPEN_PENDING_MISMATCH';
      readonly transferId: string;
      readonly inOpenSet: boolean;
    };
