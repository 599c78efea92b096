/**
 * Mints: the checks in their fixed order (each rejection writes no event), the hold on the source
 * while the mint is in flight, the sandbox provider's steps by timer, and the ledger legs on
 * completion.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { advance, balances, call, customerAccount, driveTo, enabledCoin, holdingMinor, key, link, mint, register } from './support.js';

const ONE_DOLLAR = '1000000'; // 6 decimals: 1,000,000 units = 100 cents

describe('POST /stablecoins/{id}/mints', () => {
  it('creates a CREATED mint, holds the cents on the source and answers 201 with the operation', () => {
    const { h, account, coinId, linkId } = enabledCoin(10_000);
    const r = mint(h, coinId, account, ONE_DOLLAR);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^StablecoinOperation:[0-9a-f-]{36}$/),
      stablecoinId: coinId,
      type: 'MINT',
      operationType: 'MINT', // the reference's StablecoinOperation requires operationType, provider, providerEnvironment
      status: 'CREATED',
      amount: ONE_DOLLAR,
      provider: 'BRALE',
      providerEnvironment: 'SANDBOX',
      baseAmount: { amount: 100, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      sourceAccountId: account,
      destinationAccountId: account,
      stablecoinProviderAccountId: linkId,
      fundingExpiresAt: '2026-01-05T16:30:00.000Z',
      createdAt: h.now,
      updatedAt: h.now,
    });
    expect(r.events.map((e) => e.type)).toEqual(['StablecoinOperationCreated', 'IdempotentResponseStored']);
    const hold = (r.events[0]!.data as { transfers: unknown[] }).transfers;
    expect(hold).toEqual([
      { id: expect.stringMatching(/^Transfer:/), debitAccountId: account, creditAccountId: 'stablecoin-reserve:ACMEUSD', amountMinor: '100', transactionId: r.body.id, pending: true },
    ]);
    // Available drops by the hold; the total still counts it.
    expect(balances(h, account)).toEqual({ available: 9_900, total: 10_000 });
  });

  it('moves through the sandbox provider steps at +1 s, +6 s, +11 s and completes at +41 s', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const id = mint(h, coinId, account, ONE_DOLLAR).body.id as string;
    const statusAfter = (ms: number): string => {
      advance(h, ms);
      return h.ok('GET', `/stablecoin-operations/${id}`).status as string;
    };
    expect(statusAfter(999)).toBe('CREATED');
    expect(statusAfter(1)).toBe('PENDING_FUNDING');
    expect(statusAfter(4_999)).toBe('PENDING_FUNDING');
    expect(statusAfter(1)).toBe('PENDING_PROVIDER');
    expect(statusAfter(5_000)).toBe('PROCESSING');
    expect(statusAfter(29_999)).toBe('PROCESSING');
    expect(balances(h, account)).toEqual({ available: 9_900, total: 10_000 });
    expect(statusAfter(1)).toBe('COMPLETED');
    expect(h.ok('GET', `/stablecoin-operations/${id}`)).toMatchObject({ completedAt: '2026-01-05T16:00:41.000Z', updatedAt: '2026-01-05T16:00:41.000Z' });
    expect(h.engine.state.timers.order.filter((t) => t.ref === id)).toEqual([]);
  });

  it('on completion posts the hold and issues the tokens to the destination holding, opened on first use', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const id = mint(h, coinId, account, ONE_DOLLAR).body.id as string;
    const events = advance(h, 60_000);
    const completion = events.filter((e) => e.type !== 'TimerFired').slice(-2);
    expect(completion.map((e) => e.type)).toEqual(['LedgerAccountOpened', 'StablecoinOperationStatusChanged']);
    expect(completion[0]!.data).toEqual({ id: `stablecoin-holding:ACMEUSD:${account}`, currency: 'USD', debitsMustNotExceedCredits: true });
    const hold = h.engine.state.stablecoins.operations.get(id)!.holdTransferId;
    expect((completion[1]!.data as { transfers: unknown[] }).transfers).toEqual([
      { id: expect.stringMatching(/^Transfer:/), pendingId: hold, action: 'post', transactionId: id },
      { id: expect.stringMatching(/^Transfer:/), debitAccountId: 'stablecoin-issued:ACMEUSD', creditAccountId: `stablecoin-holding:ACMEUSD:${account}`, amountMinor: '100', transactionId: id },
    ]);
    expect(balances(h, account)).toEqual({ available: 9_900, total: 9_900 });
    expect(holdingMinor(h, account)).toBe(100n);
    expect(h.ok('GET', `/stablecoins/${coinId}`)).toMatchObject({ totalSupply: ONE_DOLLAR, reserveBalance: { amount: 100 } });
    // A second mint into the same holding opens nothing.
    mint(h, coinId, account, ONE_DOLLAR);
    expect(advance(h, 60_000).map((e) => e.type)).not.toContain('LedgerAccountOpened');
    expect(holdingMinor(h, account)).toBe(200n);
    expect(h.engine.state.ledger.checkInvariants()).toEqual([]);
  });

  it('credits the tokens to another internal account when destinationAccountId names one', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const other = customerAccount(h, 'Grace Hopper');
    const r = mint(h, coinId, account, ONE_DOLLAR, { destinationAccountId: other });
    expect(r.body.destinationAccountId).toBe(other);
    advance(h, 60_000);
    expect([holdingMinor(h, account), holdingMinor(h, other)]).toEqual([0n, 100n]);
    expect(balances(h, other)).toEqual({ available: 0, total: 0 });
  });

  it('completes a mint already in flight when the operator disables the coin', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const id = mint(h, coinId, account, ONE_DOLLAR).body.id as string;
    h.ok('POST', `/sandbox/stablecoins/${coinId}/grid-operations-status`, { status: 'DISABLED' });
    advance(h, 60_000);
    expect(h.ok('GET', `/stablecoin-operations/${id}`).status).toBe('COMPLETED');
  });

  it.each(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'DISABLED'])('rejects a mint or burn on a %s coin with 400 STABLECOIN_GRID_OPERATIONS_NOT_ENABLED', (status) => {
    const h = harness();
    const account = customerAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 10_000 });
    link(h);
    const coinId = register(h);
    driveTo(h, coinId, status);
    for (const kind of ['mints', 'burns']) {
      const r = call(h, 'POST', `/stablecoins/${coinId}/${kind}`, { amount: ONE_DOLLAR, sourceAccountId: account }, key());
      expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED', { gridOperationsStatus: status }, []]);
    }
  });

  it('rejects a mint the source cannot cover with 400 INSUFFICIENT_FUNDS, counting holds of mints in flight', () => {
    const { h, account, coinId } = enabledCoin(150);
    expect(mint(h, coinId, account, ONE_DOLLAR).status).toBe(201);
    const r = mint(h, coinId, account, ONE_DOLLAR);
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'INSUFFICIENT_FUNDS', { accountId: account, available: '50' }, []]);
    expect(mint(h, coinId, account, '500000').status).toBe(201);
  });

  it('rejects a missing Idempotency-Key with 400 INVALID_INPUT naming the header, listed with the body errors', () => {
    const { h, account, coinId } = enabledCoin();
    const r = call(h, 'POST', `/stablecoins/${coinId}/mints`, { amount: ONE_DOLLAR, sourceAccountId: account });
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors).toEqual([{ field: 'Idempotency-Key', message: 'The Idempotency-Key header is required' }]);
    const both = call(h, 'POST', `/stablecoins/${coinId}/mints`, { amount: 'x', color: 'red' });
    expect(both.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['Idempotency-Key', 'amount', 'color', 'sourceAccountId']);
  });

  it('answers a same-key retry with the first operation and writes nothing', () => {
    const { h, account, coinId } = enabledCoin();
    const headers = { 'Idempotency-Key': 'mint-1' };
    const body = { amount: ONE_DOLLAR, sourceAccountId: account };
    const first = call(h, 'POST', `/stablecoins/${coinId}/mints`, body, headers);
    const again = call(h, 'POST', `/stablecoins/${coinId}/mints`, body, headers);
    expect([again.status, again.body, again.events]).toEqual([201, first.body, []]);
    expect(h.ok('GET', `/stablecoins/${coinId}/operations`).totalCount).toBe(1);
  });

  it('rejects an unknown coin with 404 STABLECOIN_NOT_FOUND and unknown accounts with 404 ACCOUNT_NOT_FOUND', () => {
    const { h, account, coinId } = enabledCoin();
    const noCoin = mint(h, 'Stablecoin:missing', account, ONE_DOLLAR);
    expect([noCoin.status, noCoin.body.code, noCoin.events]).toEqual([404, 'STABLECOIN_NOT_FOUND', []]);
    const noSource = mint(h, coinId, 'InternalAccount:missing', ONE_DOLLAR);
    expect([noSource.status, noSource.body.code, noSource.body.details, noSource.events]).toEqual([404, 'ACCOUNT_NOT_FOUND', { field: 'sourceAccountId' }, []]);
    const noDestination = mint(h, coinId, account, ONE_DOLLAR, { destinationAccountId: 'InternalAccount:missing' });
    expect([noDestination.status, noDestination.body.code, noDestination.body.details, noDestination.events]).toEqual([404, 'ACCOUNT_NOT_FOUND', { field: 'destinationAccountId' }, []]);
  });

  it('rejects a source in another currency than the coin base currency with 400 INVALID_CURRENCY', () => {
    const h = harness();
    const account = customerAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 10_000 });
    link(h);
    const coinId = register(h, { symbol: 'EURX', baseCurrency: 'EUR' });
    driveTo(h, coinId, 'ENABLED');
    const r = mint(h, coinId, account, ONE_DOLLAR);
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'INVALID_CURRENCY', { field: 'sourceAccountId' }, []]);
  });

  it('reports problems in a fixed order: coin, enablement, amount, provider link, accounts, funds', () => {
    const h = harness();
    const account = customerAccount(h);
    const linkId = link(h);
    const coinId = register(h);
    const everythingWrong = { amount: '1', sourceAccountId: 'InternalAccount:missing', stablecoinProviderAccountId: 'StablecoinProviderAccount:missing' };
    const send = () => call(h, 'POST', `/stablecoins/${coinId}/mints`, everythingWrong, key()).body.code as string;
    expect(send()).toBe('STABLECOIN_GRID_OPERATIONS_NOT_ENABLED');
    driveTo(h, coinId, 'ENABLED');
    expect(send()).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE');
    everythingWrong.amount = ONE_DOLLAR;
    expect(send()).toBe('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
    everythingWrong.stablecoinProviderAccountId = linkId;
    expect(send()).toBe('ACCOUNT_NOT_FOUND');
    everythingWrong.sourceAccountId = account;
    expect(send()).toBe('INSUFFICIENT_FUNDS');
  });
});
