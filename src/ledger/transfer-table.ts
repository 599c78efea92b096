/**
 * Every transfer ever created, as columns indexed by an internal number (its position in
 * creation order). Columns instead of one object per transfer: a million posted transfers take
 * ~35 MB (~48 MB once there are holds) of typed arrays that the GC never traces, written in
 * order. Transfers are never changed; the only column that moves is `status`, the derived state
 * of a pending transfer. Postings also link to the previous posting of each of their accounts:
 * that chain is where rows come from.
 *
 * Some columns belong to some kinds only: `status` and `timeoutAtMs` to pending transfers,
 * `pendingIndex` to posts and voids, the previous-posting links to postings. Only appends of
 * those kinds write them, and readers look at a row's kind first; in other rows they hold zero
 * or what a rolled-back row left. So a posted transfer writes five columns, and growing the
 * table touches no page that a row does not write: filling unused columns with "none" values
 * cost ~3-6% of a replay, mostly in page faults. The columns of holds and resolutions are made
 * only when the first of them comes, so a log of posted transfers never grows or copies them.
 */
import { assert } from '../core/assert.js';
import { ChunkedList } from './chunked-list.js';
import { IdIndex } from './id-index.js';
import type { PackedStrings } from './packed-strings.js';

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

const CAPACITY_FIRST = 1_024;

/** The transfer table: append, look up by id, truncate (linked-batch rollback). */
export class TransferTable {
  /** Number of transfers. */
  count = 0;
  readonly #ids = new IdIndex();
  // transactionId as given (or inherited by a resolution); undefined when none. Of transfers
  // [0, #base), restored from a snapshot: kept as the snapshot holds them (restoreIds).
  readonly #transactionIds = new ChunkedList<string | undefined>();
  #base = 0;
  #restoredTransactionIds: PackedStrings | undefined = undefined;
  #restoredTransactionRefs: Int32Array = new Int32Array(0);
  debitAccount = new Int32Array(CAPACITY_FIRST);
  creditAccount = new Int32Array(CAPACITY_FIRST);
  /** Posted: moved. Pending: held. Post: the posted part. Void: the released hold. */
  amountMinor = new BigInt64Array(CAPACITY_FIRST);
  atMs = new Float64Array(CAPACITY_FIRST);
  /** For a hold: its timeout (NO_TIMEOUT: none). Empty until the first hold or resolution. */
  timeoutAtMs = new Float64Array(0);
  /** For a post or void: index of the pending transfer it resolves. Empty like `timeoutAtMs`. */
  pendingIndex = new Int32Array(0);
  /** For a posting (posted or post): the debit account's previous posting (−1: none). */
  debitPrevious = new Int32Array(CAPACITY_FIRST);
  /** For a posting: the credit account's previous posting (−1: none). */
  creditPrevious = new Int32Array(CAPACITY_FIRST);
  kind = new Uint8Array(CAPACITY_FIRST);
  /** For a hold: STATUS_OPEN, POSTED, VOIDED or EXPIRED. Empty like `timeoutAtMs`. */
  status = new Uint8Array(0);

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

  /** Index of the transfer with `id`, or -1. */
  indexOf(id: string): number {
    return this.#ids.indexOf(id);
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
    if (index === this.kind.length) this.#grow();
    if (kind !== KIND_POSTED && this.status.length === 0) this.#openHoldColumns();
    const added = this.#ids.add(id);
    assert(added === index, 'transfer id index out of step with the table');
    this.#transactionIds.push(transactionId);
    this.kind[index] = kind;
    this.debitAccount[index] = debitAccount;
    this.creditAccount[index] = creditAccount;
    this.amountMinor[index] = amountMinor;
    this.atMs[index] = atMs;
    this.count = index + 1;
    return index;
  }

  /**
   * Takes the ids and transaction ids of `ids.count` transfers restored from a snapshot into an
   * empty table, as they are stored: packed (packed-strings.ts), transaction ids as positions
   * in `transactionIds` (-1: none). The caller sets the columns and `count`. Returns the index
   * of the first id that repeats an earlier one, or -1.
   */
  restoreIds(ids: PackedStrings, transactionIds: PackedStrings, transactionRefs: Int32Array): number {
    assert(this.count === 0 && this.#ids.size === 0 && this.#base === 0, 'restoreIds needs an empty table');
    assert(transactionRefs.length >= ids.count, 'a transaction position for every restored transfer');
    this.#base = ids.count;
    this.#restoredTransactionIds = transactionIds;
    this.#restoredTransactionRefs = transactionRefs;
    return this.#ids.restore(ids);
  }

  /** Forgets the transfers from `count` on, ids included (a linked batch rolling back). */
  truncate(count: number): void {
    assert(count >= this.#base && count <= this.count, 'truncate beyond the end or into restored transfers');
    this.#ids.truncate(count);
    this.#transactionIds.truncate(count - this.#base);
    this.count = count;
  }

  // Quadruples: each growth copies every column and faults in fresh pages, and a replay of a
  // million transfers grew ten times by doubling (~2.5% of it, npm run bench:ab). The pages a
  // larger capacity leaves unwritten stay untouched, so they cost address space, not memory.
  #grow(): void {
    const capacity = this.kind.length * 4;
    const grow = <T extends Int32Array | BigInt64Array | Float64Array | Uint8Array>(
      column: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(column as never);
      return next;
    };
    this.debitAccount = grow(this.debitAccount, (n) => new Int32Array(n));
    this.creditAccount = grow(this.creditAccount, (n) => new Int32Array(n));
    this.amountMinor = grow(this.amountMinor, (n) => new BigInt64Array(n));
    this.atMs = grow(this.atMs, (n) => new Float64Array(n));
    if (this.status.length > 0) {
      this.timeoutAtMs = grow(this.timeoutAtMs, (n) => new Float64Array(n));
      this.pendingIndex = grow(this.pendingIndex, (n) => new Int32Array(n));
      this.status = grow(this.status, (n) => new Uint8Array(n));
    }
    this.debitPrevious = grow(this.debitPrevious, (n) => new Int32Array(n));
    this.creditPrevious = grow(this.creditPrevious, (n) => new Int32Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
  }

  // The columns of holds and their resolutions, made when the first of them is appended: a log
  // of posted transfers only never pays for them.
  #openHoldColumns(): void {
    const capacity = this.kind.length;
    this.timeoutAtMs = new Float64Array(capacity);
    this.pendingIndex = new Int32Array(capacity);
    this.status = new Uint8Array(capacity);
  }
}
