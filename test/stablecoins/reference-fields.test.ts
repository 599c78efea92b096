/**
 * Issue 12: the reference's request fields of the stablecoin operations are accepted, with the
 * reference's meaning where the engine has one: `providerAccountId` = `externalReference`,
 * `providerTokenIdentifier` = `symbol`, `operationType` = `type` (both spellings given must
 * agree), `apiClientId` kept, `apiClientSecret` kept only as an HMAC, `description` kept and answered.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { advance, call, COIN, driveTo, enabledCoin, key, link, mint, register } from './support.js';

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

describe('mint fundingSource and destination, burn source and destination', () => {
  const fields = (r: { body: any }) => (r.body.details?.errors ?? []).map((e: { field: string }) => e.field);

  it('rule: a mint fundingSource GRID_INTERNAL_ACCOUNT is sourceAccountId and destination.accountId is destinationAccountId; both spellings must agree', () => {
    const { h, account, coinId } = enabledCoin();
    const post = (body: Record<string, unknown>) => call(h, 'POST', `/stablecoins/${coinId}/mints`, body, key());
    const r = post({ amount: '10000', fundingSource: { type: 'GRID_INTERNAL_ACCOUNT', accountId: account }, destination: { accountId: account } });
    expect([r.status, r.body.sourceAccountId, r.body.destinationAccountId]).toEqual([201, account, account]);
    const disagree = post({ amount: '10000', sourceAccountId: account, fundingSource: { type: 'GRID_INTERNAL_ACCOUNT', accountId: 'InternalAccount:other' } });
    expect([disagree.status, fields(disagree), disagree.events]).toEqual([400, ['fundingSource.accountId'], []]);
    const destination = post({ amount: '10000', sourceAccountId: account, destinationAccountId: account, destination: { accountId: 'InternalAccount:other' } });
    expect([destination.status, fields(destination)]).toEqual([400, ['destination.accountId']]);
    const neither = post({ amount: '10000' });
    expect([neither.status, fields(neither)]).toEqual([400, ['sourceAccountId']]);
  });

  it('rule: mint funding the sandbox cannot take (WIRE, ACH, provider balance) is 400 STABLECOIN_OPERATION_NOT_SUPPORTED; an ExternalAccount destination is 400 STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', () => {
    const { h, account, coinId } = enabledCoin();
    const post = (body: Record<string, unknown>) => call(h, 'POST', `/stablecoins/${coinId}/mints`, body, key());
    const wire = post({ amount: '10000', fundingSource: { type: 'WIRE' }, destination: { accountId: account } });
    expect([wire.status, wire.body.code, wire.events]).toEqual([400, 'STABLECOIN_OPERATION_NOT_SUPPORTED', []]);
    const ach = post({ amount: '10000', fundingSource: { type: 'ACH_DEBIT', externalAccountId: 'ExternalAccount:x' }, destination: { accountId: account } });
    expect(ach.body.code).toBe('STABLECOIN_OPERATION_NOT_SUPPORTED');
    // The reference's shapes are checked: ACH_DEBIT needs externalAccountId; unknown types are listed.
    expect(fields(post({ amount: '10000', fundingSource: { type: 'ACH_DEBIT' } }))).toEqual(['fundingSource.externalAccountId']);
    expect(post({ amount: '10000', fundingSource: { type: 'CASH' } }).status).toBe(400);
    const external = post({ amount: '10000', sourceAccountId: account, destination: { accountId: 'ExternalAccount:019542f5' } });
    expect([external.status, external.body.code]).toEqual([400, 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED']);
  });

  it('rule: a burn source GRID_INTERNAL_ACCOUNT is sourceAccountId; other sources are 400 STABLECOIN_BURN_SOURCE_NOT_SUPPORTED; a bank destination is 400 STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', () => {
    const { h, account, coinId } = enabledCoin();
    expect(mint(h, coinId, account, '20000').status).toBe(201);
    advance(h, 60_000); // the sandbox completes the mint: the account holds the tokens
    const post = (body: Record<string, unknown>) => call(h, 'POST', `/stablecoins/${coinId}/burns`, body, key());
    const external = post({ amount: '10000', source: { type: 'EXTERNAL_ACCOUNT' } });
    expect([external.status, external.body.code, external.events]).toEqual([400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', []]);
    expect(post({ amount: '10000', source: { type: 'PROVIDER_INTERNAL_BALANCE' } }).body.code).toBe('STABLECOIN_BURN_SOURCE_NOT_SUPPORTED');
    const bank = post({ amount: '10000', sourceAccountId: account, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: 'ExternalAccount:y', rail: 'WIRE' } });
    expect([bank.status, bank.body.code]).toEqual([400, 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED']);
    expect(fields(post({ amount: '10000', sourceAccountId: account, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: 'ExternalAccount:y', rail: 'CHEQUE' } }))).toEqual(['destination.rail']);
    const disagree = post({ amount: '10000', sourceAccountId: account, source: { type: 'GRID_INTERNAL_ACCOUNT', accountId: 'InternalAccount:other' } });
    expect([disagree.status, fields(disagree)]).toEqual([400, ['source.accountId']]);
    const r = post({ amount: '10000', source: { type: 'GRID_INTERNAL_ACCOUNT', accountId: account }, description: 'Redeem ACME' });
    expect([r.status, r.body.type, r.body.sourceAccountId, r.body.destinationAccountId, r.body.description]).toEqual([201, 'BURN', account, account, 'Redeem ACME']);
  });
});

describe('GET /stablecoins reference query (issuanceStatus, gridOperationsStatus, provider)', () => {
  /** Three coins: ACMEUSD (BRALE, ENABLED), SECUSD (BRALE, NOT_ENABLED), OTHUSD (PAXOS, NOT_ENABLED). */
  function threeCoins() {
    const h = harness();
    const brale = link(h, 'acct-1', 'BRALE');
    const paxos = link(h, 'acct-2', 'PAXOS');
    const enabled = register(h, { stablecoinProviderAccountId: brale });
    driveTo(h, enabled, 'ENABLED');
    const second = register(h, { symbol: 'SECUSD', networkTokenIdentifier: '0xAbC0000000000000000000000000000000000002', stablecoinProviderAccountId: brale });
    const other = register(h, { symbol: 'OTHUSD', networkTokenIdentifier: '0xAbC0000000000000000000000000000000000003', stablecoinProviderAccountId: paxos });
    return { h, enabled, second, other };
  }
  const ids = (h: ReturnType<typeof harness>, query: string) => {
    const r = call(h, 'GET', `/stablecoins${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { ids: r.body.data.map((coin: { id: string }) => coin.id), totalCount: r.body.totalCount };
  };

  it('gridOperationsStatus filters by the coin\'s Grid status', () => {
    const { h, enabled, second, other } = threeCoins();
    expect(ids(h, '?gridOperationsStatus=ENABLED')).toEqual({ ids: [enabled], totalCount: 1 });
    expect(ids(h, '?gridOperationsStatus=NOT_ENABLED')).toEqual({ ids: [second, other], totalCount: 2 });
    expect(ids(h, '?gridOperationsStatus=DISABLED')).toEqual({ ids: [], totalCount: 0 });
  });

  it('provider filters by the provider of the coin\'s link (BRALE, the reference\'s, and the engine\'s others)', () => {
    const { h, enabled, second, other } = threeCoins();
    expect(ids(h, '?provider=BRALE')).toEqual({ ids: [enabled, second], totalCount: 2 });
    expect(ids(h, '?provider=PAXOS&gridOperationsStatus=NOT_ENABLED')).toEqual({ ids: [other], totalCount: 1 });
  });

  it('issuanceStatus filters by the answered status (registration is immediate: every coin is PROVISIONED)', () => {
    const { h, enabled, second, other } = threeCoins();
    expect(ids(h, '?issuanceStatus=PROVISIONED')).toEqual({ ids: [enabled, second, other], totalCount: 3 });
    expect(ids(h, '?issuanceStatus=PENDING_REVIEW')).toEqual({ ids: [], totalCount: 0 });
  });

  it('a filtered cursor pages within the filter and belongs to it', () => {
    const { h, second } = threeCoins();
    const first = call(h, 'GET', '/stablecoins?provider=BRALE&limit=1');
    expect(first.body.hasMore).toBe(true);
    const next = call(h, 'GET', `/stablecoins?provider=BRALE&limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.data.map((coin: { id: string }) => coin.id)).toEqual([second]);
    expect(call(h, 'GET', `/stablecoins?limit=1&cursor=${first.body.nextCursor}`).status).toBe(400);
  });

  it.each([
    ['issuanceStatus=PROVISIONAL', 'issuanceStatus'],
    ['gridOperationsStatus=ON', 'gridOperationsStatus'],
    ['provider=brale', 'provider'],
    ['symbol=ACMEUSD', 'symbol'],
  ])('refuses %s with 400 INVALID_INPUT naming the parameter', (query, field) => {
    const { h } = threeCoins();
    const r = call(h, 'GET', `/stablecoins?${query}`);
    expect([r.status, r.body.code, r.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, 'INVALID_INPUT', [field]]);
  });
});
