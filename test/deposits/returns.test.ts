/**
 * Rail returns of an incoming ACH deposit, the spec's "Transaction status" rows one for one plus
 * DECISIONS.md's contest: a return takes the credit back (FAILED, railDetails RETURNED +
 * returnedAt, INCOMING_PAYMENT.FAILED) unless a later irreversible step used the funds (the
 * available balance no longer covers it: COMPLETED, unchanged, nothing moves); a dishonored return
 * restores the credit (COMPLETED, railDetails still RETURNED); a contested dishonor takes it back
 * again. Every refusal is 409 INVALID_STATE_TRANSITION (404 for an unknown id) and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import {
  balanceOf, call, expectRejected, expectSound, fund, holder, newCustomer, newRuleBased, settledDeposit, setup, tx, webhooksOf,
} from './support.js';

/** A customer whose completed ACH deposit of 10,000 is their whole balance. */
function completedDeposit(): { h: Harness; accountId: string; id: string } {
  const h = setup();
  const { accountId } = newCustomer(h);
  const id = settledDeposit(h, accountId, 10_000);
  expect(tx(h, id).status).toBe('COMPLETED');
  return { h, accountId, id };
}

/** Spends `amount` of the account's balance irreversibly (a payout to an internal account of another customer). */
function spend(h: Harness, accountId: string, amount: number): void {
  const other = newCustomer(h);
  h.ok('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'ACCOUNT', accountId: other.accountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    immediatelyExecute: true,
  });
}

describe('the spec’s rows for returns of an incoming deposit', () => {
  it.each([
    { from: 'COMPLETED', trigger: 'rail return', condition: 'no later irreversible step has used the funds', spent: 0, to: 'FAILED', balance: 0, rail: 'RETURNED' },
    { from: 'COMPLETED', trigger: 'return', condition: 'a later irreversible step already used the funds', spent: 1, to: 'COMPLETED', balance: 9_999, rail: 'SETTLED' },
  ])('$from, $trigger, $condition: $to', ({ spent, to, balance, rail }) => {
    const { h, accountId, id } = completedDeposit();
    if (spent > 0) spend(h, accountId, spent);
    const response = call(h, 'POST', `/sandbox/transactions/${id}/return`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(to);
    expect(response.body.source.railDetails.status).toBe(rail);
    expect(balanceOf(h, accountId)).toBe(balance);
    expect(webhooksOf(h.log, id).at(-1)).toBe(to === 'FAILED' ? 'INCOMING_PAYMENT.FAILED' : 'INCOMING_PAYMENT.COMPLETED');
    if (to === 'FAILED') expect(response.body.source.railDetails.returnedAt).toBe(h.now);
    else expect(response.events.map((e) => e.type)).toEqual(['IncomingReturnRecorded']);
    expectSound(h);
  });

  it('FAILED (incoming), dishonored return: COMPLETED, credit restored, railDetails still RETURNED', () => {
    const { h, accountId, id } = completedDeposit();
    h.ok('POST', `/sandbox/transactions/${id}/return`);
    const response = call(h, 'POST', `/sandbox/transactions/${id}/return-dishonored`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'COMPLETED', source: { railDetails: { status: 'RETURNED' } } });
    expect(response.body).not.toHaveProperty('failureReason');
    expect(balanceOf(h, accountId)).toBe(10_000);
    expect(webhooksOf(h.log, id).slice(-2)).toEqual(['INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it('COMPLETED after a dishonor, contested: FAILED again and the credit taken back again (DECISIONS.md)', () => {
    const { h, accountId, id } = completedDeposit();
    h.ok('POST', `/sandbox/transactions/${id}/return`);
    h.ok('POST', `/sandbox/transactions/${id}/return-dishonored`);
    const response = call(h, 'POST', `/sandbox/transactions/${id}/return-contested`);
    expect(response.body.status).toBe('FAILED');
    expect(balanceOf(h, accountId)).toBe(0);
    expect(webhooksOf(h.log, id).slice(-3)).toEqual(['INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED']);
    expectSound(h);
  });

  it('a contest after the restored funds were used leaves the payment COMPLETED and moves nothing', () => {
    const { h, accountId, id } = completedDeposit();
    h.ok('POST', `/sandbox/transactions/${id}/return`);
    h.ok('POST', `/sandbox/transactions/${id}/return-dishonored`);
    spend(h, accountId, 5_000);
    const response = call(h, 'POST', `/sandbox/transactions/${id}/return-contested`);
    expect(response.body.status).toBe('COMPLETED');
    expect(balanceOf(h, accountId)).toBe(5_000);
  });

  it('counts the funds used once the available balance is one cent short of the deposit, whatever else was credited', () => {
    const { h, accountId, id } = completedDeposit();
    fund(h, accountId, 100);
    spend(h, accountId, 101);
    expect(call(h, 'POST', `/sandbox/transactions/${id}/return`).body.status).toBe('COMPLETED');
  });

  it('treats a swept rule-based deposit as used: the return leaves it COMPLETED', () => {
    const h = setup();
    const { customerId, accountId, externalId } = holder(h);
    fund(h, accountId, 50_000);
    const rb = newRuleBased(h, customerId, externalId);
    const id = settledDeposit(h, rb, 1_000);
    expect(tx(h, id).status).toBe('COMPLETED');
    const response = call(h, 'POST', `/sandbox/transactions/${id}/return`);
    expect(response.body.status).toBe('COMPLETED');
    expect(response.events.map((e) => e.type)).toEqual(['IncomingReturnRecorded']);
  });
});

describe('return refusals are 409 INVALID_STATE_TRANSITION (404 when unknown) and write nothing', () => {
  it('answers 404 TRANSACTION_NOT_FOUND for an unknown transaction', () => {
    const h = setup();
    expectRejected(call(h, 'POST', '/sandbox/transactions/Transaction:00000000-0000-7000-8000-000000000000/return'), 404, 'TRANSACTION_NOT_FOUND');
  });

  it.each([
    ['a funded (not deposited) payment', (h: Harness, accountId: string) => {
      h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 10 });
      return h.ok('GET', '/transactions').data[0].id as string;
    }],
    ['a WIRE deposit (its railDetails cannot show RETURNED)', (h: Harness, accountId: string) => settledDeposit(h, accountId, 10, 'WIRE')],
    ['a deposit still PROCESSING', (h: Harness, accountId: string) => {
      const id = h.ok('POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount: 10 }).id as string;
      h.engine.advance(h.now);
      return id;
    }],
  ])('refuses to return %s', (_name, make) => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const id = make(h, accountId);
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return`), 409, 'INVALID_STATE_TRANSITION');
  });

  it('refuses a second return, a dishonor without a return, a contest without a dishonor, and a body with fields', () => {
    const { h, id } = completedDeposit();
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return-dishonored`), 409, 'INVALID_STATE_TRANSITION');
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return-contested`), 409, 'INVALID_STATE_TRANSITION');
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return`, { reason: 'R01' }), 400, 'INVALID_INPUT');
    h.ok('POST', `/sandbox/transactions/${id}/return`);
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return`), 409, 'INVALID_STATE_TRANSITION');
    h.ok('POST', `/sandbox/transactions/${id}/return-dishonored`);
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return-dishonored`), 409, 'INVALID_STATE_TRANSITION');
    h.ok('POST', `/sandbox/transactions/${id}/return-contested`);
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return-dishonored`), 409, 'INVALID_STATE_TRANSITION');
  });

  it('refuses a second return after one was absorbed', () => {
    const { h, accountId, id } = completedDeposit();
    spend(h, accountId, 10_000);
    h.ok('POST', `/sandbox/transactions/${id}/return`);
    expectRejected(call(h, 'POST', `/sandbox/transactions/${id}/return`), 409, 'INVALID_STATE_TRANSITION');
  });
});
