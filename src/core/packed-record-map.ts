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
 */
import { ByteArena } from './byte-arena.js';
import { RecordCodec } from './record-codec.js';

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
};

/**
 * Records by id, the ones set long ago packed (see the module's comment).
 *
 * @example
 * const byId = new PackedRecordMap<Transaction>();
 * byId.set(tx.id, tx);
 * byId.get(tx.id); // equal to tx (the same object while it is hot)
 */
export class PackedRecordMap<V extends object> extends Map<string, V> {
  readonly #codec = new RecordCodec();
  #arena = new ByteArena();
  readonly #freeze: boolean;
  // The ids set last, a ring: slot #next is the oldest, packed when it is overwritten (none:
  // nothing is packed).
  readonly #recent: (string | undefined)[] | undefined;
  #next = 0;

  constructor(options: PackedRecordMapOptions = {}) {
    super();
    this.#freeze = options.freeze ?? true;
    const hot = options.hot ?? HOT_RECORDS;
    this.#recent = hot === Number.POSITIVE_INFINITY ? undefined : new Array<string | undefined>(Math.max(0, hot)).fill(undefined);
  }

  override get(id: string): V | undefined {
    const value: unknown = super.get(id);
    return typeof value === 'number' ? this.#unpack(value) : (value as V | undefined);
  }

  override set(id: string, value: V): this {
    const replaced: unknown = super.get(id);
    super.set(id, value);
    this.#release(replaced);
    const recent = this.#recent;
    if (recent === undefined) return this;
    if (recent.length === 0) {
      this.#pack(id);
      return this;
    }
    const oldest = recent[this.#next];
    recent[this.#next] = id;
    this.#next = (this.#next + 1) % recent.length;
    if (oldest !== undefined) this.#pack(oldest);
    return this;
  }

  override delete(id: string): boolean {
    const removed: unknown = super.get(id);
    const had = super.delete(id);
    this.#release(removed);
    return had;
  }

  override clear(): void {
    super.clear();
    this.#arena = new ByteArena();
    this.#recent?.fill(undefined);
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  override *entries(): MapIterator<[string, V]> {
    for (const [key, value] of super.entries()) yield [key, typeof value === 'number' ? this.#unpack(value) : value];
  }

  override *values(): MapIterator<V> {
    for (const value of super.values()) yield typeof value === 'number' ? this.#unpack(value) : value;
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  /** How many records are packed, and the bytes their buffers hold (for figures and tests). */
  get packing(): { readonly packed: number; readonly heldBytes: number } {
    let packed = 0;
    for (const value of super.values()) if (typeof value === 'number') packed += 1;
    return { packed, heldBytes: this.#arena.heldBytes };
  }

  // Packs `id`'s record, unless it is gone or packed already.
  #pack(id: string): void {
    const value: unknown = super.get(id);
    if (typeof value !== 'object' || value === null) return;
    super.set(id, this.#arena.store(this.#codec.encode(value)) as unknown as V);
  }

  #unpack(handle: number): V {
    const { chunk, from } = this.#arena.locate(handle);
    return this.#codec.decode(chunk, from, this.#freeze) as V;
  }

  // A record leaves the map or is replaced: its packed bytes (if any) are freed, and once the
  // freed bytes outweigh the live ones the packed records move to a new arena.
  #release(value: unknown): void {
    if (typeof value !== 'number') return;
    this.#arena.free(value);
    if (this.#arena.wasteful) this.#compact();
  }

  #compact(): void {
    const old = this.#arena;
    this.#arena = new ByteArena();
    for (const [key, value] of super.entries()) {
      if (typeof value === 'number') super.set(key, this.#arena.store(old.bytesOf(value)) as unknown as V);
    }
  }
}
