/**
 * PATCH /config: the named fields replace the stored ones, one `PlatformConfigUpdated` carries the
 * whole new configuration, a no-op writes nothing, `skipVerificationPaperwork` reaches the
 * customers' KYC rules, and the configuration survives replay and snapshots.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';
import { harness } from '../support/harness.js';

const FULL = {
  skipVerificationPaperwork: true,
  feeConfigs: [
    { sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 },
    { sourceCurrency: 'USD', receivingCurrency: 'MXN', variableFeeBps: 25 },
  ],
  railFeeConfigs: [{ rail: 'ACH_SAME_DAY', fixedFee: 500 }],
  transactionLimits: [
    { sendingCurrency: 'USD', receivingCurrency: 'MXN', maxAmount: 1_000_000 },
    { withdrawalCurrency: 'USD', maxAmount: 200_000 },
  ],
  dailyVolumeLimits: [{ currency: 'USD', maxAmount: 5_000_000 }],
  cardTokenization2faConfig: { enabled: true, factors: ['SMS_OTP'] },
};

/** FULL's fee configs as answered: the reference's FeeConfig (feeType, variableFeeBps and fixedFee { amount, currency } always present). */
const FULL_FEES_ANSWERED = [
  { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 50, fixedFee: { amount: 100, currency: 'USD' } },
  { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', receivingCurrency: 'MXN', variableFeeBps: 25, fixedFee: { amount: 0, currency: 'USD' } },
];

describe('PATCH /config', () => {
  it('accepts the reference\'s FeeConfig (feeType, fixedFee as { amount, currency }) as the spec copy\'s integer form (issue 12)', () => {
    const h = harness();
    const body = h.ok('PATCH', '/config', { feeConfigs: [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 30, fixedFee: { amount: 100, currency: 'USD' } }] });
    expect(body.feeConfigs).toEqual([{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 30, fixedFee: { amount: 100, currency: 'USD' } }]);
    expect(h.call('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: { amount: 1, currency: 'EUR' } }] }).status).toBe(400);
  });

  it('stores every field, answers the whole configuration and writes one PlatformConfigUpdated', () => {
    const h = harness();
    const response = h.call('PATCH', '/config', FULL);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ regulated: false, ...FULL, feeConfigs: FULL_FEES_ANSWERED, supportedCurrencies: expect.any(Array), updatedAt: h.now });
    const updates = response.events.filter((e) => e.type === 'PlatformConfigUpdated');
    expect(updates).toHaveLength(1);
    expect(response.events.map((e) => e.type)).toEqual(['PlatformInitialized', 'PlatformConfigUpdated']);
    expect(updates[0]!.data).toMatchObject({
      skipVerificationPaperwork: true,
      config: { feeConfigs: [{ sourceCurrency: 'USD', fixedFeeMinor: '100', variableFeeBps: 50 }, { sourceCurrency: 'USD', receivingCurrency: 'MXN', variableFeeBps: 25 }] },
    });
    expect(h.ok('GET', '/config')).toEqual(response.body);
  });

  it('replaces a named list whole and keeps the fields the body omits', () => {
    const h = harness();
    h.ok('PATCH', '/config', FULL);
    h.now = '2026-01-05T17:00:00.000Z';
    const after = h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: 10 }] });
    expect(after.feeConfigs).toEqual([{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 10, fixedFee: { amount: 0, currency: 'USD' } }]);
    expect(after.railFeeConfigs).toEqual(FULL.railFeeConfigs);
    expect(after.transactionLimits).toEqual(FULL.transactionLimits);
    expect(after.skipVerificationPaperwork).toBe(true);
    expect(after.updatedAt).toBe('2026-01-05T17:00:00.000Z');
  });

  it('clears a list with [] and cardTokenization2faConfig with null', () => {
    const h = harness();
    h.ok('PATCH', '/config', FULL);
    const after = h.ok('PATCH', '/config', { feeConfigs: [], cardTokenization2faConfig: null });
    expect(after.feeConfigs).toEqual([]);
    expect(after).not.toHaveProperty('cardTokenization2faConfig');
  });

  it('writes nothing when the body changes nothing', () => {
    const h = harness();
    h.ok('PATCH', '/config', FULL);
    const again = h.call('PATCH', '/config', FULL);
    expect(again.status).toBe(200);
    expect(again.events).toEqual([]);
    expect(h.call('PATCH', '/config', {}).events).toEqual([]);
  });

  it('turns skipVerificationPaperwork on for the customers: a new individual resolves KYC at creation', () => {
    const h = harness();
    const before = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'p-1', fullName: 'Ada Lovelace' });
    expect(before.kycStatus).toBe('UNVERIFIED');
    h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    const after = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'p-2', fullName: 'Grace Hopper' });
    expect(after.kycStatus).toBe('APPROVED');
    expect(h.engine.state.platform.skipVerificationPaperwork).toBe(true);
  });

  it('replays and resumes from a snapshot to the same configuration', () => {
    const h = harness();
    h.ok('PATCH', '/config', FULL);
    h.ok('PATCH', '/config', { dailyVolumeLimits: [] });
    const text = (engine: ReturnType<typeof createEngine>) => JSON.stringify(snapshotOf(engine.state, engine.head()));
    const replayed = createEngine({ events: h.log });
    expect(text(replayed)).toBe(text(h.engine));
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: h.log.slice(0, 2) }).snapshot()));
    expect(text(createEngine({ snapshot, events: h.log.slice(2) }))).toBe(text(h.engine));
    expect(replayed.state.config.current.dailyVolumeLimits).toEqual([]);
    expect(replayed.state.platform.skipVerificationPaperwork).toBe(true);
  });
});
