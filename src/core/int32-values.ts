/**
 * A `PackedKeyMap`'s values by row when most of them are Int32s (a packed record's arena handle,
 * a list's handle or position): 4 B a row in chunks of Int32Arrays, where a JS array's slot takes
 * 8 B (Node 20 has no pointer compression) (stop 34). Any other value (an object: a record still
 * hot; a number that is not an Int32, or -0) sits in a side `Map` by row, its slot marked SIDE;
 * `undefined` (a hole) is HOLE. A map whose values are mostly objects would pay a Map entry for
 * each, so past `SIDE_MOST` side values outnumbering an eighth of the rows it is `crowded`, and
 * its owner moves the values to a `ChunkedList` (`toList`).
 *
 * Chunks as `ChunkedList`'s: full chunks made at their final size, the first one doubled from 16
 * slots up to a chunk, so a small map holds a small column.
 */
import { assert } from './assert.js';
import { ChunkedList } from './chunked-list.js';

// The words that are not values: a hole, and a value kept in the side map.
const HOLE = -(2 ** 31);
const SIDE = HOLE + 1;
const FIRST_ITEMS = 16;
// Side values kept before a column may be crowded: a record map's hot set (256) stays below.
const SIDE_MOST = 1_024;

/** Values by row, Int32s in typed arrays and the rest beside them (see the module comment). */
export class Int32Values<V> {
  readonly #bits: number;
  readonly #mask: number;
  readonly #chunks: Int32Array[];
  readonly #side = new Map<number, V>();
  #length = 0;

  /** `chunkBits`: log2 of the rows of a full chunk (tests pass a small one to cross chunks). */
  constructor(chunkBits: number) {
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 24, 'chunkBits out of range');
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
    this.#chunks = [new Int32Array(Math.min(FIRST_ITEMS, 1 << chunkBits))];
  }

  /** Number of rows. */
  get length(): number {
    return this.#length;
  }

  /** How many values sit in the side map: for tests and measurements. */
  get sideLength(): number {
    return this.#side.size;
  }

  /** True when side values are too many for the column to pay: its owner should move to `toList`. */
  get crowded(): boolean {
    return this.#side.size > SIDE_MOST && 8 * this.#side.size > this.#length;
  }

  /** The value at `index` (below `length`; undefined for a hole). */
  at(index: number): V | undefined {
    const word = this.#chunks[index >> this.#bits]![index & this.#mask]!;
    if (word > SIDE) return word as unknown as V;
    return word === HOLE ? undefined : this.#side.get(index);
  }

  /** Replaces the value at `index`, which must be below `length`. */
  set(index: number, value: V | undefined): void {
    assert(index >= 0 && index < this.#length, 'set out of range');
    const chunk = this.#chunks[index >> this.#bits]!;
    const at = index & this.#mask;
    if (chunk[at] === SIDE) this.#side.delete(index);
    chunk[at] = this.#word(index, value);
  }

  /** Appends `value` at index `length`. */
  push(value: V | undefined): void {
    const index = this.#length;
    const c = index >> this.#bits;
    const at = index & this.#mask;
    let chunk = this.#chunks[c];
    if (chunk === undefined) {
      chunk = new Int32Array(this.#mask + 1);
      this.#chunks.push(chunk);
    } else if (at === chunk.length) {
      const grown = new Int32Array(Math.min(2 * chunk.length, this.#mask + 1));
      grown.set(chunk);
      this.#chunks[0] = chunk = grown;
    }
    chunk[at] = this.#word(index, value);
    this.#length = index + 1;
  }

  /** The same values in a `ChunkedList` of `chunkBits` (a crowded column's owner moving them). */
  toList(chunkBits: number): ChunkedList<V | undefined> {
    const list = new ChunkedList<V | undefined>(chunkBits);
    for (let index = 0; index < this.#length; index += 1) list.push(this.at(index));
    return list;
  }

  // The word `value` is held as at `index`, kept in the side map when it is not an Int32 word.
  #word(index: number, value: V | undefined): number {
    if (typeof value === 'number' && (value | 0) === value && value > SIDE && !Object.is(value, -0)) return value;
    if (value === undefined) return HOLE;
    this.#side.set(index, value);
    return SIDE;
  }
}
