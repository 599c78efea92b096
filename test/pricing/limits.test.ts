/**
 * Limits: configured single-transaction maximums per corridor or withdrawal currency (400
 * TRANSACTION_SIZE_LIMIT_EXCEEDED), daily volume (429 DAILY_VOLUME_LIMIT_EXCEEDED, UTC day), and
 * the spec's ACH_SAME_DAY per-entry limit, which rises on 2027-09-17 (US Eastern).
 */
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { EMPTY_PLATFORM_CONFIG, type PlatformConfig } from '../../src/domains/config/index.js';
import {
  ACH_SAME_DAY_LIMIT_RISE_AT_MS,
  achSameDayLimitMinor,
  checkAchSameDay,
  checkDailyVolume,
  checkTransactionSize,
  checkWithdrawalSize,
  dailyVolumeLimit,
  singleTransactionMaximum,
  utcDayOf,
  withdrawalMaximum,
} from '../../src/domains/pricing/index.js';

const CONFIG: PlatformConfig = {
  ...EMPTY_PLATFORM_CONFIG,
  transactionLimits: [
    { sendingCurrency: 'USD', maxAmountMinor: '1000000' },
    { sendingCurrency: 'USD', receivingCurrency: 'MXN', maxAmountMinor: '50000' },
    { withdrawalCurrency: 'USD', maxAmountMinor: '200000' },
  ],
  dailyVolumeLimits: [{ currency: 'USD', maxAmountMinor: '500000' }],
};

describe('single-transaction maximums', () => {
  it('takes the exact corridor first, then the sending currency to any currency', () => {
    expect(singleTransactionMaximum(CONFIG, 'USD', 'MXN')).toBe(50_000n);
    expect(singleTransactionMaximum(CONFIG, 'USD', 'EUR')).toBe(1_000_000n);
    expect(singleTransactionMaximum(CONFIG, 'EUR', 'USD')).toBeUndefined();
  });

  it('keeps withdrawal maximums apart from corridor maximums', () => {
    expect(withdrawalMaximum(CONFIG, 'USD')).toBe(200_000n);
    expect(withdrawalMaximum(CONFIG, 'EUR')).toBeUndefined();
  });

  it('allows exactly the maximum and rejects one minor unit more with 400 TRANSACTION_SIZE_LIMIT_EXCEEDED', () => {
    expect(checkTransactionSize(CONFIG, 'USD', 'MXN', 50_000n).ok).toBe(true);
    const above = checkTransactionSize(CONFIG, 'USD', 'MXN', 50_001n);
    expect(above.ok).toBe(false);
    if (above.ok) return;
    expect([above.error.status, above.error.code]).toEqual([400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED']);
    expect(above.error.details).toMatchObject({ maxAmount: '50000' });
  });

  it('rejects a withdrawal above its currency maximum with 400 TRANSACTION_SIZE_LIMIT_EXCEEDED', () => {
    expect(checkWithdrawalSize(CONFIG, 'USD', 200_000n).ok).toBe(true);
    const above = checkWithdrawalSize(CONFIG, 'USD', 200_001n);
    expect(!above.ok && above.error.code).toBe('TRANSACTION_SIZE_LIMIT_EXCEEDED');
  });

  it('lets anything through when nothing is configured', () => {
    expect(checkTransactionSize(EMPTY_PLATFORM_CONFIG, 'USD', 'MXN', 10n ** 15n).ok).toBe(true);
  });
});

describe('daily volume', () => {
  it('allows reaching the limit exactly and rejects passing it with 429 DAILY_VOLUME_LIMIT_EXCEEDED', () => {
    expect(dailyVolumeLimit(CONFIG, 'USD')).toBe(500_000n);
    expect(checkDailyVolume(CONFIG, 'USD', 400_000n, 100_000n).ok).toBe(true);
    const above = checkDailyVolume(CONFIG, 'USD', 400_000n, 100_001n);
    expect(above.ok).toBe(false);
    if (above.ok) return;
    expect([above.error.status, above.error.code]).toEqual([429, 'DAILY_VOLUME_LIMIT_EXCEEDED']);
  });

  it('counts over the UTC day, half-open', () => {
    const day = utcDayOf(Date.parse('2026-03-08T23:59:59.999Z'));
    expect(day).toEqual({ startMs: Date.parse('2026-03-08T00:00:00Z'), endMs: Date.parse('2026-03-09T00:00:00Z') });
    expect(utcDayOf(Date.parse('2026-03-09T00:00:00Z')).startMs).toBe(day.endMs);
  });
});

describe('ACH_SAME_DAY per-entry limit', () => {
  it('rises at midnight US Eastern on 2027-09-17', () => {
    expect(ACH_SAME_DAY_LIMIT_RISE_AT_MS).toBe(new TZDate(2027, 8, 17, 'America/New_York').getTime());
  });

  it.each([
    ['the last millisecond before the rise', ACH_SAME_DAY_LIMIT_RISE_AT_MS - 1, 100_000_000n],
    ['the instant of the rise', ACH_SAME_DAY_LIMIT_RISE_AT_MS, 1_000_000_000n],
    ['a day in 2026', Date.parse('2026-06-01T12:00:00Z'), 100_000_000n],
    ['a day in 2028', Date.parse('2028-01-01T12:00:00Z'), 1_000_000_000n],
  ])('is the right amount at %s', (_name, atMs, limit) => {
    expect(achSameDayLimitMinor(atMs)).toBe(limit);
  });

  it('accepts exactly USD 1,000,000 before the rise and rejects a cent more with 400 AMOUNT_OUT_OF_RANGE', () => {
    const before = ACH_SAME_DAY_LIMIT_RISE_AT_MS - 1;
    expect(checkAchSameDay(100_000_000n, before).ok).toBe(true);
    const above = checkAchSameDay(100_000_001n, before);
    expect(!above.ok && [above.error.status, above.error.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
  });

  it('accepts USD 10,000,000 from the rise and rejects a cent more', () => {
    expect(checkAchSameDay(1_000_000_000n, ACH_SAME_DAY_LIMIT_RISE_AT_MS).ok).toBe(true);
    expect(checkAchSameDay(1_000_000_001n, ACH_SAME_DAY_LIMIT_RISE_AT_MS).ok).toBe(false);
  });
});
