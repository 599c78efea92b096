/**
 * The transaction id of each transfer, in a byte a transfer (a Uint16 until stop 33). Most
 * transfers hold nothing else:
 *
 * - **self**: a `Transaction:<uuid>` the engine minted in the event (or a nearby one) that made
 *   the transfer is rebuilt from the transfer's own packed id (transfer-id-column.ts): its time
 *   is the transfer's, its index 0, and its w1 is the one whose seq key (core/minted-uuid.ts
 *   `mintedSeqKey`) differs from the transfer id's by the xor kept in the byte (below
 *   SELF_LIMIT). A payment's transaction and the transfers of the command that made it are
 *   minted a few events apart: the xor is below 64 for 98% of the self rows of the API-driven log.
 * - **back**: the same transaction id as an earlier transfer within BACK_MAX: its distance back.
 *   That transfer is the transaction's latest one before (itself self, back or entry), so a read
 *   follows the chain back to the transaction's "root", a self or entry row. A transaction's
 *   later transfers (its settlement, a post or void of its hold) find its latest transfer among
 *   the last RECENT_ROWS transactions met (a ring of rows and hashes), or as the previous transfer.
 * - **entry**: any other id, in a list of distinct ids (an `IdColumn`, ~10 bytes an id). Entries
 *   are made in row order, one by each entry row, so an entry row's place in the list is the
 *   entries before its block of 64 rows (an Int32 a block) plus the entry rows before it in the block.
 * - none, or the transfer's own id (the ledger-only log names each transaction after its transfer).
 *
 * Until stop 32 every transaction id had an entry and a transfer pointed at it; stop 32 made self
 * and back rows in a Uint16 (back: the distance to the root, up to 32,766); stop 33 a byte, the
 * back distance to the transaction's latest transfer, below 190 (docs/performance.md).
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
  /** The seq key of the w1 of row `row`'s transfer id when it is packed in minted form (transfer-id-column.ts), else -1. */
  readonly mintedKeyAt: (row: number) => number;
  /** The time of row `row`'s transfer. */
  readonly timeAt: (row: number) => number;
  /** Row `row`'s transfer id. */
  readonly idAt: (row: number) => string;
};

const CHUNK_BITS = 10;
/** How a transaction id rebuilt from its transfer's id starts, and its length. */
const SELF_HEAD = 'Transaction:';
const SELF_LENGTH = SELF_HEAD.length + UUID_LENGTH;
// log2 of the rows of a block: each block keeps the entries made before its first row.
const BLOCK_BITS = 6;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;
const BLOCKS_FIRST = 64;
// Transactions met last (a power of two): at least one a row, so more than BACK_MAX never binds.
const RECENT_ROWS = 256;
const RECENT_MASK = RECENT_ROWS - 1;
const NO_ROW = -1;
/** Seq-key xors a self row holds: below this. The stored byte of a self row is its xor. */
export const SELF_LIMIT = 64;
// A back row's byte: BACK_BASE + its distance back (1 to BACK_MAX); then the three marks.
const BACK_BASE = SELF_LIMIT - 1;
const STORED_ENTRY = 0xfd;
const STORED_SAME = 0xfe;
const STORED_NONE = 0xff;
/** The farthest back a transfer names its transaction's latest transfer. */
export const BACK_MAX = STORED_ENTRY - 1 - BACK_BASE;

const NO_BLOCKS = new Int32Array(0);

/** Transaction ids of transfers [0, length), append-only with truncation. */
export class TransactionIdColumn {
  readonly #source: TransferIdSource;
  readonly #bits: number;
  readonly #mask: number;
  #length = 0;
  // Per chunk of transfers: each one's stored byte (see above).
  readonly #refs: Uint8Array[] = [];
  // Per block of 2^BLOCK_BITS transfers: #distinct's length before its first transfer.
  #entriesBefore: Int32Array = NO_BLOCKS;
  readonly #distinct = new IdColumn();
  // The last transfer's transaction id when it has a root (else undefined), that transfer, and
  // its slot in the ring: an equal id next is a back row without hashing.
  #last: string | undefined = undefined;
  #lastRow = NO_ROW;
  #lastSlot = 0;
  // The transactions met last, the k-th met at slot k & RECENT_MASK: the latest row with its id
  // (NO_ROW: none) and its id's hashString. A transaction met again takes a new slot, so the
  // rows grow with the slots.
  readonly #recentRows = new Int32Array(RECENT_ROWS).fill(NO_ROW);
  readonly #recentHashes = new Int32Array(RECENT_ROWS);
  #met = 0;
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
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 16, 'chunkBits out of range');
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
    if (stored >= STORED_ENTRY) return stored === STORED_ENTRY ? 'entry' : stored === STORED_NONE ? 'none' : 'same';
    return stored < SELF_LIMIT ? 'self' : 'back';
  }

  /** Appends the transaction id of transfer row `length`, whose own id is `transferId`; the source must read that row already. */
  push(transactionId: string | undefined, transferId: string): void {
    const row = this.#length;
    const c = row >>> this.#bits;
    if ((row & this.#mask) === 0 && c === this.#refs.length) this.#refs.push(new Uint8Array(1 << this.#bits));
    // A block left by a truncation is written again: its start moves with #distinct.
    if ((row & BLOCK_MASK) === 0) this.#startBlock(row >>> BLOCK_BITS);
    this.#refs[c]![row & this.#mask] = this.#storedOf(row, transactionId, transferId);
    this.#length = row + 1;
  }

  /** The transaction id of row `row` (below `length`), or undefined when it has none. */
  at(row: number): string | undefined {
    const stored = this.#storedAt(row);
    if (stored >= STORED_SAME) return stored === STORED_NONE ? undefined : this.#source.idAt(row);
    return this.#rootText(this.#rootOf(row));
  }

  /**
   * Keeps the text of row `row`'s transaction id as it is now, before its transfer's time changes
   * (a self row is rebuilt from that time). Only tests change a transfer's time.
   */
  keepText(row: number): void {
    assert(row >= 0 && row < this.#length, 'keepText out of range');
    if (this.#storedAt(row) < SELF_LIMIT) this.#kept.set(row, this.at(row)!);
  }

  /** Forgets the transfers from `length` on, and the distinct ids only they used. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    // (A block's start is current once its first transfer is kept: not so at the very end.)
    if (length === this.#length) return;
    // Entries are made in row order, one by each entry row: the kept ones are the kept rows'.
    this.#distinct.truncate(this.#entriesBeforeRow(length));
    this.#length = length;
    if (this.#kept.size > 0) for (const row of this.#kept.keys()) if (row >= length) this.#kept.delete(row);
    // The ring may name dropped rows: it starts again, from the last kept row's transaction.
    this.#recentRows.fill(NO_ROW);
    this.#last = undefined;
    this.#lastRow = NO_ROW;
    if (length > 0) this.#resumeAfter(length - 1);
  }

  // Makes row `row`'s transaction id (when it has a root) the last one, and the ring's first.
  #resumeAfter(row: number): void {
    if (this.#storedAt(row) >= STORED_SAME) return;
    const id = this.at(row)!;
    this.#meet(row, hashString(id));
    this.#last = id;
  }

  #storedAt(row: number): number {
    return this.#refs[row >>> this.#bits]![row & this.#mask]!;
  }

  // Sets block `block`'s entries before, growing the blocks when it is the next one.
  #startBlock(block: number): void {
    if (block === this.#entriesBefore.length) {
      const grown = new Int32Array(Math.max(BLOCKS_FIRST, 2 * block));
      grown.set(this.#entriesBefore);
      this.#entriesBefore = grown;
    }
    this.#entriesBefore[block] = this.#distinct.length;
  }

  // The entries made by rows [0, row): those before row's block and its entry rows before row.
  // Row `row`'s block must have been started (a row of it pushed).
  #entriesBeforeRow(row: number): number {
    let entries = this.#entriesBefore[row >>> BLOCK_BITS]!;
    for (let i = row & ~BLOCK_MASK; i < row; i += 1) if (this.#storedAt(i) === STORED_ENTRY) entries += 1;
    return entries;
  }

  // The root (a self or entry row) of row `row`, which has a root: back rows followed back.
  #rootOf(row: number): number {
    let root = row;
    let stored = this.#storedAt(root);
    while (stored >= SELF_LIMIT && stored < STORED_ENTRY) {
      root -= stored - BACK_BASE;
      stored = this.#storedAt(root);
    }
    return root;
  }

  // The transaction id of root `root` (a self or entry row).
  #rootText(root: number): string {
    const stored = this.#storedAt(root);
    if (stored === STORED_ENTRY) return this.#distinct.at(this.#entriesBeforeRow(root));
    return this.#keptText(root) ?? SELF_HEAD + uuidText(this.#selfWords(root, stored), 0);
  }

  #storedOf(row: number, transactionId: string | undefined, transferId: string): number {
    if (transactionId === undefined || transactionId === transferId) {
      this.#last = undefined;
      return transactionId === undefined ? STORED_NONE : STORED_SAME;
    }
    if (transactionId === this.#last) {
      // The previous row: the ring's slot of its transaction moves on to this one.
      const back = row - this.#lastRow;
      this.#recentRows[this.#lastSlot] = row;
      this.#lastRow = row;
      return BACK_BASE + back;
    }
    return this.#storedNew(row, transactionId);
  }

  // The stored byte of row `row` whose transaction id is not the last one's: a back row to the
  // latest row of a transaction met within BACK_MAX rows with that id, else a root of its own
  // (self when it can, else an entry).
  #storedNew(row: number, transactionId: string): number {
    const hash = hashString(transactionId);
    const parsed = this.#parse(transactionId);
    const rows = this.#recentRows;
    const hashes = this.#recentHashes;
    let stored = -1;
    // The latest met first: rows only grow with the slots, so the first too far back ends it.
    for (let k = 1; k <= RECENT_ROWS; k += 1) {
      const slot = (this.#met - k) & RECENT_MASK;
      const latest = rows[slot]!;
      if (latest === NO_ROW || row - latest > BACK_MAX) break;
      if (hashes[slot] !== hash || !this.#rootHolds(this.#rootOf(latest), transactionId, parsed)) continue;
      stored = BACK_BASE + (row - latest);
      break;
    }
    if (stored === -1) {
      const self = parsed ? this.#selfXor(row) : -1;
      if (self !== -1) stored = self;
      else {
        stored = STORED_ENTRY;
        this.#distinct.push(transactionId);
      }
    }
    this.#meet(row, hash);
    this.#last = transactionId;
    return stored;
  }

  // Row `row`, whose transaction id hashes to `hash`, is the latest of its transaction: it takes
  // the ring's next slot, and is the last row.
  #meet(row: number, hash: number): void {
    const slot = this.#met & RECENT_MASK;
    this.#recentRows[slot] = row;
    this.#recentHashes[slot] = hash;
    this.#met += 1;
    this.#lastRow = row;
    this.#lastSlot = slot;
  }

  // True when root `root`'s transaction id is `id` (`parsed`: whether #parse took it).
  #rootHolds(root: number, id: string, parsed: boolean): boolean {
    const stored = this.#storedAt(root);
    if (stored === STORED_ENTRY) return this.#distinct.equals(this.#entriesBeforeRow(root), id);
    const kept = this.#keptText(root);
    if (kept !== undefined) return kept === id;
    return parsed && this.#source.timeAt(root) === this.#parsedTimeMs && this.#selfWord(root, stored) === this.#parsedW1;
  }

  // The seq-key xor (below SELF_LIMIT) that rebuilds the id #parse took last from row `row`'s
  // transfer id, or -1 when it is not of the transfer's time or the transfer id is not packed.
  #selfXor(row: number): number {
    const key = this.#source.mintedKeyAt(row);
    if (key === -1 || this.#source.timeAt(row) !== this.#parsedTimeMs) return -1;
    const xor = (mintedSeqKey(this.#parsedW1) ^ key) >>> 0;
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

  // The w1 of self row `root`'s transaction id (`stored`: its stored byte, the xor).
  #selfWord(root: number, stored: number): number {
    const key = this.#source.mintedKeyAt(root) ^ stored;
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
