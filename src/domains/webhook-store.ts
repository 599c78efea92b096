/**
 * The webhook outbox slice's shape, apart from its events and evolvers (notifications.ts):
 * `DomainState` (state.ts) names it, and a store type that imported the state back would close
 * an import cycle through every domain (test/architecture).
 */
import { InvariantError } from '../core/assert.js';
import { decodeColumn, encodeColumn } from '../core/column-codec.js';
import { mintedIndex, mintedWord, mintedWords } from '../core/minted-uuid.js';

/**
 * The outbox's open part: ids of queued webhooks with no delivery marker yet, in queue order.
 * What `engine.recordWebhookOutcomes` checks a marker against.
 */
export type WebhookStore = { readonly pending: PendingWebhooks };

/**
 * The pending webhooks as engine snapshot `@4` holds them: 4 words per pending webhook in queue
 * order (its packed uuid; for one kept as a string, the time words its slot had), base64 of
 * their little-endian int32s (core/column-codec.ts), and the ones kept as strings by their
 * position among the pending. A load copies the words into chunks instead of parsing every id
 * again (`of`), and JSON.parse copies one string instead of making one per webhook. JSON-safe.
 */
export type PendingWebhooksSnapshot = {
  readonly count: number;
  readonly words: string;
  readonly others: readonly (readonly [number, string])[];
};

/** Webhooks per chunk: a chunk is dropped whole once none of its webhooks is pending. */
const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;
/** Pending webhooks `ordinalOf` compares from the head before it searches (markers come in queue order). */
const HEAD_PROBE = 8;
/** 32-bit words of one id in a snapshot (the uuid's 128 bits). */
const ID_WORDS = 4;
/** 32-bit words of one id in a chunk: the minted uuid's word w1, and its time past a base with its index (`appendPacked`). */
const SLOT_WORDS = 2;
/** Offset of a chunk's pending bits (one bit per webhook), after its ids. */
const BITS_AT = CHUNK * SLOT_WORDS;
/** Bits of a slot's time past its run's base; a time this far past it starts a new run. */
const DELTA_BITS = 22;
const DELTA_LIMIT = 2 ** DELTA_BITS;
/** The slot's second word: its time past the base above the id's index in its call (10 bits). */
const INDEX_BITS = 32 - DELTA_BITS;
const INDEX_LIMIT = 1 << INDEX_BITS;
const INDEX_MASK = INDEX_LIMIT - 1;
const PREFIX = 'Webhook:';
/** `Webhook:` and a lowercase uuid `8-4-4-4-12`. */
const PACKED_LENGTH = PREFIX.length + 36;

/**
 * Pending webhook ids, Set-like (`add`, `delete`, `has`, `size`, iteration in queue order), kept
 * packed: every queued webhook gets the next ordinal, its id's uuid is stored as two 32-bit words
 * in chunks of 1,024 with one pending bit each, and a chunk is dropped once none of its webhooks
 * is pending (so a delivering outbox keeps a short window, not every webhook ever queued).
 *
 * Why it is cheap: ids are UUIDv7 minted at their event's time and queued in log order, so the
 * uuid's 48-bit time prefix never decreases along the ordinals. `add` appends (a duplicate can
 * only sit in the trailing run of the same millisecond), and `has`/`delete` binary-search the
 * time, then compare the words. A uuid the engine minted is its time, one word w1 and its index
 * in its call (core/minted-uuid.ts), so a slot keeps w1, the index (below 1,024) and 22 bits of
 * its time past the base of its run (a chunk's ids from where a time first lay 2^22 ms, ~70
 * minutes, past the run before; one run in practice): 8 B per webhook instead of a Set entry
 * (~20 B) plus the id string (~64 B once the log is not held), and no hash-table cache misses per
 * `WebhookQueued`. An id of any other shape (a uuid not in minted form, an index past 1,023), or
 * one whose time goes back, is kept as a string beside them (still in queue order), so any log
 * replays the same answers.
 */
export class PendingWebhooks {
  /** Chunks of CHUNK packed ids, then CHUNK/32 words of pending bits. */
  private readonly chunks: Uint32Array[] = [];
  /** By chunk: its runs, as [first index, base time in ms] pairs in index order (`timeAt`). */
  private readonly runs: number[][] = [];
  /** Ordinal of the first webhook of `chunks[0]` (a multiple of CHUNK). */
  private firstOrdinal = 0;
  /** The next ordinal to give. */
  private end = 0;
  /** No webhook below this ordinal is pending. */
  private head = 0;
  private count = 0;
  /** Time prefix of the last packed id (ids at or after it are appended packed). */
  private lastTimeMs = 0;
  /** Pending ids kept as strings (other shapes, or out of time order): id → ordinal and back. */
  private readonly others = new Map<string, number>();
  private readonly otherIds = new Map<number, string>();
  /** The id being looked up: its uuid's 4 words (`parseId`), then its w1 and index (`keyOf`). */
  private readonly scratch = new Int32Array(ID_WORDS);
  private readonly key = new Uint32Array(2);

  /** Pending ids from a list in queue order (a snapshot's). */
  static of(ids: Iterable<string>): PendingWebhooks {
    const pending = new PendingWebhooks();
    for (const id of ids) pending.add(id);
    return pending;
  }

  /**
   * Pending ids from a snapshot (`toSnapshot`); throws `InvariantError` when it is malformed (a
   * column not of `count` webhooks, times going back, a string id out of place).
   */
  static fromSnapshot(snapshot: PendingWebhooksSnapshot): PendingWebhooks {
    const { count, others } = snapshot;
    if (!Number.isSafeInteger(count) || count < 0) throw new InvariantError(`snapshot webhooks count ${String(count)} is not a count`);
    const words = decodeColumn(snapshot.words, (n) => new Int32Array(n), count * ID_WORDS, count * ID_WORDS, 'webhooks');
    for (let k = 1; k < count; k += 1) {
      if (timeOf(words, k * ID_WORDS) < timeOf(words, (k - 1) * ID_WORDS)) throw new InvariantError('snapshot webhooks go back in time');
    }
    const stringIds = new Map<number, string>();
    let last = -1;
    for (const [position, id] of others) {
      if (!Number.isSafeInteger(position) || position <= last || position >= count || typeof id !== 'string') throw new InvariantError('snapshot webhooks hold a string id out of place');
      stringIds.set(position, id);
      last = position;
    }
    const pending = new PendingWebhooks();
    const key = pending.key;
    for (let k = 0; k < count; k += 1) {
      const at = k * ID_WORDS;
      const timeMs = timeOf(words, at);
      const id = stringIds.get(k);
      if (id === undefined && keyOf(words, at, key)) pending.appendPacked(timeMs);
      // A string id, or a uuid not in minted form (packed whole by builds before this one).
      else pending.appendOther(id ?? formatWords(words, at), timeMs);
    }
    // The last slot's time, a string id's included (its slot repeats the time that was last
    // when it came): `add` looks for a pending copy of an id of that time in the trailing run of
    // slots of that time, and for an earlier time by search; a lower value would stop the run
    // at such a slot and queue a pending id twice.
    if (count > 0) pending.lastTimeMs = timeOf(words, (count - 1) * ID_WORDS);
    return pending;
  }

  /** The pending webhooks as a snapshot holds them (`PendingWebhooksSnapshot`). Pure. */
  toSnapshot(): PendingWebhooksSnapshot {
    const words = new Int32Array(this.count * ID_WORDS);
    const others: (readonly [number, string])[] = [];
    let k = 0;
    for (let ord = this.head; ord < this.end; ord += 1) {
      if (!this.isPending(ord)) continue;
      const other = this.otherIds.size === 0 ? undefined : this.otherIds.get(ord);
      this.unpack(ord, words, k * ID_WORDS, other !== undefined);
      if (other !== undefined) others.push([k, other]);
      k += 1;
    }
    return { count: this.count, words: encodeColumn(words, words.length), others };
  }

  /** How many webhooks are pending. */
  get size(): number {
    return this.count;
  }

  /** Queues `id` as pending; a no-op when it is pending already (like `Set.add`). */
  add(id: string): this {
    if (this.others.size > 0 && this.others.has(id)) return this;
    const words = this.scratch;
    const timeMs = parseId(id, words) && keyOf(words, 0, this.key) ? timeOf(words, 0) : -1;
    // Back in time (rare): pending already if packed earlier, else kept as a string.
    if (timeMs < this.lastTimeMs) return timeMs >= 0 && this.ordinalOf(id) !== -1 ? this : this.appendOther(id, this.lastTimeMs);
    // Earlier copies of this id share its millisecond, so they sit in the trailing run.
    if (timeMs === this.lastTimeMs) {
      for (let ord = this.end - 1; ord >= this.head; ord -= 1) {
        if (this.timeAt(ord) !== timeMs) break;
        if (this.isPending(ord) && this.matchesKey(ord) && !this.otherIds.has(ord)) return this;
      }
    }
    this.lastTimeMs = timeMs;
    this.appendPacked(timeMs);
    return this;
  }

  /** Whether `id` is pending. */
  has(id: string): boolean {
    return this.ordinalOf(id) !== -1;
  }

  /** Marks `id` as no longer pending; false when it was not pending (like `Set.delete`). */
  delete(id: string): boolean {
    const ord = this.ordinalOf(id);
    if (ord === -1) return false;
    const chunk = this.chunkOf(ord);
    const index = this.placeOf(ord);
    chunk[BITS_AT + (index >>> 5)]! &= ~(1 << (index & 31));
    this.count -= 1;
    const other = this.otherIds.get(ord);
    if (other !== undefined) {
      this.otherIds.delete(ord);
      this.others.delete(other);
    }
    this.advanceHead();
    return true;
  }

  /** The pending ids in queue order. */
  *[Symbol.iterator](): IterableIterator<string> {
    const words = new Int32Array(ID_WORDS);
    for (let ord = this.head; ord < this.end; ord += 1) {
      if (!this.isPending(ord)) continue;
      const other = this.otherIds.get(ord);
      if (other !== undefined) {
        yield other;
        continue;
      }
      this.unpack(ord, words, 0, false);
      yield formatWords(words, 0);
    }
  }

  /** The pending ids in queue order, as an iterator (like `Set.values`). */
  values(): IterableIterator<string> {
    return this[Symbol.iterator]();
  }

  /** Ordinal of pending `id`, or -1. */
  private ordinalOf(id: string): number {
    const words = this.scratch;
    if (parseId(id, words) && keyOf(words, 0, this.key)) {
      const timeMs = timeOf(words, 0);
      // A delivery loop records outcomes in queue order: the webhook is usually at the head.
      for (let ord = this.head, probed = 0; ord < this.end && probed < HEAD_PROBE; ord += 1) {
        if (!this.isPending(ord)) continue;
        probed += 1;
        if (this.matchesKey(ord) && this.timeAt(ord) === timeMs && !this.otherIds.has(ord)) return ord;
      }
      for (let ord = this.lowerBound(timeMs); ord < this.end; ord += 1) {
        if (this.timeAt(ord) !== timeMs) break;
        if (this.isPending(ord) && this.matchesKey(ord) && !this.otherIds.has(ord)) return ord;
      }
    }
    return this.others.size === 0 ? -1 : (this.others.get(id) ?? -1);
  }

  /** The first ordinal at or after `head` whose time is >= `timeMs`. */
  private lowerBound(timeMs: number): number {
    let low = this.head;
    let high = this.end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.timeAt(mid) < timeMs) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Appends the id in `key` (`keyOf`), of time `timeMs`, pending. */
  private appendPacked(timeMs: number): void {
    const ord = this.append(timeMs);
    const chunk = this.chunkOf(ord);
    const at = this.placeOf(ord) * SLOT_WORDS;
    chunk[at] = this.key[0]!;
    chunk[at + 1] = (timeMs - this.baseAt(ord)) * INDEX_LIMIT + this.key[1]!;
  }

  /** Keeps `id` as a string; its slot holds `timeMs` (the last time) so the search stays sorted. */
  private appendOther(id: string, timeMs: number): this {
    const ord = this.append(timeMs);
    const chunk = this.chunkOf(ord);
    chunk[this.placeOf(ord) * SLOT_WORDS + 1] = (timeMs - this.baseAt(ord)) * INDEX_LIMIT;
    this.others.set(id, ord);
    this.otherIds.set(ord, id);
    return this;
  }

  /**
   * Takes the next ordinal, pending, for an id of time `timeMs` (no earlier than the last slot's):
   * in a new chunk when the last one is full, in a new run when the time is too far past its base.
   */
  private append(timeMs: number): number {
    const ord = this.end;
    const index = this.placeOf(ord);
    if (ord - this.firstOrdinal === this.chunks.length * CHUNK) {
      this.chunks.push(new Uint32Array(BITS_AT + CHUNK / 32));
      this.runs.push([0, timeMs]);
    } else {
      const runs = this.runs[this.runs.length - 1]!;
      if (timeMs - runs[runs.length - 1]! >= DELTA_LIMIT) runs.push(index, timeMs);
    }
    this.chunkOf(ord)[BITS_AT + (index >>> 5)]! |= 1 << (index & 31);
    this.end = ord + 1;
    this.count += 1;
    return ord;
  }

  /** Moves `head` past webhooks no longer pending and drops the chunks behind it. */
  private advanceHead(): void {
    while (this.head < this.end && !this.isPending(this.head)) this.head += 1;
    let drop = 0;
    while (drop < this.chunks.length && this.firstOrdinal + (drop + 1) * CHUNK <= this.head) drop += 1;
    if (drop === 0) return;
    this.chunks.splice(0, drop);
    this.runs.splice(0, drop);
    this.firstOrdinal += drop * CHUNK;
  }

  private chunkOf(ord: number): Uint32Array {
    return this.chunks[(ord - this.firstOrdinal) >>> CHUNK_BITS]!;
  }

  /** The place of slot `ord` in its chunk. */
  private placeOf(ord: number): number {
    return (ord - this.firstOrdinal) & (CHUNK - 1);
  }

  /** The base time of the run slot `ord` is in. */
  private baseAt(ord: number): number {
    const runs = this.runs[(ord - this.firstOrdinal) >>> CHUNK_BITS]!;
    const index = this.placeOf(ord);
    let run = runs.length - 2;
    while (run > 0 && runs[run]! > index) run -= 2;
    return runs[run + 1]!;
  }

  /** The uuid's time in ms of slot `ord` (for a string id, the time that was last when it came). */
  private timeAt(ord: number): number {
    const word = this.chunkOf(ord)[this.placeOf(ord) * SLOT_WORDS + 1]!;
    return this.baseAt(ord) + (word >>> INDEX_BITS);
  }

  /** Whether slot `ord` holds the w1 and index in `key` (its time is compared apart). */
  private matchesKey(ord: number): boolean {
    const chunk = this.chunkOf(ord);
    const at = this.placeOf(ord) * SLOT_WORDS;
    return chunk[at] === this.key[0] && (chunk[at + 1]! & INDEX_MASK) === this.key[1];
  }

  /**
   * Writes slot `ord`'s uuid as 4 words into `out` at `at`: a packed id's own, or for a string
   * id (`timeOnly`) its time's and zeros, as snapshots have held them.
   */
  private unpack(ord: number, out: Int32Array, at: number, timeOnly: boolean): void {
    const chunk = this.chunkOf(ord);
    const slot = this.placeOf(ord) * SLOT_WORDS;
    const timeMs = this.timeAt(ord);
    if (!timeOnly) {
      mintedWords(timeMs, chunk[slot]!, chunk[slot + 1]! & INDEX_MASK, out, at);
      return;
    }
    out[at] = Math.floor(timeMs / 65_536);
    out[at + 1] = (timeMs % 65_536) * 65_536;
    out[at + 2] = 0;
    out[at + 3] = 0;
  }

  private isPending(ord: number): boolean {
    const index = this.placeOf(ord);
    return (this.chunkOf(ord)[BITS_AT + (index >>> 5)]! & (1 << (index & 31))) !== 0;
  }
}

/** The uuid's 48-bit time prefix of the id packed at `at`. */
function timeOf(words: Int32Array, at: number): number {
  return (words[at]! >>> 0) * 65_536 + (words[at + 1]! >>> 16);
}

/**
 * A slot's words but the time, into `key`, from the uuid's 4 words at `at`: its w1 and its index
 * in its call. False when the uuid is not in minted form, or its index does not fit a slot.
 */
function keyOf(words: Int32Array, at: number, key: Uint32Array): boolean {
  const w1 = mintedWord(words, at);
  if (w1 === -1) return false;
  const index = mintedIndex(words, at, w1);
  if (index >= INDEX_LIMIT) return false;
  key[0] = w1;
  key[1] = index;
  return true;
}

/** Value of each lowercase hex digit by char code; -1 for anything else. */
const HEX_DIGITS = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i += 1) table['0123456789abcdef'.charCodeAt(i)] = i;
  return table;
})();

/**
 * Packs `Webhook:<lowercase uuid>` into `out` (4 words); false for any other shape. Exported for
 * its property test (test/engine/pending-webhooks.test.ts).
 */
export function parseId(id: string, out: Int32Array): boolean {
  if (id.length !== PACKED_LENGTH || !id.startsWith(PREFIX)) return false;
  // Dashes at 16, 21, 26 and 31: the uuid's 8-4-4-4-12 after the 8-character prefix.
  if (id.charCodeAt(16) !== 45 || id.charCodeAt(21) !== 45 || id.charCodeAt(26) !== 45 || id.charCodeAt(31) !== 45) return false;
  // Eight groups of four digits, unrolled (a loop with a skipped index cost ~25% more).
  const g0 = hex4(id, 8);
  const g1 = hex4(id, 12);
  const g2 = hex4(id, 17);
  const g3 = hex4(id, 22);
  const g4 = hex4(id, 27);
  const g5 = hex4(id, 32);
  const g6 = hex4(id, 36);
  const g7 = hex4(id, 40);
  if ((g0 | g1 | g2 | g3 | g4 | g5 | g6 | g7) < 0) return false;
  out[0] = g0 * 65_536 + g1;
  out[1] = g2 * 65_536 + g3;
  out[2] = g4 * 65_536 + g5;
  out[3] = g6 * 65_536 + g7;
  return true;
}

/** The 4 lowercase hex digits of `text` at `at` as a 16-bit value; -1 for any other character. */
function hex4(text: string, at: number): number {
  const c0 = text.charCodeAt(at);
  const c1 = text.charCodeAt(at + 1);
  const c2 = text.charCodeAt(at + 2);
  const c3 = text.charCodeAt(at + 3);
  // The table covers 7 bits; a code at or above 128 is refused by the first test, not read.
  const v0 = HEX_DIGITS[c0 & 127]!;
  const v1 = HEX_DIGITS[c1 & 127]!;
  const v2 = HEX_DIGITS[c2 & 127]!;
  const v3 = HEX_DIGITS[c3 & 127]!;
  if (((c0 | c1 | c2 | c3) & ~127) !== 0 || (v0 | v1 | v2 | v3) < 0) return -1;
  return (v0 << 12) | (v1 << 8) | (v2 << 4) | v3;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/** The id of the uuid's 4 words at `at`, as it was queued. */
function formatWords(words: Int32Array, at: number): string {
  const w1 = words[at + 1]!;
  const w2 = words[at + 2]!;
  return `${PREFIX}${hex(words[at]! >>> 0, 8)}-${hex(w1 >>> 16, 4)}-${hex(w1 & 0xffff, 4)}-${hex(w2 >>> 16, 4)}-${hex(w2 & 0xffff, 4)}${hex(words[at + 3]! >>> 0, 8)}`;
}
