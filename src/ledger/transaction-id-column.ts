/**
 * The transaction id of each transfer: an Int32 per transfer, pointing into a list of the
 * distinct transaction ids (an IdColumn, so `Transaction:<uuid>` ids are 17 bytes each). A
 * transaction's transfers come one after the other with the same id, so an id equal to the
 * previous transfer's is stored once: ~2.8 transfers a transaction cost ~11 bytes of refs and
 * one packed id, where a list of strings held a pointer per transfer (8 bytes) and the id's
 * string (64-90 bytes). A transaction id equal to the transfer's own id (the ledger-only log
 * names each transaction after its one transfer) costs the Int32 alone.
 */
import { assert } from '../core/assert.js';
import { IdColumn } from '../core/id-column.js';

/** `refAt` of a transfer with no transaction id. */
export const NO_TRANSACTION = -1;
/** `refAt` of a transfer whose transaction id is its own id. */
export const SAME_AS_TRANSFER = -2;

const CHUNK_BITS = 10;
const CHUNK_ROWS = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_ROWS - 1;

/** Transaction ids of transfers [0, length), append-only with truncation. */
export class TransactionIdColumn {
  #length = 0;
  // Per chunk of CHUNK_ROWS transfers: a position in #distinct, NO_TRANSACTION or SAME_AS_TRANSFER.
  readonly #refs: Int32Array[] = [];
  readonly #distinct = new IdColumn();
  // The last transfer's transaction id when it is #distinct's last (else undefined): an equal
  // id next reuses that position. So a position is only ever shared by consecutive transfers,
  // which is what lets `truncate` find where #distinct ends.
  #last: string | undefined = undefined;

  /** Number of transfers. */
  get length(): number {
    return this.#length;
  }

  /** Appends the transaction id of transfer `length`, whose own id is `transferId`. */
  push(transactionId: string | undefined, transferId: string): void {
    const index = this.#length;
    const c = index >>> CHUNK_BITS;
    if (c === this.#refs.length) this.#refs.push(new Int32Array(CHUNK_ROWS));
    this.#refs[c]![index & CHUNK_MASK] = this.#refOf(transactionId, transferId);
    this.#length = index + 1;
  }

  /** Transfer `index`'s position in the distinct ids, NO_TRANSACTION or SAME_AS_TRANSFER. */
  refAt(index: number): number {
    return this.#refs[index >>> CHUNK_BITS]![index & CHUNK_MASK]!;
  }

  /** The distinct transaction id at position `ref` (a `refAt` >= 0). */
  distinctAt(ref: number): string {
    return this.#distinct.at(ref);
  }

  /** Forgets the transfers from `length` on, and the distinct ids only they used. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    // Distinct ids are added in transfer order: the first removed transfer that added one is
    // where their list ends. A transfer added one unless it shares its predecessor's.
    for (let i = length; i < this.#length; i += 1) {
      const ref = this.refAt(i);
      if (ref < 0 || (i > 0 && this.refAt(i - 1) === ref)) continue;
      this.#distinct.truncate(ref);
      break;
    }
    this.#length = length;
    const last = length === 0 ? NO_TRANSACTION : this.refAt(length - 1);
    this.#last = last >= 0 ? this.#distinct.at(last) : undefined;
  }

  #refOf(transactionId: string | undefined, transferId: string): number {
    if (transactionId === undefined || transactionId === transferId) {
      this.#last = undefined;
      return transactionId === undefined ? NO_TRANSACTION : SAME_AS_TRANSFER;
    }
    if (transactionId !== this.#last) {
      this.#distinct.push(transactionId);
      this.#last = transactionId;
    }
    return this.#distinct.length - 1;
  }
}
