/**
 * The sweep rule of a RULE_BASED internal account (DECISIONS.md "Internal accounts"): where every
 * deposit goes, the band of amounts the sweep carries, and what the sweep's quote says. Stored on
 * the account record (JSON-safe: amounts are decimal strings of USD minor units) and shown on the
 * wire with amounts as numbers. Pure; no state. Declared by the internal-accounts slice, which
 * stores it, so accounts need not import the sweeps that carry it out (test/architecture).
 */
import type { PlatformFeeOverride } from '../pricing/fee-resolution.js';

/** The one currency a rule-based account may hold (DECISIONS.md: USD only). */
export const RULE_BASED_CURRENCY = 'USD';

/** A sweep rule as stored on the account. */
export type SweepRule = {
  readonly destination: { readonly accountId: string; readonly paymentRail?: string };
  /** Smallest deposit the sweep carries, minor units; "0" means no floor. */
  readonly minimumAmountMinor: string;
  /** Largest deposit the sweep carries, minor units; null means no ceiling. */
  readonly maximumAmountMinor: string | null;
  readonly purposeOfPayment?: string;
  readonly description?: string;
  readonly remittanceInformation?: string;
  readonly platformFeeOverride?: PlatformFeeOverride;
};

/** The wire form of a sweep rule: the request's shape, amounts as JSON integers. */
export type SweepRuleView = {
  readonly destination: { readonly accountId: string; readonly paymentRail?: string };
  readonly minimumAmount: number;
  readonly maximumAmount: number | null;
  readonly purposeOfPayment?: string;
  readonly description?: string;
  readonly remittanceInformation?: string;
  readonly platformFeeOverride?: PlatformFeeOverride;
};

/** The wire form of `rule`. Pure. */
export function sweepRuleView(rule: SweepRule): SweepRuleView {
  const { minimumAmountMinor, maximumAmountMinor, destination, ...rest } = rule;
  return {
    destination: { ...destination },
    minimumAmount: Number(minimumAmountMinor),
    maximumAmount: maximumAmountMinor === null ? null : Number(maximumAmountMinor),
    ...structuredClone(rest),
  };
}

/**
 * True when the sweep carries `amountMinor`: at least the minimum and, when there is a ceiling,
 * at most the maximum (both bounds inclusive). Pure.
 */
export function sweepCarries(rule: SweepRule, amountMinor: bigint): boolean {
  if (amountMinor < BigInt(rule.minimumAmountMinor)) return false;
  return rule.maximumAmountMinor === null || amountMinor <= BigInt(rule.maximumAmountMinor);
}
