/**
 * Times held as Int32 offsets from a base per chunk of rows, the rule the ledger's transfer times
 * and the merged transaction list's creation times share: rows of a chunk come within minutes of
 * each other, so 4 bytes say what a Float64 said in 8. A time no offset says exactly (not whole
 * ms, -0, NaN, infinite, 2^31 ms or more from the base) is `TIME_ESCAPED` in its row and kept
 * beside the offsets by its owner.
 */

/** The offset of a time kept apart (no time is written as it: it escapes too). */
export const TIME_ESCAPED = -(2 ** 31);

/** The base of a chunk whose first time is `atMs`: whole ms (0 for a time that is not finite). */
export function timeBase(atMs: number): number {
  return Number.isFinite(atMs) ? Math.floor(atMs) : 0;
}

/** The Int32 offset of `atMs` from `baseMs` when it says `atMs` exactly, else `TIME_ESCAPED`. */
export function timeOffset(atMs: number, baseMs: number): number {
  const offset = atMs - baseMs;
  return (offset | 0) === offset && offset !== TIME_ESCAPED && !Object.is(atMs, -0) ? offset : TIME_ESCAPED;
}
