/**
 * Authorization advices change an open authorization's amount: the hold is replaced, a reversal
 * to what was cleared releases it (VOIDED, or SETTLED when partly cleared); an uncovered increase
 * is 400 INSUFFICIENT_FUNDS and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { authorize, balances, cardHarness, fundedCard, simulate, step, webhookTypes } from '../cards/support.js';

describe('authorization advice', () => {
  it('raises and lowers the hold, re-announcing AUTHORIZED', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    const up = simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 3_500 });
    expect(up.body).toMatchObject({ status: 'AUTHORIZED', amount: { amount: 3_500 } });
    expect(webhookTypes(up.events)).toEqual(['CARD_TRANSACTION.AUTHORIZED']);
    expect(balances(h, accountId)).toEqual({ available: 6_500, total: 10_000 });
    expect(step(h, card.id, 'authorization_advice', tx.id, 500).amount.amount).toBe(500);
    expect(balances(h, accountId)).toEqual({ available: 9_500, total: 10_000 });
  });

  it('an advice to zero voids an uncleared authorization and releases the hold', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    const r = simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 0 });
    expect(r.body).toMatchObject({ status: 'VOIDED' });
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.VOIDED']);
    expect(balances(h, accountId)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('an advice down to the cleared amount settles a partly cleared authorization', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 800);
    expect(step(h, card.id, 'authorization_advice', tx.id, 800)).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 800 } });
    expect(balances(h, accountId)).toEqual({ available: 9_200, total: 9_200 });
  });

  it('an unchanged amount writes nothing', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    const r = simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 2_000 });
    expect(r.status).toBe(202);
    expect(r.events).toEqual([]);
  });

  it.each([
    { name: 'an increase the account cannot cover', amount: 10_001, status: 400, code: 'INSUFFICIENT_FUNDS' },
    { name: 'an amount below what was cleared', amount: 100, status: 400, code: 'INVALID_AMOUNT', clear: 500 },
  ])('rejects $name with $status $code and writes nothing', ({ amount, status, code, clear }) => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    if (clear !== undefined) step(h, card.id, 'clearing', tx.id, clear);
    const before = balances(h, accountId);
    const r = simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ code });
    expect(r.events).toEqual([]);
    expect(balances(h, accountId)).toEqual(before);
  });

  it('rejects the advice of the other direction with 400 and a closed transaction with 409', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    const wrong = simulate(h, card.id, 'credit_authorization_advice', { cardTransactionId: tx.id, amount: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ details: { errors: [{ field: 'cardTransactionId' }] } });
    step(h, card.id, 'clearing', tx.id, 2_000);
    const closed = simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 1 });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    expect([wrong.events, closed.events]).toEqual([[], []]);
  });
});
