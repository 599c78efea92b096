/** balance_inquiry answers what the card can spend, moves nothing and records nothing (decided). */
import { describe, expect, it } from 'vitest';
import { authorize, cardHarness, fundedCard, simulate } from '../cards/support.js';

describe('balance inquiry', () => {
  it('answers the available balance, holds counted, and writes no event', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 5_000);
    authorize(h, card.id, 1_200);
    const r = simulate(h, card.id, 'balance_inquiry', { merchant: { descriptor: 'ATM' } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ type: 'BALANCE_INQUIRY', cardId: card.id, status: 'APPROVED', fundingSource: accountId, availableBalance: { amount: 3_800 } });
    expect(r.events).toEqual([]);
  });

  it('declines for a frozen card with CARD_NOT_ACTIVE and answers 404 for an unknown card', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 5_000);
    h.ok('PATCH', `/cards/${card.id}`, { status: 'FROZEN' });
    expect(simulate(h, card.id, 'balance_inquiry').body).toEqual({ type: 'BALANCE_INQUIRY', cardId: card.id, status: 'DECLINED', cardDeclinedReason: 'CARD_NOT_ACTIVE' });
    expect(simulate(h, 'Card:missing', 'balance_inquiry').status).toBe(404);
  });
});
