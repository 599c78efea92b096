/**
 * Shapes agents, policies and agent actions for the wire. An action shows its quote and, once its
 * execution started, its transaction, both as they stand now (read from state). Usage counters are
 * shown as of the request's instant. Pure.
 */
import { type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import { quoteView } from '../quotes/view.js';
import type { DomainState } from '../state.js';
import { transactionView } from '../transactions/view.js';
import type { Agent, AgentAction, AgentPolicy, AgentUsage } from './types.js';
import { usageAt } from './usage.js';

/**
 * The wire form of a policy (the reference's AgentPolicy): amounts as integers of minor units;
 * optional parts the policy does not set are omitted (`approvalThresholds`, `accountRestrictions`,
 * `dailyTransactionLimit`); `spendingLimits: null` and a null `perTransactionLimit` mean "no
 * limit" (DECISIONS.md, Agents), where the reference has no way to say it.
 */
export type PolicyView = {
  readonly permissions: readonly string[];
  readonly defaultExecutionMode: string;
  readonly spendingLimits: {
    readonly currency: string;
    readonly perTransactionLimit: number | null;
    readonly dailyLimit: number | null;
    readonly dailyTransactionLimit?: number;
    readonly monthlyLimit: number | null;
  } | null;
  readonly approvalThresholds?: { readonly currency: string; readonly amount: number };
  readonly accountRestrictions?: {
    readonly allowedSourceAccountIds: readonly string[] | null;
    readonly allowedDestinationAccountIds: readonly string[] | null;
  };
};

function amountOrNull(minor: string | null): number | null {
  return minor === null ? null : Number(minor);
}

/** The wire form of `policy`. */
export function policyView(policy: AgentPolicy): PolicyView {
  const limits = policy.spendingLimits;
  const threshold = policy.approvalThresholds;
  const restrictions = policy.accountRestrictions;
  return {
    permissions: [...policy.permissions],
    defaultExecutionMode: policy.defaultExecutionMode,
    spendingLimits:
      limits === null
        ? null
        : {
            currency: limits.currency,
            perTransactionLimit: amountOrNull(limits.perTransactionLimitMinor),
            dailyLimit: amountOrNull(limits.dailyLimitMinor),
            ...(limits.dailyTransactionLimit === null ? {} : { dailyTransactionLimit: limits.dailyTransactionLimit }),
            monthlyLimit: amountOrNull(limits.monthlyLimitMinor),
          },
    ...(threshold === null ? {} : { approvalThresholds: { currency: threshold.currency, amount: Number(threshold.amountMinor) } }),
    ...(restrictions === null
      ? {}
      : {
          accountRestrictions: {
            allowedSourceAccountIds: restrictions.allowedSourceAccountIds === null ? null : [...restrictions.allowedSourceAccountIds],
            allowedDestinationAccountIds: restrictions.allowedDestinationAccountIds === null ? null : [...restrictions.allowedDestinationAccountIds],
          },
        }),
  };
}

/**
 * The wire form of usage counters at an instant (the reference's AgentUsage): `dailySpend` and
 * `monthlySpend` are integers in the minor units of the policy's `spendingLimits.currency` (USD
 * when the policy has no limits); what was spent in each currency stays in the `...ByCurrency` lists.
 */
export type UsageView = {
  readonly day: string;
  readonly dailyTransactionCount: number;
  readonly dailySpend: number;
  readonly dailyResetDate: string;
  readonly dailySpendByCurrency: readonly CurrencyAmount[];
  readonly month: string;
  readonly monthlySpend: number;
  readonly monthlyResetMonth: string;
  readonly monthlySpendByCurrency: readonly CurrencyAmount[];
};

function amounts(spend: Readonly<Partial<Record<CurrencyCode, string>>>): CurrencyAmount[] {
  return Object.entries(spend)
    .filter((entry): entry is [CurrencyCode, string] => isCurrencyCode(entry[0]) && entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, minor]) => toCurrencyAmount(BigInt(minor), currency));
}

/** The counters as they stand at `nowMs` (a past UTC day or month reads as zero), in `currency`. */
export function usageView(usage: AgentUsage, nowMs: number, currency = 'USD'): UsageView {
  const now = usageAt(usage, nowMs);
  const inCurrency = (spend: Readonly<Partial<Record<CurrencyCode, string>>>): number => Number((spend as Readonly<Record<string, string | undefined>>)[currency] ?? '0');
  const nextDay = new Date(Date.parse(`${now.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [year, month] = now.month.split('-').map(Number) as [number, number];
  const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    day: now.day,
    dailyTransactionCount: now.dailyTransactionCount,
    dailySpend: inCurrency(now.dailySpendMinor),
    dailyResetDate: nextDay,
    dailySpendByCurrency: amounts(now.dailySpendMinor),
    month: now.month,
    monthlySpend: inCurrency(now.monthlySpendMinor),
    monthlyResetMonth: nextMonth,
    monthlySpendByCurrency: amounts(now.monthlySpendMinor),
  };
}

/** The wire form of an agent. */
export type AgentView = {
  readonly id: string;
  readonly customerId: string;
  readonly platformCustomerId?: string;
  readonly name: string;
  readonly isPaused: boolean;
  /** True once a device code was redeemed and the token not revoked. */
  readonly isConnected: boolean;
  readonly policy: PolicyView;
  readonly usage: UsageView;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire form of `agent` at `nowMs`. */
export function agentView(agent: Agent, state: Pick<DomainState, 'customers'>, nowMs: number): AgentView {
  const platformCustomerId = state.customers.byId.get(agent.customerId)?.platformCustomerId;
  return {
    id: agent.id,
    customerId: agent.customerId,
    ...(platformCustomerId === undefined ? {} : { platformCustomerId }),
    name: agent.name,
    isPaused: agent.isPaused,
    isConnected: agent.accessTokenHash !== undefined,
    policy: policyView(agent.policy),
    usage: usageView(agent.usage, nowMs, agent.policy.spendingLimits?.currency ?? 'USD'),
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
  };
}

/** The wire form of an AgentAction (spec: AgentAction), plus `failureReason` when FAILED. */
export type AgentActionView = {
  readonly id: string;
  readonly agentId: string;
  readonly customerId: string;
  readonly platformCustomerId: string;
  readonly status: string;
  readonly type: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly quote: unknown;
  readonly transaction?: unknown;
  readonly rejectionReason?: string;
  readonly failureReason?: string;
};

/** The wire form of `action` in `state`. */
export function agentActionView(action: AgentAction, state: Pick<DomainState, 'customers' | 'quotes' | 'transactions'>): AgentActionView {
  const quote = state.quotes.byId.get(action.quoteId);
  const transaction = action.execution === undefined ? undefined : state.transactions.byId.get(action.execution.transactionId);
  return {
    id: action.id,
    agentId: action.agentId,
    customerId: action.customerId,
    platformCustomerId: state.customers.byId.get(action.customerId)?.platformCustomerId ?? '',
    status: action.status,
    type: action.type,
    createdAt: action.createdAt,
    updatedAt: action.updatedAt,
    quote: quote === undefined ? null : quoteView(quote, state),
    ...(transaction === undefined ? {} : { transaction: transactionView(transaction) }),
    ...(action.rejectionReason === undefined ? {} : { rejectionReason: action.rejectionReason }),
    ...(action.failureReason === undefined ? {} : { failureReason: action.failureReason }),
  };
}
