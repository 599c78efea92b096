/**
 * The ledger's snapshot (version 2): the account and transfer tables as they are held, column by
 * column, each typed-array column one base64 string of its little-endian bytes
 * (core/column-codec.ts), and the restore from it. Loading copies columns instead of re-applying
 * every transfer: account records (counters, clocks, posting counts) and row checkpoints are
 * stored; the posting chains, open holds and expiry queue are re-derived in one pass over the
 * kind and account columns (cheaper than decoding them). Ids stay packed (packed-strings.ts).
 *
 * What a load checks: the format, every column's length, every index a column holds (kinds,
 * accounts, pending transfers, statuses, transaction ids) within its range, that times never go
 * back on an account, and each account's posting count, latest posting, clock and checkpoint
 * postings against what the transfers give, so a
 * damaged snapshot never reads outside a table. What it trusts: the counters and the
 * checkpoints' balances. `Ledger.checkInvariants()` proves those in one pass; run it on a
 * snapshot you did not make yourself. Version 1 snapshots (snapshot-v1.ts) still load,
 * re-deriving everything.
 */
import { InvariantError } from '../core/assert.js';
import { isCurrencyCode, type CurrencyCode } from '../core/currency.js';
import {
  CLASS,
  CREDITS_MUST_NOT_EXCEED_DEBITS,
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  LAST_AT_MS,
  LAST_POSTING,
  POSTING_COUNT,
  WORDS,
} from './account-table.js';
import { CHECKPOINT_ROWS } from './account-rows.js';
import { decodeColumn, encodeColumn } from '../core/column-codec.js';
import { PackedStrings, packStrings } from './packed-strings.js';
import { ledgerFromSnapshotV1, type LedgerSnapshotV1 } from './snapshot-v1.js';
import { emptyLedgerState, type LedgerState } from './state.js';
import { type FlatColumns, KIND_PENDING, KIND_POST, KIND_POSTED, KIND_VOID, restoredCapacity, STATUS_EXPIRED, STATUS_OPEN } from './transfer-table.js';

export type { AccountSnapshot, LedgerSnapshotV1, SnapshotTransferKind, TransfersSnapshot } from './snapshot-v1.js';

/**
 * The accounts of a version 2 snapshot, in opening order. `records` is base64 of the first
 * seven words of each account's record (account-table.ts: four int64 counters, then the float64
 * time of its latest transfer, posting count and latest posting). `checkpointPosting` and `checkpointBalanceMinor` are base64 of every account's row
 * checkpoints (account-rows.ts) one account after the other, floor(postings / 64) each.
 */
export type AccountsSnapshotV2 = {
  readonly id: readonly string[];
  readonly currency: readonly CurrencyCode[];
  /** Bit 1: debitsMustNotExceedCredits; bit 2: creditsMustNotExceedDebits. */
  readonly flags: readonly number[];
  readonly records: string;
  readonly checkpointPosting: string;
  readonly checkpointBalanceMinor: string;
};

/**
 * Strings stored as one (packed-strings.ts): their concatenation, and base64 of their lengths
 * (int32, in UTF-16 code units; every string has at least one).
 */
export type PackedStringsSnapshot = { readonly text: string; readonly lengths: string };

/**
 * The transfers of a version 2 snapshot, in creation order: `count` of them, their ids packed.
 * Each other string is base64 of a column of transfer-table.ts (kind uint8; accounts, links
 * int32; amount int64; times float64; posting links are not stored). `transactionRef` is a position in `transactionIds`
 * (each distinct transaction id once, in order of first use, packed), -1 for none. The hold columns (`timeoutAtMs`,
 * `pendingIndex`, `status`) are null until the ledger has held anything. Columns of some kinds
 * only are zero (links: -1) in the rows of other kinds.
 */
export type TransfersSnapshotV2 = {
  readonly count: number;
  readonly id: PackedStringsSnapshot;
  readonly transactionIds: PackedStringsSnapshot;
  readonly transactionRef: string;
  readonly kind: string;
  readonly debitAccount: string;
  readonly creditAccount: string;
  readonly amountMinor: string;
  readonly atMs: string;
  readonly timeoutAtMs: string | null;
  readonly pendingIndex: string | null;
  readonly status: string | null;
};

/** A JSON-safe copy of a ledger, made by `Ledger.toSnapshot()` (version 2). */
export type LedgerSnapshotV2 = {
  readonly format: 'payments-engine/ledger';
  readonly version: 2;
  readonly accounts: AccountsSnapshotV2;
  readonly transfers: TransfersSnapshotV2;
};

/** A ledger snapshot `Ledger.fromSnapshot` loads: the current version or the first one. */
export type LedgerSnapshot = LedgerSnapshotV2 | LedgerSnapshotV1;

// Words of an account record a snapshot stores: all but CLASS, the last.
const RECORD_WORDS = CLASS;
// `transactionRef` of a transfer without a transaction id.
const NO_TRANSACTION = -1;

/** Copies `state` into a version 2 snapshot. Pure. */
export function ledgerToSnapshot(state: LedgerState): LedgerSnapshotV2 {
  const { accounts, transfers: t } = state;
  const n = t.count;
  const flags = Array.from({ length: accounts.count }, (_, a) => accounts.flags(a));
  let checkpoints = 0;
  for (let a = 0; a < accounts.count; a += 1) checkpoints += accounts.checkpoints.count(a);
  const checkpointPosting = new Int32Array(checkpoints);
  const checkpointBalance = new BigInt64Array(checkpoints);
  let k = 0;
  for (let a = 0; a < accounts.count; a += 1) {
    accounts.checkpoints.copyInto(a, checkpointPosting, checkpointBalance, k);
    k += accounts.checkpoints.count(a);
  }
  const { ids: transactionIds, refs: transactionRef } = transactionDictionary(state);
  const ids = packStrings((i) => t.idAt(i), n);
  const dictionary = packStrings((i) => transactionIds[i]!, transactionIds.length);
  const columns = t.flatColumns();
  const { kind } = columns;
  // By the rows, not by whether the columns exist: a rolled-back hold leaves them made.
  const holds = kind.some((k) => k !== KIND_POSTED) ? columns.holds : null;
  return {
    format: 'payments-engine/ledger',
    version: 2,
    accounts: {
      id: [...accounts.ids],
      currency: [...accounts.currencies],
      flags,
      records: encodeColumn(storedRecords(accounts.i64, accounts.count), RECORD_WORDS * accounts.count),
      checkpointPosting: encodeColumn(checkpointPosting, checkpoints),
      checkpointBalanceMinor: encodeColumn(checkpointBalance, checkpoints),
    },
    transfers: {
      count: n,
      id: { text: ids.text, lengths: encodeColumn(ids.lengths, n) },
      transactionIds: { text: dictionary.text, lengths: encodeColumn(dictionary.lengths, transactionIds.length) },
      transactionRef: encodeColumn(transactionRef, n),
      kind: encodeColumn(kind, n),
      debitAccount: encodeColumn(columns.debitAccount, n),
      creditAccount: encodeColumn(columns.creditAccount, n),
      amountMinor: encodeColumn(columns.amountMinor, n),
      atMs: encodeColumn(columns.atMs, n),
      // Columns of some kinds only hold what a rolled-back row left in other rows: cleared, so
      // that equal ledgers give equal snapshots.
      timeoutAtMs: holds ? encodeColumn(ownRowsOnly(holds.timeoutAtMs, n, (i) => kind[i] === KIND_PENDING, 0), n) : null,
      pendingIndex: holds ? encodeColumn(ownRowsOnly(holds.pendingIndex, n, (i) => resolves(kind[i]!), 0), n) : null,
      status: holds ? encodeColumn(ownRowsOnly(holds.status, n, (i) => kind[i] === KIND_PENDING, 0), n) : null,
    },
  };
}

/** Rebuilds ledger state from a snapshot of either version. Throws `InvariantError` on a malformed one. */
export function ledgerFromSnapshot(snapshot: LedgerSnapshot): LedgerState {
  const format = (snapshot as { format?: unknown }).format;
  const version = (snapshot as { version?: unknown }).version;
  if (format !== 'payments-engine/ledger') corrupt('not a ledger snapshot');
  if (version === 1) return ledgerFromSnapshotV1(snapshot as LedgerSnapshotV1);
  if (version !== 2) corrupt(`ledger snapshot version ${String(version)} is not known (this library reads versions 1 and 2)`);
  const state = emptyLedgerState();
  restoreAccounts(state, (snapshot as LedgerSnapshotV2).accounts);
  restoreTransfers(state, (snapshot as LedgerSnapshotV2).transfers);
  return state;
}

// Opens the accounts and copies their records and checkpoints.
function restoreAccounts(state: LedgerState, s: AccountsSnapshotV2): void {
  const { accounts } = state;
  const count = Array.isArray(s.id) ? s.id.length : -1;
  if (!(count >= 0 && s.currency?.length === count && s.flags?.length === count)) corrupt('snapshot account columns differ in length');
  for (let a = 0; a < count; a += 1) {
    const id = s.id[a]!;
    const currency = s.currency[a]!;
    const flags = s.flags[a]!;
    if (typeof id !== 'string') corrupt(`snapshot account ${a} has no id`);
    if (!isCurrencyCode(currency)) corrupt(`snapshot account ${id} has an unknown currency`);
    if (!(flags === 0 || flags === DEBITS_MUST_NOT_EXCEED_CREDITS || flags === CREDITS_MUST_NOT_EXCEED_DEBITS)) corrupt(`snapshot account ${id} has flags ${String(flags)}`);
    // Asserts the id is new.
    accounts.open(id, currency, flags);
  }
  accounts.restoreRecords(decodeColumn(s.records, (n) => new BigInt64Array(n), RECORD_WORDS * count, RECORD_WORDS * count, 'accounts.records'), RECORD_WORDS);
  let checkpoints = 0;
  for (let a = 0; a < count; a += 1) checkpoints += Math.floor(accounts.rowCount(a) / CHECKPOINT_ROWS);
  if (!Number.isSafeInteger(checkpoints)) corrupt('snapshot account records have bad posting counts');
  const postings = decodeColumn(s.checkpointPosting, (n) => new Int32Array(n), checkpoints, checkpoints, 'accounts.checkpointPosting');
  const balances = decodeColumn(s.checkpointBalanceMinor, (n) => new BigInt64Array(n), checkpoints, checkpoints, 'accounts.checkpointBalanceMinor');
  let k = 0;
  for (let a = 0; a < count; a += 1) {
    const held = Math.floor(accounts.rowCount(a) / CHECKPOINT_ROWS);
    // One at a time, not push(...): an account of millions of rows has more checkpoints than a
    // call takes arguments.
    for (let j = 0; j < held; j += 1) accounts.addCheckpoint(a, postings[k + j]!, balances[k + j]!);
    k += held;
  }
}

// Takes the ids, decodes the columns, checks every index they hold, and re-derives the open
// holds and their expiry queue.
function restoreTransfers(state: LedgerState, s: TransfersSnapshotV2): void {
  const t = state.transfers;
  const n = s.count;
  if (!(Number.isSafeInteger(n) && n >= 0)) corrupt('snapshot transfer count is not a count');
  const int32 = (size: number): Int32Array<ArrayBuffer> => new Int32Array(size);
  const ids = unpacked(s.id, n, 'transfers.id');
  const dictionary = unpacked(s.transactionIds, undefined, 'transfers.transactionIds');
  const capacity = restoredCapacity(n);
  const refs = decodeColumn(s.transactionRef, int32, n, n, 'transfers.transactionRef');
  for (let i = 0; i < n; i += 1) {
    if (!(refs[i]! >= NO_TRANSACTION && refs[i]! < dictionary.count)) corrupt(`snapshot transfer ${ids.at(i)} names transaction ${refs[i]}`);
  }
  const repeated = t.restoreIds(ids, dictionary, refs);
  if (repeated !== -1) corrupt(`snapshot transfer ${ids.at(repeated)} appears twice`);
  const holds = s.status !== null;
  if (holds !== (s.timeoutAtMs !== null) || holds !== (s.pendingIndex !== null)) corrupt('snapshot hold columns are partly missing');
  const hold = holds
    ? {
        timeoutAtMs: decodeColumn(s.timeoutAtMs, (size) => new Float64Array(size), n, capacity, 'transfers.timeoutAtMs'),
        pendingIndex: decodeColumn(s.pendingIndex, int32, n, capacity, 'transfers.pendingIndex'),
        status: decodeColumn(s.status, (size) => new Uint8Array(size), n, capacity, 'transfers.status'),
      }
    : null;
  // Decoded at the table's chunk size, so that the table takes them as they are (no copy).
  const columns: FlatColumns = {
    kind: decodeColumn(s.kind, (size) => new Uint8Array(size), n, capacity, 'transfers.kind'),
    debitAccount: decodeColumn(s.debitAccount, int32, n, capacity, 'transfers.debitAccount'),
    creditAccount: decodeColumn(s.creditAccount, int32, n, capacity, 'transfers.creditAccount'),
    amountMinor: decodeColumn(s.amountMinor, (size) => new BigInt64Array(size), n, capacity, 'transfers.amountMinor'),
    atMs: decodeColumn(s.atMs, (size) => new Float64Array(size), n, capacity, 'transfers.atMs'),
    debitPrevious: new Int32Array(capacity),
    creditPrevious: new Int32Array(capacity),
    holds: hold,
  };
  checkTransferLinks(state, columns, n);
  t.restoreColumns(columns, n);
  if (hold === null) return;
  const { kind } = columns;
  for (let p = 0; p < n; p += 1) {
    if (kind[p] !== KIND_PENDING || hold.status[p] !== STATUS_OPEN) continue;
    state.open.add(p);
    if (!Number.isNaN(hold.timeoutAtMs[p]!)) state.expiry.push(hold.timeoutAtMs[p]!, p);
  }
}

// One pass in transfer order: every index a transfer column holds points inside its table
// (kinds, accounts, resolved pending transfers, hold statuses), and each posting is linked to
// its accounts' previous postings (account-rows.ts), which must end where each account's
// record says and pass through its checkpoints.
function checkTransferLinks(state: LedgerState, columns: FlatColumns, n: number): void {
  const { transfers: t, accounts } = state;
  const { kind: kinds, debitAccount, creditAccount, atMs: times, debitPrevious, creditPrevious } = columns;
  const holds = columns.holds !== null;
  // Read only in rows of holds and resolutions, which a snapshot without hold columns refuses.
  const hold = columns.holds ?? { status: new Uint8Array(0), pendingIndex: new Int32Array(0) };
  const accountCount = accounts.count;
  const last = new Int32Array(accountCount).fill(-1);
  const postings = new Float64Array(accountCount);
  const lastAtMs = new Float64Array(accountCount).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < n; i += 1) {
    const kind = kinds[i]!;
    const d = debitAccount[i]!;
    const c = creditAccount[i]!;
    if (!(d >= 0 && c >= 0 && d < accountCount && c < accountCount && d !== c)) corrupt(`snapshot transfer ${t.idAt(i)} has bad accounts`);
    // The live rule: on each account, transfers never go back in time (and set its clock).
    const atMs = times[i]!;
    if (!(atMs >= lastAtMs[d]! && atMs >= lastAtMs[c]!)) corrupt(`snapshot transfer ${t.idAt(i)} goes back in time on its accounts`);
    lastAtMs[d] = atMs;
    lastAtMs[c] = atMs;
    if (kind > KIND_VOID || (kind !== KIND_POSTED && !holds)) corrupt(`snapshot transfer ${t.idAt(i)} has kind ${kind}`);
    if (kind === KIND_POSTED || kind === KIND_POST) {
      debitPrevious[i] = last[d]!;
      creditPrevious[i] = last[c]!;
      last[d] = i;
      last[c] = i;
      postings[d] = postings[d]! + 1;
      postings[c] = postings[c]! + 1;
      // The checkpoints of account-rows.ts: every CHECKPOINT_ROWS-th posting of an account.
      if (postings[d]! % CHECKPOINT_ROWS === 0 && !checkpointIs(accounts, d, postings[d]! / CHECKPOINT_ROWS - 1, i)) corrupt(`snapshot account ${accounts.ids[d]} has a bad checkpoint`);
      if (postings[c]! % CHECKPOINT_ROWS === 0 && !checkpointIs(accounts, c, postings[c]! / CHECKPOINT_ROWS - 1, i)) corrupt(`snapshot account ${accounts.ids[c]} has a bad checkpoint`);
    }
    if (kind === KIND_PENDING && !(hold.status[i]! >= STATUS_OPEN && hold.status[i]! <= STATUS_EXPIRED)) corrupt(`snapshot transfer ${t.idAt(i)} has status ${hold.status[i]}`);
    if (kind === KIND_POST || kind === KIND_VOID) {
      const p = hold.pendingIndex[i]!;
      if (!(p >= 0 && p < i && kinds[p] === KIND_PENDING)) corrupt(`snapshot transfer ${t.idAt(i)} resolves no earlier pending transfer`);
    }
  }
  for (let a = 0; a < accountCount; a += 1) {
    if (accounts.f64[WORDS * a + POSTING_COUNT] !== postings[a]) corrupt(`snapshot account ${accounts.ids[a]} has a posting count its transfers do not give`);
    if (accounts.f64[WORDS * a + LAST_POSTING] !== last[a]) corrupt(`snapshot account ${accounts.ids[a]} has a latest posting its transfers do not give`);
    if (accounts.f64[WORDS * a + LAST_AT_MS] !== lastAtMs[a]) corrupt(`snapshot account ${accounts.ids[a]} has a clock its transfers do not give`);
  }
}

function resolves(kind: number): boolean {
  return kind === KIND_POST || kind === KIND_VOID;
}

// The packed strings of a snapshot: `count` of them when given.
function unpacked(s: PackedStringsSnapshot | undefined, count: number | undefined, name: string): PackedStrings {
  if (typeof s?.text !== 'string' || typeof s.lengths !== 'string') corrupt(`snapshot strings ${name} are missing`);
  // Base64 of n int32s is 4 * ceil(4n / 3) characters: the count when it is not given.
  const n = count ?? Math.floor((3 * s.lengths.length) / 16);
  return new PackedStrings(s.text, decodeColumn(s.lengths, (size) => new Int32Array(size), n, n, `${name}.lengths`));
}

// Each distinct transaction id once, in order of first use, and each transfer's position in it.
function transactionDictionary(state: LedgerState): { ids: string[]; refs: Int32Array } {
  const t = state.transfers;
  const ids: string[] = [];
  const positions = new Map<string, number>();
  const refs = new Int32Array(t.count);
  for (let i = 0; i < t.count; i += 1) {
    const id = t.transactionIdAt(i);
    if (id === undefined) {
      refs[i] = NO_TRANSACTION;
      continue;
    }
    let position = positions.get(id);
    if (position === undefined) {
      position = ids.length;
      ids.push(id);
      positions.set(id, position);
    }
    refs[i] = position;
  }
  return { ids, refs };
}

// The first RECORD_WORDS words of each of `count` account records (the CLASS word is rewritten
// on load from the currency and flags).
function storedRecords(words: BigInt64Array, count: number): BigInt64Array {
  const stored = new BigInt64Array(RECORD_WORDS * count);
  for (let a = 0; a < count; a += 1) stored.set(words.subarray(WORDS * a, WORDS * a + RECORD_WORDS), RECORD_WORDS * a);
  return stored;
}

// A copy of the first `n` elements of `column` with `none` in the rows `owns` says are not its own.
function ownRowsOnly<T extends Int32Array | Float64Array | Uint8Array>(column: T, n: number, owns: (i: number) => boolean, none: number): T {
  const copy = column.slice(0, n) as T;
  for (let i = 0; i < n; i += 1) if (!owns(i)) copy[i] = none;
  return copy;
}

// True when account `a` has a checkpoint `k` and it names posting `t`.
function checkpointIs(accounts: LedgerState['accounts'], a: number, k: number, t: number): boolean {
  return k < accounts.checkpoints.count(a) && accounts.checkpoints.posting(a, k) === t;
}

// Throws for a corrupt snapshot. Used as `if (!ok) corrupt(...)` so the message is only built
// on failure (a snapshot has millions of transfers).
function corrupt(message: string): never {
  throw new InvariantError(message);
}
