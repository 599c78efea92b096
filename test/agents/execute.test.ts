/**
 * POST /agents/me/quotes/{quoteId}/execute and the platform's approval queue: an AUTO action within
 * policy executes at once (APPROVED with its transaction, attributed to the agent); one that needs
 * approval waits (PENDING_APPROVAL, AGENT_ACTION.PENDING_APPROVAL webhook) until the platform
 * approves (re-checking the policy, then executing; a failed start is FAILED) or rejects it.
 */
import { describe, expect, it } from 'vitest';
import { PENDING_ACTIONS_PER_AGENT_MAX } from '../../src/domains/agents/actions.js';
import { AGENT_ACTION_PENDING_APPROVAL } from '../../src/domains/agents/notify.js';
import { balanceOf } from '../quotes/support.js';
import { agentPays, asAgent, call, connectedAgent, expectRejected, OPEN_POLICY, payer, quoteBody, setup, webhooks } from './support.js';

const APPROVAL = { permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: 'APPROVAL_REQUIRED' };

describe('executing within policy in AUTO mode', () => {
  it('executes at once: 200 APPROVED action with its transaction, which carries the agentId', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId);
    const response = agentPays(h, token, a.accountId, b.accountId, 2500);
    expect(response.status).toBe(200);
    const action = response.body;
    expect(action).toMatchObject({
      id: expect.stringMatching(/^AgentAction:[0-9a-f-]{36}$/),
      agentId,
      customerId: a.customerId,
      platformCustomerId: expect.any(String),
      status: 'APPROVED',
      type: 'EXECUTE_QUOTE',
      createdAt: h.now,
      updatedAt: h.now,
      quote: { status: 'PROCESSING', totalSendingAmount: 2500 },
      transaction: { status: 'PROCESSING', agentId, customerId: a.customerId, source: { accountId: a.accountId } },
    });
    expect(action.rejectionReason).toBeUndefined();
    expect(response.events.map((e) => e.type)).toContain('AgentActionCreated');
    expect(h.ok('GET', `/transactions/${action.transaction.id}`).agentId).toBe(agentId);
    expect(balanceOf(h, a.accountId)).toBe(7500);
    expect(h.ok('GET', `/agents/${agentId}`).usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 2500, monthlySpend: 2500, dailySpendByCurrency: [{ amount: 2500 }] });
    expect(webhooks(response.events, AGENT_ACTION_PENDING_APPROVAL)).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first action and writes nothing: never pays twice', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 2500)).body;
    const headers = { authorization: `Bearer ${token}`, 'Idempotency-Key': 'exec-1' };
    const first = call(h, 'POST', `/agents/me/quotes/${quote.id}/execute`, undefined, headers);
    const retry = call(h, 'POST', `/agents/me/quotes/${quote.id}/execute`, undefined, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.events).toEqual([]);
    expect(balanceOf(h, a.accountId)).toBe(7500);
  });

  it('executes an amount equal to the approval threshold at once, and waits for approval strictly above it', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, approvalThresholds: { currency: 'USD', amount: 1000 } });
    expect(agentPays(h, token, a.accountId, b.accountId, 1000).body.status).toBe('APPROVED');
    expect(agentPays(h, token, a.accountId, b.accountId, 1001).body.status).toBe('PENDING_APPROVAL');
  });

  it('waits for approval when the threshold is in another currency than the quote sends (it cannot be compared)', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, approvalThresholds: { currency: 'EUR', amount: 1_000_000 } });
    expect(agentPays(h, token, a.accountId, b.accountId, 1).body.status).toBe('PENDING_APPROVAL');
  });
});

describe('actions that need approval', () => {
  it('wait as PENDING_APPROVAL with no transaction and no money moved, announced by AGENT_ACTION.PENDING_APPROVAL', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const response = agentPays(h, token, a.accountId, b.accountId, 2500);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'PENDING_APPROVAL', quote: { status: 'PENDING' } });
    expect(response.body.transaction).toBeUndefined();
    expect(response.events.map((e) => e.type)).toEqual(['AgentActionCreated', 'WebhookQueued']);
    expect(webhooks(response.events, AGENT_ACTION_PENDING_APPROVAL)).toEqual([response.body]);
    expect(balanceOf(h, a.accountId)).toBe(10_000);
    expect(h.ok('GET', `/agents/${agentId}`).usage.dailyTransactionCount).toBe(0);
    const queue = h.ok('GET', '/agents/approvals');
    expect(queue).toEqual({ data: [response.body], hasMore: false, totalCount: 1 });
    expect(h.ok('GET', `/agents/approvals?agentId=${agentId}`).totalCount).toBe(1);
    expect(h.ok('GET', '/agents/approvals?customerId=Customer:other').totalCount).toBe(0);
  });

  it('execute on approval: APPROVED with the transaction, counted in the usage of the UTC day of approval', () => {
    const h = setup('2026-01-05T23:58:00.000Z');
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, token, a.accountId, b.accountId, 2500).body;
    h.now = '2026-01-06T00:01:00.000Z';
    const approved = call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: pending.id, status: 'APPROVED', updatedAt: h.now, transaction: { agentId, status: 'PROCESSING' } });
    expect(approved.events.at(-1)?.type).toBe('AgentActionApproved');
    expect(balanceOf(h, a.accountId)).toBe(7500);
    expect(h.ok('GET', `/agents/${agentId}`).usage).toMatchObject({ day: '2026-01-06', dailyTransactionCount: 1, dailySpend: 2500 });
    expect(asAgent(h, token, 'GET', `/agents/me/actions/${pending.id}`).body).toEqual(approved.body);
    expect(h.ok('GET', '/agents/approvals').totalCount).toBe(0);
  });

  it('fail on approval when the quote expired: APPROVED then FAILED with failureReason QUOTE_EXPIRED, nothing moved or counted', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, token, a.accountId, b.accountId, 2500).body;
    h.now = '2026-01-05T16:05:00.000Z';
    const failed = call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/approve`);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'FAILED', failureReason: 'QUOTE_EXPIRED' });
    expect(failed.body.transaction).toBeUndefined();
    expect(failed.events.map((e) => e.type)).toEqual(['AgentActionApproved', 'AgentActionFailed']);
    expect(balanceOf(h, a.accountId)).toBe(10_000);
    expect(h.ok('GET', `/agents/${agentId}`).usage.dailyTransactionCount).toBe(0);
    expectRejected(call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/approve`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('fail on approval when the funds are gone: FAILED with failureReason INSUFFICIENT_FUNDS', () => {
    const h = setup();
    const a = payer(h, 3000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, token, a.accountId, b.accountId, 2500).body;
    h.ok('POST', '/quotes', quoteBody(a.accountId, b.accountId, 1000, { immediatelyExecute: true }));
    const failed = h.ok('POST', `/agents/${agentId}/actions/${pending.id}/approve`);
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS' });
  });

  it('re-check the policy on approval: outside it now is 403 FORBIDDEN and the action keeps waiting', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, token, a.accountId, b.accountId, 2500).body;
    const approve = () => call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/approve`);
    h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: { currency: 'USD', perTransactionLimit: 2499 } });
    expect(expectRejected(approve(), 403, 'FORBIDDEN').details.rule).toBe('spendingLimits.perTransactionLimit');
    h.ok('PATCH', `/agents/${agentId}/policy`, { spendingLimits: null, permissions: ['CREATE_QUOTES'] });
    expect(expectRejected(approve(), 403, 'FORBIDDEN').details.rule).toBe('permissions');
    h.ok('PATCH', `/agents/${agentId}/policy`, { permissions: ['EXECUTE_QUOTES'] });
    h.ok('PATCH', `/agents/${agentId}`, { isPaused: true });
    expect(expectRejected(approve(), 403, 'FORBIDDEN').details.rule).toBe('isPaused');
    h.ok('PATCH', `/agents/${agentId}`, { isPaused: false });
    expect(h.ok('GET', '/agents/approvals').data[0].status).toBe('PENDING_APPROVAL');
    expect(approve().body.status).toBe('APPROVED');
  });

  it('reject: 200 REJECTED with rejectionReason, quote not executed; a second decision is 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, token, a.accountId, b.accountId, 2500).body;
    const rejected = call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/reject`, { reason: 'Not this month' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Not this month', quote: { status: 'PENDING' } });
    expect(rejected.body.transaction).toBeUndefined();
    expect(rejected.events.map((e) => e.type)).toEqual(['AgentActionRejected']);
    expectRejected(call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/reject`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    expectRejected(call(h, 'POST', `/agents/${agentId}/actions/${pending.id}/approve`), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    expect(balanceOf(h, a.accountId)).toBe(10_000);
  });

  it('reject without a reason stores none; an invalid reason is 400, an unknown agent or action 404', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const first = connectedAgent(h, a.customerId, APPROVAL);
    const other = connectedAgent(h, a.customerId, APPROVAL);
    const pending = agentPays(h, first.token, a.accountId, b.accountId, 100).body;
    expectRejected(call(h, 'POST', `/agents/${first.agentId}/actions/${pending.id}/reject`, { reason: '' }), 400, 'INVALID_INPUT');
    expectRejected(call(h, 'POST', `/agents/Agent:nobody/actions/${pending.id}/reject`), 404, 'NOT_FOUND');
    expectRejected(call(h, 'POST', `/agents/${other.agentId}/actions/${pending.id}/reject`), 404, 'NOT_FOUND');
    expectRejected(call(h, 'POST', `/agents/${first.agentId}/actions/AgentAction:nobody/approve`), 404, 'NOT_FOUND');
    const rejected = h.ok('POST', `/agents/${first.agentId}/actions/${pending.id}/reject`);
    expect(rejected.status).toBe('REJECTED');
    expect('rejectionReason' in rejected).toBe(false);
  });
});

describe('execute rejections, in order, writing nothing', () => {
  it('rejects an agent without EXECUTE_QUOTES with 403 FORBIDDEN', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { permissions: ['CREATE_QUOTES'], defaultExecutionMode: 'AUTO' });
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100)).body;
    expect(expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`), 403, 'FORBIDDEN').details.rule).toBe('permissions');
  });

  it("answers 404 QUOTE_NOT_FOUND for a quote the agent did not create: another agent's, the platform's, an unknown one", () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const first = connectedAgent(h, a.customerId);
    const second = connectedAgent(h, a.customerId);
    const theirs = asAgent(h, second.token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100)).body;
    const platforms = h.ok('POST', '/quotes', quoteBody(a.accountId, b.accountId, 100));
    for (const quoteId of [theirs.id, platforms.id, 'Quote:nobody']) {
      expectRejected(asAgent(h, first.token, 'POST', `/agents/me/quotes/${quoteId}/execute`), 404, 'QUOTE_NOT_FOUND');
    }
  });

  it('rejects a second execute while an action waits (409 CONFLICT) and after execution (409 INVALID_STATE_TRANSITION)', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, APPROVAL);
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100)).body;
    const pending = asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`).body;
    expect(expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`), 409, 'CONFLICT').details).toEqual({ actionId: pending.id });
    h.ok('POST', `/agents/${agentId}/actions/${pending.id}/approve`);
    expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`), 409, 'INVALID_STATE_TRANSITION');
  });

  it('passes on QUOTE_EXPIRED and INSUFFICIENT_FUNDS without creating an action', () => {
    const h = setup();
    const a = payer(h, 100);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const tooBig = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 101)).body;
    expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${tooBig.id}/execute`), 400, 'INSUFFICIENT_FUNDS');
    const late = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 50)).body;
    h.now = '2026-01-05T16:05:00.000Z';
    expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${late.id}/execute`), 400, 'QUOTE_EXPIRED');
    expect(asAgent(h, token, 'GET', '/agents/me/actions').body.totalCount).toBe(0);
  });

  it('rejects a 101st waiting action of one agent with 409 CONFLICT', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, APPROVAL);
    for (let i = 0; i < PENDING_ACTIONS_PER_AGENT_MAX; i += 1) expect(agentPays(h, token, a.accountId, b.accountId, 1).body.status).toBe('PENDING_APPROVAL');
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 1)).body;
    expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`), 409, 'CONFLICT');
    expect(h.ok('GET', '/agents/approvals?limit=100')).toMatchObject({ totalCount: PENDING_ACTIONS_PER_AGENT_MAX, hasMore: false });
  });

  it('rejects a non-empty body with 400 INVALID_INPUT', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100)).body;
    expectRejected(asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`, { force: true }), 400, 'INVALID_INPUT');
  });
});

describe('GET /agents/me/actions', () => {
  it('lists its own actions oldest first, filtered by status, with limit, cursor, hasMore, nextCursor and totalCount', () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, approvalThresholds: { currency: 'USD', amount: 100 } });
    const other = connectedAgent(h, a.customerId);
    agentPays(h, other.token, a.accountId, b.accountId, 10);
    const ids = [10, 500, 20, 600, 30].map((amount) => agentPays(h, token, a.accountId, b.accountId, amount).body.id as string);
    h.ok('POST', `/agents/${agentId}/actions/${ids[3]}/reject`);
    const all = asAgent(h, token, 'GET', '/agents/me/actions').body;
    expect(all.data.map((x: { id: string }) => x.id)).toEqual(ids);
    expect(all).toMatchObject({ hasMore: false, totalCount: 5 });
    const page1 = asAgent(h, token, 'GET', '/agents/me/actions?status=APPROVED&limit=2').body;
    expect(page1.data.map((x: { id: string }) => x.id)).toEqual([ids[0], ids[2]]);
    expect(page1).toMatchObject({ hasMore: true, totalCount: 3 });
    const page2 = asAgent(h, token, 'GET', `/agents/me/actions?status=APPROVED&limit=2&cursor=${page1.nextCursor}`).body;
    expect(page2.data.map((x: { id: string }) => x.id)).toEqual([ids[4]]);
    expect(page2.hasMore).toBe(false);
    expect(asAgent(h, token, 'GET', '/agents/me/actions?status=PENDING_APPROVAL').body.data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    expect(asAgent(h, token, 'GET', '/agents/me/actions?status=REJECTED').body.totalCount).toBe(1);
    expectRejected(asAgent(h, token, 'GET', `/agents/me/actions?status=REJECTED&cursor=${page1.nextCursor}`), 400, 'INVALID_INPUT');
    expectRejected(asAgent(h, token, 'GET', '/agents/me/actions?status=DONE'), 400, 'INVALID_INPUT');
    expectRejected(asAgent(h, token, 'GET', '/agents/me/actions?limit=101'), 400, 'INVALID_INPUT');
    expectRejected(asAgent(h, other.token, 'GET', `/agents/me/actions/${ids[0]}`), 404, 'NOT_FOUND');
  });
});
