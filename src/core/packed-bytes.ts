/**
 * Packed records as engine snapshots save them from `@5` on: a store's records as `RecordCodec`
 * bytes with the tables of the codec that wrote them, base64 in the snapshot's JSON (from `@6`
 * on, the tables hold the codec's id table and the bytes refer to it; `@5`'s tables have none;
 * from `@7` the id table is one for all the snapshot's stores, saved apart, and passed to
 * `packBytes` and `loadPackedBytes`). A load
 * adopts that codec and the bytes as a `PackedRecordMap`'s own (`PackedRecordMap.fromPacked`),
 * so its records are packed at once, as a replay leaves them, and one is decoded only when read.
 *
 * Why bytes, not the record texts of `@3`/`@4` (core/packed-records.ts): a record packs to
 * ~190 bytes against ~1,000-1,400 characters of JSON, so the snapshot's records shrink ~4x even
 * as base64, and parsing the snapshot copies a few long base64 strings instead of one text per
 * record; a loaded engine then holds bytes, not texts waiting to be parsed and packed again.
 *
 * From `@11` on each record is encoded with its id as the codec's key (`keyed`): the id a
 * snapshot saves beside the record is the context its bytes refer to instead of holding it again.
 * From `@14` on a store whose records have bases (quotes: their transactions) saves them packed
 * against their bases (`based`), which the load reads from the snapshot's other store. From `@15`
 * on the transactions and card transactions save theirs with their predictions (`predicted`): a
 * field their key or earlier fields predict is not in their bytes.
 *
 * Deterministic: a save encodes the store's records with a fresh codec, in the store's order,
 * whatever the map holds packed (records packed by the live codec are decoded and encoded
 * again), so two engines in the same state save the same text whatever their `hotRecords`,
 * and a codec's tables never carry what a store once held and no longer does.
 */
import { InvariantError } from './assert.js';
import { ByteArena, putString } from './byte-arena.js';
import { decodeColumn, encodeColumn } from './column-codec.js';
import type { IdTable } from './id-table.js';
import { type CodecTables, type HexDigests, RecordCodec, type RecordBaseSource, type RecordCodecOptions, type RecordPredictions } from './record-codec.js';

/**
 * A store's records in a snapshot (`@5`): ids in the store's order; the tables of the codec that
 * encoded them (`CodecTables`); and `bytes`, base64 segments holding the records' bytes in the
 * same order, each record its length (a varint, 7 bits a byte, low first) and its bytes, as a
 * `ByteArena` lays them out. A segment is closed once it passes ~384 KiB (~512K characters of
 * base64: above V8's largest regular object, so that the parse's strings are never copied by a
 * young-generation collection, as for the texts of `@4`); a record never spans two. JSON-safe.
 */
export type PackedBytes = {
  readonly ids: readonly string[];
  readonly codec: CodecTables;
  readonly bytes: readonly string[];
  /**
   * Each record was encoded with its id as the codec's key (`RecordCodec.encode`), and is decoded
   * with it (from snapshot `@11` on: true; absent before, when the bytes hold their ids whole).
   */
  readonly keyed?: true;
  /**
   * Each record was encoded against its base (`RecordCodec.encode` with a `RecordBaseSource`), its
   * bytes starting with what it takes from it, and is decoded so (from snapshot `@14` on, for a
   * store whose records have bases: true; absent otherwise). Only beside `keyed`.
   */
  readonly based?: true;
  /**
   * Each record was encoded with its store's predictions (`RecordCodec.encode` with
   * `RecordPredictions`), its bytes starting with the fields it holds other values of, and is
   * decoded so (from snapshot `@15` on, for the transactions and card transactions: true; absent
   * otherwise). Only beside `keyed`, never beside `based`.
   */
  readonly predicted?: true;
};

/** Options of `packBytes`: the codec's, whether each record is encoded with its id as its key, and against which bases. */
export type PackBytesOptions = RecordCodecOptions & {
  /** Each record is encoded with its id as the codec's key (default true; snapshot `@11` on). False writes the bytes of `@10`. */
  readonly recordKeys?: boolean;
  /** Each record is encoded against the base this gives for its key (snapshot `@14` on, `PackedRecordMap.recordBase`; only with `recordKeys`). None: the bytes of `@13`. */
  readonly base?: RecordBaseSource | undefined;
  /** Each record is encoded with these predictions (snapshot `@15` on, `PackedRecordMap.recordPredictions`; only with `recordKeys`, not with `base`). None: the bytes of `@14`. */
  readonly predictions?: RecordPredictions | undefined;
};

/** A map that can give a record as saved, without reading it (`PackedRecordMap.peek`). */
export type RecordPeekSource = { peek(id: string): object | undefined };

/** What a load makes of `PackedBytes`: the ids, the codec of the tables, the bytes adopted, each record's handle. */
export type LoadedBytes = {
  readonly ids: readonly string[];
  readonly codec: RecordCodec;
  readonly arena: ByteArena;
  readonly handles: Float64Array;
  /** The records are decoded with their ids as the codec's key (`PackedBytes.keyed`). */
  readonly keyed: boolean;
  /** The records are decoded against their bases (`PackedBytes.based`). */
  readonly based: boolean;
  /** The records are decoded with their store's predictions (`PackedBytes.predicted`). */
  readonly predicted: boolean;
};

/** Bytes a segment reaches before it is closed (after the record that passes this). */
const SEGMENT_BYTES = 3 << 17;

function isPeekSource(value: object): value is RecordPeekSource {
  return typeof (value as Partial<RecordPeekSource>).peek === 'function';
}

/**
 * The records of `order` in `byId` as `PackedBytes`, encoded by a fresh codec (a
 * `PackedRecordMap` gives its records without reading them: none joins its hot set), made with
 * `options` (tests write `@5`'s bytes with the id table off; a snapshot's save passes one fresh id
 * table shared by all its stores, `@7`, which the tables then leave out). Pure but for that table. Throws `InvariantError`
 * when an id of `order` has no record.
 */
export function packBytes(order: Iterable<string>, byId: ReadonlyMap<string, object>, options: PackBytesOptions = {}): PackedBytes {
  const peek = isPeekSource(byId) ? byId : undefined;
  const { recordKeys = true, base, predictions, ...codecOptions } = options;
  if (base !== undefined && !recordKeys) throw new RangeError('records packed against bases need their keys');
  if (predictions !== undefined && (!recordKeys || base !== undefined)) throw new RangeError('records packed with predictions need their keys, and no base');
  const codec = new RecordCodec(codecOptions);
  const segments = new SegmentWriter();
  const ids: string[] = [];
  for (const id of order) {
    ids.push(id);
    const record = peek === undefined ? byId.get(id) : peek.peek(id);
    if (record === undefined) throw new InvariantError(`snapshot records: ${id} has no record`);
    segments.add(recordKeys ? codec.encode(record, id, base, predictions) : codec.encode(record));
  }
  const packed = { ids, codec: codec.tables(), bytes: segments.close() };
  if (!recordKeys) return packed;
  if (predictions !== undefined) return { ...packed, keyed: true, predicted: true };
  return base === undefined ? { ...packed, keyed: true } : { ...packed, keyed: true, based: true };
}

/**
 * The codec, bytes and handles `packed` describes, nothing decoded. Checks what a load can check
 * cheaply: the tables (`RecordCodec.fromTables`), the base64, and that the segments hold one
 * non-empty record per id; a record's bytes are checked when it is decoded (`decodeWhole`).
 * `sharedIds`: the id table shared by the snapshot's stores (`@7`), which the bytes name;
 * `hexDigests`: the codec writes digests as bytes from now on (`RecordCodecOptions.hexDigests`);
 * `hashedCandidates`: it remembers strings seen once as hashes (`RecordCodecOptions.hashedCandidates`).
 * `packed` is read, never changed. Throws `InvariantError` naming what is wrong.
 */
export function loadPackedBytes(packed: PackedBytes, sharedIds?: IdTable, hexDigests: HexDigests = false, hashedCandidates = false): LoadedBytes {
  const { ids, codec, bytes, keyed, based, predicted } = packed;
  if (!Array.isArray(ids) || !Array.isArray(bytes)) throw new InvariantError('snapshot records: ids and bytes must be lists');
  if (keyed !== undefined && keyed !== true) throw new InvariantError('snapshot records: keyed must be true or absent');
  if (based !== undefined && (based !== true || keyed !== true)) throw new InvariantError('snapshot records: based must be true or absent, and only beside keyed');
  if (predicted !== undefined && (predicted !== true || keyed !== true || based !== undefined)) throw new InvariantError('snapshot records: predicted must be true or absent, and only beside keyed, without based');
  try {
    const segments = bytes.map((text, index) => decodeSegment(text, index));
    return { ids, codec: RecordCodec.fromTables(codec, sharedIds, hexDigests, hashedCandidates), ...ByteArena.adopt(segments, ids.length), keyed: keyed === true, based: based === true, predicted: predicted === true };
  } catch (error) {
    if (error instanceof RangeError) throw new InvariantError(`snapshot records: ${error.message}`);
    throw error;
  }
}

// Segment `index`'s bytes; its length follows from the text's (decodeColumn refuses the rest).
function decodeSegment(text: unknown, index: number): Uint8Array {
  if (typeof text !== 'string') throw new InvariantError(`snapshot records: bytes ${index} is not a string`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const length = Math.max(0, (text.length >> 2) * 3 - padding);
  return decodeColumn(text, (size) => new Uint8Array(size), length, length, `records.bytes[${index}]`);
}

// Records' bytes, each laid out as an arena stores it (`putString`), into segments closed past SEGMENT_BYTES.
class SegmentWriter {
  #bytes = new Uint8Array(1 << 16);
  #at = 0;
  readonly #segments: string[] = [];

  add(record: Uint8Array): void {
    this.#room(record.length + 5);
    this.#at = putString(this.#bytes, this.#at, record);
    if (this.#at >= SEGMENT_BYTES) this.#flush();
  }

  close(): string[] {
    if (this.#at > 0) this.#flush();
    return this.#segments;
  }

  #flush(): void {
    this.#segments.push(encodeColumn(this.#bytes, this.#at));
    this.#at = 0;
  }

  #room(count: number): void {
    if (this.#at + count <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#at + count));
    grown.set(this.#bytes.subarray(0, this.#at));
    this.#bytes = grown;
  }
}
