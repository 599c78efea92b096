/**
 * Webhook ids as words: `Webhook:<uuid>` packed into the uuid's four 32-bit words and back, and
 * what a minted uuid's words say (its time, its seq key and its index in its call). The pending
 * webhooks (webhook-store.ts) keep ids by these; apart so that the slots' encoding reads alone.
 */
import { mintedIndex, mintedSeqKey, mintedWord } from '../core/minted-uuid.js';

/** 32-bit words of one id (the uuid's 128 bits). */
export const ID_WORDS = 4;
const PREFIX = 'Webhook:';
/** `Webhook:` and a lowercase uuid `8-4-4-4-12`. */
const PACKED_LENGTH = PREFIX.length + 36;

/** The uuid's 48-bit time prefix of the id packed at `at`. */
export function timeOf(words: Int32Array, at: number): number {
  return (words[at]! >>> 0) * 65_536 + (words[at + 1]! >>> 16);
}

/**
 * The id's seq key and its index in its call (`mintedSeqKey`), into `key`, from the uuid's 4 words
 * at `at`. False when the uuid is not in minted form.
 */
export function keyOf(words: Int32Array, at: number, key: Uint32Array): boolean {
  const w1 = mintedWord(words, at);
  if (w1 === -1) return false;
  key[0] = mintedSeqKey(w1);
  key[1] = mintedIndex(words, at, w1);
  return true;
}

/** Value of each lowercase hex digit by char code; -1 for anything else. */
const HEX_DIGITS = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i += 1) table['0123456789abcdef'.charCodeAt(i)] = i;
  return table;
})();

/**
 * Packs `Webhook:<lowercase uuid>` into `out` (4 words); false for any other shape.
 */
export function parseId(id: string, out: Int32Array): boolean {
  if (id.length !== PACKED_LENGTH || !id.startsWith(PREFIX)) return false;
  // Dashes at 16, 21, 26 and 31: the uuid's 8-4-4-4-12 after the 8-character prefix.
  if (id.charCodeAt(16) !== 45 || id.charCodeAt(21) !== 45 || id.charCodeAt(26) !== 45 || id.charCodeAt(31) !== 45) return false;
  // Eight groups of four digits, unrolled (a loop with a skipped index cost ~25% more).
  const g0 = hex4(id, 8);
  const g1 = hex4(id, 12);
  const g2 = hex4(id, 17);
  const g3 = hex4(id, 22);
  const g4 = hex4(id, 27);
  const g5 = hex4(id, 32);
  const g6 = hex4(id, 36);
  const g7 = hex4(id, 40);
  if ((g0 | g1 | g2 | g3 | g4 | g5 | g6 | g7) < 0) return false;
  out[0] = g0 * 65_536 + g1;
  out[1] = g2 * 65_536 + g3;
  out[2] = g4 * 65_536 + g5;
  out[3] = g6 * 65_536 + g7;
  return true;
}

/** The 4 lowercase hex digits of `text` at `at` as a 16-bit value; -1 for any other character. */
function hex4(text: string, at: number): number {
  const c0 = text.charCodeAt(at);
  const c1 = text.charCodeAt(at + 1);
  const c2 = text.charCodeAt(at + 2);
  const c3 = text.charCodeAt(at + 3);
  // The table covers 7 bits; a code at or above 128 is refused by the first test, not read.
  const v0 = HEX_DIGITS[c0 & 127]!;
  const v1 = HEX_DIGITS[c1 & 127]!;
  const v2 = HEX_DIGITS[c2 & 127]!;
  const v3 = HEX_DIGITS[c3 & 127]!;
  if (((c0 | c1 | c2 | c3) & ~127) !== 0 || (v0 | v1 | v2 | v3) < 0) return -1;
  return (v0 << 12) | (v1 << 8) | (v2 << 4) | v3;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/** The id of the uuid's 4 words at `at`, as it was queued. */
export function formatWords(words: Int32Array, at: number): string {
  const w1 = words[at + 1]!;
  const w2 = words[at + 2]!;
  return `${PREFIX}${hex(words[at]! >>> 0, 8)}-${hex(w1 >>> 16, 4)}-${hex(w1 & 0xffff, 4)}-${hex(w2 >>> 16, 4)}-${hex(w2 & 0xffff, 4)}${hex(words[at + 3]! >>> 0, 8)}`;
}
