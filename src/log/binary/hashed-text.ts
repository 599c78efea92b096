/**
 * A block's events as the exact bytes their hashes cover, made straight from the block: each
 * event's canonical unhashed line (`unhashedText`), UTF-8, written value by value from the
 * block's own dictionary of JSON texts, with no object made and no JSON.stringify of the data.
 * What a thread that only checks digests runs (the CLI's worker); a reader that also applies the
 * events decodes them (decoder.ts). For every event that decoder accepts, the bytes here are
 * those of `unhashedText` of what it decodes (test/log/binary checks it, also on damaged blocks).
 * Pure; the hash function is injected.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HASH_FIELD_LENGTH, LINE_LENGTH_MAX } from '../codec.js';
import { ByteReader, ByteWriter, MalformedBytes } from './bytes.js';
import { BLOCK_LENGTH_BYTES, DIGEST_BYTES, INSTANT_MS_MAX, Tag, VALUE_DEPTH_MAX } from './format.js';
import { ID_BYTES, instantText, ulidText, uuidTailText } from './string-forms.js';

/** SHA-256 of `bytes` as lowercase hex. */
export type Sha256BytesHex = (bytes: Uint8Array) => string;

/** The default Sha256BytesHex, by @noble/hashes. */
export const sha256BytesHex: Sha256BytesHex = (bytes) => bytesToHex(sha256(bytes));

/**
 * Pure: -1 when every event of the block at `bytes[start, end)` has as its stored hash the SHA-256
 * of its canonical line; else the index of the first event not proved so (its digest is wrong,
 * or a byte that breaks the format stops the walk there). The block's place in the chain is not
 * checked (the decoder does that), nor is a malformed event told from a wrong digest: a reader
 * that decodes the block reports its own fault when it stops at or before that event.
 */
export function firstWrongDigestInBlock(bytes: Uint8Array, start: number, end: number, hash: Sha256BytesHex = sha256BytesHex): number {
  let proved = 0;
  const count = eachHashedLine(bytes, start, end, (line, index, digestAt) => {
    if (!digestMatches(hash(line), bytes, digestAt)) return false;
    proved = index + 1;
    return true;
  });
  return proved === count ? -1 : proved;
}

/**
 * Calls `visit` with each event's canonical line (valid until the next call), its index and where
 * its stored digest starts, until `visit` returns false or a byte breaks the format; returns the
 * count of events the block states (0 when even that is unreadable). Exported for the tests that
 * hold it to the decoder.
 */
export function eachHashedLine(bytes: Uint8Array, start: number, end: number, visit: (line: Uint8Array, index: number, digestAt: number) => boolean): number {
  const walker = new LineWriter(bytes, start + BLOCK_LENGTH_BYTES, end);
  try {
    walker.walk(visit);
  } catch (error) {
    if (!(error instanceof MalformedBytes)) throw error;
  }
  return walker.count;
}

const HEX_CODES = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

function digestMatches(hex: string, bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < DIGEST_BYTES; i += 1) {
    const b = bytes[at + i]!;
    if (hex.charCodeAt(2 * i) !== HEX_CODES[b >>> 4] || hex.charCodeAt(2 * i + 1) !== HEX_CODES[b & 15]) return false;
  }
  return true;
}

const ENCODER = new TextEncoder();
// ignoreBOM: a leading U+FEFF is part of the string, as the decoder reads it (by default
// TextDecoder drops it, and the line proved would not be the decoded event's).
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const SEQ_OPEN = ascii('{"seq":');
const ID_FIELD = ascii(',"id":');
const TYPE_FIELD = ascii(',"type":');
const VERSION_FIELD = ascii(',"version":');
const AT_FIELD = ascii(',"at":');
const DATA_FIELD = ascii(',"data":');
const PREV_HASH_FIELD = ascii(',"prevHash":"');
const NULL_TEXT = ascii('null');
const TRUE_TEXT = ascii('true');
const FALSE_TEXT = ascii('false');

// Walks a block as decoder.ts's BlockReader does, writing JSON text where that one makes values:
// the dictionary holds each string's JSON text (quotes and escapes included) in one arena.
class LineWriter extends ByteReader {
  readonly #line = new ByteWriter(1 << 12);
  readonly #texts = new ByteWriter(1 << 16);
  // The dictionary: string k's JSON text is #texts.bytes[#textFrom[k], #textTo[k]) (a
  // `<prefix><uuid>` takes its number before its prefix but is stored after it).
  readonly #textFrom: number[] = [];
  readonly #textTo: number[] = [];
  readonly #shapes: number[][] = [];
  #instantMs = 0;
  /** Events the block states it holds, once read. */
  count = 0;

  walk(visit: (line: Uint8Array, index: number, digestAt: number) => boolean): void {
    const count = this.varint();
    this.count = count;
    const firstSeq = this.varint();
    let prevAt = this.take(DIGEST_BYTES);
    for (let i = 0; i < count; i += 1) {
      const line = this.#line;
      line.length = 0;
      line.raw(SEQ_OPEN);
      this.#digits(firstSeq + i);
      line.raw(ID_FIELD);
      this.#ref(this.#stringNumber());
      line.raw(TYPE_FIELD);
      this.#ref(this.#stringNumber());
      line.raw(VERSION_FIELD);
      this.#digits(this.varint());
      line.raw(AT_FIELD);
      this.#ref(this.#stringNumber());
      line.raw(DATA_FIELD);
      this.#value(0);
      line.raw(PREV_HASH_FIELD);
      this.#hex(prevAt);
      line.reserve(2);
      line.bytes[line.length++] = QUOTE;
      line.bytes[line.length++] = 0x7d;
      const digestAt = this.take(DIGEST_BYTES);
      // A line a text log could not hold proves nothing (the two forms hold the same logs).
      if (line.length > LINE_LENGTH_MAX && utf16Length(line.bytes, line.length) - 1 + HASH_FIELD_LENGTH > LINE_LENGTH_MAX) return;
      if (!visit(line.bytes.subarray(0, line.length), i, digestAt)) return;
      prevAt = digestAt;
    }
  }

  #digits(value: number): void {
    this.#ascii(String(value));
  }

  #ascii(text: string): void {
    const line = this.#line;
    line.reserve(text.length);
    for (let i = 0; i < text.length; i += 1) line.bytes[line.length++] = text.charCodeAt(i);
  }

  #hex(at: number): void {
    const line = this.#line;
    line.reserve(2 * DIGEST_BYTES);
    for (let i = 0; i < DIGEST_BYTES; i += 1) {
      const b = this.bytes[at + i]!;
      line.bytes[line.length++] = HEX_CODES[b >>> 4]!;
      line.bytes[line.length++] = HEX_CODES[b & 15]!;
    }
  }

  #value(depth: number): void {
    const tag = this.byte();
    if (tag >= Tag.SHORT_REF) {
      this.#ref(tag - Tag.SHORT_REF);
      return;
    }
    const line = this.#line;
    switch (tag) {
      case Tag.NULL:
        line.raw(NULL_TEXT);
        return;
      case Tag.FALSE:
        line.raw(FALSE_TEXT);
        return;
      case Tag.TRUE:
        line.raw(TRUE_TEXT);
        return;
      case Tag.INT:
        this.#digits(this.zigzag());
        return;
      case Tag.FLOAT:
        this.#ascii(JSON.stringify(this.float64()));
        return;
      case Tag.STRING_REF:
        this.#ref(this.varint());
        return;
      case Tag.ARRAY:
        this.#array(depth);
        return;
      case Tag.OBJECT_SHAPE:
        this.#object(this.#shape(this.varint()), depth);
        return;
      case Tag.OBJECT_NEW_SHAPE:
        this.#object(this.#newShape(), depth);
        return;
      default:
        this.#ref(this.#newString(tag));
        return;
    }
  }

  #ref(index: number): void {
    const from = this.#textFrom[index];
    const to = this.#textTo[index];
    // An entry still being read (its prefix naming it) has no text yet: as missing as one past the end.
    if (from === undefined || to === undefined || to - from < 2) throw new MalformedBytes(`string ${index} is not in the block's dictionary`);
    const line = this.#line;
    line.reserve(to - from);
    const texts = this.#texts.bytes;
    for (let i = from; i < to; i += 1) line.bytes[line.length++] = texts[i]!;
  }

  #array(depth: number): void {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const length = this.varint();
    const line = this.#line;
    line.byte(0x5b);
    for (let i = 0; i < length; i += 1) {
      if (i > 0) line.byte(0x2c);
      this.#value(depth + 1);
    }
    line.byte(0x5d);
  }

  #shape(index: number): number[] {
    const keys = this.#shapes[index];
    if (keys === undefined) throw new MalformedBytes(`shape ${index} is not in the block's dictionary`);
    return keys;
  }

  // A shape's keys as their dictionary numbers: each key is a string value, so it takes its
  // number as the decoder gives it one.
  #newShape(): number[] {
    const count = this.varint();
    if (count > this.end - this.pos) throw new MalformedBytes('a shape has more keys than its block has bytes');
    const keys: number[] = [];
    for (let i = 0; i < count; i += 1) keys.push(this.#stringNumber());
    this.#shapes.push(keys);
    return keys;
  }

  // A string value's dictionary number, as the decoder's `string` reads it (a prefix, with
  // `uuidForm` false, not itself in the uuid form).
  #stringNumber(uuidForm = true): number {
    const tag = this.byte();
    if (tag >= Tag.SHORT_REF) return tag - Tag.SHORT_REF;
    if (tag === Tag.STRING_REF) return this.varint();
    if (tag < Tag.STRING_UTF8 || tag > Tag.STRING_INSTANT || (tag === Tag.STRING_UUID && !uuidForm)) throw new MalformedBytes('a value that must be a string is not one');
    return this.#newString(tag);
  }

  #object(keys: readonly number[], depth: number): void {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const line = this.#line;
    line.byte(0x7b);
    for (let i = 0; i < keys.length; i += 1) {
      if (i > 0) line.byte(0x2c);
      this.#ref(keys[i]!);
      line.byte(0x3a);
      this.#value(depth + 1);
    }
    line.byte(0x7d);
  }

  // Adds the new string to the dictionary as its JSON text, written at the arena's end; returns
  // its number. Its number is taken before a prefix inside it is read, as the writer gave them.
  #newString(tag: number): number {
    const index = this.#textFrom.length;
    this.#textFrom.push(0);
    this.#textTo.push(0);
    const texts = this.#texts;
    if (tag === Tag.STRING_UUID) {
      const prefix = this.#stringNumber(false);
      const prefixFrom = this.#textFrom[prefix];
      const prefixTo = this.#textTo[prefix];
      if (prefixFrom === undefined || prefixTo === undefined || prefixTo - prefixFrom < 2) throw new MalformedBytes(`string ${prefix} is not in the block's dictionary`);
      const from = texts.length;
      // The prefix's text without its closing quote, then the uuid's digits and the quote.
      texts.reserve(prefixTo - prefixFrom + 37);
      texts.bytes.copyWithin(from, prefixFrom, prefixTo - 1);
      texts.length += prefixTo - 1 - prefixFrom;
      asciiInto(texts, uuidTailText(this.bytes, this.take(ID_BYTES)));
      texts.byte(QUOTE);
      this.#textFrom[index] = from;
      this.#textTo[index] = texts.length;
      return index;
    }
    const from = texts.length;
    this.#newText(tag, texts);
    this.#textFrom[index] = from;
    this.#textTo[index] = texts.length;
    return index;
  }

  #newText(tag: number, texts: ByteWriter): void {
    switch (tag) {
      case Tag.STRING_UTF8: {
        const length = this.varint();
        quotedUtf8Into(texts, this.bytes, this.take(length), this.pos);
        return;
      }
      case Tag.STRING_DIGITS:
        quotedAsciiInto(texts, String(this.varint()));
        return;
      case Tag.STRING_ULID:
        quotedAsciiInto(texts, ulidText(this.bytes, this.take(ID_BYTES)));
        return;
      case Tag.STRING_UTF16: {
        const length = this.varint();
        const at = this.take(2 * length);
        let text = '';
        for (let i = 0; i < length; i += 1) text += String.fromCharCode(this.bytes[at + 2 * i]! | (this.bytes[at + 2 * i + 1]! << 8));
        texts.raw(ENCODER.encode(JSON.stringify(text)));
        return;
      }
      case Tag.STRING_INSTANT: {
        const ms = this.#instantMs + this.zigzag();
        if (!(ms >= 0 && ms <= INSTANT_MS_MAX)) throw new MalformedBytes('an instant is out of the years 0000-9999');
        this.#instantMs = ms;
        quotedAsciiInto(texts, instantText(ms));
        return;
      }
      default:
        throw new MalformedBytes(`unknown value tag ${tag}`);
    }
  }
}

// UTF-16 code units of the UTF-8 bytes[0, length): one per lead byte, two for a 4-byte sequence.
function utf16Length(bytes: Uint8Array, length: number): number {
  let units = 0;
  for (let i = 0; i < length; i += 1) {
    const b = bytes[i]!;
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}

function asciiInto(out: ByteWriter, text: string): void {
  out.reserve(text.length);
  for (let i = 0; i < text.length; i += 1) out.bytes[out.length++] = text.charCodeAt(i);
}

function quotedAsciiInto(out: ByteWriter, text: string): void {
  out.reserve(text.length + 2);
  out.bytes[out.length++] = QUOTE;
  asciiInto(out, text);
  out.bytes[out.length++] = QUOTE;
}

// The JSON text of UTF-8 bytes[from, to): quoted as they are when nothing in them needs an
// escape (JSON.stringify escapes only '"', '\' and controls, and lone surrogates, which valid
// UTF-8 cannot hold); else through JSON.stringify. Invalid UTF-8 is the decoder's fault to report.
function quotedUtf8Into(out: ByteWriter, bytes: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i += 1) {
    const b = bytes[i]!;
    if (b < 0x20 || b === QUOTE || b === BACKSLASH) {
      out.raw(ENCODER.encode(JSON.stringify(UTF8.decode(bytes.subarray(from, to)))));
      return;
    }
  }
  out.reserve(to - from + 2);
  out.bytes[out.length++] = QUOTE;
  for (let i = from; i < to; i += 1) out.bytes[out.length++] = bytes[i]!;
  out.bytes[out.length++] = QUOTE;
}
