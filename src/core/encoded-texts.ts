/**
 * A list of texts held as `RecordCodec` bytes in a `ByteArena` instead of one JS string each: the
 * keys of a `PackedKeyMap` that are not ids (core/id-column.ts keeps those as strings), when they
 * are many and long. The idempotency store's keys are `<principal>|<method> <path>|<key>`
 * (`platform|POST /quotes/Quote:019b...-c376b/execute|sim-execute-8`, ~93 characters): as a
 * string each is ~112 B of heap, traced by every major GC; here ~25 bytes of a shared buffer.
 *
 * A text is cut into parts the codec writes compactly (`textParts`): after each lowercase UUID
 * (a part ending in `<prefix ending in ':'><uuid>` is an id: the prefix's number and 16 bytes),
 * and before a run of digits at the end (a decimal integer: a varint); the parts between recur
 * (a route, a key's fixed head) and enter the codec's dictionary at their second sight. Any text
 * is exact on the way back: the parts joined are the text, and the codec gives back every string
 * it was given. The codec is the list's own, with no id table (its ids never join the state's).
 *
 * Reading a text decodes it (a new string each time); a lookup compares one only when its hash
 * matches, and the map remembers the key it found last. A text replaced (`set`) leaves its old
 * bytes in the arena, counted as free: a `PackedKeyMap` replaces one only when its key is
 * deleted, and renumbering its rows makes a new list.
 */
import { assert } from './assert.js';
import { ByteArena } from './byte-arena.js';
import { RecordCodec } from './record-codec.js';
import { float64WithRoom } from './typed-growth.js';

/** What an `IdColumn` keeps its fallback ids in: a `ChunkedList<string>` or `EncodedTexts`. */
export type TextList = {
  readonly length: number;
  push(text: string): void;
  at(index: number): string;
  set(index: number, text: string): void;
  truncate(length: number): void;
};

// A canonical UUID's length (8-4-4-4-12), the offsets of its hyphens, and the most digits at a
// text's end the codec writes as one integer.
const UUID_LENGTH = 36;
const UUID_HYPHENS = [8, 13, 18, 23] as const;
const DIGITS_MAX = 15;
const HYPHEN = 0x2d;

// Whether `code` is a digit or a lowercase hex letter (the form `RecordCodec` packs).
function isLowerHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66);
}

// Whether `text` holds lowercase hex digits from `from` to `to`.
function isLowerHexRun(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (!isLowerHex(text.charCodeAt(index))) return false;
  return true;
}

// Whether a lowercase UUID in its canonical 8-4-4-4-12 form starts at `at`. The hyphens are
// checked first.
function isUuidAt(text: string, at: number): boolean {
  for (const offset of UUID_HYPHENS) if (text.charCodeAt(at + offset) !== HYPHEN) return false;
  let from = at;
  for (const offset of UUID_HYPHENS) {
    if (!isLowerHexRun(text, from, at + offset)) return false;
    from = at + offset + 1;
  }
  return isLowerHexRun(text, from, at + UUID_LENGTH);
}

// How many digits (0-9) end `text` after `from`, at most DIGITS_MAX.
function digitsAtEnd(text: string, from: number): number {
  let count = 0;
  for (let index = text.length - 1; index >= from && count < DIGITS_MAX; index -= 1) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) break;
    count += 1;
  }
  return count;
}

/**
 * `text` cut after each lowercase UUID and before a run of digits at its end: parts the codec
 * writes as ids, dictionary entries and integers. Pure; the parts joined are `text`. UUIDs are
 * found leftmost first, without overlap, and the digits are the last 15 at most (as the regexes
 * `/[0-9a-f]{8}-…-[0-9a-f]{12}/g` and `/\d{1,15}$/` would cut); a hand scan, since this runs for
 * every idempotency key stored and the regexes' matches were most of its cost.
 */
export function textParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  // A UUID starting at `at` has its first hyphen at `at + 8`: only the hyphens are candidates.
  for (let hyphen = text.indexOf('-', UUID_HYPHENS[0]); hyphen !== -1; hyphen = text.indexOf('-', hyphen + 1)) {
    const at = hyphen - UUID_HYPHENS[0];
    if (at + UUID_LENGTH > text.length) break;
    if (!isUuidAt(text, at)) continue;
    const end = at + UUID_LENGTH;
    parts.push(text.slice(from, end));
    from = end;
    hyphen = end + UUID_HYPHENS[0] - 1;
  }
  const digits = digitsAtEnd(text, from);
  const digitsFrom = text.length - digits;
  if (digits === 0 || digitsFrom === from) {
    if (from < text.length) parts.push(from === 0 ? text : text.slice(from));
    return parts;
  }
  parts.push(text.slice(from, digitsFrom), text.slice(digitsFrom));
  return parts;
}

/** Texts by index, held as codec bytes (see the module's comment). */
export class EncodedTexts implements TextList {
  readonly #codec = new RecordCodec({ idTable: false });
  readonly #arena = new ByteArena();
  // By index, the handle of the text's bytes in #arena.
  #handles: Float64Array = new Float64Array(0);
  #length = 0;

  /** Number of texts. */
  get length(): number {
    return this.#length;
  }

  /** Appends `text` at index `length`. */
  push(text: string): void {
    const index = this.#length;
    this.#handles = float64WithRoom(this.#handles, index);
    this.#handles[index] = this.#store(text);
    this.#length = index + 1;
  }

  /** The text at `index` (below `length`), decoded. */
  at(index: number): string {
    assert(index >= 0 && index < this.#length, 'EncodedTexts.at out of range');
    const { chunk, from, length } = this.#arena.locate(this.#handles[index]!);
    return (this.#codec.decodeWhole(chunk, from, length, false) as string[]).join('');
  }

  /** Replaces the text at `index` (below `length`); its old bytes are counted as free. */
  set(index: number, text: string): void {
    assert(index >= 0 && index < this.#length, 'EncodedTexts.set out of range');
    this.#arena.free(this.#handles[index]!);
    this.#handles[index] = this.#store(text);
  }

  /** Forgets the texts from `length` on (their bytes counted as free). */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    for (let index = length; index < this.#length; index += 1) this.#arena.free(this.#handles[index]!);
    this.#length = length;
  }

  /** Bytes the texts' buffers hold, the arena's and the handles' (for figures and tests). */
  get heldBytes(): number {
    return this.#arena.heldBytes + this.#handles.byteLength;
  }

  #store(text: string): number {
    return this.#arena.store(this.#codec.encode(textParts(text)));
  }
}
