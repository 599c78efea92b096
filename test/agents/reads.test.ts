/**
 * The agent's reads and its external accounts: `/agents/me/internal-accounts` (its customer's
 * accounts), `/agents/me/transactions` (VIEW_TRANSACTIONS; its customer's only),
 * `POST /agents/me/external-accounts` (MANAGE_EXTERNAL_ACCOUNTS; always for its own customer,
 * through the external-accounts decider).
 */
import { describe, expect, it } from 'vitest';
import { bankAccountInfo } from '../quotes/support.js';
import { agentPays, asAgent, connectedAgent, expectRejected, OPEN_POLICY, payer, setup } from './support.js';

describe('GET /agents/me/internal-accounts', () => {
  it("lists its customer's accounts, not another customer's, in the spec list shape", () => {
    const h = setup();
    const a = payer(h, 700);
    payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { permissions: [] });
    const response = asAgent(h, token, 'GET', '/agents/me/internal-accounts');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [h.ok('GET', `/internal-accounts/${a.accountId}`)], hasMore: false, totalCount: 1 });
    expectRejected(asAgent(h, token, 'GET', '/agents/me/internal-accounts?limit=0'), 400, 'INVALID_INPUT');
    expectRejected(asAgent(h, token, 'GET', '/agents/me/internal-accounts?customerId=x'), 400, 'INVALID_INPUT');
  });
});

describe('GET /agents/me/transactions', () => {
  it("lists only its customer's transactions, newest first, with the type and status filters", () => {
    const h = setup();
    const a = payer(h, 10_000);
    const b = payer(h, 10_000);
    const { token } = connectedAgent(h, a.customerId);
    const theirs = connectedAgent(h, b.customerId);
    const paid = agentPays(h, token, a.accountId, b.accountId, 100).body.transaction.id;
    agentPays(h, theirs.token, b.accountId, a.accountId, 100);
    const mine = asAgent(h, token, 'GET', '/agents/me/transactions').body;
    const expected = h.ok('GET', `/transactions?customerId=${a.customerId}`);
    expect(mine).toEqual(expected);
    expect(mine.data.every((tx: { customerId: string }) => tx.customerId === a.customerId)).toBe(true);
    expect(mine.data.map((tx: { id: string }) => tx.id)).toContain(paid);
    expect(asAgent(h, token, 'GET', '/agents/me/transactions?type=OUTGOING').body.data.map((tx: { id: string }) => tx.id)).toEqual([paid]);
    expect(asAgent(h, token, 'GET', '/agents/me/transactions?status=COMPLETED&type=OUTGOING').body.totalCount).toBe(0);
    expectRejected(asAgent(h, token, 'GET', `/agents/me/transactions?customerId=${b.customerId}`), 400, 'INVALID_INPUT');
  });

  it('rejects an agent without VIEW_TRANSACTIONS with 403 FORBIDDEN', () => {
    const h = setup();
    const a = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { permissions: ['CREATE_QUOTES'] });
    expect(expectRejected(asAgent(h, token, 'GET', '/agents/me/transactions'), 403, 'FORBIDDEN').details).toEqual({ rule: 'permissions', permission: 'VIEW_TRANSACTIONS' });
  });
});

describe('POST /agents/me/external-accounts', () => {
  it('creates an external account of its own customer: 201, the same as the platform would see it', () => {
    const h = setup();
    const a = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const response = asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '789') });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ customerId: a.customerId, currency: 'USD', status: 'PENDING_OWNERSHIP_VERIFICATION' });
    expect(response.events.map((e) => e.type)[0]).toBe('ExternalAccountCreated');
    expect(h.ok('GET', `/customers/external-accounts/${response.body.id}`)).toEqual(response.body);
    const named = asAgent(h, token, 'POST', '/agents/me/external-accounts', { customerId: a.customerId, currency: 'USD', accountInfo: bankAccountInfo('USD', '788') });
    expect(named.status).toBe(201);
  });

  it("answers another customer's id as an unknown customer: 404 CUSTOMER_NOT_FOUND", () => {
    const h = setup();
    const a = payer(h, 0);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    expectRejected(
      asAgent(h, token, 'POST', '/agents/me/external-accounts', { customerId: b.customerId, currency: 'USD', accountInfo: bankAccountInfo('USD', '789') }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
  });

  it('validates like the platform route (every invalid field listed) and keeps its rules (409 DUPLICATE_EXTERNAL_ACCOUNT)', () => {
    const h = setup();
    const a = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const body = expectRejected(asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'EUR', accountInfo: bankAccountInfo('USD', '789'), colour: 1 }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['colour', 'currency']);
    asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '789') });
    expectRejected(asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '789') }), 409, 'DUPLICATE_EXTERNAL_ACCOUNT');
  });

  it('rejects an agent without MANAGE_EXTERNAL_ACCOUNTS with 403 FORBIDDEN', () => {
    const h = setup();
    const a = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, { ...OPEN_POLICY, permissions: ['CREATE_QUOTES'] });
    expectRejected(asAgent(h, token, 'POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '789') }), 403, 'FORBIDDEN');
  });
});
