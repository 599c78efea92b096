/**
 * A clearing of 0 is the reference's AUTHORIZATION_EXPIRY ("the auth expires with no clearing
 * posted"; issue 12): the open authorization expires now, exactly as the 7-day expiry of
 * DECISIONS.md does: AUTHORIZED to VOIDED with the hold released, PARTIALLY_SETTLED to SETTLED at
 * what it cleared; its timer is gone; anything else is 409; a return of 0 stays refused.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { advance, authorize, balances, cardHarness, fundedCard, simulate, step, webhookTypes } from '../cards/support.js';

describe('clearing of 0: the reference\'s authorization expiry', () => {
  it('voids an open authorization at once: the hold released, VOIDED webhook, no timer left, 202', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 0 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'VOIDED', settledAmount: { amount: 0 }, issuerTransactionToken: tx.id });
    expect(webhookTypes(r.events)).toEqual(['CARD_TRANSACTION.VOIDED']);
    expect(balances(h, accountId)).toEqual({ available: 10_000, total: 10_000 });
    expect(h.engine.state.timers.order).toEqual([]);
    h.now = '2026-03-20T00:00:00.000Z';
    expect(advance(h)).toEqual([]);
    expect(createEngine({ events: h.log }).state.cardTransactions.byId.get(tx.id)?.status).toBe('VOIDED');
  });

  it('settles a partly cleared authorization at what it cleared, as the 7-day expiry does', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 600);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 0 });
    expect(r.body).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 600 }, settledAt: h.now });
    expect(balances(h, accountId)).toEqual({ available: 9_400, total: 9_400 });
  });

  it('refuses to expire a transaction that is not open with 409 INVALID_STATE_TRANSITION, writing nothing', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 2_000);
    const r = simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 0 });
    expect(r.status).toBe(409);
    expect((r.body as { code: string }).code).toBe('INVALID_STATE_TRANSITION');
    expect(r.events).toEqual([]);
  });

  it('keeps refusing a return of 0 (a return moves money; the reference: exclusiveMinimum 0)', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 2_000);
    expect(simulate(h, card.id, 'return', { cardTransactionId: tx.id, amount: 0 }).status).toBe(400);
  });
});
