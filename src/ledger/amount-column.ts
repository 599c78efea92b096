/**
 * The transfer table's amounts (signed 64-bit, minor units) in chunks of rows, 24 bits a row while
 * they fit. Nearly every amount of the API-driven log is below 2^24 (21 of 29,587 at 100,000
 * events are not, in 2 of its 29 chunks) and every one of the ledger-only log (1 to 100,000): a
 * BigInt64 a row (before stop 31) held 5 bytes of zeros, and 32 bits (stops 31-32) one.
 *
 * Each chunk has a Uint16Array of its rows' low 16 bits and a Uint8Array of the next 8. The first
 * value of a chunk that does not fit (2^24 or more, or negative) gives the chunk a Uint8Array of
 * bits 24-31, and the first past 32 bits a Uint32Array of the high words, each kept for good
 * (split-column.ts widens the same way): a chunk of large amounts holds what it did before (4 or
 * 8 bytes a row), plus the narrow 3. A value goes in and out through one BigInt64Array cell seen
 * as two Uint32 words: no bigint arithmetic, and a read allocates what reading a BigInt64Array did.
 */
import { assert } from '../core/assert.js';

const NO_TOP = new Uint8Array(0);
const NO_HIGH = new Uint32Array(0);
// One int64 cell and its two words; which word is the low one depends on the platform's byte order.
const CELL = new BigInt64Array(1);
const WORDS = new Uint32Array(CELL.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH = 1 - LOW;

/** Signed 64-bit amounts by row, in chunks of `2^chunkBits` rows, 24 bits a row while they fit. */
export class AmountColumn {
  readonly #bits: number;
  readonly #mask: number;
  // Per chunk: its rows' bits 0-15 and 16-23.
  readonly #low: Uint16Array[] = [];
  readonly #mid: Uint8Array[] = [];
  // Per chunk: bits 24-31 and 32-63, or NO_TOP and NO_HIGH until it widens to them.
  readonly #top: Uint8Array[] = [];
  readonly #high: Uint32Array[] = [];

  /** `chunkBits`: log2 of the rows of a chunk, as the chunks `addChunk` takes. */
  constructor(chunkBits: number) {
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 30, 'chunkBits out of range');
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
  }

  /** Chunks widened past 24 bits, and of them past 32: for tests and measurements. */
  get widenedChunks(): { readonly top: number; readonly high: number } {
    return { top: this.#top.filter((top) => top.length !== 0).length, high: this.#high.filter((high) => high.length !== 0).length };
  }

  /**
   * Adds a chunk whose bits 0-15 are `low` and 16-23 `mid` (`2^chunkBits` rows each, typically
   * views of a shared buffer).
   */
  addChunk(low: Uint16Array, mid: Uint8Array): void {
    assert(low.length === this.#mask + 1 && mid.length === low.length, 'a chunk of another length');
    this.#low.push(low);
    this.#mid.push(mid);
    this.#top.push(NO_TOP);
    this.#high.push(NO_HIGH);
  }

  /** The value of `row` (in a chunk added). */
  at(row: number): bigint {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    const narrow = this.#low[c]![r]! | (this.#mid[c]![r]! << 16);
    const top = this.#top[c]!;
    if (top.length === 0) {
      WORDS[LOW] = narrow;
      WORDS[HIGH] = 0;
    } else {
      const high = this.#high[c]!;
      WORDS[LOW] = (narrow | (top[r]! << 24)) >>> 0;
      WORDS[HIGH] = high.length === 0 ? 0 : high[r]!;
    }
    return CELL[0]!;
  }

  /** Writes `value` (a signed 64-bit integer) at `row`. */
  set(row: number, value: bigint): void {
    CELL[0] = value;
    this.#write(row, WORDS[LOW]!, WORDS[HIGH]!);
  }

  /**
   * Writes rows [0, count) from `values` (a flat column, a snapshot's), word by word: no bigint
   * is read. Chunks for them must have been added.
   */
  restore(values: BigInt64Array, count: number): void {
    assert(values.length >= count, 'fewer values than rows');
    const words = new Uint32Array(values.buffer, values.byteOffset, 2 * count);
    for (let row = 0; row < count; row += 1) this.#write(row, words[2 * row + LOW]!, words[2 * row + HIGH]!);
  }

  /** Rows [0, count) as a flat column (what a snapshot stores), word by word. */
  flat(count: number): BigInt64Array {
    const values = new BigInt64Array(count);
    const words = new Uint32Array(values.buffer);
    for (let row = 0; row < count; row += 1) {
      const c = row >>> this.#bits;
      const r = row & this.#mask;
      const narrow = this.#low[c]![r]! | (this.#mid[c]![r]! << 16);
      const top = this.#top[c]!;
      if (top.length !== 0) {
        const high = this.#high[c]!;
        words[2 * row + LOW] = narrow | (top[r]! << 24);
        if (high.length !== 0) words[2 * row + HIGH] = high[r]!;
      } else {
        words[2 * row + LOW] = narrow;
      }
    }
    return values;
  }

  // Writes the value of words `low` and `high` (unsigned 32-bit) at `row`, widening its chunk
  // when it does not fit.
  #write(row: number, low: number, high: number): void {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    this.#low[c]![r] = low;
    this.#mid[c]![r] = low >>> 16;
    let top = this.#top[c]!;
    if (top.length === 0) {
      if (((low >>> 24) | high) === 0) return;
      top = this.#widen(c);
    }
    top[r] = low >>> 24;
    const highs = this.#high[c]!;
    if (highs.length !== 0) highs[r] = high;
    else if (high !== 0) this.#widenHigh(c)[r] = high;
  }

  // Gives chunk `c` its bits 24-31, all zero so far (every value written to it fit), and returns them.
  #widen(c: number): Uint8Array {
    const top = new Uint8Array(this.#mask + 1);
    this.#top[c] = top;
    return top;
  }

  // Gives chunk `c` (widened to bits 24-31) its high words, all zero so far, and returns them.
  #widenHigh(c: number): Uint32Array {
    const high = new Uint32Array(this.#mask + 1);
    this.#high[c] = high;
    return high;
  }
}
