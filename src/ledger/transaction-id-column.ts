/**
 * The transaction id of each transfer, in a Uint16 a transfer. Most transfers hold nothing else:
 *
 * - **self**: a `Transaction:<uuid>` the engine minted in the event (or a nearby one) that made
 *   the transfer is rebuilt from the transfer's own packed id (transfer-id-column.ts): its time
 *   is the transfer's, its index 0, and its w1 is the one whose seq key (core/minted-uuid.ts
 *   `mintedSeqKey`) differs from the transfer id's by the xor kept in the Uint16 (below
 *   SELF_LIMIT). A payment's transaction and the transfers of the command that made it are
 *   minted a few events apart: 15,106 of 29,587 transfers at 100,000 events of the API-driven log.
 * - **back**: the same transaction id as an earlier transfer within BACK_MAX, a "root" (a self
 *   transfer, or one with an entry): its distance back. A transaction's later transfers (its
 *   settlement, a post or void of its hold) find their root among the last RECENT_ROOTS roots (a
 *   ring of their hashes), or as the previous transfer's.
 * - **entry**: any other id, in a list of distinct ids (an `IdColumn`, ~10 bytes an id): its place
 *   among the entries made from its chunk's first transfer on.
 * - none, or the transfer's own id (the ledger-only log names each transaction after its transfer).
 *
 * Until stop 32 every transaction id had an entry and a transfer pointed at it (the ring held the
 * last 64 entries): 10,352 entries for 9,500 ids at 100,000 events, ~10.7 B of each transaction.
 * With self and back rows, 2,129 transactions need one (stop 32, docs/performance.md).
 *
 * A self row depends on its transfer's time: `keepText` keeps its text before that time changes
 * (only tests rewrite a time). A back row reads its root's.
 */
import { assert } from '../core/assert.js';
import { IdColumn } from '../core/id-column.js';
import { hashString } from '../core/id-hash.js';
import { mintedIndex, mintedSeqKey, mintedWord, mintedWordOfSeqKey, mintedWords } from '../core/minted-uuid.js';
import { parseUuid, UUID_LENGTH, uuidText, uuidTimeMs } from '../core/uuid-text.js';

/** What the column reads of the transfers whose transaction ids it holds, by row. */
export type TransferIdSource = {
  /** The w1 of row `row`'s transfer id when it is packed in minted form (transfer-id-column.ts), else -1. */
  readonly mintedWordAt: (row: number) => number;
  /** The time of row `row`'s transfer. */
  readonly timeAt: (row: number) => number;
  /** Row `row`'s transfer id. */
  readonly idAt: (row: number) => string;
};

const CHUNK_BITS = 10;
/** How a transaction id rebuilt from its transfer's id starts, and its length. */
const SELF_HEAD = 'Transaction:';
const SELF_LENGTH = SELF_HEAD.length + UUID_LENGTH;
// Roots (self rows and rows with an entry) an id is looked for among (a power of two).
const RECENT_ROOTS = 64;
const RECENT_MASK = RECENT_ROOTS - 1;
const NO_ROOT = -1;
// The stored Uint16: an entry's place in its chunk below SELF_BASE (chunks of at most 2^14 rows);
// a self row's seq-key xor from SELF_BASE; a back row's distance from BACK_BASE + 1; then the
// two marks.
const SELF_BASE = 0x4000;
/** Seq-key xors a self row holds: below this. */
export const SELF_LIMIT = 0x4000;
const BACK_BASE = 0x7fff;
/** The farthest back a transfer names its transaction's root. */
export const BACK_MAX = 0xfffd - BACK_BASE;
const STORED_NONE = 0xffff;
const STORED_SAME = 0xfffe;

/** Transaction ids of transfers [0, length), append-only with truncation. */
export class TransactionIdColumn {
  readonly #source: TransferIdSource;
  readonly #bits: number;
  readonly #mask: number;
  #length = 0;
  // Per chunk of transfers: each one's stored Uint16 (see above).
  readonly #refs: Uint16Array[] = [];
  // Per chunk of transfers: #distinct's length before its first transfer.
  readonly #distinctBefore: number[] = [];
  readonly #distinct = new IdColumn();
  // The last transfer's transaction id when it has a root (else undefined), and that root: an
  // equal id next is a back row without hashing.
  #last: string | undefined = undefined;
  #lastRoot = NO_ROOT;
  // The last RECENT_ROOTS roots, the k-th at slot k & RECENT_MASK: its row (NO_ROOT: none) and
  // its id's hashString.
  readonly #recentRoots = new Int32Array(RECENT_ROOTS).fill(NO_ROOT);
  readonly #recentHashes = new Int32Array(RECENT_ROOTS);
  #roots = 0;
  // Texts of self rows whose transfer's time changed (`keepText`), by row.
  readonly #kept = new Map<number, string>();
  // The words of the id parsed or rebuilt last, and the parsed one's w1 and time (`#parse`).
  readonly #words = new Int32Array(4);
  #parsedW1 = 0;
  #parsedTimeMs = 0;

  /**
   * `source`: the transfers' ids and times, read at push and when a self row is read.
   * `chunkBits`: log2 of the transfers of a chunk of refs; tests pass a small one to cross chunks.
   */
  constructor(source: TransferIdSource, chunkBits: number = CHUNK_BITS) {
    // A chunk's entry places must stay below SELF_BASE.
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 14, 'chunkBits out of range');
    this.#source = source;
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

  /**
   * How row `row` holds its transaction id: `none`, `same` (the transfer's own id), `self`,
   * `back` or `entry` (see the module comment). For tests and measurements.
   */
  formAt(row: number): 'none' | 'same' | 'self' | 'back' | 'entry' {
    const stored = this.#storedAt(row);
    if (stored >= STORED_SAME) return stored === STORED_NONE ? 'none' : 'same';
    return stored > BACK_BASE ? 'back' : stored >= SELF_BASE ? 'self' : 'entry';
  }

  /** Appends the transaction id of transfer row `length`, whose own id is `transferId`; the source must read that row already. */
  push(transactionId: string | undefined, transferId: string): void {
    const row = this.#length;
    const c = row >>> this.#bits;
    if ((row & this.#mask) === 0) {
      // A chunk left by a truncation is written again: its start moves with #distinct.
      if (c === this.#refs.length) this.#refs.push(new Uint16Array(1 << this.#bits));
      this.#distinctBefore[c] = this.#distinct.length;
    }
    this.#refs[c]![row & this.#mask] = this.#storedOf(row, c, transactionId, transferId);
    this.#length = row + 1;
  }

  /** The transaction id of row `row` (below `length`), or undefined when it has none. */
  at(row: number): string | undefined {
    let stored = this.#storedAt(row);
    if (stored >= STORED_SAME) return stored === STORED_NONE ? undefined : this.#source.idAt(row);
    let root = row;
    if (stored > BACK_BASE) {
      root = row - (stored - BACK_BASE);
      stored = this.#storedAt(root);
    }
    if (stored < SELF_BASE) return this.#distinct.at(this.#distinctBefore[root >>> this.#bits]! + stored);
    return this.#keptText(root) ?? SELF_HEAD + uuidText(this.#selfWords(root, stored), 0);
  }

  /**
   * Keeps the text of row `row`'s transaction id as it is now, before its transfer's time changes
   * (a self row is rebuilt from that time). Only tests change a transfer's time.
   */
  keepText(row: number): void {
    assert(row >= 0 && row < this.#length, 'keepText out of range');
    const stored = this.#storedAt(row);
    if (stored >= SELF_BASE && stored <= BACK_BASE) this.#kept.set(row, this.at(row)!);
  }

  /** Forgets the transfers from `length` on, and the distinct ids only they used. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    // (A chunk's start is current once its first transfer is kept: not so at the very end.)
    if (length === this.#length) return;
    // Entries are made in transfer order, so the ones kept are those up to the greatest one a
    // kept transfer has: its chunk's start, or one of the kept transfers of the chunk `length`
    // falls in (a back row's root has its entry, or is a row before it).
    const c = length >>> this.#bits;
    let kept = this.#distinctBefore[c]!;
    for (let i = c << this.#bits; i < length; i += 1) {
      const stored = this.#storedAt(i);
      if (stored < SELF_BASE) kept = Math.max(kept, this.#distinctBefore[c]! + stored + 1);
    }
    this.#distinct.truncate(kept);
    this.#length = length;
    if (this.#kept.size > 0) for (const row of this.#kept.keys()) if (row >= length) this.#kept.delete(row);
    // The ring may name dropped rows: it starts again.
    this.#recentRoots.fill(NO_ROOT);
    this.#last = undefined;
    this.#lastRoot = NO_ROOT;
    if (length > 0) this.#resumeAfter(length - 1);
  }

  // Makes row `row`'s transaction id (when it has a root) the last one, for the next push.
  #resumeAfter(row: number): void {
    const stored = this.#storedAt(row);
    if (stored >= STORED_SAME) return;
    this.#lastRoot = stored > BACK_BASE ? row - (stored - BACK_BASE) : row;
    this.#last = this.at(row);
  }

  #storedAt(row: number): number {
    return this.#refs[row >>> this.#bits]![row & this.#mask]!;
  }

  #storedOf(row: number, c: number, transactionId: string | undefined, transferId: string): number {
    if (transactionId === undefined || transactionId === transferId) {
      this.#last = undefined;
      return transactionId === undefined ? STORED_NONE : STORED_SAME;
    }
    if (transactionId === this.#last && row - this.#lastRoot <= BACK_MAX) return BACK_BASE + (row - this.#lastRoot);
    return this.#storedNew(row, c, transactionId);
  }

  // The stored value of row `row` (in chunk `c`) whose transaction id is not the last one's: a
  // back row to a recent root with that id, else a root of its own (self when it can, else an
  // entry).
  #storedNew(row: number, c: number, transactionId: string): number {
    const hash = hashString(transactionId);
    const parsed = this.#parse(transactionId);
    const roots = this.#recentRoots;
    const hashes = this.#recentHashes;
    for (let slot = 0; slot < RECENT_ROOTS; slot += 1) {
      const root = roots[slot]!;
      if (hashes[slot] !== hash || root === NO_ROOT || row - root > BACK_MAX) continue;
      if (!this.#rootHolds(root, transactionId, parsed)) continue;
      this.#last = transactionId;
      this.#lastRoot = root;
      return BACK_BASE + (row - root);
    }
    const self = parsed ? this.#selfXor(row) : -1;
    let stored: number;
    if (self !== -1) {
      stored = SELF_BASE + self;
    } else {
      stored = this.#distinct.length - this.#distinctBefore[c]!;
      // The message is built only on failure.
      if (!(stored >= 0 && stored < SELF_BASE)) assert(false, `transaction id entry ${this.#distinct.length} outside its chunk`);
      this.#distinct.push(transactionId);
    }
    const slot = this.#roots & RECENT_MASK;
    roots[slot] = row;
    hashes[slot] = hash;
    this.#roots += 1;
    this.#last = transactionId;
    this.#lastRoot = row;
    return stored;
  }

  // True when root `root`'s transaction id is `id` (`parsed`: whether #parse took it).
  #rootHolds(root: number, id: string, parsed: boolean): boolean {
    const stored = this.#storedAt(root);
    if (stored < SELF_BASE) return this.#distinct.equals(this.#distinctBefore[root >>> this.#bits]! + stored, id);
    const kept = this.#keptText(root);
    if (kept !== undefined) return kept === id;
    return parsed && this.#source.timeAt(root) === this.#parsedTimeMs && this.#selfWord(root, stored) === this.#parsedW1;
  }

  // The seq-key xor (below SELF_LIMIT) that rebuilds the id #parse took last from row `row`'s
  // transfer id, or -1 when it is not of the transfer's time or the transfer id is not packed.
  #selfXor(row: number): number {
    const w1 = this.#source.mintedWordAt(row);
    if (w1 === -1 || this.#source.timeAt(row) !== this.#parsedTimeMs) return -1;
    const xor = (mintedSeqKey(this.#parsedW1) ^ mintedSeqKey(w1)) >>> 0;
    return xor < SELF_LIMIT ? xor : -1;
  }

  // True when `id` is `Transaction:` and a uuid in minted form at index 0 (as a self row holds
  // it), its w1 and time then in #parsedW1 and #parsedTimeMs.
  #parse(id: string): boolean {
    if (id.length !== SELF_LENGTH || !id.startsWith(SELF_HEAD)) return false;
    const words = this.#words;
    if (!parseUuid(id, SELF_HEAD.length, words)) return false;
    const w1 = mintedWord(words, 0);
    if (w1 === -1 || mintedIndex(words, 0, w1) !== 0) return false;
    this.#parsedW1 = w1;
    this.#parsedTimeMs = uuidTimeMs(words, 0);
    return true;
  }

  // The w1 of self row `root`'s transaction id (`stored`: its stored value).
  #selfWord(root: number, stored: number): number {
    const key = mintedSeqKey(this.#source.mintedWordAt(root)) ^ (stored - SELF_BASE);
    return mintedWordOfSeqKey(key >>> 0);
  }

  // The words of self row `root`'s transaction id, in #words.
  #selfWords(root: number, stored: number): Int32Array {
    mintedWords(this.#source.timeAt(root), this.#selfWord(root, stored), 0, this.#words, 0);
    return this.#words;
  }

  #keptText(row: number): string | undefined {
    return this.#kept.size === 0 ? undefined : this.#kept.get(row);
  }
}
