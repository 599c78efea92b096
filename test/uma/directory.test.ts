/** GET /discoveries, GET /uma-providers, GET /vasps (the sandbox directory) and POST /crypto/estimate-withdrawal-fee. */
import { describe, expect, it } from 'vitest';
import type { DomainState } from '../../src/domains/state.js';
import { SANDBOX_DISCOVERIES } from '../../src/domains/uma/directory.js';
import { estimateWithdrawalFee } from '../../src/domains/uma/withdrawal-fee.js';
import { harness } from '../support/harness.js';
import { customer, setup } from './support.js';

describe('GET /discoveries', () => {
  it('lists every institution without filters, and those of a country and currency with them', () => {
    const h = harness();
    expect(h.ok('GET', '/discoveries').data).toEqual(SANDBOX_DISCOVERIES);
    const ph = h.ok('GET', '/discoveries?country=PH&currency=PHP').data;
    expect(ph.map((d: any) => d.bankName)).toEqual(['SANDBOX_BANK_PH', 'SANDBOX_WALLET_PH']);
    for (const row of ph) expect(Object.keys(row).sort()).toEqual(['bankName', 'country', 'currency', 'displayName']);
    expect(h.ok('GET', '/discoveries?country=FR').data).toEqual([]);
    expect((h.call('GET', '/discoveries?country=usa').body as any).code).toBe('INVALID_INPUT');
  });
});

describe('GET /uma-providers', () => {
  it('lists allow-listed providers (blocked ones only with hasBlockedProviders=true), filters by region and currency, sorts, pages', () => {
    const h = harness();
    expect(h.ok('GET', '/uma-providers').data.map((p: any) => p.name)).toEqual(['Sandbox UMA Counterparty']);
    expect(h.ok('GET', '/uma-providers?hasBlockedProviders=true&sortOrder=asc').data.map((p: any) => p.allowListStatus)).toEqual([true, false]);
    expect(h.ok('GET', '/uma-providers?hasBlockedProviders=true').data.map((p: any) => p.allowListStatus)).toEqual([false, true]);
    expect(h.ok('GET', '/uma-providers?currencyCode=MXN').totalCount).toBe(1);
    expect(h.ok('GET', '/uma-providers?countryCode=JP').totalCount).toBe(0);
    const first = h.ok('GET', '/uma-providers?hasBlockedProviders=true&limit=1');
    expect(first.hasMore).toBe(true);
    expect(h.ok('GET', `/uma-providers?hasBlockedProviders=true&limit=1&cursor=${first.nextCursor}`).data).toHaveLength(1);
    expect(h.call('GET', '/uma-providers?sortOrder=up').status).toBe(400);
  });
});

describe('GET /vasps', () => {
  it('lists the VASPs with vaspName, paged', () => {
    const h = harness();
    const all = h.ok('GET', '/vasps');
    expect(all.data.every((v: any) => typeof v.vaspName === 'string')).toBe(true);
    expect(all.hasMore).toBe(false);
    expect(h.ok('GET', '/vasps?limit=1')).toMatchObject({ hasMore: true });
  });
});

describe('POST /crypto/estimate-withdrawal-fee', () => {
  it('validates the body (network enum, positive amount) and writes nothing', () => {
    const h = harness();
    const r = h.call('POST', '/crypto/estimate-withdrawal-fee', { internalAccountId: 'InternalAccount:x', currency: 'USDC', cryptoNetwork: 'DOGE', amount: 0, destinationAddress: 'addr' });
    expect(r.status).toBe(400);
    expect((r.body as any).details.errors.map((e: any) => e.field)).toEqual(['amount', 'cryptoNetwork']);
    expect(r.events).toEqual([]);
  });

  it('ACCOUNT_NOT_FOUND for an unknown account; INVALID_CURRENCY when the account holds another currency or a fiat one', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const body = { internalAccountId: 'InternalAccount:nope', currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 1_000_000, destinationAddress: '7xKX' };
    expect((h.call('POST', '/crypto/estimate-withdrawal-fee', body).body as any).code).toBe('ACCOUNT_NOT_FOUND');
    expect((h.call('POST', '/crypto/estimate-withdrawal-fee', { ...body, internalAccountId: ada.accountId }).body as any).code).toBe('INVALID_CURRENCY');
    expect((h.call('POST', '/crypto/estimate-withdrawal-fee', { ...body, internalAccountId: ada.accountId, currency: 'USD' }).body as any).code).toBe('INVALID_CURRENCY');
  });

  it('estimates network fee, its asset, the total in the withdrawal currency and the net amount; AMOUNT_OUT_OF_RANGE when fees take it all', () => {
    const state = { accounts: { byId: new Map([['InternalAccount:c', { id: 'InternalAccount:c', currency: 'USDC' }]]) } } as unknown as DomainState;
    const request = { internalAccountId: 'InternalAccount:c', currency: 'USDC', cryptoNetwork: 'SOLANA' as const, amount: 1_000_000, destinationAddress: '7xKX' };
    const fee = estimateWithdrawalFee(state, request);
    expect(fee).toEqual({ ok: true, value: { networkFee: 5_000, networkFeeAsset: 'SOL', applicationFee: 0, totalFee: 1_000, netAmount: 999_000 } });
    const small = estimateWithdrawalFee(state, { ...request, cryptoNetwork: 'ETHEREUM', amount: 1_500_000 });
    expect(small.ok ? undefined : small.error.code).toBe('AMOUNT_OUT_OF_RANGE');
  });
});
