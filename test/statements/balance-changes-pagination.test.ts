/**
 * Paging balance changes: hasMore and nextCursor until the window is exhausted, the same opening
 * and closing balance on every page, opening + sum(rows of all pages) = closing, stable row ids,
 * and cursors bound to the account and window that made them.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { allPages, balanceChangesPath, type BalanceChangesBody, fund, platformAccount } from './support.js';

const START = '2026-03-01T00:00:00-06:00';
const END = '2026-04-01T00:00:00-05:00';

/** A platform account funded 1..n minor units, one per hour from March 2 on. */
function fundedAccount(n: number) {
  const h = harness({}, '2026-02-01T00:00:00.000Z');
  const id = platformAccount(h);
  for (let i = 1; i <= n; i += 1) fund(h, id, i, new Date(Date.parse('2026-03-02T00:00:00Z') + i * 3_600_000).toISOString());
  h.now = '2026-05-01T00:00:00.000Z';
  return { h, id };
}

function sum(pages: readonly BalanceChangesBody[]): number {
  return pages.flatMap((p) => p.data).reduce((total, row) => total + row.amount.amount, 0);
}

describe('balance-changes pagination', () => {
  it.each([1, 2, 3, 7, 10, 11, 200])('pages 10 rows with limit %i: hasMore and nextCursor until the last page', (limit) => {
    const { h, id } = fundedAccount(10);
    const pages = allPages(h, id, START, END, limit);
    expect(pages).toHaveLength(Math.max(1, Math.ceil(10 / limit)));
    pages.forEach((page, i) => {
      const last = i === pages.length - 1;
      expect(page.hasMore).toBe(!last);
      expect('nextCursor' in page).toBe(!last);
      expect(page.totalCount).toBe(10);
      expect(page.countIsExact).toBe(true);
      expect(page.data.length).toBe(last ? 10 - limit * (pages.length - 1) : limit);
    });
    expect(pages.flatMap((p) => p.data.map((r) => r.amount.amount))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('opening + sum(rows over all pages) = closing, with the same opening and closing on every page', () => {
    const { h, id } = fundedAccount(9);
    const pages = allPages(h, id, START, END, 4);
    for (const page of pages) {
      expect(page.openingBalance).toEqual(pages[0]?.openingBalance);
      expect(page.closingBalance).toEqual(pages[0]?.closingBalance);
    }
    const first = pages[0] as BalanceChangesBody;
    expect(first.openingBalance.amount + sum(pages)).toBe(first.closingBalance.amount);
    expect(first.closingBalance.currency.code).toBe('USD');
  });

  it('uses 100 rows a page by default', () => {
    const { h, id } = fundedAccount(101);
    const page = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END }));
    expect(page.data).toHaveLength(100);
    expect(page.hasMore).toBe(true);
    expect(page.totalCount).toBe(101);
  });

  it('an empty window has no rows, hasMore false and opening = closing', () => {
    const { h, id } = fundedAccount(3);
    const [page] = allPages(h, id, '2026-04-01T00:00:00-05:00', '2026-04-15T00:00:00-05:00');
    expect(page?.data).toEqual([]);
    expect(page?.hasMore).toBe(false);
    expect(page?.totalCount).toBe(0);
    expect(page?.openingBalance).toEqual(page?.closingBalance);
  });

  it('rows are shaped { id: BalanceChange:<uuid>, transactionId, amount, effectiveAt } in the order money moved', () => {
    const { h, id } = fundedAccount(3);
    const [page] = allPages(h, id, START, END);
    for (const row of page?.data ?? []) {
      expect(Object.keys(row)).toEqual(['id', 'transactionId', 'amount', 'effectiveAt']);
      expect(row.id).toMatch(/^BalanceChange:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.transactionId).toMatch(/^Transaction:/);
    }
    const times = page?.data.map((row) => Date.parse(row.effectiveAt)) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(page?.data.map((row) => row.id)).size).toBe(3);
  });

  it('row ids do not depend on the page size, the window or the time of the request', () => {
    const { h, id } = fundedAccount(6);
    const whole = allPages(h, id, START, END, 200).flatMap((p) => p.data.map((r) => r.id));
    const paged = allPages(h, id, START, END, 4).flatMap((p) => p.data.map((r) => r.id));
    h.now = '2026-09-01T00:00:00.000Z';
    const later = allPages(h, id, '2026-03-02T00:00:00Z', '2026-08-01T00:00:00Z', 1).flatMap((p) => p.data.map((r) => r.id));
    expect(paged).toEqual(whole);
    expect(later).toEqual(whole);
  });

  it('a cursor answers the same page again (it never expires)', () => {
    const { h, id } = fundedAccount(5);
    const first = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2 }));
    const second = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2, cursor: first.nextCursor }));
    fund(h, id, 1_000, '2026-12-01T00:00:00.000Z');
    const again = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2, cursor: first.nextCursor }));
    expect(again).toEqual(second);
  });

  it('a cursor may be used with another limit', () => {
    const { h, id } = fundedAccount(5);
    const first = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2 }));
    const rest = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 10, cursor: first.nextCursor }));
    expect(rest.data.map((r) => r.amount.amount)).toEqual([3, 4, 5]);
    expect(rest.hasMore).toBe(false);
  });

  it.each([
    { name: 'another startDate', query: { startDate: '2026-03-01T00:00:00-05:00', endDate: END } },
    { name: 'another endDate', query: { startDate: START, endDate: '2026-04-02T00:00:00-05:00' } },
  ])('rejects a cursor of another window ($name) with 400 INVALID_INPUT on cursor', ({ query }) => {
    const { h, id } = fundedAccount(5);
    const first = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2 }));
    const response = h.call('GET', balanceChangesPath(id, { ...query, limit: 2, cursor: first.nextCursor }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'cursor' }] } });
  });

  it('accepts a cursor for the same window written with other offsets (same instants)', () => {
    const { h, id } = fundedAccount(5);
    const first = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2 }));
    const response = h.call('GET', balanceChangesPath(id, { startDate: '2026-03-01T06:00:00Z', endDate: '2026-04-01T05:00:00Z', limit: 2, cursor: first.nextCursor }));
    expect(response.status).toBe(200);
  });

  it('rejects a cursor of another account with 400 INVALID_INPUT', () => {
    const { h, id } = fundedAccount(5);
    const first = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: START, endDate: END, limit: 2 }));
    const other = 'InternalAccount:00000000-0000-7000-8000-000000000001';
    const response = h.call('GET', balanceChangesPath(other, { startDate: START, endDate: END, cursor: first.nextCursor }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'cursor' }] } });
  });

  it('rejects a forged cursor that points past the window', () => {
    const { h, id } = fundedAccount(3);
    const startMs = Date.parse(START);
    const endMs = Date.parse(END);
    const forged = Buffer.from(JSON.stringify({ k: `${id}|${startMs}|${endMs}`, p: 4 }), 'utf8').toString('base64url');
    const response = h.call('GET', balanceChangesPath(id, { startDate: START, endDate: END, cursor: forged }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'cursor' }] } });
  });

  it('a read writes nothing for an account without statements of its own', () => {
    const { h, id } = fundedAccount(2);
    const response = h.call('GET', balanceChangesPath(id, { startDate: START, endDate: END }));
    expect(response.status).toBe(200);
    expect(response.events).toEqual([]);
  });
});
