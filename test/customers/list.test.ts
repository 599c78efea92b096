/**
 * GET /customers: creation order, `limit` 1..100 (default 20), `cursor`/`hasMore`/`nextCursor`,
 * `totalCount` of all matches, filters platformCustomerId, customerType, kycStatus (and
 * kybStatus), and a cursor bound to the filters that made it.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../support/harness.js';
import { business, create, individual, invalidFields } from './fixtures.js';

/** Creates `count` individuals p-0..p-(count-1) and returns their ids in order. */
function seed(h: Harness, count: number): string[] {
  return Array.from({ length: count }, (_, i) => create(h, individual({ platformCustomerId: `p-${i}`, fullName: `Person ${i}` })).id);
}

/** Follows nextCursor to the end; returns every id seen and the number of pages. */
function walk(h: Harness, query: string): { ids: string[]; pages: number } {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const params = new URLSearchParams(query);
    if (cursor !== undefined) params.set('cursor', cursor);
    const text = params.toString();
    const page = h.ok('GET', text === '' ? '/customers' : `/customers?${text}`);
    pages += 1;
    ids.push(...page.data.map((c: { id: string }) => c.id));
    expect(page.hasMore).toBe(page.nextCursor !== undefined);
    cursor = page.nextCursor;
    expect(pages).toBeLessThan(200);
  } while (cursor !== undefined);
  return { ids, pages };
}

describe('GET /customers', () => {
  it('answers an empty page before any customer', () => {
    expect(harness().ok('GET', '/customers')).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('lists in creation order with the same shape as GET /customers/{id}', () => {
    const h = harness();
    const a = create(h, individual({ platformCustomerId: 'a' }));
    const b = create(h, business());
    expect(h.ok('GET', '/customers')).toEqual({ data: [a, b], hasMore: false, totalCount: 2 });
  });

  it('pages 20 at a time by default and follows nextCursor to the end without gaps or repeats', () => {
    const h = harness();
    const ids = seed(h, 45);
    const first = h.ok('GET', '/customers');
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ hasMore: true, totalCount: 45 });
    expect(typeof first.nextCursor).toBe('string');
    const all = walk(h, '');
    expect(all.ids).toEqual(ids);
    expect(all.pages).toBe(3);
  });

  it.each([
    [1, 5],
    [2, 3],
    [5, 1],
    [100, 1],
  ])('limit=%i over 5 customers takes %i pages', (limit, pages) => {
    const h = harness();
    const ids = seed(h, 5);
    const all = walk(h, `limit=${limit}`);
    expect(all.ids).toEqual(ids);
    expect(all.pages).toBe(pages);
  });

  it('caps a page at 100', () => {
    const h = harness();
    seed(h, 101);
    const page = h.ok('GET', '/customers?limit=100');
    expect(page.data).toHaveLength(100);
    expect(page).toMatchObject({ hasMore: true, totalCount: 101 });
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('rejects limit=%s with 400 INVALID_INPUT on limit', (limit) => {
    expect(invalidFields(harness().call('GET', `/customers?limit=${limit}`))).toEqual(['limit']);
  });

  it('rejects a malformed cursor with 400 INVALID_INPUT', () => {
    expect(invalidFields(harness().call('GET', '/customers?cursor=not-a-cursor'))).toEqual(['cursor']);
  });

  it('rejects a cursor of another filter with 400 INVALID_INPUT', () => {
    const h = harness();
    seed(h, 3);
    const cursor = h.ok('GET', '/customers?limit=1&customerType=INDIVIDUAL').nextCursor;
    expect(invalidFields(h.call('GET', `/customers?limit=1&customerType=BUSINESS&cursor=${cursor}`))).toEqual(['cursor']);
    expect(invalidFields(h.call('GET', `/customers?limit=1&cursor=${cursor}`))).toEqual(['cursor']);
    expect(h.call('GET', `/customers?limit=1&customerType=INDIVIDUAL&cursor=${cursor}`).status).toBe(200);
  });

  it('rejects a cursor of another list (internal accounts) with 400 INVALID_INPUT', () => {
    const h = harness();
    const id = seed(h, 1)[0]!;
    // Mint a cursor of the customer-accounts list by hand: it has at most one account per customer here.
    const foreign = Buffer.from(JSON.stringify({ k: `customer-accounts:${id}`, p: 1 })).toString('base64url');
    expect(invalidFields(h.call('GET', `/customers?cursor=${foreign}`))).toEqual(['cursor']);
  });

  it('keeps a cursor valid when a listed customer changes between pages', () => {
    const h = harness();
    const ids = seed(h, 4);
    const first = h.ok('GET', '/customers?limit=2');
    h.ok('PATCH', `/customers/${ids[0]}`, { fullName: 'Renamed' });
    const second = h.ok('GET', `/customers?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2));
  });
});

describe('GET /customers filters', () => {
  function mixed(h: Harness) {
    const approved = create(h, individual({ platformCustomerId: 'i-approved', fullName: 'Ann 004' }));
    const pending = create(h, individual({ platformCustomerId: 'i-pending', fullName: 'Pat 001' }));
    const rejected = create(h, individual({ platformCustomerId: 'i-rejected', fullName: 'Rex 002' }));
    const biz = create(h, business({ platformCustomerId: 'b-1' }));
    return { approved, pending, rejected, biz };
  }

  it.each([
    ['platformCustomerId=i-pending', ['pending']],
    ['platformCustomerId=nobody', []],
    ['customerType=INDIVIDUAL', ['approved', 'pending', 'rejected']],
    ['customerType=BUSINESS', ['biz']],
    ['kycStatus=APPROVED', ['approved']],
    ['kycStatus=UNVERIFIED', []],
    ['kybStatus=UNVERIFIED', ['biz']],
    ['customerType=BUSINESS&kycStatus=APPROVED', []],
    ['customerType=INDIVIDUAL&kycStatus=REJECTED', ['rejected']],
  ] as const)('?%s matches %j, and totalCount counts the matches', (query, expected) => {
    const h = harness({ regulated: true });
    const customers = mixed(h);
    const page = h.ok('GET', `/customers?${query}`);
    expect(page.data.map((c: { id: string }) => c.id)).toEqual(expected.map((name) => customers[name].id));
    expect(page.totalCount).toBe(expected.length);
  });

  it('pages within a filter and counts only its matches', () => {
    const h = harness({ regulated: true });
    for (let i = 0; i < 6; i += 1) {
      create(h, individual({ platformCustomerId: `x-${i}`, fullName: i % 2 === 0 ? `Even ${i}` : `Odd 002` }));
    }
    const first = h.ok('GET', '/customers?kycStatus=REJECTED&limit=2');
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    const rest = h.ok('GET', `/customers?kycStatus=REJECTED&limit=2&cursor=${first.nextCursor}`);
    expect(rest.data).toHaveLength(1);
    expect(rest.hasMore).toBe(false);
    expect(rest).not.toHaveProperty('nextCursor');
  });

  it.each([
    ['customerType=PERSON', ['customerType']],
    ['kycStatus=approved', ['kycStatus']],
    ['kybStatus=DONE', ['kybStatus']],
    ['platformCustomerId=', ['platformCustomerId']],
    ['sort=desc', ['sort']],
    ['customerType=INDIVIDUAL&customerType=BUSINESS', ['customerType']],
    ['customerType=PERSON&kycStatus=NOPE&limit=0', ['customerType', 'kycStatus', 'limit']],
  ])('rejects ?%s with 400 INVALID_INPUT listing %j', (query, fields) => {
    expect(invalidFields(harness().call('GET', `/customers?${query}`))).toEqual(fields);
  });
});
