/**
 * The platform's uuids as four Int32 words and back: the canonical lowercase 8-4-4-4-12 text the
 * engine makes (`core/ids.ts`), nothing else (uppercase hex would not come back the same). Shared
 * by the ledger's id columns and the record codec, which both hold ids as 16 bytes.
 */

/** Code units of a canonical uuid. */
export const UUID_LENGTH = 36;
/** Hex digits of a uuid. */
export const UUID_DIGITS = 32;

const DASH = 45;
/** Lowercase hex digits' code units, by value. */
export const HEX_CODES = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
/** Where hex digit k sits in the uuid text: dashes come before digits 8, 12, 16 and 20. */
export const DIGIT_AT = Uint8Array.from({ length: UUID_DIGITS }, (_, k) => k + (k < 8 ? 0 : k < 12 ? 1 : k < 16 ? 2 : k < 20 ? 3 : 4));
// The code units `uuidText` builds a uuid from; the dashes stay.
const TEXT: number[] = Array.from({ length: UUID_LENGTH }, () => DASH);
// Scratch for `isUuidAt`.
const SCRATCH = new Int32Array(4);

// The value of each code unit below 128 as a lowercase hex digit, -1 (every bit set) for others.
const HEX_VALUES = Int8Array.from({ length: 128 }, (_, code) => (code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1));

/**
 * The value of a lowercase hex digit's code unit, or -1 for any other: a table, no branch (a unit
 * of 128 or more reads the table at its low bits and is then forced to -1).
 */
export function nibble(code: number): number {
  return HEX_VALUES[code & 127]! | ((127 - code) >> 31);
}

// The 16-bit value of the 4 hex digits at `id[at, at + 4)`, negative when one is not a digit.
function quad(id: string, at: number): number {
  return (nibble(id.charCodeAt(at)) << 12) | (nibble(id.charCodeAt(at + 1)) << 8) | (nibble(id.charCodeAt(at + 2)) << 4) | nibble(id.charCodeAt(at + 3));
}

/** The first 48 bits of the uuid whose words start at `words[at]`: a UUIDv7's time in ms. */
export function uuidTimeMs(words: Int32Array, at: number): number {
  return (words[at]! >>> 0) * 0x10000 + (words[at + 1]! >>> 16);
}

/**
 * Parses the canonical lowercase uuid at `id[at, at + 36)` (which must exist) into the 4 words at
 * `out[outAt]`, most significant digit first; false (words partly written) when it is not one.
 */
export function parseUuid(id: string, at: number, out: Int32Array, outAt = 0): boolean {
  if (id.charCodeAt(at + 8) !== DASH || id.charCodeAt(at + 13) !== DASH || id.charCodeAt(at + 18) !== DASH || id.charCodeAt(at + 23) !== DASH) return false;
  // Each word is two runs of 4 digits (the dashes fall between runs); a bad digit makes its run
  // negative, which sets the sign bit of `bad` for good: one test at the end.
  const a = quad(id, at);
  const b = quad(id, at + 4);
  const c = quad(id, at + 9);
  const d = quad(id, at + 14);
  const e = quad(id, at + 19);
  const f = quad(id, at + 24);
  const g = quad(id, at + 28);
  const h = quad(id, at + 32);
  out[outAt] = (a << 16) | b;
  out[outAt + 1] = (c << 16) | d;
  out[outAt + 2] = (e << 16) | f;
  out[outAt + 3] = (g << 16) | h;
  return (a | b | c | d | e | f | g | h) >= 0;
}

/** True when `text[at..]` is exactly a canonical lowercase uuid. */
export function isUuidAt(text: string, at: number): boolean {
  return text.length - at === UUID_LENGTH && parseUuid(text, at, SCRATCH);
}

/** The code unit of hex digit k of the uuid whose words start at `words[at]`. */
export function uuidDigitCode(words: Int32Array, at: number, k: number): number {
  return HEX_CODES[(words[at + (k >>> 3)]! >>> (28 - 4 * (k & 7))) & 15]!;
}

/** The uuid text of the words at `words[at]`: one flat string (built from its code units at once). */
export function uuidText(words: Int32Array, at: number): string {
  return String.fromCharCode.apply(null, uuidCodes(words, at));
}

/**
 * The code units of `uuidText(words, at)` (UUID_LENGTH of them), in a scratch array the next call
 * overwrites: for a writer of the text as bytes.
 */
export function uuidCodes(words: Int32Array, at: number): number[] {
  for (let k = 0; k < UUID_DIGITS; k += 1) TEXT[DIGIT_AT[k]!] = uuidDigitCode(words, at, k);
  return TEXT;
}
