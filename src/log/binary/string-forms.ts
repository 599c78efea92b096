/**
 * The shorter forms a new string may take in the binary log, each exact both ways (the text read
 * back is the text written, or the form is not used): decimal digits as a number, a ULID and a
 * `<prefix><uuid>` as 16 bytes, an instant in toISOString's form as ms. Pure.
 */
import { parseUuid, UUID_LENGTH, uuidCodes, uuidText } from '../../core/uuid-text.js';
import { DIGEST_BYTES, INSTANT_MS_MAX } from './format.js';

/** Most digits the digits form holds: 15 stay below 2^53. */
const DIGITS_MAX = 15;

/** The value of `text` when it is 1 to 15 decimal digits without a leading zero ("0" itself is one), else -1. */
export function digitsValue(text: string): number {
  const length = text.length;
  if (length === 0 || length > DIGITS_MAX) return -1;
  if (text.charCodeAt(0) === 48) return length === 1 ? 0 : -1;
  let value = 0;
  for (let i = 0; i < length; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CROCKFORD_CODES = Uint8Array.from(CROCKFORD, (c) => c.charCodeAt(0));
// The value of each code unit below 128 as an uppercase Crockford digit, -1 for others.
const CROCKFORD_VALUES = Int8Array.from({ length: 128 }, (_, code) => CROCKFORD.indexOf(String.fromCharCode(code)));
/** Characters of a ULID. */
export const ULID_LENGTH = 26;
/** Bytes of a ULID or a uuid. */
export const ID_BYTES = 16;
// Scratch for the ULID's characters as it is built.
const ULID_TEXT: number[] = new Array<number>(ULID_LENGTH).fill(48);

/**
 * Writes the ULID `text` (26 uppercase Crockford digits, the first at most 7: 130 bits of which
 * the top 2 are zero) as 16 bytes at `out[at]`, most significant first; false when it is not one.
 */
export function ulidBytes(text: string, out: Uint8Array, at: number): boolean {
  if (text.length !== ULID_LENGTH) return false;
  // 26 digits of 5 bits: carry bits through a 13-bit window, emitting bytes from the top.
  let acc = 0;
  let bits = -2;
  let o = at;
  for (let i = 0; i < ULID_LENGTH; i += 1) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? CROCKFORD_VALUES[code]! : -1;
    if (value < 0 || (i === 0 && value > 7)) return false;
    acc = ((acc << 5) | value) & 0x1fff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  return true;
}

/** The ULID text of the 16 bytes at `bytes[at]`. */
export function ulidText(bytes: Uint8Array, at: number): string {
  const c = ulidCodes(bytes, at);
  // 26 arguments rather than `apply` with the array: V8 builds the string a little faster.
  return String.fromCharCode(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!, c[7]!, c[8]!, c[9]!, c[10]!, c[11]!, c[12]!, c[13]!, c[14]!, c[15]!, c[16]!, c[17]!, c[18]!, c[19]!, c[20]!, c[21]!, c[22]!, c[23]!, c[24]!, c[25]!);
}

/** Writes `ulidText(bytes, at)` as ASCII at `out[to]` (ULID_LENGTH bytes of room); returns where it ends. */
export function writeUlidText(bytes: Uint8Array, at: number, out: Uint8Array, to: number): number {
  return writeCodes(ulidCodes(bytes, at), ULID_LENGTH, out, to);
}

// The first `count` of `codes` (ASCII code units) at `out[to]`; returns where they end.
function writeCodes(codes: readonly number[], count: number, out: Uint8Array, to: number): number {
  for (let i = 0; i < count; i += 1) out[to + i] = codes[i]!;
  return to + count;
}

// The code units of the ULID text of the 16 bytes at `bytes[at]`, in ULID_TEXT: the one
// computation behind both outputs above.
function ulidCodes(bytes: Uint8Array, at: number): number[] {
  let acc = 0;
  let bits = 2; // the two zero bits above the 128 that make the first digit's 5
  let next = at;
  for (let i = 0; i < ULID_LENGTH; i += 1) {
    if (bits < 5) {
      acc = ((acc << 8) | bytes[next++]!) & 0x1fff;
      bits += 8;
    }
    bits -= 5;
    ULID_TEXT[i] = CROCKFORD_CODES[(acc >>> bits) & 31]!;
  }
  return ULID_TEXT;
}

// Scratch for a uuid's words.
const WORDS = new Int32Array(4);

/** Writes the uuid that ends `text` as 16 bytes at `out[at]`; false when `text` does not end in a canonical lowercase uuid. */
export function uuidTailBytes(text: string, out: Uint8Array, at: number): boolean {
  const start = text.length - UUID_LENGTH;
  if (start < 0 || !parseUuid(text, start, WORDS)) return false;
  for (let w = 0; w < 4; w += 1) {
    const word = WORDS[w]!;
    out[at + 4 * w] = word >>> 24;
    out[at + 4 * w + 1] = (word >>> 16) & 0xff;
    out[at + 4 * w + 2] = (word >>> 8) & 0xff;
    out[at + 4 * w + 3] = word & 0xff;
  }
  return true;
}

/** The canonical uuid text of the 16 bytes at `bytes[at]`. */
export function uuidTailText(bytes: Uint8Array, at: number): string {
  return uuidText(uuidWords(bytes, at), 0);
}

/** Writes `uuidTailText(bytes, at)` as ASCII at `out[to]` (UUID_LENGTH bytes of room); returns where it ends. */
export function writeUuidTailText(bytes: Uint8Array, at: number, out: Uint8Array, to: number): number {
  return writeCodes(uuidCodes(uuidWords(bytes, at), 0), UUID_LENGTH, out, to);
}

function uuidWords(bytes: Uint8Array, at: number): Int32Array {
  for (let w = 0; w < 4; w += 1) {
    const b = at + 4 * w;
    WORDS[w] = (bytes[b]! << 24) | (bytes[b + 1]! << 16) | (bytes[b + 2]! << 8) | bytes[b + 3]!;
  }
  return WORDS;
}

/** Characters of an instant in toISOString's form, `2026-01-05T16:00:00.000Z`. */
export const INSTANT_LENGTH = 24;

/** The ms of `text` when it is exactly `new Date(ms).toISOString()` for an ms in [0, INSTANT_MS_MAX], else -1. */
export function instantMs(text: string): number {
  if (text.length !== INSTANT_LENGTH || text.charCodeAt(23) !== 90 || text.charCodeAt(10) !== 84) return -1;
  const ms = Date.parse(text);
  if (!(ms >= 0 && ms <= INSTANT_MS_MAX) || new Date(ms).toISOString() !== text) return -1;
  return ms;
}

const DAY_MS = 86_400_000;
// The day of the last instant made, and the code units of `YYYY-MM-DDT00:00:00.000Z` for it:
// a log's instants come in runs of one day, and one flat string from code units costs less than
// toISOString or a concatenation of parts.
// It starts a whole day before 0, so that the first instant made (even on 1970-01-01) fills it.
let dayStartMs = -DAY_MS;
const INSTANT_CODES: number[] = Array.from('0000-00-00T00:00:00.000Z', (c) => c.charCodeAt(0));

/** `new Date(ms).toISOString()`, for an ms the reader checked to be in [0, INSTANT_MS_MAX]. */
export function instantText(ms: number): string {
  return String.fromCharCode.apply(null, instantCodes(ms));
}

/** Writes `instantText(ms)` as ASCII at `out[to]` (INSTANT_LENGTH bytes of room); returns where it ends. */
export function writeInstantText(ms: number, out: Uint8Array, to: number): number {
  return writeCodes(instantCodes(ms), INSTANT_LENGTH, out, to);
}

// The code units of `new Date(ms).toISOString()`, in INSTANT_CODES: the one computation behind
// both outputs above.
function instantCodes(ms: number): number[] {
  let inDay = ms - dayStartMs;
  if (inDay < 0 || inDay >= DAY_MS) {
    dayStartMs = ms - (ms % DAY_MS);
    const date = new Date(dayStartMs).toISOString();
    for (let i = 0; i < 11; i += 1) INSTANT_CODES[i] = date.charCodeAt(i);
    inDay = ms - dayStartMs;
  }
  const codes = INSTANT_CODES;
  const millis = inDay % 1000;
  const seconds = Math.floor(inDay / 1000);
  setTwoDigits(codes, 11, Math.floor(seconds / 3600));
  setTwoDigits(codes, 14, Math.floor(seconds / 60) % 60);
  setTwoDigits(codes, 17, seconds % 60);
  codes[20] = 48 + Math.floor(millis / 100);
  setTwoDigits(codes, 21, millis % 100);
  return codes;
}

function setTwoDigits(codes: number[], at: number, value: number): void {
  codes[at] = 48 + Math.floor(value / 10);
  codes[at + 1] = 48 + (value % 10);
}

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
// Scratch for a digest's hex, made as one flat string from its code units.
const DIGEST_HEX: number[] = new Array<number>(2 * DIGEST_BYTES).fill(48);

/** The lowercase hex of the 32-byte digest at `bytes[at]` (an envelope's `hash` or `prevHash`). */
export function digestHex(bytes: Uint8Array, at: number): string {
  for (let i = 0; i < DIGEST_BYTES; i += 1) {
    const b = bytes[at + i]!;
    DIGEST_HEX[2 * i] = HEX_CODES[b >>> 4]!;
    DIGEST_HEX[2 * i + 1] = HEX_CODES[b & 15]!;
  }
  return String.fromCharCode.apply(null, DIGEST_HEX);
}

/** True when `hex` is `digestHex(bytes, at)`, without making that string. */
export function isDigestHex(hex: string, bytes: Uint8Array, at: number): boolean {
  if (hex.length !== 2 * DIGEST_BYTES) return false;
  for (let i = 0; i < DIGEST_BYTES; i += 1) {
    const b = bytes[at + i]!;
    if (hex.charCodeAt(2 * i) !== HEX_CODES[b >>> 4] || hex.charCodeAt(2 * i + 1) !== HEX_CODES[b & 15]) return false;
  }
  return true;
}
