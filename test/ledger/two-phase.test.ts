/**
 * Two-phase transfers: a pending transfer holds, then exactly one resolution: a post (full or
 * partial, the rest released), a void, or expiry. Every resolution refusal code.
 */
import { describe, expect, it } from 'vitest';
import { Ledger, type LedgerError, type ResolveTransferSpec } from '../../src/ledger/index.js';
import { ledgerWith } from './support.js';

/** alice (no overdraft) funded with 1,000 at t=100, then a hold of 400 to merchant at t=200. */
function withHold(timeoutAtMs?: number): Ledger {
  const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: { noOverdraft: true }, merchant: {} });
  const created = ledger.createTransfers([
    { id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1_000n, atMs: 100 },
    {
      id: 'hold',
      debitAccountId: 'alice',
      creditAccountId: 'merchant',
      amountMinor: 400n,
      atMs: 200,
      pending: true,
      transactionId: 'card-auth-1',
      ...(timeoutAtMs === undefined ? {} : { timeoutAtMs }),
    },
  ]);
  expect(created.ok).toBe(true);
  return ledger;
}

function refusal(ledger: Ledger, spec: ResolveTransferSpec): LedgerError | undefined {
  const result = ledger.createTransfers([spec]);
  return result.ok ? undefined : result.error.error;
}

describe('a pending transfer', () => {
  it('holds the amount in the pending counters and makes no row', () => {
    const ledger = withHold(900);
    expect(ledger.account('alice')).toMatchObject({ debitsPending: 400n, debitsPosted: 0n, creditsPosted: 1_000n });
    expect(ledger.account('merchant')).toMatchObject({ creditsPending: 400n, creditsPosted: 0n });
    expect(ledger.balance('alice')).toEqual({ postedMinor: 1_000n, availableMinor: 600n, totalMinor: 1_000n });
    expect(ledger.balance('merchant')).toEqual({ postedMinor: 0n, availableMinor: 0n, totalMinor: 400n });
    expect(ledger.rowCount('merchant')).toBe(0);
    expect(ledger.rowCount('alice')).toBe(1);
    expect(ledger.transfer('hold')).toEqual({
      id: 'hold',
      kind: 'pending',
      status: 'open',
      debitAccountId: 'alice',
      creditAccountId: 'merchant',
      currency: 'USD',
      amountMinor: 400n,
      atMs: 200,
      timeoutAtMs: 900,
      transactionId: 'card-auth-1',
    });
    expect([...ledger.pendingTransfers()].map((t) => t.id)).toEqual(['hold']);
    expect(ledger.pendingCount).toBe(1);
  });
});

describe('the first hold of a long log', () => {
  // The hold columns (status, timeout, resolved hold) are made when the first hold comes, at the
  // table's capacity then: here after the table has grown several times with posted transfers.
  it('is held, resolved and expired like any other, and survives a snapshot', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, merchant: {} });
    for (let i = 0; i < 5_000; i += 1) {
      expect(ledger.createTransfers([{ id: `fund-${i}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: i }]).ok).toBe(true);
    }
    const hold = (id: string, timeoutAtMs: number) => ({ id, debitAccountId: 'alice', creditAccountId: 'merchant', amountMinor: 10n, atMs: 6_000, pending: true as const, timeoutAtMs });
    expect(ledger.createTransfers([hold('hold-a', 7_000), hold('hold-b', 9_000)]).ok).toBe(true);
    expect(ledger.postPending({ id: 'capture-a', pendingId: 'hold-a', amountMinor: 4n, atMs: 6_500 })).toEqual({ ok: true, value: undefined });
    expect(ledger.expirePending(9_000)).toEqual(['hold-b']);
    expect(ledger.transfer('hold-a')).toMatchObject({ status: 'posted', timeoutAtMs: 7_000 });
    expect(ledger.transfer('capture-a')).toMatchObject({ kind: 'post', pendingId: 'hold-a', amountMinor: 4n });
    expect(ledger.balance('merchant')).toEqual({ postedMinor: 4n, availableMinor: 4n, totalMinor: 4n });
    expect(ledger.checkInvariants()).toEqual([]);
    const copy = Ledger.fromSnapshot(ledger.toSnapshot());
    expect(copy.toSnapshot()).toEqual(ledger.toSnapshot());
    expect(copy.transfer('hold-b')).toMatchObject({ status: 'expired', timeoutAtMs: 9_000 });
  });
});

describe('postPending', () => {
  it('posts in full by default: the hold becomes posted, rows appear at posting time', () => {
    const ledger = withHold();
    expect(ledger.postPending({ id: 'capture', pendingId: 'hold', atMs: 300 })).toEqual({ ok: true, value: undefined });
    expect(ledger.account('alice')).toMatchObject({ debitsPending: 0n, debitsPosted: 400n });
    expect(ledger.account('merchant')).toMatchObject({ creditsPending: 0n, creditsPosted: 400n });
    expect(ledger.rows('merchant', 0, 10)).toEqual([
      // The post inherits the pending transfer's transactionId.
      { index: 0, transferId: 'capture', transactionId: 'card-auth-1', amountMinor: 400n, effectiveAtMs: 300, balanceAfterMinor: 400n },
    ]);
    expect(ledger.rows('alice', 1, 10)).toEqual([
      { index: 1, transferId: 'capture', transactionId: 'card-auth-1', amountMinor: -400n, effectiveAtMs: 300, balanceAfterMinor: 600n },
    ]);
    expect(ledger.transfer('hold')).toMatchObject({ status: 'posted' });
    expect(ledger.transfer('capture')).toEqual({
      id: 'capture',
      kind: 'post',
      pendingId: 'hold',
      debitAccountId: 'alice',
      creditAccountId: 'merchant',
      currency: 'USD',
      amountMinor: 400n,
      atMs: 300,
      transactionId: 'card-auth-1',
    });
    expect(ledger.pendingCount).toBe(0);
    expect(ledger.checkInvariants()).toEqual([]);
  });

  it('posts in part and releases the unposted remainder', () => {
    const ledger = withHold();
    expect(ledger.postPending({ id: 'capture', pendingId: 'hold', amountMinor: 150n, atMs: 300, transactionId: 'settle-9' }).ok).toBe(true);
    expect(ledger.account('alice')).toMatchObject({ debitsPending: 0n, debitsPosted: 150n });
    expect(ledger.balance('alice')).toEqual({ postedMinor: 850n, availableMinor: 850n, totalMinor: 850n });
    expect(ledger.balance('merchant')).toEqual({ postedMinor: 150n, availableMinor: 150n, totalMinor: 150n });
    expect(ledger.rows('merchant', 0, 10)).toEqual([
      { index: 0, transferId: 'capture', transactionId: 'settle-9', amountMinor: 150n, effectiveAtMs: 300, balanceAfterMinor: 150n },
    ]);
    expect(ledger.transfer('capture')).toMatchObject({ kind: 'post', amountMinor: 150n, transactionId: 'settle-9' });
  });

  it('is the only resolution: a second post, or a void, is PENDING_ALREADY_RESOLVED (posted)', () => {
    const ledger = withHold();
    ledger.postPending({ id: 'capture', pendingId: 'hold', amountMinor: 1n, atMs: 300 });
    const error = { code: 'PENDING_ALREADY_RESOLVED', pendingId: 'hold', resolution: 'posted' };
    expect(ledger.postPending({ id: 'again', pendingId: 'hold', atMs: 301 })).toEqual({ ok: false, error: { ...error, transferId: 'again' } });
    expect(ledger.voidPending({ id: 'undo', pendingId: 'hold', atMs: 301 })).toEqual({ ok: false, error: { ...error, transferId: 'undo' } });
  });
});

describe('voidPending', () => {
  it('releases the whole hold, makes no row, and is recorded as a void transfer', () => {
    const ledger = withHold();
    expect(ledger.voidPending({ id: 'release', pendingId: 'hold', atMs: 300 })).toEqual({ ok: true, value: undefined });
    expect(ledger.balance('alice')).toEqual({ postedMinor: 1_000n, availableMinor: 1_000n, totalMinor: 1_000n });
    expect(ledger.balance('merchant')).toEqual({ postedMinor: 0n, availableMinor: 0n, totalMinor: 0n });
    expect(ledger.rowCount('merchant')).toBe(0);
    expect(ledger.transfer('release')).toMatchObject({ kind: 'void', pendingId: 'hold', amountMinor: 400n });
    expect(ledger.transfer('hold')).toMatchObject({ status: 'voided' });
    expect(ledger.postPending({ id: 'late', pendingId: 'hold', atMs: 301 })).toEqual({
      ok: false,
      error: { code: 'PENDING_ALREADY_RESOLVED', transferId: 'late', pendingId: 'hold', resolution: 'voided' },
    });
  });

  it('accepts the pending amount when named, and refuses any other with VOID_AMOUNT_MISMATCH', () => {
    const ledger = withHold();
    expect(refusal(ledger, { id: 'v', pendingId: 'hold', action: 'void', amountMinor: 399n, atMs: 300 })).toEqual({
      code: 'VOID_AMOUNT_MISMATCH',
      transferId: 'v',
      pendingId: 'hold',
      amountMinor: 399n,
      pendingAmountMinor: 400n,
    });
    expect(ledger.createTransfers([{ id: 'v', pendingId: 'hold', action: 'void', amountMinor: 400n, atMs: 300 }]).ok).toBe(true);
  });
});

describe('expirePending', () => {
  it('voids every hold whose timeout is at or before now, in timeout then creation order', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, shop: {} });
    const hold = (id: string, atMs: number, timeoutAtMs?: number) =>
      ledger.createTransfers([
        { id, debitAccountId: 'world', creditAccountId: 'shop', amountMinor: 10n, atMs, pending: true, ...(timeoutAtMs === undefined ? {} : { timeoutAtMs }) },
      ]);
    hold('late', 1, 50);
    hold('early-b', 2, 30);
    hold('never', 3);
    hold('early-a', 4, 30);
    hold('far', 5, 1_000);
    expect(ledger.expirePending(29)).toEqual([]);
    expect(ledger.expirePending(50)).toEqual(['early-b', 'early-a', 'late']);
    expect(ledger.expirePending(50)).toEqual([]);
    expect(ledger.transfer('late')).toMatchObject({ status: 'expired' });
    expect([...ledger.pendingTransfers()].map((t) => t.id)).toEqual(['never', 'far']);
    expect(ledger.balance('shop')).toEqual({ postedMinor: 0n, availableMinor: 0n, totalMinor: 20n });
    expect(ledger.rowCount('shop')).toBe(0);
    expect(ledger.checkInvariants()).toEqual([]);
  });

  it('skips holds resolved before their timeout', () => {
    const ledger = withHold(900);
    ledger.postPending({ id: 'capture', pendingId: 'hold', atMs: 300 });
    expect(ledger.expirePending(10_000)).toEqual([]);
    expect(ledger.account('alice')).toMatchObject({ debitsPending: 0n, debitsPosted: 400n });
  });

  it('does not move the accounts’ clocks (expiry is not a transfer)', () => {
    const ledger = withHold(900);
    expect(ledger.expirePending(5_000)).toEqual(['hold']);
    expect(ledger.createTransfers([{ id: 'after', debitAccountId: 'alice', creditAccountId: 'merchant', amountMinor: 1n, atMs: 250 }]).ok).toBe(true);
  });

  it('makes later resolutions PENDING_ALREADY_RESOLVED (expired)', () => {
    const ledger = withHold(900);
    ledger.expirePending(900);
    expect(refusal(ledger, { id: 'capture', pendingId: 'hold', action: 'post', atMs: 950 })).toEqual({
      code: 'PENDING_ALREADY_RESOLVED',
      transferId: 'capture',
      pendingId: 'hold',
      resolution: 'expired',
    });
  });

  it('counts a hold as expired at its timeout even before expirePending ran', () => {
    const ledger = withHold(900);
    expect(refusal(ledger, { id: 'capture', pendingId: 'hold', action: 'post', atMs: 900 })?.code).toBe('PENDING_ALREADY_RESOLVED');
    expect(ledger.createTransfers([{ id: 'capture', pendingId: 'hold', action: 'post', atMs: 899 }]).ok).toBe(true);
  });
});

describe('refusals of a resolution', () => {
  const cases: readonly [string, ResolveTransferSpec, LedgerError][] = [
    ['TRANSFER_EXISTS: the resolution’s own id is taken', { id: 'fund', pendingId: 'hold', action: 'post', atMs: 300 }, { code: 'TRANSFER_EXISTS', transferId: 'fund' }],
    ['PENDING_NOT_FOUND: no such transfer', { id: 'r', pendingId: 'nope', action: 'post', atMs: 300 }, { code: 'PENDING_NOT_FOUND', transferId: 'r', pendingId: 'nope' }],
    ['PENDING_NOT_FOUND: a posted transfer is not pending', { id: 'r', pendingId: 'fund', action: 'void', atMs: 300 }, { code: 'PENDING_NOT_FOUND', transferId: 'r', pendingId: 'fund' }],
    ['AMOUNT_NOT_POSITIVE: posting zero', { id: 'r', pendingId: 'hold', action: 'post', amountMinor: 0n, atMs: 300 }, { code: 'AMOUNT_NOT_POSITIVE', transferId: 'r', amountMinor: 0n }],
    [
      'AMOUNT_EXCEEDS_PENDING: posting more than held',
      { id: 'r', pendingId: 'hold', action: 'post', amountMinor: 401n, atMs: 300 },
      { code: 'AMOUNT_EXCEEDS_PENDING', transferId: 'r', pendingId: 'hold', amountMinor: 401n, pendingAmountMinor: 400n },
    ],
    [
      'TIME_WENT_BACKWARDS: before the pending transfer’s own time',
      { id: 'r', pendingId: 'hold', action: 'post', atMs: 199 },
      { code: 'TIME_WENT_BACKWARDS', transferId: 'r', accountId: 'alice', atMs: 199, lastAtMs: 200 },
    ],
  ];

  it.each(cases)('%s', (_name, spec, expected) => {
    const ledger = withHold(900);
    const before = ledger.toSnapshot();
    expect(refusal(ledger, spec)).toEqual(expected);
    expect(ledger.toSnapshot()).toEqual(before);
  });

  it('checks in a fixed order: TRANSFER_EXISTS, PENDING_NOT_FOUND, PENDING_ALREADY_RESOLVED, amount, time', () => {
    const ledger = withHold(900);
    ledger.voidPending({ id: 'v', pendingId: 'hold', atMs: 300 });
    expect(refusal(ledger, { id: 'fund', pendingId: 'nope', action: 'post', atMs: 0 })?.code).toBe('TRANSFER_EXISTS');
    expect(refusal(ledger, { id: 'r', pendingId: 'nope', action: 'post', amountMinor: 0n, atMs: 0 })?.code).toBe('PENDING_NOT_FOUND');
    expect(refusal(ledger, { id: 'r', pendingId: 'hold', action: 'post', amountMinor: 0n, atMs: 0 })?.code).toBe('PENDING_ALREADY_RESOLVED');
    const open = withHold(900);
    expect(refusal(open, { id: 'r', pendingId: 'hold', action: 'post', amountMinor: 500n, atMs: 0 })?.code).toBe('AMOUNT_EXCEEDS_PENDING');
  });
});
