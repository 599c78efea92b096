/**
 * A list of texts that are mostly SHA-256 digests (64 lowercase hex digits), each held as its 32
 * bytes in one shared column instead of a JS string: the keys of a `PackedKeyMap` keyed by digests
 * (the agents' access-token and device-code hashes). A digest as a string is ~80 B of heap and a
 * list slot, traced by every major GC; here 32 B. A text that is not such a digest (any key is
 * taken) is kept as it is, apart.
 *
 * Reading a text rebuilds it (a new string each time); a `PackedKeyMap` reads one only to compare
 * it with a key whose hash matches, to rehash it when rows are renumbered, or to list keys.
 */
import { assert } from './assert.js';
import { HEX_CODES, nibble } from './uuid-text.js';
import { int32WithRoom } from './typed-growth.js';
import type { TextList } from './encoded-texts.js';

// A digest's hex digits, and its 32 bits a word.
const DIGEST_LENGTH = 64;
const WORDS = 8;
const DIGITS_PER_WORD = 8;

const latin1 = new TextDecoder('latin1');
// The digits of the digest being rebuilt.
const DIGITS = new Uint8Array(DIGEST_LENGTH);

/** Texts by index, digests held as their bytes (see the module's comment). */
export class DigestTexts implements TextList {
  // By index, 8 words: the digest's bits, big-endian (unused for a text held apart).
  #words: Int32Array = new Int32Array(0);
  // By index, the texts that are not digests (none, usually).
  readonly #others = new Map<number, string>();
  #length = 0;

  /** Number of texts. */
  get length(): number {
    return this.#length;
  }

  /** Appends `text` at index `length`. */
  push(text: string): void {
    const index = this.#length;
    this.#words = int32WithRoom(this.#words, WORDS * index + WORDS - 1);
    this.#hold(index, text);
    this.#length = index + 1;
  }

  /** The text at `index` (below `length`), rebuilt. */
  at(index: number): string {
    assert(index >= 0 && index < this.#length, 'DigestTexts.at out of range');
    if (this.#others.size > 0) {
      const other = this.#others.get(index);
      if (other !== undefined) return other;
    }
    return digestText(this.#words, WORDS * index);
  }

  /** Replaces the text at `index` (below `length`). */
  set(index: number, text: string): void {
    assert(index >= 0 && index < this.#length, 'DigestTexts.set out of range');
    this.#others.delete(index);
    this.#hold(index, text);
  }

  /** Forgets the texts from `length` on. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    for (const index of [...this.#others.keys()]) if (index >= length) this.#others.delete(index);
    this.#length = length;
  }

  /** Bytes the digests' column holds (for figures and tests). */
  get heldBytes(): number {
    return this.#words.byteLength;
  }

  // Writes `text`'s bits at `index` when it is a digest, else keeps it apart.
  #hold(index: number, text: string): void {
    if (!packDigest(text, this.#words, WORDS * index)) this.#others.set(index, text);
  }
}

/** Int32 words a digest's bits take (`packDigest`). */
export const DIGEST_WORDS = WORDS;

/**
 * Writes the bits of `text`, a SHA-256 digest as 64 lowercase hex digits, into `words[at..at+7]`
 * (big-endian words); false, with those words left in any state, when `text` is not such a digest.
 */
export function packDigest(text: string, words: Int32Array, at: number): boolean {
  if (text.length !== DIGEST_LENGTH) return false;
  for (let word = 0; word < WORDS; word += 1) {
    let value = 0;
    for (let k = 0; k < DIGITS_PER_WORD; k += 1) {
      const digit = nibble(text.charCodeAt(word * DIGITS_PER_WORD + k));
      if (digit < 0) return false;
      value = (value << 4) | digit;
    }
    words[at + word] = value;
  }
  return true;
}

/** The digest whose bits `packDigest` wrote at `words[at..at+7]`, as its 64 lowercase hex digits (a new string). */
export function digestText(words: Int32Array, at: number): string {
  for (let k = 0; k < DIGEST_LENGTH; k += 1) DIGITS[k] = HEX_CODES[(words[at + (k >>> 3)]! >>> (28 - 4 * (k & 7))) & 15]!;
  return latin1.decode(DIGITS);
}
