/** GET /stablecoin-provider-accounts (provider, status filters) and GET /quotes (customerId, status filters), paged. */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';

describe('GET /stablecoin-provider-accounts', () => {
  it('lists links in creation order, filtered by provider and status, and pages', () => {
    const h = harness();
    const a = h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1' });
    const b = h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-2' });
    h.ok('DELETE', `/stablecoin-provider-accounts/${b.id}`);
    expect(h.ok('GET', '/stablecoin-provider-accounts').data.map((l: any) => l.id)).toEqual([a.id, b.id]);
    expect(h.ok('GET', '/stablecoin-provider-accounts?status=REVOKED').data.map((l: any) => l.id)).toEqual([b.id]);
    expect(h.ok('GET', '/stablecoin-provider-accounts?provider=OTHER').totalCount).toBe(0);
    const first = h.ok('GET', '/stablecoin-provider-accounts?limit=1');
    expect(first).toMatchObject({ hasMore: true, totalCount: 2 });
    expect(h.ok('GET', `/stablecoin-provider-accounts?limit=1&cursor=${first.nextCursor}`).data[0].id).toBe(b.id);
    const bad = h.call('GET', '/stablecoin-provider-accounts?status=GONE');
    expect(bad.status).toBe(400);
    expect((bad.body as any).code).toBe('INVALID_INPUT');
  });
});

describe('GET /quotes', () => {
  it('lists quotes with their wire view, filtered by customerId and status', () => {
    const h = setup();
    const alice = newCustomer(h);
    const bob = newCustomer(h);
    fund(h, alice.accountId, 100_000);
    const bank = newExternalAccount(h, alice.customerId, 'USD', '123');
    const q1 = h.ok('POST', '/quotes', payoutBody(alice.accountId, bank, 1000));
    const q2 = h.ok('POST', '/quotes', payoutBody(alice.accountId, bank, 2000, { immediatelyExecute: true }));
    const all = h.ok('GET', '/quotes');
    expect(all.data.map((q: any) => q.id)).toEqual([q1.id, q2.id]);
    expect(all.data[0]).toEqual(h.ok('GET', `/quotes/${q1.id}`));
    expect(h.ok('GET', `/quotes?customerId=${bob.customerId}`).totalCount).toBe(0);
    expect(h.ok('GET', '/quotes?status=PENDING').data.map((q: any) => q.id)).toEqual([q1.id]);
    expect(h.call('GET', '/quotes?status=NOPE').status).toBe(400);
  });
});
