/**
 * Issue 12, "required vs optional exactly as the reference": AgentApprovalThresholds has no
 * required field. `amount` is nullable ("null means no threshold override") and `currency` is
 * "required when amount is set". Without an amount there is no threshold: the policy answers none
 * (approvalThresholds omitted, as an unset one) and stores null.
 */
import { describe, expect, it } from 'vitest';
import { call, expectRejected, newAgent, payer, setup } from './support.js';

describe('approvalThresholds as the reference\'s AgentApprovalThresholds', () => {
  it.each([[{}], [{ amount: null }], [{ currency: 'USD' }], [{ currency: 'USD', amount: null }]])('POST /agents with %j: accepted, no threshold', (thresholds) => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const r = call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: { permissions: ['CREATE_QUOTES'], approvalThresholds: thresholds } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.agent.policy.approvalThresholds).toBeUndefined();
    const created = r.events.find((e) => e.type === 'AgentCreated');
    expect(JSON.stringify(created?.data)).toContain('"approvalThresholds":null');
  });

  it('PATCH /agents/{id}/policy with { amount: null } removes a threshold (AgentPolicyChanged)', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId, { permissions: ['CREATE_QUOTES'], approvalThresholds: { currency: 'USD', amount: 1000 } });
    const r = call(h, 'PATCH', `/agents/${agentId}/policy`, { approvalThresholds: { amount: null } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.events.map((e) => e.type)).toEqual(['AgentPolicyChanged']);
    expect(r.body.policy.approvalThresholds).toBeUndefined();
  });

  it('an amount without currency is 400 INVALID_INPUT on approvalThresholds.currency, nothing written', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    const body = expectRejected(call(h, 'PATCH', `/agents/${agentId}/policy`, { approvalThresholds: { amount: 1000 } }), 400, 'INVALID_INPUT');
    expect(body.details.errors).toEqual([expect.objectContaining({ field: 'approvalThresholds.currency', message: 'currency is required when amount is set' })]);
  });
});
