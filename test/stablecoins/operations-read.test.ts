/**
 * Reading operations: `GET /stablecoins/{id}/operations` (newest first, filters status and type,
 * cursors bound to their query) and `GET /stablecoin-operations/{id}`.
 */
import { describe, expect, it } from 'vitest';
import { advance, burn, call, enabledCoin, link, mint, register } from './support.js';

/** Three mints (the first completed) and one burn of the completed tokens, in flight. */
function history() {
  const setup = enabledCoin(1_000_000);
  const { h, account, coinId } = setup;
  const first = mint(h, coinId, account, '1000000').body.id as string;
  advance(h, 60_000);
  const second = mint(h, coinId, account, '2000000').body.id as string;
  const third = mint(h, coinId, account, '3000000').body.id as string;
  const burnt = burn(h, coinId, account, '1000000').body.id as string;
  return { ...setup, ids: { first, second, third, burnt } };
}

const idsOf = (page: { data: { id: string }[] }) => page.data.map((o) => o.id);

describe('GET /stablecoins/{id}/operations', () => {
  it('lists the coin operations newest first with totalCount', () => {
    const { h, coinId, ids } = history();
    const page = h.ok('GET', `/stablecoins/${coinId}/operations`);
    expect(idsOf(page)).toEqual([ids.burnt, ids.third, ids.second, ids.first]);
    expect([page.hasMore, page.totalCount, page.nextCursor]).toEqual([false, 4, undefined]);
  });

  it('filters by type and by status', () => {
    const { h, coinId, ids } = history();
    expect(idsOf(h.ok('GET', `/stablecoins/${coinId}/operations?type=BURN`))).toEqual([ids.burnt]);
    expect(idsOf(h.ok('GET', `/stablecoins/${coinId}/operations?type=MINT&status=CREATED`))).toEqual([ids.third, ids.second]);
    expect(idsOf(h.ok('GET', `/stablecoins/${coinId}/operations?status=COMPLETED`))).toEqual([ids.first]);
    expect(h.ok('GET', `/stablecoins/${coinId}/operations?status=FAILED`)).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('pages with limit and cursor without repeating or skipping when operations are added between pages', () => {
    const { h, account, coinId, ids } = history();
    const first = h.ok('GET', `/stablecoins/${coinId}/operations?limit=3`);
    expect(idsOf(first)).toEqual([ids.burnt, ids.third, ids.second]);
    expect([first.hasMore, first.totalCount]).toEqual([true, 4]);
    mint(h, coinId, account, '1000000');
    const second = h.ok('GET', `/stablecoins/${coinId}/operations?limit=3&cursor=${first.nextCursor}`);
    expect(idsOf(second)).toEqual([ids.first]);
    expect([second.hasMore, second.totalCount]).toEqual([false, 5]);
  });

  it('rejects a cursor from another query, an unknown status or type, and a bad limit with 400 INVALID_INPUT listing each', () => {
    const { h, coinId } = history();
    const cursor = h.ok('GET', `/stablecoins/${coinId}/operations?limit=1`).nextCursor as string;
    const other = call(h, 'GET', `/stablecoins/${coinId}/operations?limit=1&type=MINT&cursor=${cursor}`);
    expect([other.status, other.body.code, other.body.details.errors.map((e: { field: string }) => e.field)]).toEqual([400, 'INVALID_INPUT', ['cursor']]);
    const bad = call(h, 'GET', `/stablecoins/${coinId}/operations?status=DONE&type=SWAP&limit=0`);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['limit', 'status', 'type']);
    const repeated = call(h, 'GET', `/stablecoins/${coinId}/operations?type=MINT&type=BURN`);
    expect(repeated.body.details.errors).toEqual([{ field: 'type', message: 'type may appear only once' }]);
  });

  it('answers 404 STABLECOIN_NOT_FOUND for an unknown coin, and an empty list for a coin without operations', () => {
    const { h } = history();
    const r = call(h, 'GET', '/stablecoins/Stablecoin:missing/operations');
    expect([r.status, r.body.code]).toEqual([404, 'STABLECOIN_NOT_FOUND']);
    link(h, 'second');
    const other = register(h, { symbol: 'OTHER', networkTokenIdentifier: '0x77', stablecoinProviderAccountId: h.engine.state.stablecoins.providerAccountOrder[0] });
    expect(h.ok('GET', `/stablecoins/${other}/operations`)).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });
});

describe('GET /stablecoin-operations/{id}', () => {
  it('answers the operation as the list shows it', () => {
    const { h, coinId, ids } = history();
    const listed = h.ok('GET', `/stablecoins/${coinId}/operations?type=BURN`).data[0];
    expect(h.ok('GET', `/stablecoin-operations/${ids.burnt}`)).toEqual(listed);
    expect(Object.keys(listed)).not.toContain('holdTransferId');
    expect(Object.keys(listed)).not.toContain('sandboxOutcome');
  });

  it('answers 404 STABLECOIN_OPERATION_NOT_FOUND for an unknown operation', () => {
    const { h } = history();
    const r = call(h, 'GET', '/stablecoin-operations/StablecoinOperation:missing');
    expect([r.status, r.body.code]).toEqual([404, 'STABLECOIN_OPERATION_NOT_FOUND']);
  });
});
