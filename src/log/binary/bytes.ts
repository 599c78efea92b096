/**
 * The byte-level pieces the binary log is made of: a growable writer and a bounded reader of
 * bytes, varints (7 bits a byte, low first), zigzag integers and float64s. A reader that runs
 * past its end or meets a malformed varint throws `MalformedBytes`, which the block decoders turn
 * into a LogFault: the only throw in src/log for bad input, and it never leaves this folder.
 */

import { resized } from '../../core/typed-growth.js';
import { unzigzag, VARINT_MAX, writeVarint, zigzag } from '../../core/varint.js';

/** Thrown inside the binary decoders for bytes that do not follow the format; caught at the block. */
export class MalformedBytes extends Error {
  override readonly name = 'MalformedBytes';
}


/** A growable byte buffer written front to back. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;
  readonly #float = new DataView(new ArrayBuffer(8));

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    this.bytes = resized(this.bytes, Math.max(this.bytes.length * 2, this.length + count), this.length);
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** A non-negative safe integer, 7 bits a byte, low first. */
  varint(value: number): void {
    this.reserve(VARINT_MAX);
    this.length = writeVarint(this.bytes, this.length, value);
  }

  /** A safe integer of either sign: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... */
  zigzag(value: number): void {
    this.varint(zigzag(value));
  }

  float64(value: number): void {
    this.#float.setFloat64(0, value, true);
    this.reserve(8);
    for (let i = 0; i < 8; i += 1) this.bytes[this.length++] = this.#float.getUint8(i);
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A little-endian uint32 at `at`, over bytes already written. */
  uint32At(at: number, value: number): void {
    this.bytes[at] = value & 0xff;
    this.bytes[at + 1] = (value >>> 8) & 0xff;
    this.bytes[at + 2] = (value >>> 16) & 0xff;
    this.bytes[at + 3] = value >>> 24;
  }

  /** A copy of the bytes written. */
  take(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Reads `bytes[start, end)` front to back; every read past `end` throws MalformedBytes. */
export class ByteReader {
  pos: number;
  readonly #float = new DataView(new ArrayBuffer(8));

  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  byte(): number {
    if (this.pos >= this.end) throw new MalformedBytes('the block ends inside a value');
    return this.bytes[this.pos++]!;
  }

  /** A varint of at most 8 bytes holding a safe integer, written in its shortest form. */
  varint(): number {
    // Most varints are one byte (counts, dictionary numbers, versions).
    const pos = this.pos;
    if (pos < this.end) {
      const first = this.bytes[pos]!;
      if (first < 0x80) {
        this.pos = pos + 1;
        return first;
      }
    }
    let value = 0;
    let scale = 1;
    for (let i = 0; i < VARINT_MAX; i += 1) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        // A zero high byte after the first would give a second form of the same value.
        if (b === 0 && i > 0) throw new MalformedBytes('a varint is not in its shortest form');
        if (!Number.isSafeInteger(value)) throw new MalformedBytes('a varint is larger than 2^53 - 1');
        return value;
      }
      scale *= 0x80;
    }
    throw new MalformedBytes('a varint is longer than 8 bytes');
  }

  zigzag(): number {
    return unzigzag(this.varint());
  }

  float64(): number {
    const at = this.take(8);
    for (let i = 0; i < 8; i += 1) this.#float.setUint8(i, this.bytes[at + i]!);
    return this.#float.getFloat64(0, true);
  }

  /** Skips `count` bytes and returns where they start. */
  take(count: number): number {
    if (count > this.end - this.pos) throw new MalformedBytes('the block ends inside a value');
    const at = this.pos;
    this.pos += count;
    return at;
  }
}
