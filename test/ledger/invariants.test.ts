/**
 * checkInvariants and totalsByCurrency: empty on any history the ledger accepts, and able to
 * see broken invariants (planted through snapshots that are consistent but unsound, since the
 * ledger itself refuses to create them).
 */
import { describe, expect, it } from 'vitest';
import { test } from '@fast-check/vitest';
import { Ledger, type LedgerSnapshot } from '../../src/ledger/index.js';
import { NUM_RUNS, applyHistory, historyArb, ledgerWith, show } from './support.js';

describe('checkInvariants', () => {
  test.prop([historyArb], { numRuns: NUM_RUNS })('is empty after any history of accepted and refused operations', (history) => {
    const ledger = new Ledger();
    applyHistory(ledger, history);
    const violations = ledger.checkInvariants();
    expect(violations, show(violations)).toEqual([]);
    for (const [, totals] of ledger.totalsByCurrency()) {
      expect(totals.debitsPosted).toBe(totals.creditsPosted);
      expect(totals.debitsPending).toBe(totals.creditsPending);
    }
  });

  // A snapshot whose accounts break a rule the live ledger enforces: fromSnapshot only checks
  // that it is consistent (counters equal to its transfers), so checkInvariants must see it.
  function planted(edit: (s: { accounts: Record<string, unknown>[] }) => void): Ledger {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, euro: { currency: 'EUR' } });
    ledger.createTransfers([{ id: 'spend', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 10n, atMs: 1 }]);
    const snapshot = JSON.parse(JSON.stringify(ledger.toSnapshot())) as { accounts: Record<string, unknown>[] };
    edit(snapshot);
    return Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot);
  }

  it('reports LIMIT_EXCEEDED for an account beyond its flag', () => {
    const ledger = planted((s) => (s.accounts[1]!.debitsMustNotExceedCredits = true));
    expect(ledger.checkInvariants()).toEqual([
      { code: 'LIMIT_EXCEEDED', accountId: 'alice', flag: 'debitsMustNotExceedCredits', usedMinor: 10n, limitMinor: 0n },
    ]);
  });

  it('reports CURRENCY_UNBALANCED when a transfer crossed currencies', () => {
    const ledger = planted((s) => (s.accounts[0]!.currency = 'EUR'));
    expect(ledger.checkInvariants()).toEqual([
      { code: 'CURRENCY_UNBALANCED', currency: 'EUR', phase: 'posted', debitsMinor: 0n, creditsMinor: 10n },
      { code: 'CURRENCY_UNBALANCED', currency: 'USD', phase: 'posted', debitsMinor: 10n, creditsMinor: 0n },
    ]);
  });
});

describe('totalsByCurrency', () => {
  it('sums the four counters per currency, ordered by currency code', () => {
    const ledger = ledgerWith(() => new Ledger(), { usd1: {}, usd2: {}, eur1: { currency: 'EUR' }, eur2: { currency: 'EUR' }, jpy: { currency: 'JPY' } });
    ledger.createTransfers([
      { id: 'a', debitAccountId: 'usd1', creditAccountId: 'usd2', amountMinor: 5n, atMs: 1 },
      { id: 'b', debitAccountId: 'eur1', creditAccountId: 'eur2', amountMinor: 7n, atMs: 1, pending: true },
    ]);
    expect([...ledger.totalsByCurrency()]).toEqual([
      ['EUR', { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 7n, creditsPending: 7n }],
      ['JPY', { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n }],
      ['USD', { debitsPosted: 5n, creditsPosted: 5n, debitsPending: 0n, creditsPending: 0n }],
    ]);
  });
});
