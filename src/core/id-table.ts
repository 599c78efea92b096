/**
 * The id table of `RecordCodec` (core/record-codec.ts): owners' ids (`Customer:`, `InternalAccount:`,
 * `Card:` and a uuid) numbered in the order they were first met, so that a record naming an owner
 * met before holds the owner's number (tag 17) instead of its 16 bytes.
 *
 * A codec holds a table of its own (snapshot `@6`: one per packed store), or shares one with the
 * other codecs of an engine's state (`@7`: `RecordCodec.shareIds`): a customer's ids then enter
 * once, not once per store, and the first record of each store to name them refers to them too.
 * A shared table also takes external accounts' ids, which recur across stores (a quote, its
 * transaction, the idempotent response, the account's own record) more than within one, where a
 * table of their own cost more than it saved (docs/performance.md, stops 25 and 26). Entries are never removed, so bytes that name an entry read the
 * same whenever they are read: the table only grows (a rejected call encodes nothing; a failed
 * write rebuilds the engine, and with it the table).
 *
 * Entry k's uuid is 4 words and its prefix a byte (the prefix's place in the owners' list), in
 * chunks of 256 entries that are never copied once full; an open-addressing Int32Array of slots,
 * at most 3/4 full, holds k + 1 at a slot of the uuid's hash (0: empty). Allocated at the first
 * entry: most private tables never get one. A state's shared table holds every owner's id, ~0.2
 * a transaction in the API-driven log: ~22 B an entry, where whole doubled arrays and slots at
 * most half full held ~36 (docs/performance.md, stop 34).
 */

import { parseUuid, UUID_LENGTH, uuidText } from './uuid-text.js';

/**
 * The prefixes whose ids enter an id table, in their numbering: owners named again and again
 * across records. A codec's own table (`@6`) takes the first three, a shared one (`@7`) all.
 */
export const OWNER_PREFIXES: readonly string[] = ['Customer:', 'InternalAccount:', 'Card:', 'ExternalAccount:'];

// How many of OWNER_PREFIXES a codec's own table takes (the `@6` bytes).
const OWN_TABLE_PREFIXES = 3;

/** A table of one codec (`@6`), or one shared by the codecs of an engine's state (`@7`). */
export type IdTableKind = 'own' | 'shared';

/** Ids in a table at most (then new ones are written whole). */
export const ID_TABLE_MAX = 1 << 18;

// Entries of a chunk: a chunk is 16 bytes of uuid and a prefix byte each (4,352 bytes). Chunks
// are never copied once full, so a table holds its entries' 17 bytes and at most one chunk's room
// (doubled whole, it held up to as much again: docs/performance.md, stop 34).
const CHUNK_BITS = 8;
const CHUNK_ENTRIES = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_ENTRIES - 1;

// Entries the first chunk first makes room for (doubled until it is a whole chunk): most
// codecs' own tables (`@6` loads) hold a few ids.
const ID_TABLE_FIRST = 64;

// Slots of the hash table at first; doubled when more than 3/4 would be full.
const SLOTS_FIRST = 128;

// The home slot of a uuid whose last two words are `w2`, `w3`, with owner prefix `prefix`: the
// random bits of a uuid (the v4 and v7 tails) are hash enough, mixed with the prefix.
function tableHome(w2: number, w3: number, prefix: number, mask: number): number {
  return (Math.imul(w3 ^ prefix, 0x9e3779b1) ^ w2) & mask;
}

/** Owners' ids by number (see the module's comment). */
export class IdTable {
  // Entry k's uuid is words 4(k & CHUNK_MASK).. of chunk k >> CHUNK_BITS, its prefix byte k & CHUNK_MASK
  // of the same chunk's prefixes (a view of the chunk's buffer past its words).
  readonly #words: Int32Array[] = [];
  readonly #prefixes: Uint8Array[] = [];
  #slots = new Int32Array(0);
  #count = 0;
  readonly #owners: number;

  /** An empty table of `kind` (which prefixes it takes: see `OWNER_PREFIXES`). */
  constructor(readonly kind: IdTableKind = 'own') {
    this.#owners = kind === 'own' ? OWN_TABLE_PREFIXES : OWNER_PREFIXES.length;
  }

  /** How many ids the table holds. */
  get count(): number {
    return this.#count;
  }

  /** The owner prefix number of `prefix` (its place in `OWNER_PREFIXES`), or -1 when its ids do not enter this table. */
  prefixNumber(prefix: string): number {
    const number = OWNER_PREFIXES.indexOf(prefix);
    return number < this.#owners ? number : -1;
  }

  /**
   * The entry of the uuid at `words[slot..slot + 3]` with owner prefix `prefix`; -1 when it is
   * new (then entered, while the table has room).
   */
  entryOf(words: Int32Array, slot: number, prefix: number): number {
    const w0 = words[slot]!;
    const w1 = words[slot + 1]!;
    const w2 = words[slot + 2]!;
    const w3 = words[slot + 3]!;
    const slots = this.#slots;
    const mask = slots.length - 1;
    let at = tableHome(w2, w3, prefix, mask);
    if (slots.length > 0) {
      for (let held = slots[at]!; held !== 0; held = slots[at]!) {
        const entry = held - 1;
        const table = this.#words[entry >>> CHUNK_BITS]!;
        const from = (entry & CHUNK_MASK) * 4;
        if (table[from + 3] === w3 && table[from + 2] === w2 && table[from + 1] === w1 && table[from] === w0 && this.#prefixOf(entry) === prefix) return entry;
        at = (at + 1) & mask;
      }
    }
    if (this.#count < ID_TABLE_MAX) this.#enter(words, slot, prefix);
    return -1;
  }

  /** Copies entry `entry`'s uuid words into `into[0..3]` and gives its prefix text. Throws `RangeError` for an entry the table lacks. */
  read(entry: number, into: Int32Array): string {
    if (!(entry < this.#count)) throw new RangeError(`packed record: no entry ${entry}`);
    const from = (entry & CHUNK_MASK) * 4;
    into.set(this.#words[entry >>> CHUNK_BITS]!.subarray(from, from + 4));
    return OWNER_PREFIXES[this.#prefixOf(entry)]!;
  }

  /** The ids, as texts, in number order (what a snapshot saves; `fromTexts` reads them). */
  texts(): string[] {
    const ids: string[] = [];
    for (let entry = 0; entry < this.#count; entry += 1) ids.push(OWNER_PREFIXES[this.#prefixOf(entry)]! + uuidText(this.#words[entry >>> CHUNK_BITS]!, (entry & CHUNK_MASK) * 4));
    return ids;
  }

  /**
   * A table of `kind` holding `ids` (what `texts()` gave), in that order. Throws `RangeError` on a
   * list no such table holds: not a list, too long, an id that is not an owner's, or an id twice.
   */
  static fromTexts(ids: unknown, kind: IdTableKind = 'own'): IdTable {
    if (!Array.isArray(ids)) throw new RangeError('id table: ids must be a list');
    if (ids.length > ID_TABLE_MAX) throw new RangeError(`id table: more than ${ID_TABLE_MAX} ids`);
    const table = new IdTable(kind);
    const words = new Int32Array(4);
    for (const text of ids as unknown[]) {
      const entry = table.#count;
      const prefix = typeof text === 'string' && text.length >= UUID_LENGTH ? table.prefixNumber(text.slice(0, text.length - UUID_LENGTH)) : -1;
      const valid = prefix !== -1 && parseUuid(text as string, (text as string).length - UUID_LENGTH, words, 0);
      if (!valid || table.entryOf(words, 0, prefix) !== -1 || table.#count === entry) throw new RangeError(`id table: id ${entry} is not an owner's id met once`);
    }
    return table;
  }

  /**
   * Bytes the table holds in typed arrays (its chunks and its hash table): ~17 an entry, the last
   * chunk's room and 4 a slot, with the slots at most 3/4 full.
   */
  get heldBytes(): number {
    let bytes = this.#slots.byteLength;
    for (const words of this.#words) bytes += words.buffer.byteLength;
    return bytes;
  }

  #prefixOf(entry: number): number {
    return this.#prefixes[entry >>> CHUNK_BITS]![entry & CHUNK_MASK]!;
  }

  #enter(words: Int32Array, slot: number, prefix: number): void {
    const entry = this.#count;
    if (4 * (entry + 1) > 3 * this.#slots.length) this.#growSlots();
    const chunk = entry >>> CHUNK_BITS;
    const at = entry & CHUNK_MASK;
    if (chunk === this.#words.length || at === this.#prefixes[chunk]!.length) this.#growChunk(chunk);
    this.#words[chunk]!.set(words.subarray(slot, slot + 4), at * 4);
    this.#prefixes[chunk]![at] = prefix;
    this.#count = entry + 1;
    this.#slot(entry);
  }

  // Room for chunk `chunk`'s next entry: a new chunk (the first of ID_TABLE_FIRST entries, any
  // later one whole), or the first one copied at twice its entries.
  #growChunk(chunk: number): void {
    const held = this.#prefixes[chunk]?.length ?? 0;
    const entries = chunk === 0 ? Math.min(CHUNK_ENTRIES, Math.max(ID_TABLE_FIRST, held * 2)) : CHUNK_ENTRIES;
    const buffer = new ArrayBuffer(entries * 17);
    const words = new Int32Array(buffer, 0, entries * 4);
    const prefixes = new Uint8Array(buffer, entries * 16, entries);
    if (held > 0) {
      words.set(this.#words[chunk]!);
      prefixes.set(this.#prefixes[chunk]!);
    }
    this.#words[chunk] = words;
    this.#prefixes[chunk] = prefixes;
  }

  // Twice the slots (SLOTS_FIRST at first), the entries' slots made again.
  #growSlots(): void {
    this.#slots = new Int32Array(Math.max(SLOTS_FIRST, this.#slots.length * 2));
    for (let entry = 0; entry < this.#count; entry += 1) this.#slot(entry);
  }

  // Entry `entry` at the first empty slot from its hash's.
  #slot(entry: number): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const words = this.#words[entry >>> CHUNK_BITS]!;
    const from = (entry & CHUNK_MASK) * 4;
    let at = tableHome(words[from + 2]!, words[from + 3]!, this.#prefixOf(entry), mask);
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = entry + 1;
  }
}
