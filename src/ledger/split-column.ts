/**
 * A column of whole numbers in [0, 2^31) in chunks of rows, 16 bits a row until a value of its
 * chunk needs more. The transfer table's account numbers (514 accounts in the API-driven log,
 * 10,000 in the ledger-only one) and its posting links (as the distance back to the account's
 * previous posting) nearly always fit 16 bits: an Int32 a row (before stop 29) held 2 bytes of
 * zeros. Each chunk has a Uint16Array of its rows' low halves; the first value of a chunk that
 * does not fit gives the chunk a second Uint16Array of high halves (2 more bytes a row, the
 * chunk's column widened to 32 bits), kept for good. Every chunk's halves are Uint16Arrays, so
 * reads and writes see one array type (a column of Uint16 and Int32 chunks would make each
 * access polymorphic on the ledger-only replay's hot path).
 */

const NO_HIGH = new Uint16Array(0);
const HALF = 0x10000;

/** Numbers in [0, 2^31) by row, in chunks of `2^chunkBits` rows, 16 bits a row while they fit. */
export class SplitColumn {
  readonly #bits: number;
  readonly #mask: number;
  readonly #low: Uint16Array[] = [];
  // Per chunk: its rows' high halves, or NO_HIGH while every value written to it fit 16 bits.
  readonly #high: Uint16Array[] = [];

  /** `chunkBits`: log2 of the rows of a chunk, as the chunks `addChunk` takes. */
  constructor(chunkBits: number) {
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
  }

  /** Chunks so far. */
  get chunks(): number {
    return this.#low.length;
  }

  /** Chunks widened to 32 bits: for tests and measurements. */
  get widenedChunks(): number {
    return this.#high.filter((high) => high.length !== 0).length;
  }

  /** Adds a chunk whose low halves are `low` (`2^chunkBits` rows, typically a view of a shared buffer). */
  addChunk(low: Uint16Array): void {
    this.#low.push(low);
    this.#high.push(NO_HIGH);
  }

  /** The value of `row` (in a chunk added). */
  at(row: number): number {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    const high = this.#high[c]!;
    const low = this.#low[c]![r]!;
    return high.length === 0 ? low : low + high[r]! * HALF;
  }

  /** Writes `value` (a whole number in [0, 2^31)) at `row`, widening its chunk when it needs more than 16 bits. */
  set(row: number, value: number): void {
    const c = row >>> this.#bits;
    const r = row & this.#mask;
    this.#low[c]![r] = value;
    const high = this.#high[c]!;
    if (high.length !== 0) high[r] = value >>> 16;
    else if (value >= HALF) this.#widen(c)[r] = value >>> 16;
  }

  // Gives chunk `c` its high halves, all zero so far (every value written fit), and returns them.
  #widen(c: number): Uint16Array {
    const high = new Uint16Array(this.#low[c]!.length);
    this.#high[c] = high;
    return high;
  }
}
