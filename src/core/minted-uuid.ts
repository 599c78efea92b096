/**
 * The uuids the engine mints (`uuidAt` in core/ids.ts) in 10 bytes: their 48-bit time and one
 * 32-bit word. `uuidAt` draws three fmix32 words w0, w1, w2 with `w1 = fmix32(w0 + K + 1)` and
 * `w2 = fmix32(w1 + K + 2)`; fmix32 is a bijection, so w0 and w2 follow from w1, and a minted
 * uuid's 74 "random" bits are w1's 32 and 42 bits that w1 fixes. No seed is needed.
 *
 * A uuid is in minted form when its bits are exactly those `uuidAt` would write for its time and
 * w1: version 7, variant 10, w0's 12 + 14 bits in groups 3-4 and w2's low 16 bits at the end.
 * Any uuid passing the check is rebuilt exactly from (time, w1), whoever made it (a foreign v7 id
 * passes by chance with probability 2^-42, and is then still rebuilt exactly), so a codec relying
 * on it never depends on where an id came from.
 *
 * Words as `parseUuid` (core/uuid-text.ts) fills them: four Int32s, most significant first.
 */

import { fmix32, WORD_STEP } from './ids.js';

// fmix32's odd multipliers and their inverses modulo 2^32.
const M1 = 0x85ebca6b;
const M2 = 0xc2b2ae35;
const M1_INVERSE = inverseModulo32(M1);
const M2_INVERSE = inverseModulo32(M2);

// The inverse of an odd `a` modulo 2^32 (Newton's iteration doubles the correct bits each step).
function inverseModulo32(a: number): number {
  let x = a;
  for (let step = 0; step < 5; step += 1) x = Math.imul(x, 2 - Math.imul(a, x));
  return x >>> 0;
}

// fmix32's inverse: each xor-shift and multiplication undone in reverse order.
function unfmix32(word: number): number {
  let h = word;
  h ^= h >>> 16;
  h = Math.imul(h, M2_INVERSE);
  h ^= (h >>> 13) ^ (h >>> 26);
  h = Math.imul(h, M1_INVERSE);
  h ^= h >>> 16;
  return h >>> 0;
}

// Word 1's low half as `uuidAt` writes it: the version and w0's low 12 bits.
function wordOneLow(w0: number): number {
  return 0x7000 | (w0 & 0x0fff);
}

// Word 2's high half: the variant and w0's bits 16-29.
function wordTwoHigh(w0: number): number {
  return 0x8000 | ((w0 >>> 16) & 0x3fff);
}

/**
 * The w1 of the uuid whose words start at `words[at]` when it is in minted form (see the
 * module's comment), as an unsigned 32-bit number; -1 when it is not.
 */
export function mintedWord(words: Int32Array, at: number): number {
  const second = words[at + 1]!;
  const third = words[at + 2]!;
  const fourth = words[at + 3]!;
  const w1 = ((third << 16) | (fourth >>> 16)) >>> 0;
  const w0 = (unfmix32(w1) - WORD_STEP - 1) >>> 0;
  if ((second & 0xffff) !== wordOneLow(w0) || third >>> 16 !== wordTwoHigh(w0)) return -1;
  const w2 = fmix32((w1 + WORD_STEP + 2) >>> 0);
  return (fourth & 0xffff) === (w2 & 0xffff) ? w1 : -1;
}

/**
 * Writes into `words[at..at + 4)` the minted-form uuid of `timeMs` (48 bits, 0 to 2^48 - 1) and
 * `w1` (unsigned 32 bits): the words `parseUuid` gives for the uuid `mintedWord` took `w1` from.
 */
export function mintedWords(timeMs: number, w1: number, words: Int32Array, at: number): void {
  const w0 = (unfmix32(w1) - WORD_STEP - 1) >>> 0;
  const w2 = fmix32((w1 + WORD_STEP + 2) >>> 0);
  words[at] = Math.floor(timeMs / 0x10000) | 0;
  words[at + 1] = ((timeMs % 0x10000) << 16) | wordOneLow(w0);
  words[at + 2] = (wordTwoHigh(w0) << 16) | (w1 >>> 16);
  words[at + 3] = (w1 << 16) | (w2 & 0xffff);
}
