/**
 * Usage counters by UTC day and month (DECISIONS.md: reset by UTC day and month). Counters are
 * stored with the period they belong to; read at a later instant, a past period reads as zero,
 * so no timer is needed to reset them. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { formatInstant } from '../../core/time.js';
import type { AgentUsage } from './types.js';

/** Usage before any execution. */
export const EMPTY_USAGE: AgentUsage = Object.freeze({ day: '', dailyTransactionCount: 0, dailySpendMinor: {}, month: '', monthlySpendMinor: {} });

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(epochMs: number): string {
  return formatInstant(epochMs).slice(0, 10);
}

/** The UTC month (YYYY-MM) of an instant. */
export function utcMonth(epochMs: number): string {
  return formatInstant(epochMs).slice(0, 7);
}

/** The counters as they stand at `epochMs`: a past day's or month's counters read as zero. */
export function usageAt(usage: AgentUsage, epochMs: number): AgentUsage {
  const day = utcDay(epochMs);
  const month = utcMonth(epochMs);
  const sameDay = usage.day === day;
  const sameMonth = usage.month === month;
  if (sameDay && sameMonth) return usage;
  return {
    day,
    dailyTransactionCount: sameDay ? usage.dailyTransactionCount : 0,
    dailySpendMinor: sameDay ? usage.dailySpendMinor : {},
    month,
    monthlySpendMinor: sameMonth ? usage.monthlySpendMinor : {},
  };
}

/** Minor units spent in `currency` in a spend map. */
export function spentMinor(spend: Readonly<Partial<Record<CurrencyCode, string>>>, currency: CurrencyCode): bigint {
  return BigInt(spend[currency] ?? '0');
}

/** The counters after one execution of `amountMinor` in `currency` starts at `epochMs`. */
export function withExecution(usage: AgentUsage, epochMs: number, currency: CurrencyCode, amountMinor: bigint): AgentUsage {
  const now = usageAt(usage, epochMs);
  return {
    day: now.day,
    dailyTransactionCount: now.dailyTransactionCount + 1,
    dailySpendMinor: { ...now.dailySpendMinor, [currency]: (spentMinor(now.dailySpendMinor, currency) + amountMinor).toString() },
    month: now.month,
    monthlySpendMinor: { ...now.monthlySpendMinor, [currency]: (spentMinor(now.monthlySpendMinor, currency) + amountMinor).toString() },
  };
}
