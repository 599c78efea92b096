/**
 * PATCH /cards/{id} beyond the status table: funding source and limits (null removes a card's
 * own limit), CLOSED alone, a closed card is not mutable, unknown cards, and what announces.
 */
import { describe, expect, it } from 'vitest';
import { cardHarness, cardholder, fundedCard, webhookTypes } from './support.js';

describe('PATCH /cards/{id}', () => {
  it('changes limits and funding source without announcing a status change', () => {
    const h = cardHarness();
    const { card, customerId } = fundedCard(h, 0, { maxSpendPerTransaction: 1000 });
    const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`);
    const r = h.call('PATCH', `/cards/${card.id}`, { maxSpendPerTransaction: null, maxSpendPerDay: 5000, maxTransactionsPerDay: 3, fundingSource: accounts.data[0].id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ maxSpendPerDay: 5000, maxTransactionsPerDay: 3, status: 'ACTIVE' });
    expect((r.body as { maxSpendPerTransaction: unknown }).maxSpendPerTransaction).toBeNull(); // the reference's Card: null means no per-transaction limit
    expect(r.events.map((e) => e.type)).toEqual(['CardUpdated']);
    expect(webhookTypes(r.events)).toEqual([]);
  });

  it('writes nothing for a request that changes nothing', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0, { maxSpendPerDay: 5000 });
    for (const body of [{}, { maxSpendPerDay: 5000 }, { fundingSource: card.fundingSource }, { maxSpendPerTransaction: null }]) {
      const r = h.call('PATCH', `/cards/${card.id}`, body);
      expect(r.status).toBe(200);
      expect(r.events).toEqual([]);
    }
  });

  it('rejects CLOSED combined with other changes with 400 INVALID_INPUT on status, before looking the card up', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    for (const id of [card.id, 'Card:missing']) {
      const r = h.call('PATCH', `/cards/${id}`, { status: 'CLOSED', maxSpendPerDay: 100 });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'status' }] } });
      expect(r.events).toEqual([]);
    }
  });

  it('rejects any change to a CLOSED card with 409 CARD_NOT_MUTABLE', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    h.ok('PATCH', `/cards/${card.id}`, { status: 'CLOSED' });
    for (const body of [{ maxSpendPerDay: 100 }, { fundingSource: card.fundingSource }, { status: 'ACTIVE' }, { status: 'FROZEN', maxSpendPerDay: 5 }]) {
      const r = h.call('PATCH', `/cards/${card.id}`, body);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'CARD_NOT_MUTABLE' });
      expect(r.events).toEqual([]);
    }
  });

  it("rejects another customer's account as fundingSource with 400 INVALID_INPUT", () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    const other = cardholder(h, 'Alan Turing');
    const r = h.call('PATCH', `/cards/${card.id}`, { fundingSource: other.accountId });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'fundingSource' }] } });
    expect(r.events).toEqual([]);
  });

  it('answers 404 NOT_FOUND for an unknown card', () => {
    const h = cardHarness();
    fundedCard(h, 0);
    const r = h.call('PATCH', '/cards/Card:missing', { status: 'FROZEN' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(r.events).toEqual([]);
  });

  it('announces CARD.STATUS_CHANGE with the card after the change, in order', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    h.ok('PATCH', `/cards/${card.id}`, { status: 'FROZEN' });
    h.ok('PATCH', `/cards/${card.id}`, { status: 'ACTIVE' });
    h.ok('PATCH', `/cards/${card.id}`, { status: 'CLOSED' });
    const hooks = h.log.filter((e) => e.type === 'WebhookQueued' && (e.data as any).type === 'CARD.STATUS_CHANGE').map((e) => (e.data as any).data.status);
    expect(hooks).toEqual(['FROZEN', 'ACTIVE', 'CLOSED']);
  });
});
