/**
 * The transfer table's amounts (signed 64-bit, minor units) in chunks of rows, 32 bits a row
 * until a value of its chunk needs more. Every amount of the API-driven log and of the
 * ledger-only one fits 32 bits (the largest at 100,000 events is below 2^31), and a BigInt64 a
 * row (before stop 31) held 4 bytes of zeros: 11 B of each transaction of figure 12 (2.85
 * transfers a transaction), 4 of the ledger-only log's 22 B a transfer.
 *
 * Each chunk has a Uint32Array of its rows' low words; the first value of a chunk whose high word
 * is not zero (2^32 or more, or negative) gives the chunk a second Uint32Array of high words, kept
 * for good (split-column.ts does the same for account numbers at 16 bits). A value goes in and
 * out through one BigInt64Array cell seen as two Uint32 words: no bigint arithmetic, and a read
 * allocates what reading a BigInt64Array did.
 */
import { assert } from '../core/assert.js';

const NO_HIGH = new Uint32Array(0);
// One int64 cell and its two words; which word is the low one depends on the platform's byte order.
const CELL = new BigInt64Array(1);
const WORDS = new Uint32Array(CELL.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH = 1 - LOW;

/** Signed 64-bit amounts by row, in chunks of `2^chunkBits` rows, 32 bits a row while they fit. */
export class AmountColumn {
  readonly #bits: number;
  readonly #mask: number;
  readonly #low: Uint32Array[] = [];
  // Per chunk: its rows' high words, or NO_HIGH while every value written to it fit 32 bits.
  readonly #high: Uint32Array[] = [];

  /** `chunkBits`: log2 of the rows of a chunk, as the chunks `addChunk` takes. */
  constructor(chunkBits: number) {
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 30, 'chunkBits out of range');
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
  }

  /** Chunks widened to 64 bits: for tests and measurements. */
  get widenedChunks(): number {
    return this.#high.filter((high) => high.length !== 0).length;
  }

  /** Adds a chunk whose low words are `low` (`2^chunkBits` rows, typically a view of a shared buffer). */
  addChunk(low: Uint32Array): void {
    assert(low.length === this.#mask + 1, 'a chunk of another length');
    this.#low.push(low);
    this.#high.push(NO_HIGH);
  }

  /** The value of `row` (in a chunk added). */
  at(row: number): bigint {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    const high = this.#high[c]!;
    WORDS[LOW] = this.#low[c]![r]!;
    WORDS[HIGH] = high.length === 0 ? 0 : high[r]!;
    return CELL[0]!;
  }

  /** Writes `value` (a signed 64-bit integer) at `row`, widening its chunk when its high word is not zero. */
  set(row: number, value: bigint): void {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    CELL[0] = value;
    this.#low[c]![r] = WORDS[LOW]!;
    const word = WORDS[HIGH]!;
    const high = this.#high[c]!;
    if (high.length !== 0) high[r] = word;
    else if (word !== 0) this.#widen(c)[r] = word;
  }

  /**
   * Writes rows [0, count) from `values` (a flat column, a snapshot's), word by word: no bigint
   * is read. Chunks for them must have been added.
   */
  restore(values: BigInt64Array, count: number): void {
    assert(values.length >= count, 'fewer values than rows');
    const words = new Uint32Array(values.buffer, values.byteOffset, 2 * count);
    for (let row = 0; row < count; row += 1) {
      const c = row >>> this.#bits;
      const r = row & this.#mask;
      this.#low[c]![r] = words[2 * row + LOW]!;
      const word = words[2 * row + HIGH]!;
      const high = this.#high[c]!;
      if (high.length !== 0) high[r] = word;
      else if (word !== 0) this.#widen(c)[r] = word;
    }
  }

  /** Rows [0, count) as a flat column (what a snapshot stores), word by word. */
  flat(count: number): BigInt64Array {
    const values = new BigInt64Array(count);
    const words = new Uint32Array(values.buffer);
    for (let row = 0; row < count; row += 1) {
      const c = row >>> this.#bits;
      const r = row & this.#mask;
      const high = this.#high[c]!;
      words[2 * row + LOW] = this.#low[c]![r]!;
      if (high.length !== 0) words[2 * row + HIGH] = high[r]!;
    }
    return values;
  }

  // Gives chunk `c` its high words, all zero so far (every value written fit), and returns them.
  #widen(c: number): Uint32Array {
    const high = new Uint32Array(this.#mask + 1);
    this.#high[c] = high;
    return high;
  }
}
