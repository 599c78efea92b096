/**
 * Spend limits: per transaction, transactions per UTC day and spend per UTC day, the lower of the
 * program's cap and the card's own value; a voided authorization frees its spend but still counts
 * as a transaction; a new UTC day starts afresh.
 */
import { describe, expect, it } from 'vitest';
import { authorize, cardHarness, fundedCard, step } from '../cards/support.js';

describe('card limits', () => {
  it('declines past maxSpendPerDay in one UTC day; a voided authorization frees its spend; the next day starts afresh', () => {
    const h = cardHarness('2026-03-02T10:00:00.000Z');
    const { card } = fundedCard(h, 100_000, { maxSpendPerDay: 5_000 });
    const first = authorize(h, card.id, 3_000);
    expect(authorize(h, card.id, 2_001).cardDeclinedReason).toBe('SPEND_LIMIT_EXCEEDED');
    expect(authorize(h, card.id, 2_000).status).toBe('AUTHORIZED');
    step(h, card.id, 'authorization_advice', first.id, 0);
    expect(authorize(h, card.id, 3_000).status).toBe('AUTHORIZED');
    h.now = '2026-03-02T23:59:59.999Z';
    expect(authorize(h, card.id, 1).cardDeclinedReason).toBe('SPEND_LIMIT_EXCEEDED');
    h.now = '2026-03-03T00:00:00.000Z';
    expect(authorize(h, card.id, 5_000).status).toBe('AUTHORIZED');
  });

  it('declines past maxTransactionsPerDay, counting voided authorizations but not declines', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 1_000, { maxTransactionsPerDay: 2 });
    authorize(h, card.id, 5_000); // declined: insufficient funds, not counted
    const a = authorize(h, card.id, 100);
    step(h, card.id, 'authorization_advice', a.id, 0);
    expect(authorize(h, card.id, 100).status).toBe('AUTHORIZED');
    expect(authorize(h, card.id, 100).cardDeclinedReason).toBe('SPEND_LIMIT_EXCEEDED');
  });

  it('applies the lower of the program cap and the card value', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 100_000, { maxSpendPerTransaction: 5_000 });
    h.ok('PATCH', '/config/cards', { maxSpendPerTransaction: 2_000 });
    expect(authorize(h, card.id, 2_001).cardDeclinedReason).toBe('SPEND_LIMIT_EXCEEDED');
    expect(authorize(h, card.id, 2_000).status).toBe('AUTHORIZED');
    h.ok('PATCH', '/config/cards', { maxSpendPerTransaction: 9_000 });
    expect(authorize(h, card.id, 5_001).cardDeclinedReason).toBe('SPEND_LIMIT_EXCEEDED');
    expect(authorize(h, card.id, 5_000).status).toBe('AUTHORIZED');
  });

  it('never limits credits', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0, { maxSpendPerTransaction: 1, maxTransactionsPerDay: 1 });
    expect(authorize(h, card.id, 5_000, 'credit_authorization').status).toBe('AUTHORIZED');
    expect(authorize(h, card.id, 5_000, 'credit_authorization').status).toBe('AUTHORIZED');
  });
});
