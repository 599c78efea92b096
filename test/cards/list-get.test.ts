/** GET /cards (filters, paging, cursors bound to the query) and GET /cards/{id}. */
import { describe, expect, it } from 'vitest';
import { cardHarness, cardholder, issueCard } from './support.js';

describe('reading cards', () => {
  it('GET /cards/{id} answers the card, 404 NOT_FOUND for an unknown id', () => {
    const h = cardHarness();
    const card = issueCard(h, cardholder(h));
    expect(h.ok('GET', `/cards/${card.id}`)).toEqual(card);
    const r = h.call('GET', '/cards/Card:missing');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists in creation order with sortOrder=asc, filtered by customerId and status, paged with cursors', () => {
    const h = cardHarness();
    const a = cardholder(h);
    const b = cardholder(h, 'Alan Turing');
    const cards = [issueCard(h, a), issueCard(h, b), issueCard(h, a), issueCard(h, a)];
    h.ok('PATCH', `/cards/${cards[2].id}`, { status: 'FROZEN' });
    const all = h.ok('GET', '/cards?sortOrder=asc&limit=2');
    expect(all).toMatchObject({ hasMore: true, totalCount: 4 });
    expect(all.data.map((c: any) => c.id)).toEqual([cards[0].id, cards[1].id]);
    const rest = h.ok('GET', `/cards?sortOrder=asc&limit=2&cursor=${all.nextCursor}`);
    expect(rest.data.map((c: any) => c.id)).toEqual([cards[2].id, cards[3].id]);
    expect(rest.hasMore).toBe(false);
    const mine = h.ok('GET', `/cards?customerId=${encodeURIComponent(a.customerId)}&status=ACTIVE&sortOrder=asc`);
    expect(mine.data.map((c: any) => c.id)).toEqual([cards[0].id, cards[3].id]);
    expect(mine.totalCount).toBe(2);
    const misused = h.call('GET', `/cards?status=ACTIVE&sortOrder=asc&cursor=${all.nextCursor}`);
    expect(misused.status).toBe(400);
  });

  it('lists every invalid query parameter in one 400', () => {
    const h = cardHarness();
    const r = h.call('GET', '/cards?status=GONE&limit=0&colour=red');
    expect(r.status).toBe(400);
    expect((r.body as any).details.errors.map((e: any) => e.field)).toEqual(['colour', 'limit', 'status']);
  });
});
