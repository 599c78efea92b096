/**
 * New transfers (posted and pending): every refusal code, the fixed order in which checks run,
 * the limit flags (pending debits count), int64 overflow, and time per account.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { LEDGER_AMOUNT_MAX, Ledger, type LedgerError, type NewTransferSpec } from '../../src/ledger/index.js';
import { ledgerWith } from './support.js';

/** world (no limits), alice and bob (no overdraft), euro (EUR), cap (credits limited). */
function fixture(): Ledger {
  const ledger = ledgerWith(() => new Ledger(), {
    world: {},
    alice: { noOverdraft: true },
    bob: { noOverdraft: true },
    euro: { currency: 'EUR' },
    cap: { noOverCredit: true },
  });
  const funded = ledger.createTransfers([{ id: 'fund', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1_000n, atMs: 100 }]);
  expect(funded.ok).toBe(true);
  return ledger;
}

const base: NewTransferSpec = { id: 'new', debitAccountId: 'alice', creditAccountId: 'bob', amountMinor: 10n, atMs: 200 };

function refusal(ledger: Ledger, spec: NewTransferSpec): LedgerError | undefined {
  const result = ledger.createTransfers([spec]);
  return result.ok ? undefined : result.error.error;
}

describe('a posted transfer', () => {
  it('moves the amount: debitsPosted on the debit side, creditsPosted on the credit side, one row each', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ ...base, transactionId: 'pay-1' }])).toEqual({ ok: true, value: undefined });
    expect(ledger.account('alice')).toMatchObject({ debitsPosted: 10n, creditsPosted: 1_000n, debitsPending: 0n, creditsPending: 0n });
    expect(ledger.account('bob')).toMatchObject({ creditsPosted: 10n, debitsPosted: 0n });
    expect(ledger.rows('bob', 0, 10)).toEqual([
      { index: 0, transferId: 'new', transactionId: 'pay-1', amountMinor: 10n, effectiveAtMs: 200, balanceAfterMinor: 10n },
    ]);
    expect(ledger.transfer('new')).toEqual({
      id: 'new',
      kind: 'posted',
      debitAccountId: 'alice',
      creditAccountId: 'bob',
      currency: 'USD',
      amountMinor: 10n,
      atMs: 200,
      transactionId: 'pay-1',
    });
  });

  it('is the same through applyPostedTransfer (the replay fast path) as through createTransfers', () => {
    const viaBatch = fixture();
    const viaFastPath = fixture();
    const specs: NewTransferSpec[] = [
      base,
      { ...base, id: 'again' },
      { ...base, id: 'too-much', amountMinor: 5_000n },
      base,
      { ...base, id: 'timed', timeoutAtMs: 9_000 },
      { ...base, id: 'zero', amountMinor: 0n },
      { ...base, id: 'self', creditAccountId: 'alice' },
      { ...base, id: 'early', atMs: 50 },
    ];
    const codes = ['ok', 'ok', 'EXCEEDS_CREDITS', 'TRANSFER_EXISTS', 'INVALID_TIMEOUT', 'AMOUNT_NOT_POSITIVE', 'SAME_ACCOUNT', 'TIME_WENT_BACKWARDS'];
    const batchResults = specs.map((s) => viaBatch.createTransfers([s]));
    const fastResults = specs.map((s) => viaFastPath.applyPostedTransfer(s));
    expect(fastResults.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(codes);
    expect(batchResults.map((r) => (r.ok ? 'ok' : r.error.error.code))).toEqual(codes);
    expect(fastResults.map((r) => (r.ok ? undefined : r.error))).toEqual(batchResults.map((r) => (r.ok ? undefined : r.error.error)));
    expect(viaFastPath.toSnapshot()).toEqual(viaBatch.toSnapshot());
  });

  it('refuses a pending spec on the posted-only fast path as a caller bug', () => {
    expect(() => fixture().applyPostedTransfer({ ...base, pending: true })).toThrow(InvariantError);
  });
});

describe('refusals of a new transfer, one code each, with the fields that explain it', () => {
  const cases: readonly [string, (l: Ledger) => void, NewTransferSpec, LedgerError][] = [
    ['TRANSFER_EXISTS: the id is taken forever', () => {}, { ...base, id: 'fund' }, { code: 'TRANSFER_EXISTS', transferId: 'fund' }],
    ['AMOUNT_NOT_POSITIVE: zero', () => {}, { ...base, amountMinor: 0n }, { code: 'AMOUNT_NOT_POSITIVE', transferId: 'new', amountMinor: 0n }],
    ['AMOUNT_NOT_POSITIVE: negative', () => {}, { ...base, amountMinor: -1n }, { code: 'AMOUNT_NOT_POSITIVE', transferId: 'new', amountMinor: -1n }],
    ['INVALID_TIMEOUT: a timeout on a posted transfer', () => {}, { ...base, timeoutAtMs: 300 }, { code: 'INVALID_TIMEOUT', transferId: 'new', pending: false, atMs: 200, timeoutAtMs: 300 }],
    ['INVALID_TIMEOUT: a timeout not after the transfer', () => {}, { ...base, pending: true, timeoutAtMs: 200 }, { code: 'INVALID_TIMEOUT', transferId: 'new', pending: true, atMs: 200, timeoutAtMs: 200 }],
    ['INVALID_TIMEOUT: an infinite timeout', () => {}, { ...base, pending: true, timeoutAtMs: Infinity }, { code: 'INVALID_TIMEOUT', transferId: 'new', pending: true, atMs: 200, timeoutAtMs: Infinity }],
    ['SAME_ACCOUNT', () => {}, { ...base, creditAccountId: 'alice' }, { code: 'SAME_ACCOUNT', transferId: 'new', accountId: 'alice' }],
    ['ACCOUNT_NOT_FOUND: debit side', () => {}, { ...base, debitAccountId: 'ghost' }, { code: 'ACCOUNT_NOT_FOUND', transferId: 'new', accountId: 'ghost', side: 'debit' }],
    ['ACCOUNT_NOT_FOUND: credit side', () => {}, { ...base, creditAccountId: 'ghost' }, { code: 'ACCOUNT_NOT_FOUND', transferId: 'new', accountId: 'ghost', side: 'credit' }],
    [
      'CURRENCY_MISMATCH',
      () => {},
      { ...base, creditAccountId: 'euro' },
      { code: 'CURRENCY_MISMATCH', transferId: 'new', debitAccountId: 'alice', debitCurrency: 'USD', creditAccountId: 'euro', creditCurrency: 'EUR' },
    ],
    ['TIME_WENT_BACKWARDS: before the debit account’s last transfer', () => {}, { ...base, atMs: 99 }, { code: 'TIME_WENT_BACKWARDS', transferId: 'new', accountId: 'alice', atMs: 99, lastAtMs: 100 }],
    [
      'TIME_WENT_BACKWARDS: before the credit account’s last transfer',
      (l) => l.createTransfers([{ id: 'late', debitAccountId: 'world', creditAccountId: 'bob', amountMinor: 1n, atMs: 500 }]),
      { ...base, atMs: 400 },
      { code: 'TIME_WENT_BACKWARDS', transferId: 'new', accountId: 'bob', atMs: 400, lastAtMs: 500 },
    ],
    [
      'EXCEEDS_CREDITS: a debit beyond creditsPosted on a no-overdraft account',
      () => {},
      { ...base, amountMinor: 1_001n },
      { code: 'EXCEEDS_CREDITS', transferId: 'new', accountId: 'alice', amountMinor: 1_001n, availableMinor: 1_000n },
    ],
    [
      'EXCEEDS_DEBITS: a credit beyond debitsPosted on a credits-limited account',
      () => {},
      { ...base, debitAccountId: 'world', creditAccountId: 'cap' },
      { code: 'EXCEEDS_DEBITS', transferId: 'new', accountId: 'cap', amountMinor: 10n, availableMinor: 0n },
    ],
    [
      'AMOUNT_OVERFLOW: an amount beyond int64',
      () => {},
      { ...base, debitAccountId: 'world', amountMinor: LEDGER_AMOUNT_MAX + 1n },
      { code: 'AMOUNT_OVERFLOW', transferId: 'new', accountId: 'world', amountMinor: LEDGER_AMOUNT_MAX + 1n },
    ],
    [
      'AMOUNT_OVERFLOW: a counter that would pass int64 (world has debited 1,000 already)',
      () => {},
      { ...base, debitAccountId: 'world', amountMinor: LEDGER_AMOUNT_MAX },
      { code: 'AMOUNT_OVERFLOW', transferId: 'new', accountId: 'world', amountMinor: LEDGER_AMOUNT_MAX },
    ],
  ];

  it.each(cases)('%s', (_name, setup, spec, expected) => {
    const ledger = fixture();
    setup(ledger);
    const before = ledger.toSnapshot();
    expect(refusal(ledger, spec)).toEqual(expected);
    // A refusal changes nothing.
    expect(ledger.toSnapshot()).toEqual(before);
    expect(ledger.checkInvariants()).toEqual([]);
  });
});

describe('the order of checks (the same first problem is always reported)', () => {
  it.each([
    ['TRANSFER_EXISTS before AMOUNT_NOT_POSITIVE', { ...base, id: 'fund', amountMinor: 0n }, 'TRANSFER_EXISTS'],
    ['AMOUNT_NOT_POSITIVE before SAME_ACCOUNT', { ...base, amountMinor: 0n, creditAccountId: 'alice' }, 'AMOUNT_NOT_POSITIVE'],
    ['INVALID_TIMEOUT before SAME_ACCOUNT', { ...base, timeoutAtMs: 1, creditAccountId: 'alice' }, 'INVALID_TIMEOUT'],
    ['SAME_ACCOUNT before ACCOUNT_NOT_FOUND', { ...base, debitAccountId: 'ghost', creditAccountId: 'ghost' }, 'SAME_ACCOUNT'],
    ['ACCOUNT_NOT_FOUND before CURRENCY_MISMATCH', { ...base, debitAccountId: 'ghost', creditAccountId: 'euro' }, 'ACCOUNT_NOT_FOUND'],
    ['CURRENCY_MISMATCH before TIME_WENT_BACKWARDS', { ...base, creditAccountId: 'euro', atMs: 0 }, 'CURRENCY_MISMATCH'],
    ['TIME_WENT_BACKWARDS before EXCEEDS_CREDITS', { ...base, atMs: 0, amountMinor: 5_000n }, 'TIME_WENT_BACKWARDS'],
    ['AMOUNT_OVERFLOW before EXCEEDS_CREDITS', { ...base, amountMinor: LEDGER_AMOUNT_MAX + 1n }, 'AMOUNT_OVERFLOW'],
    ['EXCEEDS_CREDITS (debit side) before EXCEEDS_DEBITS (credit side)', { ...base, creditAccountId: 'cap', amountMinor: 5_000n }, 'EXCEEDS_CREDITS'],
  ] as const)('%s', (_name, spec, code) => {
    expect(refusal(fixture(), spec)?.code).toBe(code);
  });
});

describe('limit flags', () => {
  it('debitsMustNotExceedCredits allows a debit up to creditsPosted exactly', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ ...base, amountMinor: 1_000n }]).ok).toBe(true);
    expect(ledger.balance('alice')).toEqual({ postedMinor: 0n, availableMinor: 0n, totalMinor: 0n });
  });

  it('counts pending debits: a hold reduces what a later debit may take', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ ...base, id: 'hold', amountMinor: 700n, pending: true }]).ok).toBe(true);
    expect(refusal(ledger, { ...base, amountMinor: 301n })).toEqual({
      code: 'EXCEEDS_CREDITS',
      transferId: 'new',
      accountId: 'alice',
      amountMinor: 301n,
      availableMinor: 300n,
    });
    expect(ledger.createTransfers([{ ...base, amountMinor: 300n }]).ok).toBe(true);
  });

  it('counts pending debits for a new pending debit too', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ ...base, id: 'h1', amountMinor: 600n, pending: true }]).ok).toBe(true);
    expect(refusal(ledger, { ...base, id: 'h2', amountMinor: 401n, pending: true })?.code).toBe('EXCEEDS_CREDITS');
  });

  it('does not count pending credits as money to spend', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ id: 'incoming', debitAccountId: 'world', creditAccountId: 'bob', amountMinor: 50n, atMs: 150, pending: true }]).ok).toBe(true);
    expect(refusal(ledger, { ...base, debitAccountId: 'bob', creditAccountId: 'alice', amountMinor: 1n })?.code).toBe('EXCEEDS_CREDITS');
  });

  it('creditsMustNotExceedDebits allows credits up to debitsPosted and counts pending credits', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ id: 'out', debitAccountId: 'cap', creditAccountId: 'world', amountMinor: 100n, atMs: 150 }]).ok).toBe(true);
    expect(ledger.createTransfers([{ ...base, id: 'in-hold', debitAccountId: 'world', creditAccountId: 'cap', amountMinor: 60n, pending: true }]).ok).toBe(true);
    expect(refusal(ledger, { ...base, debitAccountId: 'world', creditAccountId: 'cap', amountMinor: 41n })?.code).toBe('EXCEEDS_DEBITS');
    expect(ledger.createTransfers([{ ...base, debitAccountId: 'world', creditAccountId: 'cap', amountMinor: 40n }]).ok).toBe(true);
  });
});

describe('time', () => {
  it('accepts a transfer at the same instant as the account’s last one', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ ...base, atMs: 100 }]).ok).toBe(true);
  });

  it('lets unrelated accounts keep their own clocks', () => {
    const ledger = fixture();
    expect(ledger.createTransfers([{ id: 'late', debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs: 900 }]).ok).toBe(true);
    // world's clock is at 900 now; bob's and cap's have not moved, so 500 is fine between them.
    expect(refusal(ledger, { ...base, debitAccountId: 'world', creditAccountId: 'bob', atMs: 500 })?.code).toBe('TIME_WENT_BACKWARDS');
    expect(ledger.createTransfers([{ id: 'other', debitAccountId: 'cap', creditAccountId: 'bob', amountMinor: 1n, atMs: 500 }]).ok).toBe(true);
  });

  it('treats a non-finite atMs as a caller bug', () => {
    expect(() => fixture().createTransfers([{ ...base, atMs: Number.NaN }])).toThrow(InvariantError);
  });
});
