/**
 * The hash of a transfer id: FNV-1a over its UTF-16 code units, then MurmurHash3's finalizer so
 * the low bits (the hash table's home slot) are well mixed. Split into its steps so that an id
 * held packed (id-column.ts) hashes to the same value as its text, without rebuilding the text.
 */

/** FNV-1a's state before any code unit. */
export const FNV_OFFSET = 0x811c9dc5 | 0;

/** FNV-1a's state after `code` (one UTF-16 code unit) follows `state`. */
export function fnvStep(state: number, code: number): number {
  return Math.imul(state ^ code, 0x01000193);
}

/** The hash of a text whose FNV-1a state after its last code unit is `state`. */
export function finishHash(state: number): number {
  let h = state;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** FNV-1a's state after the code units of `text.slice(from, to)` follow `state`. */
export function fnvRange(state: number, text: string, from: number, to: number): number {
  let h = state;
  for (let i = from; i < to; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** FNV-1a over UTF-16 code units, then MurmurHash3's finalizer so low bits are well mixed. */
export function hashString(text: string): number {
  return finishHash(fnvRange(FNV_OFFSET, text, 0, text.length));
}

/** The hash of `text.slice(from, to)` (FNV-1a, MurmurHash3's finalizer), without cutting it out. */
export function hashRange(text: string, from: number, to: number): number {
  return finishHash(fnvRange(FNV_OFFSET, text, from, to));
}
