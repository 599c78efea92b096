/**
 * The stored first responses of idempotent requests, by key, each entry one byte string: its key
 * and its response packed together (`RecordCodec` bytes in a `ByteArena`), found through an
 * open-addressing table of [row, hash] pairs. Issue 16, figure 12 (docs/performance.md, "The
 * idempotency store's entries as one byte string each (stop 33)").
 *
 * As a `PackedRecordMap` with its keys as codec bytes (`encodedTextKeys`) an entry was its
 * response's bytes (~29) with a handle in a JS array (8 B of heap), its key's bytes (~19) with a
 * handle of their own (8 B and growth room) in a second arena, and its table slot. Here the key's
 * bytes and the response's follow one another in one string, one 4-byte handle a row. The key also gives
 * the response its context: a key naming a resource (`platform|POST /quotes/Quote:<uuid>/execute|
 * <key>`) holds the uuid its response repeats (`quoteId`, the funded account's `id`), and the
 * response's codec is given that uuid as the record's key (`RecordCodec.encode`), so the response
 * refers to it (~3 bytes) instead of holding it again, and its instants are differences from the
 * uuid's time. An executed quote's answer kept as its quote (engine/idempotent-responses.ts) packs
 * to ~10 bytes, not ~19.
 *
 * A string is `varint(k)`, the key's `k` bytes (its `textParts`, written by a codec of its own with
 * no id table, as core/encoded-texts.ts writes texts), then the response's bytes (the codec shares
 * the state's id table, `shareIds`; digests as 32 bytes, `hexDigests`). A lookup hashes the key's
 * text (`hashString`) and decodes a row's key only when its hash matches; a response is decoded at
 * each read (a new object, never frozen: the store's responses never were). Nothing here reaches a
 * snapshot: a save encodes each response with a fresh codec, keyed by its key's text, as before
 * (core/packed-bytes.ts `packBytes` through `peek`), and a load's map (`PackedRecordMap` of the
 * snapshot's bytes, texts or pairs) is copied in at the store's first use (`loaded`).
 *
 * Map semantics: insertion order, a key set again keeps its place (its old string counted as free
 * in the arena until the freed bytes outweigh the live ones, when the strings move to a new arena),
 * a key deleted and set again goes last; the engine only ever sets.
 */
import { ByteArena, putString, stringSpan, varintLength } from '../core/byte-arena.js';
import { textParts } from '../core/encoded-texts.js';
import { EntriesMap } from '../core/entries-map.js';
import { hashString } from '../core/id-hash.js';
import type { IdTable } from '../core/id-table.js';
import { deletePair, EMPTY_SLOT, emptyTable, insertPair } from '../core/linear-probing.js';
import { PackedRecordMap } from '../core/packed-record-map.js';
import { RecordCodec } from '../core/record-codec.js';
import { float64WithRoom, uint32WithRoom } from '../core/typed-growth.js';
import { parseUuid, UUID_LENGTH } from '../core/uuid-text.js';
import type { IdempotentResponse } from '../domains/state.js';

// A row's word when its key was deleted (a hole); a live row's is its handle plus 1.
const HOLE = 0;
const SLOTS_FIRST = 16;
// The table grows past 7/8 full, not 3/4 (stop 34): a slot holds its key's hash, so a probe past
// another key compares one word, and a lookup runs ~4 slots (a new key's ~32) at the fullest,
// where a quarter of the slots stayed empty (8 B each, ~1 B an entry on average).
const FULL_EIGHTHS = 7;
// The largest word a row keeps in 32 bits (a handle below 2^32 - 1: 2 GiB of the arena's chunks).
const NARROW_MAX = 0xffff_ffff;

/**
 * Whether `parts` (a key's `textParts`) start with a part ending in a lowercase uuid: then its 4
 * words are in `out`, the context the key's response is packed with. A function of the key's text
 * alone, so that the bytes are read with the context they were written with.
 */
function keyContext(parts: readonly string[], out: Int32Array): boolean {
  const first = parts[0];
  if (first === undefined || first.length < UUID_LENGTH) return false;
  return parseUuid(first, first.length - UUID_LENGTH, out, 0);
}

/** Stored first responses by idempotency key (see the module's comment). */
export class IdempotencyStore extends EntriesMap<string, IdempotentResponse> {
  readonly #keyCodec = new RecordCodec({ idTable: false, hashedCandidates: true });
  readonly #codec = new RecordCodec({ hexDigests: true, hashedCandidates: true });
  #arena = new ByteArena();
  // By row: the handle of its string in #arena plus 1, or HOLE; 32 bits a row until a handle
  // passes NARROW_MAX (`#narrowMax` for tests), then 64.
  #handles: Uint32Array | Float64Array = new Uint32Array(0);
  readonly #narrowMax: number;
  #rows = 0;
  #size = 0;
  // Slot s: [row or EMPTY_SLOT, hash of that row's key] at words 2s and 2s+1; live rows only.
  #table = emptyTable(SLOTS_FIRST);
  // A load's map, copied in at the store's first use (none: copied, or not loaded).
  #loaded: Map<string, IdempotentResponse> | undefined;
  // The words of the context of the key being written or read (`keyContext`).
  readonly #context = new Int32Array(4);

  /** `narrowMax`: the largest word a row keeps in 32 bits (tests pass a small one to reach the 64-bit column). */
  constructor(narrowMax = NARROW_MAX) {
    super();
    this.#narrowMax = narrowMax;
  }

  /**
   * A store holding `map`'s responses in its order (a snapshot's, as its load made them), copied
   * in at the store's first use; until then `map` is only asked its `size` (and, through
   * `shareIds`, to share the state's id table, which its bytes may name).
   */
  static loaded(map: Map<string, IdempotentResponse>): IdempotencyStore {
    const store = new IdempotencyStore();
    store.#loaded = map;
    return store;
  }

  /**
   * Encodes the responses with `ids` as the codec's id table, shared with the state's other
   * packed maps, and gives a load's map the same (`PackedRecordMap.shareIds`). True when every
   * codec here shares it (a load's map from `@6` keeps its own table, which its bytes name).
   */
  shareIds(ids: IdTable): boolean {
    const own = this.#codec.shareIds(ids);
    const loaded = this.#loaded;
    return loaded instanceof PackedRecordMap ? loaded.shareIds(ids) && own : own;
  }

  override get size(): number {
    return this.#loaded === undefined ? this.#size : this.#loaded.size;
  }

  override get(key: string): IdempotentResponse | undefined {
    this.#fill();
    const row = this.#rowOf(key);
    return row === EMPTY_SLOT ? undefined : this.#response(row);
  }

  override has(key: string): boolean {
    this.#fill();
    return this.#rowOf(key) !== EMPTY_SLOT;
  }

  override set(key: string, response: IdempotentResponse): this {
    this.#fill();
    if (typeof key !== 'string') throw new TypeError('an idempotency key is a string');
    const hash = hashString(key);
    const row = this.#rowOf(key, hash);
    const handle = this.#store(key, response);
    if (row !== EMPTY_SLOT) {
      this.#arena.free(this.#handleOf(row));
      this.#put(row, handle);
      if (this.#arena.wasteful) this.#compact();
      return this;
    }
    const added = this.#rows;
    this.#handles = this.#handles instanceof Uint32Array ? uint32WithRoom(this.#handles, added) : float64WithRoom(this.#handles, added);
    this.#put(added, handle);
    this.#rows = added + 1;
    this.#table = insertPair(this.#table, this.#size, hash, added, FULL_EIGHTHS);
    this.#size += 1;
    return this;
  }

  override delete(key: string): boolean {
    this.#fill();
    const row = this.#rowOf(key);
    if (row === EMPTY_SLOT) return false;
    deletePair(this.#table, hashString(key), row);
    this.#arena.free(this.#handleOf(row));
    this.#handles[row] = HOLE;
    this.#size -= 1;
    return true;
  }

  override clear(): void {
    this.#loaded = undefined;
    this.#arena = new ByteArena();
    this.#handles = new Uint32Array(0);
    this.#rows = 0;
    this.#size = 0;
    this.#table = emptyTable(SLOTS_FIRST);
  }

  override *keys(): MapIterator<string> {
    this.#fill();
    for (let row = 0; row < this.#rows; row += 1) if (this.#handles[row] !== HOLE) yield this.#keyOf(row);
  }

  override *entries(): MapIterator<[string, IdempotentResponse]> {
    this.#fill();
    for (let row = 0; row < this.#rows; row += 1) if (this.#handles[row] !== HOLE) yield [this.#keyOf(row), this.#response(row)];
  }

  /** `key`'s response as a snapshot saves it (`packBytes`): the same as `get`, which changes nothing here. */
  peek(key: string): IdempotentResponse | undefined {
    return this.get(key);
  }

  /** Bytes the entries' strings hold in the arena, live and in all, the rows' handles and the hash table's slots (for figures and tests). */
  get packing(): { readonly liveBytes: number; readonly heldBytes: number; readonly handleBytes: number; readonly slotBytes: number } {
    this.#fill();
    return { liveBytes: this.#arena.liveBytes, heldBytes: this.#arena.heldBytes, handleBytes: this.#handles.byteLength, slotBytes: this.#table.byteLength };
  }

  // Copies a load's map in, at the store's first use.
  #fill(): void {
    const loaded = this.#loaded;
    if (loaded === undefined) return;
    this.#loaded = undefined;
    for (const [key, response] of loaded) this.set(key, response);
  }

  // The live row of `key` (hashed as `hash` when the caller has it), or EMPTY_SLOT.
  #rowOf(key: string, hash = typeof key === 'string' ? hashString(key) : 0): number {
    if (typeof key !== 'string') return EMPTY_SLOT;
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = table[2 * slot]!;
      if (row === EMPTY_SLOT) return EMPTY_SLOT;
      if (table[2 * slot + 1] === hash && this.#keyOf(row) === key) return row;
    }
  }

  // `key` and `response` as one string in the arena (the key laid out as an arena lays a string,
  // then the response's bytes); its handle. Each codec returns its own scratch, so the key's bytes
  // outlive the response's encode.
  #store(key: string, response: IdempotentResponse): number {
    const parts = textParts(key);
    const keyBytes = this.#keyCodec.encode(parts);
    const responseBytes = keyContext(parts, this.#context) ? this.#codec.encode(response, this.#context) : this.#codec.encode(response);
    const bytes = new Uint8Array(varintLength(keyBytes.length) + keyBytes.length + responseBytes.length);
    bytes.set(responseBytes, putString(bytes, 0, keyBytes));
    return this.#arena.store(bytes);
  }

  // The handle of live `row`'s string.
  #handleOf(row: number): number {
    return this.#handles[row]! - 1;
  }

  // Files `handle` as `row`'s, widening the column to 64 bits at the first handle past 32.
  #put(row: number, handle: number): void {
    if (handle + 1 > this.#narrowMax && this.#handles instanceof Uint32Array) this.#handles = Float64Array.from(this.#handles);
    this.#handles[row] = handle + 1;
  }

  // The key of live `row`, its text.
  #keyOf(row: number): string {
    const { chunk, from } = this.#arena.locate(this.#handleOf(row));
    const [at, end] = stringSpan(chunk, from);
    return (this.#keyCodec.decodeWhole(chunk, at, end - at, false) as string[]).join('');
  }

  // The response of live `row`, decoded with its key's context.
  #response(row: number): IdempotentResponse {
    const { chunk, from, length } = this.#arena.locate(this.#handleOf(row));
    const [at, start] = stringSpan(chunk, from);
    const parts = this.#keyCodec.decodeWhole(chunk, at, start - at, false) as string[];
    const rest = from + length - start;
    const context = keyContext(parts, this.#context) ? this.#context : undefined;
    return this.#codec.decodeWhole(chunk, start, rest, false, context) as IdempotentResponse;
  }

  // Moves the live strings to a new arena once the freed ones outweigh them.
  #compact(): void {
    const old = this.#arena;
    const arena = new ByteArena();
    for (let row = 0; row < this.#rows; row += 1) if (this.#handles[row] !== HOLE) this.#put(row, arena.store(old.bytesOf(this.#handleOf(row))));
    this.#arena = arena;
  }
}
