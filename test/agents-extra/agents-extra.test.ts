/**
 * The eight agent operations of agents-extra.ts: device-code status, the agent's own transaction
 * and quote reads, transfer-in / transfer-out as AgentActions under the policy, and the agent's
 * external accounts (list, get, delete). Another customer's resource is not found.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { asAgent, connectedAgent, expectRejected, newAgent, OPEN_POLICY, payer, quoteBody, redeem, setup } from '../agents/support.js';
import { newExternalAccount } from '../quotes/support.js';

function world() {
  const h = setup();
  const alice = payer(h);
  const bob = payer(h);
  const aliceBank = newExternalAccount(h, alice.customerId, 'USD', '123');
  const bobBank = newExternalAccount(h, bob.customerId, 'USD', '123');
  const agent = connectedAgent(h, alice.customerId);
  return { h, alice, bob, aliceBank, bobBank, agent };
}

describe('GET /agents/device-codes/{code}/status', () => {
  it('answers redeemed false, then true after redemption; any typed form of the code; unknown is 404 NOT_FOUND', () => {
    const h = setup();
    const { customerId } = payer(h);
    const { code } = newAgent(h, customerId);
    expect(h.ok('GET', `/agents/device-codes/${code}/status`)).toEqual({ code, redeemed: false });
    redeem(h, code);
    expect(h.ok('GET', `/agents/device-codes/${code.toLowerCase().replace('-', '')}/status`)).toEqual({ code, redeemed: true });
    expectRejected(h.call('GET', '/agents/device-codes/BBBB-BBBB/status') as any, 404, 'NOT_FOUND');
  });
});

describe('agent reads of its own transactions and quotes', () => {
  it('reads its own quote and its customer’s transaction; another customer’s is TRANSACTION_NOT_FOUND / QUOTE_NOT_FOUND', () => {
    const w = world();
    const quote = asAgent(w.h, w.agent.token, 'POST', '/agents/me/quotes', quoteBody(w.alice.accountId, w.aliceBank, 1000));
    expect(quote.status).toBe(201); // the reference: POST /agents/me/quotes answers 201
    expect(asAgent(w.h, w.agent.token, 'GET', `/agents/me/quotes/${quote.body.id}`).body).toEqual(quote.body);
    const action = asAgent(w.h, w.agent.token, 'POST', `/agents/me/quotes/${quote.body.id}/execute`);
    const txId = action.body.transaction.id as string;
    expect(asAgent(w.h, w.agent.token, 'GET', `/agents/me/transactions/${txId}`).body.id).toBe(txId);
    // Bob's payout made by the platform is not the agent's to see.
    const bobQuote = w.h.ok('POST', '/quotes', quoteBody(w.bob.accountId, w.bobBank, 500, { immediatelyExecute: true }));
    expectRejected(asAgent(w.h, w.agent.token, 'GET', `/agents/me/transactions/${bobQuote.transactionId}`), 404, 'TRANSACTION_NOT_FOUND');
    expectRejected(asAgent(w.h, w.agent.token, 'GET', `/agents/me/quotes/${bobQuote.id}`), 404, 'QUOTE_NOT_FOUND');
  });

  it('needs VIEW_TRANSACTIONS to read a transaction (403 FORBIDDEN)', () => {
    const w = world();
    const limited = connectedAgent(w.h, w.alice.customerId, { ...OPEN_POLICY, permissions: ['CREATE_QUOTES'] });
    expectRejected(asAgent(w.h, limited.token, 'GET', '/agents/me/transactions/Transaction:x'), 403, 'FORBIDDEN');
  });
});

describe('POST /agents/me/transfer-out and /transfer-in', () => {
  it('transfer-out runs at once under AUTO: 201 APPROVED AgentAction whose transaction carries agentId', () => {
    const w = world();
    const r = asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-out', { source: { accountId: w.alice.accountId }, destination: { accountId: w.aliceBank }, amount: 2500 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_OUT', agentId: w.agent.agentId, customerId: w.alice.customerId });
    expect(r.body.transaction).toMatchObject({ agentId: w.agent.agentId, type: 'OUTGOING' });
    expect(asAgent(w.h, w.agent.token, 'GET', `/agents/me/quotes/${r.body.quote.id}`).status).toBe(200);
  });

  it('transfer-out waits for approval under APPROVAL_REQUIRED (PENDING_APPROVAL, no transaction); approving executes it', () => {
    const w = world();
    const careful = connectedAgent(w.h, w.alice.customerId, { ...OPEN_POLICY, defaultExecutionMode: 'APPROVAL_REQUIRED' });
    const r = asAgent(w.h, careful.token, 'POST', '/agents/me/transfer-out', { source: { accountId: w.alice.accountId }, destination: { accountId: w.aliceBank }, amount: 2500 });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('PENDING_APPROVAL');
    expect(r.body.transaction).toBeUndefined();
    const approved = w.h.ok('POST', `/agents/${careful.agentId}/actions/${r.body.id}/approve`);
    expect(approved.status).toBe('APPROVED');
    expect(approved.transaction.type).toBe("OUTGOING");
  });

  it('transfer-in pulls from the customer’s own external account into its internal account', () => {
    const w = world();
    const r = asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-in', { source: { accountId: w.aliceBank }, destination: { accountId: w.alice.accountId }, amount: 1000 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_IN' });
    expect(r.body.transaction.type).toBe('INCOMING');
  });

  it('refuses without CREATE_TRANSFERS (403), another customer’s account (404 ACCOUNT_NOT_FOUND), the wrong direction (400), and writes nothing', () => {
    const w = world();
    const noTransfers = connectedAgent(w.h, w.alice.customerId, { ...OPEN_POLICY, permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'] });
    const body = { source: { accountId: w.alice.accountId }, destination: { accountId: w.aliceBank }, amount: 100 };
    expectRejected(asAgent(w.h, noTransfers.token, 'POST', '/agents/me/transfer-out', body), 403, 'FORBIDDEN');
    expectRejected(asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-out', { ...body, destination: { accountId: w.bobBank } }), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-in', body), 400, 'INVALID_INPUT');
    expectRejected(asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-out', { ...body, amount: -1 }), 400, 'INVALID_INPUT');
  });

  it('a spending limit refuses the transfer (403) before anything is written', () => {
    const w = world();
    const capped = connectedAgent(w.h, w.alice.customerId, {
      ...OPEN_POLICY,
      spendingLimits: { currency: 'USD', perTransactionLimit: 1000, dailyLimit: null, dailyTransactionLimit: null, monthlyLimit: null },
    });
    const r = asAgent(w.h, capped.token, 'POST', '/agents/me/transfer-out', { source: { accountId: w.alice.accountId }, destination: { accountId: w.aliceBank }, amount: 5000 });
    expectRejected(r, 403, 'FORBIDDEN');
  });
});

describe('the agent’s external accounts', () => {
  it('lists (with currency filter) and gets its customer’s accounts only; deletes one (204) with MANAGE_EXTERNAL_ACCOUNTS', () => {
    const w = world();
    const list = asAgent(w.h, w.agent.token, 'GET', '/agents/me/external-accounts');
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: any) => a.id)).toEqual([w.aliceBank]);
    expect(asAgent(w.h, w.agent.token, 'GET', '/agents/me/external-accounts?currency=EUR').body.totalCount).toBe(0);
    expect(asAgent(w.h, w.agent.token, 'GET', '/agents/me/external-accounts?currency=XXX').status).toBe(400);
    expect(asAgent(w.h, w.agent.token, 'GET', `/agents/me/external-accounts/${w.aliceBank}`).body.id).toBe(w.aliceBank);
    expectRejected(asAgent(w.h, w.agent.token, 'GET', `/agents/me/external-accounts/${w.bobBank}`), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(asAgent(w.h, w.agent.token, 'DELETE', `/agents/me/external-accounts/${w.bobBank}`), 404, 'ACCOUNT_NOT_FOUND');
    const reader = connectedAgent(w.h, w.alice.customerId, { ...OPEN_POLICY, permissions: ['VIEW_TRANSACTIONS'] });
    expectRejected(asAgent(w.h, reader.token, 'DELETE', `/agents/me/external-accounts/${w.aliceBank}`), 403, 'FORBIDDEN');
    const del = asAgent(w.h, w.agent.token, 'DELETE', `/agents/me/external-accounts/${w.aliceBank}`);
    expect(del.status).toBe(204);
    expect(asAgent(w.h, w.agent.token, 'GET', '/agents/me/external-accounts').body.totalCount).toBe(0);
  });

  it('replay rebuilds the state the agent operations wrote', () => {
    const w = world();
    asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-out', { source: { accountId: w.alice.accountId }, destination: { accountId: w.aliceBank }, amount: 700 });
    asAgent(w.h, w.agent.token, 'DELETE', `/agents/me/external-accounts/${w.aliceBank}`);
    expect(stateText(createEngine({ events: w.h.log }))).toBe(stateText(w.h.engine));
  });
});
