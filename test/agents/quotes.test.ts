/**
 * POST /agents/me/quotes: the quote body of POST /quotes, created by the quote domain, from one of
 * the agent's customer's accounts only. Another customer's account answers exactly as an account
 * that does not exist. Rules in their fixed order; rejected requests write nothing.
 */
import { describe, expect, it } from 'vitest';
import { newExternalAccount } from '../quotes/support.js';
import { asAgent, call, connectedAgent, expectRejected, OPEN_POLICY, payer, quoteBody, setup } from './support.js';

describe('POST /agents/me/quotes', () => {
  it('answers 200 with a PENDING quote of its customer, made by the quote domain', () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId);
    const response = asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 2500));
    expect(response.status).toBe(201); // the reference: POST /agents/me/quotes answers 201
    expect(response.body).toMatchObject({ status: 'PENDING', totalSendingAmount: 2500, source: { accountId: a.accountId, customerId: a.customerId } });
    expect(response.events.map((e) => e.type)).toEqual(['QuoteCreated', 'AgentQuoteRequested']);
    expect(h.ok('GET', `/quotes/${response.body.id}`)).toEqual(response.body);
  });

  it("answers another customer's source account exactly as an unknown account: 404 ACCOUNT_NOT_FOUND", () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h);
    const { token } = connectedAgent(h, a.customerId);
    const theirs = expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(b.accountId, a.accountId, 100)), 404, 'ACCOUNT_NOT_FOUND');
    const missing = expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody('InternalAccount:nobody', a.accountId, 100)), 404, 'ACCOUNT_NOT_FOUND');
    expect(theirs.reason.replace(b.accountId, '?')).toBe(missing.reason.replace('InternalAccount:nobody', '?'));
    const platformAccount = h.ok('GET', '/platform/internal-accounts').data[0].id;
    expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(platformAccount, a.accountId, 100)), 404, 'ACCOUNT_NOT_FOUND');
  });

  it("rejects another customer's external account, as source or destination, with 404 ACCOUNT_NOT_FOUND", () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h);
    const theirs = newExternalAccount(h, b.customerId, 'USD', '789');
    const { token } = connectedAgent(h, a.customerId);
    expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(theirs, a.accountId, 100)), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, theirs, 100)), 404, 'ACCOUNT_NOT_FOUND');
    const mine = newExternalAccount(h, a.customerId, 'USD', '789');
    expect(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, mine, 100)).status).toBe(201); // the reference: 201
  });

  it('rejects immediatelyExecute and a real-time funding source in one 400 INVALID_INPUT', () => {
    const h = setup();
    const a = payer(h);
    const { token } = connectedAgent(h, a.customerId);
    const body = expectRejected(
      asAgent(h, token, 'POST', '/agents/me/quotes', {
        ...quoteBody(a.accountId, a.accountId, 100),
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
        immediatelyExecute: true,
      }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['immediatelyExecute', 'source.sourceType']);
  });

  it('validates the body like POST /quotes, listing every invalid field', () => {
    const h = setup();
    const a = payer(h);
    const { token } = connectedAgent(h, a.customerId);
    const body = expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', { lockedCurrencyAmount: 0 }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['destination', 'lockedCurrencyAmount', 'lockedCurrencySide', 'source']);
  });

  it('rejects an agent without CREATE_QUOTES with 403 FORBIDDEN before looking at the body', () => {
    const h = setup();
    const a = payer(h);
    const { token } = connectedAgent(h, a.customerId, { permissions: ['EXECUTE_QUOTES'] });
    const body = expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', {}), 403, 'FORBIDDEN');
    expect(body.details).toEqual({ rule: 'permissions', permission: 'CREATE_QUOTES' });
  });

  it('rejects a source, then a destination, outside accountRestrictions with 403 naming the rule', () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h, 0);
    const c = payer(h, 0);
    const { token } = connectedAgent(h, a.customerId, {
      ...OPEN_POLICY,
      accountRestrictions: { allowedSourceAccountIds: [a.accountId], allowedDestinationAccountIds: [b.accountId] },
    });
    const body = expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, c.accountId, 100)), 403, 'FORBIDDEN');
    expect(body.details.rule).toBe('accountRestrictions.allowedDestinationAccountIds');
    expect(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100)).status).toBe(201); // the reference: 201
    const restricted = connectedAgent(h, a.customerId, { ...OPEN_POLICY, accountRestrictions: { allowedSourceAccountIds: [] } });
    const source = expectRejected(asAgent(h, restricted.token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, c.accountId, 100)), 403, 'FORBIDDEN');
    expect(source.details.rule).toBe('accountRestrictions.allowedSourceAccountIds');
  });

  it("passes on the quote domain's own rejections (SELF_PAYMENT) unchanged", () => {
    const h = setup();
    const a = payer(h);
    const { token } = connectedAgent(h, a.customerId);
    expectRejected(asAgent(h, token, 'POST', '/agents/me/quotes', quoteBody(a.accountId, a.accountId, 100)), 400, 'SELF_PAYMENT');
    expect(call(h, 'POST', '/quotes', quoteBody(a.accountId, a.accountId, 100)).body.code).toBe('SELF_PAYMENT');
  });
});
