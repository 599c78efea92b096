/**
 * Typed arrays used as growable columns: the caller keeps the used length, the array has room
 * beyond it. Grown by half (at least 256 slots), as the position arena's words: a column of n
 * numbers costs 4 or 8 B each and at most half that again in spare slots, where a JS array grown
 * by `push` costs 8 B an element and its own spare capacity (docs/performance.md, stop 25).
 * The same lengths make the same capacities, so an index rebuilt by appends equals the live one.
 */

/** A typed array these helpers grow. */
export type GrowableColumn = Int32Array | Uint32Array | Float64Array | Uint8Array;

/**
 * A new array of `column`'s type, `size` long, holding `column`'s first `used` elements (the rest
 * zero): the copy every growable column makes when it outgrows its room. `used` <= `size`.
 */
export function resized<A extends GrowableColumn>(column: A, size: number, used: number): A {
  const grown = new (column.constructor as new (length: number) => A)(size);
  grown.set(column.subarray(0, used));
  return grown;
}

/** `column`, or a copy grown by half when it has no slot at `length`. */
export function int32WithRoom(column: Int32Array, length: number): Int32Array {
  return length < column.length ? column : resized(column, grownSize(column.length, length), length);
}

/** `column`, or a copy grown by half when it has no slot at `length`. */
export function uint32WithRoom(column: Uint32Array, length: number): Uint32Array {
  return length < column.length ? column : resized(column, grownSize(column.length, length), length);
}

/** `column`, or a copy grown by half when it has no slot at `length`. */
export function float64WithRoom(column: Float64Array, length: number): Float64Array {
  return length < column.length ? column : resized(column, grownSize(column.length, length), length);
}

function grownSize(size: number, length: number): number {
  return Math.max(length + 1, 256, Math.ceil(size * 1.5));
}

/**
 * The first index in [from, from + length) of ascending `column` whose value is >= `value`, counted
 * from `from` (`length` when none). O(log n). `from` lets a list stored inside a larger column
 * (core/position-arena.ts) search its own members.
 */
export function columnLowerBound(column: Float64Array | Int32Array, length: number, value: number, from = 0): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (column[from + mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
