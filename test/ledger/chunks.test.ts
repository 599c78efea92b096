/**
 * The transfer table's chunks (transfer-table.ts): columns are held in chunks of CHUNK_ROWS
 * rows, made as rows come, restored from a snapshot as views of its decoded columns, and kept
 * when a linked batch rolls back. Ledgers of sizes around chunk boundaries answer what their
 * transfers say, before and after a snapshot round trip (both versions), and go on taking
 * transfers after one.
 */
import { describe, expect, it } from 'vitest';
import { Ledger, type LedgerSnapshot, type TransferSpec } from '../../src/ledger/index.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import { CHUNK_ROWS } from '../../src/ledger/transfer-table.js';
import { START_MS, ledgerWith } from './support.js';

const ACCOUNTS = ['a0', 'a1', 'a2', 'a3'] as const;
const SIZES = [CHUNK_ROWS - 1, CHUNK_ROWS, CHUNK_ROWS + 1, 2 * CHUNK_ROWS + 1];

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)), (_k, v: unknown) => (typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v)) as T;
const roundTripV2 = (ledger: Ledger): Ledger => Ledger.fromSnapshot(viaJson(ledger.toSnapshot()));
const roundTripV1 = (ledger: Ledger): Ledger => Ledger.fromSnapshot(viaJson(ledgerToSnapshotV1(ledgerFromSnapshot(ledger.toSnapshot()))) as LedgerSnapshot);

/**
 * Transfer `i` of a ledger whose holds start at `holdsFrom` (a multiple of 5): before it every
 * transfer is posted; from it, in fives, posted, a hold with a timeout, its partial post, a
 * hold without one, its void. Each names transaction `x<i / 3>`, so transfers share them.
 */
function spec(i: number, holdsFrom: number): TransferSpec {
  const atMs = START_MS + i;
  const transactionId = `x${Math.floor(i / 3)}`;
  const d = ACCOUNTS[i % 4]!;
  const c = ACCOUNTS[(i + 1) % 4]!;
  const step = i < holdsFrom ? 0 : (i - holdsFrom) % 5;
  if (step === 0) return { id: `t${i}`, debitAccountId: d, creditAccountId: c, amountMinor: BigInt(i + 1), atMs, transactionId };
  if (step === 1 || step === 3) {
    return { id: `t${i}`, debitAccountId: d, creditAccountId: c, amountMinor: 100n, atMs, pending: true, ...(step === 1 ? { timeoutAtMs: atMs + 1_000_000 } : {}), transactionId };
  }
  return { id: `t${i}`, action: step === 2 ? 'post' : 'void', pendingId: `t${i - 1}`, ...(step === 2 ? { amountMinor: 40n } : {}), atMs };
}

function build(count: number, holdsFrom = 0): Ledger {
  const ledger = ledgerWith(() => new Ledger(), Object.fromEntries(ACCOUNTS.map((a) => [a, {}])));
  append(ledger, 0, count, holdsFrom);
  return ledger;
}

function append(ledger: Ledger, from: number, to: number, holdsFrom: number): void {
  for (let i = from; i < to; i += 1) {
    const result = ledger.createTransfers([spec(i, holdsFrom)]);
    if (!result.ok) throw new Error(`transfer ${i} refused: ${result.error.error.code}`);
  }
}

/** Everything the ledger answers about its transfers and accounts. */
function answers(ledger: Ledger, count: number): unknown {
  return {
    transfers: Array.from({ length: count + 1 }, (_, i) => ledger.transfer(`t${i}`)),
    pending: [...ledger.pendingTransfers()],
    accounts: ACCOUNTS.map((a) => ({ balance: ledger.balance(a), rows: ledger.rows(a, 0, ledger.rowCount(a)) })),
    invariants: ledger.checkInvariants(),
  };
}

describe('transfer table chunks', () => {
  it.each(SIZES)('reads back every column of %i transfers across chunk boundaries', (count) => {
    const ledger = build(count);
    expect(ledger.transferCount).toBe(count);
    expect(ledger.checkInvariants()).toEqual([]);
    for (const i of [0, CHUNK_ROWS - 1, CHUNK_ROWS, CHUNK_ROWS + 1, 2 * CHUNK_ROWS, count - 1].filter((k) => k < count)) {
      const s = spec(i, 0);
      const view = ledger.transfer(`t${i}`)!;
      expect(view.id).toBe(`t${i}`);
      expect(view.atMs).toBe(START_MS + i);
      if (s.action === undefined) {
        expect(view).toMatchObject({ debitAccountId: s.debitAccountId, creditAccountId: s.creditAccountId, amountMinor: s.amountMinor, transactionId: s.transactionId });
        if (s.pending === true) expect(view).toMatchObject({ kind: 'pending', status: i + 1 < count ? (i % 5 === 1 ? 'posted' : 'voided') : 'open' });
      } else {
        expect(view).toMatchObject({ kind: s.action, pendingId: s.pendingId, transactionId: `x${Math.floor((i - 1) / 3)}` });
      }
    }
    // The rows of an account walk its posting chain through every chunk: each balance after is
    // the running sum of the amounts before it.
    for (const a of ACCOUNTS) {
      const rows = ledger.rows(a, 0, ledger.rowCount(a));
      let running = 0n;
      for (const row of rows) {
        running += row.amountMinor;
        expect(row.balanceAfterMinor).toBe(running);
      }
      expect(running).toBe(ledger.balance(a)!.postedMinor);
    }
  });

  it.each(SIZES)('gives the same answers after a snapshot round trip of %i transfers, in both versions, and goes on past the next boundary', (count) => {
    const original = build(count);
    for (const rebuilt of [roundTripV2(original), roundTripV1(original)]) {
      expect(answers(rebuilt, count)).toEqual(answers(original, count));
      expect(rebuilt.toSnapshot()).toEqual(original.toSnapshot());
    }
    // Appends after a load continue in the restored tail chunk, then in new ones.
    const more = count + CHUNK_ROWS + 3;
    const rebuilt = roundTripV2(original);
    append(original, count, more, 0);
    append(rebuilt, count, more, 0);
    expect(answers(rebuilt, more)).toEqual(answers(original, more));
    expect(rebuilt.toSnapshot()).toEqual(original.toSnapshot());
    expect(rebuilt.checkInvariants()).toEqual([]);
  });

  it('makes the hold columns of every earlier chunk when the first hold comes after two chunks', () => {
    const holdsFrom = 2 * CHUNK_ROWS + 5;
    const count = holdsFrom + 12;
    const ledger = build(count, holdsFrom);
    expect(ledger.checkInvariants()).toEqual([]);
    expect(ledger.transfer(`t${holdsFrom + 1}`)).toMatchObject({ kind: 'pending', status: 'posted' });
    expect(ledger.transfer(`t${holdsFrom + 2}`)).toMatchObject({ kind: 'post', pendingId: `t${holdsFrom + 1}`, amountMinor: 40n });
    // Restored without hold columns (none yet), then the first hold after the load.
    const before = roundTripV2(build(holdsFrom, holdsFrom));
    append(before, holdsFrom, count, holdsFrom);
    expect(answers(before, count)).toEqual(answers(ledger, count));
    expect(roundTripV2(ledger).toSnapshot()).toEqual(ledger.toSnapshot());
  });

  it('leaves no trace of a linked batch rolled back across a chunk boundary, and reuses its rows', () => {
    const start = CHUNK_ROWS - 3;
    const ledger = build(start);
    const expected = build(start);
    const batch: TransferSpec[] = Array.from({ length: 6 }, (_, k) => spec(start + k, 0));
    // The last one overdraws nothing but reuses an id: the whole batch is refused.
    batch.push({ id: 't0', debitAccountId: 'a0', creditAccountId: 'a1', amountMinor: 1n, atMs: START_MS + start + 6 });
    const refused = ledger.createTransfers(batch);
    expect(refused.ok).toBe(false);
    expect(ledger.checkTransfers(batch.slice(0, 6)).ok).toBe(true);
    expect(ledger.transferCount).toBe(start);
    expect(answers(ledger, start + 6)).toEqual(answers(expected, start + 6));
    append(ledger, start, start + 10, 0);
    append(expected, start, start + 10, 0);
    expect(answers(ledger, start + 10)).toEqual(answers(expected, start + 10));
    expect(ledger.toSnapshot()).toEqual(expected.toSnapshot());
  });
});

/** Transfer `i` of a ledger of holds and voids only: a hold at each even `i`, its void at the odd one after it. */
function holdOrVoid(i: number): TransferSpec {
  const atMs = START_MS + i;
  if (i % 2 === 1) return { id: `t${i}`, action: 'void', pendingId: `t${i - 1}`, atMs };
  return { id: `t${i}`, debitAccountId: ACCOUNTS[i % 4]!, creditAccountId: ACCOUNTS[(i + 1) % 4]!, amountMinor: BigInt(i + 1), atMs, pending: true, timeoutAtMs: atMs + 1_000_000 };
}

function appendHoldsAndVoids(ledger: Ledger, from: number, to: number): void {
  for (let i = from; i < to; i += 1) {
    const result = ledger.createTransfers([holdOrVoid(i)]);
    if (!result.ok) throw new Error(`transfer ${i} refused: ${result.error.error.code}`);
  }
}

describe('hold rows (the hold columns of holds and resolutions only)', () => {
  // A transfer finds its hold row from its block of 64 transfers and its place in that block:
  // here every transfer has one, so places reach 63, and a rollback ends inside a block.
  it('are found through blocks made only of holds and voids, a rolled-back batch inside a block, and a snapshot load', () => {
    const ledger = build(0);
    const expected = build(0);
    appendHoldsAndVoids(ledger, 0, 100);
    appendHoldsAndVoids(expected, 0, 140);
    const batch = [100, 101, 102].map(holdOrVoid);
    // A void of a hold the batch already voided: the whole batch is refused and rolled back.
    batch.push({ id: 't103', action: 'void', pendingId: 't100', atMs: START_MS + 103 });
    expect(ledger.createTransfers(batch).ok).toBe(false);
    expect(ledger.checkTransfers(batch.slice(0, 3)).ok).toBe(true);
    expect(ledger.transferCount).toBe(100);
    appendHoldsAndVoids(ledger, 100, 140);
    expect(answers(ledger, 140)).toEqual(answers(expected, 140));
    expect(ledger.toSnapshot()).toEqual(expected.toSnapshot());
    // Loaded with its last block part full, then holds go on in that block and past it.
    const loaded = roundTripV2(ledger);
    for (const l of [loaded, expected]) {
      appendHoldsAndVoids(l, 140, 211);
      expect(l.createTransfers([holdOrVoid(211)]).ok).toBe(true);
    }
    expect(answers(loaded, 212)).toEqual(answers(expected, 212));
    expect(loaded.toSnapshot()).toEqual(expected.toSnapshot());
    expect(loaded.transfer('t210')).toMatchObject({ kind: 'pending', status: 'voided' });
    expect(loaded.transfer('t211')).toMatchObject({ kind: 'void', pendingId: 't210' });
  });
});
