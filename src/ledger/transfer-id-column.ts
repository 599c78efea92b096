/**
 * The ledger's transfer ids in insertion order, those the engine mints in 3 bytes. A transfer id
 * the engine mints is `Transfer:<uuid>` whose uuid is in minted form (core/minted-uuid.ts): its
 * 48-bit time, a 32-bit word w1 and its index in its call. The time is that of the event that
 * made the transfer, which is the transfer's own time, already in the transfer table; so such an
 * id is its w1 and its index (a Uint8), where an `IdColumn` row took 17 bytes until stop 30 (10
 * since) (~31 B of each transaction of the API-driven log, 2.85 transfers each). The engine's
 * calls mint a few transfer ids each (indexes 0-3 in the API-driven log): the index took a Uint16
 * until stop 32.
 *
 * w1 is held as its seq key (`mintedSeqKey`: the seed's word xor the seq the id was minted at),
 * whose high 16 bits change once every 65,536 seqs: a chunk keeps them once, and each row its low
 * 16 bits (a Uint32 w1 a row until stop 33). The first row whose high bits differ from its
 * chunk's gives the chunk a Uint16 of high bits a row, for good (one chunk in twenty of the
 * API-driven log spans such a change). Rebuilding w1 from the key costs five fmix32.
 *
 * Every other id (another prefix, a uuid not in minted form, one whose time is not the
 * transfer's, an index of OTHER or more) goes to an `IdColumn` of its own, in order, as before.
 * A chunk none of whose ids packed has no columns (a ledger of `t1`, `t2`... ids costs what it
 * did before): its row `row` is other id number `#othersBefore[c] + row`. In a chunk with
 * columns, an other id's index is OTHER and its low key bits its position among the other ids
 * counted from the chunk's first (below the chunk's rows, so 16 bits hold it).
 *
 * `at` rebuilds the exact text from (the transfer's time, w1, index); `equals` and `hash` read
 * the rebuilt words, and `hash` gives what `hashString` gives for the text, as `IdColumn` does.
 * A packed id depends on its transfer's time: `keepText` keeps the text of one whose time is
 * about to change (only tests rewrite a time, `TransferTable.overwriteAtMs`).
 *
 * `find` finds a packed id without a hash table (stop 31): its uuid gives its time, a binary
 * search over the rows' times finds the rows of that time, and the id is the one of them with
 * its w1 and index. That needs the rows' times in order (never decreasing), which the column
 * does not check: its owner stops asking (`IdIndex.stopFinding`) once a time goes back.
 */
import { assert } from '../core/assert.js';
import { IdColumn, uuidEquals, uuidState } from '../core/id-column.js';
import { FNV_OFFSET, finishHash, fnvRange, hashString } from '../core/id-hash.js';
import { mintedIndex, mintedSeqKey, mintedWord, mintedWordOfSeqKey, mintedWords } from '../core/minted-uuid.js';
import { parseUuid, UUID_LENGTH, uuidText, uuidTimeMs } from '../core/uuid-text.js';

const CHUNK_BITS = 10;
/** How a minted transfer id starts, and its length: ids of another shape never pack. */
export const MINTED_HEAD = 'Transfer:';
export const MINTED_LENGTH = MINTED_HEAD.length + UUID_LENGTH;
const HEAD = MINTED_HEAD;
const ID_LENGTH = MINTED_LENGTH;
const HEAD_STATE = fnvRange(FNV_OFFSET, HEAD, 0, HEAD.length);
/** The index column's mark of an id kept in the other ids: minted indexes below it pack. */
export const OTHER = 0xff;
// A minted uuid's time is 48 bits.
const TIME_LIMIT = 2 ** 48;

const NO_KEYS = new Uint16Array(0);
const NO_INDEX = new Uint8Array(0);
// A chunk's high key bits before its first packed id.
const NO_HIGH = -1;

/** Transfer ids in insertion order; minted ones of their transfer's time packed (see the module comment). */
export class TransferIdColumn {
  readonly #bits: number;
  readonly #rows: number;
  // The time of the transfer of row `row`.
  readonly #timeOf: (row: number) => number;
  #length = 0;
  // Per chunk: the rows' low key bits and index, or NO_KEYS and NO_INDEX while no id of the chunk
  // packed; the high key bits of its packed rows (NO_HIGH: none yet), or of each row once they
  // differ (else NO_KEYS).
  readonly #keyLow: Uint16Array[] = [];
  readonly #index: Uint8Array[] = [];
  readonly #keyHigh: number[] = [];
  readonly #keyHighs: Uint16Array[] = [];
  // Per chunk: the other ids before its first row.
  readonly #othersBefore: number[] = [];
  readonly #others: IdColumn;
  // Texts of packed rows whose transfer's time changed (`keepText`), by row.
  readonly #kept = new Map<number, string>();
  // The words of the id parsed or rebuilt last: one id at a time, no allocation per id.
  readonly #words = new Int32Array(4);
  // The seq key of the id `#mintedIndexOf` packed last.
  #parsedKey = 0;

  /**
   * `timeOf(row)`: the time of the transfer whose id is row `row`, read when a row is pushed and
   * whenever a packed row is read. `chunkBits`: log2 of the rows of a chunk (tests cross chunks).
   */
  constructor(timeOf: (row: number) => number, chunkBits: number = CHUNK_BITS) {
    // An other id's place in its chunk must fit the 16 low key bits.
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 16, 'chunkBits out of range');
    this.#timeOf = timeOf;
    this.#bits = chunkBits;
    this.#rows = 1 << chunkBits;
    this.#others = new IdColumn(chunkBits);
  }

  /** Number of ids. */
  get length(): number {
    return this.#length;
  }

  /** Number of ids not packed here (kept in an `IdColumn`): for tests and measurements. */
  get othersLength(): number {
    return this.#others.length;
  }

  /** Chunks holding high key bits a row (see the module comment): for tests and measurements. */
  get widenedChunks(): number {
    return this.#keyHighs.filter((highs) => highs.length !== 0).length;
  }

  /** Appends `id` at row `length`; the time of its transfer must be readable already. */
  push(id: string): void {
    this.pushCut(id, 0, id.length);
  }

  /**
   * Appends `text.slice(from, to)` as `push` does, cutting it out of `text` only when it does not
   * pack (a restore's ids, held as one text: packed-strings.ts).
   */
  pushCut(text: string, from: number, to: number): void {
    const row = this.#length;
    const c = row >>> this.#bits;
    const r = row & (this.#rows - 1);
    if (r === 0) this.#enterChunk(c);
    const index = this.#mintedIndexOf(text, from, to, row);
    if (index === OTHER) this.#pushOther(c, r, from === 0 && to === text.length ? text : text.slice(from, to));
    else this.#pushPacked(c, r, index);
    this.#length = row + 1;
  }

  /** The id at `row` (below `length`), its exact text. */
  at(row: number): string {
    const c = row >>> this.#bits;
    const r = row & (this.#rows - 1);
    const position = this.#otherPosition(c, r);
    if (position !== -1) return this.#others.at(position);
    return this.#keptText(row) ?? HEAD + uuidText(this.#rebuilt(row, c, r), 0);
  }

  /** True when the id at `row` is `id`, without rebuilding its text. */
  equals(row: number, id: string): boolean {
    const c = row >>> this.#bits;
    const r = row & (this.#rows - 1);
    const position = this.#otherPosition(c, r);
    if (position !== -1) return this.#others.equals(position, id);
    const kept = this.#keptText(row);
    if (kept !== undefined) return kept === id;
    return id.length === ID_LENGTH && id.startsWith(HEAD) && uuidEquals(this.#rebuilt(row, c, r), 0, id, HEAD.length);
  }

  /** `hashString` of the id at `row`, without rebuilding its text. */
  hash(row: number): number {
    const c = row >>> this.#bits;
    const r = row & (this.#rows - 1);
    const position = this.#otherPosition(c, r);
    if (position !== -1) return this.#others.hash(position);
    const kept = this.#keptText(row);
    if (kept !== undefined) return hashString(kept);
    return finishHash(uuidState(HEAD_STATE, this.#rebuilt(row, c, r), 0));
  }

  /**
   * The row of `id` when it is a packed one (see `finds`), else -1 (it may still be another id).
   * The rows' times must never decrease (see the module comment).
   */
  find(id: string): number {
    if (id.length !== ID_LENGTH || !id.startsWith(HEAD)) return -1;
    const words = this.#words;
    if (!parseUuid(id, HEAD.length, words)) return -1;
    const w1 = mintedWord(words, 0);
    if (w1 === -1) return -1;
    const index = mintedIndex(words, 0, w1);
    if (index >= OTHER) return -1;
    const timeMs = uuidTimeMs(words, 0);
    let key = -1;
    for (let row = this.#firstAtOrAfter(timeMs); row < this.#length && this.#timeOf(row) === timeMs; row += 1) {
      const c = row >>> this.#bits;
      const r = row & (this.#rows - 1);
      if (this.#index[c]![r] !== index) continue;
      if (key === -1) key = mintedSeqKey(w1);
      if (this.#keyAt(c, r) === key && this.finds(row)) return row;
    }
    return -1;
  }

  /**
   * The seq key (`mintedSeqKey`) of the w1 of the id at `row` when it is packed (a minted id,
   * rebuilt from its transfer's time and that word), else -1; a packed id whose text was kept
   * (`keepText`) still gives its key.
   */
  mintedKeyAt(row: number): number {
    const c = row >>> this.#bits;
    const r = row & (this.#rows - 1);
    return this.#otherPosition(c, r) === -1 ? this.#keyAt(c, r) : -1;
  }

  /**
   * True when the id at `row` is packed and `find` finds it: a minted id of its transfer's time,
   * whose text was not kept (`keepText`).
   */
  finds(row: number): boolean {
    if (this.#otherPosition(row >>> this.#bits, row & (this.#rows - 1)) !== -1) return false;
    return this.#kept.size === 0 || !this.#kept.has(row);
  }

  // The first row whose time is `timeMs` or later (`length` when none), the rows' times in order.
  // The last rows first: a lookup is most often of a recent id, or of a new one.
  #firstAtOrAfter(timeMs: number): number {
    let low = 0;
    let high = this.#length;
    if (high === 0 || this.#timeOf(high - 1) < timeMs) return high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#timeOf(middle) < timeMs) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Keeps the text of the id at `row` as it is now, before its transfer's time changes (a packed
   * id is rebuilt from that time). Only tests change a transfer's time.
   */
  keepText(row: number): void {
    assert(row >= 0 && row < this.#length, 'keepText out of range');
    if (this.#otherPosition(row >>> this.#bits, row & (this.#rows - 1)) === -1) this.#kept.set(row, this.at(row));
  }

  /** Forgets the ids from `length` on. Chunks stay: later pushes reuse them. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    // Other ids are in row order: the first one removed is where their list ends.
    for (let row = length; row < this.#length; row += 1) {
      const position = this.#otherPosition(row >>> this.#bits, row & (this.#rows - 1));
      if (position === -1) continue;
      this.#others.truncate(position);
      break;
    }
    if (this.#kept.size > 0) for (const row of this.#kept.keys()) if (row >= length) this.#kept.delete(row);
    this.#length = length;
  }

  // The index of the id `text.slice(from, to)`, pushed at `row`, when it is `Transfer:` and a
  // minted-form uuid of its transfer's time and an index below OTHER (its seq key then in #parsedKey),
  // else OTHER. The time is read only for an id of that shape (not for the ledger-only log's).
  #mintedIndexOf(text: string, from: number, to: number, row: number): number {
    if (to - from !== ID_LENGTH || !text.startsWith(HEAD, from)) return OTHER;
    const words = this.#words;
    if (!parseUuid(text, from + HEAD.length, words)) return OTHER;
    const w1 = mintedWord(words, 0);
    if (w1 === -1) return OTHER;
    const timeMs = uuidTimeMs(words, 0);
    // `===` also takes -0 for 0, which rebuilds the same words.
    if (timeMs !== this.#timeOf(row)) return OTHER;
    const index = mintedIndex(words, 0, w1);
    if (index >= OTHER) return OTHER;
    // A uuid in minted form is rebuilt exactly from its time, w1 and index (core/minted-uuid.ts,
    // and its property test): no rebuild to compare on this path of every transfer.
    this.#parsedKey = mintedSeqKey(w1);
    return index;
  }

  // The words of packed row `row` (chunk `c`, row `r` in it), in #words.
  #rebuilt(row: number, c: number, r: number): Int32Array {
    const atMs = this.#timeOf(row);
    assert(atMs >= 0 && atMs < TIME_LIMIT, 'a packed transfer id has its transfer time');
    mintedWords(atMs, mintedWordOfSeqKey(this.#keyAt(c, r)), this.#index[c]![r]!, this.#words, 0);
    return this.#words;
  }

  // The seq key of packed row `r` of chunk `c`.
  #keyAt(c: number, r: number): number {
    const highs = this.#keyHighs[c]!;
    const high = highs.length === 0 ? this.#keyHigh[c]! : highs[r]!;
    return ((high << 16) | this.#keyLow[c]![r]!) >>> 0;
  }

  #keptText(row: number): string | undefined {
    return this.#kept.size === 0 ? undefined : this.#kept.get(row);
  }

  // The position among the other ids of row `r` of chunk `c`, or -1 when that row is packed.
  #otherPosition(c: number, r: number): number {
    const index = this.#index[c]!;
    if (index.length === 0) return this.#othersBefore[c]! + r;
    return index[r] === OTHER ? this.#othersBefore[c]! + this.#keyLow[c]![r]! : -1;
  }

  // Row 0 of chunk `c` is next (a new chunk, or one entered again after a truncation).
  #enterChunk(c: number): void {
    if (c === this.#index.length) {
      this.#keyLow.push(NO_KEYS);
      this.#index.push(NO_INDEX);
      this.#keyHigh.push(NO_HIGH);
      this.#keyHighs.push(NO_KEYS);
      this.#othersBefore.push(0);
    }
    this.#othersBefore[c] = this.#others.length;
  }

  #pushOther(c: number, r: number, id: string): void {
    const index = this.#index[c]!;
    if (index.length !== 0) {
      index[r] = OTHER;
      this.#keyLow[c]![r] = this.#others.length - this.#othersBefore[c]!;
    }
    this.#others.push(id);
  }

  // Writes #parsedKey and `index` at row `r` of chunk `c`.
  #pushPacked(c: number, r: number, index: number): void {
    if (this.#index[c]!.length === 0) this.#addColumns(c, r);
    const key = this.#parsedKey;
    const high = key >>> 16;
    // A chunk entered again after a truncation keeps its high bits: rows written again read them.
    if (this.#keyHigh[c] === NO_HIGH) this.#keyHigh[c] = high;
    else if (high !== this.#keyHigh[c] && this.#keyHighs[c]!.length === 0) this.#widen(c);
    const highs = this.#keyHighs[c]!;
    if (highs.length !== 0) highs[r] = high;
    this.#keyLow[c]![r] = key & 0xffff;
    this.#index[c]![r] = index;
  }

  // Gives chunk `c` a Uint16 of high key bits a row, its rows so far at the chunk's.
  #widen(c: number): void {
    this.#keyHighs[c] = new Uint16Array(this.#rows).fill(this.#keyHigh[c]!);
  }

  // Gives chunk `c` its columns when its first packed id comes at row `rows`: the rows before it
  // are other ids, whose places the columns now hold.
  #addColumns(c: number, rows: number): void {
    const buffer = new ArrayBuffer(this.#rows * 3);
    const keyLow = new Uint16Array(buffer, 0, this.#rows);
    const index = new Uint8Array(buffer, 2 * this.#rows, this.#rows);
    for (let r = 0; r < rows; r += 1) {
      keyLow[r] = r;
      index[r] = OTHER;
    }
    this.#keyLow[c] = keyLow;
    this.#index[c] = index;
  }
}
