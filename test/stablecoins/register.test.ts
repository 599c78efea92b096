/**
 * Registering stablecoins (`POST /stablecoins`, Idempotency-Key required) and reading them
 * (`GET /stablecoins`, `GET /stablecoins/{id}`). Every rejection writes no event.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { call, COIN, key, link, register } from './support.js';

function linked() {
  const h = harness();
  const linkId = link(h);
  return { h, linkId };
}

describe('POST /stablecoins', () => {
  it('registers a coin NOT_ENABLED with an empty supply and opens its reserve and issuance accounts', () => {
    const { h, linkId } = linked();
    const r = call(h, 'POST', '/stablecoins', COIN, key());
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^Stablecoin:[0-9a-f-]{36}$/),
      ...COIN,
      // The reference: network is SPARK (its one StablecoinNetwork); issuanceStatus, providerEnvironment, providerTokenIdentifier required.
      network: 'SPARK',
      provider: 'BRALE',
      stablecoinProviderAccountId: linkId,
      gridOperationsStatus: 'NOT_ENABLED',
      issuanceStatus: 'PROVISIONED',
      providerEnvironment: 'SANDBOX',
      providerTokenIdentifier: 'ACMEUSD',
      totalSupply: '0',
      reserveBalance: { amount: 0, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      createdAt: h.now,
      updatedAt: h.now,
    });
    expect(r.events.map((e) => e.type)).toEqual(['LedgerAccountOpened', 'LedgerAccountOpened', 'StablecoinRegistered', 'IdempotentResponseStored']);
    expect(r.events.slice(0, 2).map((e) => e.data)).toEqual([
      { id: 'stablecoin-reserve:ACMEUSD', currency: 'USD', debitsMustNotExceedCredits: true },
      { id: 'stablecoin-issued:ACMEUSD', currency: 'USD', creditsMustNotExceedDebits: true },
    ]);
    expect(h.ok('GET', `/stablecoins/${r.body.id}`)).toEqual(r.body);
  });

  it.each([undefined, ''])('rejects a missing Idempotency-Key (%s) with 400 INVALID_INPUT naming the header', (value) => {
    const { h } = linked();
    const r = call(h, 'POST', '/stablecoins', COIN, value === undefined ? {} : { 'Idempotency-Key': value });
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors).toEqual([{ field: 'Idempotency-Key', message: 'The Idempotency-Key header is required' }]);
  });

  it('lists the missing header beside every invalid body field', () => {
    const { h } = linked();
    const r = call(h, 'POST', '/stablecoins', { symbol: 'bad symbol', baseCurrency: 'USDC', decimals: 19, name: '', networkTokenIdentifier: 'a b', network: 'x' });
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'Idempotency-Key',
      'baseCurrency',
      'decimals',
      'name',
      'network',
      'networkTokenIdentifier',
      'symbol',
    ]);
  });

  it('answers a same-key retry with the first response and writes nothing; another body under the key is 409 CONFLICT', () => {
    const { h } = linked();
    const headers = { 'Idempotency-Key': 'register-1' };
    const first = call(h, 'POST', '/stablecoins', COIN, headers);
    const again = call(h, 'POST', '/stablecoins', COIN, headers);
    expect([again.status, again.body, again.events]).toEqual([201, first.body, []]);
    const other = call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'OTHER' }, headers);
    expect([other.status, other.body.code, other.events]).toEqual([409, 'CONFLICT', []]);
  });

  it('rejects a symbol already registered with 409 STABLECOIN_SYMBOL_ALREADY_EXISTS', () => {
    const { h } = linked();
    const first = register(h);
    const r = call(h, 'POST', '/stablecoins', { ...COIN, networkTokenIdentifier: '0x02' }, key());
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([409, 'STABLECOIN_SYMBOL_ALREADY_EXISTS', { stablecoinId: first }, []]);
  });

  it('rejects a token identifier already registered with 409 STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS, hex addresses compared without case', () => {
    const { h } = linked();
    const first = register(h);
    const r = call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'OTHER', networkTokenIdentifier: COIN.networkTokenIdentifier.toLowerCase() }, key());
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([409, 'STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS', { stablecoinId: first }, []]);
    // Non-hex identifiers (base58 mints) are case-sensitive.
    expect(call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'SOLA', networkTokenIdentifier: 'AbcMint' }, key()).status).toBe(201);
    expect(call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'SOLB', networkTokenIdentifier: 'abcmint' }, key()).status).toBe(201);
  });

  it('checks the provider link before uniqueness: a duplicate symbol through a revoked link is STABLECOIN_PROVIDER_ACCOUNT_REVOKED', () => {
    const { h, linkId } = linked();
    register(h);
    h.ok('DELETE', `/stablecoin-provider-accounts/${linkId}`);
    const r = call(h, 'POST', '/stablecoins', COIN, key());
    expect([r.status, r.body.code]).toEqual([400, 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED']);
  });

  it('accepts any fiat base currency and token decimals from 0 to 18', () => {
    const { h } = linked();
    const eur = h.ok('POST', '/stablecoins', { ...COIN, symbol: 'EURX', baseCurrency: 'EUR', decimals: 0, networkTokenIdentifier: '0x10', network: 'BASE' }, key());
    expect(eur).toMatchObject({ baseCurrency: 'EUR', decimals: 0, network: 'BASE' });
    expect(call(h, 'POST', '/stablecoins', { ...COIN, symbol: 'BIG', decimals: 18, networkTokenIdentifier: '0x11' }, key()).status).toBe(201);
  });
});

describe('GET /stablecoins and /stablecoins/{id}', () => {
  it('answers 404 STABLECOIN_NOT_FOUND for an unknown coin', () => {
    const { h } = linked();
    const r = call(h, 'GET', '/stablecoins/Stablecoin:missing');
    expect([r.status, r.body.code]).toEqual([404, 'STABLECOIN_NOT_FOUND']);
  });

  it('lists coins in registration order, paged by limit and cursor', () => {
    const { h } = linked();
    const ids = ['AAA', 'BBB', 'CCC'].map((symbol, i) => register(h, { symbol, networkTokenIdentifier: `0x${i + 20}` }));
    const first = h.ok('GET', '/stablecoins?limit=2');
    expect(first.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    expect([first.hasMore, first.totalCount]).toEqual([true, 3]);
    const second = h.ok('GET', `/stablecoins?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2));
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeUndefined();
  });

  it('rejects a limit outside 1..100 with 400 INVALID_INPUT', () => {
    const { h } = linked();
    for (const limit of ['0', '101', 'x']) {
      const r = call(h, 'GET', `/stablecoins?limit=${limit}`);
      expect([r.status, r.body.code]).toEqual([400, 'INVALID_INPUT']);
    }
  });
});
