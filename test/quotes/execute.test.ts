/**
 * POST /quotes/{id}/execute: the source is debited when the quote executes, through one linked
 * batch on the ledger; idempotency keys; QUOTE_EXPIRED (before and after the expiry timer),
 * INSUFFICIENT_FUNDS, DAILY_VOLUME_LIMIT_EXCEEDED and repeated execution, each writing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, expectSound, fund, ledgerBalance, newCustomer, newExternalAccount, payoutBody, publishRates, setup, webhooksOf, call } from './support.js';

function execute(h: Harness, quoteId: string, key?: string) {
  return call(h, 'POST', `/quotes/${quoteId}/execute`, undefined, key === undefined ? {} : { 'idempotency-key': key });
}

function rejectsExecute(h: Harness, quoteId: string, status: number, code: string): void {
  const before = h.log.length;
  const response = execute(h, quoteId);
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.events).toEqual([]);
  expect(h.log.length).toBe(before);
}

describe('POST /quotes/{quoteId}/execute', () => {
  it('debits the source by the total sending amount at execution: fees to revenue, the rest through liquidity into transit', () => {
    const h = setup();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100 }], railFeeConfigs: [{ rail: 'SPEI', fixedFee: 50 }] });
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const destination = newExternalAccount(h, customerId, 'MXN', '789');
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 10_000));
    const response = execute(h, quote.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: quote.id, status: 'PROCESSING', transactionId: expect.stringMatching(/^Transaction:/) });
    expect(balanceOf(h, accountId)).toBe(90_000);
    expect(ledgerBalance(h, 'fees:platform:USD')).toBe(100n);
    expect(ledgerBalance(h, 'fees:service:USD')).toBe(50n);
    expect(ledgerBalance(h, 'liquidity:USD')).toBe(9_850n);
    expect(ledgerBalance(h, 'liquidity:MXN')).toBe(-BigInt(quote.totalReceivingAmount));
    expect(ledgerBalance(h, 'transit:SPEI:MXN')).toBe(BigInt(quote.totalReceivingAmount));
    const executed = response.events.find((event) => event.type === 'QuoteExecuted');
    expect((executed?.data as { transfers: unknown[] } | undefined)?.transfers).toHaveLength(4);
    const tx = h.ok('GET', `/transactions/${response.body.transactionId}`);
    expect(tx).toMatchObject({
      status: 'PROCESSING',
      type: 'OUTGOING',
      direction: 'DEBIT',
      quoteId: quote.id,
      sentAmount: { amount: 10_000 },
      receivedAmount: { amount: quote.totalReceivingAmount },
      fees: 150,
    });
    expect(webhooksOf(h.log, tx.id)).toEqual(['OUTGOING_PAYMENT.PROCESSING']);
    expectSound(h);
  });

  it('answers a retry with the same Idempotency-Key with the first response and writes nothing; another body is 409 CONFLICT', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000));
    const first = execute(h, quote.id, 'key-1');
    expect(first.status).toBe(200);
    const again = execute(h, quote.id, 'key-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.events).toEqual([]);
    expect(balanceOf(h, accountId)).toBe(90_000);
    const other = call(h, 'POST', `/quotes/${quote.id}/execute`, { note: 'different' }, { 'idempotency-key': 'key-1' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CONFLICT');
    expect(other.events).toEqual([]);
  });

  it('rejects a second execution with 409 INVALID_STATE_TRANSITION', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000));
    execute(h, quote.id);
    rejectsExecute(h, quote.id, 409, 'INVALID_STATE_TRANSITION');
    expect(balanceOf(h, accountId)).toBe(90_000);
  });

  it('rejects a source without the available balance with 400 INSUFFICIENT_FUNDS', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 9_999);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000));
    rejectsExecute(h, quote.id, 400, 'INSUFFICIENT_FUNDS');
    expect(balanceOf(h, accountId)).toBe(9_999);
    fund(h, accountId, 1);
    expect(execute(h, quote.id).status).toBe(200);
    expect(balanceOf(h, accountId)).toBe(0);
  });

  it('rejects execution at or after expiresAt with 400 QUOTE_EXPIRED even before the expiry timer fires', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000));
    h.now = quote.expiresAt;
    rejectsExecute(h, quote.id, 400, 'QUOTE_EXPIRED');
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('PENDING');
    const fired = h.engine.advance(h.now);
    h.log.push(...fired);
    expect(fired.map((event) => event.type)).toEqual(['TimerFired', 'QuoteExpired']);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('EXPIRED');
    rejectsExecute(h, quote.id, 400, 'QUOTE_EXPIRED');
    expect(balanceOf(h, accountId)).toBe(100_000);
  });

  it('rejects an unknown quote with 404 QUOTE_NOT_FOUND', () => {
    const h = setup();
    rejectsExecute(h, 'Quote:00000000-0000-7000-8000-000000000000', 404, 'QUOTE_NOT_FOUND');
  });

  it('rejects executions above the customer’s daily volume in the UTC day with 429 DAILY_VOLUME_LIMIT_EXCEEDED; the next day starts afresh', () => {
    const h = setup();
    h.ok('PATCH', '/config', { dailyVolumeLimits: [{ currency: 'USD', maxAmount: 25_000 }] });
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 1_000_000);
    const destination = newExternalAccount(h, customerId, 'USD', '789');
    const quote = (amount: number) => h.ok('POST', '/quotes', payoutBody(accountId, destination, amount)).id as string;
    expect(execute(h, quote(10_000)).status).toBe(200);
    expect(execute(h, quote(15_000)).status).toBe(200);
    const third = quote(1);
    rejectsExecute(h, third, 429, 'DAILY_VOLUME_LIMIT_EXCEEDED');
    // Another customer has a volume of their own.
    const other = newCustomer(h);
    fund(h, other.accountId, 100_000);
    expect(execute(h, h.ok('POST', '/quotes', payoutBody(other.accountId, newExternalAccount(h, other.customerId, 'USD', '789'), 25_000)).id).status).toBe(200);
    h.now = '2026-01-06T00:00:00.000Z';
    publishRates(h);
    expect(execute(h, quote(25_000)).status).toBe(200);
  });

  it('pays another internal account by book transfer: in transit at execution, credited when the step is released', () => {
    const h = setup();
    const payerSide = newCustomer(h);
    const payee = newCustomer(h);
    fund(h, payerSide.accountId, 50_000);
    const quote = h.ok('POST', '/quotes', payoutBody(payerSide.accountId, payee.accountId, 20_000));
    const executed = execute(h, quote.id);
    expect(executed.body.status).toBe('PROCESSING');
    expect(ledgerBalance(h, 'transit:BOOK:USD')).toBe(20_000n);
    advanceBy(h, 0);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('COMPLETED');
    expect(balanceOf(h, payerSide.accountId)).toBe(30_000);
    expect(balanceOf(h, payee.accountId)).toBe(20_000);
    expect(ledgerBalance(h, 'transit:BOOK:USD')).toBe(0n);
    expect(webhooksOf(h.log, executed.body.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it('executes at once with immediatelyExecute: true', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 50_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 20_000, { immediatelyExecute: true }));
    expect(quote).toMatchObject({ status: 'PROCESSING', immediatelyExecute: true, transactionId: expect.stringMatching(/^Transaction:/) });
    expect(balanceOf(h, accountId)).toBe(30_000);
  });

  it('rejects immediatelyExecute without the funds with 400 INSUFFICIENT_FUNDS and creates no quote', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    const destination = newExternalAccount(h, customerId, 'USD', '789');
    const before = h.log.length;
    const response = call(h, 'POST', '/quotes', payoutBody(accountId, destination, 20_000, { immediatelyExecute: true }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(response.events).toEqual([]);
    expect(h.log.length).toBe(before);
    expect(h.engine.state.quotes.byId.size).toBe(0);
  });
});
