/** Accounts: opening, refusals, views, and the holder-side balance convention. */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import type { CurrencyCode } from '../../src/core/currency.js';
import { CHECKPOINT_ROWS } from '../../src/ledger/account-rows.js';
import { Ledger } from '../../src/ledger/index.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerWith } from './support.js';

describe('openAccount', () => {
  it('opens an account with zero counters, its currency and its flags', () => {
    const ledger = new Ledger();
    expect(ledger.openAccount({ id: 'alice', currency: 'EUR', flags: { debitsMustNotExceedCredits: true } })).toEqual({ ok: true, value: undefined });
    expect(ledger.account('alice')).toEqual({
      id: 'alice',
      currency: 'EUR',
      flags: { debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false },
      debitsPending: 0n,
      debitsPosted: 0n,
      creditsPending: 0n,
      creditsPosted: 0n,
    });
    expect(ledger.balance('alice')).toEqual({ postedMinor: 0n, availableMinor: 0n, totalMinor: 0n });
    expect(ledger.rowCount('alice')).toBe(0);
  });

  it('rejects an id already used with ACCOUNT_EXISTS and leaves the first account as it was', () => {
    const ledger = new Ledger();
    ledger.openAccount({ id: 'alice', currency: 'USD' });
    expect(ledger.openAccount({ id: 'alice', currency: 'EUR' })).toEqual({ ok: false, error: { code: 'ACCOUNT_EXISTS', accountId: 'alice' } });
    expect(ledger.account('alice')?.currency).toBe('USD');
    expect(ledger.accountCount).toBe(1);
  });

  it('rejects both limit flags at once with FLAGS_MUTUALLY_EXCLUSIVE', () => {
    const ledger = new Ledger();
    const result = ledger.openAccount({ id: 'frozen', currency: 'USD', flags: { debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: true } });
    expect(result).toEqual({ ok: false, error: { code: 'FLAGS_MUTUALLY_EXCLUSIVE', accountId: 'frozen' } });
    expect(ledger.account('frozen')).toBeUndefined();
  });

  it('treats an empty id or an unknown currency as a caller bug (throws InvariantError)', () => {
    const ledger = new Ledger();
    expect(() => ledger.openAccount({ id: '', currency: 'USD' })).toThrow(InvariantError);
    expect(() => ledger.openAccount({ id: 'x', currency: 'XXX' as CurrencyCode })).toThrow(InvariantError);
  });

  it('lists accounts in opening order and answers undefined or empty for unknown ids', () => {
    const ledger = ledgerWith(() => new Ledger(), { b: {}, a: {}, c: { currency: 'JPY' } });
    expect([...ledger.accounts()].map((a) => a.id)).toEqual(['b', 'a', 'c']);
    expect(ledger.account('nobody')).toBeUndefined();
    expect(ledger.balance('nobody')).toBeUndefined();
    expect(ledger.postedBalanceAt('nobody', 0)).toBeUndefined();
    expect(ledger.rowCount('nobody')).toBe(0);
    expect(ledger.rows('nobody', 0, 10)).toEqual([]);
    expect(ledger.rowsBetween('nobody', 0, 10)).toEqual({ fromIndex: 0, toIndex: 0 });
  });

  it('supports many accounts (the account table grows)', () => {
    const ledger = new Ledger();
    for (let i = 0; i < 1_000; i += 1) expect(ledger.openAccount({ id: `a${i}`, currency: 'USD' }).ok).toBe(true);
    const moved = ledger.createTransfers([{ id: 't', debitAccountId: 'a0', creditAccountId: 'a999', amountMinor: 5n, atMs: 1 }]);
    expect(moved.ok).toBe(true);
    expect(ledger.balance('a999')?.postedMinor).toBe(5n);
    expect(ledger.balance('a0')?.postedMinor).toBe(-5n);
  });
});

describe('balance convention (holder side: credits − debits)', () => {
  // world → alice 1,000 posted; alice → bob 300 pending; carol → alice 200 pending.
  const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, bob: {}, carol: {} });
  ledger.createTransfers([
    { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1_000n, atMs: 1 },
    { id: 'hold-out', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 300n, atMs: 2, pending: true },
    { id: 'hold-in', debitAccountId: 'carol', creditAccountId: 'alice', amountMinor: 200n, atMs: 3, pending: true },
  ]);

  it.each([
    // account, posted, available (posted − debitsPending), total (posted + creditsPending)
    ['alice', 1_000n, 700n, 1_200n],
    ['bob', 0n, 0n, 300n],
    ['carol', 0n, -200n, 0n],
    ['world', -1_000n, -1_000n, -1_000n],
  ] as const)('%s: posted %s, available %s, total %s', (id, postedMinor, availableMinor, totalMinor) => {
    expect(ledger.balance(id)).toEqual({ postedMinor, availableMinor, totalMinor });
  });

  it('sums to zero per currency: every debit is someone’s credit', () => {
    expect([...ledger.totalsByCurrency()]).toEqual([
      ['USD', { debitsPosted: 1_000n, creditsPosted: 1_000n, debitsPending: 500n, creditsPending: 500n }],
    ]);
  });
});

describe('row checkpoints of accounts with none', () => {
  it('gives an account checkpoints of its own at its first, leaving the others empty, across a snapshot and a rollback', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, bob: {} });
    const post = (i: number): void => {
      ledger.createTransfers([{ id: `p${i}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: i }]);
    };
    for (let i = 0; i < CHECKPOINT_ROWS; i += 1) post(i);
    const { checkpoints } = ledgerFromSnapshot(ledger.toSnapshot()).accounts;
    const lists = (): number[][] => [0, 1, 2].map((a) => Array.from({ length: checkpoints.count(a) }, (_, k) => checkpoints.posting(a, k)));
    expect(lists()).toEqual([[CHECKPOINT_ROWS - 1], [CHECKPOINT_ROWS - 1], []]);
    expect(checkpoints.balance(1, 0)).toBe(BigInt(CHECKPOINT_ROWS));
    expect(checkpoints.balance(0, 0)).toBe(-BigInt(CHECKPOINT_ROWS));
    checkpoints.add(2, 7, 3n);
    expect(lists()).toEqual([[CHECKPOINT_ROWS - 1], [CHECKPOINT_ROWS - 1], [7]]);
    checkpoints.trim(0, 0);
    checkpoints.trim(2, 5);
    expect(lists()).toEqual([[], [CHECKPOINT_ROWS - 1], [7]]);
    expect([checkpoints.balance(1, 0), checkpoints.balance(2, 0)]).toEqual([BigInt(CHECKPOINT_ROWS), 3n]);
  });
});
