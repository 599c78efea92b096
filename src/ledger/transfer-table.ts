/**
 * Every transfer ever created, as columns indexed by an internal number (its position in
 * creation order). Columns instead of one object per transfer: a million posted transfers take
 * ~33 MB (~46 MB once there are holds) of typed arrays that the GC never traces, written in
 * order. Transfers are never changed; the only column that moves is `status`, the derived state
 * of a pending transfer. Postings also link to the previous posting of each of their accounts:
 * that chain is where rows come from.
 *
 * Some columns belong to some kinds only: `status` and `timeoutAtMs` to pending transfers,
 * `pendingIndex` to posts and voids, the previous-posting links to postings. Only appends of
 * those kinds write them, and readers look at a row's kind first; in other rows they hold zero
 * or what a rolled-back row left. So a posted transfer writes seven values in one chunk, and
 * the columns of holds and resolutions are made only when the first of them comes, so a log of
 * posted transfers never makes them.
 *
 * The columns are held in chunks of CHUNK_ROWS rows: one buffer per chunk for the columns every
 * kind has, one more for the hold columns. A chunk is made once and never copied, and the table
 * holds at most one chunk of empty rows (~33 KB). Growing one array per column by 4x (before
 * stop 19) left up to 3/4 of each empty (16,384 rows for 8,881 transfers, 16.8M for 10M) and
 * copied every column at each growth (docs/performance.md, "Ledger columns (stop 19)"). Reads
 * cost one more load (the chunk); appends write through the last chunk, kept at hand.
 */
import { assert } from '../core/assert.js';
import { IdIndex } from './id-index.js';
import type { PackedStrings } from './packed-strings.js';
import { SAME_AS_TRANSFER, TransactionIdColumn } from './transaction-id-column.js';

/** `kind` column: a transfer posted at once. */
export const KIND_POSTED = 0;
/** `kind` column: a pending transfer (a hold). */
export const KIND_PENDING = 1;
/** `kind` column: the post of a pending transfer. */
export const KIND_POST = 2;
/** `kind` column: the void of a pending transfer. */
export const KIND_VOID = 3;

/** `status` column: a pending transfer still holding. */
export const STATUS_OPEN = 1;
/** `status` column: a pending transfer that was posted. */
export const STATUS_POSTED = 2;
/** `status` column: a pending transfer that was voided. */
export const STATUS_VOIDED = 3;
/** `status` column: a pending transfer that expired. */
export const STATUS_EXPIRED = 4;

/** `timeoutAtMs` column of a pending transfer: no timeout. */
export const NO_TIMEOUT = Number.NaN;
/** Previous-posting links of a posting: none (also the snapshot's `pendingIndex` of a transfer that resolves none). */
export const NO_PENDING = -1;


// log2 of the rows in a chunk.
const CHUNK_BITS = 10;
/** Rows in a chunk of every column: a table holds at most this many empty rows. */
export const CHUNK_ROWS = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_ROWS - 1;
// Bytes per row of the columns every kind has (amountMinor, atMs, the accounts, the links, kind)
// and of the hold columns (timeoutAtMs, pendingIndex, status).
const BASE_ROW_BYTES = 8 + 8 + 4 * 4 + 1;
const HOLD_ROW_BYTES = 8 + 4 + 1;

const NO_U8 = new Uint8Array(0);
const NO_I32 = new Int32Array(0);
const NO_I64 = new BigInt64Array(0);
const NO_F64 = new Float64Array(0);

/**
 * The stored columns of transfers [0, count) as flat arrays, each of at least `count` rows: what
 * a snapshot encodes (`TransferTable.flatColumns`).
 */
export type StoredColumns = {
  readonly kind: Uint8Array;
  readonly debitAccount: Int32Array;
  readonly creditAccount: Int32Array;
  readonly amountMinor: BigInt64Array;
  readonly atMs: Float64Array;
  /** The columns of holds and resolutions; null when the table has none. */
  readonly holds: { readonly timeoutAtMs: Float64Array; readonly pendingIndex: Int32Array; readonly status: Uint8Array } | null;
};

/** The stored columns and the posting links derived from them: what `restoreColumns` takes. */
export type FlatColumns = StoredColumns & {
  readonly debitPrevious: Int32Array;
  readonly creditPrevious: Int32Array;
};

/** Rows the flat columns given to `restoreColumns` must have for `count` transfers: whole chunks. */
export function restoredCapacity(count: number): number {
  return Math.ceil(count / CHUNK_ROWS) * CHUNK_ROWS;
}

/** The transfer table: append, look up by id, read and write columns by index, truncate. */
export class TransferTable {
  /** Number of transfers. */
  count = 0;
  readonly #ids = new IdIndex();
  // transactionId as given (or inherited by a resolution); undefined when none. Of transfers
  // [0, #base), restored from a snapshot: kept as the snapshot holds them (restoreIds); of
  // later ones, transfer t's at t - #base (transaction-id-column.ts).
  readonly #transactionIds = new TransactionIdColumn();
  #base = 0;
  #restoredTransactionIds: PackedStrings | undefined = undefined;
  #restoredTransactionRefs: Int32Array = new Int32Array(0);
  // Per chunk, each column's rows [c * CHUNK_ROWS, (c + 1) * CHUNK_ROWS).
  readonly #kind: Uint8Array[] = [];
  readonly #debitAccount: Int32Array[] = [];
  readonly #creditAccount: Int32Array[] = [];
  /** Posted: moved. Pending: held. Post: the posted part. Void: the released hold. */
  readonly #amountMinor: BigInt64Array[] = [];
  readonly #atMs: Float64Array[] = [];
  // For a posting (posted or post): each account's previous posting (−1: none).
  readonly #debitPrevious: Int32Array[] = [];
  readonly #creditPrevious: Int32Array[] = [];
  // Made with the first hold or resolution, then for every chunk: a hold's timeout
  // (NO_TIMEOUT: none) and STATUS_*, a post's or void's pending transfer.
  readonly #timeoutAtMs: Float64Array[] = [];
  readonly #pendingIndex: Int32Array[] = [];
  readonly #status: Uint8Array[] = [];
  #holds = false;
  // The chunk appends write into (-1: none yet) and its columns, so that an append and its
  // links load no chunk.
  #tail = -1;
  #tailKind: Uint8Array = NO_U8;
  #tailDebitAccount: Int32Array = NO_I32;
  #tailCreditAccount: Int32Array = NO_I32;
  #tailAmountMinor: BigInt64Array = NO_I64;
  #tailAtMs: Float64Array = NO_F64;
  #tailDebitPrevious: Int32Array = NO_I32;
  #tailCreditPrevious: Int32Array = NO_I32;

  /** The id of transfer `index` (below `count`). */
  idAt(index: number): string {
    return this.#ids.keyAt(index);
  }

  /** The transactionId of transfer `index` (below `count`), or undefined when it has none. */
  transactionIdAt(index: number): string | undefined {
    if (index >= this.#base) {
      const ref = this.#transactionIds.refAt(index - this.#base);
      if (ref >= 0) return this.#transactionIds.distinctAt(ref);
      return ref === SAME_AS_TRANSFER ? this.idAt(index) : undefined;
    }
    const ref = this.#restoredTransactionRefs[index]!;
    return ref === -1 ? undefined : this.#restoredTransactionIds?.at(ref);
  }

  /** The ids of transfers [0, count), in index order, as a new array. */
  idList(): string[] {
    return this.#ids.slice();
  }

  /** Index of the transfer with `id`, or -1. */
  indexOf(id: string): number {
    return this.#ids.indexOf(id);
  }

  /** KIND_* of transfer `t` (below `count`). */
  kindOf(t: number): number {
    return this.#kind[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** Debit account number of transfer `t`. */
  debitAccountOf(t: number): number {
    return this.#debitAccount[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** Credit account number of transfer `t`. */
  creditAccountOf(t: number): number {
    return this.#creditAccount[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** Amount of transfer `t` (posted: moved; pending: held; post: posted; void: released). */
  amountMinorOf(t: number): bigint {
    return this.#amountMinor[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** Time of transfer `t`. */
  atMsOf(t: number): number {
    return this.#atMs[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** For a posting `t`: its debit account's previous posting (−1: none). */
  debitPreviousOf(t: number): number {
    return this.#debitPrevious[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** For a posting `t`: its credit account's previous posting (−1: none). */
  creditPreviousOf(t: number): number {
    return this.#creditPrevious[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** True once the table has the columns of holds (`timeoutAtMsOf`, `pendingIndexOf`, `statusOf`). */
  get holdColumns(): boolean {
    return this.#holds;
  }

  /** For a hold `t`: its timeout (NO_TIMEOUT: none). Needs `holdColumns`. */
  timeoutAtMsOf(t: number): number {
    return this.#timeoutAtMs[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** For a post or void `t`: the index of the hold it resolves. Needs `holdColumns`. */
  pendingIndexOf(t: number): number {
    return this.#pendingIndex[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** For a hold `t`: STATUS_OPEN, POSTED, VOIDED or EXPIRED. Needs `holdColumns`. */
  statusOf(t: number): number {
    return this.#status[t >>> CHUNK_BITS]![t & CHUNK_MASK]!;
  }

  /** Sets the status of hold `t` (a resolution, an expiry, a rollback). */
  setStatus(t: number, status: number): void {
    this.#status[t >>> CHUNK_BITS]![t & CHUNK_MASK] = status;
  }

  /** Writes the hold columns of hold `t`, just appended: its status and timeout (NO_TIMEOUT: none). */
  setHold(t: number, status: number, timeoutAtMs: number): void {
    this.#status[t >>> CHUNK_BITS]![t & CHUNK_MASK] = status;
    this.#timeoutAtMs[t >>> CHUNK_BITS]![t & CHUNK_MASK] = timeoutAtMs;
  }

  /** Writes the pending transfer that post or void `t`, just appended, resolves. */
  setPendingIndex(t: number, pendingIndex: number): void {
    this.#pendingIndex[t >>> CHUNK_BITS]![t & CHUNK_MASK] = pendingIndex;
  }

  /** Writes posting `t`'s links to its accounts' previous postings (−1: none). */
  setPrevious(t: number, debitPrevious: number, creditPrevious: number): void {
    const c = t >>> CHUNK_BITS;
    const row = t & CHUNK_MASK;
    if (c === this.#tail) {
      this.#tailDebitPrevious[row] = debitPrevious;
      this.#tailCreditPrevious[row] = creditPrevious;
    } else {
      this.#debitPrevious[c]![row] = debitPrevious;
      this.#creditPrevious[c]![row] = creditPrevious;
    }
  }

  /**
   * Rewrites the time of transfer `t`. The ledger never does (transfers are never changed):
   * tests plant damage with it that `checkInvariants` must find.
   */
  overwriteAtMs(t: number, atMs: number): void {
    this.#atMs[t >>> CHUNK_BITS]![t & CHUNK_MASK] = atMs;
  }

  /**
   * Appends one transfer (its id must be new) and returns its index. Writes the columns every
   * kind has; the caller writes those of the kind (see the module comment).
   */
  append(
    id: string,
    transactionId: string | undefined,
    kind: number,
    debitAccount: number,
    creditAccount: number,
    amountMinor: bigint,
    atMs: number,
  ): number {
    const index = this.count;
    if (index >>> CHUNK_BITS !== this.#tail) this.#enterChunk(index >>> CHUNK_BITS);
    if (kind !== KIND_POSTED && !this.#holds) this.#openHoldColumns();
    const added = this.#ids.add(id);
    assert(added === index, 'transfer id index out of step with the table');
    this.#transactionIds.push(transactionId, id);
    const row = index & CHUNK_MASK;
    this.#tailKind[row] = kind;
    this.#tailDebitAccount[row] = debitAccount;
    this.#tailCreditAccount[row] = creditAccount;
    this.#tailAmountMinor[row] = amountMinor;
    this.#tailAtMs[row] = atMs;
    this.count = index + 1;
    return index;
  }

  /**
   * Takes the ids and transaction ids of `ids.count` transfers restored from a snapshot into an
   * empty table, as they are stored: packed (packed-strings.ts), transaction ids as positions
   * in `transactionIds` (-1: none). The caller then gives the columns (`restoreColumns`).
   * Returns the index of the first id that repeats an earlier one, or -1.
   */
  restoreIds(ids: PackedStrings, transactionIds: PackedStrings, transactionRefs: Int32Array): number {
    assert(this.count === 0 && this.#ids.size === 0 && this.#base === 0, 'restoreIds needs an empty table');
    assert(transactionRefs.length >= ids.count, 'a transaction position for every restored transfer');
    this.#base = ids.count;
    this.#restoredTransactionIds = transactionIds;
    this.#restoredTransactionRefs = transactionRefs;
    return this.#ids.restore(ids);
  }

  /**
   * Takes the columns of the `count` transfers whose ids `restoreIds` took, as views of
   * `columns` (no copy): each column must have `restoredCapacity(count)` rows.
   */
  restoreColumns(columns: FlatColumns, count: number): void {
    assert(this.count === 0 && this.#kind.length === 0 && count === this.#base, 'restoreColumns needs the restored ids and no columns');
    const rows = restoredCapacity(count);
    const { kind, debitAccount, creditAccount, amountMinor, atMs, debitPrevious, creditPrevious, holds } = columns;
    for (const column of [kind, debitAccount, creditAccount, amountMinor, atMs, debitPrevious, creditPrevious]) assert(column.length === rows, 'restored column of another length');
    for (let from = 0; from < rows; from += CHUNK_ROWS) {
      const to = from + CHUNK_ROWS;
      this.#kind.push(kind.subarray(from, to));
      this.#debitAccount.push(debitAccount.subarray(from, to));
      this.#creditAccount.push(creditAccount.subarray(from, to));
      this.#amountMinor.push(amountMinor.subarray(from, to));
      this.#atMs.push(atMs.subarray(from, to));
      this.#debitPrevious.push(debitPrevious.subarray(from, to));
      this.#creditPrevious.push(creditPrevious.subarray(from, to));
      if (holds === null) continue;
      this.#timeoutAtMs.push(holds.timeoutAtMs.subarray(from, to));
      this.#pendingIndex.push(holds.pendingIndex.subarray(from, to));
      this.#status.push(holds.status.subarray(from, to));
    }
    this.#holds = holds !== null;
    this.count = count;
  }

  /**
   * The stored columns of transfers [0, count) copied into flat arrays of `count` rows (the
   * posting links are derived at load, so not copied). Rows keep what they hold, including what
   * a rolled-back row left in columns not of their kind.
   */
  flatColumns(): StoredColumns {
    const n = this.count;
    const flat = <T extends Uint8Array | Int32Array | BigInt64Array | Float64Array>(chunks: readonly T[], make: (rows: number) => T): T => {
      const out = make(n);
      for (let c = 0; c * CHUNK_ROWS < n; c += 1) {
        const from = c * CHUNK_ROWS;
        out.set(chunks[c]!.subarray(0, Math.min(CHUNK_ROWS, n - from)) as never, from);
      }
      return out;
    };
    return {
      kind: flat(this.#kind, (rows) => new Uint8Array(rows)),
      debitAccount: flat(this.#debitAccount, (rows) => new Int32Array(rows)),
      creditAccount: flat(this.#creditAccount, (rows) => new Int32Array(rows)),
      amountMinor: flat(this.#amountMinor, (rows) => new BigInt64Array(rows)),
      atMs: flat(this.#atMs, (rows) => new Float64Array(rows)),
      holds: this.#holds
        ? {
            timeoutAtMs: flat(this.#timeoutAtMs, (rows) => new Float64Array(rows)),
            pendingIndex: flat(this.#pendingIndex, (rows) => new Int32Array(rows)),
            status: flat(this.#status, (rows) => new Uint8Array(rows)),
          }
        : null,
    };
  }

  /** Forgets the transfers from `count` on, ids included (a linked batch rolling back). */
  truncate(count: number): void {
    assert(count >= this.#base && count <= this.count, 'truncate beyond the end or into restored transfers');
    this.#ids.truncate(count);
    this.#transactionIds.truncate(count - this.#base);
    // The chunks stay: the next appends reuse them.
    this.count = count;
  }

  // Makes chunk `c` the one appends write into, making it when it is the next one.
  #enterChunk(c: number): void {
    assert(c <= this.#kind.length, 'transfer chunks are made in order');
    if (c === this.#kind.length) this.#addChunk();
    this.#tail = c;
    this.#tailKind = this.#kind[c]!;
    this.#tailDebitAccount = this.#debitAccount[c]!;
    this.#tailCreditAccount = this.#creditAccount[c]!;
    this.#tailAmountMinor = this.#amountMinor[c]!;
    this.#tailAtMs = this.#atMs[c]!;
    this.#tailDebitPrevious = this.#debitPrevious[c]!;
    this.#tailCreditPrevious = this.#creditPrevious[c]!;
  }

  // One buffer for a chunk of the columns every kind has, widest first so each view is aligned.
  #addChunk(): void {
    const buffer = new ArrayBuffer(CHUNK_ROWS * BASE_ROW_BYTES);
    this.#amountMinor.push(new BigInt64Array(buffer, 0, CHUNK_ROWS));
    this.#atMs.push(new Float64Array(buffer, 8 * CHUNK_ROWS, CHUNK_ROWS));
    this.#debitAccount.push(new Int32Array(buffer, 16 * CHUNK_ROWS, CHUNK_ROWS));
    this.#creditAccount.push(new Int32Array(buffer, 20 * CHUNK_ROWS, CHUNK_ROWS));
    this.#debitPrevious.push(new Int32Array(buffer, 24 * CHUNK_ROWS, CHUNK_ROWS));
    this.#creditPrevious.push(new Int32Array(buffer, 28 * CHUNK_ROWS, CHUNK_ROWS));
    this.#kind.push(new Uint8Array(buffer, 32 * CHUNK_ROWS, CHUNK_ROWS));
    if (this.#holds) this.#addHoldChunk();
  }

  #addHoldChunk(): void {
    const buffer = new ArrayBuffer(CHUNK_ROWS * HOLD_ROW_BYTES);
    this.#timeoutAtMs.push(new Float64Array(buffer, 0, CHUNK_ROWS));
    this.#pendingIndex.push(new Int32Array(buffer, 8 * CHUNK_ROWS, CHUNK_ROWS));
    this.#status.push(new Uint8Array(buffer, 12 * CHUNK_ROWS, CHUNK_ROWS));
  }

  // The columns of holds and their resolutions, made for every chunk when the first of them is
  // appended: a log of posted transfers only never pays for them.
  #openHoldColumns(): void {
    this.#holds = true;
    while (this.#status.length < this.#kind.length) this.#addHoldChunk();
  }
}
