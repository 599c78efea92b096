/**
 * The ledger's first snapshot format (version 1), still loadable: a JSON-safe copy (bigints as
 * decimal strings) of the accounts and of the transfer table as one JSON array per column, and
 * the rebuild from it. Rows, open holds and the expiry queue are not stored: they are re-derived
 * from the transfers in creation order, and the re-derived counters must equal the stored ones
 * (a corrupt snapshot throws). Version 2 (snapshot.ts) replaced it because loading it cost more
 * than replaying the log it came from (docs/performance.md, "Snapshots and 10M").
 */
import { assert, InvariantError } from '../core/assert.js';
import { isCurrencyCode, type CurrencyCode } from '../core/currency.js';
import {
  CREDITS_MUST_NOT_EXCEED_DEBITS,
  CREDITS_PENDING,
  CREDITS_POSTED,
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  DEBITS_PENDING,
  DEBITS_POSTED,
  LAST_AT_MS,
  WORDS,
} from './account-table.js';
import { linkPosting } from './account-rows.js';
import { LEDGER_AMOUNT_MAX } from './limits.js';
import { emptyLedgerState, type LedgerState } from './state.js';
import {
  KIND_PENDING,
  KIND_POST,
  KIND_POSTED,
  KIND_VOID,
  NO_PENDING,
  NO_TIMEOUT,
  STATUS_EXPIRED,
  STATUS_OPEN,
  STATUS_POSTED,
  STATUS_VOIDED,
} from './transfer-table.js';
import type { PendingStatus } from './types.js';
import { pendingStatusName } from './views.js';

/** Transfer kinds as named in a snapshot. */
export type SnapshotTransferKind = 'posted' | 'pending' | 'post' | 'void';

/** One account in a snapshot. Counters are decimal strings. */
export type AccountSnapshot = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly debitsMustNotExceedCredits: boolean;
  readonly creditsMustNotExceedDebits: boolean;
  readonly debitsPending: string;
  readonly debitsPosted: string;
  readonly creditsPending: string;
  readonly creditsPosted: string;
};

/**
 * The transfer table as parallel arrays, one entry per transfer in creation order. Accounts
 * are positions in `LedgerSnapshotV1.accounts`; `pendingIndex` is a position in these arrays
 * (-1 when none); `timeoutAtMs` and `transactionId` are null when absent; `status` is set only
 * for pending transfers.
 */
export type TransfersSnapshot = {
  readonly id: readonly string[];
  readonly kind: readonly SnapshotTransferKind[];
  readonly transactionId: readonly (string | null)[];
  readonly debitAccount: readonly number[];
  readonly creditAccount: readonly number[];
  readonly amountMinor: readonly string[];
  readonly atMs: readonly number[];
  readonly timeoutAtMs: readonly (number | null)[];
  readonly pendingIndex: readonly number[];
  readonly status: readonly (PendingStatus | null)[];
};

/** A JSON-safe copy of a ledger in the first format (what `Ledger.toSnapshot()` made before version 2). */
export type LedgerSnapshotV1 = {
  readonly format: 'payments-engine/ledger';
  readonly version: 1;
  readonly accounts: readonly AccountSnapshot[];
  readonly transfers: TransfersSnapshot;
};

const KIND_NAMES: readonly SnapshotTransferKind[] = ['posted', 'pending', 'post', 'void'];
const KIND_CODES: Readonly<Record<SnapshotTransferKind, number>> = {
  posted: KIND_POSTED,
  pending: KIND_PENDING,
  post: KIND_POST,
  void: KIND_VOID,
};
const STATUS_CODES: Readonly<Record<PendingStatus, number>> = {
  open: STATUS_OPEN,
  posted: STATUS_POSTED,
  voided: STATUS_VOIDED,
  expired: STATUS_EXPIRED,
};

/** Copies `state` into a version 1 snapshot (kept for tests of old snapshots). Pure. */
export function ledgerToSnapshotV1(state: LedgerState): LedgerSnapshotV1 {
  const table = state.accounts;
  const accounts = Array.from(
    { length: table.count },
    (_, a): AccountSnapshot => ({
      id: table.ids[a]!,
      currency: table.currencies[a]!,
      debitsMustNotExceedCredits: (table.flags(a) & DEBITS_MUST_NOT_EXCEED_CREDITS) !== 0,
      creditsMustNotExceedDebits: (table.flags(a) & CREDITS_MUST_NOT_EXCEED_DEBITS) !== 0,
      debitsPending: table.counter(a, DEBITS_PENDING).toString(),
      debitsPosted: table.counter(a, DEBITS_POSTED).toString(),
      creditsPending: table.counter(a, CREDITS_PENDING).toString(),
      creditsPosted: table.counter(a, CREDITS_POSTED).toString(),
    }),
  );
  const t = state.transfers;
  const n = t.count;
  const range = Array.from({ length: n }, (_, i) => i);
  const { kind, debitAccount, creditAccount, amountMinor, atMs, holds } = t.flatColumns();
  // Hold columns are read only in rows of holds and resolutions, which exist only with them.
  const hold = holds ?? { timeoutAtMs: new Float64Array(0), pendingIndex: new Int32Array(0), status: new Uint8Array(0) };
  return {
    format: 'payments-engine/ledger',
    version: 1,
    accounts,
    transfers: {
      id: t.idList(),
      kind: range.map((i) => KIND_NAMES[kind[i]!]!),
      transactionId: range.map((i) => t.transactionIdAt(i) ?? null),
      debitAccount: Array.from(debitAccount),
      creditAccount: Array.from(creditAccount),
      amountMinor: range.map((i) => amountMinor[i]!.toString()),
      atMs: Array.from(atMs),
      // Columns of some kinds only (transfer-table.ts): other rows may hold anything there.
      timeoutAtMs: range.map((i) => (kind[i] !== KIND_PENDING || Number.isNaN(hold.timeoutAtMs[i]!) ? null : hold.timeoutAtMs[i]!)),
      pendingIndex: range.map((i) => (kind[i] === KIND_POST || kind[i] === KIND_VOID ? hold.pendingIndex[i]! : NO_PENDING)),
      status: range.map((i) => (kind[i] === KIND_PENDING ? pendingStatusName(hold.status[i]!) : null)),
    },
  };
}

/**
 * Rebuilds ledger state from a snapshot by replaying its transfers without the checks a new
 * transfer gets (they passed when it was made), then asserts that the counters it derives equal
 * the stored ones. Throws `InvariantError` on a malformed or inconsistent snapshot.
 */
export function ledgerFromSnapshotV1(snapshot: LedgerSnapshotV1): LedgerState {
  assert(snapshot.format === 'payments-engine/ledger' && snapshot.version === 1, 'not a ledger snapshot (v1)');
  const state = emptyLedgerState();
  const { transfers, accounts } = state;
  for (const a of snapshot.accounts) {
    if (!isCurrencyCode(a.currency)) corrupt(`snapshot account ${a.id} has an unknown currency`);
    if (accounts.indexOf(a.id) !== -1) corrupt(`snapshot account ${a.id} appears twice`);
    const flags =
      (a.debitsMustNotExceedCredits ? DEBITS_MUST_NOT_EXCEED_CREDITS : 0) |
      (a.creditsMustNotExceedDebits ? CREDITS_MUST_NOT_EXCEED_DEBITS : 0);
    accounts.open(a.id, a.currency, flags);
  }
  const s = snapshot.transfers;
  const n = s.id.length;
  for (const column of [s.kind, s.transactionId, s.debitAccount, s.creditAccount, s.amountMinor, s.atMs, s.timeoutAtMs, s.pendingIndex, s.status]) {
    assert(column.length === n, 'snapshot transfer columns differ in length');
  }
  const resolvedBy = new Int32Array(n).fill(NO_PENDING);
  // Counters are summed as exact bigints and written at the end: replay releases expired holds
  // only after the last transfer (a snapshot does not say when they expired), so a sum may
  // pass int64 on the way and would wrap in the BigInt64Array.
  const sums: bigint[] = new Array<bigint>(WORDS * accounts.count).fill(0n);
  const add = (a: number, word: number, deltaMinor: bigint): void => {
    sums[WORDS * a + word] = sums[WORDS * a + word]! + deltaMinor;
  };
  for (let i = 0; i < n; i += 1) {
    const id = s.id[i]!;
    const kindName = s.kind[i]!;
    const kind = KIND_CODES[kindName];
    if (kind === undefined) corrupt(`snapshot transfer ${id} has kind ${String(kindName)}`);
    if (transfers.indexOf(id) !== -1) corrupt(`snapshot transfer ${id} appears twice`);
    const d = s.debitAccount[i]!;
    const c = s.creditAccount[i]!;
    if (!(Number.isInteger(d) && Number.isInteger(c) && d >= 0 && c >= 0 && d < accounts.count && c < accounts.count && d !== c)) corrupt(`snapshot transfer ${id} has bad accounts`);
    const amount = BigInt(s.amountMinor[i]!);
    if (!(amount > 0n && amount <= LEDGER_AMOUNT_MAX)) corrupt(`snapshot transfer ${id} has amount ${amount}`);
    const atMs = s.atMs[i]!;
    if (!Number.isFinite(atMs)) corrupt(`snapshot transfer ${id} has no time`);
    const status = s.status[i] ?? null;
    if ((kind === KIND_PENDING) !== (status !== null)) corrupt(`snapshot transfer ${id} has status ${String(status)}`);
    const timeoutAtMs = s.timeoutAtMs[i] ?? null;
    if (!(timeoutAtMs === null || (kind === KIND_PENDING && timeoutAtMs > atMs))) corrupt(`snapshot transfer ${id} has a bad timeout`);
    const p = s.pendingIndex[i]!;
    const resolves = kind === KIND_POST || kind === KIND_VOID;
    if (resolves) {
      if (!(p >= 0 && p < i && transfers.kindOf(p) === KIND_PENDING)) corrupt(`snapshot transfer ${id} resolves no earlier pending transfer`);
      if (resolvedBy[p] !== NO_PENDING) corrupt(`snapshot pending transfer ${s.id[p]} is resolved twice`);
      if (!(transfers.debitAccountOf(p) === d && transfers.creditAccountOf(p) === c)) corrupt(`snapshot transfer ${id} moves between other accounts than its pending transfer`);
      if (!(s.status[p] === (kind === KIND_POST ? 'posted' : 'voided'))) corrupt(`snapshot transfer ${id} disagrees with its pending transfer's status`);
      resolvedBy[p] = i;
    } else {
      if (p !== NO_PENDING) corrupt(`snapshot transfer ${id} names a pending transfer`);
    }
    // Only a pending transfer has a status (checked above), and only its row stores one.
    const statusCode = status === null ? undefined : STATUS_CODES[status];
    if (status !== null && statusCode === undefined) corrupt(`snapshot transfer ${id} has status ${String(status)}`);
    const index = transfers.append(id, s.transactionId[i] ?? undefined, kind, d, c, amount, atMs);
    if (statusCode !== undefined) transfers.setHold(index, statusCode, timeoutAtMs ?? NO_TIMEOUT);
    if (resolves) transfers.setPendingIndex(index, p);
    // The live rule again: on each account, transfers never go back in time.
    if (atMs < accounts.lastAtMs(d) || atMs < accounts.lastAtMs(c)) corrupt(`snapshot transfer ${id} goes back in time on its accounts`);
    accounts.f64[WORDS * d + LAST_AT_MS] = atMs;
    accounts.f64[WORDS * c + LAST_AT_MS] = atMs;
    if (kind === KIND_PENDING) {
      add(d, DEBITS_PENDING, amount);
      add(c, CREDITS_PENDING, amount);
      continue;
    }
    if (resolves) {
      const held = transfers.amountMinorOf(p);
      if (!(kind === KIND_VOID ? amount === held : amount <= held)) corrupt(`snapshot transfer ${id} moves more than its hold`);
      add(d, DEBITS_PENDING, -held);
      add(c, CREDITS_PENDING, -held);
      if (kind === KIND_VOID) continue;
    }
    add(d, DEBITS_POSTED, amount);
    add(c, CREDITS_POSTED, amount);
    // Posted counters only grow, so their running sums stay within the final (checked) ones:
    // written as they go, they give the row checkpoints linkPosting notes their balances.
    for (const a of [d, c]) {
      accounts.i64[WORDS * a + DEBITS_POSTED] = sums[WORDS * a + DEBITS_POSTED]!;
      accounts.i64[WORDS * a + CREDITS_POSTED] = sums[WORDS * a + CREDITS_POSTED]!;
    }
    linkPosting(accounts, transfers, index, d, c);
  }
  for (let p = 0; p < n; p += 1) {
    if (transfers.kindOf(p) !== KIND_PENDING) continue;
    const status = transfers.statusOf(p);
    const resolved = status === STATUS_POSTED || status === STATUS_VOIDED;
    if (resolved !== (resolvedBy[p] !== NO_PENDING)) corrupt(`snapshot pending transfer ${s.id[p]} has status ${pendingStatusName(status)} but ${resolved ? 'no' : 'a'} resolution`);
    if (status === STATUS_EXPIRED) {
      add(transfers.debitAccountOf(p), DEBITS_PENDING, -transfers.amountMinorOf(p));
      add(transfers.creditAccountOf(p), CREDITS_PENDING, -transfers.amountMinorOf(p));
    } else if (status === STATUS_OPEN) {
      state.open.add(p);
      const timeoutAtMs = transfers.timeoutAtMsOf(p);
      if (!Number.isNaN(timeoutAtMs)) state.expiry.push(timeoutAtMs, p);
    }
  }
  snapshot.accounts.forEach((a, k) => {
    const stored = [a.debitsPending, a.debitsPosted, a.creditsPending, a.creditsPosted].map((v) => BigInt(v));
    stored.forEach((value, word) => {
      if (value !== sums[WORDS * k + word]) corrupt(`snapshot account ${a.id}: counters differ from its transfers`);
      if (value < 0n || value > LEDGER_AMOUNT_MAX) corrupt(`snapshot account ${a.id}: a counter is out of range`);
      accounts.i64[WORDS * k + word] = value;
    });
  });
  return state;
}

// Throws for a corrupt snapshot. Used as `if (!ok) corrupt(...)` so the message is only built
// on failure (a snapshot has millions of transfers).
function corrupt(message: string): never {
  throw new InvariantError(message);
}
