/**
 * Provider account links: create, read, revoke (DELETE), duplicates and validation; and the rule
 * that picks the link a register, mint or burn goes through. Every rejection writes no event.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { call, COIN, customerAccount, driveTo, key, link, register } from './support.js';

describe('POST /stablecoin-provider-accounts', () => {
  it('links a provider account as ACTIVE and answers 201 with the link', () => {
    const h = harness();
    const r = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-9' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^StablecoinProviderAccount:[0-9a-f-]{36}$/),
      provider: 'BRALE',
      externalReference: 'acct-9',
      status: 'ACTIVE',
      // The reference's StablecoinProviderAccount requires providerAccountId and providerEnvironment.
      providerAccountId: 'acct-9',
      providerEnvironment: 'SANDBOX',
      createdAt: h.now,
      updatedAt: h.now,
    });
    expect(r.events.map((e) => e.type)).toContain('StablecoinProviderAccountLinked');
    expect(h.ok('GET', `/stablecoin-provider-accounts/${r.body.id}`)).toEqual(r.body);
  });

  it('rejects linking the same provider account twice with 409 CONFLICT', () => {
    const h = harness();
    const first = link(h, 'acct-1');
    const r = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1' });
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([409, 'CONFLICT', { stablecoinProviderAccountId: first }, []]);
    // The same reference at another provider is another account.
    expect(call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'PAXOS', externalReference: 'acct-1' }).status).toBe(201);
  });

  it('links a revoked provider account again as a new link', () => {
    const h = harness();
    const first = link(h, 'acct-1');
    h.ok('DELETE', `/stablecoin-provider-accounts/${first}`);
    const again = h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1' });
    expect(again.id).not.toBe(first);
    expect(again.status).toBe('ACTIVE');
  });

  it('lists every invalid field in one 400 INVALID_INPUT', () => {
    const h = harness();
    const r = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'brale', externalReference: 'has space', extra: 1 });
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['externalReference', 'extra', 'provider']);
    const empty = call(h, 'POST', '/stablecoin-provider-accounts', {});
    expect(empty.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['externalReference', 'provider']);
  });
});

describe('GET and DELETE /stablecoin-provider-accounts/{id}', () => {
  it('answers 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for an unknown link, on both', () => {
    const h = harness();
    for (const method of ['GET', 'DELETE']) {
      const r = call(h, method, '/stablecoin-provider-accounts/StablecoinProviderAccount:missing');
      expect([r.status, r.body.code, r.events]).toEqual([404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', []]);
    }
  });

  it('revokes on DELETE, and a repeated DELETE succeeds without an event', () => {
    const h = harness();
    const id = link(h);
    h.now = '2026-01-05T17:00:00.000Z';
    const r = call(h, 'DELETE', `/stablecoin-provider-accounts/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'REVOKED', revokedAt: h.now, updatedAt: h.now });
    expect(r.events.map((e) => e.type)).toEqual(['StablecoinProviderAccountRevoked']);
    const again = call(h, 'DELETE', `/stablecoin-provider-accounts/${id}`);
    expect([again.status, again.body, again.events]).toEqual([200, r.body, []]);
  });
});

describe('choosing the provider account of a register, mint or burn', () => {
  function registerCall(h: ReturnType<typeof harness>, extra: Record<string, unknown> = {}) {
    return call(h, 'POST', '/stablecoins', { ...COIN, ...extra }, key());
  }

  it('rejects a register with no link at all with 400 STABLECOIN_NOT_PROVISIONED', () => {
    const h = harness();
    const r = registerCall(h);
    expect([r.status, r.body.code, r.events]).toEqual([400, 'STABLECOIN_NOT_PROVISIONED', []]);
  });

  it('uses the only ACTIVE link when none is named', () => {
    const h = harness();
    const revoked = link(h, 'old');
    h.ok('DELETE', `/stablecoin-provider-accounts/${revoked}`);
    const active = link(h, 'new');
    expect(h.ok('POST', '/stablecoins', COIN, key()).stablecoinProviderAccountId).toBe(active);
  });

  it('rejects a register with several ACTIVE links and none named with 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', () => {
    const h = harness();
    const a = link(h, 'a');
    const b = link(h, 'b', 'PAXOS');
    const r = registerCall(h);
    expect([r.status, r.body.code, r.events]).toEqual([400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', []]);
    expect(r.body.details).toEqual({ stablecoinProviderAccountIds: [a, b] });
    const chosen = h.ok('POST', '/stablecoins', { ...COIN, stablecoinProviderAccountId: b }, key());
    expect(chosen).toMatchObject({ stablecoinProviderAccountId: b, provider: 'PAXOS' });
  });

  it('rejects a named revoked link with 400 STABLECOIN_PROVIDER_ACCOUNT_REVOKED, an invalid one with 400 STABLECOIN_PROVIDER_ACCOUNT_INVALID, an unknown one with 404', () => {
    const h = harness();
    const revoked = link(h, 'gone');
    h.ok('DELETE', `/stablecoin-provider-accounts/${revoked}`);
    const invalid = link(h, 'ref_INVALID');
    link(h, 'fine');
    const cases: [string, number, string][] = [
      [revoked, 400, 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED'],
      [invalid, 400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID'],
      ['StablecoinProviderAccount:missing', 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND'],
    ];
    for (const [id, status, code] of cases) {
      const r = registerCall(h, { stablecoinProviderAccountId: id });
      expect([r.status, r.body.code, r.events]).toEqual([status, code, []]);
    }
  });

  it('reports the newest link problem when no link is ACTIVE and none is named', () => {
    const h = harness();
    const first = link(h, 'first');
    h.ok('DELETE', `/stablecoin-provider-accounts/${first}`);
    expect(registerCall(h).body.code).toBe('STABLECOIN_PROVIDER_ACCOUNT_REVOKED');
    link(h, 'second_INVALID');
    expect(registerCall(h).body.code).toBe('STABLECOIN_PROVIDER_ACCOUNT_INVALID');
  });

  it('for a mint or burn, chooses among the links at the coin provider only', () => {
    const h = harness();
    const account = customerAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 10_000 });
    const brale = link(h, 'b1');
    const coin = register(h);
    driveTo(h, coin, 'ENABLED');
    const paxos = link(h, 'p1', 'PAXOS');
    // Two ACTIVE links, but only one at BRALE: no selection needed.
    const minted = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: '10000', sourceAccountId: account }, key());
    expect(minted.status).toBe(201);
    expect(minted.body.stablecoinProviderAccountId).toBe(brale);
    // A link at another provider cannot mint this coin.
    const other = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: '10000', sourceAccountId: account, stablecoinProviderAccountId: paxos }, key());
    expect([other.status, other.body.code, other.events]).toEqual([400, 'STABLECOIN_OPERATION_NOT_SUPPORTED', []]);
    // A second BRALE link makes the choice ambiguous.
    const brale2 = link(h, 'b2');
    const ambiguous = call(h, 'POST', `/stablecoins/${coin}/burns`, { amount: '10000', sourceAccountId: account }, key());
    expect([ambiguous.status, ambiguous.body.code, ambiguous.events]).toEqual([400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', []]);
    expect(ambiguous.body.details.stablecoinProviderAccountIds).toEqual([brale, brale2]);
    // Every BRALE link revoked: the newest one's problem.
    h.ok('DELETE', `/stablecoin-provider-accounts/${brale}`);
    h.ok('DELETE', `/stablecoin-provider-accounts/${brale2}`);
    const none = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: '10000', sourceAccountId: account }, key());
    expect([none.status, none.body.code, none.events]).toEqual([400, 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED', []]);
  });
});
