/**
 * GET /cards takes the reference's listCards parameters beside the copy's customerId and status
 * (issue 12): cardholderId (= customerId), accountId (the funding internal account), platformCardId,
 * state (the reference's CardState; = status) and sortOrder (desc, the reference's default: newest
 * first; asc: oldest first). Each filters for real, both spellings given must agree, cursors page
 * byte-stably with every filter, and invalid values are 400 INVALID_INPUT.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { cardHarness, cardholder, issueCard } from './support.js';

/** Two cardholders, five cards in creation order (a, b, a, a, b), one frozen, one closed and its platformCardId reused. */
function world(): { h: Harness; a: { customerId: string; accountId: string }; b: { customerId: string; accountId: string }; cards: string[] } {
  const h = cardHarness();
  const a = cardholder(h);
  const b = cardholder(h, 'Alan Turing');
  const cards: string[] = [];
  const holders = [a, b, a, a, b];
  holders.forEach((holder, i) => {
    h.now = new Date(Date.parse('2026-03-02T16:00:00.000Z') + i * 60_000).toISOString();
    cards.push(issueCard(h, holder, { platformCardId: i === 1 ? 'pc-shared' : `pc-${i}` }).id as string);
  });
  h.ok('PATCH', `/cards/${cards[2]}`, { status: 'FROZEN' });
  h.ok('PATCH', `/cards/${cards[1]}`, { status: 'CLOSED' });
  // Closing frees the platform's id: a new card takes it.
  h.now = '2026-03-02T17:00:00.000Z';
  cards.push(issueCard(h, b, { platformCardId: 'pc-shared' }).id as string);
  return { h, a, b, cards };
}

function ids(h: Harness, query: string): string[] {
  const body = h.ok('GET', `/cards?${query}`);
  expect(body.totalCount, query).toBe(body.data.length);
  return (body.data as { id: string }[]).map((card) => card.id);
}

function walk(h: Harness, query: string): { rows: string[]; pages: string[] } {
  const rows: string[] = [];
  const pages: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const body = h.ok('GET', `/cards?${query}&limit=1${cursor === undefined ? '' : `&cursor=${cursor}`}`);
    pages.push(JSON.stringify(body));
    rows.push(...(body.data as { id: string }[]).map((card) => card.id));
    if (!body.hasMore) return { rows, pages };
    cursor = body.nextCursor as string;
  }
  throw new Error('walk did not end');
}

function errorFields(h: Harness, query: string): string[] {
  const answer = h.call('GET', `/cards?${query}`);
  expect(answer.status, query).toBe(400);
  expect((answer.body as { code: string }).code).toBe('INVALID_INPUT');
  expect(answer.events).toEqual([]);
  return ((answer.body as { details: { errors: { field: string }[] } }).details.errors).map((e) => e.field);
}

describe('GET /cards with the reference parameters', () => {
  it('sortOrder: desc (the reference default) newest first, asc oldest first', () => {
    const { h, cards } = world();
    expect(ids(h, '')).toEqual([...cards].reverse());
    expect(ids(h, 'sortOrder=desc')).toEqual([...cards].reverse());
    expect(ids(h, 'sortOrder=asc')).toEqual(cards);
  });

  it('cardholderId filters by cardholder, as customerId does; both given must agree', () => {
    const { h, a, b, cards } = world();
    expect(ids(h, `sortOrder=asc&cardholderId=${a.customerId}`)).toEqual([cards[0], cards[2], cards[3]]);
    expect(ids(h, `cardholderId=${b.customerId}`)).toEqual([cards[5], cards[4], cards[1]]);
    expect(ids(h, `cardholderId=${a.customerId}&customerId=${a.customerId}&sortOrder=asc`)).toEqual([cards[0], cards[2], cards[3]]);
    expect(ids(h, 'cardholderId=Customer:nobody')).toEqual([]);
    expect(errorFields(h, `cardholderId=${a.customerId}&customerId=${b.customerId}`)).toEqual(['cardholderId']);
  });

  it('accountId filters by the funding internal account', () => {
    const { h, a, b, cards } = world();
    expect(ids(h, `sortOrder=asc&accountId=${a.accountId}`)).toEqual([cards[0], cards[2], cards[3]]);
    expect(ids(h, `sortOrder=asc&accountId=${b.accountId}&state=ACTIVE`)).toEqual([cards[4], cards[5]]);
    expect(ids(h, `accountId=${a.accountId}&cardholderId=${b.customerId}`)).toEqual([]);
    expect(ids(h, 'accountId=InternalAccount:nobody')).toEqual([]);
  });

  it('platformCardId names the cards issued with it, a closed one and the one that took its id after', () => {
    const { h, cards } = world();
    expect(ids(h, 'platformCardId=pc-shared')).toEqual([cards[5], cards[1]]);
    expect(ids(h, 'platformCardId=pc-shared&state=CLOSED')).toEqual([cards[1]]);
    expect(ids(h, 'platformCardId=pc-3')).toEqual([cards[3]]);
    expect(ids(h, 'platformCardId=pc-none')).toEqual([]);
  });

  it("state filters by the reference's CardState, as status does; PENDING_KYC and PROCESSING match no sandbox card", () => {
    const { h, cards } = world();
    expect(ids(h, 'state=FROZEN')).toEqual([cards[2]]);
    expect(ids(h, 'state=CLOSED')).toEqual([cards[1]]);
    expect(ids(h, 'state=ACTIVE&sortOrder=asc')).toEqual([cards[0], cards[3], cards[4], cards[5]]);
    expect(ids(h, 'state=ACTIVE&status=ACTIVE&sortOrder=asc')).toEqual([cards[0], cards[3], cards[4], cards[5]]);
    expect(ids(h, 'state=PENDING_KYC')).toEqual([]);
    expect(ids(h, 'state=PROCESSING')).toEqual([]);
    expect(errorFields(h, 'state=FROZEN&status=ACTIVE')).toEqual(['state']);
  });

  it('pages one card at a time with every filter and both orders: the same rows as one page, the same bytes again', () => {
    const { h, a, b } = world();
    for (const query of ['sortOrder=asc', 'sortOrder=desc', `cardholderId=${a.customerId}`, `cardholderId=${b.customerId}&sortOrder=asc`, `accountId=${a.accountId}`, 'platformCardId=pc-shared&sortOrder=asc', 'state=ACTIVE', 'status=ACTIVE&sortOrder=asc']) {
      const whole = ids(h, query);
      expect(whole.length, query).toBeGreaterThan(1);
      const first = walk(h, query);
      expect(first.rows, query).toEqual(whole);
      expect(walk(h, query).pages, query).toEqual(first.pages);
    }
  });

  it('a cursor belongs to its filters and order', () => {
    const { h, a } = world();
    const cursor = h.ok('GET', '/cards?limit=1').nextCursor as string;
    expect(errorFields(h, `sortOrder=asc&limit=1&cursor=${cursor}`)).toEqual(['cursor']);
    expect(errorFields(h, `cardholderId=${a.customerId}&limit=1&cursor=${cursor}`)).toEqual(['cursor']);
    // customerId and cardholderId are one filter: they share cursors.
    const mine = h.ok('GET', `/cards?customerId=${a.customerId}&limit=1`).nextCursor as string;
    expect(h.ok('GET', `/cards?cardholderId=${a.customerId}&limit=1&cursor=${mine}`).data).toHaveLength(1);
  });

  it('refuses invalid values with 400 INVALID_INPUT naming each parameter', () => {
    const { h } = world();
    expect(errorFields(h, 'sortOrder=newest')).toEqual(['sortOrder']);
    expect(errorFields(h, 'state=PAUSED')).toEqual(['state']);
    expect(errorFields(h, 'cardholderId=&accountId=&platformCardId=')).toEqual(['accountId', 'cardholderId', 'platformCardId']);
    expect(errorFields(h, `accountId=${'x'.repeat(201)}`)).toEqual(['accountId']);
  });
});
