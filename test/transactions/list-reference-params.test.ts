/**
 * GET /transactions takes the reference's listTransactions parameters (issue 12):
 * platformCustomerId (the customer's own id on the platform), startDate and endDate (inclusive),
 * and sortOrder (desc, the default: newest first; asc: oldest first).
 */
import { describe, expect, it } from 'vitest';
import { fund, newCustomer, setup } from '../quotes/support.js';

describe('GET /transactions with the reference parameters', () => {
  it('filters by platformCustomerId, startDate and endDate (inclusive)', () => {
    const h = setup();
    const a = newCustomer(h);
    const b = newCustomer(h);
    const pa = h.ok('GET', `/customers/${a.customerId}`).platformCustomerId as string;
    const first = h.ok('POST', `/sandbox/internal-accounts/${a.accountId}/deposit`, { amount: 1_000 }).id as string;
    h.now = '2026-01-05T17:00:00.000Z';
    const second = h.ok('POST', `/sandbox/internal-accounts/${a.accountId}/deposit`, { amount: 2_000 }).id as string;
    h.ok('POST', `/sandbox/internal-accounts/${b.accountId}/deposit`, { amount: 3_000 });
    // Compared as sets: the order of the list is its own rule (docs/transactions.md).
    const list = (query: string): string[] => (h.ok("GET", `/transactions?${query}`).data as { id: string }[]).map((t) => t.id).sort();
    expect(list(`platformCustomerId=${encodeURIComponent(pa)}`)).toEqual([first, second].sort());
    expect(list(`platformCustomerId=${encodeURIComponent(pa)}&startDate=2026-01-05T17:00:00Z`)).toEqual([second]);
    expect(list(`platformCustomerId=${encodeURIComponent(pa)}&endDate=2026-01-05T17:00:00Z`)).toEqual([first, second].sort());
    expect(list(`platformCustomerId=${encodeURIComponent(pa)}&endDate=2026-01-05T16:59:59Z`)).toEqual([first]);
    expect(list('platformCustomerId=nobody')).toEqual([]);
    expect(list(`platformCustomerId=${encodeURIComponent(pa)}&customerId=${encodeURIComponent(b.customerId)}`)).toEqual([]);
    const ordered = (query: string): string[] => (h.ok('GET', `/transactions?${query}`).data as { id: string }[]).map((t) => t.id);
    expect(ordered(`platformCustomerId=${encodeURIComponent(pa)}&sortOrder=asc`)).toEqual([first, second]);
    expect(ordered(`platformCustomerId=${encodeURIComponent(pa)}&sortOrder=desc`)).toEqual([second, first]);
    expect(ordered(`platformCustomerId=${encodeURIComponent(pa)}`)).toEqual([second, first]);
    expect(h.call('GET', '/transactions?sortOrder=up').status).toBe(400);
    expect(h.call('GET', '/transactions?startDate=today').status).toBe(400);
    void fund;
  });
});
