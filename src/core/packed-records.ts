/**
 * Records held as text until they are first read, for snapshot loads (engine snapshot `@3`). A
 * snapshot's parse is dominated by its records (JSON.parse makes every object and string of
 * every record, and the store then deep-freezes each); most of them are never read again before
 * they change, so a store holds each record's text and parses and freezes it at its first read.
 *
 * A record's text is its JSON with `"` and `'` exchanged: inside the snapshot's JSON it needs no
 * escapes (record texts hold no control characters, and a backslash or an apostrophe is rare),
 * so JSON.parse of the snapshot copies it instead of unescaping it (measured: 2.5 ms against
 * 7 ms for the same 4.9 MB escaped, and 15 ms as objects).
 */
import { InvariantError } from './assert.js';
import { deepFreeze } from './freeze.js';

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

/** Characters a chunk reaches before it is closed (after the record that passes this). */
const CHUNK_CHARS = 1 << 19;

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

/** The packed text of one record (JSON.stringify, then `packText`). Pure. */
export function packRecord(record: unknown): string {
  return packText(JSON.stringify(record));
}

/**
 * A map of records by id in which the records of a snapshot stay text until read: `get` and every
 * iteration parse a pending record, freeze it deeply (unless told not to) and keep it (so it is
 * parsed once, and a record read from the map is frozen like any stored record). Otherwise a plain `Map`: `set`,
 * `has`, `delete`, `size` and `keys` never parse. The map's own entries (id → position of the
 * pending text) are made at its first use, not at load: a load that no call reads from pays
 * nothing per record, and `size` answers without them.
 */
export class LazyRecordMap<V extends object> extends Map<string, V> {
  // A pending record's value in the map is its index (records are objects, never numbers); its
  // text is chunks[#chunkOf[index]] from #startOf[index], #lengths[index] characters.
  #chunks: readonly string[] | string[];
  #lengths: readonly number[];
  #chunkOf: Int32Array = new Int32Array(0);
  #startOf: Int32Array = new Int32Array(0);
  // Records of each chunk still pending: a chunk's text goes once none is.
  #pendingInChunk: Int32Array = new Int32Array(0);
  #pendingIds: readonly string[] | undefined;
  readonly #freeze: boolean;

  /**
   * A map of `packed.ids` to their pending records (`packed` is read, never changed: an engine
   * may load one snapshot more than once). `freeze: false` for a store whose values were never
   * frozen (the idempotency records), so that a load changes nothing but when they are parsed.
   */
  constructor(packed: PackedRecords, options: { readonly freeze?: boolean } = {}) {
    super();
    if ('texts' in packed) {
      this.#chunks = packed.texts;
      this.#lengths = [];
    } else {
      this.#chunks = packed.chunks;
      this.#lengths = packed.lengths;
    }
    this.#pendingIds = packed.ids;
    this.#freeze = options.freeze ?? true;
  }

  // Makes the map's entries at the first use (a load's ids in order, each its text's index) and
  // where each text is; the chunk list is copied (references only) so that a read chunk can go.
  // Throws `InvariantError` when the lengths do not cut the chunks exactly.
  #fill(): void {
    const ids = this.#pendingIds;
    if (ids === undefined) return;
    this.#pendingIds = undefined;
    const chunks = [...this.#chunks];
    this.#chunks = chunks;
    const count = ids.length;
    this.#chunkOf = new Int32Array(count);
    this.#startOf = new Int32Array(count);
    this.#pendingInChunk = new Int32Array(chunks.length);
    if (this.#lengths.length === 0 && count > 0) this.#textPerRecord(count);
    else this.#locate(count);
    for (let index = 0; index < count; index += 1) super.set(ids[index]!, index as unknown as V);
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

  // The packed text of pending record `index`.
  #textOf(index: number): string {
    const start = this.#startOf[index]!;
    const chunk = this.#chunks[this.#chunkOf[index]!]!;
    const length = this.#lengths[index]!;
    return start === 0 && length === chunk.length ? chunk : chunk.slice(start, start + length);
  }

  /** How many records (pending or parsed); never parses nor makes the entries. */
  override get size(): number {
    return this.#pendingIds === undefined ? super.size : this.#pendingIds.length;
  }

  /** The record of `id`, parsed and frozen at its first read. */
  override get(id: string): V | undefined {
    this.#fill();
    const value: unknown = super.get(id);
    return typeof value === 'number' ? this.#parse(id, value) : (value as V | undefined);
  }

  override has(id: string): boolean {
    this.#fill();
    return super.has(id);
  }

  override set(id: string, value: V): this {
    this.#fill();
    this.#release(super.get(id));
    return super.set(id, value);
  }

  override delete(id: string): boolean {
    this.#fill();
    this.#release(super.get(id));
    return super.delete(id);
  }

  override clear(): void {
    this.#pendingIds = undefined;
    this.#chunks = [];
    super.clear();
  }

  override keys(): MapIterator<string> {
    this.#fill();
    return super.keys();
  }

  /** The packed text of `id`'s record (`packRecord`), without parsing a pending one; undefined when absent. */
  packedText(id: string): string | undefined {
    this.#fill();
    const value: unknown = super.get(id);
    if (typeof value === 'number') return this.#textOf(value);
    return value === undefined ? undefined : packRecord(value);
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  override *entries(): MapIterator<[string, V]> {
    for (const key of this.keys()) yield [key, this.get(key) as V];
  }

  override *values(): MapIterator<V> {
    for (const key of this.keys()) yield this.get(key) as V;
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  #parse(id: string, index: number): V {
    const parsed = JSON.parse(packText(this.#textOf(index))) as V;
    const record = this.#freeze ? deepFreeze(parsed) : parsed;
    this.#release(index);
    super.set(id, record);
    return record;
  }

  // Pending record `value` (an index; anything else is no pending record) leaves its chunk: the
  // chunk's text goes once none of its records is pending (a snapshot of a record is made from
  // the record).
  #release(value: unknown): void {
    if (typeof value !== 'number') return;
    const chunk = this.#chunkOf[value]!;
    this.#pendingInChunk[chunk]! -= 1;
    if (this.#pendingInChunk[chunk] === 0) (this.#chunks as string[])[chunk] = '';
  }
}

/**
 * The packed records of `order` in `byId` (a `LazyRecordMap` gives pending texts as they are),
 * joined into chunks of ~512K characters. Pure.
 */
export function packRecords(order: readonly string[], byId: ReadonlyMap<string, object>): PackedRecords {
  const lazy = byId instanceof LazyRecordMap ? byId : undefined;
  const chunks: string[] = [];
  const lengths = new Array<number>(order.length);
  let parts: string[] = [];
  let chars = 0;
  for (let k = 0; k < order.length; k += 1) {
    const id = order[k]!;
    const text = lazy === undefined ? packRecord(byId.get(id)) : (lazy.packedText(id) as string);
    lengths[k] = text.length;
    parts.push(text);
    chars += text.length;
    if (chars >= CHUNK_CHARS) {
      chunks.push(parts.join(''));
      [parts, chars] = [[], 0];
    }
  }
  if (parts.length > 0) chunks.push(parts.join(''));
  return { ids: [...order], chunks, lengths };
}

/** Each record's packed text of `packed`, in order (either form). Pure. */
export function packedTexts(packed: PackedRecords): string[] {
  if ('texts' in packed) return [...packed.texts];
  const texts: string[] = [];
  let chunk = 0;
  let at = 0;
  for (const length of packed.lengths) {
    if (at === packed.chunks[chunk]?.length) [chunk, at] = [chunk + 1, 0];
    texts.push((packed.chunks[chunk] ?? '').slice(at, at + length));
    at += length;
  }
  return texts;
}
