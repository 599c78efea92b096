/**
 * Snapshots: JSON-safe; a ledger rebuilt from one (version 2, and the first format still
 * loadable) answers every query like the original and keeps behaving like it; a malformed
 * snapshot is refused loudly, and one whose columns disagree is caught by checkInvariants.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { InvariantError } from '../../src/core/assert.js';
import { Ledger, type LedgerSnapshot, type LedgerSnapshotV1, type LedgerSnapshotV2 } from '../../src/ledger/index.js';
import { decodeColumn, encodeColumn, type Column } from '../../src/core/column-codec.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import { NUM_RUNS, START_MS, applyHistory, dumpLedger, historyArb, ledgerWith, opArb, probeTimes } from './support.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const roundTrip = (ledger: Ledger): Ledger => Ledger.fromSnapshot(viaJson(ledger.toSnapshot()));
/** The same ledger as a version 1 snapshot (what earlier versions of the library wrote). */
const asV1 = (ledger: Ledger): LedgerSnapshotV1 => viaJson(ledgerToSnapshotV1(ledgerFromSnapshot(ledger.toSnapshot())));

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

  test.prop([historyArb, fc.array(opArb, { maxLength: 20 })], { numRuns: NUM_RUNS })(
    'a version 1 snapshot still loads: the ledger equals the original in every query, and after the same further operations',
    (history, more) => {
      const original = new Ledger();
      const clockMs = applyHistory(original, history);
      const rebuilt = Ledger.fromSnapshot(asV1(original));
      const times = probeTimes(START_MS, clockMs);
      expect(dumpLedger(rebuilt, times)).toEqual(dumpLedger(original, times));
      expect(rebuilt.toSnapshot()).toEqual(original.toSnapshot());
      const laterOriginal = applyHistory(original, more, clockMs);
      expect(applyHistory(rebuilt, more, clockMs)).toBe(laterOriginal);
      const laterTimes = probeTimes(START_MS, laterOriginal);
      expect(dumpLedger(rebuilt, laterTimes)).toEqual(dumpLedger(original, laterTimes));
    },
  );

  it('is plain JSON: columns as base64 of little-endian bytes, each transaction id once, no undefined', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: { noOverdraft: true } });
    ledger.createTransfers([
      { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 9_007_199_254_740_993n, atMs: 1, transactionId: 'x' },
      { id: 'hold', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 5n, atMs: 2, pending: true, timeoutAtMs: 10, transactionId: 'x' },
    ]);
    const snapshot = ledger.toSnapshot();
    expect(viaJson(snapshot)).toEqual(snapshot);
    expect(snapshot).toMatchObject({
      format: 'payments-engine/ledger',
      version: 2,
      accounts: { id: ['world', 'alice'], currency: ['USD', 'USD'], flags: [0, 1] },
      transfers: { count: 2, id: { text: 'fundhold' }, transactionIds: { text: 'x' } },
    });
    const t = snapshot.transfers;
    expect(Array.from(decodeColumn(t.id.lengths, (n) => new Int32Array(n), 2, 2, 'test'))).toEqual([4, 4]);
    expect(Array.from(decodeColumn(t.transactionIds.lengths, (n) => new Int32Array(n), 1, 1, 'test'))).toEqual([1]);
    const column = <T extends Column>(text: string | null, make: (n: number) => T): number[] =>
      Array.from(decodeColumn(text, make, 2, 2, 'test') as ArrayLike<number | bigint>, Number);
    expect(t.kind).toBe('AAE='); // bytes 0 (posted), 1 (pending)
    expect(column(t.transactionRef, (n) => new Int32Array(n))).toEqual([0, 0]);
    expect(column(t.debitAccount, (n) => new Int32Array(n))).toEqual([0, 1]);
    expect(Array.from(decodeColumn(t.amountMinor, (n) => new BigInt64Array(n), 2, 2, 'test'))).toEqual([9_007_199_254_740_993n, 5n]);
    expect(column(t.atMs, (n) => new Float64Array(n))).toEqual([1, 2]);
    expect(column(t.timeoutAtMs, (n) => new Float64Array(n))).toEqual([0, 10]);
    expect(column(t.status, (n) => new Uint8Array(n))).toEqual([0, 1]);
    expect(encodeColumn(new Int32Array([1, -1]), 2)).toBe('AQAAAP////8=');
  });

  it('leaves the hold columns out until the ledger holds something', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    ledger.createTransfers([{ id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: 1 }]);
    const t = ledger.toSnapshot().transfers;
    expect([t.timeoutAtMs, t.pendingIndex, t.status, t.transactionIds]).toEqual([null, null, null, { text: '', lengths: '' }]);
  });

  it('rebuilds an empty ledger', () => {
    expect(roundTrip(new Ledger()).toSnapshot()).toEqual(new Ledger().toSnapshot());
  });
});

function threeTransfers(): Ledger {
  const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
  ledger.createTransfers([
    { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 10n, atMs: 1 },
    { id: 'hold', debitAccountId: 'alice', creditAccountId: 'world', amountMinor: 4n, atMs: 2, pending: true },
    { id: 'post', pendingId: 'hold', action: 'post', amountMinor: 3n, atMs: 3 },
  ]);
  return ledger;
}

describe('a corrupt version 1 snapshot', () => {
  type Mutable = { -readonly [K in keyof LedgerSnapshotV1]: unknown } & { accounts: Record<string, unknown>[]; transfers: Record<string, unknown[]> };

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
    const snapshot = asV1(threeTransfers()) as unknown as Mutable;
    corrupt(snapshot);
    expect(() => Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot)).toThrow(InvariantError);
  });
});

describe('a corrupt version 2 snapshot', () => {
  type Mutable = { -readonly [K in keyof LedgerSnapshotV2]: unknown } & { accounts: Record<string, unknown>; transfers: Record<string, unknown> };
  const int32 = (n: number): Int32Array => new Int32Array(n);
  const bytes = (n: number): Uint8Array => new Uint8Array(n);
  // Decodes column `name` of `part`, changes it, encodes it back.
  function edit<T extends Column>(part: Record<string, unknown>, name: string, make: (n: number) => T, count: number, change: (column: T) => void): void {
    const column = decodeColumn(part[name], make, count, count, name);
    change(column);
    part[name] = encodeColumn(column, count);
  }

  it.each<[string, (s: Mutable) => void, RegExp]>([
    ['an unknown version, named', (s) => (s.version = 3), /version 3 is not known/],
    ['a column of another length', (s) => (s.transfers.atMs = encodeColumn(new Float64Array(4), 4)), /atMs does not hold 3/],
    ['a column that is not base64', (s) => (s.transfers.kind = 'AA*B'), /kind is not base64/],
    ['a missing column', (s) => delete s.transfers.creditAccount, /creditAccount is not a string/],
    ['hold columns partly missing', (s) => (s.transfers.status = null), /hold columns/],
    ['a duplicate transfer id', (s) => (s.transfers.id = { text: 'fundholdfund', lengths: encodeColumn(new Int32Array([4, 4, 4]), 3) }), /fund appears twice/],
    ['ids whose lengths do not add up', (s) => (s.transfers.id = { text: 'fundholdpost!', lengths: encodeColumn(new Int32Array([4, 4, 4]), 3) }), /do not add up/],
    ['an empty id', (s) => (s.transfers.id = { text: 'fundhold', lengths: encodeColumn(new Int32Array([4, 4, 0]), 3) }), /is empty/],
    ['a transfer between one account and itself', (s) => edit(s.transfers, 'creditAccount', int32, 3, (c) => (c[0] = 0)), /fund has bad accounts/],
    ['an account that does not exist', (s) => edit(s.transfers, 'debitAccount', int32, 3, (c) => (c[0] = 7)), /fund has bad accounts/],
    ['a kind that does not exist', (s) => edit(s.transfers, 'kind', bytes, 3, (c) => (c[0] = 9)), /fund has kind 9/],
    ['transfers going back in time on an account', (s) => edit(s.transfers, 'atMs', (n) => new Float64Array(n), 3, (c) => (c[2] = 0)), /post goes back in time/],
    ['a posting count the transfers do not give', (s) => edit(s.accounts, 'records', (n) => new Float64Array(n), 14, (w) => (w[7 + 5] = 3)), /alice has a posting count/],
    ['a clock the transfers do not give', (s) => edit(s.accounts, 'records', (n) => new Float64Array(n), 14, (w) => (w[7 + 4] = 9)), /alice has a clock/],
    ['a post of a transfer that is not pending', (s) => edit(s.transfers, 'pendingIndex', int32, 3, (c) => (c[2] = 0)), /post resolves no earlier pending/],
    ['a hold with a status that does not exist', (s) => edit(s.transfers, 'status', bytes, 3, (c) => (c[1] = 7)), /hold has status 7/],
    ['a transaction id that is not in the dictionary', (s) => edit(s.transfers, 'transactionRef', int32, 3, (c) => (c[0] = 5)), /fund names transaction 5/],
    ['an account whose latest posting is not its own', (s) => edit(s.accounts, 'records', (n) => new Float64Array(n), 14, (w) => (w[7 + 6] = 1)), /alice has a latest posting/],
    ['an unknown currency', (s) => ((s.accounts.currency as string[])[0] = 'XXX'), /unknown currency/],
  ])('is refused when loading: %s', (_name, corrupt, message) => {
    const snapshot = viaJson(threeTransfers().toSnapshot()) as unknown as Mutable;
    corrupt(snapshot);
    expect(() => Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot)).toThrow(message);
    expect(() => Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot)).toThrow(InvariantError);
  });

  it.each<[string, (s: Mutable) => void, string]>([
    ['counters that differ from the transfers', (s) => edit(s.accounts, 'records', (n) => new BigInt64Array(n), 14, (w) => (w[7 + 3] = 11n)), 'COUNTER_MISMATCH'],
    ['a changed amount', (s) => edit(s.transfers, 'amountMinor', (n) => new BigInt64Array(n), 3, (c) => (c[0] = 11n)), 'COUNTER_MISMATCH'],
  ])('loads but fails checkInvariants: %s', (_name, corrupt, code) => {
    const snapshot = viaJson(threeTransfers().toSnapshot()) as unknown as Mutable;
    corrupt(snapshot);
    const codes = Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot).checkInvariants().map((v) => v.code);
    expect(codes).toContain(code);
  });

  it('loads but fails checkInvariants: a checkpoint balance that differs from the rows', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    for (let i = 0; i < 64; i += 1) ledger.createTransfers([{ id: `f${i}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: i }]);
    const snapshot = viaJson(ledger.toSnapshot()) as unknown as Mutable;
    edit(snapshot.accounts, 'checkpointBalanceMinor', (n) => new BigInt64Array(n), 2, (b) => (b[1] = 65n));
    const codes = Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot).checkInvariants().map((v) => v.code);
    expect(codes).toContain('ROW_BALANCE_MISMATCH');
  });

  it('is refused when a checkpoint names another posting than the account\'s 64th', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    for (let i = 0; i < 64; i += 1) ledger.createTransfers([{ id: `f${i}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: i }]);
    const snapshot = viaJson(ledger.toSnapshot()) as unknown as Mutable;
    edit(snapshot.accounts, 'checkpointPosting', int32, 2, (p) => (p[1] = 62));
    expect(() => Ledger.fromSnapshot(snapshot as unknown as LedgerSnapshot)).toThrow(/alice has a bad checkpoint/);
  });
});
