/**
 * A map of records by id that keeps the records set recently as objects and the rest packed
 * (`RecordCodec` bytes in a `ByteArena`), for the stores that grow with traffic (transactions,
 * quotes, card transactions, idempotent responses). A payment's record changes while it is new
 * (created, transitioned, settled within minutes) and is then read rarely: a list page, a
 * refund. Held as an object it costs ~600 B of heap even with its strings shared; packed,
 * ~100-200 bytes in a shared buffer.
 *
 * No domain rule decides what is settled: the map remembers the last `hot` ids set, and a record
 * is packed once `hot` more sets have followed its own. Reading a packed record decodes it (a
 * new frozen object each time; nothing keeps it), and setting it again makes it an object again.
 * Otherwise a plain `Map`: insertion order, `size`, `has`, `keys` never decode; `get`,
 * `values`, `entries`, `forEach` and iteration give records equal to the ones set.
 *
 * Its codec's id table is its own until `shareIds` gives it the state's (core/id-table.ts: an
 * owner's id then enters once for all the stores). A map loaded from a snapshot (`fromPacked`)
 * from `@5` on holds every record packed at once: it adopts the snapshot's codec tables and
 * bytes (core/packed-bytes.ts; from `@7` with the snapshot's shared id table), so a load decodes
 * nothing and its records read as a replay's packed ones do. From an older snapshot (`@3`, `@4`)
 * every record starts pending: held as its snapshot text (`PendingTexts`) until first read, when
 * it is parsed and frozen, and from then on it is a record like one set: it joins the hot set and
 * is packed once `hot` more have followed it. Either way the map's own entries are made at its
 * first use, so `size` answers without them. Snapshots save a map through `peek` (each record as
 * it is, nothing read: core/packed-bytes.ts).
 *
 * A map may pack its records against a base, a record of another map (`baseOn`: a quote against
 * its transaction, which repeats most of it): a field equal to the base's is not in the record's
 * bytes, and a decode reads the base again (`RecordCodec`, snapshot `@14`). The base map then
 * re-encodes a dependent packed against a base before it replaces or deletes that base, so bytes
 * never refer to a base that changed since they were written.
 *
 * A map may pack its records with predictions instead (`PackedRecordMapOptions.predictions`: a
 * transaction's `createdAt` from its id's time): a field equal to what the record's key and earlier
 * fields predict is not in its bytes (`RecordCodec`, snapshot `@15`). The predictions read nothing
 * outside the record, so no other map's changes touch its bytes.
 */
import { InvariantError } from './assert.js';
import { ByteArena } from './byte-arena.js';
import { deepFreeze } from './freeze.js';
import type { IdTable } from './id-table.js';
import { PackedKeyMap } from './packed-key-map.js';
import { loadPackedBytes, type PackedBytes } from './packed-bytes.js';
import { type PackedRecords, PendingTexts } from './packed-records.js';
import { type HexDigests, RecordCodec, type RecordBaseSource, type RecordPredictions } from './record-codec.js';

// A ring slot that holds no row, and `rowOfKey`'s answer for an absent id.
const NO_ROW = -1;

// The uuid words of the key of the record being packed or decoded by row (one at a time).
const KEY_WORDS = new Int32Array(4);

/** Ids whose records stay objects after they are set, by default. */
export const HOT_RECORDS = 256;

/** Options of a `PackedRecordMap`. */
export type PackedRecordMapOptions = {
  /** Records read back are frozen deeply, like stored records (default true). */
  readonly freeze?: boolean;
  /**
   * How many of the ids set last keep their records as objects (default `HOT_RECORDS`; 0: every
   * record is packed as it is set; `Infinity`: none is).
   */
  readonly hot?: number;
  /** Ids that are not `<Prefix>:<uuid>` are held as codec bytes, not strings (`PackedKeyMapOptions.encodedTextKeys`; default false). */
  readonly encodedTextKeys?: boolean;
  /** Keys that are not ids are SHA-256 digests, held as their 32 bytes (`PackedKeyMapOptions.digestKeys`; default false). */
  readonly digestKeys?: boolean;
  /** The records' SHA-256 hex digests are packed as 32 bytes (`RecordCodecOptions.hexDigests`; default false). */
  readonly hexDigests?: HexDigests;
  /** The codec remembers strings seen once as their hashes (`RecordCodecOptions.hashedCandidates`; default false). */
  readonly hashedCandidates?: boolean;
  /**
   * Records are packed with these predictions (`RecordCodec.encode`; snapshot `@15` on): a new map
   * packs with them, a map loaded from bytes uses them when the bytes say so (`PackedBytes.predicted`),
   * else packs on without them. Not beside `baseOn`.
   */
  readonly predictions?: RecordPredictions;
};

/**
 * How a map's records are packed against records of another map (`PackedRecordMap.baseOn`): the
 * base of the record under a key, what it gives, and the way back from a base to its dependent.
 * Each function is pure: the same arguments give the same answer, so that bytes written against a
 * base read back the same as long as the base is unchanged.
 */
export type RecordBaseLink = {
  /** The fields a record may take from its base (`RecordBaseSource.fields`). */
  readonly fields: readonly string[];
  /** The key, in the base map, of the base of the record whose key ends in `uuid`. */
  baseKeyOf(uuid: string): string;
  /** The key of the record whose base is under `baseKey`, or undefined when none can be. */
  dependentKeyOf(baseKey: string): string | undefined;
  /** The base's values of `fields`, in their order, made anew at each call (`RecordBaseSource.valuesOf`). */
  valuesOf(base: object): readonly unknown[];
  /**
   * Whether a dependent record is final (no event sets it again: a quote executed with its flow
   * done, or expired). A final record still held as an object is packed when its base is, against
   * the base then in hand, rather than when it leaves the hot set, by when its base is bytes that
   * would be decoded again (cold) for it.
   */
  isFinal(record: object): boolean;
};

// A dependent's packed record decoded while its base is still as its bytes were written against.
type Held = { readonly row: number; readonly handle: number; readonly record: unknown };

// A load's entries, made at the map's first use: how many, the ids in order (asked once), and the
// value record k gets in the underlying Map (an arena handle, or a pending text's -(k + 1)).
type Unfilled = { readonly count: number; readonly pending: boolean; ids(): readonly string[]; value(index: number): number };

/**
 * Records by id, the ones set long ago packed (see the module's comment).
 *
 * @example
 * const byId = new PackedRecordMap<Transaction>();
 * byId.set(tx.id, tx);
 * byId.get(tx.id); // equal to tx (the same object while it is hot)
 */
export class PackedRecordMap<V extends object> extends PackedKeyMap<V> {
  // A value in the underlying Map is the record (an object), the handle of its packed bytes in
  // #arena (a number >= 0), or, for a record pending since a load, -(its index in #pending + 1).
  // A load from bytes replaces the codec and the arena with the snapshot's.
  #codec: RecordCodec;
  #arena = new ByteArena();
  // Records are encoded and decoded with their ids as the codec's key (`RecordCodec.encode`): a
  // record's own id is then a reference to the key, not written again. False for a map loaded
  // from bytes saved without keys (before snapshot `@11`), whose codec reads them as they are.
  #keyed = true;
  // Records are packed against a base (`baseOn`), each record's bytes starting with what it takes
  // from it (`RecordCodec.encode`). Fixed by a load from bytes (the bytes say: `PackedBytes.based`),
  // else set by `baseOn` while nothing is packed.
  #based = false;
  // Records are packed with predictions (`PackedRecordMapOptions.predictions`, none: false). Fixed
  // by a load from bytes (`PackedBytes.predicted`), else true when the map has predictions.
  #predicted: RecordPredictions | undefined;
  readonly #predictions: RecordPredictions | undefined;
  #formatFixed = false;
  // Where the records find their bases (none: not linked), and the map whose records have their
  // bases here, with its link (none: no dependent).
  #base: RecordBaseSource | undefined;
  #dependent: { readonly map: PackedRecordMap<object>; readonly link: RecordBaseLink } | undefined;
  readonly #freeze: boolean;
  // The rows set last, a ring: slot #next is the oldest, packed when it is overwritten (none:
  // nothing is packed), unless the row holds a later slot too (it was set again since: that slot
  // packs it). #slotsOf counts each row's slots; counts, not the records set, so that the ring
  // keeps no replaced record alive. Rows, not ids: packing the oldest needs no lookup of its id.
  readonly #recent: Int32Array | undefined;
  readonly #slotsOf = new Map<number, number>();
  #next = 0;
  // The texts of a load's records (none: not loaded from texts, or all read or cleared), and the
  // load's entries still to be made (none: made, or not loaded).
  #pending: PendingTexts | undefined;
  #unfilled: Unfilled | undefined;

  constructor(options: PackedRecordMapOptions = {}) {
    super({ encodedTextKeys: options.encodedTextKeys ?? false, digestKeys: options.digestKeys ?? false });
    this.#freeze = options.freeze ?? true;
    this.#predictions = options.predictions;
    this.#predicted = options.predictions;
    this.#codec = new RecordCodec({ hexDigests: options.hexDigests ?? false, hashedCandidates: options.hashedCandidates ?? false });
    const hot = options.hot ?? HOT_RECORDS;
    this.#recent = hot === Number.POSITIVE_INFINITY ? undefined : new Int32Array(Math.max(0, hot)).fill(NO_ROW);
  }

  /**
   * A map of `packed.ids` to their records (see the module's comment): packed at once from
   * `PackedBytes` (`@5`), each pending until first read from texts (`@3`, `@4`); `packed` is
   * read, never changed. Records read are frozen deeply unless `options.freeze` is false (a store
   * whose values were never frozen). Throws `InvariantError` for bytes whose tables, base64 or
   * record lengths are wrong (a record's own bytes are checked when it is read), and at the
   * first use when texts and lengths do not agree or an id comes twice. `sharedIds`: the id table
   * the bytes were written against (`@7`: the state's, saved apart), none for `@5`/`@6` bytes
   * (their tables hold their own).
   */
  static fromPacked<V extends object>(packed: PackedBytes | PackedRecords, options: PackedRecordMapOptions = {}, sharedIds?: IdTable): PackedRecordMap<V> {
    const map = new PackedRecordMap<V>(options);
    if ('codec' in packed) {
      const { ids, codec, arena, handles, keyed, based, predicted } = loadPackedBytes(packed, sharedIds, options.hexDigests ?? false, options.hashedCandidates ?? false);
      if (predicted && map.#predictions === undefined) throw new InvariantError('snapshot records: packed with predictions, and the store has none');
      map.#codec = codec;
      map.#keyed = keyed;
      map.#based = based;
      map.#predicted = predicted ? map.#predictions : undefined;
      map.#formatFixed = true;
      map.#arena = arena;
      map.#unfilled = { count: ids.length, pending: false, ids: () => ids, value: (index) => handles[index]! };
      return map;
    }
    const pending = new PendingTexts(packed);
    map.#pending = pending;
    map.#unfilled = { count: pending.count, pending: true, ids: () => pending.open(), value: (index) => -(index + 1) };
    return map;
  }

  /**
   * Encodes the records it packs from now on with `ids` as the id table, shared with the state's
   * other maps (a customer's ids then enter once for every store), unless its codec's own table
   * already has entries (a map loaded from `@6` bytes, which name them): then it keeps its own.
   * True when the map shares `ids`.
   */
  shareIds(ids: IdTable): boolean {
    return this.#codec.shareIds(ids);
  }

  /**
   * Packs this map's records against records of `base` from now on (see the module's comment), and
   * reads its records packed so (a map loaded from `@14` bytes, which need their bases: link it
   * before its first read). A map that already holds bytes written without a base (loaded from
   * bytes before `@14`, or packed before this) keeps packing without one. `base` gets this map as
   * its one dependent: before it replaces or deletes a record, it re-encodes the record packed
   * against it.
   */
  baseOn(base: PackedRecordMap<object>, link: RecordBaseLink): void {
    this.#base = {
      fields: link.fields,
      valuesOf: (uuid) => {
        const record = base.peek(link.baseKeyOf(uuid));
        return record === undefined ? undefined : link.valuesOf(record);
      },
    };
    if (!this.#formatFixed && this.#arena.liveBytes === 0) this.#based = true;
    base.#dependent = { map: this as unknown as PackedRecordMap<object>, link };
  }

  /** Where this map's records find their bases (`baseOn`; none: not linked), for a save to pack them alike. */
  get recordBase(): RecordBaseSource | undefined {
    return this.#base;
  }

  /** The predictions this map's records are packed with (none: `PackedRecordMapOptions.predictions` not given), for a save to pack them alike. */
  get recordPredictions(): RecordPredictions | undefined {
    return this.#predictions;
  }

  /** How many records (pending, packed or not); never decodes nor makes a load's entries. */
  override get size(): number {
    return this.#unfilled === undefined ? super.size : this.#unfilled.count;
  }

  override get(id: string): V | undefined {
    this.#fill();
    const row = this.rowOfKey(id);
    return row === NO_ROW ? undefined : this.#valueOf(row, this.valueOfRow(row), id);
  }

  override has(id: string): boolean {
    this.#fill();
    return super.has(id);
  }

  override set(id: string, value: V): this {
    this.#fill();
    let row = this.rowOfKey(id);
    if (row === NO_ROW) row = this.appendKey(id, value);
    else {
      const held = this.#holdDependent(id);
      const replaced: unknown = this.valueOfRow(row);
      this.setValueOfRow(row, value);
      this.#release(replaced);
      if (held !== undefined) this.#dependent!.map.#packAgain(held);
    }
    this.#remember(row);
    return this;
  }

  override delete(id: string): boolean {
    this.#fill();
    const held = this.#holdDependent(id);
    const removed: unknown = super.get(id);
    const had = super.delete(id);
    this.#release(removed);
    if (held !== undefined) this.#dependent!.map.#packAgain(held);
    return had;
  }

  override clear(): void {
    const dependent = this.#dependent?.map;
    const held: Held[] = [];
    // `#holdDependent` holds nothing while the dependent packs without bases: no walk then.
    if (dependent !== undefined && this.#holdsDependents()) {
      for (const id of this.keys()) {
        const record = this.#holdDependent(id);
        if (record !== undefined) held.push(record);
      }
    }
    this.#clearOwn();
    for (const record of held) dependent!.#packAgain(record);
  }

  #clearOwn(): void {
    super.clear();
    this.#pending = undefined;
    this.#unfilled = undefined;
    this.#arena = new ByteArena();
    this.#keyed = true;
    this.#predicted = this.#predictions;
    this.#recent?.fill(NO_ROW);
    this.#slotsOf.clear();
  }

  override keys(): MapIterator<string> {
    this.#fill();
    return super.keys();
  }

  override keyAt(position: number): string {
    this.#fill();
    return super.keyAt(position);
  }

  override positionOf(id: string): number {
    this.#fill();
    return super.positionOf(id);
  }

  override valueAt(position: number): V {
    this.#fill();
    // Without holes a position is a row.
    return this.#valueOf(position, super.valueAt(position)) as V;
  }

  // forEach and iteration are PackedKeyMap's, which go through this `entries`.
  override *entries(): MapIterator<[string, V]> {
    this.#fill();
    for (const row of this.liveRows()) {
      const key = this.keyOfRow(row);
      yield [key, this.#valueOf(row, this.valueOfRow(row), key) as V];
    }
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  /**
   * `id`'s record as a snapshot saves it, without reading it: the object set, or a packed or
   * pending record decoded or parsed, not frozen and not joining the hot set (a save changes
   * nothing in the map); undefined when absent (`packBytes`).
   */
  peek(id: string): V | undefined {
    this.#fill();
    const row = this.rowOfKey(id);
    if (row === NO_ROW) return undefined;
    const value: unknown = this.valueOfRow(row);
    if (typeof value !== 'number') return value as V;
    return (value < 0 ? (this.#pending as PendingTexts).parse(-value - 1) : this.#decode(row, value, false, id)) as V;
  }

  /** Whether its codec remembers strings seen once as hashes (`PackedRecordMapOptions.hashedCandidates`; for tests). */
  get hashesCandidates(): boolean {
    return this.#codec.hashesCandidates;
  }

  /** How many records are packed and pending, and the bytes the packed ones' buffers hold (for figures and tests). */
  get packing(): { readonly packed: number; readonly pending: number; readonly heldBytes: number; readonly liveBytes: number } {
    const unfilled = this.#unfilled;
    const { heldBytes, liveBytes } = this.#arena;
    if (unfilled !== undefined) return { packed: unfilled.pending ? 0 : unfilled.count, pending: unfilled.pending ? unfilled.count : 0, heldBytes, liveBytes };
    let packed = 0;
    let pending = 0;
    for (const value of super.values()) {
      if (typeof value === 'number') {
        if (value >= 0) packed += 1;
        else pending += 1;
      }
    }
    return { packed, pending, heldBytes, liveBytes };
  }

  // The dependent's record whose base is `id` here, decoded, when it is packed against it (it is
  // packed again once the base changed: `#packAgain`).
  #holdDependent(id: string): Held | undefined {
    // Nothing to hold (and no key to make) while the dependent packs without bases.
    if (!this.#holdsDependents()) return undefined;
    const dependent = this.#dependent!;
    return dependent.map.#heldBased(dependent.link.dependentKeyOf(id));
  }

  // Whether a dependent's records may be packed against records here.
  #holdsDependents(): boolean {
    const dependent = this.#dependent;
    if (dependent === undefined) return false;
    return dependent.map.#based;
  }

  // The record under `key` decoded, when it is packed against its base (none: it is not, or no
  // such record).
  #heldBased(key: string | undefined): Held | undefined {
    if (key === undefined) return undefined;
    this.#fill();
    const row = this.rowOfKey(key);
    if (row === NO_ROW) return undefined;
    const handle: unknown = this.valueOfRow(row);
    if (typeof handle !== 'number' || handle < 0) return undefined;
    const { chunk, from } = this.#arena.locate(handle);
    // What the record takes from its base comes first, 0 when nothing.
    if (chunk[from] === 0) return undefined;
    return { row, handle, record: this.#decode(row, handle, false, key) };
  }

  // A record `#heldBased` decoded, encoded again against its base as it is now (or none), in place
  // of its bytes.
  #packAgain(held: Held): void {
    if (this.valueOfRow(held.row) !== (held.handle as unknown as V)) return;
    const bytes = this.#codec.encode(held.record, this.#keyOf(held.row), this.#base);
    this.setValueOfRow(held.row, this.#arena.store(bytes) as unknown as V);
    this.#release(held.handle);
  }

  // Makes a load's entries (its ids in order, each its handle or pending index) at the map's
  // first use.
  #fill(): void {
    const unfilled = this.#unfilled;
    if (unfilled === undefined) return;
    const ids = unfilled.ids();
    for (let index = 0; index < ids.length; index += 1) super.set(ids[index]!, unfilled.value(index) as unknown as V);
    // Left unfilled when refused, so that every use of the map fails alike.
    if (super.size !== ids.length) throw new InvariantError('snapshot records: an id comes twice');
    this.#unfilled = undefined;
  }

  // The record `stored` (the value of live `row`, whose key is `key` when the caller has it)
  // stands for.
  #valueOf(row: number, stored: unknown, key?: string): V | undefined {
    if (typeof stored !== 'number') return stored as V | undefined;
    return stored >= 0 ? (this.#decode(row, stored, this.#freeze, key) as V) : this.#adopt(row, -stored - 1);
  }

  // A pending record's first read: parsed, frozen (unless told not to), and kept as a record set
  // now, so it is parsed once and later packed like any other.
  #adopt(row: number, index: number): V {
    const pending = this.#pending as PendingTexts;
    const parsed = pending.parse(index) as V;
    const record = this.#freeze ? deepFreeze(parsed) : parsed;
    this.#releasePending(index);
    this.setValueOfRow(row, record);
    this.#remember(row);
    return record;
  }

  // `row` was set: it joins the hot set, and the row set `hot` sets ago is packed unless it was
  // set again since (then a later slot holds it).
  #remember(row: number): void {
    const recent = this.#recent;
    if (recent === undefined) return;
    if (recent.length === 0) {
      this.#pack(row);
      return;
    }
    const slot = this.#next;
    const oldest = recent[slot]!;
    recent[slot] = row;
    this.#slotsOf.set(row, (this.#slotsOf.get(row) ?? 0) + 1);
    this.#next = slot + 1 === recent.length ? 0 : slot + 1;
    if (oldest === NO_ROW) return;
    const slots = this.#slotsOf.get(oldest)! - 1;
    if (slots > 0) {
      this.#slotsOf.set(oldest, slots);
      return;
    }
    this.#slotsOf.delete(oldest);
    this.#pack(oldest);
  }

  // Packs the record of `row`, unless it is a hole (its id deleted), packed already or pending.
  #pack(row: number): void {
    const value: unknown = this.valueOfRow(row);
    if (typeof value !== 'object' || value === null) return;
    const bytes = this.#keyed ? this.#codec.encode(value, this.#keyOf(row), this.#based ? this.#base : undefined, this.#predicted) : this.#codec.encode(value);
    this.setValueOfRow(row, this.#arena.store(bytes) as unknown as V);
    if (this.#dependent !== undefined) this.#dependent.map.#packFinal(this.#dependent.link, this.keyOfRow(row), value);
  }

  // The base under `baseKey` was packed (`base`, the record in hand): its dependent, when held as
  // an object and final, is packed now against it (see `RecordBaseLink.isFinal`). Its slots in the
  // ring stay, and pack nothing when they come round (it is bytes by then).
  #packFinal(link: RecordBaseLink, baseKey: string, base: object): void {
    const key = link.dependentKeyOf(baseKey);
    if (key === undefined || !this.#based || this.#base === undefined) return;
    const row = this.rowOfKey(key);
    if (row === NO_ROW) return;
    const value: unknown = this.valueOfRow(row);
    if (typeof value !== 'object' || value === null || !link.isFinal(value)) return;
    const values = link.valuesOf(base);
    const bytes = this.#codec.encode(value, this.#keyOf(row), { fields: link.fields, valuesOf: () => values });
    this.setValueOfRow(row, this.#arena.store(bytes) as unknown as V);
  }

  // The ring's rows follow a renumbering; a deleted id's slots (its row a hole, -1 now) pack nothing.
  protected override renumbered(newRows: Int32Array): void {
    const recent = this.#recent;
    if (recent === undefined) return;
    this.#slotsOf.clear();
    for (let slot = 0; slot < recent.length; slot += 1) {
      const row = recent[slot]!;
      if (row === NO_ROW) continue;
      const moved = newRows[row]!;
      recent[slot] = moved;
      if (moved !== NO_ROW) this.#slotsOf.set(moved, (this.#slotsOf.get(moved) ?? 0) + 1);
    }
  }

  // The key of `row` as the codec takes it: its uuid's words from the key column (no text made
  // nor parsed: records are packed by row, and a list page reads them by row), or its text when
  // it is not held packed.
  #keyOf(row: number): string | Int32Array {
    return this.keyWordsOfRow(row, KEY_WORDS) ? KEY_WORDS : this.keyOfRow(row);
  }

  // A packed record, decoded from exactly its bytes: bytes a snapshot brought may be corrupt, and
  // then the read fails naming the record (a load checks tables and lengths, not every record).
  // Keyed, with `key` when the caller has it, else with the row's key (`#keyOf`).
  #decode(row: number, handle: number, freeze: boolean, key?: string): unknown {
    const { chunk, from, length } = this.#arena.locate(handle);
    try {
      if (!this.#keyed) return this.#codec.decodeWhole(chunk, from, length, freeze);
      if (!this.#based) return this.#codec.decodeWhole(chunk, from, length, freeze, key ?? this.#keyOf(row), undefined, this.#predicted);
      if (this.#base === undefined) throw new InvariantError(`packed record ${this.keyOfRow(row)} is packed against a base, and the map has none (baseOn)`);
      return this.#codec.decodeWhole(chunk, from, length, freeze, key ?? this.#keyOf(row), this.#base);
    } catch (error) {
      if (error instanceof RangeError) throw new InvariantError(`packed record ${this.keyOfRow(row)} cannot be read: ${error.message}`);
      throw error;
    }
  }

  // A record leaves the map or is replaced: its packed bytes (if any) are freed, and once the
  // freed bytes outweigh the live ones the packed records move to a new arena; a pending one's
  // text is released.
  #release(value: unknown): void {
    if (typeof value !== 'number') return;
    if (value < 0) {
      this.#releasePending(-value - 1);
      return;
    }
    this.#arena.free(value);
    if (this.#arena.wasteful) this.#compact();
  }

  // Pending record `index` was read, replaced or deleted; once none is left, the texts' positions
  // go too.
  #releasePending(index: number): void {
    const pending = this.#pending as PendingTexts;
    pending.release(index);
    if (pending.exhausted) this.#pending = undefined;
  }

  #compact(): void {
    const old = this.#arena;
    const arena = new ByteArena();
    this.#arena = arena;
    this.updateValues((value: unknown) => (typeof value === 'number' && value >= 0 ? (arena.store(old.bytesOf(value)) as unknown as V) : (value as V)));
  }
}
