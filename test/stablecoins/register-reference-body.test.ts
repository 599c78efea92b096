/**
 * Issue 12, "required vs optional exactly as the reference": StablecoinRegisterRequest requires
 * only `providerTokenIdentifier`, `networkTokenIdentifier` and `network` (registration "links
 * provider token metadata"). The copy's `name`, `baseCurrency` and `decimals` stay accepted; absent,
 * the sandbox provider's metadata answers (docs/wire-contract.md "Choices made"): the name is the
 * symbol, USD, 6 decimals (the reference's Stablecoin example).
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PROVIDER_TOKEN_METADATA } from '../../src/domains/stablecoins/schema.js';
import { harness } from '../support/harness.js';
import { call, COIN, key, link } from './support.js';

const MINIMAL = { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k', network: 'SPARK' };

describe('POST /stablecoins with the reference minimal body', () => {
  it('registers the coin with the provider metadata: name = symbol, baseCurrency USD, decimals 6, ledger accounts in USD', () => {
    expect(SANDBOX_PROVIDER_TOKEN_METADATA).toEqual({ baseCurrency: 'USD', decimals: 6 });
    const h = harness();
    const linkId = link(h);
    const r = call(h, 'POST', '/stablecoins', MINIMAL, key());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      symbol: 'ACME',
      providerTokenIdentifier: 'ACME',
      name: 'ACME',
      baseCurrency: 'USD',
      decimals: 6,
      network: 'SPARK',
      networkTokenIdentifier: MINIMAL.networkTokenIdentifier,
      stablecoinProviderAccountId: linkId,
      gridOperationsStatus: 'NOT_ENABLED',
      issuanceStatus: 'PROVISIONED',
    });
    expect(r.events.map((e) => e.type)).toEqual(['LedgerAccountOpened', 'LedgerAccountOpened', 'StablecoinRegistered', 'IdempotentResponseStored']);
    expect(r.events[0]?.data).toEqual({ id: 'stablecoin-reserve:ACME', currency: 'USD', debitsMustNotExceedCredits: true });
    // The stored event carries the whole coin as before: old and new logs replay the same way.
    expect(r.events[2]?.data).toMatchObject({ stablecoin: { symbol: 'ACME', name: 'ACME', baseCurrency: 'USD', decimals: 6 } });
  });

  it('keeps the copy\'s fields when given (they win over the provider metadata)', () => {
    const h = harness();
    link(h);
    const r = call(h, 'POST', '/stablecoins', { ...MINIMAL, name: 'Acme Euro', baseCurrency: 'EUR', decimals: 2 }, key());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: 'Acme Euro', baseCurrency: 'EUR', decimals: 2 });
  });

  it('still validates what is given and still requires the reference\'s required fields (400 INVALID_INPUT, nothing written)', () => {
    const h = harness();
    link(h);
    const bad = call(h, 'POST', '/stablecoins', { ...MINIMAL, baseCurrency: 'BTC', decimals: 19 }, key());
    expect(bad.status).toBe(400);
    expect(bad.events).toEqual([]);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['baseCurrency', 'decimals']);
    const { networkTokenIdentifier: _n, ...noToken } = MINIMAL;
    const missing = call(h, 'POST', '/stablecoins', noToken, key());
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['networkTokenIdentifier']);
  });

  it('the copy\'s full body registers exactly as before', () => {
    const h = harness();
    link(h);
    expect(call(h, 'POST', '/stablecoins', COIN, key()).body).toMatchObject({ name: 'Acme Dollar', baseCurrency: 'USD', decimals: 6, symbol: 'ACMEUSD' });
  });
});
