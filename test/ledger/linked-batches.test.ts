/**
 * Linked batches: each transfer sees the state left by the ones before it, and a refusal at any
 * index undoes the whole batch (counters, rows, transfers, ids, holds and their resolutions).
 */
import { describe, expect, it } from 'vitest';
import { test } from '@fast-check/vitest';
import { InvariantError } from '../../src/core/assert.js';
import { LEDGER_BATCH_MAX, Ledger, type TransferSpec } from '../../src/ledger/index.js';
import { NUM_RUNS, START_MS, applyHistory, applyOp, batchOpArb, dumpLedger, historyArb, ledgerWith, probeTimes } from './support.js';

/** world, two customers without overdraft (alice funded 1,000), fx liquidity in USD and EUR. */
function fixture(): Ledger {
  const ledger = ledgerWith(() => new Ledger(), {
    'acct-0': {},
    'acct-1': { noOverdraft: true },
    'acct-2': { noOverdraft: true },
    'acct-3': { currency: 'EUR' },
    'acct-4': { currency: 'EUR', noOverdraft: true },
  });
  const setup = ledger.createTransfers([
    { id: 'tr-fund', debitAccountId: 'acct-0', creditAccountId: 'acct-1', amountMinor: 1_000n, atMs: 100 },
    { id: 'tr-old-hold', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 100n, atMs: 110, pending: true, timeoutAtMs: 10_000 },
  ]);
  expect(setup.ok).toBe(true);
  return ledger;
}

// A cross-currency payment: alice pays 300 USD into liquidity, liquidity pays 270 EUR out.
const payment: readonly TransferSpec[] = [
  { id: 'tr-in', debitAccountId: 'acct-1', creditAccountId: 'acct-0', amountMinor: 300n, atMs: 200, transactionId: 'pay' },
  { id: 'tr-out', debitAccountId: 'acct-3', creditAccountId: 'acct-4', amountMinor: 270n, atMs: 200, transactionId: 'pay' },
  { id: 'tr-hold', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 50n, atMs: 200, pending: true, timeoutAtMs: 5_000 },
  { id: 'tr-capture', pendingId: 'tr-hold', action: 'post', amountMinor: 20n, atMs: 200 },
  { id: 'tr-release-old', pendingId: 'tr-old-hold', action: 'void', atMs: 200 },
];

const everything = (ledger: Ledger) => ({ snapshot: ledger.toSnapshot(), dump: dumpLedger(ledger, probeTimes(0, 10_000)) });

describe('a linked batch', () => {
  it('applies every transfer when all succeed, each seeing the ones before it', () => {
    const ledger = fixture();
    expect(ledger.createTransfers(payment)).toEqual({ ok: true, value: undefined });
    expect(ledger.balance('acct-1')).toEqual({ postedMinor: 680n, availableMinor: 680n, totalMinor: 680n });
    expect(ledger.balance('acct-2')).toEqual({ postedMinor: 20n, availableMinor: 20n, totalMinor: 20n });
    expect(ledger.balance('acct-4')?.postedMinor).toBe(270n);
    expect(ledger.transfer('tr-hold')).toMatchObject({ status: 'posted' });
    expect(ledger.transfer('tr-old-hold')).toMatchObject({ status: 'voided' });
    expect(ledger.checkInvariants()).toEqual([]);
  });

  // Each row breaks the batch at a different index; nothing of it may remain.
  it.each([
    [0, { id: 'tr-in', debitAccountId: 'acct-1', creditAccountId: 'acct-0', amountMinor: 5_000n, atMs: 200 }, 'EXCEEDS_CREDITS'],
    [1, { id: 'tr-out', debitAccountId: 'acct-3', creditAccountId: 'acct-1', amountMinor: 270n, atMs: 200 }, 'CURRENCY_MISMATCH'],
    [2, { id: 'tr-fund', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 50n, atMs: 200, pending: true }, 'TRANSFER_EXISTS'],
    [3, { id: 'tr-capture', pendingId: 'tr-hold', action: 'post', amountMinor: 51n, atMs: 200 }, 'AMOUNT_EXCEEDS_PENDING'],
    [4, { id: 'tr-release-old', pendingId: 'tr-hold', action: 'void', atMs: 200 }, 'PENDING_ALREADY_RESOLVED'],
  ] as const)('rolls back entirely when the transfer at index %i fails (%s)', (index, broken, code) => {
    const ledger = fixture();
    const rowsSeen = ledger.rows('acct-1', 0, 100); // index rows before, so the rollback must not disturb them
    const before = everything(ledger);
    const batch = payment.map((spec, i) => (i === index ? broken : spec));
    const result = ledger.createTransfers(batch);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.index).toBe(index);
    expect(result.error.error.code).toBe(code);
    expect(everything(ledger)).toEqual(before);
    expect(ledger.rows('acct-1', 0, 100)).toEqual(rowsSeen);
    expect(ledger.checkInvariants()).toEqual([]);
    // The ids of the refused batch are free again, and the old hold is still open and resolvable.
    expect(ledger.createTransfers(payment)).toEqual({ ok: true, value: undefined });
    expect(ledger.checkInvariants()).toEqual([]);
  });

  it('rolls back a batch that saved more accounts than its first scratch holds, and the next one too', () => {
    // The batch's saved counters and numbers sit in typed arrays grown on demand (8 accounts
    // first): a refused batch over 40 accounts must restore every one of them, from a grown
    // scratch, and a later refused batch must restore its own accounts, not stale copies.
    const ids = Array.from({ length: 40 }, (_, k) => `acct-${k}`);
    const ledger = ledgerWith(() => new Ledger(), Object.fromEntries(ids.map((id, k) => [id, k === 39 ? { noOverdraft: true } : {}])));
    // Funded one transfer at a time (no batch): the refused batch below is the first to grow the scratch.
    for (const [k, id] of ids.slice(1).entries()) {
      expect(ledger.createTransfers([{ id: `tr-fund-${k}`, debitAccountId: ids[0]!, creditAccountId: id, amountMinor: BigInt(k + 1), atMs: 50 + k }]).ok).toBe(true);
    }
    for (const round of [0, 1]) {
      const before = everything(ledger);
      // A chain through every account, then an overdraft of the last one: refused at the end.
      const chain: TransferSpec[] = ids.slice(0, -1).map((id, k) => ({ id: `tr-${round}-${k}`, debitAccountId: id, creditAccountId: ids[k + 1]!, amountMinor: 7n, atMs: 200 + 200 * round }));
      chain.push({ id: `tr-${round}-over`, debitAccountId: ids[39]!, creditAccountId: ids[0]!, amountMinor: 1_000_000n, atMs: 200 + 200 * round });
      const result = ledger.createTransfers(chain);
      expect(result.ok ? undefined : result.error).toMatchObject({ index: 39, error: { code: 'EXCEEDS_CREDITS' } });
      expect(everything(ledger)).toEqual(before);
      expect(ledger.checkInvariants()).toEqual([]);
      // Something changes between the rounds, so that stale saved copies would show.
      expect(ledger.createTransfers([{ id: `tr-between-${round}`, debitAccountId: ids[0]!, creditAccountId: ids[20]!, amountMinor: 3n, atMs: 300 + 200 * round }]).ok).toBe(true);
    }
  });

  it('leaves no expiry behind for a hold created by a refused batch', () => {
    const ledger = fixture();
    const refused = ledger.createTransfers([
      { id: 'tr-doomed', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 5n, atMs: 200, pending: true, timeoutAtMs: 300 },
      { id: 'tr-bad', debitAccountId: 'acct-0', creditAccountId: 'nobody', amountMinor: 5n, atMs: 200 },
    ]);
    expect(refused.ok).toBe(false);
    // Reuse the index the doomed hold had, with a later timeout: the stale entry must not expire it.
    expect(ledger.createTransfers([{ id: 'tr-kept', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 5n, atMs: 200, pending: true, timeoutAtMs: 400 }]).ok).toBe(true);
    expect(ledger.expirePending(300)).toEqual([]);
    expect(ledger.expirePending(400)).toEqual(['tr-kept']);
  });

  it('restores a hold resolved inside a refused batch to open, in creation order', () => {
    const ledger = fixture();
    ledger.createTransfers([{ id: 'tr-new-hold', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 5n, atMs: 150, pending: true }]);
    const refused = ledger.createTransfers([
      { id: 'tr-v', pendingId: 'tr-old-hold', action: 'void', atMs: 200 },
      { id: 'tr-x', debitAccountId: 'acct-2', creditAccountId: 'acct-1', amountMinor: 1n, atMs: 200 },
    ]);
    expect(refused.ok).toBe(false);
    expect([...ledger.pendingTransfers()].map((t) => t.id)).toEqual(['tr-old-hold', 'tr-new-hold']);
    expect(ledger.account('acct-1')).toMatchObject({ debitsPending: 100n });
  });

  it('can create a hold and resolve it in the same batch', () => {
    const ledger = fixture();
    const result = ledger.createTransfers([
      { id: 'tr-h', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 10n, atMs: 200, pending: true },
      { id: 'tr-v', pendingId: 'tr-h', action: 'void', atMs: 200 },
    ]);
    expect(result.ok).toBe(true);
    expect(ledger.transfer('tr-h')).toMatchObject({ status: 'voided' });
  });

  it('rejects a duplicate id inside the batch itself', () => {
    const ledger = fixture();
    const spec = { id: 'tr-twice', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 1n, atMs: 200 } as const;
    expect(ledger.createTransfers([spec, spec])).toEqual({ ok: false, error: { index: 1, error: { code: 'TRANSFER_EXISTS', transferId: 'tr-twice' } } });
    expect(ledger.transfer('tr-twice')).toBeUndefined();
  });

  it('is an empty success for an empty batch', () => {
    const ledger = fixture();
    const before = ledger.toSnapshot();
    expect(ledger.createTransfers([])).toEqual({ ok: true, value: undefined });
    expect(ledger.toSnapshot()).toEqual(before);
  });

  it('asserts the batch bound LEDGER_BATCH_MAX (a larger batch is a caller bug)', () => {
    const ledger = fixture();
    const spec = (i: number): TransferSpec => ({ id: `tr-b${i}`, debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 1n, atMs: 200 });
    expect(ledger.createTransfers(Array.from({ length: LEDGER_BATCH_MAX }, (_, i) => spec(i))).ok).toBe(true);
    expect(() => ledger.createTransfers(Array.from({ length: LEDGER_BATCH_MAX + 1 }, (_, i) => spec(LEDGER_BATCH_MAX + i)))).toThrow(InvariantError);
    expect(ledger.transferCount).toBe(2 + LEDGER_BATCH_MAX);
  });

  it('rolls back even when a caller bug throws in the middle of the batch', () => {
    const ledger = fixture();
    const before = ledger.toSnapshot();
    expect(() =>
      ledger.createTransfers([
        { id: 'tr-ok', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 1n, atMs: 200 },
        { id: 'tr-nan', debitAccountId: 'acct-0', creditAccountId: 'acct-2', amountMinor: 1n, atMs: Number.NaN },
      ]),
    ).toThrow(InvariantError);
    expect(ledger.toSnapshot()).toEqual(before);
  });
});

describe('rows a rolled-back batch leaves behind', () => {
  // Columns that belong to some kinds only (a hold's status and timeout, a resolution's pending
  // transfer) are not cleared on rollback: readers must look at a row's kind first, and a new
  // hold must write its own timeout even when it has none.
  it('do not leak into the transfers that take their places', () => {
    const ledger = fixture();
    // Rows 2-6: two posted, a hold with timeout 5,000 (row 4), its post (row 5), a void (row 6).
    expect(ledger.checkTransfers(payment)).toEqual({ ok: true, value: undefined });
    const reuse: TransferSpec[] = [
      { id: 'n-posted-a', debitAccountId: 'acct-0', creditAccountId: 'acct-1', amountMinor: 1n, atMs: 300 },
      { id: 'n-posted-b', debitAccountId: 'acct-0', creditAccountId: 'acct-1', amountMinor: 1n, atMs: 300 },
      { id: 'n-hold', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 10n, atMs: 300, pending: true },
      { id: 'n-posted-c', debitAccountId: 'acct-0', creditAccountId: 'acct-1', amountMinor: 1n, atMs: 300 },
      { id: 'n-hold-2', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 10n, atMs: 300, pending: true },
    ];
    for (const spec of reuse) expect(ledger.createTransfers([spec]).ok).toBe(true);
    expect(ledger.transfer('n-posted-c')).toEqual({ id: 'n-posted-c', kind: 'posted', debitAccountId: 'acct-0', creditAccountId: 'acct-1', currency: 'USD', amountMinor: 1n, atMs: 300 });
    expect(ledger.transfer('n-hold')).toEqual({ id: 'n-hold', kind: 'pending', status: 'open', debitAccountId: 'acct-1', creditAccountId: 'acct-2', currency: 'USD', amountMinor: 10n, atMs: 300 });
    // Past the rolled-back hold's timeout: a hold without one is still open.
    expect(ledger.expirePending(9_000)).toEqual([]);
    expect(ledger.postPending({ id: 'n-capture', pendingId: 'n-hold', atMs: 9_000 })).toEqual({ ok: true, value: undefined });
    expect(ledger.transfer('n-hold-2')).toMatchObject({ status: 'open' });
    expect(ledger.checkInvariants()).toEqual([]);
    const copy = Ledger.fromSnapshot(ledger.toSnapshot());
    expect(everything(copy)).toEqual(everything(ledger));
  });
});

describe('checkTransfers (a dry run)', () => {
  test.prop([historyArb, batchOpArb], { numRuns: NUM_RUNS })('answers what createTransfers answers, and changes nothing', (history, batch) => {
    const ledger = new Ledger();
    const clockMs = applyHistory(ledger, history);
    const times = probeTimes(START_MS, clockMs + 200);
    const before = { snapshot: ledger.toSnapshot(), dump: dumpLedger(ledger, times) };
    const applied = Ledger.fromSnapshot(before.snapshot);
    const untouched = Ledger.fromSnapshot(before.snapshot);
    const checker = { ...wrap(ledger), createTransfers: (specs: readonly TransferSpec[]) => ledger.checkTransfers(specs) };
    const checked = applyOp(checker, batch, clockMs).outcome;
    expect({ snapshot: ledger.toSnapshot(), dump: dumpLedger(ledger, times) }).toEqual(before);
    expect(applyOp(applied, batch, clockMs).outcome).toEqual(checked);
    // Nothing of the dry run is left to expire later, either.
    expect(ledger.expirePending(Number.POSITIVE_INFINITY)).toEqual(untouched.expirePending(Number.POSITIVE_INFINITY));
    expect(ledger.checkInvariants()).toEqual([]);
  });

  it('checks a single transfer too', () => {
    const ledger = fixture();
    const spec = { id: 'tr-x', debitAccountId: 'acct-1', creditAccountId: 'acct-2', amountMinor: 5_000n, atMs: 200 } as const;
    expect(ledger.checkTransfers([spec])).toEqual(ledger.createTransfers([spec]));
    expect(ledger.checkTransfers([{ ...spec, amountMinor: 5n }])).toEqual({ ok: true, value: undefined });
    expect(ledger.transfer('tr-x')).toBeUndefined();
  });
});

// The ledger's calls as a LedgerLike whose createTransfers can be swapped.
function wrap(ledger: Ledger) {
  return {
    openAccount: ledger.openAccount.bind(ledger),
    createTransfers: ledger.createTransfers.bind(ledger),
    expirePending: ledger.expirePending.bind(ledger),
    pendingTransfers: ledger.pendingTransfers.bind(ledger),
  };
}
