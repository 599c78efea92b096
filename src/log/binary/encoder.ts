/**
 * Writing the binary log: envelopes in, blocks of bytes out. Each block stands alone (its own
 * string dictionary and shapes, its first seq and prevHash), so a reader can verify and decode any
 * block by itself, on any thread. Pure; the caller writes the bytes where it likes.
 */
import { HASH_HEX_LENGTH, isHashHex } from '../hash.js';
import type { EventEnvelope } from '../envelope.js';
import { HASH_FIELD_LENGTH, LINE_LENGTH_MAX, unhashedFieldsProblem, unhashedText } from '../codec.js';
import { ByteWriter } from './bytes.js';
import { assert } from '../../core/assert.js';
import { BINARY_LOG_MAGIC, BLOCK_BYTES_MAX, BLOCK_EVENTS, BLOCK_LENGTH_BYTES, BLOCK_TARGET_BYTES, DIGEST_BYTES, SHORT_REFS, Tag, VALUE_DEPTH_MAX } from './format.js';
import { digitsValue, ID_BYTES, instantMs, ulidBytes, uuidTailBytes } from './string-forms.js';

/** Options of `createBinaryLogWriter`. */
export type BinaryLogWriterOptions = {
  /** Receives each closed block, with its length prefix (the file's bytes after the magic). */
  readonly onBlock: (block: Uint8Array) => void;
  /** Events a block holds at most (default BLOCK_EVENTS). */
  readonly blockEvents?: number;
  /** A block closes once it passes this many bytes (default BLOCK_TARGET_BYTES). */
  readonly blockBytes?: number;
};

/**
 * Writes envelopes as blocks. `push` takes the next envelope of the chain and returns why it
 * cannot be written (nothing written then), or undefined; `finish` closes the last block.
 */
export type BinaryLogWriter = {
  push(env: EventEnvelope): string | undefined;
  finish(): void;
};

/**
 * Pure: a writer of the binary log's blocks; the file is BINARY_LOG_MAGIC then the blocks. Throws
 * (a bug) for `blockEvents` below 1 or `blockBytes` outside [1, BLOCK_BYTES_MAX / 2].
 * @example
 * const parts: Uint8Array[] = [BINARY_LOG_MAGIC];
 * const writer = createBinaryLogWriter({ onBlock: (block) => parts.push(block) });
 * for (const env of envelopes) writer.push(env);
 * writer.finish();
 */
export function createBinaryLogWriter(options: BinaryLogWriterOptions): BinaryLogWriter {
  const blockEvents = options.blockEvents ?? BLOCK_EVENTS;
  const blockBytes = options.blockBytes ?? BLOCK_TARGET_BYTES;
  // A block passes blockBytes by one event at most (a few MB for the longest line), and a reader
  // refuses blocks over BLOCK_BYTES_MAX: half of it leaves that room.
  assert(Number.isSafeInteger(blockEvents) && blockEvents >= 1, 'blockEvents must be an integer >= 1');
  assert(Number.isSafeInteger(blockBytes) && blockBytes >= 1 && blockBytes <= BLOCK_BYTES_MAX / 2, `blockBytes must be an integer in [1, ${BLOCK_BYTES_MAX / 2}]`);
  let block: BlockEncoder | undefined;
  let head: { seq: number; hash: string } | undefined;
  const close = (): void => {
    if (block === undefined) return;
    options.onBlock(block.finish());
    block = undefined;
  };
  return {
    push(env) {
      const problem = envelopeProblem(env, head);
      if (problem !== undefined) return problem;
      block ??= new BlockEncoder(env.seq, env.prevHash);
      block.frame(env);
      head = { seq: env.seq, hash: env.hash };
      if (block.count >= blockEvents || block.byteLength >= blockBytes) close();
      return undefined;
    },
    finish: close,
  };
}

/**
 * Pure: the whole binary log of `envelopes` (a chain, in order) as one byte array; throws (a bug)
 * for envelopes that are not one, or data that is not JSON.
 */
export function encodeBinaryLog(envelopes: Iterable<EventEnvelope>): Uint8Array {
  const out = new ByteWriter();
  out.raw(BINARY_LOG_MAGIC);
  const writer = createBinaryLogWriter({ onBlock: (bytes) => out.raw(bytes) });
  for (const env of envelopes) {
    const problem = writer.push(env);
    if (problem !== undefined) throw new Error(`cannot encode seq ${String(env.seq)}: ${problem}`);
  }
  writer.finish();
  return out.take();
}

// Why `env` cannot follow `head` in a binary log: a broken envelope, a gap in the chain, or
// data a JSON log could not hold. The prevHash and seq are not stored per event, so they must be
// the chain's.
function envelopeProblem(env: EventEnvelope, head: { seq: number; hash: string } | undefined): string | undefined {
  const fields = unhashedFieldsProblem(env);
  if (fields !== undefined) return fields;
  if (!isHashHex(env.hash)) return `hash must be ${HASH_HEX_LENGTH} lowercase hex characters`;
  if (head !== undefined && env.seq !== head.seq + 1) return `seq ${env.seq} does not follow seq ${head.seq}`;
  if (head !== undefined && env.prevHash !== head.hash) return `prevHash is not the hash of seq ${head.seq}`;
  const data = dataProblem(env.data, 0);
  if (data !== undefined) return data;
  // The two forms hold the same logs: nothing a text log's line could not hold.
  if (unhashedText(env).length - 1 + HASH_FIELD_LENGTH > LINE_LENGTH_MAX) return `its line is longer than ${LINE_LENGTH_MAX} characters`;
  return undefined;
}

/** Why `value` is not JSON data the codec writes (what JSON.parse could give), or undefined. */
export function dataProblem(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  // -0 is written as 0, as its JSON text is: what a reader of the JSONL line gets too.
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `the number ${String(value)} has no JSON form`;
  if (typeof value !== 'object') return `a ${typeof value} is not JSON`;
  if (depth >= VALUE_DEPTH_MAX) return `data is nested deeper than ${VALUE_DEPTH_MAX}`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = dataProblem(item, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return 'data holds an object that is not plain JSON';
  for (const key of Object.keys(value)) {
    const problem = dataProblem((value as Record<string, unknown>)[key], depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

const HEX_PAIRS = new Map(Array.from({ length: 256 }, (_, b) => [b.toString(16).padStart(2, '0'), b]));

function writeDigest(out: ByteWriter, hex: string): void {
  out.reserve(DIGEST_BYTES);
  for (let i = 0; i < DIGEST_BYTES; i += 1) out.bytes[out.length++] = HEX_PAIRS.get(hex.slice(2 * i, 2 * i + 2))!;
}

// One block being written: its frames after a header written at `finish`, when the count is known.
class BlockEncoder {
  readonly #frames = new ByteWriter();
  readonly #strings = new Map<string, number>();
  readonly #shapes = new Map<string, number>();
  #instantMs = 0;
  count = 0;

  constructor(
    readonly firstSeq: number,
    readonly prevHash: string,
  ) {}

  get byteLength(): number {
    return this.#frames.length;
  }

  frame(env: EventEnvelope): void {
    this.#string(env.id);
    this.#string(env.type);
    this.#frames.varint(env.version);
    this.#string(env.at);
    this.#value(env.data);
    writeDigest(this.#frames, env.hash);
    this.count += 1;
  }

  finish(): Uint8Array {
    const out = new ByteWriter(this.#frames.length + 64);
    out.length = BLOCK_LENGTH_BYTES;
    out.varint(this.count);
    out.varint(this.firstSeq);
    writeDigest(out, this.prevHash);
    out.raw(this.#frames.bytes.subarray(0, this.#frames.length));
    out.uint32At(0, out.length - BLOCK_LENGTH_BYTES);
    return out.take();
  }

  #value(value: unknown): void {
    const out = this.#frames;
    if (typeof value === 'string') this.#string(value);
    else if (value === null) out.byte(Tag.NULL);
    else if (value === true) out.byte(Tag.TRUE);
    else if (value === false) out.byte(Tag.FALSE);
    else if (typeof value === 'number') {
      // Zigzag doubles the magnitude: beyond 2^52 the varint would pass 2^53 - 1.
      if (Number.isInteger(value) && Math.abs(value) < ZIGZAG_LIMIT) {
        out.byte(Tag.INT);
        out.zigzag(value);
      } else {
        out.byte(Tag.FLOAT);
        out.float64(value);
      }
    } else if (Array.isArray(value)) {
      out.byte(Tag.ARRAY);
      out.varint(value.length);
      for (const item of value) this.#value(item);
    } else this.#object(value as Record<string, unknown>);
  }

  #object(object: Record<string, unknown>): void {
    const out = this.#frames;
    const keys = Object.keys(object);
    const shapeKey = JSON.stringify(keys);
    const shape = this.#shapes.get(shapeKey);
    if (shape === undefined) {
      this.#shapes.set(shapeKey, this.#shapes.size);
      out.byte(Tag.OBJECT_NEW_SHAPE);
      out.varint(keys.length);
      for (const key of keys) this.#string(key);
    } else {
      out.byte(Tag.OBJECT_SHAPE);
      out.varint(shape);
    }
    for (const key of keys) this.#value(object[key]);
  }

  // `uuidForm` false for a `<prefix><uuid>`'s prefix: a prefix is never itself written in that
  // form, so a reader's walk through prefixes stops after one step.
  #string(text: string, uuidForm = true): void {
    const out = this.#frames;
    const known = this.#strings.get(text);
    if (known !== undefined) {
      if (known < SHORT_REFS) out.byte(Tag.SHORT_REF + known);
      else {
        out.byte(Tag.STRING_REF);
        out.varint(known);
      }
      return;
    }
    this.#strings.set(text, this.#strings.size);
    this.#newString(text, uuidForm);
  }

  #newString(text: string, uuidForm: boolean): void {
    const out = this.#frames;
    const digits = digitsValue(text);
    if (digits >= 0) {
      out.byte(Tag.STRING_DIGITS);
      out.varint(digits);
      return;
    }
    out.reserve(1 + ID_BYTES);
    if (ulidBytes(text, out.bytes, out.length + 1)) {
      out.bytes[out.length] = Tag.STRING_ULID;
      out.length += 1 + ID_BYTES;
      return;
    }
    const ms = instantMs(text);
    if (ms >= 0) {
      out.byte(Tag.STRING_INSTANT);
      out.zigzag(ms - this.#instantMs);
      this.#instantMs = ms;
      return;
    }
    if (!isWellFormed(text)) {
      out.byte(Tag.STRING_UTF16);
      out.varint(text.length);
      out.reserve(2 * text.length);
      for (let i = 0; i < text.length; i += 1) {
        const unit = text.charCodeAt(i);
        out.bytes[out.length++] = unit & 0xff;
        out.bytes[out.length++] = unit >>> 8;
      }
      return;
    }
    const uuid = new Uint8Array(ID_BYTES);
    if (uuidForm && uuidTailBytes(text, uuid, 0)) {
      out.byte(Tag.STRING_UUID);
      this.#string(text.slice(0, text.length - 36), false);
      out.raw(uuid);
      return;
    }
    const utf8 = ENCODER.encode(text);
    out.byte(Tag.STRING_UTF8);
    out.varint(utf8.length);
    out.raw(utf8);
  }
}

const ENCODER = new TextEncoder();
const ZIGZAG_LIMIT = 2 ** 52;

/** True when `text` holds no lone surrogate (ES2024's isWellFormed where the runtime has it). */
export function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native === undefined ? !/\p{Cs}/u.test(text) : native.call(text);
}
