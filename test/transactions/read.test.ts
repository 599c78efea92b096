/**
 * Reads: GET /transactions/{id} (404 TRANSACTION_NOT_FOUND) and GET /transactions with its
 * filters, newest first, limit 1..100 default 20, cursors bound to the filters, hasMore,
 * nextCursor only when there is more, totalCount ignoring paging; status with type=CARD is 400;
 * cardId takes Card:<uuid> or the bare uuid and matches nothing until cards exist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { create, customer, drive, expectRejected, later, payInInput, payoutInput, read, type World, world } from './support.js';

type Page = { data: { id: string; status: string; createdAt: string }[]; hasMore: boolean; nextCursor?: string; totalCount: number };

const T0 = '2026-01-05T16:00:00.000Z';
let w: World;
const ids: Record<string, string> = {};
let alice: { customerId: string; accountId: string };
let bob: { customerId: string; accountId: string };

function list(query: string): Page {
  return w.ok<Page>('GET', `/transactions${query === '' ? '' : `?${query}`}`);
}

beforeAll(() => {
  w = world(T0);
  alice = customer(w, 'alice');
  bob = customer(w, 'bob');
  ids.a1 = create(w, payoutInput(w, alice)); // OUTGOING DEBIT PENDING at T0
  w.now = later(T0, 60_000);
  ids.a2 = create(w, payInInput(w, alice)); // INCOMING CREDIT CREATED
  w.now = later(T0, 120_000);
  ids.b1 = create(w, payoutInput(w, bob));
  drive(w, ids.b1, ['FUNDED', 'SETTLED']); // COMPLETED
  w.now = later(T0, 180_000);
  ids.b2 = create(w, payInInput(w, bob));
  drive(w, ids.b2, ['PAYMENT_FAILED']); // FAILED
  w.now = later(T0, 240_000);
  // An inbound pull: INCOMING with direction DEBIT (spec).
  ids.a3 = create(w, payInInput(w, alice, { initialState: 'PROCESSING', overrides: { direction: 'DEBIT' } }));
});

describe('GET /transactions/{transactionId}', () => {
  it('answers the transaction', () => {
    expect(read(w, ids.a1!)).toMatchObject({ id: ids.a1, type: 'OUTGOING', customerId: alice.customerId });
  });

  it('answers 404 TRANSACTION_NOT_FOUND for an unknown id and writes nothing', () => {
    expectRejected(w.call('GET', '/transactions/Transaction:00000000-0000-7000-8000-0000000000ff'), 404, 'TRANSACTION_NOT_FOUND');
  });

  it('answers 401 without platform credentials', () => {
    const { response } = w.engine.handle({ method: 'GET', path: `/transactions/${ids.a1}`, headers: {} }, { now: w.now });
    expect(response.status).toBe(401);
  });
});

describe('GET /transactions filters', () => {
  it.each([
    ['', ['a3', 'b2', 'b1', 'a2', 'a1']],
    ['customerId=ALICE', ['a3', 'a2', 'a1']],
    ['type=OUTGOING', ['b1', 'a1']],
    ['type=INCOMING', ['a3', 'b2', 'a2']],
    ['type=CARD', []],
    ['status=COMPLETED', ['b1']],
    ['status=PENDING', ['a1']],
    ['status=CREATED', ['a2']],
    ['direction=DEBIT', ['a3', 'b1', 'a1']],
    ['direction=CREDIT', ['b2', 'a2']],
    ['customerId=BOB&type=INCOMING&status=FAILED', ['b2']],
    ['customerId=Customer:00000000-0000-7000-8000-0000000000c9', []],
    [`createdAfter=${encodeURIComponent('2026-01-05T16:01:00Z')}`, ['a3', 'b2', 'b1', 'a2']],
    [`createdBefore=${encodeURIComponent('2026-01-05T16:02:00Z')}`, ['a2', 'a1']],
    [`createdAfter=${encodeURIComponent('2026-01-05T10:01:00-06:00')}&createdBefore=${encodeURIComponent('2026-01-05T16:03:00.000Z')}`, ['b1', 'a2']],
    ['cardId=Card:019b8ee3-0000-7486-ac54-517ef4b30a09', []],
    ['cardId=019b8ee3-0000-7486-ac54-517ef4b30a09', []],
  ])('?%s lists %j, newest first', (query, expected) => {
    const q = query.replace('ALICE', encodeURIComponent(alice.customerId)).replace('BOB', encodeURIComponent(bob.customerId));
    const page = list(q);
    expect(page.data.map((t) => Object.entries(ids).find(([, id]) => id === t.id)?.[0])).toEqual(expected);
    expect(page.totalCount).toBe(expected.length);
    expect(page.hasMore).toBe(false);
    expect(page).not.toHaveProperty('nextCursor');
  });

  it.each([
    ['type=CARD&status=COMPLETED', ['status']],
    ['status=DONE', ['status']],
    ['type=WIRE', ['type']],
    ['direction=IN', ['direction']],
    ['cardId=Card:nope', ['cardId']],
    ['createdAfter=2026-01-05T16:00:00', ['createdAfter']],
    ['createdBefore=yesterday', ['createdBefore']],
    [`createdAfter=${encodeURIComponent('2026-01-05T17:00:00Z')}&createdBefore=${encodeURIComponent('2026-01-05T16:00:00Z')}`, ['createdBefore']],
    ['limit=0', ['limit']],
    ['limit=101', ['limit']],
    ['limit=ten', ['limit']],
    ['cursor=garbage', ['cursor']],
    ['customerId=', ['customerId']],
    ['sort=asc', ['sort']],
    ['type=OUTGOING&type=INCOMING', ['type']],
    ['status=DONE&limit=0&colour=red', ['colour', 'limit', 'status']],
  ])('?%s is 400 INVALID_INPUT listing %j and writes nothing', (query, fields) => {
    const response = w.call('GET', `/transactions?${query}`);
    expectRejected(response, 400, 'INVALID_INPUT');
    expect((response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(fields);
  });
});

describe('GET /transactions paging', () => {
  it('pages newest first with limit, hasMore and nextCursor, covering every match once', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: Page[] = [];
    for (let i = 0; i < 10; i += 1) {
      const page = list(`limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`);
      pages.push(page);
      seen.push(...page.data.map((t) => t.id));
      if (!page.hasMore) break;
      cursor = page.nextCursor;
    }
    expect(pages.map((p) => [p.data.length, p.hasMore, p.totalCount])).toEqual([[2, true, 5], [2, true, 5], [1, false, 5]]);
    expect(seen).toEqual([ids.a3, ids.b2, ids.b1, ids.a2, ids.a1]);
    expect(pages.at(-1)).not.toHaveProperty('nextCursor');
  });

  it('defaults limit to 20 and allows 100', () => {
    const x = world();
    const who = customer(x);
    for (let i = 0; i < 21; i += 1) create(x, payoutInput(x, who));
    const first = x.ok<Page>('GET', '/transactions');
    expect([first.data.length, first.hasMore, first.totalCount]).toEqual([20, true, 21]);
    expect(x.ok<Page>('GET', '/transactions?limit=100').data).toHaveLength(21);
  });

  it('keeps later pages stable when transactions are created between pages', () => {
    const x = world();
    const who = customer(x);
    const made = [0, 1, 2, 3].map(() => create(x, payoutInput(x, who)));
    const first = x.ok<Page>('GET', '/transactions?limit=2');
    create(x, payoutInput(x, who));
    const second = x.ok<Page>(`GET`, `/transactions?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((t) => t.id)).toEqual([made[1], made[0]]);
    expect(second.totalCount).toBe(5);
  });

  it('rejects a cursor used with other filters with 400 INVALID_INPUT, and accepts it with the same filters in another order', () => {
    const typed = list('limit=1&type=INCOMING');
    expect(typed.hasMore).toBe(true);
    expectRejected(w.call('GET', `/transactions?limit=1&type=OUTGOING&cursor=${typed.nextCursor}`), 400, 'INVALID_INPUT');
    expectRejected(w.call('GET', `/transactions?limit=1&cursor=${typed.nextCursor}`), 400, 'INVALID_INPUT');
    expect(w.call('GET', `/transactions?type=INCOMING&limit=1&cursor=${typed.nextCursor}`).status).toBe(200);
  });
});
