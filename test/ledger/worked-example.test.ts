/** The worked example of docs/ledger-model.md, step by step, so the document and the code agree. */
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/ledger/index.js';
import { ledgerWith } from './support.js';

describe('docs/ledger-model.md worked example', () => {
  it('matches the table, the rows, the as-of balances and the totals of the document', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: { noOverdraft: true }, shop: {} });
    const counters = (id: string) => {
      const a = ledger.account(id)!;
      return [a.debitsPending, a.debitsPosted, a.creditsPending, a.creditsPosted];
    };
    const balances = (id: string) => {
      const b = ledger.balance(id)!;
      return [b.postedMinor, b.availableMinor, b.totalMinor];
    };

    // 1. fund
    expect(ledger.createTransfers([{ id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1_000n, atMs: 100 }]).ok).toBe(true);
    expect(counters('alice')).toEqual([0n, 0n, 0n, 1_000n]);
    expect(balances('alice')).toEqual([1_000n, 1_000n, 1_000n]);
    // 2. hold
    expect(ledger.createTransfers([{ id: 'hold', debitAccountId: 'alice', creditAccountId: 'shop', amountMinor: 400n, atMs: 200, pending: true }]).ok).toBe(true);
    expect(counters('alice')).toEqual([400n, 0n, 0n, 1_000n]);
    expect(counters('shop')).toEqual([0n, 0n, 400n, 0n]);
    expect(balances('alice')).toEqual([1_000n, 600n, 1_000n]);
    // 3. refused: the hold counts
    expect(ledger.createTransfers([{ id: 'big', debitAccountId: 'alice', creditAccountId: 'shop', amountMinor: 700n, atMs: 250 }])).toEqual({
      ok: false,
      error: { index: 0, error: { code: 'EXCEEDS_CREDITS', transferId: 'big', accountId: 'alice', amountMinor: 700n, availableMinor: 600n } },
    });
    // 4. capture 150, release 250
    expect(ledger.postPending({ id: 'capture', pendingId: 'hold', amountMinor: 150n, atMs: 300 }).ok).toBe(true);
    expect(counters('alice')).toEqual([0n, 150n, 0n, 1_000n]);
    expect(counters('shop')).toEqual([0n, 0n, 0n, 150n]);
    expect(balances('alice')).toEqual([850n, 850n, 850n]);

    expect(ledger.rows('alice', 0, 10).map((r) => [r.transferId, r.amountMinor, r.balanceAfterMinor, r.effectiveAtMs])).toEqual([
      ['fund', 1_000n, 1_000n, 100],
      ['capture', -150n, 850n, 300],
    ]);
    expect(ledger.rows('shop', 0, 10).map((r) => [r.transferId, r.amountMinor, r.balanceAfterMinor])).toEqual([['capture', 150n, 150n]]);
    expect(ledger.postedBalanceAt('alice', 300)).toBe(1_000n);
    expect(ledger.postedBalanceAt('alice', 301)).toBe(850n);
    expect(ledger.postedBalanceAt('alice', 100)).toBe(0n);
    expect(ledger.rowsBetween('alice', 100, 300)).toEqual({ fromIndex: 0, toIndex: 1 });
    expect(ledger.totalsByCurrency().get('USD')).toEqual({ debitsPosted: 1_150n, creditsPosted: 1_150n, debitsPending: 0n, creditsPending: 0n });
    expect(ledger.checkInvariants()).toEqual([]);
  });
});
