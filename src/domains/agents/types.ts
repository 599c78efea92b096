/**
 * Agents as stored: the agent (software acting for one customer), its policy, its usage counters,
 * its device codes and its actions. Records are JSON-safe and frozen; amounts are decimal strings
 * of minor units (`...Minor`), as in every event. Secrets are never stored: device codes and
 * access tokens are kept only as SHA-256 hashes.
 */
import type { CurrencyCode } from '../../core/currency.js';

/** What a policy may allow (DECISIONS.md: Agents). */
export const AGENT_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
/** One of `AGENT_PERMISSIONS`. */
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];

/** How an action within limits runs: at once (AUTO) or after the platform approves it. */
export const EXECUTION_MODES = ['AUTO', 'APPROVAL_REQUIRED'] as const;
/** One of `EXECUTION_MODES`. */
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/** Spending limits in one currency; `null` means no limit. Amounts are minor units. */
export type SpendingLimits = {
  readonly currency: CurrencyCode;
  readonly perTransactionLimitMinor: string | null;
  readonly dailyLimitMinor: string | null;
  /** How many executions may start in one UTC day. */
  readonly dailyTransactionLimit: number | null;
  readonly monthlyLimitMinor: string | null;
};

/** Amounts strictly above `amountMinor` (in `currency`) need the platform's approval, even in AUTO. */
export type ApprovalThreshold = { readonly currency: CurrencyCode; readonly amountMinor: string };

/** Which accounts an agent may use; `null` means any (the source is always its customer's). */
export type AccountRestrictions = {
  readonly allowedSourceAccountIds: readonly string[] | null;
  /** Account ids, or UMA addresses for UMA destinations. */
  readonly allowedDestinationAccountIds: readonly string[] | null;
};

/** An agent's policy, normalised: every field present, `null` where the policy sets nothing. */
export type AgentPolicy = {
  readonly permissions: readonly AgentPermission[];
  readonly defaultExecutionMode: ExecutionMode;
  readonly spendingLimits: SpendingLimits | null;
  readonly approvalThresholds: ApprovalThreshold | null;
  readonly accountRestrictions: AccountRestrictions | null;
};

/**
 * Usage counters, counted when an execution starts. `day` (YYYY-MM-DD) and `month` (YYYY-MM) are
 * the UTC periods the counters belong to; a later period reads as zero (usage.ts).
 */
export type AgentUsage = {
  readonly day: string;
  readonly dailyTransactionCount: number;
  /** Minor units started today, by currency. */
  readonly dailySpendMinor: Readonly<Partial<Record<CurrencyCode, string>>>;
  readonly month: string;
  readonly monthlySpendMinor: Readonly<Partial<Record<CurrencyCode, string>>>;
};

/** An agent record. */
export type Agent = {
  /** `Agent:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  readonly name: string;
  readonly isPaused: boolean;
  readonly policy: AgentPolicy;
  readonly usage: AgentUsage;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** SHA-256 of the one live access token, if the agent has redeemed a device code. */
  readonly accessTokenHash?: string;
  /** SHA-256 of the one device code that may still be redeemed (until it expires). */
  readonly deviceCodeHash?: string;
  /** Set by DELETE: the agent is gone from every read and its token is revoked. */
  readonly deletedAt?: string;
};

/** A device code as stored: its hash, whose it is, until when, and whether it was used. */
export type DeviceCode = {
  readonly codeHash: string;
  readonly agentId: string;
  readonly issuedAt: string;
  readonly expiresAt: string;
  readonly redeemedAt?: string;
};

/** Agent action statuses (spec: AgentAction.status). */
export const AGENT_ACTION_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'] as const;
/** One of `AGENT_ACTION_STATUSES`. */
export type AgentActionStatus = (typeof AGENT_ACTION_STATUSES)[number];

/** Agent action types (spec: AgentAction.type). */
export const AGENT_ACTION_TYPES = ['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN'] as const;
/** One of `AGENT_ACTION_TYPES`. */
export type AgentActionType = (typeof AGENT_ACTION_TYPES)[number];

/** What started when an action executed: the transaction and the spend it counted. */
export type ActionExecution = {
  readonly transactionId: string;
  readonly amountMinor: string;
  readonly currency: CurrencyCode;
};

/** An agent action record. */
export type AgentAction = {
  /** `AgentAction:<uuid>`. */
  readonly id: string;
  readonly agentId: string;
  readonly customerId: string;
  readonly type: AgentActionType;
  readonly status: AgentActionStatus;
  readonly quoteId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly execution?: ActionExecution;
  readonly rejectionReason?: string;
  /** The error code that stopped execution (FAILED only), e.g. QUOTE_EXPIRED. */
  readonly failureReason?: string;
};
