/**
 * Issue 16 folded transactions' and stablecoins' own ledger checks into the ledger's dry run
 * (`checkTransfers` in src/domains/movement.ts). Rule held here: on any batch, the answer is the
 * one the old checks gave (test/support/legacy-ledger-checks.ts, verbatim) — the same 400
 * INSUFFICIENT_FUNDS with the same reason and details, the same acceptance — except where the old
 * check was wrong (it accepted a batch the ledger refuses, which evolve would then have thrown
 * on) or asserted a rule of its own flow rather than the ledger's. And the dry run leaves no trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import type { ApiError } from '../../src/core/errors.js';
import type { Result } from '../../src/core/result.js';
import { checkTransfers, type TransferRecord, toTransferSpecs } from '../../src/domains/movement.js';
import { Ledger } from '../../src/ledger/index.js';
import { legacyStablecoinCheck, legacyTransactionsCheck } from '../support/legacy-ledger-checks.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 400);
const AT_MS = 10_000;
const USD_ACCOUNTS = ['world', 'a', 'b', 'c', 'issued'] as const;
const ACCOUNTS = [...USD_ACCOUNTS, 'eur', 'unknown'] as const;

// A ledger with funded no-overdraft accounts (a, b, c), the unlimited world, a credit-limited
// issuance account with room for 300, and holds: H1, H2 open, H3 voided.
function ledgerWithHolds(): Ledger {
  const ledger = new Ledger();
  ledger.openAccount({ id: 'world', currency: 'USD' });
  ledger.openAccount({ id: 'eur', currency: 'EUR' });
  for (const id of ['a', 'b', 'c']) ledger.openAccount({ id, currency: 'USD', flags: { debitsMustNotExceedCredits: true } });
  ledger.openAccount({ id: 'issued', currency: 'USD', flags: { creditsMustNotExceedDebits: true } });
  const posted = (id: string, debitAccountId: string, creditAccountId: string, amountMinor: bigint, pending = false) =>
    ({ id, debitAccountId, creditAccountId, amountMinor, atMs: 1, pending });
  const setup = ledger.createTransfers([
    posted('F1', 'world', 'a', 1000n),
    posted('F2', 'world', 'b', 500n),
    posted('F3', 'issued', 'world', 300n),
    posted('H1', 'a', 'b', 200n, true),
    posted('H2', 'b', 'world', 100n, true),
    posted('H3', 'a', 'world', 50n, true),
    { id: 'V3', pendingId: 'H3', action: 'void', atMs: 1 },
  ]);
  expect(setup.ok).toBe(true);
  return ledger;
}

type Template =
  | { readonly kind: 'new'; readonly pair: readonly [number, number]; readonly amount: number; readonly pending: boolean; readonly reuse: number }
  | { readonly kind: 'resolve'; readonly target: number; readonly post: boolean; readonly amount: number | undefined; readonly reuse: number };

const template: fc.Arbitrary<Template> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('new' as const),
      // Mostly two distinct accounts among world, a, b, c (the batches flows make); now and then
      // any pair: the issuance or EUR account, an unknown one, one account on both sides.
      pair: fc.oneof(
        { weight: 12, arbitrary: fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 3 })).map(([d, k]) => [d, (d + k) % 4] as const) },
        { weight: 2, arbitrary: fc.tuple(fc.nat(ACCOUNTS.length - 1), fc.nat(ACCOUNTS.length - 1)) },
      ),
      amount: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 1_300 }) }, { weight: 1, arbitrary: fc.constant(0) }),
      pending: fc.boolean(),
      reuse: fc.nat(40),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      target: fc.nat(10),
      post: fc.boolean(),
      amount: fc.option(fc.integer({ min: 0, max: 250 }), { nil: undefined }),
      reuse: fc.nat(40),
    }),
  },
);

// Ids B0, B1, ...; now and then one reused (of the batch or of the ledger). A resolution names
// H1..H3, a missing id, or an earlier record of the batch.
function batchOf(templates: readonly Template[]): TransferRecord[] {
  return templates.map((t, i): TransferRecord => {
    const id = t.reuse === 0 ? 'F1' : t.reuse === 1 && i > 0 ? 'B0' : `B${i}`;
    if (t.kind === 'new') {
      return { id, debitAccountId: ACCOUNTS[t.pair[0]]!, creditAccountId: ACCOUNTS[t.pair[1]]!, amountMinor: String(t.amount), ...(t.pending ? { pending: true } : {}) };
    }
    const named = ['H1', 'H2', 'H1', 'H2', 'H3', 'none'];
    const pendingId = t.target < named.length || i === 0 ? named[t.target % named.length]! : `B${t.target % i}`;
    return { id, pendingId, action: t.post ? 'post' : 'void', ...(t.amount === undefined ? {} : { amountMinor: String(t.amount) }) };
  });
}

type Outcome = { readonly kind: 'ok' } | { readonly kind: 'err'; readonly error: ApiError } | { readonly kind: 'throws' };

function outcome(check: () => Result<void, ApiError>): Outcome {
  try {
    const result = check();
    return result.ok ? { kind: 'ok' } : { kind: 'err', error: result.error };
  } catch (error) {
    if (error instanceof InvariantError) return { kind: 'throws' };
    throw error;
  }
}

function ledgerText(ledger: Ledger): string {
  return JSON.stringify(ledger.toSnapshot(), (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

// Rules of the old checks' own flows, not the ledger's: transactions never credit a credit-limited
// account; stablecoin batches resolve whole holds already in the ledger.
const transactionsOnly = (batch: readonly TransferRecord[]) => batch.some((r) => !('pendingId' in r) && r.creditAccountId === 'issued');
const stablecoinsOnly = (batch: readonly TransferRecord[]) =>
  batch.some((r) => 'pendingId' in r && (r.amountMinor !== undefined || batch.some((earlier) => earlier.id === r.pendingId)));

describe.each([
  ['transactions', legacyTransactionsCheck, transactionsOnly],
  ['stablecoins', legacyStablecoinCheck, stablecoinsOnly],
] as const)('checkTransfers answers as %s/ledger-check.ts did', (_name, legacy, ownRule) => {
  it('same INSUFFICIENT_FUNDS (status, code, reason, details) and same acceptance on random batches; differs only where the old check was wrong or its own', () => {
    const seen = { ok: 0, err: 0, throws: 0, oldWrong: 0 };
    const ledger = ledgerWithHolds();
    const before = ledgerText(ledger);
    fc.assert(
      fc.property(fc.array(template, { minLength: 1, maxLength: 5 }), (templates) => {
        const batch = batchOf(templates);
        const old = outcome(() => legacy(ledger, batch));
        const now = outcome(() => checkTransfers(ledger, batch, AT_MS));
        expect(ledgerText(ledger)).toBe(before);
        // A batch that breaks the old check's own flow rule never comes from that flow: it asserted.
        if (old.kind === 'throws' && ownRule(batch)) return;
        seen[now.kind] += 1;
        if (old.kind === 'err' || now.kind === 'err') expect(now).toEqual(old);
        if (old.kind === 'ok' && now.kind !== 'ok') {
          // The old check let through a batch the ledger refuses: evolve would have thrown.
          expect(ledger.checkTransfers(toTransferSpecs(batch, AT_MS)).ok).toBe(false);
          seen.oldWrong += 1;
        }
        expect(old.kind === 'throws' && now.kind === 'ok').toBe(false);
      }),
      { numRuns: RUNS, seed: 16 },
    );
    // The generator reaches every answer, so the comparison above is not vacuous.
    expect(seen.ok).toBeGreaterThan(RUNS / 20);
    expect(seen.err).toBeGreaterThan(RUNS / 20);
    expect(seen.throws).toBeGreaterThan(RUNS / 20);
  });
});

describe('checkTransfers beyond int64', () => {
  it('answers INSUFFICIENT_FUNDS, as before, for a no-overdraft debit the ledger refuses as AMOUNT_OVERFLOW', () => {
    const ledger = ledgerWithHolds();
    const huge = { id: 'B0', debitAccountId: 'a', creditAccountId: 'world', amountMinor: (2n ** 63n).toString() };
    const old = outcome(() => legacyTransactionsCheck(ledger, [huge]));
    expect(old).toMatchObject({ kind: 'err', error: { status: 400, code: 'INSUFFICIENT_FUNDS', details: { accountId: 'a' } } });
    expect(outcome(() => checkTransfers(ledger, [huge], AT_MS))).toEqual(old);
  });
});
