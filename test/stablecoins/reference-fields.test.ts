/**
 * Issue 12: the reference's request fields of the stablecoin operations are accepted, with the
 * reference's meaning where the engine has one: `providerAccountId` = `externalReference`,
 * `providerTokenIdentifier` = `symbol`, `operationType` = `type` (both spellings given must
 * agree), `apiClientId` kept, `apiClientSecret` kept only as an HMAC, `description` kept and answered.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { call, COIN, enabledCoin, key, link, mint } from './support.js';

describe('POST /stablecoin-provider-accounts reference fields', () => {
  it('rule: providerAccountId is the reference name of externalReference, and apiClientSecret never enters the log', () => {
    const h = harness();
    const secret = 'provider_secret_456-DO-NOT-LOG';
    const r = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client-1', apiClientSecret: secret, providerAccountId: 'acct-7' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ provider: 'BRALE', externalReference: 'acct-7', providerAccountId: 'acct-7', status: 'ACTIVE' });
    // The reference never returns the credentials.
    expect(r.body).not.toHaveProperty('apiClientId');
    expect(r.body).not.toHaveProperty('apiClientSecret');
    expect(r.body).not.toHaveProperty('apiClientSecretHmac');
    const logged = JSON.stringify(h.log);
    expect(logged).not.toContain(secret);
    const stored = h.engine.state.stablecoins.providerAccounts.get(r.body.id)!;
    expect(stored.apiClientId).toBe('client-1');
    expect(stored.apiClientSecretHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(logged).toContain(stored.apiClientSecretHmac!);
  });

  it('rule: externalReference and providerAccountId given both must agree (400 naming providerAccountId), one of them is required', () => {
    const h = harness();
    const both = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1', providerAccountId: 'acct-2' });
    expect([both.status, both.body.code, both.body.details.errors.map((e: { field: string }) => e.field), both.events]).toEqual([400, 'INVALID_INPUT', ['providerAccountId'], []]);
    expect(call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1', providerAccountId: 'acct-1' }).status).toBe(201);
    const neither = call(h, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'c', apiClientSecret: 's' });
    expect([neither.status, neither.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['externalReference']]);
  });
});

describe('POST /stablecoins reference fields', () => {
  it('rule: providerTokenIdentifier is the reference name of symbol; both given must agree', () => {
    const h = harness();
    link(h);
    const { symbol: _symbol, ...rest } = COIN;
    const r = call(h, 'POST', '/stablecoins', { ...rest, providerTokenIdentifier: 'ACMEUSD' }, key());
    expect([r.status, r.body.symbol, r.body.providerTokenIdentifier]).toEqual([201, 'ACMEUSD', 'ACMEUSD']);
    const disagree = call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'OTHERUSD', networkTokenIdentifier: 'tok-2', providerTokenIdentifier: 'ACMEUSD' }, key());
    expect([disagree.status, disagree.body.details.errors.map((e: { field: string }) => e.field), disagree.events]).toEqual([400, ['providerTokenIdentifier'], []]);
    const neither = call(h, 'POST', '/stablecoins', { ...rest, networkTokenIdentifier: 'tok-3' }, key());
    expect([neither.status, neither.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['symbol']]);
  });
});

describe('mints and burns reference fields', () => {
  it('rule: description (at most 1024 characters) is kept on the operation and answered', () => {
    const { h, account, coinId } = enabledCoin();
    const r = mint(h, coinId, account, '10000', { description: 'Initial program funding mint' });
    expect([r.status, r.body.description]).toEqual([201, 'Initial program funding mint']);
    expect(h.ok('GET', `/stablecoin-operations/${r.body.id}`).description).toBe('Initial program funding mint');
    const long = mint(h, coinId, account, '10000', { description: 'x'.repeat(1025) });
    expect([long.status, long.body.details.errors[0].field]).toEqual([400, 'description']);
    // Without one, none is answered (as in logs written before the field).
    expect(mint(h, coinId, account, '10000').body).not.toHaveProperty('description');
  });
});

describe('GET /stablecoins/{id}/operations reference fields', () => {
  it('rule: operationType is the reference name of type; both given must agree', () => {
    const { h, account, coinId } = enabledCoin();
    const minted = mint(h, coinId, account, '10000').body.id as string;
    const ids = (path: string) => (h.ok('GET', path).data as { id: string }[]).map((o) => o.id);
    expect(ids(`/stablecoins/${coinId}/operations?operationType=MINT`)).toEqual([minted]);
    expect(ids(`/stablecoins/${coinId}/operations?operationType=BURN`)).toEqual([]);
    expect(ids(`/stablecoins/${coinId}/operations?operationType=MINT&type=MINT`)).toEqual([minted]);
    const disagree = call(h, 'GET', `/stablecoins/${coinId}/operations?operationType=MINT&type=BURN`);
    expect([disagree.status, disagree.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['operationType']]);
    const bad = call(h, 'GET', `/stablecoins/${coinId}/operations?operationType=SWAP`);
    expect([bad.status, bad.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['operationType']]);
  });
});
