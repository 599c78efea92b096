/**
 * Clearing: all, part (PARTIALLY_SETTLED, then more), or more than the hold (the difference
 * pulled, or an EXCEPTION when the funds are short); a clearing for a voided or expired
 * authorization is an EXCEPTION that moves nothing; financial authorizations clear at once.
 */
import { describe, expect, it } from 'vitest';
import { advance, authorize, balances, cardHarness, fundedCard, simulate, step, webhookTypes } from '../cards/support.js';

function setup(balance = 10_000) {
  const h = cardHarness();
  const { card, accountId } = fundedCard(h, balance);
  return { h, card, accountId };
}

describe('clearing', () => {
  it('clears in full: SETTLED, the hold posted, settledAt stamped', () => {
    const { h, card, accountId } = setup();
    const tx = authorize(h, card.id, 2_500);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 2_500 });
    expect(r.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 2_500 }, settledAt: h.now });
    expect(r.body).not.toHaveProperty('expiresAt');
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.SETTLED']);
    expect(balances(h, accountId)).toEqual({ available: 7_500, total: 7_500 });
    expect(h.engine.state.ledger.balance('card-network:USD')?.postedMinor).toBe(2_500n);
  });

  it('clears in parts: PARTIALLY_SETTLED holds the rest, the last part settles', () => {
    const { h, card, accountId } = setup();
    const tx = authorize(h, card.id, 3_000);
    expect(step(h, card.id, 'clearing', tx.id, 1_000)).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmount: { amount: 1_000 } });
    expect(balances(h, accountId)).toEqual({ available: 7_000, total: 9_000 });
    expect(step(h, card.id, 'clearing', tx.id, 500).status).toBe('PARTIALLY_SETTLED');
    expect(step(h, card.id, 'clearing', tx.id, 1_500)).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 3_000 } });
    expect(balances(h, accountId)).toEqual({ available: 7_000, total: 7_000 });
    expect(h.engine.state.ledger.checkInvariants()).toEqual([]);
  });

  it('clears more than authorized: the hold posted and the difference pulled', () => {
    const { h, card, accountId } = setup();
    const tx = authorize(h, card.id, 2_000);
    expect(step(h, card.id, 'clearing', tx.id, 2_600)).toMatchObject({ status: 'SETTLED', amount: { amount: 2_000 }, settledAmount: { amount: 2_600 } });
    expect(balances(h, accountId)).toEqual({ available: 7_400, total: 7_400 });
  });

  it('an over-clearing whose difference the account cannot cover posts the hold only and is an EXCEPTION', () => {
    const { h, card, accountId } = setup(2_100);
    const tx = authorize(h, card.id, 2_000);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 2_500 });
    expect(r.body).toMatchObject({ status: 'EXCEPTION', exceptionReason: 'OVER_CLEARING_INSUFFICIENT_FUNDS', settledAmount: { amount: 2_000 } });
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.EXCEPTION']);
    expect(balances(h, accountId)).toEqual({ available: 100, total: 100 });
  });

  it('a clearing for a reversed authorization is an EXCEPTION that moves nothing', () => {
    const { h, card, accountId } = setup();
    const tx = authorize(h, card.id, 2_000);
    expect(step(h, card.id, 'authorization_advice', tx.id, 0).status).toBe('VOIDED');
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 2_000 });
    expect(r.body).toMatchObject({ status: 'EXCEPTION', exceptionReason: 'CLEARING_AFTER_VOID', settledAmount: { amount: 0 } });
    expect(balances(h, accountId)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('a clearing after the expiry but before advance fires the timer: the same EXCEPTION as after it', () => {
    const outcomes = [false, true].map((fireFirst) => {
      const { h, card, accountId } = setup();
      const tx = authorize(h, card.id, 2_000);
      h.now = '2026-03-09T16:00:00.000Z';
      if (fireFirst) expect(webhookTypes(advance(h))).toEqual(['CARD_TRANSACTION.VOIDED']);
      const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 2_000 });
      advance(h);
      const { status, exceptionReason, settledAmount } = r.body as any;
      return { body: { status, exceptionReason, settledAmount }, hooks: webhookTypes(h.log).slice(-2), balance: balances(h, accountId) };
    });
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]!.body).toMatchObject({ status: 'EXCEPTION', exceptionReason: 'CLEARING_AFTER_VOID' });
    expect(outcomes[0]!.hooks).toEqual(['CARD_TRANSACTION.VOIDED', 'CARD_TRANSACTION.EXCEPTION']);
  });

  it.each([
    { name: 'a SETTLED', to: (h: any, card: any, id: string) => step(h, card.id, 'clearing', id, 2_000) },
    { name: 'an EXCEPTION', to: (h: any, card: any, id: string) => { step(h, card.id, 'authorization_advice', id, 0); step(h, card.id, 'clearing', id, 1); } },
  ])('refuses to clear $name transaction with 409 INVALID_STATE_TRANSITION', ({ to }) => {
    const { h, card } = setup();
    const tx = authorize(h, card.id, 2_000);
    to(h, card, tx.id);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 1 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    expect(r.events).toEqual([]);
  });

  it('refuses to clear a DECLINED transaction with 409, and a transaction of another card with 404 TRANSACTION_NOT_FOUND', () => {
    const { h, card } = setup(0);
    const declined = authorize(h, card.id, 5);
    expect(simulate(h, card.id, 'clearing', { cardTransactionId: declined.id, amount: 5 }).status).toBe(409);
    const other = fundedCard(h, 0).card;
    const r = simulate(h, other.id, 'clearing', { cardTransactionId: declined.id, amount: 5 });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'TRANSACTION_NOT_FOUND' });
    expect(r.events).toEqual([]);
  });

  it('financial_authorization holds and clears in one request (AUTHORIZED then SETTLED)', () => {
    const { h, card, accountId } = setup();
    const r = simulate(h, card.id, 'financial_authorization', { amount: 1_200, currency: 'USD', merchant: { descriptor: 'ATM' } });
    expect(r.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 1_200 } });
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    expect(balances(h, accountId)).toEqual({ available: 8_800, total: 8_800 });
  });

  it('a declined financial_authorization is DECLINED and moves nothing', () => {
    const { h, card, accountId } = setup(100);
    expect(authorize(h, card.id, 1_200, 'financial_authorization')).toMatchObject({ status: 'DECLINED', cardDeclinedReason: 'INSUFFICIENT_FUNDS' });
    expect(balances(h, accountId)).toEqual({ available: 100, total: 100 });
  });
});
