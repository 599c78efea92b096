/**
 * Where every account's indexed balance-change rows live (account-rows.ts): large slabs
 * (ArrayBuffers of 2^16 records), each record 24 bytes = [effectiveAtMs f64][balanceAfterMinor
 * i64][transfer index f64]. An account reserves chunks of records from the current slab by
 * bumping a pointer.
 *
 * Why not a growable typed array per account: with 10,000 accounts that meant ~50,000 small
 * ArrayBuffer allocations and copies, and three scattered columns per row; the arena allocates
 * one slab per 65,536 rows, never copies, and keeps a row in one cache line.
 */
import { assert } from '../core/assert.js';

/** log2 of the records in one slab. */
export const SLAB_BITS = 16;
const SLAB_RECORDS = 1 << SLAB_BITS;
const SLAB_MASK = SLAB_RECORDS - 1;
/** 8-byte words per record: time, balance, transfer index. */
export const RECORD_WORDS = 3;
// Record indexes stay below 2^31 so that slab and offset are int32 shifts and masks.
const SLABS_MAX = 1 << (31 - SLAB_BITS);

/** The shared record store. Records are never freed; a slab's tail left too short is skipped. */
export class RowArena {
  /** Per slab: the slab seen as float64 words (time and transfer index). */
  readonly f64: Float64Array[] = [];
  /** Per slab: the same slab seen as int64 words (balance after). */
  readonly i64: BigInt64Array[] = [];
  // Next free record in the last slab; starts "full" so the first reserve opens a slab.
  #next = SLAB_RECORDS;

  /** Reserves `size` contiguous records (1..SLAB_RECORDS) and returns the first's index. */
  reserve(size: number): number {
    assert(size > 0 && size <= SLAB_RECORDS, 'chunk size out of range');
    if (this.#next + size > SLAB_RECORDS) {
      assert(this.f64.length < SLABS_MAX, 'row arena is full');
      const slab = new ArrayBuffer(SLAB_RECORDS * RECORD_WORDS * 8);
      this.f64.push(new Float64Array(slab));
      this.i64.push(new BigInt64Array(slab));
      this.#next = 0;
    }
    const first = (this.f64.length - 1) * SLAB_RECORDS + this.#next;
    this.#next += size;
    return first;
  }

  /** Bytes held by the slabs (for memory reports). */
  get bytes(): number {
    return this.f64.length * SLAB_RECORDS * RECORD_WORDS * 8;
  }
}

/** Slab of a record index. */
export function slabOf(record: number): number {
  return record >> SLAB_BITS;
}

/** First word of a record inside its slab. */
export function wordOf(record: number): number {
  return (record & SLAB_MASK) * RECORD_WORDS;
}
