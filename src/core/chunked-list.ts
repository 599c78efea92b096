/**
 * An append-only list of JS values (transfer ids, transaction ids) kept in chunks of 2^10
 * items. Full chunks are allocated once at their final size and never copied; only the first
 * chunk grows, by doubling, so a small ledger holds a small list. A list holds at most one
 * chunk's worth of empty slots (8 KB): with chunks of 2^16 the first chunk doubled to 16,384
 * slots for 8,881 ids (the API benchmark's 30,000 events), 14 B of heap per transfer for
 * nothing in each of the table's two lists (docs/performance.md, "Ledger columns (stop 19)").
 *
 * Why not one array grown by `push`: V8 copies the backing store into fresh memory at each
 * growth (by 1.5), so a million items touch about three times their bytes in new pages. With
 * chunks, a replay of a million transfers takes ~11,000 fewer page faults (~27,000 before) and
 * typically 10-20 MB less peak memory; its time did not move beyond noise (docs/performance.md).
 *
 * Every chunk is a holey array of the same elements kind, so reads stay monomorphic.
 */
import { assert } from './assert.js';

const CHUNK_BITS = 10;
const FIRST_ITEMS = 16;

/** An append-only list with truncation, read by index. */
export class ChunkedList<T> {
  readonly #bits: number;
  readonly #mask: number;
  readonly #chunks: T[][];
  #length = 0;

  /** `chunkBits`: log2 of the items in a full chunk; tests pass a small one to cross chunks. */
  constructor(chunkBits: number = CHUNK_BITS) {
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 24, 'chunkBits out of range');
    this.#bits = chunkBits;
    this.#mask = (1 << chunkBits) - 1;
    this.#chunks = [emptyChunk<T>(Math.min(FIRST_ITEMS, 1 << chunkBits))];
  }

  /** Number of items. */
  get length(): number {
    return this.#length;
  }

  /** The item at `index`, which must be below `length`. */
  at(index: number): T {
    return this.#chunks[index >> this.#bits]![index & this.#mask] as T;
  }

  /** Replaces the item at `index`, which must be below `length`. */
  set(index: number, value: T): void {
    assert(index >= 0 && index < this.#length, 'set out of range');
    this.#chunks[index >> this.#bits]![index & this.#mask] = value;
  }

  /** Appends `value` at index `length`. */
  push(value: T): void {
    const index = this.#length;
    const offset = index & this.#mask;
    const c = index >> this.#bits;
    let chunk: T[];
    if (c === this.#chunks.length) {
      chunk = emptyChunk<T>(this.#mask + 1);
      this.#chunks.push(chunk);
    } else {
      chunk = this.#chunks[c]!;
      if (offset === chunk.length) {
        chunk = doubled(chunk, this.#mask + 1);
        this.#chunks[0] = chunk;
      }
    }
    chunk[offset] = value;
    this.#length = index + 1;
  }

  /** Forgets the items from `length` on; their slots are cleared so the GC can take them. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    const kept = Math.max(1, (length + this.#mask) >> this.#bits);
    const last = this.#chunks[kept - 1]!;
    const start = (kept - 1) << this.#bits;
    last.fill(undefined as T, length - start, Math.min(this.#length - start, last.length));
    this.#chunks.length = kept;
    this.#length = length;
  }

  /** The items [from, to) as a new array. */
  slice(from = 0, to = this.#length): T[] {
    assert(from >= 0 && from <= to && to <= this.#length, 'slice out of range');
    const items = new Array<T>(to - from);
    for (let i = from; i < to; i += 1) items[i - from] = this.at(i);
    return items;
  }
}

// Every chunk is made here, already in the elements kind that values give it: a fresh
// `new Array(n)` holds small integers until the first other value is stored, and that change of
// kind would deoptimize the code that reads chunks, once per new list.
function emptyChunk<T>(items: number): T[] {
  const chunk = new Array<T>(items);
  chunk[0] = undefined as T;
  return chunk;
}

// The first chunk's next size: twice as many slots, at most a full chunk.
function doubled<T>(chunk: T[], fullItems: number): T[] {
  const next = emptyChunk<T>(Math.min(2 * chunk.length, fullItems));
  for (let i = 0; i < chunk.length; i += 1) next[i] = chunk[i] as T;
  return next;
}
