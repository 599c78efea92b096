/**
 * Usage periods (DECISIONS.md: reset by UTC day and month): `utcDay` and `utcMonth` name the UTC
 * day and month of any instant, whatever instant was asked before (they keep a one-entry cache of
 * the last day, for replay), and `usageAt` zeroes a past day's counters.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { EMPTY_USAGE, usageAt, utcDay, utcMonth, withExecution } from '../../src/domains/agents/usage.js';

const instant = fc.integer({ min: Date.parse('1970-01-01T00:00:00Z'), max: Date.parse('2100-12-31T23:59:59.999Z') });

describe('utcDay and utcMonth', () => {
  test.prop([fc.array(instant, { minLength: 1, maxLength: 20 })])('name the UTC day and month of each instant, in any order of calls', (instants) => {
    for (const ms of instants) {
      const iso = new Date(ms).toISOString();
      expect(utcDay(ms)).toBe(iso.slice(0, 10));
      expect(utcMonth(ms)).toBe(iso.slice(0, 7));
    }
  });

  it('move on at midnight UTC exactly, and at a month boundary', () => {
    const midnight = Date.parse('2026-02-01T00:00:00.000Z');
    expect([utcDay(midnight - 1), utcMonth(midnight - 1)]).toEqual(['2026-01-31', '2026-01']);
    expect([utcDay(midnight), utcMonth(midnight)]).toEqual(['2026-02-01', '2026-02']);
    expect([utcDay(midnight - 1), utcMonth(midnight - 1)]).toEqual(['2026-01-31', '2026-01']);
  });

  it('usageAt reads a past day as zero and keeps the month', () => {
    const at = Date.parse('2026-01-05T16:00:00.000Z');
    const usage = withExecution(EMPTY_USAGE, at, 'USD', 100n);
    expect(usageAt(usage, at + 1000)).toBe(usage);
    const nextDay = usageAt(usage, at + 86_400_000);
    expect(nextDay).toMatchObject({ day: '2026-01-06', dailyTransactionCount: 0, dailySpendMinor: {}, month: '2026-01', monthlySpendMinor: { USD: '100' } });
  });
});
