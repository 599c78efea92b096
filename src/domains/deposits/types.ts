/**
 * Incoming payments this domain runs (docs/incoming-and-sweeps.md): a bank deposit simulated by
 * the sandbox, an incoming UMA payment, and a sandbox funding of a rule-based account. Each is
 * one INCOMING transaction of the transactions domain plus a record here that remembers what the
 * transaction's status does not: where the money was credited, which steps remain (each released
 * by a timer), the sweep a rule-based deposit started, and how far a rail return went.
 * JSON-safe (amounts are decimal strings of minor units).
 */
import type { CurrencyCode } from '../../core/currency.js';

/** How the payment arrived. */
export type IncomingKind = 'DEPOSIT' | 'UMA' | 'FUND';

/**
 * The steps an incoming payment can take (`steps.ts`):
 * - RECEIVE: the funds arrive (world -> transit); the transaction PENDING -> PROCESSING. A payment
 *   still waiting for the platform's approval waits (the step is deferred).
 * - SETTLE: transit -> the credited account; PROCESSING -> COMPLETED, or for a rule-based deposit
 *   only the rail settles and SWEEP follows.
 * - FAIL_COMPLIANCE: compliance blocks the funds (transit -> world); FAILED COMPLIANCE_REJECTED.
 * - SWEEP: the rule-based deposit is swept through a quote, or fails with a SWEEP_* reason or
 *   QUOTE_EXECUTION_FAILED.
 * - AWAIT_PAYOUT: the sweep's payout is settled or failed; the sweep transaction follows it.
 */
export const INCOMING_STEPS = ['RECEIVE', 'SETTLE', 'FAIL_COMPLIANCE', 'SWEEP', 'AWAIT_PAYOUT'] as const;
/** One of `INCOMING_STEPS`. */
export type IncomingStepKind = (typeof INCOMING_STEPS)[number];

/** A step still to come, due `afterMs` after the step before it was taken. */
export type IncomingStep = { readonly step: IncomingStepKind; readonly afterMs: number };

/**
 * Where a rail return of the payment stands:
 * - NONE: never returned;
 * - RETURNED: returned, the credit taken back (the transaction FAILED);
 * - RETURN_ABSORBED: returned after a later irreversible step used the funds: nothing taken back,
 *   the transaction stays COMPLETED (spec);
 * - DISHONORED: the return was dishonored, the credit restored (COMPLETED again);
 * - CONTESTED: the dishonor was contested, the credit taken back again (FAILED);
 * - CONTEST_ABSORBED: contested after the funds were used again: stays COMPLETED.
 */
export const RETURN_STATES = ['NONE', 'RETURNED', 'RETURN_ABSORBED', 'DISHONORED', 'CONTESTED', 'CONTEST_ABSORBED'] as const;
/** One of `RETURN_STATES`. */
export type ReturnState = (typeof RETURN_STATES)[number];


/** The quote and payout transaction a sweep made (stored on the deposit it swept). */
export type SweepRun = { readonly quoteId: string; readonly payoutTransactionId: string };

/** One incoming payment run by this domain, keyed by its transaction id. */
export type IncomingRecord = {
  readonly transactionId: string;
  readonly kind: IncomingKind;
  readonly customerId: string;
  /** The account the payment was addressed to (a rule-based account, or the credited one). */
  readonly accountId: string;
  /** Where the money is credited: the addressed account, or a rule-based account's holder account. */
  readonly creditAccountId: string;
  /** Set when the payment was addressed to a rule-based account (it is then swept). */
  readonly ruleBasedAccountId?: string;
  /** The rail it travels on: ACH, ACH_SAME_DAY, WIRE, RTP, FEDNOW, UMA, or SANDBOX (funded at once). */
  readonly rail: string;
  /** What arrives from outside, in the sender's currency. */
  readonly sendCurrency: CurrencyCode;
  readonly sendMinor: string;
  /** What is credited, in the credited account's currency. */
  readonly currency: CurrencyCode;
  readonly amountMinor: string;
  /** Steps still to come; the first is due at `nextDueAtMs`. */
  readonly remaining: readonly IncomingStep[];
  readonly nextDueAtMs?: number;
  /** Set when a step could not happen (the transaction moved on by other means). */
  readonly haltedAt?: string;
  readonly sweep?: SweepRun;
  readonly returnState: ReturnState;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/**
 * Whether incoming UMA payments wait for the platform's approval. The spec's mechanism is the
 * platform's webhook endpoint answering 202 (approve later with `POST /transactions/{id}/approve`);
 * a sandbox cannot see that answer, so the platform states it here (docs/incoming-and-sweeps.md).
 */
export type ApprovalSetting = {
  readonly required: boolean;
  /** What the approval webhook asks the platform to supply in `receiverCustomerInfo`. */
  readonly requestedReceiverCustomerInfoFields: readonly string[];
};

/** The setting of a new platform: incoming payments need no approval. */
export const NO_APPROVAL: ApprovalSetting = Object.freeze({ required: false, requestedReceiverCustomerInfoFields: Object.freeze([]) as readonly string[] });
