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
// Lowercase hex digits' code units, by value.
const HEX_CODES = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
/** Where hex digit k sits in the uuid text: dashes come before digits 8, 12, 16 and 20. */
export const DIGIT_AT = Uint8Array.from({ length: UUID_DIGITS }, (_, k) => k + (k < 8 ? 0 : k < 12 ? 1 : k < 16 ? 2 : k < 20 ? 3 : 4));
// The code units `uuidText` builds a uuid from; the dashes stay.
const TEXT: number[] = Array.from({ length: UUID_LENGTH }, () => DASH);
// Scratch for `isUuidAt`.
const SCRATCH = new Int32Array(4);

// The value of a lowercase hex digit's code unit, or -1 (every bit set) for any other.
function nibble(code: number): number {
  const digit = code - 48;
  if (digit >>> 0 < 10) return digit;
  const letter = code - 97;
  return letter >>> 0 < 6 ? letter + 10 : -1;
}

/**
 * Parses the canonical lowercase uuid at `id[at, at + 36)` (which must exist) into the 4 words at
 * `out[outAt]`, most significant digit first; false (words partly written) when it is not one.
 */
export function parseUuid(id: string, at: number, out: Int32Array, outAt = 0): boolean {
  if (id.charCodeAt(at + 8) !== DASH || id.charCodeAt(at + 13) !== DASH || id.charCodeAt(at + 18) !== DASH || id.charCodeAt(at + 23) !== DASH) return false;
  // A bad digit's -1 sets the sign bit of `bad` for good; one test at the end instead of 32.
  let bad = 0;
  let word = 0;
  for (let k = 0; k < UUID_DIGITS; k += 1) {
    const value = nibble(id.charCodeAt(at + DIGIT_AT[k]!));
    bad |= value;
    word = (word << 4) | (value & 15);
    if ((k & 7) === 7) {
      out[outAt + (k >>> 3)] = word;
      word = 0;
    }
  }
  return bad >= 0;
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
  for (let k = 0; k < UUID_DIGITS; k += 1) TEXT[DIGIT_AT[k]!] = uuidDigitCode(words, at, k);
  return String.fromCharCode.apply(null, TEXT);
}
