/**
 * The sandbox provider's suffix table (src/domains/stablecoins/sandbox.ts), one case per row: the
 * status a link gets from its `externalReference`, and what becomes of a mint and a burn made
 * through it: the statuses it passes, where it ends, and that a failure or expiry voids the hold.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_LINK_DEFAULT, SANDBOX_LINK_TABLE } from '../../src/domains/stablecoins/sandbox.js';
import { harness } from '../support/harness.js';
import { advance, balances, burn, call, enabledCoin, holdingMinor, key, link, mint } from './support.js';

type Row = {
  readonly suffix: string;
  readonly linkStatus: string;
  /** The code when the link cannot be used, else the statuses an operation passes through. */
  readonly refused?: string;
  readonly path?: readonly string[];
  readonly failureReason?: string;
};

const ROWS: readonly Row[] = [
  { suffix: '', linkStatus: 'ACTIVE', path: ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED'] },
  { suffix: '_INVALID', linkStatus: 'INVALID', refused: 'STABLECOIN_PROVIDER_ACCOUNT_INVALID' },
  { suffix: '_REVOKED', linkStatus: 'REVOKED', refused: 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED' },
  { suffix: '_NO_FUNDING', linkStatus: 'ACTIVE', path: ['CREATED', 'PENDING_FUNDING', 'EXPIRED'], failureReason: 'FUNDING_NOT_RECEIVED' },
  { suffix: '_PROVIDER_REJECTS', linkStatus: 'ACTIVE', path: ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'FAILED'], failureReason: 'PROVIDER_REJECTED' },
  { suffix: '_PROVIDER_FAILS', linkStatus: 'ACTIVE', path: ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'FAILED'], failureReason: 'PROVIDER_FAILED' },
];

/** The statuses an operation passed through, read from the log. */
function pathOf(log: readonly { type: string; data: unknown }[], id: string): string[] {
  const out: string[] = [];
  for (const e of log) {
    const d = e.data as { operation?: { id: string; status: string }; operationId?: string; status?: string };
    if (e.type === 'StablecoinOperationCreated' && d.operation?.id === id) out.push(d.operation.status);
    if (e.type === 'StablecoinOperationStatusChanged' && d.operationId === id) out.push(d.status!);
  }
  return out;
}

describe('sandbox provider account suffixes', () => {
  it('has one test row per row of the table, plus the default', () => {
    expect(ROWS.map((r) => r.suffix)).toEqual([SANDBOX_LINK_DEFAULT.suffix, ...SANDBOX_LINK_TABLE.map((r) => r.suffix)]);
    expect(ROWS.map((r) => r.linkStatus)).toEqual([SANDBOX_LINK_DEFAULT.status, ...SANDBOX_LINK_TABLE.map((r) => r.status)]);
  });

  it.each(ROWS)('reference ending "$suffix": link $linkStatus', (row) => {
    const h = harness();
    const created = h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: `acct-7${row.suffix}` });
    expect(created.status).toBe(row.linkStatus);
    if (row.refused !== undefined) {
      const r = call(h, 'POST', '/stablecoins', { symbol: 'ACMEUSD', name: 'A', baseCurrency: 'USD', decimals: 6, networkTokenIdentifier: '0x1', stablecoinProviderAccountId: created.id }, key());
      expect([r.status, r.body.code, r.events]).toEqual([400, row.refused, []]);
    }
  });

  it.each(ROWS.filter((r) => r.path !== undefined))('reference ending "$suffix": a mint passes $path', (row) => {
    const { h, account, coinId } = enabledCoin(10_000, 'register-link');
    const through = link(h, `acct-7${row.suffix}`);
    const id = mint(h, coinId, account, '1000000', { stablecoinProviderAccountId: through }).body.id as string;
    const hold = h.engine.state.stablecoins.operations.get(id)!.holdTransferId;
    advance(h, 2 * 60 * 60_000);
    const final = h.ok('GET', `/stablecoin-operations/${id}`);
    expect(pathOf(h.log, id)).toEqual(row.path);
    expect(final.failureReason).toBe(row.failureReason);
    const completed = final.status === 'COMPLETED';
    expect(h.engine.state.ledger.transfer(hold)).toMatchObject({ kind: 'pending', status: completed ? 'posted' : 'voided' });
    expect(balances(h, account)).toEqual(completed ? { available: 9_900, total: 9_900 } : { available: 10_000, total: 10_000 });
    expect(holdingMinor(h, account)).toBe(completed ? 100n : 0n);
  });

  it.each(ROWS.filter((r) => r.path !== undefined))('reference ending "$suffix": a burn passes $path', (row) => {
    const { h, account, coinId } = enabledCoin(10_000, 'register-link');
    mint(h, coinId, account, '1000000');
    advance(h, 60_000);
    const through = link(h, `acct-7${row.suffix}`);
    const id = burn(h, coinId, account, '1000000', { stablecoinProviderAccountId: through }).body.id as string;
    advance(h, 2 * 60 * 60_000);
    expect(pathOf(h.log, id)).toEqual(row.path);
    const completed = h.ok('GET', `/stablecoin-operations/${id}`).status === 'COMPLETED';
    expect(holdingMinor(h, account)).toBe(completed ? 0n : 100n);
    expect(balances(h, account).available).toBe(completed ? 10_000 : 9_900);
  });

  it('expires an operation whose funding never arrives exactly when its funding window closes (30 min)', () => {
    const { h, account, coinId } = enabledCoin(10_000, 'register-link');
    const through = link(h, 'acct_NO_FUNDING');
    const id = mint(h, coinId, account, '1000000', { stablecoinProviderAccountId: through }).body.id as string;
    advance(h, 30 * 60_000 - 1);
    expect(h.ok('GET', `/stablecoin-operations/${id}`).status).toBe('PENDING_FUNDING');
    expect(balances(h, account).available).toBe(9_900);
    const events = advance(h, 1);
    expect(events.map((e) => e.type)).toEqual(['TimerFired', 'StablecoinOperationStatusChanged']);
    expect(events[1]!.data).toMatchObject({ trigger: 'FUNDING_EXPIRED', previousStatus: 'PENDING_FUNDING', status: 'EXPIRED', failureReason: 'FUNDING_NOT_RECEIVED' });
    expect(events[1]!.at).toBe('2026-01-05T16:30:00.000Z');
    expect(balances(h, account).available).toBe(10_000);
  });

  it('cancels the funding expiry once the funds arrive', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const id = mint(h, coinId, account, '1000000').body.id as string;
    advance(h, 6_000);
    expect(h.engine.state.timers.order.filter((t) => t.ref === id).map((t) => t.kind)).toEqual(['stablecoin-operation.step']);
  });
});
