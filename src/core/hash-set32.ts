/**
 * A set of 32-bit hashes in one Int32Array, open addressing with linear probing (0 marks an empty
 * slot, so a hash of 0 is held as 1), forgotten together once it holds `limit` of them. What the
 * record codec remembers of strings seen once (`RecordCodecOptions.hashedCandidates`): ~4-8 bytes a
 * hash where a string in a `Set` held ~50-90 B of heap.
 */

/** Slots of a set's first table; it doubles while over half full, up to twice its limit. */
const SLOTS_FIRST = 64;

/** A bounded set of 32-bit hashes (see the module's comment). */
export class HashSet32 {
  readonly #limit: number;
  #table = new Int32Array(0);
  #count = 0;

  /** `limit`: hashes held at most; adding one more first forgets them all. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** How many hashes are held. */
  get size(): number {
    return this.#count;
  }

  /** Whether `hash` is held. */
  has(hash: number): boolean {
    const held = hash | 0 || 1;
    const table = this.#table;
    const mask = table.length - 1;
    if (mask < 0) return false;
    for (let slot = held & mask; ; slot = (slot + 1) & mask) {
      const word = table[slot]!;
      if (word === held) return true;
      if (word === 0) return false;
    }
  }

  /** Holds `hash`, which the caller knows is not held (`has` false), forgetting all first at the limit. */
  addNew(hash: number): void {
    if (this.#count >= this.#limit) {
      this.#table.fill(0);
      this.#count = 0;
    }
    if (2 * (this.#count + 1) > this.#table.length && this.#table.length < 2 * this.#limit) this.#grow();
    insert(this.#table, hash | 0 || 1);
    this.#count += 1;
  }

  #grow(): void {
    const grown = new Int32Array(Math.max(SLOTS_FIRST, 2 * this.#table.length));
    for (const word of this.#table) if (word !== 0) insert(grown, word);
    this.#table = grown;
  }
}

// Puts `word` (not 0, not held) in the first free slot of its probe run (a power of two of slots, one free at least).
function insert(table: Int32Array, word: number): void {
  const mask = table.length - 1;
  let slot = word & mask;
  while (table[slot] !== 0) slot = (slot + 1) & mask;
  table[slot] = word;
}
