/**
 * Usage counters by UTC day and month (DECISIONS.md: reset by UTC day and month). Counters are
 * stored with the period they belong to; read at a later instant, a past period reads as zero,
 * so no timer is needed to reset them. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { formatInstant } from '../../core/time.js';
import type { AgentUsage } from './types.js';

/**
 * Usage before any execution. Frozen deeply, its empty maps too: a new agent's record holds it,
 * and `deepFreeze` does not enter an object that is already frozen (core/freeze.ts).
 */
export const EMPTY_USAGE: AgentUsage = Object.freeze({ day: '', dailyTransactionCount: 0, dailySpendMinor: Object.freeze({}), month: '', monthlySpendMinor: Object.freeze({}) });

const DAY_MS = 86_400_000;

// A one-entry cache of the last UTC day formatted: its start and its day and month texts. Usage
// is read and counted at event times, which come in order, so nearly every call falls in the day
// of the one before and skips the Date and toISOString (two per call before, ~2 µs of an agent
// action's replay). The answer depends only on `epochMs`: a hit is a day whose text was made
// from the same day start.
let cachedDayStartMs = Number.NaN;
let cachedDay = '';
let cachedMonth = '';

function cacheDayOf(epochMs: number): void {
  const startMs = epochMs - (((epochMs % DAY_MS) + DAY_MS) % DAY_MS);
  if (startMs === cachedDayStartMs) return;
  const iso = formatInstant(startMs);
  cachedDayStartMs = startMs;
  cachedDay = iso.slice(0, 10);
  cachedMonth = iso.slice(0, 7);
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(epochMs: number): string {
  cacheDayOf(epochMs);
  return cachedDay;
}

/** The UTC month (YYYY-MM) of an instant. */
export function utcMonth(epochMs: number): string {
  cacheDayOf(epochMs);
  return cachedMonth;
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
