/**
 * Varints and zigzag integers, as every byte format of the engine writes them: unsigned values
 * up to 2^53, seven bits a byte, low first (the record codec, the pending webhooks, the binary
 * log). Readers stay with their formats, which differ in what they refuse.
 */

/** Bytes of a varint at most (2^53 needs 8 of 7 bits). */
export const VARINT_MAX = 8;

/**
 * Writes `value` (an integer in [0, 2^53)) as a varint at `bytes[at]`, which must have
 * VARINT_MAX bytes of room; returns where it ends. Below 2^31 with shifts, which the division's
 * results equal there.
 */
export function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  let cursor = at;
  let rest = value;
  if (rest < 0x80000000) {
    while (rest >= 0x80) {
      bytes[cursor++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
  } else {
    while (rest >= 0x80) {
      bytes[cursor++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
  }
  bytes[cursor++] = rest;
  return cursor;
}

/** A safe integer of either sign as an unsigned one: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... */
export function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

/** The inverse of `zigzag`. */
export function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}
