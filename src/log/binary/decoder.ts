/**
 * Reading the binary log: one block's bytes in, its envelopes out, or the fault that stops it.
 * Every value read is one JSON.parse could give, and its JSON text is the one the writer hashed
 * (no second form of a number, no duplicate or reordered keys), so that a block's digests vouch
 * for exactly what the reader hands on. Pure; never throws for bad bytes.
 */
import { unhashedFieldsProblem } from '../codec.js';
import type { EventEnvelope } from '../envelope.js';
import type { LogFault } from '../fault.js';
import { ByteReader, MalformedBytes } from './bytes.js';
import { BLOCK_BYTES_MAX, BLOCK_LENGTH_BYTES, DIGEST_BYTES, INSTANT_MS_MAX, Tag, VALUE_DEPTH_MAX } from './format.js';
import { asciiBytes, LineBytes } from './line-bytes.js';
import { digestHex, ID_BYTES, instantText, ulidText, uuidTailText } from './string-forms.js';

/** Where a block sits in its log: the seq and prevHash its first event must have, and its first event's number in the file. */
export type BlockPosition = { readonly seq: number; readonly prevHash: string; readonly eventNumber: number };

/**
 * A decoded block: the events read before the first fault, and that fault (undefined when the
 * whole block was read). The events before a fault are still checked against their digests, so
 * that the first problem reported is the first by seq, as in a text log.
 */
export type DecodedBlock = { readonly envelopes: EventEnvelope[]; readonly fault: LogFault | undefined };

/**
 * The length of the block whose prefix starts at `bytes[at]`, including the prefix; -1 when the
 * prefix is not all there, 0 when it states a length the format does not allow.
 */
export function blockLengthAt(bytes: Uint8Array, at: number): number {
  if (bytes.length - at < BLOCK_LENGTH_BYTES) return -1;
  const body = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  return body === 0 || body > BLOCK_BYTES_MAX ? 0 : BLOCK_LENGTH_BYTES + body;
}

/**
 * Pure: decodes the block at `bytes[start, end)` (with its length prefix) that should sit at
 * `position`. Faults name the event where they stop: `sequence` or `prev_hash` when the block
 * does not continue the chain, `malformed` for bytes that break the format. Digests are not
 * checked here (see firstWrongDigest).
 */
export function decodeBlock(bytes: Uint8Array, start: number, end: number, position: BlockPosition): DecodedBlock {
  const reader = new BlockReader(bytes, start + BLOCK_LENGTH_BYTES, end);
  const envelopes: EventEnvelope[] = [];
  const fault = (kind: LogFault['kind'], reason: string): DecodedBlock => ({
    envelopes,
    fault: { seq: position.seq + envelopes.length, line: position.eventNumber + envelopes.length, reason, kind },
  });
  try {
    const count = reader.varint();
    const blockSeq = reader.varint();
    const prevHash = reader.digest();
    if (count === 0) return fault('malformed', 'a block holds no events');
    if (blockSeq !== position.seq) return fault('sequence', `expected seq ${position.seq}, found seq ${blockSeq}`);
    if (prevHash !== position.prevHash) return fault('prev_hash', `prevHash ${prevHash} is not the hash of seq ${position.seq - 1} (${position.prevHash})`);
    let hash = prevHash;
    for (let i = 0; i < count; i += 1) {
      const env = reader.envelope(blockSeq + i, hash);
      const problem = reader.envelopeProblem(env);
      if (problem !== undefined) return fault('malformed', problem);
      envelopes.push(env);
      hash = env.hash;
    }
    if (!reader.done) return fault('malformed', 'the block has bytes after its last event');
  } catch (error) {
    if (!(error instanceof MalformedBytes)) throw error;
    return fault('malformed', error.message);
  }
  return { envelopes, fault: undefined };
}

// ignoreBOM: a string that starts with U+FEFF keeps it (by default TextDecoder drops it).
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// Below this many bytes an ASCII string is built by hand: TextDecoder's call costs more.
const SHORT_ASCII_BYTES = 32;
const PROTO_KEY = '__proto__';
// Scratch code-unit arrays by length, for the short ASCII strings.
const ASCII_SCRATCH: number[][] = Array.from({ length: SHORT_ASCII_BYTES }, (_, length) => new Array<number>(length).fill(0));

// The fixed parts of a canonical line and of JSON values, as bytes.
const LINE_SEQ = asciiBytes('{"seq":');
const LINE_ID = asciiBytes(',"id":');
const LINE_TYPE = asciiBytes(',"type":');
const LINE_VERSION = asciiBytes(',"version":');
const LINE_AT = asciiBytes(',"at":');
const LINE_DATA = asciiBytes(',"data":');
const LINE_PREV_HASH = asciiBytes(',"prevHash":"');
const LINE_END = asciiBytes('"}');
const NULL_BYTES = asciiBytes('null');
const FALSE_BYTES = asciiBytes('false');
const TRUE_BYTES = asciiBytes('true');
const EMPTY_OBJECT = asciiBytes('{}');
const OPEN_ARRAY_BYTE = 0x5b;
const CLOSE_ARRAY_BYTE = 0x5d;
const CLOSE_OBJECT_BYTE = 0x7d;
const OPEN_OBJECT_BYTE = 0x7b;
const COMMA_BYTE = 0x2c;
const COLON_BYTE = 0x3a;
// Reads a pooled-only string's JSON bytes back (`#unpooled`).
const POOLED_TEXT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// The sink every walk writes its lines into, reused across blocks; a walk started inside another
// walk's visit (none does today) takes a sink of its own.
const SHARED_SINK = { sink: new LineBytes(), inUse: false };

/**
 * A block's reader: its dictionary of strings and shapes, and the previous instant, as the
 * encoder kept them. It reads a block's events either as values (`envelope`, for the events
 * applied) or as the UTF-8 of their canonical lines (`walkLineBytes`, for a thread that only
 * checks digests): one reader of strings and shapes for both, so the line hashed is the text of
 * the event decoded. Internal to src/log/binary.
 */
export class BlockReader extends ByteReader {
  // A string's slot is undefined while its own bytes are read (a prefix may not name it), null
  // while a line walk has it only as pooled bytes.
  readonly #strings: (string | null | undefined)[] = [];
  readonly #shapes: string[][] = [];
  /** Events the block states it holds, once `walkLineBytes` read its header. */
  count = 0;
  #instantMs = 0;
  // The last string read was written in the instant form (so it is a valid instant).
  #lastWasInstant = false;

  digest(): string {
    return digestHex(this.bytes, this.take(DIGEST_BYTES));
  }

  envelope(seq: number, prevHash: string): EventEnvelope {
    const id = this.string();
    const type = this.string();
    const version = this.varint();
    const at = this.string();
    this.#atChecked = this.#lastWasInstant;
    const data = this.value(0);
    const hash = this.digest();
    return { seq, id, type, version, at, data, prevHash, hash };
  }

  #atChecked = false;

  /**
   * Why the envelope just read could not be stored (as unhashedFieldsProblem): the checks its
   * reading has not already made (a varint is a safe integer; an instant-form `at` is valid).
   */
  envelopeProblem(env: EventEnvelope): string | undefined {
    if (!this.#atChecked || env.id.length === 0 || env.type.length === 0 || env.version < 1 || !Number.isSafeInteger(env.seq) || env.seq < 1) {
      return unhashedFieldsProblem(env, env.prevHash);
    }
    return undefined;
  }

  /**
   * A string value (an envelope field, a key, a prefix); no other value may stand there, so keys
   * and prefixes never nest containers. A prefix (`uuidForm` false) is not itself in the uuid form.
   */
  string(uuidForm = true): string {
    const index = this.#stringIndex(uuidForm);
    return this.#strings[index] ?? this.#unpooled(index);
  }

  #stringIndex(uuidForm = true): number {
    const tag = this.byte();
    if (tag >= Tag.SHORT_REF) return this.#known(tag - Tag.SHORT_REF);
    if (tag === Tag.STRING_REF) return this.#known(this.varint());
    if (tag < Tag.STRING_UTF8 || tag > Tag.STRING_INSTANT || (tag === Tag.STRING_UUID && !uuidForm)) {
      throw new MalformedBytes(uuidForm ? 'a value that must be a string is not one' : "a uuid's prefix is itself in the uuid form");
    }
    return this.#newStringIndex(tag);
  }

  /**
   * Reads the block's header, then calls `visit` with each event's canonical unhashed line (the
   * UTF-8 of the text `unhashedText` gives for the event `envelope` would decode), its index and
   * where its stored hash starts in `bytes`, until `visit` returns false. `line` is a view of a
   * buffer reused for the next line: valid only during the call. Throws MalformedBytes where
   * `envelope` would, and for a line surely longer than a text log holds.
   */
  walkLineBytes(visit: (line: Uint8Array, index: number, hashAt: number) => boolean): void {
    const sink = SHARED_SINK.inUse ? new LineBytes() : SHARED_SINK.sink;
    const shared = sink === SHARED_SINK.sink;
    if (shared) SHARED_SINK.inUse = true;
    try {
      this.#sink = sink;
      sink.poolLength = 0;
      this.#walk(sink, visit);
    } finally {
      if (shared) SHARED_SINK.inUse = false;
    }
  }

  #walk(sink: LineBytes, visit: (line: Uint8Array, index: number, hashAt: number) => boolean): void {
    const count = this.varint();
    this.count = count;
    const firstSeq = this.varint();
    let prevHashAt = this.take(DIGEST_BYTES);
    for (let i = 0; i < count; i += 1) {
      sink.length = 0;
      this.#lineBytes(sink, firstSeq + i, prevHashAt);
      const hashAt = this.take(DIGEST_BYTES);
      if (!visit(sink.line.subarray(0, sink.length), i, hashAt)) return;
      prevHashAt = hashAt;
    }
  }

  // `{"seq":1,"id":"…","type":"…","version":1,"at":"…","data":…,"prevHash":"…"}`, as unhashedText.
  #lineBytes(sink: LineBytes, seq: number, prevHashAt: number): void {
    sink.bytes(LINE_SEQ);
    sink.integer(seq);
    sink.bytes(LINE_ID);
    this.#stringBytes(this.#stringIndex());
    sink.bytes(LINE_TYPE);
    this.#stringBytes(this.#stringIndex());
    sink.bytes(LINE_VERSION);
    sink.integer(this.varint());
    sink.bytes(LINE_AT);
    this.#stringBytes(this.#stringIndex());
    sink.bytes(LINE_DATA);
    this.#valueBytes(0);
    sink.bytes(LINE_PREV_HASH);
    sink.hex(this.bytes, prevHashAt, DIGEST_BYTES);
    sink.bytes(LINE_END);
  }

  // The line walk's sink; undefined when decoding values.
  #sink: LineBytes | undefined;
  // Where each string's JSON text starts and ends in the sink's pool, once a line has needed it.
  readonly #pooledStart: number[] = [];
  readonly #pooledEnd: number[] = [];
  // Each shape's `{"key":` and `,"key":` parts in the pool, as start, end pairs.
  readonly #shapeParts: (number[] | undefined)[] = [];

  #stringBytes(index: number): void {
    const start = this.#pooled(index);
    this.#sink!.pooled(start, this.#pooledEnd[index]!);
  }

  // `value`'s twin: the JSON text of the value as bytes, as JSON.stringify would write what `value` reads.
  #valueBytes(depth: number): void {
    const tag = this.byte();
    if (tag >= Tag.SHORT_REF) {
      this.#stringBytes(this.#known(tag - Tag.SHORT_REF));
      return;
    }
    const sink = this.#sink!;
    switch (tag) {
      case Tag.NULL:
        sink.bytes(NULL_BYTES);
        break;
      case Tag.FALSE:
        sink.bytes(FALSE_BYTES);
        break;
      case Tag.TRUE:
        sink.bytes(TRUE_BYTES);
        break;
      case Tag.INT:
        sink.integer(this.zigzag());
        break;
      case Tag.FLOAT:
        sink.ascii(JSON.stringify(this.#float()));
        break;
      case Tag.STRING_REF:
        this.#stringBytes(this.#known(this.varint()));
        break;
      case Tag.ARRAY:
        this.#arrayBytes(depth);
        break;
      case Tag.OBJECT_SHAPE:
        this.#objectBytes(this.#shapeIndex(this.varint()), depth);
        break;
      case Tag.OBJECT_NEW_SHAPE:
        this.#objectBytes(this.#newShapeIndex(), depth);
        break;
      default:
        this.#stringBytes(this.#newStringIndex(tag));
    }
  }

  #arrayBytes(depth: number): void {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const length = this.varint();
    if (length > this.end - this.pos) throw new MalformedBytes('an array is longer than its block');
    const sink = this.#sink!;
    sink.byte(OPEN_ARRAY_BYTE);
    for (let i = 0; i < length; i += 1) {
      if (i > 0) sink.byte(COMMA_BYTE);
      this.#valueBytes(depth + 1);
    }
    sink.byte(CLOSE_ARRAY_BYTE);
  }

  #objectBytes(shape: number, depth: number): void {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const sink = this.#sink!;
    const parts = this.#shapeParts[shape] ?? this.#poolShape(shape);
    if (parts.length === 0) {
      sink.bytes(EMPTY_OBJECT);
      return;
    }
    for (let i = 0; i < parts.length; i += 2) {
      sink.pooled(parts[i]!, parts[i + 1]!);
      this.#valueBytes(depth + 1);
    }
    sink.byte(CLOSE_OBJECT_BYTE);
  }

  #poolShape(shape: number): number[] {
    const sink = this.#sink!;
    const parts = this.#shapes[shape]!.flatMap((key, i) => [sink.poolString(key, i === 0 ? OPEN_OBJECT_BYTE : COMMA_BYTE, COLON_BYTE), sink.poolLength]);
    this.#shapeParts[shape] = parts;
    return parts;
  }

  value(depth: number): unknown {
    const tag = this.byte();
    if (tag >= Tag.SHORT_REF) return this.#ref(tag - Tag.SHORT_REF);
    switch (tag) {
      case Tag.NULL:
        return null;
      case Tag.FALSE:
        return false;
      case Tag.TRUE:
        return true;
      case Tag.INT:
        return this.zigzag();
      case Tag.FLOAT:
        return this.#float();
      case Tag.STRING_REF:
        return this.#ref(this.varint());
      case Tag.ARRAY:
        return this.#array(depth);
      case Tag.OBJECT_SHAPE:
        return this.#object(this.#shape(this.varint()), depth);
      case Tag.OBJECT_NEW_SHAPE:
        return this.#object(this.#newShape(), depth);
      default:
        return this.#newString(tag);
    }
  }

  #ref(index: number): string {
    return this.#strings[this.#known(index)]!;
  }

  // `index` when it names a string already read whole, as a reference must.
  #known(index: number): number {
    this.#lastWasInstant = false;
    if (this.#strings[index] === undefined) throw new MalformedBytes(`string ${index} is not in the block's dictionary`);
    return index;
  }

  #float(): number {
    const value = this.float64();
    // A number JSON.stringify would not write back as itself.
    if (!Number.isFinite(value) || Object.is(value, -0)) throw new MalformedBytes('a number has no JSON form');
    return value;
  }

  #array(depth: number): unknown[] {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const length = this.varint();
    if (length > this.end - this.pos) throw new MalformedBytes('an array is longer than its block');
    const items = new Array<unknown>(length);
    for (let i = 0; i < length; i += 1) items[i] = this.value(depth + 1);
    return items;
  }

  #shape(index: number): string[] {
    return this.#shapes[this.#shapeIndex(index)]!;
  }

  #shapeIndex(index: number): number {
    if (this.#shapes[index] === undefined) throw new MalformedBytes(`shape ${index} is not in the block's dictionary`);
    return index;
  }

  #newShape(): string[] {
    return this.#shapes[this.#newShapeIndex()]!;
  }

  #newShapeIndex(): number {
    const count = this.varint();
    if (count > this.end - this.pos) throw new MalformedBytes('a shape has more keys than its block has bytes');
    const keys: string[] = [];
    for (let i = 0; i < count; i += 1) keys.push(this.string());
    if (!isObjectKeyOrder(keys)) throw new MalformedBytes('an object has duplicate keys, or keys out of the order JSON.parse gives them');
    this.#shapes.push(keys);
    return this.#shapes.length - 1;
  }

  #object(keys: readonly string[], depth: number): Record<string, unknown> {
    if (depth >= VALUE_DEPTH_MAX) throw new MalformedBytes(`data is nested deeper than ${VALUE_DEPTH_MAX}`);
    const object: Record<string, unknown> = {};
    for (const key of keys) {
      const value = this.value(depth + 1);
      // As JSON.parse makes it: an own property, never the prototype's setter.
      if (key === PROTO_KEY) Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      else object[key] = value;
    }
    return object;
  }

  #newString(tag: number): string {
    return this.#strings[this.#newStringIndex(tag)]!;
  }

  #newStringIndex(tag: number): number {
    // Its number is taken before a prefix inside it is read, as the writer gave them.
    const index = this.#strings.length;
    this.#strings.push(undefined);
    if (this.#sink !== undefined) {
      // Kept packed (no holes), as the dictionary: -1 until pooled.
      this.#pooledStart.push(-1);
      this.#pooledEnd.push(-1);
    }
    this.#strings[index] = this.#newStringText(tag, index);
    this.#lastWasInstant = tag === Tag.STRING_INSTANT;
    return index;
  }

  // The string, or null when a line walk put it straight into the pool (see #pooledOnly).
  #newStringText(tag: number, index: number): string | null {
    switch (tag) {
      case Tag.STRING_UTF8:
        return this.#utf8(this.varint());
      case Tag.STRING_DIGITS: {
        const value = this.varint();
        return this.#sink === undefined ? String(value) : this.#pooledOnly(index, this.#sink.poolDigits(value));
      }
      case Tag.STRING_ULID: {
        const at = this.take(ID_BYTES);
        return this.#sink === undefined ? ulidText(this.bytes, at) : this.#pooledOnly(index, this.#sink.poolUlid(this.bytes, at));
      }
      case Tag.STRING_UUID: {
        const prefix = this.#stringIndex(false);
        const at = this.take(ID_BYTES);
        if (this.#sink === undefined) return this.#strings[prefix]! + uuidTailText(this.bytes, at);
        const prefixStart = this.#pooled(prefix);
        return this.#pooledOnly(index, this.#sink.poolPrefixedUuid(prefixStart, this.#pooledEnd[prefix]!, this.bytes, at));
      }
      case Tag.STRING_UTF16:
        return this.#utf16(this.varint());
      case Tag.STRING_INSTANT: {
        const ms = this.#instantMs + this.zigzag();
        if (!(ms >= 0 && ms <= INSTANT_MS_MAX)) throw new MalformedBytes('an instant is out of the years 0000-9999');
        this.#instantMs = ms;
        return this.#sink === undefined ? instantText(ms) : this.#pooledOnly(index, this.#sink.poolInstant(ms));
      }
      default:
        throw new MalformedBytes(`unknown value tag ${tag}`);
    }
  }

  /**
   * A line walk writes a string of the digits, ULID, instant or uuid form straight into the pool,
   * as its JSON bytes, from the same code units the string would be made of (string-forms.ts);
   * the string itself is made only if a key or a uuid's prefix needs it (`string`).
   */
  #pooledOnly(index: number, start: number): null {
    this.#pooledStart[index] = start;
    this.#pooledEnd[index] = this.#sink!.poolLength;
    return null;
  }

  // Where the JSON bytes of string `index` start in the pool, pooling them now if need be.
  #pooled(index: number): number {
    let start = this.#pooledStart[index]!;
    if (start < 0) {
      start = this.#sink!.poolString(this.#strings[index]!);
      this.#pooledStart[index] = start;
      this.#pooledEnd[index] = this.#sink!.poolLength;
    }
    return start;
  }

  // The string of a pooled-only entry, read back from its JSON bytes (JSON.parse of JSON.stringify's text is the string).
  #unpooled(index: number): string {
    const json = POOLED_TEXT.decode(this.#sink!.pool.subarray(this.#pooledStart[index]!, this.#pooledEnd[index]!));
    const text = JSON.parse(json) as string;
    this.#strings[index] = text;
    return text;
  }

  #utf8(length: number): string {
    const at = this.take(length);
    const bytes = this.bytes;
    if (length < SHORT_ASCII_BYTES) {
      // One flat string from the code units, without a string made per character on the way.
      const codes = ASCII_SCRATCH[length]!;
      let ascii = true;
      for (let i = 0; i < length; i += 1) {
        const b = bytes[at + i]!;
        codes[i] = b;
        ascii &&= b < 0x80;
      }
      if (ascii) return String.fromCharCode.apply(null, codes);
    }
    try {
      return UTF8.decode(bytes.subarray(at, at + length));
    } catch {
      throw new MalformedBytes('a string is not valid UTF-8');
    }
  }

  #utf16(length: number): string {
    const at = this.take(2 * length);
    let text = '';
    for (let i = 0; i < length; i += 1) text += String.fromCharCode(this.bytes[at + 2 * i]! | (this.bytes[at + 2 * i + 1]! << 8));
    return text;
  }
}

/**
 * True when `keys` are distinct and in the order an object made by JSON.parse walks them (array
 * indexes first, ascending, then the rest as written): only then is JSON.stringify of the object
 * read back the text that was hashed.
 */
function isObjectKeyOrder(keys: readonly string[]): boolean {
  const probe: Record<string, true> = Object.create(null) as Record<string, true>;
  for (const key of keys) probe[key] = true;
  const order = Object.keys(probe);
  return order.length === keys.length && order.every((key, i) => key === keys[i]);
}
