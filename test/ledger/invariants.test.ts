/**
 * checkInvariants and totalsByCurrency: empty on any history the ledger accepts, and able to
 * see broken invariants (planted through snapshots that are consistent but unsound, since the
 * ledger itself refuses to create them).
 */
import { describe, expect, it } from 'vitest';
import { test } from '@fast-check/vitest';
import { Ledger, type LedgerSnapshot } from '../../src/ledger/index.js';
import { LAST_POSTING, POSTING_COUNT, WORDS } from '../../src/ledger/account-table.js';
import { checkInvariants } from '../../src/ledger/invariants.js';
import { CHECKPOINT_ROWS } from '../../src/ledger/account-rows.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import type { LedgerState } from '../../src/ledger/state.js';
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
  // that it is consistent (a version 1 snapshot: counters equal to its transfers), so
  // checkInvariants must see it.
  function planted(edit: (s: { accounts: Record<string, unknown>[] }) => void): Ledger {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, euro: { currency: 'EUR' } });
    ledger.createTransfers([{ id: 'spend', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 10n, atMs: 1 }]);
    const snapshot = JSON.parse(JSON.stringify(ledgerToSnapshotV1(ledgerFromSnapshot(ledger.toSnapshot())))) as { accounts: Record<string, unknown>[] };
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

describe('checkInvariants on the posting chain (rows not yet indexed)', () => {
  // The ledger's own state, rebuilt from a snapshot, so a test can break what only a bug could:
  // the links rows are built from. alice: t0 (+5), t1 (-2), t2 (+1); world the other side.
  function stateWithChain(): LedgerState {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    ledger.createTransfers([{ id: 't0', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 5n, atMs: 1 }]);
    ledger.createTransfers([{ id: 't1', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 2n, atMs: 2 }]);
    ledger.createTransfers([{ id: 't2', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: 3 }]);
    return ledgerFromSnapshot(ledger.toSnapshot());
  }

  it('is empty for a sound chain', () => {
    const state = stateWithChain();
    expect(checkInvariants(state)).toEqual([]);
  });

  it('reports POSTING_CHAIN_BROKEN at the posting whose link skips a row', () => {
    const state = stateWithChain();
    state.transfers.setPrevious(2, state.transfers.debitPreviousOf(2), -1); // t2 on alice should link to t1
    expect(checkInvariants(state)).toEqual([
      { code: 'POSTING_CHAIN_BROKEN', accountId: 'alice', transferId: 't2', linkedIndex: -1, expectedIndex: 1 },
    ]);
  });

  it("reports POSTING_CHAIN_BROKEN when an account's latest posting is not its last", () => {
    const state = stateWithChain();
    state.accounts.f64[WORDS * 1 + LAST_POSTING] = 1;
    expect(checkInvariants(state)).toEqual([
      { code: 'POSTING_CHAIN_BROKEN', accountId: 'alice', transferId: undefined, linkedIndex: 1, expectedIndex: 2 },
    ]);
  });

  it("reports ROW_COUNT_MISMATCH when an account's posting count differs from its chain", () => {
    const state = stateWithChain();
    state.accounts.f64[WORDS * 1 + POSTING_COUNT] = 2;
    expect(checkInvariants(state)).toEqual([{ code: 'ROW_COUNT_MISMATCH', accountId: 'alice', rowCount: 2, postingCount: 3 }]);
  });

  it('reports ROWS_OUT_OF_ORDER for a posting earlier than the one before it on the account', () => {
    const state = stateWithChain();
    state.transfers.overwriteAtMs(2, 1.5);
    expect(checkInvariants(state)).toEqual([
      { code: 'ROWS_OUT_OF_ORDER', accountId: 'world', index: 2 },
      { code: 'ROWS_OUT_OF_ORDER', accountId: 'alice', index: 2 },
    ]);
  });

  /** alice with `count` postings of +1 (world the other side), rebuilt from a snapshot. */
  function stateWithPostings(count: number): LedgerState {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    for (let i = 0; i < count; i += 1) ledger.createTransfers([{ id: `p${i}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: i }]);
    return ledgerFromSnapshot(ledger.toSnapshot());
  }

  it('checks every row checkpoint: its balance against the running sum, its posting against the chain, their number against the postings', () => {
    const sound = stateWithPostings(2 * CHECKPOINT_ROWS + 3);
    expect([0, 1].map((k) => sound.accounts.checkpoints.posting(1, k))).toEqual([CHECKPOINT_ROWS - 1, 2 * CHECKPOINT_ROWS - 1]);
    expect(sound.accounts.checkpoints.count(1)).toBe(2);
    expect(checkInvariants(sound)).toEqual([]);
    const wrongBalance = stateWithPostings(2 * CHECKPOINT_ROWS);
    wrongBalance.accounts.checkpoints.overwrite(1, 1, 2 * CHECKPOINT_ROWS - 1, 99n);
    expect(checkInvariants(wrongBalance)).toEqual([
      { code: 'ROW_BALANCE_MISMATCH', accountId: 'alice', index: 2 * CHECKPOINT_ROWS - 1, balanceAfterMinor: 99n, runningSumMinor: BigInt(2 * CHECKPOINT_ROWS) },
    ]);
    const wrongPosting = stateWithPostings(CHECKPOINT_ROWS);
    wrongPosting.accounts.checkpoints.overwrite(1, 0, 3, BigInt(CHECKPOINT_ROWS));
    expect(checkInvariants(wrongPosting)).toEqual([{ code: 'ROW_NOT_A_POSTING', accountId: 'alice', index: CHECKPOINT_ROWS - 1 }]);
    const extra = stateWithPostings(CHECKPOINT_ROWS + 1);
    extra.accounts.addCheckpoint(1, CHECKPOINT_ROWS, 65n);
    expect(checkInvariants(extra)).toEqual([{ code: 'ROW_NOT_A_POSTING', accountId: 'alice', index: 2 * CHECKPOINT_ROWS - 1 }]);
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
