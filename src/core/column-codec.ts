/**
 * Typed-array columns as base64 text, for snapshots (the ledger's columns, the pending webhooks,
 * the list indexes, packed records' bytes): a column of a million transfers becomes one JSON
 * string, which `JSON.parse` copies in one pass instead of making a million numbers or decimal
 * strings, and which decodes straight into the column's typed array. Bytes
 * are little-endian whatever the platform, so a snapshot moves between machines. Pure: no
 * `Buffer` (TextEncoder and TextDecoder exist wherever the library runs).
 */
import { InvariantError } from './assert.js';

/** A typed-array column the codec stores. */
export type Column = Int32Array | Uint8Array | Float64Array | BigInt64Array;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = new Uint8Array(ALPHABET.length);
// Character code -> 6-bit value; 64 marks a character outside the alphabet.
const VALUES = new Uint8Array(256).fill(64);
for (let i = 0; i < ALPHABET.length; i += 1) {
  CODES[i] = ALPHABET.charCodeAt(i);
  VALUES[ALPHABET.charCodeAt(i)] = i;
}
const PAD = '='.charCodeAt(0);
// Two 7-bit character codes -> their 12 bits, or -1 when either is outside the alphabet.
const PAIRS = new Int16Array(1 << 14).fill(-1);
for (let a = 0; a < 64; a += 1) {
  for (let b = 0; b < 64; b += 1) PAIRS[(CODES[a]! << 7) | CODES[b]!] = (a << 6) | b;
}
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const latin1 = new TextDecoder('latin1');
const utf8 = new TextEncoder();

/** The first `count` elements of `column` as standard base64 (with padding) of their little-endian bytes. */
export function encodeColumn(column: Column, count: number): string {
  const size = column.BYTES_PER_ELEMENT;
  let bytes = new Uint8Array(column.buffer, column.byteOffset, count * size);
  if (!LITTLE_ENDIAN) bytes = swapped(bytes, size);
  const out = new Uint8Array(4 * Math.ceil(bytes.length / 3));
  const whole = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o] = CODES[triple >>> 18]!;
    out[o + 1] = CODES[(triple >>> 12) & 63]!;
    out[o + 2] = CODES[(triple >>> 6) & 63]!;
    out[o + 3] = CODES[triple & 63]!;
    o += 4;
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const triple = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    out[o] = CODES[triple >>> 18]!;
    out[o + 1] = CODES[(triple >>> 12) & 63]!;
    out[o + 2] = rest === 2 ? CODES[(triple >>> 6) & 63]! : PAD;
    out[o + 3] = PAD;
  }
  // ASCII bytes to a one-byte string natively (latin1 is ASCII below 0x80).
  return latin1.decode(out);
}

/**
 * Decodes `text` (what `encodeColumn` made) into a new column of `count` elements and `capacity`
 * slots (>= count; slots past `count` are zero). Throws `InvariantError` when the text is not
 * base64 of exactly `count` elements.
 */
export function decodeColumn<T extends Column>(text: unknown, make: (capacity: number) => T, count: number, capacity: number, name: string): T {
  if (typeof text !== 'string') throw new InvariantError(`snapshot column ${name} is not a string`);
  const column = make(capacity);
  const size = column.BYTES_PER_ELEMENT;
  const length = count * size;
  if (text.length !== 4 * Math.ceil(length / 3)) throw new InvariantError(`snapshot column ${name} does not hold ${count} elements`);
  const bytes = new Uint8Array(column.buffer, 0, length);
  // The characters as bytes (a native copy), read four at a time as one little-endian word
  // and decoded two at a time through PAIRS: measured ~3x faster than a table lookup per
  // character. Characters outside the alphabet make a pair negative; non-ASCII ones encode as
  // more than one byte, which the length check catches.
  const words = new Uint32Array(text.length >> 2);
  const chars = new Uint8Array(words.buffer);
  const { written } = utf8.encodeInto(text, chars);
  if (written !== text.length) throw new InvariantError(`snapshot column ${name} is not base64`);
  const whole = Math.floor(length / 3) * 3;
  let bad = 0;
  let high = 0;
  let w = 0;
  for (let i = 0; i < whole; i += 3) {
    const word = LITTLE_ENDIAN ? words[w]! : swap32(words[w]!);
    const first = PAIRS[((word & 127) << 7) | ((word >>> 8) & 127)]!;
    const second = PAIRS[(((word >>> 16) & 127) << 7) | ((word >>> 24) & 127)]!;
    bad |= first | second;
    high |= word;
    bytes[i] = first >> 4;
    bytes[i + 1] = ((first & 15) << 4) | (second >> 8);
    bytes[i + 2] = second & 255;
    w += 1;
  }
  const rest = length - whole;
  if (rest > 0) {
    const c = 4 * w;
    const first = PAIRS[((chars[c]! & 127) << 7) | (chars[c + 1]! & 127)]!;
    bad |= first;
    bytes[whole] = first >> 4;
    if (rest === 2) {
      const third = VALUES[chars[c + 2]! & 127]!;
      if (third === 64) bad = -1;
      bytes[whole + 1] = ((first & 15) << 4) | (third >> 2);
    } else if (chars[c + 2] !== PAD) {
      bad = -1;
    }
    if (chars[c + 3] !== PAD) bad = -1;
  }
  if (bad < 0 || (high & 0x80808080) !== 0) throw new InvariantError(`snapshot column ${name} is not base64`);
  if (!LITTLE_ENDIAN) bytes.set(swapped(bytes, size));
  return column;
}

// `word` with its four bytes reversed.
function swap32(word: number): number {
  return ((word & 255) << 24) | ((word & 0xff00) << 8) | ((word >>> 8) & 0xff00) | (word >>> 24);
}

// A copy of `bytes` with each `size`-byte element reversed (big-endian platforms only).
function swapped(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += size) {
    for (let k = 0; k < size; k += 1) out[i + k] = bytes[i + size - 1 - k]!;
  }
  return out;
}
