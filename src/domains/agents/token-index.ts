/**
 * The agent each live access-token hash belongs to, held without the hashes: an entry is the
 * agent's position in the agents' map and the hash's first 32 bits, one slot (8 bytes) of an
 * open-addressing table, and a lookup compares the hash asked for with the `accessTokenHash` of the
 * agents whose first bits match (one in practice), so two hashes sharing 32 bits never answer for
 * each other. The agent's record holds its token's hash already; as a key of its own (32 bytes,
 * a key column's row, a value slot) each token cost ~73 B (docs/performance.md, stop 32).
 *
 * So an entry lives only while its agent's record holds the key as its `accessTokenHash`: the
 * writer sets the entry with (or just before) the record that holds the hash, and deletes it
 * before the record drops or replaces it (agents/evolve.ts). A key that is not 64 lowercase hex
 * digits is kept apart, as a plain entry (none in practice). A `Map`'s reads otherwise; iteration
 * goes in the agents' order, then the keys kept apart.
 */
import { assert } from '../../core/assert.js';
import { DIGEST_WORDS, packDigest } from '../../core/digest-texts.js';
import { deleteSlot, EMPTY_SLOT, emptyTable, insertPair } from '../../core/linear-probing.js';
import type { PositionedKeys } from '../../core/position-maps.js';
import type { Agent } from './types.js';
import { EntriesMap } from '../../core/entries-map.js';

const SLOTS_FIRST = 16;
// The digest of the key being looked up.
const KEY_WORDS = new Int32Array(DIGEST_WORDS);

/** The agents' map as this index reads it: ids by position, and the record at a position. */
export type AgentsByPosition = PositionedKeys & { valueAt(position: number): Agent };

/** Access-token hash -> agent id, derived from the agents' records (see the module's comment). */
export class AgentTokenIndex extends EntriesMap<string, string> {
  readonly #agents: AgentsByPosition;
  // Slot s: [the agent's position or EMPTY_SLOT, the key's first word] at words 2s and 2s + 1.
  #table = emptyTable(SLOTS_FIRST);
  #entries = 0;
  readonly #others = new Map<string, string>();

  /** `agents`: the agents' map (no agent is ever removed from it, so positions stay). */
  constructor(agents: AgentsByPosition) {
    super();
    this.#agents = agents;
  }

  override get size(): number {
    return this.#entries + this.#others.size;
  }

  override get(key: string): string | undefined {
    if (!isDigest(key)) return this.#others.get(key);
    const slot = this.#slotOf(key);
    return slot === EMPTY_SLOT ? undefined : this.#agents.order.at(this.#table[2 * slot]!);
  }

  override has(key: string): boolean {
    if (!isDigest(key)) return this.#others.has(key);
    return this.#slotOf(key) !== EMPTY_SLOT;
  }

  /** Sets `key` (a token hash) to agent `agentId`, whose record holds or is about to hold `key` as its `accessTokenHash`. */
  override set(key: string, agentId: string): this {
    assert(typeof key === 'string' && typeof agentId === 'string', 'an AgentTokenIndex takes string keys and agent ids');
    if (!isDigest(key)) {
      this.#others.set(key, agentId);
      return this;
    }
    const agent = this.#agents.positionOf(agentId);
    assert(agent >= 0, `token of unknown agent ${agentId}`);
    const slot = this.#slotOf(key);
    if (slot !== EMPTY_SLOT) {
      this.#table[2 * slot] = agent;
      return this;
    }
    this.#insert(KEY_WORDS[0]!, agent);
    return this;
  }

  override delete(key: string): boolean {
    if (!isDigest(key)) return this.#others.delete(key);
    const slot = this.#slotOf(key);
    if (slot === EMPTY_SLOT) return false;
    deleteSlot(this.#table, (this.#table.length >> 1) - 1, slot);
    this.#entries -= 1;
    return true;
  }

  override clear(): void {
    this.#table = emptyTable(SLOTS_FIRST);
    this.#entries = 0;
    this.#others.clear();
  }

  override *entries(): MapIterator<[string, string]> {
    const agents: number[] = [];
    const table = this.#table;
    for (let slot = 0; slot < table.length >> 1; slot += 1) if (table[2 * slot] !== EMPTY_SLOT) agents.push(table[2 * slot]!);
    agents.sort((a, b) => a - b);
    for (const agent of agents) {
      const key = this.#agents.valueAt(agent).accessTokenHash;
      assert(key !== undefined, `token index: agent ${this.#agents.order.at(agent)} holds no token hash`);
      yield [key, this.#agents.order.at(agent) as string];
    }
    yield* this.#others;
  }

  /** Bytes the table holds (for figures and tests). */
  get heldBytes(): number {
    return this.#table.byteLength;
  }

  // The slot of digest `key` (its words already in KEY_WORDS), or EMPTY_SLOT: the agents whose
  // slot holds the key's first word are read until one's token hash is `key`.
  #slotOf(key: string): number {
    const hash = KEY_WORDS[0]!;
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const agent = table[2 * slot]!;
      if (agent === EMPTY_SLOT) return EMPTY_SLOT;
      if (table[2 * slot + 1] === hash && this.#agents.valueAt(agent).accessTokenHash === key) return slot;
    }
  }

  #insert(hash: number, agent: number): void {
    this.#table = insertPair(this.#table, this.#entries, hash, agent);
    this.#entries += 1;
  }
}

// Whether `key` is a digest of 64 lowercase hex digits; its words are then in KEY_WORDS.
function isDigest(key: unknown): key is string {
  return typeof key === 'string' && packDigest(key, KEY_WORDS, 0);
}
