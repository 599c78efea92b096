/**
 * `PATCH /agents/{agentId}/policy` `spendingLimits` as the reference's AgentSpendingLimitsUpdate:
 * a partial update merged into the stored limits (omitted fields keep their values, `null`
 * removes a limit). The merged limits are what the decider stores, so AgentPolicyChanged still
 * holds the whole resulting policy and old logs replay unchanged.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { SpendingLimits } from './types.js';

/** A validated AgentSpendingLimitsUpdate: every field optional; `null` removes that limit. */
export type SpendingLimitsPatch = {
  readonly currency?: CurrencyCode | undefined;
  readonly perTransactionLimit?: number | null | undefined;
  readonly dailyLimit?: number | null | undefined;
  readonly dailyTransactionLimit?: number | null | undefined;
  readonly monthlyLimit?: number | null | undefined;
};

function minorOr(value: number | null | undefined, kept: string | null): string | null {
  if (value === undefined) return kept;
  return value === null ? null : String(value);
}

/**
 * Pure: `current` with the fields `patch` names merged in; `undefined` keeps `current`, `null`
 * removes every limit (the engine's spelling of "no limits", as on create). A new `currency`
 * recasts the limits: the amounts stay the same integers, now minor units of the new currency
 * (no conversion). Without stored limits the patch creates them, so it must name what
 * AgentSpendingLimits requires, `currency` and `perTransactionLimit` (null: no per-transaction
 * limit, as on create); otherwise the fields missing are listed (paths under `spendingLimits`).
 */
export function mergeSpendingLimits(
  current: SpendingLimits | null,
  patch: SpendingLimitsPatch | null | undefined,
): Result<SpendingLimits | null, FieldError[]> {
  if (patch === undefined) return ok(current);
  if (patch === null) return ok(null);
  const currency = patch.currency ?? current?.currency;
  const errors: FieldError[] = [];
  if (currency === undefined) {
    errors.push({ field: 'spendingLimits.currency', message: 'currency is required: the agent has no spending limits to merge into' });
  }
  if (current === null && patch.perTransactionLimit === undefined) {
    errors.push({
      field: 'spendingLimits.perTransactionLimit',
      message: 'perTransactionLimit is required: the agent has no spending limits to merge into (null for no per-transaction limit)',
    });
  }
  if (currency === undefined || errors.length > 0) return err(errors);
  return ok({
    currency,
    perTransactionLimitMinor: minorOr(patch.perTransactionLimit, current?.perTransactionLimitMinor ?? null),
    dailyLimitMinor: minorOr(patch.dailyLimit, current?.dailyLimitMinor ?? null),
    dailyTransactionLimit: patch.dailyTransactionLimit === undefined ? (current?.dailyTransactionLimit ?? null) : patch.dailyTransactionLimit,
    monthlyLimitMinor: minorOr(patch.monthlyLimit, current?.monthlyLimitMinor ?? null),
  });
}
