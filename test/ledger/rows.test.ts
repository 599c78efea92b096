/**
 * Balance-change rows and as-of queries: one row per posted movement per account, in the order
 * money moved; posted balance as of a time is half-open (rows strictly before it); paging and
 * time ranges by binary search; row indexes built at query time stay right as history grows.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { InvariantError } from '../../src/core/assert.js';
import { LEDGER_ROWS_PAGE_MAX, Ledger } from '../../src/ledger/index.js';
import { NUM_RUNS, ledgerWith } from './support.js';

/** alice: +1,000 at 100, −300 at 200, (hold at 250, no row), −50 at 300, +7 at 300. */
function history(): Ledger {
  const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: { noOverdraft: true }, bob: {} });
  const result = ledger.createTransfers([
    { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1_000n, atMs: 100, transactionId: 'deposit-1' },
    { id: 'pay', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 300n, atMs: 200 },
    { id: 'hold', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 50n, atMs: 250, pending: true },
    { id: 'capture', pendingId: 'hold', action: 'post', atMs: 300 },
    { id: 'refund', debitAccountId: 'bob', creditAccountId: 'alice', amountMinor: 7n, atMs: 300 },
  ]);
  expect(result.ok).toBe(true);
  return ledger;
}

describe('rows', () => {
  it('has one row per posted movement, signed on the holder side, with the balance after it', () => {
    expect(history().rows('alice', 0, 100)).toEqual([
      { index: 0, transferId: 'fund', transactionId: 'deposit-1', amountMinor: 1_000n, effectiveAtMs: 100, balanceAfterMinor: 1_000n },
      { index: 1, transferId: 'pay', transactionId: 'pay', amountMinor: -300n, effectiveAtMs: 200, balanceAfterMinor: 700n },
      { index: 2, transferId: 'capture', transactionId: 'capture', amountMinor: -50n, effectiveAtMs: 300, balanceAfterMinor: 650n },
      { index: 3, transferId: 'refund', transactionId: 'refund', amountMinor: 7n, effectiveAtMs: 300, balanceAfterMinor: 657n },
    ]);
  });

  it('makes no row for holds, voids or expiries', () => {
    const ledger = history();
    ledger.createTransfers([{ id: 'h2', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 5n, atMs: 400, pending: true, timeoutAtMs: 500 }]);
    ledger.createTransfers([{ id: 'h3', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 5n, atMs: 400, pending: true }]);
    ledger.voidPending({ id: 'v3', pendingId: 'h3', atMs: 401 });
    ledger.expirePending(500);
    expect(ledger.rowCount('alice')).toBe(4);
    expect(ledger.rowCount('bob')).toBe(3);
  });

  it('pages with rows(id, fromIndex, limit), cut at the end', () => {
    const ledger = history();
    expect(ledger.rows('alice', 1, 2).map((r) => r.index)).toEqual([1, 2]);
    expect(ledger.rows('alice', 3, 10).map((r) => r.index)).toEqual([3]);
    expect(ledger.rows('alice', 4, 10)).toEqual([]);
    expect(ledger.rows('alice', 99, 10)).toEqual([]);
    expect(ledger.rows('alice', 0, 0)).toEqual([]);
  });

  it('asserts the page bound and the arguments (caller bugs)', () => {
    const ledger = history();
    expect(() => ledger.rows('alice', 0, LEDGER_ROWS_PAGE_MAX + 1)).toThrow(InvariantError);
    expect(() => ledger.rows('alice', -1, 1)).toThrow(InvariantError);
    expect(() => ledger.rows('alice', 0.5, 1)).toThrow(InvariantError);
    expect(ledger.rows('alice', 0, LEDGER_ROWS_PAGE_MAX)).toHaveLength(4);
  });
});

describe('as-of queries (half-open: rows strictly before the time count)', () => {
  it.each([
    [Number.NEGATIVE_INFINITY, 0n, 0],
    [100, 0n, 0], // the row at 100 is not before 100
    [101, 1_000n, 1],
    [200, 1_000n, 1],
    [201, 700n, 2],
    [300, 700n, 2], // both rows at 300 are excluded together
    [301, 657n, 4],
    [Number.POSITIVE_INFINITY, 657n, 4],
  ])('at %s: posted balance %s, first row at or after it %s', (atMs, balance, firstIndex) => {
    const ledger = history();
    expect(ledger.postedBalanceAt('alice', atMs)).toBe(balance);
    expect(ledger.firstRowAtOrAfter('alice', atMs)).toBe(firstIndex);
  });

  it.each([
    [100, 200, 0, 1],
    [100, 201, 0, 2],
    [101, 300, 1, 2],
    [300, 301, 2, 4],
    [300, 300, 2, 2],
    [500, 100, 4, 4], // an inverted window is empty
  ])('rowsBetween(%s, %s) = [%s, %s)', (startMs, endMs, fromIndex, toIndex) => {
    expect(history().rowsBetween('alice', startMs, endMs)).toEqual({ fromIndex, toIndex });
  });

  it('gives statement identities: opening + sum(rows in window) = closing', () => {
    const ledger = history();
    const opening = ledger.postedBalanceAt('alice', 150)!;
    const closing = ledger.postedBalanceAt('alice', 300)!;
    const { fromIndex, toIndex } = ledger.rowsBetween('alice', 150, 300);
    const sum = ledger.rows('alice', fromIndex, toIndex - fromIndex).reduce((s, r) => s + r.amountMinor, 0n);
    expect(opening + sum).toBe(closing);
  });
});

describe('row indexes built at query time', () => {
  it('stay right when queries and new postings interleave, across many chunks', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, busy: {}, quiet: {} });
    let expected = 0n;
    for (let i = 0; i < 700; i += 1) {
      const amountMinor = BigInt((i % 13) + 1);
      const inbound = i % 3 !== 0;
      ledger.createTransfers([
        { id: `t${i}`, debitAccountId: inbound ? 'world' : 'busy', creditAccountId: inbound ? 'busy' : 'world', amountMinor, atMs: 1_000 + i },
      ]);
      expected += inbound ? amountMinor : -amountMinor;
      if (i % 97 === 0 || i === 699) {
        expect(ledger.postedBalanceAt('busy', Number.POSITIVE_INFINITY)).toBe(expected);
        expect(ledger.rows('busy', i, 1)[0]?.balanceAfterMinor).toBe(expected);
      }
    }
    expect(ledger.rowCount('busy')).toBe(700);
    expect(ledger.rowCount('quiet')).toBe(0);
    expect(ledger.postedBalanceAt('busy', 1_000 + 350)).toBe(ledger.rows('busy', 349, 1)[0]!.balanceAfterMinor);
    expect(ledger.checkInvariants()).toEqual([]);
  });
});

describe('indexRows', () => {
  it('indexes every account up front and changes no answer', () => {
    const lazy = history();
    const eager = history();
    eager.indexRows();
    eager.indexRows(); // idempotent
    for (const id of ['world', 'alice', 'bob']) {
      expect(eager.rows(id, 0, 100)).toEqual(lazy.rows(id, 0, 100));
      expect(eager.postedBalanceAt(id, 300)).toBe(lazy.postedBalanceAt(id, 300));
    }
  });
});

describe('postedBalanceAt equals the sum of the rows before the time', () => {
  const amounts = fc.array(fc.record({ amountMinor: fc.bigInt({ min: 1n, max: 10_000n }), inbound: fc.boolean(), stepMs: fc.integer({ min: 0, max: 5 }) }), { maxLength: 300 });
  test.prop([amounts, fc.array(fc.integer({ min: -10, max: 1_600 }), { minLength: 1, maxLength: 20 })], { numRuns: NUM_RUNS })(
    'for random histories and random probe times',
    (moves, probes) => {
      const ledger = ledgerWith(() => new Ledger(), { world: {}, a: {} });
      let atMs = 0;
      moves.forEach((m, i) => {
        atMs += m.stepMs;
        const result = ledger.createTransfers([{ id: `t${i}`, debitAccountId: m.inbound ? 'world' : 'a', creditAccountId: m.inbound ? 'a' : 'world', amountMinor: m.amountMinor, atMs }]);
        expect(result.ok).toBe(true);
      });
      const rows = ledger.rows('a', 0, LEDGER_ROWS_PAGE_MAX);
      for (const t of probes) {
        const expected = rows.filter((r) => r.effectiveAtMs < t).reduce((sum, r) => sum + r.amountMinor, 0n);
        expect(ledger.postedBalanceAt('a', t)).toBe(expected);
        expect(ledger.firstRowAtOrAfter('a', t)).toBe(rows.filter((r) => r.effectiveAtMs < t).length);
      }
    },
  );
});

describe('rows found from sparse checkpoints agree with a naive model', () => {
  // Moves on account `a` (against `world`), some in linked batches that fail at their end and
  // roll back (so checkpoints noted inside them must be forgotten), across several checkpoints.
  const move = fc.record({ amountMinor: fc.bigInt({ min: 1n, max: 1_000n }), inbound: fc.boolean(), stepMs: fc.integer({ min: 0, max: 3 }), batch: fc.integer({ min: 1, max: 80 }), fails: fc.boolean() });
  const probe = fc.record({ from: fc.nat({ max: 700 }), limit: fc.integer({ min: 0, max: 150 }), atMs: fc.integer({ min: -5, max: 2_500 }) });
  test.prop([fc.array(move, { maxLength: 30 }), fc.array(probe, { minLength: 1, maxLength: 15 })], { numRuns: NUM_RUNS })(
    'for every page, position and time, including after rolled-back batches that crossed a checkpoint',
    (moves, probes) => {
      const ledger = ledgerWith(() => new Ledger(), { world: {}, a: {} });
      const model: { amountMinor: bigint; atMs: number; balanceAfterMinor: bigint }[] = [];
      let atMs = 0;
      let balance = 0n;
      let serial = 0;
      for (const m of moves) {
        atMs += m.stepMs;
        const batch = Array.from({ length: m.batch }, () => ({
          id: `t${serial++}`,
          debitAccountId: m.inbound ? 'world' : 'a',
          creditAccountId: m.inbound ? 'a' : 'world',
          amountMinor: m.amountMinor,
          atMs,
        }));
        // A failing batch ends with a transfer to an unknown account: everything before rolls back.
        const sent = m.fails ? [...batch, { id: `t${serial++}`, debitAccountId: 'world', creditAccountId: 'nobody', amountMinor: 1n, atMs }] : batch;
        const result = ledger.createTransfers(sent);
        expect(result.ok).toBe(!m.fails);
        if (m.fails) continue;
        for (let i = 0; i < m.batch; i += 1) {
          const signed = m.inbound ? m.amountMinor : -m.amountMinor;
          balance += signed;
          model.push({ amountMinor: signed, atMs, balanceAfterMinor: balance });
        }
      }
      expect(ledger.rowCount('a')).toBe(model.length);
      expect(ledger.checkInvariants()).toEqual([]);
      for (const p of probes) {
        const page = ledger.rows('a', p.from, p.limit).map((r) => ({ index: r.index, amountMinor: r.amountMinor, atMs: r.effectiveAtMs, balanceAfterMinor: r.balanceAfterMinor }));
        const expected = model.slice(p.from, p.from + p.limit).map((r, i) => ({ index: p.from + i, amountMinor: r.amountMinor, atMs: r.atMs, balanceAfterMinor: r.balanceAfterMinor }));
        expect(page).toEqual(expected);
        const before = model.filter((r) => r.atMs < p.atMs);
        expect(ledger.firstRowAtOrAfter('a', p.atMs)).toBe(before.length);
        expect(ledger.postedBalanceAt('a', p.atMs)).toBe(before.at(-1)?.balanceAfterMinor ?? 0n);
        const until = p.atMs + p.limit;
        expect(ledger.rowsBetween('a', p.atMs, until)).toEqual({ fromIndex: before.length, toIndex: Math.max(before.length, model.filter((r) => r.atMs < until).length) });
      }
    },
  );
});
