/**
 * The byte sink of `BlockReader.walkLineBytes`: an event's canonical line written as UTF-8 into
 * one buffer reused across events and blocks, and the block's pool of strings already escaped
 * (a dictionary string is referred to many times a block: each reference is then a copy). The
 * bytes are the UTF-8 of the text JSON.stringify writes; the reader decides what goes where, this
 * only writes. Pure (module state is scratch only).
 */
import { HASH_FIELD_LENGTH, LINE_LENGTH_MAX } from '../codec.js';
import { MalformedBytes } from './bytes.js';
import { resized } from '../../core/typed-growth.js';
import { UUID_LENGTH } from '../../core/uuid-text.js';
import { INSTANT_LENGTH, ULID_LENGTH, writeInstantText, writeUlidText, writeUuidTailText } from './string-forms.js';

/**
 * Most bytes a line may take before it is surely longer than a text log holds: LINE_LENGTH_MAX
 * counts UTF-16 units, and a unit takes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, 4).
 * Past it the walk stops, so a hostile block cannot make the buffer grow without bound.
 */
const LINE_BYTES_MAX = 3 * (LINE_LENGTH_MAX + 1 - HASH_FIELD_LENGTH);

// The general path of escaping: JSON.stringify's text is well-formed UTF-16 (it escapes lone
// surrogates), so its UTF-8 is exact.
const UTF8 = new TextEncoder();
// Each byte's two lowercase hex digits, the first in the high byte.
const HEX_PAIRS = Uint16Array.from({ length: 256 }, (_, b) => ('0123456789abcdef'.charCodeAt(b >>> 4) << 8) | '0123456789abcdef'.charCodeAt(b & 15));
// Below this many bytes a copy is a loop: `set` needs a subarray, which costs more.
const SHORT_COPY_BYTES = 48;

/** The bytes of an ASCII string, for the fixed parts of a line. */
export function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** A line under construction (`line[0, length)`) and the block's escaped strings (`pool[0, poolLength)`). */
export class LineBytes {
  line: Uint8Array = new Uint8Array(1 << 12);
  length = 0;
  pool: Uint8Array = new Uint8Array(1 << 16);
  poolLength = 0;

  /** Makes room for `count` more bytes of line; throws MalformedBytes once the line is surely too long. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.line.length) return;
    if (needed > LINE_BYTES_MAX) throw tooLong();
    this.line = grown(this.line, this.length, needed);
  }

  /** Appends one byte (an ASCII character). */
  byte(value: number): void {
    this.reserve(1);
    this.line[this.length++] = value;
  }

  /** Appends `bytes` (a constant part of the line). */
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    const line = this.line;
    let at = this.length;
    for (let i = 0; i < bytes.length; i += 1) line[at++] = bytes[i]!;
    this.length = at;
  }

  /** Appends `pool[start, end)`. */
  pooled(start: number, end: number): void {
    const count = end - start;
    this.reserve(count);
    const line = this.line;
    const at = this.length;
    if (count < SHORT_COPY_BYTES) {
      const pool = this.pool;
      for (let i = 0; i < count; i += 1) line[at + i] = pool[start + i]!;
    } else {
      line.set(this.pool.subarray(start, end), at);
    }
    this.length = at + count;
  }

  /** Appends an integer's text as String gives it (a safe integer has no exponent form). */
  integer(value: number): void {
    this.reserve(INTEGER_BYTES_MAX);
    this.length = writeInteger(value, this.line, this.length);
  }

  /** Appends an ASCII string (a number's JSON text). */
  ascii(text: string): void {
    this.reserve(text.length);
    const line = this.line;
    let at = this.length;
    for (let i = 0; i < text.length; i += 1) line[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Appends `count` bytes of `source` from `at` as lowercase hex (a digest). */
  hex(source: Uint8Array, at: number, count: number): void {
    this.reserve(2 * count);
    const line = this.line;
    let to = this.length;
    for (let i = 0; i < count; i += 1) {
      const pair = HEX_PAIRS[source[at + i]!]!;
      line[to++] = pair >>> 8;
      line[to++] = pair & 0xff;
    }
    this.length = to;
  }

  /**
   * Adds `text` to the pool as its JSON string (quotes included), preceded by the bytes of
   * `before` (a shape's `,` or `{`) and followed by those of `after` (its `:`); returns where it
   * starts (it ends at `poolLength`). Throws MalformedBytes when it alone is longer than a line may be.
   */
  poolString(text: string, before = -1, after = -1): number {
    const start = this.poolLength;
    // Every entry pooled is written in the line being made: one this long surely makes it too long.
    if (text.length > LINE_BYTES_MAX) throw tooLong();
    this.#reservePool(text.length + 4);
    const pool = this.pool;
    let at = start;
    if (before >= 0) pool[at++] = before;
    pool[at++] = 34;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      // ASCII other than controls, `"` and `\` is the only text JSON.stringify writes as it is
      // in one byte; anything else takes the general path, for the whole string.
      if (c < 0x20 || c > 0x7f || c === 34 || c === 92) return this.#poolEscaped(text, before, after, start);
      pool[at++] = c;
    }
    pool[at++] = 34;
    if (after >= 0) pool[at++] = after;
    this.poolLength = at;
    return start;
  }

  /** Adds the JSON string of `ulidText(bytes, at)` to the pool; returns where it starts. */
  poolUlid(bytes: Uint8Array, at: number): number {
    const start = this.#openPooled(ULID_LENGTH);
    return this.#closePooled(start, writeUlidText(bytes, at, this.pool, start + 1));
  }

  /** Adds the JSON string of `instantText(ms)` to the pool; returns where it starts. */
  poolInstant(ms: number): number {
    const start = this.#openPooled(INSTANT_LENGTH);
    return this.#closePooled(start, writeInstantText(ms, this.pool, start + 1));
  }

  /** Adds the JSON string of `String(value)` (a non-negative safe integer) to the pool; returns where it starts. */
  poolDigits(value: number): number {
    const start = this.#openPooled(INTEGER_BYTES_MAX);
    return this.#closePooled(start, writeInteger(value, this.pool, start + 1));
  }

  /**
   * Adds the JSON string of `<prefix><uuidTailText(bytes, at)>` to the pool, the prefix's JSON
   * string being `pool[prefixStart, prefixEnd)`: JSON.stringify escapes a string unit by unit, and
   * a uuid's text is plain ASCII, so it is the prefix's without its closing quote, then the uuid.
   * Returns where it starts.
   */
  poolPrefixedUuid(prefixStart: number, prefixEnd: number, bytes: Uint8Array, at: number): number {
    const prefixBytes = prefixEnd - prefixStart - 1;
    const start = this.#openPooled(prefixBytes + UUID_LENGTH);
    this.pool.copyWithin(start, prefixStart, prefixEnd - 1);
    return this.#closePooled(start, writeUuidTailText(bytes, at, this.pool, start + prefixBytes));
  }

  // Room for `count` bytes of ASCII between quotes, and the opening quote; returns where it starts.
  #openPooled(count: number): number {
    this.#reservePool(count + 2);
    const start = this.poolLength;
    this.pool[start] = 34;
    return start;
  }

  #closePooled(start: number, end: number): number {
    this.pool[end] = 34;
    this.poolLength = end + 1;
    return start;
  }

  #poolEscaped(text: string, before: number, after: number, start: number): number {
    const json = JSON.stringify(text);
    // A unit takes at least one byte, so a longer text is surely too long; else at most 3.
    if (json.length > LINE_BYTES_MAX) throw tooLong();
    this.poolLength = start;
    this.#reservePool(3 * json.length + 2);
    const pool = this.pool;
    let at = start;
    if (before >= 0) pool[at++] = before;
    at += UTF8.encodeInto(json, pool.subarray(at)).written;
    if (after >= 0) pool[at++] = after;
    this.poolLength = at;
    return start;
  }

  #reservePool(count: number): void {
    const needed = this.poolLength + count;
    if (needed > this.pool.length) this.pool = grown(this.pool, this.poolLength, needed);
  }
}

/** Bytes of a safe integer's text at most: a sign and 16 digits. */
const INTEGER_BYTES_MAX = 17;
// Scratch for an integer's digits, last first.
const DIGITS = new Uint8Array(INTEGER_BYTES_MAX);

/** Writes `String(value)` for a safe integer at `out[to]`; returns where it ends. */
function writeInteger(value: number, out: Uint8Array, to: number): number {
  let at = to;
  let rest = value;
  if (rest < 0) {
    out[at++] = 45;
    rest = -rest;
  }
  let count = 0;
  do {
    const next = Math.floor(rest / 10);
    DIGITS[count++] = 48 + (rest - next * 10);
    rest = next;
  } while (rest > 0);
  while (count > 0) out[at++] = DIGITS[--count]!;
  return at;
}

function tooLong(): MalformedBytes {
  return new MalformedBytes(`a line is longer than ${LINE_LENGTH_MAX} characters`);
}

function grown(bytes: Uint8Array, used: number, needed: number): Uint8Array {
  return resized(bytes, Math.max(2 * bytes.length, needed), used);
}

/**
 * True when a stored line made from this unhashed `line` (UTF-8) holds at most LINE_LENGTH_MAX
 * UTF-16 units, the rule of docs/log.md. A line never has fewer bytes than units, so the units
 * are counted only for a line whose bytes pass the limit.
 */
export function fitsTextLog(line: Uint8Array): boolean {
  const room = LINE_LENGTH_MAX + 1 - HASH_FIELD_LENGTH;
  if (line.length <= room) return true;
  return utf16Units(line) <= room;
}

/** UTF-16 units of well-formed UTF-8: one per sequence, two for a 4-byte one (a surrogate pair). */
export function utf16Units(utf8: Uint8Array): number {
  let units = 0;
  for (let i = 0; i < utf8.length; i += 1) {
    const b = utf8[i]!;
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}
