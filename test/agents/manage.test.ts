/**
 * The platform's management of agents (Basic credentials): create with a first device code, read,
 * list, pause and resume, change the policy, issue a new device code, delete. Every rejected
 * request writes no event.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_ACTION_PENDING_APPROVAL } from '../../src/domains/agents/notify.js';
import { DEVICE_CODE_TTL_MS } from '../../src/domains/agents/credentials.js';
import { AGENTS_PER_CUSTOMER_MAX } from '../../src/domains/agents/manage.js';
import { agentPays, asAgent, call, expectRejected, newAgent, OPEN_POLICY, payer, redeem, setup, webhooks } from './support.js';

const CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

describe('POST /agents', () => {
  it('answers 201 with the agent, its normalised policy and a device code that expires in 15 minutes', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const response = call(h, 'POST', '/agents', { customerId, name: '  Budget bot ', policy: { permissions: ['EXECUTE_QUOTES', 'CREATE_QUOTES'] } });
    expect(response.status).toBe(201);
    const { agent, deviceCode } = response.body;
    expect(agent).toEqual({
      id: expect.stringMatching(/^Agent:[0-9a-f-]{36}$/),
      customerId,
      platformCustomerId: expect.any(String),
      name: 'Budget bot',
      isPaused: false,
      isConnected: false,
      policy: {
        permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'],
        defaultExecutionMode: 'APPROVAL_REQUIRED',
        spendingLimits: null,
      },
      // The reference's AgentUsage: spend as integers of the limits' currency (USD without limits); unset policy parts omitted.
      usage: {
        day: '2026-01-05', dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: '2026-01-06', dailySpendByCurrency: [],
        month: '2026-01', monthlySpend: 0, monthlyResetMonth: '2026-02', monthlySpendByCurrency: [],
      },
      createdAt: h.now,
      updatedAt: h.now,
    });
    expect(deviceCode.code).toMatch(CODE);
    expect(Date.parse(deviceCode.expiresAt) - Date.parse(h.now)).toBe(DEVICE_CODE_TTL_MS);
    expect(response.events.map((e) => e.type)).toEqual(['AgentCreated', 'AgentDeviceCodeIssued']);
    expect(h.ok('GET', `/agents/${agent.id}`)).toEqual(agent);
  });

  it('keeps only the hash of the device code in the log', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const response = call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: OPEN_POLICY });
    const code: string = response.body.deviceCode.code;
    const logged = JSON.stringify(response.events);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(code.replace('-', ''));
  });

  it('rejects an invalid body with 400 INVALID_INPUT listing every invalid field', () => {
    const h = setup();
    const body = expectRejected(
      call(h, 'POST', '/agents', {
        name: '',
        policy: {
          permissions: ['FLY', 'CREATE_QUOTES'],
          defaultExecutionMode: 'SOMETIMES',
          spendingLimits: { currency: 'XXX', dailyLimit: -1, perTransactionLimit: 1.5 },
          // The reference: currency "required when amount is set".
          approvalThresholds: { amount: 100 },
          extra: true,
        },
      }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'customerId',
      'name',
      'policy.approvalThresholds.currency',
      'policy.defaultExecutionMode',
      'policy.extra',
      'policy.permissions[0]',
      'policy.spendingLimits.currency',
      'policy.spendingLimits.dailyLimit',
      'policy.spendingLimits.perTransactionLimit',
    ]);
  });

  it('rejects a permission listed twice with 400 INVALID_INPUT on policy.permissions', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const body = expectRejected(call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: { permissions: ['CREATE_QUOTES', 'CREATE_QUOTES'] } }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['policy.permissions']);
  });

  it('rejects a 101st live agent of one customer with 409 CONFLICT; deleting one frees a place', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const ids = Array.from({ length: AGENTS_PER_CUSTOMER_MAX }, () => newAgent(h, customerId).agentId);
    expectRejected(call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: OPEN_POLICY }), 409, 'CONFLICT');
    h.ok('DELETE', `/agents/${ids[0]}`);
    expect(call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: OPEN_POLICY }).status).toBe(201);
  });

  it('rejects an unknown customer with 404 CUSTOMER_NOT_FOUND', () => {
    const h = setup();
    expectRejected(call(h, 'POST', '/agents', { customerId: 'Customer:nobody', name: 'Bot', policy: OPEN_POLICY }), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('rejects Bearer credentials on a platform route with 401 UNAUTHORIZED', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { code } = newAgent(h, customerId);
    const token = redeem(h, code);
    expectRejected(call(h, 'POST', '/agents', { customerId, name: 'Bot', policy: OPEN_POLICY }, { authorization: `Bearer ${token}` }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /agents', () => {
  it('lists live agents oldest first with the spec list shape, filtered by customerId, paging with a cursor', () => {
    const h = setup();
    const a = payer(h, 0);
    const b = payer(h, 0);
    const ids = [newAgent(h, a.customerId).agentId, newAgent(h, b.customerId).agentId, newAgent(h, a.customerId).agentId];
    const first = h.ok('GET', '/agents?limit=2');
    expect(first.data.map((agent: { id: string }) => agent.id)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    const second = h.ok('GET', `/agents?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((agent: { id: string }) => agent.id)).toEqual([ids[2]]);
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeUndefined();
    const ofA = h.ok('GET', `/agents?customerId=${a.customerId}`);
    expect(ofA.data.map((agent: { id: string }) => agent.id)).toEqual([ids[0], ids[2]]);
    h.ok('DELETE', `/agents/${ids[0]}`);
    expect(h.ok('GET', '/agents').totalCount).toBe(2);
  });

  it('rejects limit 0, limit 101 and a cursor of another query with 400 INVALID_INPUT', () => {
    const h = setup();
    const a = payer(h, 0);
    newAgent(h, a.customerId);
    newAgent(h, a.customerId);
    expectRejected(call(h, 'GET', '/agents?limit=0'), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'GET', '/agents?limit=101'), 400, 'INVALID_INPUT');
    expect(call(h, 'GET', '/agents?limit=100').status).toBe(200);
    const cursor = h.ok('GET', '/agents?limit=1').nextCursor;
    expectRejected(call(h, 'GET', `/agents?limit=1&customerId=${a.customerId}&cursor=${cursor}`), 400, 'INVALID_INPUT');
  });

  it('rejects an unknown query parameter and an unknown customer filter', () => {
    const h = setup();
    expectRejected(call(h, 'GET', '/agents?colour=red'), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'GET', '/agents?customerId=Customer:nobody'), 404, 'CUSTOMER_NOT_FOUND');
  });
});

describe('GET /agents/{agentId}', () => {
  it('answers 404 NOT_FOUND for an unknown agent', () => {
    const h = setup();
    expectRejected(call(h, 'GET', '/agents/Agent:nobody'), 404, 'NOT_FOUND');
  });
});

describe('PATCH /agents/{agentId}', () => {
  it('pauses and resumes the agent; the same value again writes nothing', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    h.now = '2026-01-05T16:01:00.000Z';
    const paused = call(h, 'PATCH', `/agents/${agentId}`, { isPaused: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isPaused: true, updatedAt: '2026-01-05T16:01:00.000Z' });
    expect(paused.events.map((e) => e.type)).toEqual(['AgentPauseChanged']);
    const again = call(h, 'PATCH', `/agents/${agentId}`, { isPaused: true });
    expect(again.status).toBe(200);
    expect(again.events).toEqual([]);
    expect(h.ok('PATCH', `/agents/${agentId}`, { isPaused: false }).isPaused).toBe(false);
  });

  it('issue 12, reference AgentUpdateRequest: renames the agent by name (trimmed), with or without isPaused; the same name writes nothing', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    h.now = '2026-01-05T16:02:00.000Z';
    const renamed = call(h, 'PATCH', `/agents/${agentId}`, { name: ' Payroll bot ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Payroll bot', isPaused: false, updatedAt: '2026-01-05T16:02:00.000Z' });
    expect(renamed.events.map((e) => e.type)).toEqual(['AgentRenamed']);
    expect(h.ok('GET', `/agents/${agentId}`).name).toBe('Payroll bot');
    const both = call(h, 'PATCH', `/agents/${agentId}`, { name: 'Payroll bot', isPaused: true });
    expect(both.events.map((e) => e.type)).toEqual(['AgentPauseChanged']);
    expect(both.body).toMatchObject({ name: 'Payroll bot', isPaused: true });
    const again = call(h, 'PATCH', `/agents/${agentId}`, { name: 'Other', isPaused: false });
    expect(again.events.map((e) => e.type)).toEqual(['AgentRenamed', 'AgentPauseChanged']);
  });

  it('rejects a body without a boolean isPaused with 400 and an unknown agent with 404', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    expectRejected(call(h, 'PATCH', `/agents/${agentId}`, { isPaused: 'yes' }), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', `/agents/${agentId}`, {}), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', `/agents/${agentId}`, { name: '  ' }), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', `/agents/${agentId}`, { name: 'x', colour: 'red' }), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', '/agents/Agent:nobody', { isPaused: true }), 404, 'NOT_FOUND');
  });
});

describe('PATCH /agents/{agentId}/policy', () => {
  it('replaces only the top-level fields given; an unchanged policy writes nothing', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId, {
      permissions: ['CREATE_QUOTES'],
      defaultExecutionMode: 'AUTO',
      spendingLimits: { currency: 'USD', dailyLimit: 5000 },
    });
    const changed = call(h, 'PATCH', `/agents/${agentId}/policy`, { approvalThresholds: { currency: 'USD', amount: 1000 }, permissions: ['EXECUTE_QUOTES'] });
    expect(changed.status).toBe(200);
    expect(changed.events.map((e) => e.type)).toEqual(['AgentPolicyChanged']);
    expect(changed.body.policy).toEqual({
      permissions: ['EXECUTE_QUOTES'],
      defaultExecutionMode: 'AUTO',
      spendingLimits: { currency: 'USD', perTransactionLimit: null, dailyLimit: 5000, monthlyLimit: null },
      approvalThresholds: { currency: 'USD', amount: 1000 },
    });
    expect(call(h, 'PATCH', `/agents/${agentId}/policy`, { defaultExecutionMode: 'AUTO' }).events).toEqual([]);
    expect(h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: null }).policy.spendingLimits).toBeNull();
  });

  it('rejects an empty patch and an invalid field with 400 INVALID_INPUT', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId } = newAgent(h, customerId);
    expectRejected(call(h, 'PATCH', `/agents/${agentId}/policy`, {}), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', `/agents/${agentId}/policy`, { defaultExecutionMode: 'NEVER' }), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'PATCH', '/agents/Agent:nobody/policy', { defaultExecutionMode: 'AUTO' }), 404, 'NOT_FOUND');
  });
});

describe('POST /agents/{agentId}/device-codes', () => {
  it('issues a new code that supersedes the earlier unredeemed one', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code: first } = newAgent(h, customerId);
    const response = call(h, 'POST', `/agents/${agentId}/device-codes`);
    expect(response.status).toBe(201);
    // The reference's AgentDeviceCode (flat), with the first shape's deviceCode kept beside it.
    const code = expect.stringMatching(CODE);
    expect(response.body).toEqual({ code, agentId, expiresAt: expect.any(String), redeemed: false, deviceCode: { code, expiresAt: expect.any(String) } });
    expect(response.body.deviceCode.code).not.toBe(first);
    expectRejected(call(h, 'POST', `/agents/device-codes/${first}/redeem`), 404, 'NOT_FOUND');
    expect(redeem(h, response.body.deviceCode.code)).toMatch(/^agt_[0-9a-f]{64}$/);
  });

  it('rejects an unknown agent with 404 NOT_FOUND', () => {
    const h = setup();
    expectRejected(call(h, 'POST', '/agents/Agent:nobody/device-codes'), 404, 'NOT_FOUND');
  });
});

describe('DELETE /agents/{agentId}', () => {
  it('answers 204, revokes the token (401), rejects its pending actions, and is 404 afterwards', () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h, 0);
    const { agentId, code } = newAgent(h, a.customerId, { permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'] });
    const token = redeem(h, code);
    const pending = agentPays(h, token, a.accountId, b.accountId, 100);
    expect(pending.body.status).toBe('PENDING_APPROVAL');
    expect(webhooks(pending.events, AGENT_ACTION_PENDING_APPROVAL)).toHaveLength(1);
    const deleted = call(h, 'DELETE', `/agents/${agentId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.events.map((e) => e.type)).toEqual(['AgentActionRejected', 'AgentDeleted']);
    expect(h.ok('GET', '/agents/approvals').totalCount).toBe(0);
    expectRejected(asAgent(h, token, 'GET', '/agents/me/actions'), 401, 'UNAUTHORIZED');
    expectRejected(call(h, 'GET', `/agents/${agentId}`), 404, 'NOT_FOUND');
    expectRejected(call(h, 'DELETE', `/agents/${agentId}`), 404, 'NOT_FOUND');
    expectRejected(call(h, 'POST', `/agents/${agentId}/actions/${pending.body.id}/approve`), 404, 'NOT_FOUND');
  });
});
