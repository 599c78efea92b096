/**
 * Merchant returns: a refund row of its own (CREDIT, SETTLED, settledAmount, originalTransactionId),
 * the purchase stays SETTLED with refundedAmount and SETTLED is re-fired on it; return reversals
 * (refund row id in the path) take the credit back, or are an EXCEPTION when the money is gone.
 */
import { describe, expect, it } from 'vitest';
import { authorize, balances, cardHarness, fundedCard, simulate, step, webhookTypes } from '../cards/support.js';

function settledPurchase(balance = 10_000, amount = 3_000) {
  const h = cardHarness();
  const { card, accountId } = fundedCard(h, balance);
  const purchase = authorize(h, card.id, amount);
  step(h, card.id, 'clearing', purchase.id, amount);
  return { h, card, accountId, purchase };
}

describe('returns', () => {
  it('credits the account through a refund row and sets refundedAmount on the purchase', () => {
    const { h, card, accountId, purchase } = settledPurchase();
    const r = simulate(h, card.id, 'return', { cardTransactionId: purchase.id, amount: 1_000 });
    expect(r.status).toBe(202);
    const refund = r.body as any;
    expect(refund).toMatchObject({ direction: 'CREDIT', status: 'SETTLED', settledAmount: { amount: 1_000 }, originalTransactionId: purchase.id, settledAt: h.now });
    expect(refund.id).not.toBe(purchase.id);
    expect(h.ok('GET', `/transactions/${purchase.id}`)).toMatchObject({ status: 'SETTLED', refundedAmount: { amount: 1_000 }, settledAmount: { amount: 3_000 } });
    const hooks = r.events.filter((e) => e.type === 'WebhookQueued').map((e) => [(e.data as any).type, (e.data as any).data.id]);
    expect(hooks).toEqual([['CARD_TRANSACTION.SETTLED', refund.id], ['CARD_TRANSACTION.SETTLED', purchase.id]]);
    expect(balances(h, accountId)).toEqual({ available: 8_000, total: 8_000 });
  });

  it('allows returns up to the settled amount, then 400 INVALID_AMOUNT', () => {
    const { h, card, purchase } = settledPurchase();
    step(h, card.id, 'return', purchase.id, 2_000);
    step(h, card.id, 'return', purchase.id, 1_000);
    const r = simulate(h, card.id, 'return', { cardTransactionId: purchase.id, amount: 1 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(r.events).toEqual([]);
  });

  it('refuses to return a purchase that has not settled (409) or a credit (400)', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const open = authorize(h, card.id, 500);
    expect(simulate(h, card.id, 'return', { cardTransactionId: open.id, amount: 100 }).body).toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    const credit = authorize(h, card.id, 500, 'financial_credit_authorization');
    const r = simulate(h, card.id, 'return', { cardTransactionId: credit.id, amount: 100 });
    expect(r.status).toBe(400);
    expect(r.events).toEqual([]);
  });
});

describe('return reversals', () => {
  it('takes the credit back: refund row VOIDED, refundedAmount lowered, SETTLED re-fired on the purchase', () => {
    const { h, card, accountId, purchase } = settledPurchase();
    const refund = step(h, card.id, 'return', purchase.id, 1_000);
    const r = simulate(h, refund.id, 'return_reversal', { cardTransactionId: purchase.id });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ id: refund.id, status: 'VOIDED' });
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.VOIDED', 'CARD_TRANSACTION.SETTLED']);
    expect(h.ok('GET', `/transactions/${purchase.id}`)).toMatchObject({ status: 'SETTLED', refundedAmount: { amount: 0 } });
    expect(balances(h, accountId)).toEqual({ available: 7_000, total: 7_000 });
    const again = simulate(h, refund.id, 'return_reversal', {});
    expect(again.status).toBe(409);
    expect(again.events).toEqual([]);
  });

  it('is an EXCEPTION that moves nothing when the credit was already spent', () => {
    const { h, card, accountId, purchase } = settledPurchase(3_000, 3_000);
    const refund = step(h, card.id, 'return', purchase.id, 1_000);
    step(h, card.id, 'clearing', authorize(h, card.id, 900).id, 900);
    const r = simulate(h, refund.id, 'return_reversal', {});
    expect(r.body).toMatchObject({ status: 'EXCEPTION', exceptionReason: 'RETURN_REVERSAL_INSUFFICIENT_FUNDS' });
    expect(h.ok('GET', `/transactions/${purchase.id}`).refundedAmount.amount).toBe(1_000);
    expect(balances(h, accountId)).toEqual({ available: 100, total: 100 });
  });

  it('rejects a purchase id in the path with 400, a mismatched cardTransactionId with 400, an unknown id with 404', () => {
    const { h, card, purchase } = settledPurchase();
    const refund = step(h, card.id, 'return', purchase.id, 1_000);
    const other = authorize(h, card.id, 10);
    for (const [id, body, status] of [
      [purchase.id, {}, 400],
      [refund.id, { cardTransactionId: other.id }, 400],
      ['Transaction:missing', {}, 404],
    ] as const) {
      const r = simulate(h, id, 'return_reversal', body);
      expect(r.status).toBe(status);
      expect(r.events).toEqual([]);
    }
  });
});
