/**
 * Policy evaluation: the fixed order in which rules are reported (a table whose row i breaks rule i
 * and every later one, so rule i must be the one reported), each spending limit at its boundary,
 * and the usage counters' reset at the UTC day and month. Rejections are 403 FORBIDDEN whose
 * `details.rule` names the rule, and write nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { agentPays, type Answer, asAgent, connectedAgent, expectRejected, OPEN_POLICY, payer, quoteBody, setup } from './support.js';

/** The order of docs/agents.md "Policy evaluation order"; the last row is the quote domain's own check. */
const ORDER = [
  { rule: 'isPaused' },
  { rule: 'permissions' },
  { rule: 'accountRestrictions.allowedSourceAccountIds' },
  { rule: 'accountRestrictions.allowedDestinationAccountIds' },
  { rule: 'spendingLimits.currency' },
  { rule: 'spendingLimits.perTransactionLimit' },
  { rule: 'spendingLimits.dailyTransactionLimit' },
  { rule: 'spendingLimits.dailyLimit' },
  { rule: 'spendingLimits.monthlyLimit' },
  { rule: 'INSUFFICIENT_FUNDS' },
] as const;

/** A policy that breaks rule `from` and every later rule (amount 5000, balance 1000). */
function policyBreakingFrom(from: number): Record<string, unknown> {
  const breaks = (rule: string) => ORDER.findIndex((row) => row.rule === rule) >= from;
  return {
    ...OPEN_POLICY,
    permissions: breaks('permissions') ? ['CREATE_QUOTES'] : OPEN_POLICY.permissions,
    accountRestrictions: {
      allowedSourceAccountIds: breaks('accountRestrictions.allowedSourceAccountIds') ? [] : null,
      allowedDestinationAccountIds: breaks('accountRestrictions.allowedDestinationAccountIds') ? [] : null,
    },
    spendingLimits: {
      currency: breaks('spendingLimits.currency') ? 'EUR' : 'USD',
      perTransactionLimit: breaks('spendingLimits.perTransactionLimit') ? 4999 : null,
      dailyTransactionLimit: breaks('spendingLimits.dailyTransactionLimit') ? 0 : null,
      dailyLimit: breaks('spendingLimits.dailyLimit') ? 4999 : null,
      monthlyLimit: breaks('spendingLimits.monthlyLimit') ? 4999 : null,
    },
  };
}

describe('policy evaluation order', () => {
  it.each(ORDER.map((row, index) => ({ ...row, index })))('reports $rule first when it and every later rule are broken', ({ rule, index }) => {
    const h = setup();
    const a = payer(h, 1000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId);
    const quote = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 5000)).body;
    h.ok('PATCH', `/agents/${agentId}/policy`, policyBreakingFrom(index));
    if (rule === 'isPaused') h.ok('PATCH', `/agents/${agentId}`, { isPaused: true });
    const response = asAgent(h, token, 'POST', `/agents/me/quotes/${quote.id}/execute`);
    if (rule === 'INSUFFICIENT_FUNDS') {
      expectRejected(response, 400, 'INSUFFICIENT_FUNDS');
      return;
    }
    const body = expectRejected(response, 403, 'FORBIDDEN');
    expect(body.details.rule).toBe(rule);
    expect(body.reason.length).toBeGreaterThan(0);
  });
});

function limited(h: Harness, spendingLimits: Record<string, unknown>): { pay: (amount: number) => Answer; agentId: string } {
  const a = payer(h, 100_000_000);
  const b = payer(h, 0);
  const { agentId, token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, spendingLimits: { currency: 'USD', ...spendingLimits } });
  return { agentId, pay: (amount) => agentPays(h, token, a.accountId, b.accountId, amount) };
}

function at(h: Harness, instant: string): void {
  h.now = instant;
}

describe('spending limits', () => {
  it('perTransactionLimit: an execution of exactly the limit passes, one minor unit more is 403', () => {
    const h = setup();
    const { pay } = limited(h, { perTransactionLimit: 1000 });
    expect(pay(1000).body.status).toBe('APPROVED');
    const body = expectRejected(pay(1001), 403, 'FORBIDDEN');
    expect(body.details).toMatchObject({ rule: 'spendingLimits.perTransactionLimit', limit: 1000, amount: 1001 });
  });

  it('dailyTransactionLimit: the third execution of a UTC day is 403; the next UTC day starts at zero', () => {
    const h = setup('2026-01-05T23:50:00.000Z');
    const { pay } = limited(h, { dailyTransactionLimit: 2 });
    expect(pay(1).body.status).toBe('APPROVED');
    expect(pay(1).body.status).toBe('APPROVED');
    at(h, '2026-01-05T23:59:59.999Z');
    expect(expectRejected(pay(1), 403, 'FORBIDDEN').details).toMatchObject({ rule: 'spendingLimits.dailyTransactionLimit', limit: 2, used: 2 });
    at(h, '2026-01-06T00:00:00.000Z');
    expect(pay(1).body.status).toBe('APPROVED');
  });

  it('dailyLimit: spend up to the limit passes, beyond is 403; it resets at 00:00 UTC', () => {
    const h = setup('2026-01-05T20:00:00.000Z');
    const { pay, agentId } = limited(h, { dailyLimit: 1000 });
    expect(pay(600).body.status).toBe('APPROVED');
    expect(expectRejected(pay(401), 403, 'FORBIDDEN').details).toMatchObject({ rule: 'spendingLimits.dailyLimit', limit: 1000, used: 600, amount: 401 });
    expect(pay(400).body.status).toBe('APPROVED');
    at(h, '2026-01-06T00:00:00.000Z');
    expect(h.ok('GET', `/agents/${agentId}`).usage).toMatchObject({ day: '2026-01-06', dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 1000 });
    expect(pay(1000).body.status).toBe('APPROVED');
  });

  it('monthlyLimit: spend across days of a UTC month adds up; it resets on the 1st at 00:00 UTC', () => {
    const h = setup('2026-01-30T12:00:00.000Z');
    const { pay } = limited(h, { monthlyLimit: 1500 });
    expect(pay(1000).body.status).toBe('APPROVED');
    at(h, '2026-01-31T12:00:00.000Z');
    expect(pay(500).body.status).toBe('APPROVED');
    expect(expectRejected(pay(1), 403, 'FORBIDDEN').details).toMatchObject({ rule: 'spendingLimits.monthlyLimit', used: 1500 });
    at(h, '2026-02-01T00:00:00.000Z');
    expect(pay(1500).body.status).toBe('APPROVED');
  });

  it('counts an execution when it starts: waiting actions use none of the limit, and a rejected one never does', () => {
    const h = setup();
    const a = payer(h, 100_000);
    const b = payer(h, 0);
    const { agentId, token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', dailyLimit: 1000 } });
    const first = agentPays(h, token, a.accountId, b.accountId, 800).body;
    const second = agentPays(h, token, a.accountId, b.accountId, 800).body;
    expect([first.status, second.status]).toEqual(['PENDING_APPROVAL', 'PENDING_APPROVAL']);
    h.ok('POST', `/agents/${agentId}/actions/${first.id}/reject`);
    expect(h.ok('POST', `/agents/${agentId}/actions/${second.id}/approve`).status).toBe('APPROVED');
    expect(h.ok('GET', `/agents/${agentId}`).usage.dailySpend).toBe(800);
  });

  it('a dailyTransactionLimit alone applies whatever currency the quote sends', () => {
    const h = setup();
    const { pay } = limited(h, { currency: 'EUR', dailyTransactionLimit: 1 });
    expect(pay(100).body.status).toBe('APPROVED');
    expect(expectRejected(pay(100), 403, 'FORBIDDEN').details.rule).toBe('spendingLimits.dailyTransactionLimit');
  });
});
