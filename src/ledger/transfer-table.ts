/**
 * Every transfer ever created, as columns indexed by an internal number (its position in
 * creation order). Columns instead of one object per transfer: a million posted transfers take
 * ~16 MB of typed arrays (16 bytes a row since stop 32; a minted id 5 bytes more) that the GC never traces,
 * written in order. Transfers are never changed; the only column that moves is `status`, the derived state
 * of a pending transfer. Postings also link to the previous posting of each of their accounts:
 * that chain is where rows come from.
 *
 * Some columns belong to some kinds only: the previous-posting links to postings, `status` and
 * `timeoutAtMs` to pending transfers, `pendingIndex` to posts and voids. Only appends of those
 * kinds write them, and readers look at a row's kind first; in other rows they hold zero or what
 * a rolled-back row left. So a posted transfer writes seven values in one chunk.
 *
 * The columns of holds and resolutions (`status`, `timeoutAtMs`, `pendingIndex`) have a row per
 * hold or resolution only, its "hold row", in transfer order: in the API-driven log one transfer
 * in nine is one, and a row of those columns for every transfer (13 bytes, before stop 24) was
 * ~37 B of the ledger's ~285 B per transaction. A transfer finds its hold row without a column
 * of its own: the hold rows before its block of 64 transfers (`#holdBlockBase`, 4 bytes a block)
 * plus its place among the block's hold rows, kept in the upper six bits of its `kind` byte.
 * A hold row is 9 bytes since stop 32: a hold's timeout and a resolution's pending transfer share
 * one Float64 (a hold has no pending transfer, a resolution no timeout).
 *
 * The columns are held in chunks of CHUNK_ROWS rows: one buffer per chunk for the columns every
 * kind has, one more for the hold columns. A chunk is made once and never copied, and the table
 * holds at most one chunk of empty rows (~16 KB, and one of hold rows, ~9 KB). Growing one array per column by 4x (before
 * stop 19) left up to 3/4 of each empty (16,384 rows for 8,881 transfers, 16.8M for 10M) and
 * copied every column at each growth (docs/performance.md, "Ledger columns (stop 19)"). Reads
 * cost one more load (the chunk); appends write through the last chunk, kept at hand.
 */
import { assert } from '../core/assert.js';
import { AmountColumn } from './amount-column.js';
import { IdIndex } from './id-index.js';
import type { PackedStrings } from './packed-strings.js';
import { SplitColumn } from './split-column.js';
import { TIME_ESCAPED, timeBase, timeOffset } from '../core/time-offsets.js';
import { TransactionIdColumn } from './transaction-id-column.js';
import { MINTED_HEAD, MINTED_LENGTH, TransferIdColumn } from './transfer-id-column.js';

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
// Bytes per row of the columns every kind has (atMs's offset, the accounts' and links' low
// halves, amountMinor's bits 0-15 and 16-23, kind).
const BASE_ROW_BYTES = 4 + 4 * 2 + 2 + 1 + 1;
// Bytes of a hold row (timeoutAtMs or pendingIndex, status); hold rows come in chunks of CHUNK_ROWS.
const HOLD_ROW_BYTES = 8 + 1;
// The `kind` byte: the KIND_* in its low bits, a hold row's place in its block above them.
const KIND_BITS = 2;
const KIND_MASK = (1 << KIND_BITS) - 1;
// log2 of the transfers in a block: a block's hold rows are numbered in 8 - KIND_BITS bits.
const HOLD_BLOCK_BITS = 8 - KIND_BITS;
const HOLD_BLOCKS_FIRST = 64;

const NO_U8 = new Uint8Array(0);
const NO_I32 = new Int32Array(0);
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
  // Ids of transfers added since the restore (from #base on): the engine's minted ones as their
  // word and index, their time being the transfer's (transfer-id-column.ts).
  readonly #addedIds = new TransferIdColumn((row) => this.atMsOf(this.#base + row));
  readonly #ids = new IdIndex(undefined, this.#addedIds);
  // The time of the last transfer added since the restore (-Infinity: none). The id index finds
  // minted ids by their time (`TransferIdColumn.find`) while added transfers' times never go
  // back; the first that does puts every id in its hash table, for good.
  #lastAtMs = Number.NEGATIVE_INFINITY;
  // Ids of transfers [0, #base), restored from a snapshot: its text of them (restoreIds), then,
  // when most are the engine's, packed as added ones are once their times are restored
  // (restoreColumns), and the text (~49 B an id, where this holds ~6) no longer held.
  #restoredText: PackedStrings | undefined = undefined;
  #restoredIds: TransferIdColumn | undefined = undefined;
  // transactionId as given (or inherited by a resolution); undefined when none. Of transfers
  // [0, #base), restored from a snapshot: kept as the snapshot holds them (restoreIds); of
  // later ones, transfer t's at t - #base (transaction-id-column.ts).
  readonly #transactionIds = new TransactionIdColumn({
    mintedKeyAt: (row) => this.#addedIds.mintedKeyAt(row),
    timeAt: (row) => this.atMsOf(this.#base + row),
    idAt: (row) => this.#addedIds.at(row),
  });
  #base = 0;
  #restoredTransactionIds: PackedStrings | undefined = undefined;
  #restoredTransactionRefs: Int32Array = new Int32Array(0);
  // Per chunk, each column's rows [c * CHUNK_ROWS, (c + 1) * CHUNK_ROWS).
  readonly #kind: Uint8Array[] = [];
  // Account numbers, 16 bits a row while they fit (split-column.ts).
  readonly #debitAccount = new SplitColumn(CHUNK_BITS);
  readonly #creditAccount = new SplitColumn(CHUNK_BITS);
  /**
   * Posted: moved. Pending: held. Post: the posted part. Void: the released hold. 24 bits a row
   * while they fit (amount-column.ts).
   */
  readonly #amountMinor = new AmountColumn(CHUNK_BITS);
  // A transfer's time, as an Int32 offset from its chunk's base (the time of the chunk's first
  // transfer, whole ms): transfers of a chunk come within minutes of each other, and a Float64
  // a transfer (before stop 28) held 8 bytes of which 4 said what the chunk's others said.
  // TIME_ESCAPED: the time is in #atMsEscaped, by transfer index (core/time-offsets.ts).
  #atMsBase: Float64Array = NO_F64;
  readonly #atMsOffset: Int32Array[] = [];
  readonly #atMsEscaped = new Map<number, number>();
  // For a posting (posted or post): how far back each account's previous posting is (0: none),
  // 16 bits a row while it fits (split-column.ts): a posting's account posted a few thousand
  // transfers before at most in these logs, where the previous posting's index takes 20 bits.
  readonly #debitBack = new SplitColumn(CHUNK_BITS);
  readonly #creditBack = new SplitColumn(CHUNK_BITS);
  // Per chunk of CHUNK_ROWS hold rows (see the module comment): a hold's timeout (NO_TIMEOUT:
  // none) or a post's or void's pending transfer, and a hold's STATUS_*.
  readonly #holdWord: Float64Array[] = [];
  readonly #status: Uint8Array[] = [];
  // Hold rows of transfers [0, count).
  #holdCount = 0;
  // Per block of 2^HOLD_BLOCK_BITS transfers, the hold rows before it: set for blocks
  // [0, #holdBlocks), which hold every hold row (later blocks have none).
  #holdBlockBase: Int32Array = NO_I32;
  #holdBlocks = 0;
  // The chunk appends write into (-1: none yet) and its columns, so that an append and its
  // links load no chunk.
  #tail = -1;
  #tailKind: Uint8Array = NO_U8;
  #tailAtMsOffset: Int32Array = NO_I32;

  /** The id of transfer `index` (below `count`). */
  idAt(index: number): string {
    return this.#ids.keyAt(index);
  }

  /** The transactionId of transfer `index` (below `count`), or undefined when it has none. */
  transactionIdAt(index: number): string | undefined {
    if (index >= this.#base) return this.#transactionIds.at(index - this.#base);
    const ref = this.#restoredTransactionRefs[index]!;
    return ref === -1 ? undefined : this.#restoredTransactionIds?.at(ref);
  }

  /** The ids of transfers [0, count), in index order, as a new array. */
  idList(): string[] {
    return this.#ids.slice();
  }

  /**
   * Ids in the id index's hash table: those not found by their time (`TransferIdColumn.find`),
   * every one once a transfer's time went back. For tests and measurements.
   */
  get hashedIdCount(): number {
    return this.#ids.tableKeys;
  }

  /** Index of the transfer with `id`, or -1. */
  indexOf(id: string): number {
    return this.#ids.indexOf(id);
  }

  /** KIND_* of transfer `t` (below `count`). */
  kindOf(t: number): number {
    return this.#kind[t >>> CHUNK_BITS]![t & CHUNK_MASK]! & KIND_MASK;
  }

  /** Debit account number of transfer `t`. */
  debitAccountOf(t: number): number {
    return this.#debitAccount.at(t);
  }

  /** Credit account number of transfer `t`. */
  creditAccountOf(t: number): number {
    return this.#creditAccount.at(t);
  }

  /** Amount of transfer `t` (posted: moved; pending: held; post: posted; void: released). */
  amountMinorOf(t: number): bigint {
    return this.#amountMinor.at(t);
  }

  /** Time of transfer `t`. */
  atMsOf(t: number): number {
    const c = t >>> CHUNK_BITS;
    const offset = this.#atMsOffset[c]![t & CHUNK_MASK]!;
    return offset === TIME_ESCAPED ? this.#atMsEscaped.get(t)! : this.#atMsBase[c]! + offset;
  }

  // Writes transfer `t`'s time into `offsets`, its chunk's offsets; the first of a chunk sets
  // the chunk's base.
  #writeAtMs(offsets: Int32Array, t: number, atMs: number): void {
    const c = t >>> CHUNK_BITS;
    const row = t & CHUNK_MASK;
    if (row === 0) this.#atMsBase[c] = timeBase(atMs);
    this.#setAtMs(offsets, t, atMs);
  }

  // Sets transfer `t`'s time in `offsets`, its chunk's, against the chunk's base: as an offset
  // when one says it exactly, else escaped to #atMsEscaped.
  #setAtMs(offsets: Int32Array, t: number, atMs: number): void {
    const offset = timeOffset(atMs, this.#atMsBase[t >>> CHUNK_BITS]!);
    offsets[t & CHUNK_MASK] = offset;
    if (offset === TIME_ESCAPED) this.#atMsEscaped.set(t, atMs);
    else if (this.#atMsEscaped.size > 0) this.#atMsEscaped.delete(t);
  }

  /** For a posting `t`: its debit account's previous posting (−1: none). */
  debitPreviousOf(t: number): number {
    return previousOf(t, this.#debitBack.at(t));
  }

  /** For a posting `t`: its credit account's previous posting (−1: none). */
  creditPreviousOf(t: number): number {
    return previousOf(t, this.#creditBack.at(t));
  }

  /** For a hold `t` (below `count`): its timeout (NO_TIMEOUT: none). */
  timeoutAtMsOf(t: number): number {
    const h = this.#holdRowOf(t);
    return this.#holdWord[h >>> CHUNK_BITS]![h & CHUNK_MASK]!;
  }

  /** For a post or void `t` (below `count`): the index of the hold it resolves. */
  pendingIndexOf(t: number): number {
    const h = this.#holdRowOf(t);
    return this.#holdWord[h >>> CHUNK_BITS]![h & CHUNK_MASK]!;
  }

  /** For a hold `t` (below `count`): STATUS_OPEN, POSTED, VOIDED or EXPIRED. */
  statusOf(t: number): number {
    const h = this.#holdRowOf(t);
    return this.#status[h >>> CHUNK_BITS]![h & CHUNK_MASK]!;
  }

  /** Sets the status of hold `t` (a resolution, an expiry, a rollback). */
  setStatus(t: number, status: number): void {
    const h = this.#holdRowOf(t);
    this.#status[h >>> CHUNK_BITS]![h & CHUNK_MASK] = status;
  }

  /** Writes the hold columns of hold `t`, just appended: its status and timeout (NO_TIMEOUT: none). */
  setHold(t: number, status: number, timeoutAtMs: number): void {
    const h = this.#holdRowOf(t);
    this.#status[h >>> CHUNK_BITS]![h & CHUNK_MASK] = status;
    this.#holdWord[h >>> CHUNK_BITS]![h & CHUNK_MASK] = timeoutAtMs;
  }

  /** Writes the pending transfer that post or void `t`, just appended, resolves. */
  setPendingIndex(t: number, pendingIndex: number): void {
    const h = this.#holdRowOf(t);
    this.#holdWord[h >>> CHUNK_BITS]![h & CHUNK_MASK] = pendingIndex;
  }

  // The hold row of hold or resolution `t`.
  #holdRowOf(t: number): number {
    return this.#holdBlockBase[t >>> HOLD_BLOCK_BITS]! + (this.#kind[t >>> CHUNK_BITS]![t & CHUNK_MASK]! >>> KIND_BITS);
  }

  /** Writes posting `t`'s links to its accounts' previous postings (−1: none). */
  setPrevious(t: number, debitPrevious: number, creditPrevious: number): void {
    this.#debitBack.set(t, backTo(t, debitPrevious));
    this.#creditBack.set(t, backTo(t, creditPrevious));
  }

  /**
   * Rewrites the time of transfer `t`. The ledger never does (transfers are never changed):
   * tests plant damage with it that `checkInvariants` must find.
   */
  overwriteAtMs(t: number, atMs: number): void {
    if (t >= this.#base) {
      this.#addedIds.keepText(t - this.#base);
      this.#transactionIds.keepText(t - this.#base);
    } else this.#restoredIds?.keepText(t);
    // The id index's search by time would read the new time.
    this.#ids.stopFinding();
    this.#setAtMs(this.#atMsOffset[t >>> CHUNK_BITS]!, t, atMs);
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
    // The time first: a minted id is packed against it.
    this.#writeAtMs(this.#tailAtMsOffset, index, atMs);
    if (atMs < this.#lastAtMs) this.#ids.stopFinding();
    this.#lastAtMs = atMs;
    const added = this.#ids.add(id);
    assert(added === index, 'transfer id index out of step with the table');
    this.#transactionIds.push(transactionId, id);
    const row = index & CHUNK_MASK;
    this.#tailKind[row] = kind === KIND_POSTED ? kind : kind | (this.#addHoldRow(index) << KIND_BITS);
    this.#debitAccount.set(index, debitAccount);
    this.#creditAccount.set(index, creditAccount);
    this.#amountMinor.set(index, amountMinor);
    this.count = index + 1;
    return index;
  }

  /**
   * Takes the ids and transaction ids of `ids.count` transfers restored from a snapshot into an
   * empty table, as they are stored: packed (packed-strings.ts; the ids until `restoreColumns`),
   * transaction ids as positions in `transactionIds` (-1: none). The caller then gives the
   * columns (`restoreColumns`).
   * Returns the index of the first id that repeats an earlier one, or -1.
   */
  restoreIds(ids: PackedStrings, transactionIds: PackedStrings, transactionRefs: Int32Array): number {
    assert(this.count === 0 && this.#ids.size === 0 && this.#base === 0, 'restoreIds needs an empty table');
    assert(transactionRefs.length >= ids.count, 'a transaction position for every restored transfer');
    this.#base = ids.count;
    this.#restoredText = ids;
    this.#restoredTransactionIds = transactionIds;
    this.#restoredTransactionRefs = transactionRefs;
    return this.#ids.restore(ids);
  }

  /**
   * Takes the columns of the `count` transfers whose ids `restoreIds` took, as views of
   * `columns` (no copy, but for `kind` when there are holds, for `atMs`, whose times are written
   * as offsets, for the amounts, written at 32 bits while they fit, and for the accounts and
   * links, written at 16 bits while they fit): each column must have
   * `restoredCapacity(count)` rows. The hold columns' rows of holds and resolutions are copied
   * into hold rows; `columns` is left as it was given. The ids `restoreIds` took are then packed
   * as added ones are (transfer-id-column.ts), and their text is no longer held.
   */
  restoreColumns(columns: FlatColumns, count: number): void {
    assert(this.count === 0 && this.#kind.length === 0 && count === this.#base, 'restoreColumns needs the restored ids and no columns');
    const rows = restoredCapacity(count);
    const { debitAccount, creditAccount, amountMinor, atMs, debitPrevious, creditPrevious, holds } = columns;
    // Hold rows number themselves in the kind bytes, which the caller may still read.
    const kind = holds === null ? columns.kind : columns.kind.slice();
    for (const column of [kind, debitAccount, creditAccount, amountMinor, atMs, debitPrevious, creditPrevious]) assert(column.length === rows, 'restored column of another length');
    for (let from = 0; from < rows; from += CHUNK_ROWS) {
      const to = from + CHUNK_ROWS;
      this.#kind.push(kind.subarray(from, to));
      this.#addAtMsChunk(new Int32Array(CHUNK_ROWS));
      const halves = new Uint16Array(5 * CHUNK_ROWS);
      this.#debitAccount.addChunk(halves.subarray(0, CHUNK_ROWS));
      this.#creditAccount.addChunk(halves.subarray(CHUNK_ROWS, 2 * CHUNK_ROWS));
      this.#debitBack.addChunk(halves.subarray(2 * CHUNK_ROWS, 3 * CHUNK_ROWS));
      this.#creditBack.addChunk(halves.subarray(3 * CHUNK_ROWS, 4 * CHUNK_ROWS));
      this.#amountMinor.addChunk(halves.subarray(4 * CHUNK_ROWS, 5 * CHUNK_ROWS), new Uint8Array(CHUNK_ROWS));
    }
    this.#amountMinor.restore(amountMinor, count);
    for (let t = 0; t < count; t += 1) {
      this.#writeAtMs(this.#atMsOffset[t >>> CHUNK_BITS]!, t, atMs[t]!);
      this.#debitAccount.set(t, debitAccount[t]!);
      this.#creditAccount.set(t, creditAccount[t]!);
      // Links are derived at load for postings only (snapshot.ts); other rows' are never read.
      const k = columns.kind[t]!;
      if (k === KIND_POSTED || k === KIND_POST) this.setPrevious(t, debitPrevious[t]!, creditPrevious[t]!);
    }
    if (holds !== null) this.#restoreHoldRows(kind, holds, count);
    this.count = count;
    this.#packRestoredIds(count);
  }

  // Moves the restored ids out of the snapshot's text into a column of their own, which packs
  // the minted ones by their transfers' times (restored just before), when at least
  // 7/8 of them have a minted id's shape. Otherwise (a ledger of `t1`, `t2`... ids) the text
  // stays: a few bytes an id, where the column would hold a string apiece, cut out at load.
  #packRestoredIds(count: number): void {
    const text = this.#restoredText;
    this.#restoredText = undefined;
    if (text === undefined || count === 0 || 8 * text.countShaped(MINTED_HEAD, MINTED_LENGTH) < 7 * count) return;
    const restored = new TransferIdColumn((row) => this.atMsOf(row));
    const all = text.text;
    for (let t = 0; t < count; t += 1) restored.pushCut(all, text.startOf(t), text.startOf(t + 1));
    this.#restoredIds = restored;
    // Their minted ids are found by their time when the restored times never go back, as added
    // ones are (#lastAtMs); a snapshot's transfers are in the order they were added.
    let ordered = true;
    for (let t = 1; t < count && ordered; t += 1) ordered = this.atMsOf(t) >= this.atMsOf(t - 1);
    this.#ids.holdRestored(restored, ordered);
  }

  // Gives each hold and resolution among transfers [0, count) its hold row, from the flat
  // `holds` columns and `kind` (which it numbers).
  #restoreHoldRows(kind: Uint8Array, holds: NonNullable<StoredColumns['holds']>, count: number): void {
    for (let t = 0; t < count; t += 1) {
      const k = kind[t]!;
      if (k === KIND_POSTED) continue;
      kind[t] = k | (this.#addHoldRow(t) << KIND_BITS);
      if (k === KIND_PENDING) this.setHold(t, holds.status[t]!, holds.timeoutAtMs[t]!);
      else this.setPendingIndex(t, holds.pendingIndex[t]!);
    }
  }

  /**
   * The stored columns of transfers [0, count) copied into flat arrays of `count` rows (the
   * posting links are derived at load, so not copied). A row's cells of the hold columns not
   * of its kind are zero; the hold columns are null until a hold or resolution was appended.
   */
  flatColumns(): StoredColumns {
    const n = this.count;
    const flat = <T extends Uint8Array>(chunks: readonly T[], make: (rows: number) => T): T => {
      const out = make(n);
      for (let c = 0; c * CHUNK_ROWS < n; c += 1) {
        const from = c * CHUNK_ROWS;
        out.set(chunks[c]!.subarray(0, Math.min(CHUNK_ROWS, n - from)) as never, from);
      }
      return out;
    };
    const kind = flat(this.#kind, (rows) => new Uint8Array(rows));
    return {
      kind,
      debitAccount: this.#flatAccounts(this.#debitAccount),
      creditAccount: this.#flatAccounts(this.#creditAccount),
      amountMinor: this.#amountMinor.flat(n),
      atMs: this.#flatAtMs(),
      holds: this.#status.length === 0 ? null : this.#flatHoldColumns(kind),
    };
  }

  // The account numbers of transfers [0, count) in `column` as a flat array.
  #flatAccounts(column: SplitColumn): Int32Array {
    const accounts = new Int32Array(this.count);
    for (let t = 0; t < this.count; t += 1) accounts[t] = column.at(t);
    return accounts;
  }

  // The times of transfers [0, count) as a flat array.
  #flatAtMs(): Float64Array {
    const atMs = new Float64Array(this.count);
    for (let t = 0; t < this.count; t += 1) atMs[t] = this.atMsOf(t);
    return atMs;
  }

  // The hold columns of transfers [0, count) as flat arrays, from their hold rows; clears the
  // hold-row numbers out of `kind` (a flat copy of the kind column) on the way.
  #flatHoldColumns(kind: Uint8Array): NonNullable<StoredColumns['holds']> {
    const n = this.count;
    const timeoutAtMs = new Float64Array(n);
    const pendingIndex = new Int32Array(n);
    const status = new Uint8Array(n);
    for (let t = 0; t < n; t += 1) {
      const k = kind[t]! & KIND_MASK;
      if (k === KIND_POSTED) continue;
      kind[t] = k;
      if (k === KIND_PENDING) {
        timeoutAtMs[t] = this.timeoutAtMsOf(t);
        status[t] = this.statusOf(t);
      } else {
        pendingIndex[t] = this.pendingIndexOf(t);
      }
    }
    return { timeoutAtMs, pendingIndex, status };
  }

  /** Forgets the transfers from `count` on, ids included (a linked batch rolling back). */
  truncate(count: number): void {
    assert(count >= this.#base && count <= this.count, 'truncate beyond the end or into restored transfers');
    this.#ids.truncate(count);
    this.#lastAtMs = count > this.#base ? this.atMsOf(count - 1) : Number.NEGATIVE_INFINITY;
    this.#transactionIds.truncate(count - this.#base);
    this.#truncateHoldRows(count);
    if (this.#atMsEscaped.size > 0) for (const t of this.#atMsEscaped.keys()) if (t >= count) this.#atMsEscaped.delete(t);
    // The chunks stay: the next appends reuse them.
    this.count = count;
  }

  // Forgets the hold rows of transfers from `count` on: those after the hold rows of the
  // transfers before `count` in its block. Later blocks' bases are set again as holds come.
  #truncateHoldRows(count: number): void {
    const block = count >>> HOLD_BLOCK_BITS;
    if (block >= this.#holdBlocks) return;
    let holdRows = this.#holdBlockBase[block]!;
    for (let t = block << HOLD_BLOCK_BITS; t < count; t += 1) if (this.kindOf(t) !== KIND_POSTED) holdRows += 1;
    this.#holdCount = holdRows;
    this.#holdBlocks = block + 1;
  }

  // Gives transfer `t` (a hold or resolution, the last one appended) the next hold row, and
  // returns its place among its block's hold rows.
  #addHoldRow(t: number): number {
    const block = t >>> HOLD_BLOCK_BITS;
    const h = this.#holdCount;
    // Blocks since the last one with a hold row have none: their base is every row so far.
    while (this.#holdBlocks <= block) {
      if (this.#holdBlocks === this.#holdBlockBase.length) this.#growHoldBlocks();
      this.#holdBlockBase[this.#holdBlocks] = h;
      this.#holdBlocks += 1;
    }
    if (h >>> CHUNK_BITS === this.#status.length) this.#addHoldChunk();
    this.#holdCount = h + 1;
    return h - this.#holdBlockBase[block]!;
  }

  #growHoldBlocks(): void {
    const grown = new Int32Array(Math.max(HOLD_BLOCKS_FIRST, 2 * this.#holdBlockBase.length));
    grown.set(this.#holdBlockBase);
    this.#holdBlockBase = grown;
  }

  // Makes chunk `c` the one appends write into, making it when it is the next one.
  #enterChunk(c: number): void {
    assert(c <= this.#kind.length, 'transfer chunks are made in order');
    if (c === this.#kind.length) this.#addChunk();
    this.#tail = c;
    this.#tailKind = this.#kind[c]!;
    this.#tailAtMsOffset = this.#atMsOffset[c]!;
  }

  // One buffer for a chunk of the columns every kind has, widest first so each view is aligned.
  #addChunk(): void {
    const buffer = new ArrayBuffer(CHUNK_ROWS * BASE_ROW_BYTES);
    this.#addAtMsChunk(new Int32Array(buffer, 0, CHUNK_ROWS));
    this.#debitAccount.addChunk(new Uint16Array(buffer, 4 * CHUNK_ROWS, CHUNK_ROWS));
    this.#creditAccount.addChunk(new Uint16Array(buffer, 6 * CHUNK_ROWS, CHUNK_ROWS));
    this.#debitBack.addChunk(new Uint16Array(buffer, 8 * CHUNK_ROWS, CHUNK_ROWS));
    this.#creditBack.addChunk(new Uint16Array(buffer, 10 * CHUNK_ROWS, CHUNK_ROWS));
    this.#amountMinor.addChunk(new Uint16Array(buffer, 12 * CHUNK_ROWS, CHUNK_ROWS), new Uint8Array(buffer, 14 * CHUNK_ROWS, CHUNK_ROWS));
    this.#kind.push(new Uint8Array(buffer, 15 * CHUNK_ROWS, CHUNK_ROWS));
  }

  // Adds a chunk's atMs offsets, and room for its base.
  #addAtMsChunk(offsets: Int32Array): void {
    const c = this.#atMsOffset.length;
    this.#atMsOffset.push(offsets);
    if (c === this.#atMsBase.length) {
      const grown = new Float64Array(Math.max(HOLD_BLOCKS_FIRST, 2 * c));
      grown.set(this.#atMsBase);
      this.#atMsBase = grown;
    }
  }

  #addHoldChunk(): void {
    const buffer = new ArrayBuffer(CHUNK_ROWS * HOLD_ROW_BYTES);
    this.#holdWord.push(new Float64Array(buffer, 0, CHUNK_ROWS));
    this.#status.push(new Uint8Array(buffer, 8 * CHUNK_ROWS, CHUNK_ROWS));
  }
}

// A posting link (−1: none, else an earlier transfer: links only go back) as the distance back
// from posting `t` (0: none).
function backTo(t: number, previous: number): number {
  return previous === -1 ? 0 : t - previous;
}

// The posting link of posting `t` whose distance back is `back`.
function previousOf(t: number, back: number): number {
  return back === 0 ? -1 : t - back;
}
