/**
 * The agents' device codes by hash, as columns: a code is its hash (32 bytes), its agent (a
 * position in the agents' map), and its three instants (epoch ms), ~60 bytes of typed arrays and
 * a slot of an open-addressing table, where a packed record keyed by its hash held ~139 B (its
 * 32-byte key, a record of 55 bytes whose `codeHash` repeated the key, the key column and table,
 * a value slot, and the bytes a redeemed code's earlier record left in the arena:
 * docs/performance.md, stop 32). A record is rebuilt, frozen, when read; it equals the one set.
 *
 * Only a code of the exact form the engine writes takes the columns: `codeHash` the key and 64
 * lowercase hex digits, `agentId` an agent of the map, canonical instants, and exactly the keys
 * `codeHash`, `agentId`, `issuedAt`, `expiresAt` (and `redeemedAt`), in that order. Any other
 * record (from a hand-made snapshot, say) is kept as it was set, in its place in the order. A
 * `Map`'s semantics otherwise: insertion order, a key set again keeps its place. Only the hashes
 * are held, never a code.
 */
import { assert } from '../../core/assert.js';
import { DIGEST_WORDS, digestText, packDigest } from '../../core/digest-texts.js';
import type { Writable } from '../../core/freeze.js';
import { deleteSlot, EMPTY_SLOT, emptyTable, insertPair } from '../../core/linear-probing.js';
import type { PositionedKeys } from '../../core/position-maps.js';
import { canonicalInstantMs, isoText } from '../../core/time.js';
import { float64WithRoom, int32WithRoom } from '../../core/typed-growth.js';
import type { DeviceCode } from './types.js';
import { EntriesMap } from '../../core/entries-map.js';

const SLOTS_FIRST = 16;
// Instants a row holds: issued, expires, redeemed (NaN: not redeemed).
const TIMES = 3;
// `#agentOf` of a row whose record is kept as it was set (in `#odd`), and of a deleted row.
const ODD = -1;
const DEAD = -2;
// The digest of the key being looked up, and of a row compared with it.
const KEY_WORDS = new Int32Array(DIGEST_WORDS);

/** Device codes by their hash (see the module's comment). */
export class DeviceCodeTable extends EntriesMap<string, DeviceCode> {
  readonly #agents: PositionedKeys;
  // By row: the key's digest (DIGEST_WORDS words), the agent's position (or ODD, DEAD), the instants.
  #digests: Int32Array = new Int32Array(0);
  #agentOf: Int32Array = new Int32Array(0);
  #times: Float64Array = new Float64Array(0);
  #rows = 0;
  #size = 0;
  // Records kept as set, by row; rows of keys that are not digests, by key (none in practice).
  readonly #odd = new Map<number, DeviceCode>();
  readonly #otherKeys = new Map<string, number>();
  // Slot s: [row or EMPTY_SLOT, the digest's first word] at words 2s and 2s + 1.
  #table = emptyTable(SLOTS_FIRST);

  /** `agents`: the agents' map, whose positions the codes' agents are held as (no agent is ever removed from it). */
  constructor(agents: PositionedKeys) {
    super();
    this.#agents = agents;
  }

  override get size(): number {
    return this.#size;
  }

  override get(key: string): DeviceCode | undefined {
    const row = this.#rowOf(key);
    return row < 0 ? undefined : this.#recordAt(row, key);
  }

  override has(key: string): boolean {
    return this.#rowOf(key) >= 0;
  }

  override set(key: string, value: DeviceCode): this {
    assert(typeof key === 'string' && typeof value === 'object' && value !== null, 'a DeviceCodeTable takes string keys and device codes');
    let row = this.#rowOf(key);
    if (row < 0) row = this.#append(key);
    this.#write(row, key, value);
    return this;
  }

  override delete(key: string): boolean {
    const row = this.#rowOf(key);
    if (row < 0) return false;
    // `#rowOf` left a digest key's words in KEY_WORDS.
    if (!this.#otherKeys.delete(key)) deleteSlot(this.#table, (this.#table.length >> 1) - 1, this.#slotOfKeyWords());
    this.#odd.delete(row);
    this.#agentOf[row] = DEAD;
    this.#size -= 1;
    return true;
  }

  override clear(): void {
    this.#digests = new Int32Array(0);
    this.#agentOf = new Int32Array(0);
    this.#times = new Float64Array(0);
    this.#rows = 0;
    this.#size = 0;
    this.#odd.clear();
    this.#otherKeys.clear();
    this.#table = emptyTable(SLOTS_FIRST);
  }

  override *entries(): MapIterator<[string, DeviceCode]> {
    const others = new Map<number, string>();
    for (const [key, row] of this.#otherKeys) others.set(row, key);
    for (let row = 0; row < this.#rows; row += 1) {
      if (this.#agentOf[row] === DEAD) continue;
      const key = others.get(row) ?? digestText(this.#digests, DIGEST_WORDS * row);
      yield [key, this.#recordAt(row, key)];
    }
  }

  /** How many codes are held as they were set, not in the columns (for tests). */
  get oddRecords(): number {
    return this.#odd.size;
  }

  /** Bytes the columns and the table hold (for figures and tests). */
  get heldBytes(): number {
    return this.#digests.byteLength + this.#agentOf.byteLength + this.#times.byteLength + this.#table.byteLength;
  }

  // The row of `key`'s entry, or -1.
  #rowOf(key: string): number {
    if (typeof key !== 'string') return -1;
    if (!packDigest(key, KEY_WORDS, 0)) return this.#otherKeys.get(key) ?? -1;
    const slot = this.#slotOfKeyWords();
    return slot === EMPTY_SLOT ? -1 : this.#table[2 * slot]!;
  }

  // The table slot of the digest in KEY_WORDS, or EMPTY_SLOT.
  #slotOfKeyWords(): number {
    const hash = KEY_WORDS[0]!;
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = table[2 * slot]!;
      if (row === EMPTY_SLOT) return EMPTY_SLOT;
      if (table[2 * slot + 1] === hash && this.#digestIs(row)) return slot;
    }
  }

  // Whether row `row`'s digest is the one in KEY_WORDS.
  #digestIs(row: number): boolean {
    const digests = this.#digests;
    const at = DIGEST_WORDS * row;
    for (let word = 0; word < DIGEST_WORDS; word += 1) if (digests[at + word] !== KEY_WORDS[word]) return false;
    return true;
  }

  // A new row for `key` (absent), found by the table or, not a digest, by `#otherKeys`.
  #append(key: string): number {
    const row = this.#rows;
    assert(row < 2 ** 31 - 1, 'DeviceCodeTable is full');
    this.#digests = int32WithRoom(this.#digests, DIGEST_WORDS * row + DIGEST_WORDS - 1);
    this.#agentOf = int32WithRoom(this.#agentOf, row);
    this.#times = float64WithRoom(this.#times, TIMES * row + TIMES - 1);
    this.#rows = row + 1;
    this.#size += 1;
    if (packDigest(key, this.#digests, DIGEST_WORDS * row)) this.#insert(this.#digests[DIGEST_WORDS * row]!, row);
    else this.#otherKeys.set(key, row);
    return row;
  }

  #insert(hash: number, row: number): void {
    this.#table = insertPair(this.#table, this.#tableEntries(), hash, row);
  }

  // Entries the table holds: the live ones but those found by `#otherKeys`.
  #tableEntries(): number {
    return this.#size - 1 - this.#otherKeys.size;
  }

  // Writes `value` at `row` (`key`'s), in the columns when it takes their form, else as it is.
  #write(row: number, key: string, value: DeviceCode): void {
    const agent = this.#columnsAgent(key, value);
    this.#agentOf[row] = agent;
    if (agent === ODD) {
      this.#odd.set(row, value);
      return;
    }
    this.#odd.delete(row);
    const at = TIMES * row;
    this.#times[at] = canonicalInstantMs(value.issuedAt);
    this.#times[at + 1] = canonicalInstantMs(value.expiresAt);
    this.#times[at + 2] = value.redeemedAt === undefined ? Number.NaN : canonicalInstantMs(value.redeemedAt);
  }

  // The agent's position when `value` (set under `key`) takes the columns' form exactly, else ODD.
  #columnsAgent(key: string, value: DeviceCode): number {
    if (this.#otherKeys.has(key) || value.codeHash !== key || !Object.isFrozen(value)) return ODD;
    const keys = Object.keys(value);
    const redeemed = keys.length === 5 && keys[4] === 'redeemedAt';
    if (!(keys.length === 4 || redeemed) || keys[0] !== 'codeHash' || keys[1] !== 'agentId' || keys[2] !== 'issuedAt' || keys[3] !== 'expiresAt') return ODD;
    if (!isInstant(value.issuedAt) || !isInstant(value.expiresAt) || (redeemed && !isInstant(value.redeemedAt))) return ODD;
    const agent = typeof value.agentId === 'string' ? this.#agents.positionOf(value.agentId) : -1;
    return agent >= 0 ? agent : ODD;
  }

  // The record at `row`, whose key is `key`: as set, or rebuilt from the columns (frozen).
  #recordAt(row: number, key: string): DeviceCode {
    const agent = this.#agentOf[row]!;
    if (agent === ODD) return this.#odd.get(row) as DeviceCode;
    const at = TIMES * row;
    const record: Writable<DeviceCode> = {
      codeHash: key,
      agentId: this.#agents.order.at(agent) as string,
      issuedAt: isoText(this.#times[at]!),
      expiresAt: isoText(this.#times[at + 1]!),
    };
    const redeemedMs = this.#times[at + 2]!;
    if (!Number.isNaN(redeemedMs)) record.redeemedAt = isoText(redeemedMs);
    return Object.freeze(record);
  }
}

// A canonical instant (`YYYY-MM-DDTHH:MM:SS.sssZ`), which `isoText` gives back exactly from its ms.
function isInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const ms = canonicalInstantMs(value);
  return ms >= 0 && isoText(ms) === value;
}
