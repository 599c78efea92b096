/**
 * Records held as text until they are first read, for loads of engine snapshots `@3` and `@4`
 * (from `@5` snapshots hold the records as codec bytes: packed-bytes.ts, and the engine no
 * longer writes this form; test/support/packed-texts.ts does, to make older snapshots). A
 * snapshot's parse is dominated by its records (JSON.parse makes every object and string of
 * every record, and the store then deep-freezes each); most of them are never read again before
 * they change, so a store holds each record's text and parses and freezes it at its first read
 * (`PendingTexts`, inside a `PackedRecordMap.fromPacked`).
 *
 * A record's text is its JSON with `"` and `'` exchanged: inside the snapshot's JSON it needs no
 * escapes (record texts hold no control characters, and a backslash or an apostrophe is rare),
 * so JSON.parse of the snapshot copies it instead of unescaping it (measured: 2.5 ms against
 * 7 ms for the same 4.9 MB escaped, and 15 ms as objects).
 */
import { InvariantError } from './assert.js';

/**
 * A store's records in a snapshot: ids in the store's order, and each record's packed text
 * (`packText`) at the same index, either one string per record (`texts`, engine snapshots `@3`
 * and the first `@4`) or cut from `chunks`, the texts of consecutive records joined, record k's
 * being `lengths[k]` characters after the previous one's end in its chunk (a record never spans
 * two chunks). Chunks of ~512K characters are above V8's largest regular object, so JSON.parse
 * puts each in the large-object space, which a young-generation collection never copies: the
 * parse's per-record strings were copied by one or two scavenges inside a load at 100k events.
 * JSON-safe.
 */
export type PackedRecords =
  | { readonly ids: readonly string[]; readonly texts: readonly string[] }
  | { readonly ids: readonly string[]; readonly chunks: readonly string[]; readonly lengths: readonly number[] };

const DOUBLE_QUOTE = 0x22;
const APOSTROPHE = 0x27;
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
// Scratch bytes for packText, grown as needed (one text at a time: nothing runs in between).
let scratch = new Uint8Array(1 << 12);

/**
 * JSON text with `"` and `'` exchanged (its own inverse: `packText(packText(t)) === t`). Pure.
 * Exchanged in the text's UTF-8 bytes, where neither byte occurs inside a multi-byte character:
 * measured ~7x faster than three `replaceAll` passes and ~3x faster than a loop over characters.
 */
export function packText(text: string): string {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const bytes = scratch;
  const { written } = utf8Encoder.encodeInto(text, bytes);
  for (let i = 0; i < written; i += 1) {
    const byte = bytes[i];
    if (byte === DOUBLE_QUOTE) bytes[i] = APOSTROPHE;
    else if (byte === APOSTROPHE) bytes[i] = DOUBLE_QUOTE;
  }
  return utf8Decoder.decode(bytes.subarray(0, written));
}

/**
 * The records of one `PackedRecords` that nobody has read yet (`PackedRecordMap.fromPacked`
 * holds one): where each record's text is, parsing it, and each chunk's count of records still
 * pending, so that a chunk's text is dropped once all of its records were read (a snapshot of a
 * read record is made from the record). Nothing is located at construction: a load that no call
 * reads from pays nothing per record (`open` does it at the map's first use). `packed` is read,
 * never changed: an engine may load one snapshot more than once.
 */
export class PendingTexts {
  // Record k's text is #chunks[#chunkOf[k]] from #startOf[k], #lengths[k] characters.
  #chunks: readonly string[] | string[];
  #lengths: readonly number[];
  #ids: readonly string[];
  #chunkOf: Int32Array = new Int32Array(0);
  #startOf: Int32Array = new Int32Array(0);
  #pendingInChunk: Int32Array = new Int32Array(0);
  #pending = 0;

  constructor(packed: PackedRecords) {
    if ('texts' in packed) {
      this.#chunks = packed.texts;
      this.#lengths = [];
    } else {
      this.#chunks = packed.chunks;
      this.#lengths = packed.lengths;
    }
    this.#ids = packed.ids;
  }

  /** How many records the texts hold, before `open`; never locates them. */
  get count(): number {
    return this.#ids.length;
  }

  /** True once every record was released (after `open`): nothing is left to read. */
  get exhausted(): boolean {
    return this.#pending === 0;
  }

  /**
   * Locates every record's text and returns the ids in order (record k is `ids[k]`); called once.
   * The chunk list is copied (references only) so that a read chunk can go. Throws
   * `InvariantError` when ids, texts and lengths do not agree.
   */
  open(): readonly string[] {
    const count = this.#ids.length;
    this.#chunks = [...this.#chunks];
    this.#chunkOf = new Int32Array(count);
    this.#startOf = new Int32Array(count);
    this.#pendingInChunk = new Int32Array(this.#chunks.length);
    if (this.#lengths.length === 0 && count > 0) this.#textPerRecord(count);
    else this.#locate(count);
    this.#pending = count;
    const ids = this.#ids;
    // The map holds the ids from now on (the snapshot's array can go).
    this.#ids = [];
    return ids;
  }

  /** Record `index` parsed from its text (not frozen); the text stays until `release`. */
  parse(index: number): unknown {
    return JSON.parse(packText(this.#text(index)));
  }

  // Record `index`'s packed text.
  #text(index: number): string {
    const start = this.#startOf[index]!;
    const chunk = this.#chunks[this.#chunkOf[index]!]!;
    const length = this.#lengths[index]!;
    return start === 0 && length === chunk.length ? chunk : chunk.slice(start, start + length);
  }

  /** Record `index` is no longer pending (read, replaced or deleted): its chunk goes once none of its records is. */
  release(index: number): void {
    this.#pending -= 1;
    const chunk = this.#chunkOf[index]!;
    this.#pendingInChunk[chunk]! -= 1;
    if (this.#pendingInChunk[chunk] === 0) (this.#chunks as string[])[chunk] = '';
  }

  // One string per record: record k is chunk k, whole.
  #textPerRecord(count: number): void {
    if (this.#chunks.length !== count) throw new InvariantError('snapshot records: ids and texts differ in number');
    this.#lengths = this.#chunks.map((text) => text.length);
    for (let index = 0; index < count; index += 1) this.#chunkOf[index] = index;
    this.#pendingInChunk.fill(1);
  }

  // Records cut from chunks by their lengths, in order, each chunk ending at a record's end.
  #locate(count: number): void {
    const lengths = this.#lengths;
    if (lengths.length !== count) throw new InvariantError('snapshot records: ids and lengths differ in number');
    let chunk = 0;
    let at = 0;
    for (let index = 0; index < count; index += 1) {
      const length = lengths[index]!;
      if (chunk < this.#chunks.length && at === this.#chunks[chunk]!.length) [chunk, at] = [chunk + 1, 0];
      if (!(Number.isInteger(length) && length > 0 && chunk < this.#chunks.length && at + length <= this.#chunks[chunk]!.length)) {
        throw new InvariantError(`snapshot records: record ${index} is not within its chunk`);
      }
      this.#chunkOf[index] = chunk;
      this.#startOf[index] = at;
      this.#pendingInChunk[chunk]! += 1;
      at += length;
    }
    if (this.#chunks.length !== (count === 0 ? 0 : chunk + 1) || (count > 0 && at !== this.#chunks[chunk]!.length)) {
      throw new InvariantError('snapshot records: chunks hold text past their records');
    }
  }
}
