/**
 * The reference's query parameters of the internal account lists (issue 12):
 * `GET /customers/internal-accounts` `customerId` (optional: without it, every customer's
 * accounts, never the platform's), `currency`, `type`; `GET /platform/internal-accounts` and
 * `GET /agents/me/internal-accounts` `currency`, `type`. Each filters exactly, pages with cursors
 * bound to the filters, and an invalid value is 400 INVALID_INPUT naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { asAgent, connectedAgent } from '../agents/support.js';
import { type Harness, harness } from '../support/harness.js';

/** Two customers (each with its USD account); the first also holds a RULE_BASED account sweeping to the second's. */
function world(): { h: Harness; first: string; second: string; own: string; ruleBased: string; otherOwn: string } {
  const h = harness();
  const customer = (platformCustomerId: string, fullName: string) => {
    const id = h.ok('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      platformCustomerId,
      fullName,
      agreementConsents: [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }],
    }).id as string;
    return { id, account: h.ok('GET', `/customers/internal-accounts?customerId=${id}`).data[0].id as string };
  };
  const a = customer('c-1', 'Ada Lovelace');
  const b = customer('c-2', 'Grace Hopper');
  const ruleBased = h.ok('POST', '/internal-accounts', {
    type: 'RULE_BASED',
    customerId: a.id,
    currency: 'USD',
    sweepRule: { destination: { accountId: b.account }, minimumAmount: 0, maximumAmount: null },
  }).id as string;
  return { h, first: a.id, second: b.id, own: a.account, ruleBased, otherOwn: b.account };
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((account) => account.id);

describe('GET /customers/internal-accounts reference query', () => {
  it('customerId is optional: without it, every customer\'s accounts in opening order, never the platform\'s', () => {
    const { h, own, ruleBased, otherOwn } = world();
    const all = h.ok('GET', '/customers/internal-accounts');
    expect(idsOf(all)).toEqual([own, otherOwn, ruleBased]);
    expect(all.totalCount).toBe(3);
    const platform = idsOf(h.ok('GET', '/platform/internal-accounts'));
    expect(platform.length).toBeGreaterThan(0);
    expect(idsOf(all).some((id) => platform.includes(id))).toBe(false);
  });

  it('type filters by the account type (the reference\'s and DECISIONS.md\'s RULE_BASED)', () => {
    const { h, first, own, ruleBased, otherOwn } = world();
    expect(idsOf(h.ok('GET', '/customers/internal-accounts?type=RULE_BASED'))).toEqual([ruleBased]);
    expect(idsOf(h.ok('GET', '/customers/internal-accounts?type=INTERNAL_FIAT'))).toEqual([own, otherOwn]);
    expect(idsOf(h.ok('GET', `/customers/internal-accounts?customerId=${first}&type=INTERNAL_FIAT`))).toEqual([own]);
    expect(h.ok('GET', '/customers/internal-accounts?type=EMBEDDED_WALLET')).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('currency filters by the account currency', () => {
    const { h, first, own, ruleBased } = world();
    expect(idsOf(h.ok('GET', `/customers/internal-accounts?customerId=${first}&currency=USD`))).toEqual([own, ruleBased]);
    expect(h.ok('GET', `/customers/internal-accounts?customerId=${first}&currency=EUR`).totalCount).toBe(0);
  });

  it('currency and type together, without customerId, page through the currency\'s index checking the type', () => {
    const { h, own, ruleBased, otherOwn } = world();
    expect(idsOf(h.ok('GET', '/customers/internal-accounts?currency=USD'))).toEqual([own, otherOwn, ruleBased]);
    expect(idsOf(h.ok('GET', '/customers/internal-accounts?currency=USD&type=RULE_BASED'))).toEqual([ruleBased]);
    const first = h.ok('GET', '/customers/internal-accounts?currency=USD&type=INTERNAL_FIAT&limit=1');
    expect([idsOf(first), first.hasMore, first.totalCount]).toEqual([[own], true, 2]);
    const second = h.ok('GET', `/customers/internal-accounts?currency=USD&type=INTERNAL_FIAT&limit=1&cursor=${first.nextCursor}`);
    expect([idsOf(second), second.hasMore, second.totalCount]).toEqual([[otherOwn], false, 2]);
    expect(h.ok('GET', '/customers/internal-accounts?currency=EUR&type=INTERNAL_FIAT').totalCount).toBe(0);
  });

  it('pages a filtered list with cursors bound to its filters; an unfiltered customer cursor keeps its former key', () => {
    const { h, own, otherOwn } = world();
    const first = h.ok('GET', '/customers/internal-accounts?type=INTERNAL_FIAT&limit=1');
    expect([idsOf(first), first.hasMore, first.totalCount]).toEqual([[own], true, 2]);
    const second = h.ok('GET', `/customers/internal-accounts?type=INTERNAL_FIAT&limit=1&cursor=${first.nextCursor}`);
    expect([idsOf(second), second.hasMore, second.totalCount]).toEqual([[otherOwn], false, 2]);
    expect(h.call('GET', `/customers/internal-accounts?limit=1&cursor=${first.nextCursor}`).status).toBe(400);
    // The cursor key of a customer's unfiltered list is unchanged: customer-accounts:<id>.
    const { first: customerId } = world();
    const page = h.ok('GET', `/customers/internal-accounts?customerId=${customerId}&limit=1`);
    expect(JSON.parse(Buffer.from(page.nextCursor, 'base64url').toString())).toEqual({ k: `customer-accounts:${customerId}`, p: 1 });
  });

  it.each([
    ['type=SAVINGS', 'type'],
    ['currency=usd', 'currency'],
    ['customerId=', 'customerId'],
    ['accountId=x', 'accountId'],
  ])('refuses %s with 400 INVALID_INPUT naming the parameter', (query, field) => {
    const { h } = world();
    const r = h.call('GET', `/customers/internal-accounts?${query}`);
    expect([r.status, (r.body as any).code, (r.body as any).details.errors.map((e: { field: string }) => e.field)]).toEqual([400, 'INVALID_INPUT', [field]]);
  });

  it('an unknown customerId is still 404 CUSTOMER_NOT_FOUND', () => {
    const { h } = world();
    expect(h.call('GET', '/customers/internal-accounts?customerId=Customer:nobody').status).toBe(404);
  });

  it('an engine rebuilt from a snapshot lists every customer\'s accounts the same way', () => {
    const { h } = world();
    const rebuilt = createEngine({ snapshot: h.engine.snapshot() });
    // Plain copies: engine.state is a read-only view.
    const plain = (index: typeof rebuilt.state.accounts.customerAccounts) => ({ all: [...index.all], byCurrency: [...index.byCurrency], byType: [...index.byType] });
    expect(plain(rebuilt.state.accounts.customerAccounts)).toEqual(plain(h.engine.state.accounts.customerAccounts));
    expect(rebuilt.state.accounts.customerAccounts.all).toHaveLength(3);
    expect(rebuilt.state.accounts.customerAccounts.byType.get('RULE_BASED')).toHaveLength(1);
    expect(rebuilt.state.accounts.customerAccounts.byCurrency.get('USD')).toHaveLength(3);
  });
});

describe('GET /platform/internal-accounts reference query', () => {
  it('currency and type filter the platform\'s accounts (its one USD INTERNAL_FIAT account from genesis)', () => {
    const { h } = world();
    const platform = idsOf(h.ok('GET', '/platform/internal-accounts'));
    expect(platform).toHaveLength(1);
    expect(idsOf(h.ok('GET', '/platform/internal-accounts?currency=USD'))).toEqual(platform);
    expect(idsOf(h.ok('GET', '/platform/internal-accounts?currency=EUR'))).toEqual([]);
    expect(idsOf(h.ok('GET', '/platform/internal-accounts?type=INTERNAL_FIAT&currency=USD'))).toEqual(platform);
    expect(h.ok('GET', '/platform/internal-accounts?type=INTERNAL_CRYPTO')).toEqual({ data: [], hasMore: false, totalCount: 0 });
    expect(h.call('GET', '/platform/internal-accounts?customerId=x').status).toBe(400);
  });
});

describe('GET /agents/me/internal-accounts reference query', () => {
  it('currency and type filter the agent\'s customer\'s accounts', () => {
    const { h, first, own, ruleBased } = world();
    const { token } = connectedAgent(h, first, { permissions: [] });
    expect(idsOf(asAgent(h, token, 'GET', '/agents/me/internal-accounts').body)).toEqual([own, ruleBased]);
    expect(idsOf(asAgent(h, token, 'GET', '/agents/me/internal-accounts?type=RULE_BASED').body)).toEqual([ruleBased]);
    expect(asAgent(h, token, 'GET', '/agents/me/internal-accounts?currency=EUR').body.totalCount).toBe(0);
    expect(asAgent(h, token, 'GET', '/agents/me/internal-accounts?type=CHECKING').status).toBe(400);
  });
});
