/**
 * Burns: only an internal account's holding of the coin can be burnt; the tokens are held while
 * the burn is in flight; on completion they are gone and the base currency is paid out of the
 * reserve to the destination. Every rejection writes no event.
 */
import { describe, expect, it } from 'vitest';
import { decideCreateOperation } from '../../src/domains/stablecoins/operations.js';
import { harness } from '../support/harness.js';
import { advance, balances, burn, call, customerAccount, driveTo, enabledCoin, holdingMinor, key, link, mint, register } from './support.js';

const ONE_DOLLAR = '1000000';

/** An enabled coin whose customer account holds `heldMinor` cents of tokens (minted and completed). */
function holding(heldMinor = 1_000) {
  const setup = enabledCoin(10_000);
  mint(setup.h, setup.coinId, setup.account, String(heldMinor * 10_000));
  advance(setup.h, 60_000);
  expect(holdingMinor(setup.h, setup.account)).toBe(BigInt(heldMinor));
  return setup;
}

describe('POST /stablecoins/{id}/burns', () => {
  it('holds the tokens, then burns them and pays the base currency out of the reserve', () => {
    const { h, account, coinId } = holding(1_000);
    expect(balances(h, account)).toEqual({ available: 9_000, total: 9_000 });
    const r = burn(h, coinId, account, ONE_DOLLAR);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: 'BURN', status: 'CREATED', amount: ONE_DOLLAR, sourceAccountId: account, destinationAccountId: account });
    const id = r.body.id as string;
    expect((r.events[0]!.data as { transfers: unknown[] }).transfers).toEqual([
      {
        id: expect.stringMatching(/^Transfer:/),
        debitAccountId: `stablecoin-holding:ACMEUSD:${account}`,
        creditAccountId: 'stablecoin-issued:ACMEUSD',
        amountMinor: '100',
        transactionId: id,
        pending: true,
      },
    ]);
    expect(h.engine.state.ledger.balance(`stablecoin-holding:ACMEUSD:${account}`)).toEqual({ postedMinor: 1_000n, availableMinor: 900n, totalMinor: 1_000n });
    const events = advance(h, 60_000);
    const completion = events.filter((e) => e.type === 'StablecoinOperationStatusChanged').at(-1)!;
    expect((completion.data as { status: string; transfers: unknown[] }).transfers).toEqual([
      { id: expect.stringMatching(/^Transfer:/), pendingId: h.engine.state.stablecoins.operations.get(id)!.holdTransferId, action: 'post', transactionId: id },
      { id: expect.stringMatching(/^Transfer:/), debitAccountId: 'stablecoin-reserve:ACMEUSD', creditAccountId: account, amountMinor: '100', transactionId: id },
    ]);
    expect(h.ok('GET', `/stablecoin-operations/${id}`).status).toBe('COMPLETED');
    expect(holdingMinor(h, account)).toBe(900n);
    expect(balances(h, account)).toEqual({ available: 9_100, total: 9_100 });
    expect(h.ok('GET', `/stablecoins/${coinId}`)).toMatchObject({ totalSupply: '9000000', reserveBalance: { amount: 900 } });
  });

  it('pays another internal account when destinationAccountId names one', () => {
    const { h, account, coinId } = holding(1_000);
    const other = customerAccount(h, 'Grace Hopper');
    burn(h, coinId, account, ONE_DOLLAR, { destinationAccountId: other });
    advance(h, 60_000);
    expect(balances(h, other)).toEqual({ available: 100, total: 100 });
  });

  it.each(['ExternalAccount:019b8ee3-0000-7000-8000-000000000001', '0x9999999999999999999999999999999999999999', 'Card:1'])(
    'rejects burning from %s with 400 STABLECOIN_BURN_SOURCE_NOT_SUPPORTED',
    (source) => {
      const { h, coinId } = holding(1_000);
      const r = burn(h, coinId, source, ONE_DOLLAR);
      expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', { field: 'sourceAccountId' }, []]);
    },
  );

  it('rejects burning from an internal account that never held the coin with 400 INSUFFICIENT_FUNDS', () => {
    const { h, coinId } = holding(1_000);
    const other = customerAccount(h, 'Grace Hopper');
    const r = burn(h, coinId, other, ONE_DOLLAR);
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'INSUFFICIENT_FUNDS', { accountId: other, available: '0' }, []]);
  });

  it('rejects burning more than is held, counting burns in flight, with 400 INSUFFICIENT_FUNDS in token units', () => {
    const { h, account, coinId } = holding(150);
    expect(burn(h, coinId, account, ONE_DOLLAR).status).toBe(201);
    const r = burn(h, coinId, account, ONE_DOLLAR);
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'INSUFFICIENT_FUNDS', { accountId: account, available: '500000' }, []]);
    expect(burn(h, coinId, account, '500000').status).toBe(201);
  });

  it('rejects a destination in another currency than the coin base currency with 400 INVALID_CURRENCY', () => {
    const h = harness();
    const account = customerAccount(h);
    link(h);
    const coinId = register(h, { symbol: 'EURX', baseCurrency: 'EUR' });
    driveTo(h, coinId, 'ENABLED');
    const r = call(h, 'POST', `/stablecoins/${coinId}/burns`, { amount: '10000', sourceAccountId: account }, key());
    expect([r.status, r.body.code, r.body.details, r.events]).toEqual([400, 'INVALID_CURRENCY', { field: 'destinationAccountId' }, []]);
  });

  it('rejects a source or destination that is not ACTIVE with 409 INVALID_STATE_TRANSITION', () => {
    const { h, account, coinId } = holding(1_000);
    const other = customerAccount(h, 'Grace Hopper');
    // No endpoint freezes an account yet: freeze the record in a copy of the state the decider reads.
    const frozen = { ...h.engine.state.accounts.byId.get(other)!, status: 'FROZEN' as const };
    const state = { ...h.engine.state, accounts: { ...h.engine.state.accounts, byId: new Map([...h.engine.state.accounts.byId, [other, frozen]]) } };
    const command = {
      type: 'BURN' as const,
      stablecoinId: coinId,
      amountUnits: 1_000_000n,
      operationId: 'StablecoinOperation:x',
      holdTransferId: 'Transfer:x',
      at: h.now,
      atMs: Date.parse(h.now),
    };
    const toFrozen = decideCreateOperation(state, { ...command, sourceAccountId: account, destinationAccountId: other });
    expect(toFrozen.ok ? undefined : [toFrozen.error.code, toFrozen.error.details]).toEqual(['INVALID_STATE_TRANSITION', { field: 'destinationAccountId' }]);
    const fromFrozen = decideCreateOperation(state, { ...command, sourceAccountId: other, destinationAccountId: account });
    expect(fromFrozen.ok ? undefined : [fromFrozen.error.code, fromFrozen.error.details]).toEqual(['INVALID_STATE_TRANSITION', { field: 'sourceAccountId' }]);
  });
});
