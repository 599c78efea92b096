/**
 * The transaction id of each transfer: a Uint16 per transfer, pointing into a list of the
 * distinct transaction ids (an IdColumn, so `Transaction:<uuid>` ids are 10 bytes each, 17 when
 * not minted by the engine). A transaction's transfers come one after the other with the same
 * id, so an id equal to the previous transfer's is stored once: ~2.8 transfers a transaction cost
 * ~6 bytes of refs and one packed id, where a list of strings held a pointer per transfer (8
 * bytes) and the id's string (64-90 bytes). A transaction id equal to the transfer's own id (the
 * ledger-only log names each transaction after its one transfer) costs the Uint16 alone.
 *
 * Why 16 bits are enough: a transfer's entry is one made for it, or one of the last
 * RECENT_ENTRIES entries (the ring below, or the previous transfer's, itself found so), so it lies
 * in [start - RECENT_ENTRIES, start + rows) of its chunk, `start` being the distinct entries before
 * the chunk's first transfer. A ref is kept as its place in that window (an Int32 a transfer
 * before stop 30).
 *
 * An id also reuses its entry when it is among the last RECENT_ENTRIES distinct entries (a
 * ring of their hashes, compared before the packed bytes). In the API-driven log a
 * transaction's transfers come apart (its hold, then its post, with other transactions'
 * transfers between): 17,438 entries for 9,500 ids at 100,000 events (stop 24), of which the
 * ring finds ~88% (stop 28). A lookup in every distinct id would need a map costing about what
 * it saves; the ring is 512 bytes, and only a transfer whose id differs from its predecessor's
 * hashes it (never the ledger-only log's, which name their own transaction).
 */
import { assert } from '../core/assert.js';
import { IdColumn } from '../core/id-column.js';
import { hashString } from '../core/id-hash.js';

/** `refAt` of a transfer with no transaction id. */
export const NO_TRANSACTION = -1;
/** `refAt` of a transfer whose transaction id is its own id. */
export const SAME_AS_TRANSFER = -2;

const CHUNK_BITS = 10;
// Distinct entries an id is looked for among before it gets one of its own (a power of two).
const RECENT_ENTRIES = 64;
const RECENT_MASK = RECENT_ENTRIES - 1;
// A slot of the ring's positions with no entry.
const NO_ENTRY = -1;
// A stored ref is its entry's place in its chunk's window (see the module comment); these two
// values past any window stand for no transaction and the transfer's own id.
const STORED_NONE = 0xffff;
const STORED_SAME = 0xfffe;

/** Transaction ids of transfers [0, length), append-only with truncation. */
export class TransactionIdColumn {
  readonly #bits: number;
  readonly #mask: number;
  #length = 0;
  // Per chunk of transfers: a position in #distinct as its place in the chunk's window
  // (from `#distinctBefore[c] - RECENT_ENTRIES` on), STORED_NONE or STORED_SAME.
  readonly #refs: Uint16Array[] = [];
  // Per chunk of transfers: #distinct's length before its first transfer (for `truncate`).
  readonly #distinctBefore: number[] = [];
  readonly #distinct = new IdColumn();
  // The last transfer's transaction id when it has a distinct entry (else undefined): an equal
  // id next reuses that position without hashing.
  #last: string | undefined = undefined;
  #lastRef = NO_ENTRY;
  // The last RECENT_ENTRIES distinct entries, entry p at slot p & RECENT_MASK: its position
  // (NO_ENTRY: none) and its id's hashString.
  readonly #recentRefs = new Int32Array(RECENT_ENTRIES).fill(NO_ENTRY);
  readonly #recentHashes = new Int32Array(RECENT_ENTRIES);

  /** `chunkBits`: log2 of the transfers of a chunk of refs; tests pass a small one to cross chunks. */
  constructor(chunkBits: number = CHUNK_BITS) {
    // A chunk's window (RECENT_ENTRIES + its rows) must stay below the two stored marks.
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 15, 'chunkBits out of range');
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
  }

  /** Number of transfers. */
  get length(): number {
    return this.#length;
  }

  /** Number of distinct entries held: for tests and measurements. */
  get distinctLength(): number {
    return this.#distinct.length;
  }

  /** Appends the transaction id of transfer `length`, whose own id is `transferId`. */
  push(transactionId: string | undefined, transferId: string): void {
    const index = this.#length;
    const c = index >>> this.#bits;
    if ((index & this.#mask) === 0) {
      // A chunk left by a truncation is written again: its start moves with #distinct.
      if (c === this.#refs.length) this.#refs.push(new Uint16Array(1 << this.#bits));
      this.#distinctBefore[c] = this.#distinct.length;
    }
    this.#refs[c]![index & this.#mask] = this.#stored(c, this.#refOf(transactionId, transferId));
    this.#length = index + 1;
  }

  /** Transfer `index`'s position in the distinct ids, NO_TRANSACTION or SAME_AS_TRANSFER. */
  refAt(index: number): number {
    const c = index >>> this.#bits;
    const stored = this.#refs[c]![index & this.#mask]!;
    if (stored >= STORED_SAME) return stored === STORED_NONE ? NO_TRANSACTION : SAME_AS_TRANSFER;
    return this.#distinctBefore[c]! - RECENT_ENTRIES + stored;
  }

  // `ref` (a position, NO_TRANSACTION or SAME_AS_TRANSFER) as chunk `c` stores it.
  #stored(c: number, ref: number): number {
    if (ref === NO_TRANSACTION) return STORED_NONE;
    if (ref === SAME_AS_TRANSFER) return STORED_SAME;
    const place = ref - this.#distinctBefore[c]! + RECENT_ENTRIES;
    // The message is built only on failure: this runs once a transfer.
    if (!(place >= 0 && place < STORED_SAME)) assert(false, `transaction id entry ${ref} outside its chunk's window`);
    return place;
  }

  /** The distinct transaction id at position `ref` (a `refAt` >= 0). */
  distinctAt(ref: number): string {
    return this.#distinct.at(ref);
  }

  /** Forgets the transfers from `length` on, and the distinct ids only they used. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    // (A chunk's start is current once its first transfer is kept: not so at the very end.)
    if (length === this.#length) return;
    // Distinct entries are added in transfer order, so the ones kept are those up to the
    // greatest position a kept transfer refers to: the greatest of its chunk's start and of
    // the kept transfers of the chunk `length` falls in.
    const c = length >>> this.#bits;
    let kept = this.#distinctBefore[c]!;
    for (let i = c << this.#bits; i < length; i += 1) kept = Math.max(kept, this.refAt(i) + 1);
    this.#distinct.truncate(kept);
    this.#length = length;
    // The ring may name dropped entries: it starts again.
    this.#recentRefs.fill(NO_ENTRY);
    const last = length === 0 ? NO_TRANSACTION : this.refAt(length - 1);
    this.#last = last >= 0 ? this.#distinct.at(last) : undefined;
    this.#lastRef = last;
  }

  #refOf(transactionId: string | undefined, transferId: string): number {
    if (transactionId === undefined || transactionId === transferId) {
      this.#last = undefined;
      return transactionId === undefined ? NO_TRANSACTION : SAME_AS_TRANSFER;
    }
    if (transactionId !== this.#last) {
      this.#lastRef = this.#recentRefOf(transactionId);
      this.#last = transactionId;
    }
    return this.#lastRef;
  }

  // The position of `transactionId` among the recent distinct entries, or a new entry's.
  #recentRefOf(transactionId: string): number {
    const hash = hashString(transactionId);
    const refs = this.#recentRefs;
    const hashes = this.#recentHashes;
    for (let slot = 0; slot < RECENT_ENTRIES; slot += 1) {
      const ref = refs[slot]!;
      if (hashes[slot] === hash && ref !== NO_ENTRY && this.#distinct.equals(ref, transactionId)) return ref;
    }
    const ref = this.#distinct.length;
    this.#distinct.push(transactionId);
    refs[ref & RECENT_MASK] = ref;
    hashes[ref & RECENT_MASK] = hash;
    return ref;
  }
}
