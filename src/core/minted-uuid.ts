/**
 * The uuids the engine mints (`uuidAt` in core/ids.ts) in 10 bytes and an index: their 48-bit
 * time, one 32-bit word and the index of the id in its call (0 for most). `uuidAt` draws three
 * fmix32 words w0, w1, w2 with `w1 = fmix32(w0 + K + 1)` and `w2 = fmix32(w1 + K + 2)`; fmix32
 * is a bijection, so w0 and w2 follow from w1. The uuid shows w1's 32 bits, w0's 26 bits xored
 * with the index, and w2's low 16 bits (xored with the seq's high bits, 0 below 2^32 events). No
 * seed is needed.
 *
 * A uuid is in minted form when it is version 7, variant 10, and its last 16 bits are those w2
 * gives: then it is rebuilt exactly from (time, w1, index), whoever made it (a foreign v7 id
 * passes by chance with probability 2^-16, and is then still rebuilt exactly; its index is then
 * random, which the codec sees as too long to gain from), so a codec relying on it never depends
 * on where an id came from. Ids minted before stop 29 are in minted form with index 0.
 *
 * Words as `parseUuid` (core/uuid-text.ts) fills them: four Int32s, most significant first.
 */

import { fmix32, WORD_STEP } from './ids.js';
import { parseUuid, UUID_LENGTH, uuidText, uuidTimeMs } from './uuid-text.js';

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

/** fmix32's inverse (core/ids.ts): each xor-shift and multiplication undone in reverse order. */
export function unfmix32(word: number): number {
  let h = word;
  h ^= h >>> 16;
  h = Math.imul(h, M2_INVERSE);
  h ^= (h >>> 13) ^ (h >>> 26);
  h = Math.imul(h, M1_INVERSE);
  h ^= h >>> 16;
  return h >>> 0;
}

// w0, from the w1 that `uuidAt` drew after it.
function wordZeroOf(w1: number): number {
  return (unfmix32(w1) - WORD_STEP - 1) >>> 0;
}

// Word 2's low 16 bits as `uuidAt` writes them below 2^32 events.
function tailOf(w1: number): number {
  return fmix32((w1 + WORD_STEP + 2) >>> 0) & 0xffff;
}

/**
 * The w1 of the uuid whose words start at `words[at]` when it is in minted form (see the
 * module's comment), as an unsigned 32-bit number; -1 when it is not.
 */
export function mintedWord(words: Int32Array, at: number): number {
  const second = words[at + 1]!;
  const third = words[at + 2]!;
  const fourth = words[at + 3]!;
  if ((second & 0xf000) !== 0x7000 || (third & 0xc0000000) !== (0x80000000 | 0)) return -1;
  const w1 = ((third << 16) | (fourth >>> 16)) >>> 0;
  return (fourth & 0xffff) === tailOf(w1) ? w1 : -1;
}

/** The index (26 bits) of the minted-form uuid at `words[at]` whose w1 `mintedWord` gave. */
export function mintedIndex(words: Int32Array, at: number, w1: number): number {
  const w0 = wordZeroOf(w1);
  const low = (words[at + 1]! ^ w0) & 0x0fff;
  const high = ((words[at + 2]! >>> 16) ^ (w0 >>> 16)) & 0x3fff;
  return high * 0x1000 + low;
}

/**
 * Writes into `words[at..at + 4)` the minted-form uuid of `timeMs` (48 bits, 0 to 2^48 - 1), `w1`
 * (unsigned 32 bits) and `index` (0 to 2^26 - 1): the words `parseUuid` gives for the uuid
 * `mintedWord` and `mintedIndex` took them from.
 */
export function mintedWords(timeMs: number, w1: number, index: number, words: Int32Array, at: number): void {
  const w0 = wordZeroOf(w1);
  const low = 0x7000 | ((w0 ^ index) & 0x0fff);
  const high = 0x8000 | (((w0 >>> 16) ^ (index >>> 12)) & 0x3fff);
  words[at] = Math.floor(timeMs / 0x10000) | 0;
  words[at + 1] = ((timeMs % 0x10000) << 16) | low;
  words[at + 2] = (high << 16) | (w1 >>> 16);
  words[at + 3] = (w1 << 16) | tailOf(w1);
}

/**
 * The seq key of a minted uuid's w1: `h ^ seqLow`, where `seqLow` is the low 32 bits of the seq it
 * was minted at and `h` a word of the seed alone (`uuidAt` chains fmix32 from it). fmix32 is a
 * bijection, so the key is w1's chain undone: no seed is needed, and two ids minted under one seed
 * give keys whose xor is the xor of their seqs, small for ids minted close together in a log (the
 * pending webhooks keep that xor, a byte or so, not w1's 4: domains/webhook-store.ts).
 */
export function mintedSeqKey(w1: number): number {
  const w0 = (unfmix32(w1) - WORD_STEP - 1) >>> 0;
  const h3 = (unfmix32(w0) - WORD_STEP) >>> 0;
  return unfmix32(unfmix32(unfmix32(h3)));
}

/** The w1 whose seq key (`mintedSeqKey`) is `key` (unsigned 32 bits): `uuidAt`'s chain from it. */
export function mintedWordOfSeqKey(key: number): number {
  const h3 = fmix32(fmix32(fmix32(key)));
  const w0 = fmix32((h3 + WORD_STEP) >>> 0);
  return fmix32((w0 + WORD_STEP + 1) >>> 0);
}

// The words of the id `mintedSibling` reads, and its last question and answer: the records of one
// customer, read one after another (a page of its payments), ask for the same account's sibling.
const SIBLING_WORDS = new Int32Array(4);
const lastSibling = { id: '', fromPrefix: '', toPrefix: '', step: 0, answer: undefined as string | undefined };

/**
 * The id `<toPrefix><uuid>` of the uuid minted in the same call as `id`'s (the same time and w1)
 * at `id`'s index plus `step`, when `id` is `<fromPrefix><uuid>` in minted form; undefined
 * otherwise, or when that index is outside 0 to 2^26 - 1. The engine mints some ids together (a
 * customer at index 0 and its first internal account at 1), so one of them predicts the other in a
 * packed record (domains/transactions/predictions.ts). Pure.
 */
export function mintedSibling(id: unknown, fromPrefix: string, toPrefix: string, step: number): string | undefined {
  if (typeof id !== 'string' || id.length !== fromPrefix.length + UUID_LENGTH) return undefined;
  const last = lastSibling;
  if (id === last.id && fromPrefix === last.fromPrefix && toPrefix === last.toPrefix && step === last.step) return last.answer;
  const answer = siblingOf(id, fromPrefix, toPrefix, step);
  last.id = id;
  last.fromPrefix = fromPrefix;
  last.toPrefix = toPrefix;
  last.step = step;
  last.answer = answer;
  return answer;
}

// `mintedSibling` of an id of the right length.
function siblingOf(id: string, fromPrefix: string, toPrefix: string, step: number): string | undefined {
  if (!id.startsWith(fromPrefix)) return undefined;
  if (!parseUuid(id, fromPrefix.length, SIBLING_WORDS, 0)) return undefined;
  const w1 = mintedWord(SIBLING_WORDS, 0);
  if (w1 === -1) return undefined;
  const index = mintedIndex(SIBLING_WORDS, 0, w1) + step;
  if (index < 0 || index >= 2 ** 26) return undefined;
  mintedWords(uuidTimeMs(SIBLING_WORDS, 0), w1, index, SIBLING_WORDS, 0);
  return toPrefix + uuidText(SIBLING_WORDS, 0);
}
