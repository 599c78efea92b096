/**
 * PATCH /agents/{agentId}/policy `spendingLimits` is the reference's AgentSpendingLimitsUpdate: a
 * partial update merged into the stored limits (omitted fields keep their values, null removes
 * dailyLimit / monthlyLimit, a new currency recasts the amounts unchanged), and the merged limits
 * must still be whole (currency, perTransactionLimit) or nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { call, expectRejected, newAgent, OPEN_POLICY, payer, setup } from './support.js';

const LIMITS = { currency: 'USD', perTransactionLimit: 10_000, dailyLimit: 50_000, dailyTransactionLimit: 5, monthlyLimit: 200_000 };

function limitedAgent() {
  const h = setup();
  const { customerId } = payer(h, 0);
  const { agentId } = newAgent(h, customerId, { ...OPEN_POLICY, spendingLimits: LIMITS });
  return { h, agentId, customerId };
}

describe('PATCH /agents/{agentId}/policy spendingLimits is a partial update (AgentSpendingLimitsUpdate)', () => {
  it('a patch of one field keeps the others, and the answer and GET /agents/{id} agree', () => {
    const { h, agentId } = limitedAgent();
    const changed = call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: 70_000 } });
    expect(changed.status).toBe(200);
    expect(changed.events.map((e) => e.type)).toEqual(['AgentPolicyChanged']);
    expect(changed.body.policy.spendingLimits).toEqual({ ...LIMITS, dailyLimit: 70_000 });
    expect(h.ok('GET', `/agents/${agentId}`).policy).toEqual(changed.body.policy);
  });

  it('stores the whole merged limits in AgentPolicyChanged (old logs replay unchanged)', () => {
    const { h, agentId } = limitedAgent();
    const changed = call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { perTransactionLimit: 1 } });
    expect(changed.events[0]?.data).toMatchObject({
      policy: { spendingLimits: { currency: 'USD', perTransactionLimitMinor: '1', dailyLimitMinor: '50000', dailyTransactionLimit: 5, monthlyLimitMinor: '200000' } },
    });
  });

  it('null removes dailyLimit and monthlyLimit and keeps the rest', () => {
    const { h, agentId } = limitedAgent();
    const body = h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: null, monthlyLimit: null } });
    expect(body.policy.spendingLimits).toEqual({ ...LIMITS, dailyLimit: null, monthlyLimit: null });
    expect(h.ok('GET', `/agents/${agentId}`).policy.spendingLimits).toEqual(body.policy.spendingLimits);
  });

  it('currency alone recasts the limits: the amounts stay, now in the new currency', () => {
    const { h, agentId } = limitedAgent();
    const body = h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: { currency: 'EUR' } });
    expect(body.policy.spendingLimits).toEqual({ ...LIMITS, currency: 'EUR' });
    expect(h.ok('GET', `/agents/${agentId}`).policy.spendingLimits).toEqual(body.policy.spendingLimits);
  });

  it('a patch equal to the stored limits writes nothing', () => {
    const { h, agentId } = limitedAgent();
    expect(call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: 50_000 } }).events).toEqual([]);
  });

  it('without stored limits, { dailyLimit } alone is 400 INVALID_INPUT naming currency and perTransactionLimit; nothing written', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    const before = h.ok('GET', `/agents/${agentId}`);
    const rejected = call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: 5_000 } });
    expect(rejected.events).toEqual([]);
    const body = expectRejected(rejected, 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['spendingLimits.currency', 'spendingLimits.perTransactionLimit']);
    const withCurrency = call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { currency: 'USD', dailyLimit: 5_000 } });
    expect(withCurrency.events).toEqual([]);
    expect(expectRejected(withCurrency, 400, 'INVALID_INPUT').details.errors.map((e: { field: string }) => e.field)).toEqual(['spendingLimits.perTransactionLimit']);
    expect(h.ok('GET', `/agents/${agentId}`)).toEqual(before);
  });

  it('without stored limits, currency and perTransactionLimit create them', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    const body = h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: { currency: 'USD', perTransactionLimit: 2_500 } });
    expect(body.policy.spendingLimits).toEqual({ currency: 'USD', perTransactionLimit: 2_500, dailyLimit: null, monthlyLimit: null });
  });

  it('an invalid field in the patch is 400 INVALID_INPUT and keeps the stored limits', () => {
    const { h, agentId } = limitedAgent();
    const rejected = call(h, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: -1 } });
    expect(rejected.events).toEqual([]);
    expectRejected(rejected, 400, 'INVALID_INPUT');
    expect(h.ok('GET', `/agents/${agentId}`).policy.spendingLimits).toEqual(LIMITS);
  });
});
