/**
 * Credit authorizations hold money coming in (the total balance shows it, the available does
 * not) until cleared; financial credits post at once; credit advices adjust the held credit.
 */
import { describe, expect, it } from 'vitest';
import { authorize, balances, cardHarness, fundedCard, step, webhookTypes } from '../cards/support.js';

describe('credit authorizations', () => {
  it('holds the credit, clears it into the account, and a larger clearing credits the difference', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 1_000);
    const tx = authorize(h, card.id, 700, 'credit_authorization');
    expect(tx).toMatchObject({ status: 'AUTHORIZED', direction: 'CREDIT' });
    expect(tx).not.toHaveProperty('refundedAmount');
    expect(balances(h, accountId)).toEqual({ available: 1_000, total: 1_700 });
    expect(step(h, card.id, 'credit_authorization_advice', tx.id, 900).amount.amount).toBe(900);
    expect(balances(h, accountId)).toEqual({ available: 1_000, total: 1_900 });
    expect(step(h, card.id, 'clearing', tx.id, 950)).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 950 } });
    expect(balances(h, accountId)).toEqual({ available: 1_950, total: 1_950 });
  });

  it('financial_credit_authorization credits at once, with no funds needed', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 0);
    const before = h.log.length;
    expect(authorize(h, card.id, 400, 'financial_credit_authorization')).toMatchObject({ status: 'SETTLED', direction: 'CREDIT' });
    expect(webhookTypes(h.log.slice(before))).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    expect(balances(h, accountId)).toEqual({ available: 400, total: 400 });
    expect(h.engine.state.ledger.balance('card-network:USD')?.postedMinor).toBe(-400n);
  });

  it('declines a credit to a frozen card with CARD_NOT_ACTIVE', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    h.ok('PATCH', `/cards/${card.id}`, { status: 'FROZEN' });
    expect(authorize(h, card.id, 400, 'credit_authorization')).toMatchObject({ status: 'DECLINED', cardDeclinedReason: 'CARD_NOT_ACTIVE' });
  });
});
