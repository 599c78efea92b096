/**
 * The transaction record: every field of the spec's Transaction, IncomingTransaction and (decided,
 * docs/transactions.md) outgoing shape, as frozen JSON-safe data: amounts are decimal strings of
 * minor units, the exchange rate a decimal string. The wire form is built by `view.ts`; the store
 * and the events hold this. Value lists are the spec's, in the spec's order.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { RailDetails } from './rails.js';

/** Every TransactionStatus of the spec (REJECTED and REFUNDED are never reached here; see the doc). */
export const TRANSACTION_STATUSES = [
  'CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED',
] as const;
/** One of `TRANSACTION_STATUSES`. */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Every TransactionType of the spec; CARD transactions belong to the cards domain. */
export const TRANSACTION_TYPES = ['INCOMING', 'OUTGOING', 'CARD'] as const;
/** One of `TRANSACTION_TYPES`. */
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** CREDIT (funds in) or DEBIT (funds out); independent of the type. */
export const TRANSACTION_DIRECTIONS = ['CREDIT', 'DEBIT'] as const;
/** One of `TRANSACTION_DIRECTIONS`. */
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

/** TransactionPendingReason values. */
export const PENDING_REASONS = [
  'COUNTERPARTY_DECLARATION_REQUIRED', 'WALLET_VERIFICATION_REQUIRED', 'COUNTERPARTY_INFORMATION_REQUIRED', 'COMPLIANCE_REVIEW',
] as const;
/** One of `PENDING_REASONS`. */
export type TransactionPendingReason = (typeof PENDING_REASONS)[number];

/** IncomingTransactionFailureReason values. */
export const INCOMING_FAILURE_REASONS = [
  'LNURLP_FAILED', 'PAY_REQUEST_FAILED', 'PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAYMENT_APPROVAL_TIMED_OUT', 'OFFRAMP_FAILED',
  'MISSING_MANDATORY_PAYEE_DATA', 'QUOTE_EXPIRED', 'QUOTE_EXECUTION_FAILED', 'COMPLIANCE_REJECTED', 'COLLECTION_FAILED',
  'SWEEP_AMOUNT_OUT_OF_RANGE', 'SWEEP_QUOTE_FAILED',
] as const;
/** One of `INCOMING_FAILURE_REASONS`. */
export type IncomingFailureReason = (typeof INCOMING_FAILURE_REASONS)[number];

/** Outgoing payout failure reasons named by the spec, plus SCA_NOT_COMPLETED. */
export const OUTGOING_FAILURE_REASONS = [
  'PAYOUT_RETURNED', 'LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED',
  'QUOTE_EXECUTION_FAILED', 'SCA_NOT_COMPLETED',
] as const;
/** One of `OUTGOING_FAILURE_REASONS`. */
export type OutgoingFailureReason = (typeof OUTGOING_FAILURE_REASONS)[number];

/** Either kind of failure reason. */
export type TransactionFailureReason = IncomingFailureReason | OutgoingFailureReason;

/** Refund statuses. */
export const REFUND_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
/** One of `REFUND_STATUSES`. */
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refund reasons. */
export const REFUND_REASONS = ['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT'] as const;
/** One of `REFUND_REASONS`. */
export type RefundReason = (typeof REFUND_REASONS)[number];

/** An amount as stored: minor units as a decimal string and the currency code. */
export type AmountRecord = { readonly amountMinor: string; readonly currency: CurrencyCode };

/** The spec's Refund object. */
export type Refund = {
  readonly reference: string;
  readonly initiatedAt: string;
  readonly settledAt?: string;
  readonly status: RefundStatus;
  readonly reason?: RefundReason;
};

/**
 * The deprecated flat originator fields of a REALTIME_FUNDING source. Rails without a
 * railDetails variant (e.g. SWIFT) carry the originator only here; the view fills the fields a
 * railDetails variant knows from it, so both stay populated.
 */
export type OriginatorFields = {
  readonly accountHolderName?: string;
  readonly accountIdentifier?: string;
  readonly bankName?: string;
  readonly bankIdentifier?: string;
  readonly paymentRail?: string;
  readonly remittanceInformation?: string;
  readonly endToEndId?: string;
  readonly traceNumber?: string;
};

/** Source: an account (internal or external) of the service. */
export type AccountSource = {
  readonly sourceType: 'ACCOUNT';
  readonly accountId: string;
  readonly currency?: CurrencyCode;
  readonly railDetails?: RailDetails;
};
/** Source: a UMA address. */
export type UmaAddressSource = { readonly sourceType: 'UMA_ADDRESS'; readonly umaAddress: string; readonly currency?: CurrencyCode };
/** Source: real-time funding (the payer follows payment instructions). */
export type RealtimeFundingSource = OriginatorFields & {
  readonly sourceType: 'REALTIME_FUNDING';
  readonly currency: CurrencyCode;
  readonly customerId?: string;
  readonly railDetails?: RailDetails;
};
/** `source`, a oneOf by `sourceType`. */
export type TransactionSource = AccountSource | UmaAddressSource | RealtimeFundingSource;

/** Destination: an account (internal or external). */
export type AccountDestination = {
  readonly destinationType: 'ACCOUNT';
  readonly accountId: string;
  readonly currency?: CurrencyCode;
  readonly railDetails?: RailDetails;
};
/** Destination: a UMA address. */
export type UmaAddressDestination = { readonly destinationType: 'UMA_ADDRESS'; readonly umaAddress: string; readonly currency?: CurrencyCode };
/** `destination`, a oneOf by `destinationType`. */
export type TransactionDestination = AccountDestination | UmaAddressDestination;

/** An incoming payment waiting for the platform's approval (a PENDING sub-case). */
export type PendingApproval = {
  readonly requestedAt: string;
  /** When PAYMENT_APPROVAL_TIMED_OUT fires; approve or reject at or after it is refused. */
  readonly expiresAt: string;
  /** What the approval webhook asked the platform to supply in `receiverCustomerInfo`. */
  readonly requestedReceiverCustomerInfoFields?: readonly string[];
};

/** How a platform approval ended; kept for audit, not on the wire. */
export type ApprovalOutcome = {
  readonly decision: 'APPROVED' | 'REJECTED' | 'TIMED_OUT' | 'WEBHOOK_FAILED';
  readonly decidedAt: string;
  readonly receiverCustomerInfo?: Readonly<Record<string, unknown>>;
  readonly rejectionReason?: string;
};

/** Fields every transaction kind shares. */
type TransactionCommon = {
  readonly id: string;
  readonly direction: TransactionDirection;
  readonly source: TransactionSource;
  readonly destination: TransactionDestination;
  readonly customerId: string;
  readonly platformCustomerId: string;
  readonly ruleBasedAccountId?: string;
  readonly settledAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly receiptDeliveryConfirmedAt?: string;
  readonly agentId?: string;
  readonly description?: string;
  readonly sentAmount?: AmountRecord;
  readonly receivedAmount?: AmountRecord;
  /** Sending units per receiving unit, fee-exclusive, as a decimal string. */
  readonly exchangeRate?: string;
  /** Total fees in minor units of the sending currency, as a decimal string. */
  readonly feesMinor?: string;
  readonly quoteId?: string;
  readonly refund?: Refund;
  readonly counterpartyInformation?: Readonly<Record<string, unknown>>;
  readonly pendingReason?: TransactionPendingReason;
  /** Present only while an incoming payment waits for the platform's approval. */
  readonly pendingApproval?: PendingApproval;
  readonly approval?: ApprovalOutcome;
  /** When a return was dishonored (a later RETURN_CONTESTED needs one). Not on the wire. */
  readonly returnDishonoredAt?: string;
  /**
   * Ledger transfers that took this payment's funds; a cancellation reverses them. Not on the
   * wire. List a hold's `post` as well as the hold (see docs/transactions.md).
   */
  readonly fundingTransferIds?: readonly string[];
};

/** An outgoing payment (payout). */
export type OutgoingTransaction = TransactionCommon & {
  readonly type: 'OUTGOING';
  readonly status: OutgoingStatus;
  readonly failureReason?: OutgoingFailureReason;
};

/** An incoming payment. */
export type IncomingTransaction = TransactionCommon & {
  readonly type: 'INCOMING';
  readonly status: IncomingStatus;
  readonly failureReason?: IncomingFailureReason;
};

/** A transaction record of this domain. */
export type Transaction = OutgoingTransaction | IncomingTransaction;

/** Wire statuses an outgoing payment can have. */
export type OutgoingStatus = 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
/** Wire statuses an incoming payment can have. */
export type IncomingStatus = 'CREATED' | 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
