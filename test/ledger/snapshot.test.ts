/**
 * Snapshots: JSON-safe; a ledger rebuilt from one answers every query like the original and
 * keeps behaving like it; a corrupt snapshot is refused loudly.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { InvariantError } from '../../src/core/assert.js';
import { Ledger, type LedgerSnapshot } from '../../src/ledger/index.js';
import { NUM_RUNS, START_MS, applyHistory, dumpLedger, historyArb, ledgerWith, opArb, probeTimes } from './support.js';

const roundTrip = (ledger: Ledger): Ledger => Ledger.fromSnapshot(JSON.parse(JSON.stringify(ledger.toSnapshot())) as LedgerSnapshot);

describe('snapshot round trip', () => {
  test.prop([historyArb, fc.array(opArb, { maxLength: 20 })], { numRuns: NUM_RUNS })(
    'a rebuilt ledger equals the original in every query, and after the same further operations',
    (history, more) => {
      const original = new Ledger();
      const clockMs = applyHistory(original, history);
      const rebuilt = roundTrip(original);
      const times = probeTimes(START_MS, clockMs);
      expect(dumpLedger(rebuilt, times)).toEqual(dumpLedger(original, times));
      expect(rebuilt.toSnapshot()).toEqual(original.toSnapshot());
      expect(rebuilt.checkInvariants()).toEqual([]);
      // Same clocks, same holds and timeouts, same ids taken: the same answers from here on.
      const laterOriginal = applyHistory(original, more, clockMs);
      const laterRebuilt = applyHistory(rebuilt, more, clockMs);
      expect(laterRebuilt).toBe(laterOriginal);
      const laterTimes = probeTimes(START_MS, laterOriginal);
      expect(dumpLedger(rebuilt, laterTimes)).toEqual(dumpLedger(original, laterTimes));
      expect(rebuilt.expirePending(Number.POSITIVE_INFINITY)).toEqual(original.expirePending(Number.POSITIVE_INFINITY));
    },
  );

  it('is plain JSON: bigints as decimal strings, no undefined, stable field order', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: { noOverdraft: true } });
    ledger.createTransfers([
      { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 9_007_199_254_740_993n, atMs: 1 },
      { id: 'hold', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 5n, atMs: 2, pending: true, timeoutAtMs: 10, transactionId: 'x' },
    ]);
    const snapshot = ledger.toSnapshot();
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(snapshot).toEqual({
      format: 'payments-engine/ledger',
      version: 1,
      accounts: [
        { id: 'world', currency: 'USD', debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: false, debitsPending: '0', debitsPosted: '9007199254740993', creditsPending: '5', creditsPosted: '0' },
        { id: 'alice', currency: 'USD', debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false, debitsPending: '5', debitsPosted: '0', creditsPending: '0', creditsPosted: '9007199254740993' },
      ],
      transfers: {
        id: ['fund', 'hold'],
        kind: ['posted', 'pending'],
        transactionId: [null, 'x'],
        debitAccount: [0, 1],
        creditAccount: [1, 0],
        amountMinor: ['9007199254740993', '5'],
        atMs: [1, 2],
        timeoutAtMs: [null, 10],
        pendingIndex: [-1, -1],
        status: [null, 'open'],
      },
    });
  });

  it('rebuilds an empty ledger', () => {
    expect(roundTrip(new Ledger()).toSnapshot()).toEqual(new Ledger().toSnapshot());
  });
});

describe('a corrupt snapshot', () => {
  function good(): LedgerSnapshot {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    ledger.createTransfers([
      { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 10n, atMs: 1 },
      { id: 'hold', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 4n, atMs: 2, pending: true },
      { id: 'post', pendingId: 'hold', action: 'post', amountMinor: 3n, atMs: 3 },
    ]);
    return JSON.parse(JSON.stringify(ledger.toSnapshot())) as LedgerSnapshot;
  }
  type Mutable = { -readonly [K in keyof LedgerSnapshot]: unknown } & { accounts: Record<string, unknown>[]; transfers: Record<string, unknown[]> };

  it.each<[string, (s: Mutable) => void]>([
    ['counters that differ from the transfers', (s) => (s.accounts[1]!.creditsPosted = '11')],
    ['an unknown format', (s) => (s.format = 'other')],
    ['columns of different lengths', (s) => s.transfers.atMs!.push(4)],
    ['a duplicate transfer id', (s) => (s.transfers.id![1] = 'fund')],
    ['a transfer between one account and itself', (s) => (s.transfers.creditAccount![0] = 0)],
    ['a non-positive amount', (s) => (s.transfers.amountMinor![0] = '0')],
    ['a post of a transfer that is not pending', (s) => (s.transfers.pendingIndex![2] = 0)],
    ['a pending transfer marked posted without a post', (s) => { s.transfers.kind![2] = 'posted'; s.transfers.pendingIndex![2] = -1; }],
    ['a post larger than its hold', (s) => (s.transfers.amountMinor![2] = '5')],
    ['transfers going back in time on an account', (s) => (s.transfers.atMs![2] = 0)],
    ['a hold with a status that does not exist', (s) => (s.transfers.status![1] = 'lost')],
    ['a posted transfer with a status', (s) => (s.transfers.status![0] = 'open')],
  ])('is refused: %s', (_name, corrupt) => {
    const snapshot = good() as unknown as Mutable;
    corrupt(snapshot);
    expect(() => Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot)).toThrow(InvariantError);
  });
});
