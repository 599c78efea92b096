/**
 * Policy evaluation: whether an agent may do something, and whether an execution needs the
 * platform's approval. Rules are checked in one fixed order and the first one broken is reported
 * as 403 FORBIDDEN whose reason names the rule and whose `details.rule` is its path in the policy
 * (`permissions`, `accountRestrictions.allowedSourceAccountIds`, `spendingLimits.dailyLimit`, ...).
 * Where a rule cannot be measured (limits in another currency than the quote sends), it refuses:
 * a policy fails closed. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { formatMinor } from '../../core/money.js';
import { type Result, err, ok } from '../../core/result.js';
import { spentMinor, usageAt } from './usage.js';
import type { Agent, AgentPermission, AgentPolicy } from './types.js';

/** 403 FORBIDDEN for the rule at `rule` (a path in the policy, or `isPaused`). */
export function forbidden(rule: string, reason: string, details: Readonly<Record<string, unknown>> = {}): ApiError {
  return apiError('FORBIDDEN', reason, { rule, ...details });
}

/** 403 when the agent is paused: a paused agent cannot act (DECISIONS.md). */
export function checkNotPaused(agent: Agent): Result<undefined, ApiError> {
  return agent.isPaused ? err(forbidden('isPaused', `Agent ${agent.id} is paused; the platform must resume it before it can act`)) : ok(undefined);
}

/** 403 unless the policy grants `permission`. */
export function checkPermission(agent: Agent, permission: AgentPermission): Result<undefined, ApiError> {
  if (agent.policy.permissions.includes(permission)) return ok(undefined);
  return err(forbidden('permissions', `Agent ${agent.id} lacks the ${permission} permission`, { permission }));
}

/** What an execution is, as the policy sees it. */
export type Spend = {
  readonly sourceAccountId: string;
  /** The destination account id, or the UMA address. */
  readonly destination: string;
  readonly currency: CurrencyCode;
  readonly amountMinor: bigint;
};

/** 403 unless the source and then the destination are allowed by `accountRestrictions`. */
export function checkAccounts(policy: AgentPolicy, source: string, destination: string): Result<undefined, ApiError> {
  const restrictions = policy.accountRestrictions;
  if (restrictions === null) return ok(undefined);
  const sources = restrictions.allowedSourceAccountIds;
  if (sources !== null && !sources.includes(source)) {
    return err(forbidden('accountRestrictions.allowedSourceAccountIds', `Source account ${source} is not among the agent's allowed source accounts`, { accountId: source }));
  }
  const destinations = restrictions.allowedDestinationAccountIds;
  if (destinations !== null && !destinations.includes(destination)) {
    return err(
      forbidden('accountRestrictions.allowedDestinationAccountIds', `Destination ${destination} is not among the agent's allowed destinations`, {
        accountId: destination,
      }),
    );
  }
  return ok(undefined);
}

function overLimit(rule: string, what: string, limitMinor: bigint, usedMinor: bigint, spend: Spend): ApiError {
  const c = spend.currency;
  return forbidden(
    `spendingLimits.${rule}`,
    `Outside policy: spendingLimits.${rule} is ${formatMinor(limitMinor, c)} ${c}${what}; this execution sends ${formatMinor(spend.amountMinor, c)} ${c}`,
    { limit: Number(limitMinor), used: Number(usedMinor), amount: Number(spend.amountMinor), currency: c },
  );
}

/**
 * 403 unless the spend fits `spendingLimits` at `atMs`, checked in the order: currency (amount
 * limits in another currency cannot be measured), perTransactionLimit, dailyTransactionLimit,
 * dailyLimit, monthlyLimit. Usage counts executions already started this UTC day and month.
 */
export function checkSpending(agent: Agent, spend: Spend, atMs: number): Result<undefined, ApiError> {
  const limits = agent.policy.spendingLimits;
  if (limits === null) return ok(undefined);
  const amountLimits = limits.perTransactionLimitMinor !== null || limits.dailyLimitMinor !== null || limits.monthlyLimitMinor !== null;
  if (amountLimits && limits.currency !== spend.currency) {
    return err(
      forbidden('spendingLimits.currency', `Outside policy: spendingLimits are in ${limits.currency} and this execution sends ${spend.currency}`, {
        currency: spend.currency,
        limitCurrency: limits.currency,
      }),
    );
  }
  const usage = usageAt(agent.usage, atMs);
  if (limits.perTransactionLimitMinor !== null && spend.amountMinor > BigInt(limits.perTransactionLimitMinor)) {
    return err(overLimit('perTransactionLimit', ' per execution', BigInt(limits.perTransactionLimitMinor), 0n, spend));
  }
  if (limits.dailyTransactionLimit !== null && usage.dailyTransactionCount + 1 > limits.dailyTransactionLimit) {
    return err(
      forbidden(
        'spendingLimits.dailyTransactionLimit',
        `Outside policy: spendingLimits.dailyTransactionLimit allows ${limits.dailyTransactionLimit} executions per UTC day and ${usage.dailyTransactionCount} already started on ${usage.day}`,
        { limit: limits.dailyTransactionLimit, used: usage.dailyTransactionCount },
      ),
    );
  }
  if (limits.dailyLimitMinor !== null) {
    const used = spentMinor(usage.dailySpendMinor, spend.currency);
    if (used + spend.amountMinor > BigInt(limits.dailyLimitMinor)) {
      return err(overLimit('dailyLimit', ` per UTC day and ${formatMinor(used, spend.currency)} already started on ${usage.day}`, BigInt(limits.dailyLimitMinor), used, spend));
    }
  }
  if (limits.monthlyLimitMinor !== null) {
    const used = spentMinor(usage.monthlySpendMinor, spend.currency);
    if (used + spend.amountMinor > BigInt(limits.monthlyLimitMinor)) {
      return err(overLimit('monthlyLimit', ` per UTC month and ${formatMinor(used, spend.currency)} already started in ${usage.month}`, BigInt(limits.monthlyLimitMinor), used, spend));
    }
  }
  return ok(undefined);
}

/**
 * Every rule an execution must pass, in order: paused, EXECUTE_QUOTES, account restrictions,
 * spending limits. Checked when the agent asks and again when the platform approves.
 */
export function checkExecution(agent: Agent, spend: Spend, atMs: number): Result<undefined, ApiError> {
  const paused = checkNotPaused(agent);
  if (!paused.ok) return paused;
  const permitted = checkPermission(agent, 'EXECUTE_QUOTES');
  if (!permitted.ok) return permitted;
  const accounts = checkAccounts(agent.policy, spend.sourceAccountId, spend.destination);
  if (!accounts.ok) return accounts;
  return checkSpending(agent, spend, atMs);
}

/** Why an execution within policy still needs the platform's approval. */
export type ApprovalRule = 'defaultExecutionMode' | 'approvalThresholds.amount' | 'approvalThresholds.currency';

/**
 * The rule that sends an execution to the platform for approval, or undefined when it may run at
 * once: APPROVAL_REQUIRED mode first, then a threshold in another currency (cannot be compared:
 * approval), then an amount strictly above the threshold.
 */
export function approvalRuleFor(policy: AgentPolicy, spend: Spend): ApprovalRule | undefined {
  if (policy.defaultExecutionMode === 'APPROVAL_REQUIRED') return 'defaultExecutionMode';
  const threshold = policy.approvalThresholds;
  if (threshold === null) return undefined;
  if (threshold.currency !== spend.currency) return 'approvalThresholds.currency';
  return spend.amountMinor > BigInt(threshold.amountMinor) ? 'approvalThresholds.amount' : undefined;
}
