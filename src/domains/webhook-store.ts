/**
 * The webhook outbox slice's shape, apart from its events and evolvers (notifications.ts):
 * `DomainState` (state.ts) names it, and a store type that imported the state back would close
 * an import cycle through every domain (test/architecture).
 */
import { InvariantError } from '../core/assert.js';
import { decodeColumn, encodeColumn } from '../core/column-codec.js';
import { mintedWordOfSeqKey, mintedWords } from '../core/minted-uuid.js';
import { formatWords, ID_WORDS, keyOf, parseId, timeOf } from './webhook-ids.js';
import { writeVarint } from '../core/varint.js';

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

/**
 * Webhooks per chunk: a chunk is dropped whole once none of its webhooks is pending. 4,096 (stop
 * 34; 1,024 before): a chunk's object and its three typed arrays held ~400 B of heap, ~0.4 B a
 * webhook then, ~0.1 now; a delivering outbox keeps at most one chunk (~10 KB) of delivered slots.
 */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
/**
 * Webhooks per block: a block's slots are read from its checkpoint, not from the chunk's start.
 * 128 (stop 33; 64 before): a checkpoint is 32 bytes, ~0.25 B a webhook now, and a lookup (a
 * delivery's marker) reads at most 128 slots of ~2.5 bytes.
 */
const BLOCK_BITS = 7;
const BLOCK = 1 << BLOCK_BITS;
/** Numbers of a checkpoint: where the block's bytes start, and the time, seq key and index before its first slot. */
const CHECKPOINT = 4;
const CHECKPOINTS = (CHUNK / BLOCK) * CHECKPOINT;
/** A chunk's first capacity in bytes (a slot takes ~2): doubled when full, cut to size once the chunk is. */
const FIRST_BYTES = 1 << 11;
/** The most bytes one slot takes: its form byte, a seq key's xor (5) and a time difference (8) and an index (4) as varints. */
const SLOT_BYTES_MAX = 18;
/** Pending webhooks `ordinalOf` compares from the head before it searches (markers come in queue order). */
const HEAD_PROBE = 8;
// A slot's forms, by its first byte: the next id of the call of the slot before (the same time and
// seq key, the index one more), one byte; a string id's slot, its time's difference after it; or
// else a varint of the seq key's xor with the slot before's plus XOR_BASE, then one of the time's
// difference doubled, plus 1 when the index (a varint after it) is not 0.
const NEXT_IN_CALL = 0;
const STRING_SLOT = 1;
const XOR_BASE = 2;
// Seq keys of the trailing run of slots of the last time that `add` keeps apart (the ids of a
// call's events share the call's time, each event's webhooks a seq key); past them it searches.
const RUN_KEYS_MAX = 256;

// 4,096 webhooks' slots as bytes (`used` of them), a checkpoint per block of 128, and a pending bit each.
type Chunk = { bytes: Uint8Array; used: number; readonly checkpoints: Float64Array; readonly bits: Uint32Array };

/**
 * Pending webhook ids, Set-like (`add`, `delete`, `has`, `size`, iteration in queue order), kept
 * packed: every queued webhook gets the next ordinal and a slot of ~2 bytes in chunks of 4,096
 * with one pending bit each, and a chunk is dropped once none of its webhooks is pending (so a
 * delivering outbox keeps a short window, not every webhook ever queued).
 *
 * Why it is cheap: a uuid the engine minted is its time, one word w1 and its index in its call
 * (core/minted-uuid.ts), and w1 is a bijection of the seq it was minted at: its seq key
 * (`mintedSeqKey`, the seq xored with a word of the seed) needs no seed. Ids are minted at their
 * event's time and queued in log order, so along the ordinals the time never decreases and the
 * seq key changes by the xor of two nearby seqs. A slot is what changed since the slot before:
 * one byte for the next webhook of the same call (about half of them), else the seq keys' xor
 * (a byte), the time's difference (two) and the index when not 0, as varints: ~2 bytes a webhook
 * where two words took 8, and no hash-table cache misses per `WebhookQueued`. Every 128 slots a
 * checkpoint (where the block's bytes start, and the time, seq key and index before it) lets a
 * lookup read a block alone: `has`/`delete` search the checkpoints' times, then read up to a block.
 * An id of any other shape (a uuid not in minted form), or one whose time goes back, is kept as a
 * string beside them (its slot still in queue order), so any log replays the same answers.
 */
export class PendingWebhooks {
  private readonly chunks: Chunk[] = [];
  /** Ordinal of the first webhook of `chunks[0]` (a multiple of CHUNK). */
  private firstOrdinal = 0;
  /** The next ordinal to give. */
  private end = 0;
  /** No webhook below this ordinal is pending. */
  private head = 0;
  private count = 0;
  /** The last slot's time (a string id's slot has the time last when it came), and the last packed id's seq key and index. */
  private lastTimeMs = 0;
  private lastKey = 0;
  private lastIndex = -1;
  /**
   * The trailing run of slots of time `lastTimeMs`: its packed ids' seq keys (`runCount` of them,
   * in the order met) and each one's highest index, up to RUN_KEYS_MAX keys (`runFull` past them).
   * Arrays made once: a run is a call's events, and a new one starts at most webhooks.
   */
  private readonly runKeys = new Uint32Array(RUN_KEYS_MAX);
  private readonly runIndexMax = new Int32Array(RUN_KEYS_MAX);
  private runCount = 0;
  private runFull = false;
  /** Pending ids kept as strings (other shapes, or out of time order): id → ordinal and back. */
  private readonly others = new Map<string, number>();
  private readonly otherIds = new Map<number, string>();
  /** The id being looked up: its uuid's 4 words (`parseId`), then its seq key and index (`keyOf`). */
  private readonly scratch = new Int32Array(ID_WORDS);
  private readonly key = new Uint32Array(2);
  /** The slot read last (`read`): its ordinal, where its bytes end, its time, seq key and index, and whether it is a string id's. */
  private readOrd = -1;
  private readAt = 0;
  private readTimeMs = 0;
  private readKey = 0;
  private readIndex = -1;
  private readString = false;

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
    // Each slot keeps its time, a string id's included, so the last time is the last slot's:
    // `add` looks for a pending copy of an id of that time in the trailing run of slots of that
    // time, and for an earlier time by search; a lower value would stop the run at such a slot
    // and queue a pending id twice.
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
    return pending;
  }

  /** The pending webhooks as a snapshot holds them (`PendingWebhooksSnapshot`). Pure. */
  toSnapshot(): PendingWebhooksSnapshot {
    const words = new Int32Array(this.count * ID_WORDS);
    const others: (readonly [number, string])[] = [];
    let k = 0;
    for (let ord = this.head; ord < this.end; ord += 1) {
      // Every slot is read, pending or not: the next one is read on from it.
      this.read(ord);
      if (!this.isPending(ord)) continue;
      const other = this.otherIds.size === 0 ? undefined : this.otherIds.get(ord);
      this.unpackRead(words, k * ID_WORDS, other !== undefined);
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
    // Earlier copies of this id share its millisecond, so they sit in the trailing run; none can
    // when no packed id there has its seq key and an index as high (the next webhook of an event).
    if (timeMs === this.lastTimeMs && this.runMayHoldKey() && this.findPacked(timeMs) !== -1) return this;
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
    const index = this.placeOf(ord);
    this.chunkOf(ord).bits[index >>> 5]! &= ~(1 << (index & 31));
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
      // Read again at each step: the caller may use the set between two.
      this.read(ord);
      this.unpackRead(words, 0, false);
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
        this.read(ord);
        if (!this.isPending(ord)) continue;
        probed += 1;
        if (this.readMatches(timeMs)) return ord;
      }
      const found = this.findPacked(timeMs);
      if (found !== -1) return found;
    }
    return this.others.size === 0 ? -1 : (this.others.get(id) ?? -1);
  }

  /** The pending slot of the packed id in `key` (`keyOf`), of time `timeMs`, or -1. */
  private findPacked(timeMs: number): number {
    for (let ord = this.lowerBound(timeMs); ord < this.end; ord += 1) {
      this.read(ord);
      if (this.readTimeMs !== timeMs) break;
      if (this.readMatches(timeMs) && this.isPending(ord)) return ord;
    }
    return -1;
  }

  /** Whether the slot read last holds the packed id in `key`, of time `timeMs`. */
  private readMatches(timeMs: number): boolean {
    return !this.readString && this.readKey === this.key[0] && this.readIndex === this.key[1] && this.readTimeMs === timeMs;
  }

  /** Whether the trailing run may hold the packed id in `key` (false: no copy of it can be there). */
  private runMayHoldKey(): boolean {
    if (this.runFull) return true;
    const at = this.runAt(this.key[0]!);
    return at !== -1 && this.key[1]! <= this.runIndexMax[at]!;
  }

  /** The trailing run after a packed id of seq key `seqKey` and index `index` at time `timeMs`. */
  private extendRun(timeMs: number, seqKey: number, index: number): void {
    if (timeMs !== this.lastTimeMs) this.startRun();
    if (this.runFull) return;
    const at = this.runAt(seqKey);
    if (at !== -1) this.runIndexMax[at] = Math.max(this.runIndexMax[at]!, index);
    else if (this.runCount === RUN_KEYS_MAX) this.runFull = true;
    else {
      this.runKeys[this.runCount] = seqKey;
      this.runIndexMax[this.runCount] = index;
      this.runCount += 1;
    }
  }

  /** Where seq key `seqKey` is among the trailing run's (the last met first), or -1. */
  private runAt(seqKey: number): number {
    for (let at = this.runCount - 1; at >= 0; at -= 1) if (this.runKeys[at] === seqKey) return at;
    return -1;
  }

  /** A run of a later time starts: no packed id in it yet. */
  private startRun(): void {
    this.runCount = 0;
    this.runFull = false;
  }

  /** The first ordinal at or after `head` whose time is >= `timeMs`. */
  private lowerBound(timeMs: number): number {
    if (this.head >= this.end) return this.end;
    // The last block, from the head's on, whose time before it is below `timeMs`: every slot
    // before it is earlier, and when a block follows it its last slot is not (a block's read).
    const first = (this.head - this.firstOrdinal) >>> BLOCK_BITS;
    let low = first;
    let high = (this.end - 1 - this.firstOrdinal) >>> BLOCK_BITS;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (this.timeBefore(mid) < timeMs) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    let ord = found <= first ? this.head : this.firstOrdinal + found * BLOCK;
    for (; ord < this.end; ord += 1) {
      this.read(ord);
      if (this.readTimeMs >= timeMs) break;
    }
    return ord;
  }

  /** The time before block `block` (counted from `chunks[0]`'s first): its checkpoint's. */
  private timeBefore(block: number): number {
    const chunk = this.chunks[block >>> (CHUNK_BITS - BLOCK_BITS)]!;
    return chunk.checkpoints[(block & (CHUNK / BLOCK - 1)) * CHECKPOINT + 1]!;
  }

  /**
   * Reads slot `ord` (head <= ord < end) into the `read*` fields: on from the slot read last when
   * that is the one before, else from its block's checkpoint.
   */
  private read(ord: number): void {
    if (this.readOrd === ord) return;
    if (this.readOrd !== ord - 1 || (this.readOrd < this.firstOrdinal && this.placeOf(ord) !== 0)) {
      const place = this.placeOf(ord);
      const checkpoints = this.chunkOf(ord).checkpoints;
      const at = (place >>> BLOCK_BITS) * CHECKPOINT;
      this.readAt = checkpoints[at]!;
      this.readTimeMs = checkpoints[at + 1]!;
      this.readKey = checkpoints[at + 2]!;
      this.readIndex = checkpoints[at + 3]!;
      this.readOrd = ord - (place & (BLOCK - 1)) - 1;
    }
    while (this.readOrd < ord) this.readNext();
  }

  /** Reads the slot after the one read last (its state is the slot's before). */
  private readNext(): void {
    const ord = this.readOrd + 1;
    if (this.placeOf(ord) === 0) this.readAt = 0;
    const bytes = this.chunkOf(ord).bytes;
    this.readOrd = ord;
    if (bytes[this.readAt] === NEXT_IN_CALL) {
      this.readAt += 1;
      this.readIndex += 1;
      this.readString = false;
      return;
    }
    const form = this.readVarint(bytes);
    if (form === STRING_SLOT) {
      this.readTimeMs += this.readVarint(bytes);
      this.readString = true;
      return;
    }
    this.readKey = (this.readKey ^ (form - XOR_BASE)) >>> 0;
    const time = this.readVarint(bytes);
    this.readTimeMs += Math.floor(time / 2);
    this.readIndex = time % 2 === 0 ? 0 : this.readVarint(bytes);
    this.readString = false;
  }

  /** The varint at `readAt` in `bytes` (7 bits a byte, low first; up to 2^53), moving past it. */
  private readVarint(bytes: Uint8Array): number {
    let at = this.readAt;
    let byte = bytes[at++]!;
    let value = byte & 0x7f;
    let scale = 0x80;
    while (byte >= 0x80) {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    }
    this.readAt = at;
    return value;
  }

  /** Appends the id in `key` (`keyOf`), of time `timeMs` (no earlier than the last), pending. */
  private appendPacked(timeMs: number): void {
    const chunk = this.append();
    const seqKey = this.key[0]!;
    const index = this.key[1]!;
    if (timeMs === this.lastTimeMs && seqKey === this.lastKey && index === this.lastIndex + 1) chunk.bytes[chunk.used++] = NEXT_IN_CALL;
    else {
      writeChunkVarint(chunk, ((seqKey ^ this.lastKey) >>> 0) + XOR_BASE);
      writeChunkVarint(chunk, (timeMs - this.lastTimeMs) * 2 + (index === 0 ? 0 : 1));
      if (index !== 0) writeChunkVarint(chunk, index);
    }
    this.extendRun(timeMs, seqKey, index);
    this.lastTimeMs = timeMs;
    this.lastKey = seqKey;
    this.lastIndex = index;
    this.closeSlot(chunk);
  }

  /** Keeps `id` as a string; its slot holds `timeMs` (no earlier than the last) so the search stays sorted. */
  private appendOther(id: string, timeMs: number): this {
    const ord = this.end;
    const chunk = this.append();
    chunk.bytes[chunk.used++] = STRING_SLOT;
    writeChunkVarint(chunk, timeMs - this.lastTimeMs);
    if (timeMs !== this.lastTimeMs) this.startRun();
    this.lastTimeMs = timeMs;
    this.others.set(id, ord);
    this.otherIds.set(ord, id);
    this.closeSlot(chunk);
    return this;
  }

  /**
   * Takes the next ordinal, pending, and gives the chunk its slot is written to (a new one when
   * the last is full), with room for the slot; a block's first slot sets its checkpoint.
   */
  private append(): Chunk {
    const ord = this.end;
    const place = this.placeOf(ord);
    if (ord - this.firstOrdinal === this.chunks.length * CHUNK) {
      this.chunks.push({ bytes: new Uint8Array(FIRST_BYTES), used: 0, checkpoints: new Float64Array(CHECKPOINTS), bits: new Uint32Array(CHUNK / 32) });
    }
    const chunk = this.chunks[this.chunks.length - 1]!;
    if ((place & (BLOCK - 1)) === 0) {
      const at = (place >>> BLOCK_BITS) * CHECKPOINT;
      chunk.checkpoints[at] = chunk.used;
      chunk.checkpoints[at + 1] = this.lastTimeMs;
      chunk.checkpoints[at + 2] = this.lastKey;
      chunk.checkpoints[at + 3] = this.lastIndex;
    }
    if (chunk.used + SLOT_BYTES_MAX > chunk.bytes.length) {
      const bytes = new Uint8Array(chunk.bytes.length * 2);
      bytes.set(chunk.bytes.subarray(0, chunk.used));
      chunk.bytes = bytes;
    }
    chunk.bits[place >>> 5]! |= 1 << (place & 31);
    this.end = ord + 1;
    this.count += 1;
    return chunk;
  }

  /** A chunk whose last slot was written keeps its bytes at their size. */
  private closeSlot(chunk: Chunk): void {
    if (this.placeOf(this.end) === 0) chunk.bytes = chunk.bytes.slice(0, chunk.used);
  }

  /** Moves `head` past webhooks no longer pending and drops the chunks behind it. */
  private advanceHead(): void {
    while (this.head < this.end && !this.isPending(this.head)) this.head += 1;
    let drop = 0;
    while (drop < this.chunks.length && this.firstOrdinal + (drop + 1) * CHUNK <= this.head) drop += 1;
    if (drop === 0) return;
    this.chunks.splice(0, drop);
    this.firstOrdinal += drop * CHUNK;
  }

  private chunkOf(ord: number): Chunk {
    return this.chunks[(ord - this.firstOrdinal) >>> CHUNK_BITS]!;
  }

  /** The place of slot `ord` in its chunk. */
  private placeOf(ord: number): number {
    return (ord - this.firstOrdinal) & (CHUNK - 1);
  }

  /**
   * Writes the slot read last as a uuid's 4 words into `out` at `at`: a packed id's own, or for a
   * string id (`timeOnly`) its time's and zeros, as snapshots have held them.
   */
  private unpackRead(out: Int32Array, at: number, timeOnly: boolean): void {
    const timeMs = this.readTimeMs;
    if (!timeOnly) {
      mintedWords(timeMs, mintedWordOfSeqKey(this.readKey), this.readIndex, out, at);
      return;
    }
    out[at] = Math.floor(timeMs / 65_536);
    out[at + 1] = (timeMs % 65_536) * 65_536;
    out[at + 2] = 0;
    out[at + 3] = 0;
  }

  private isPending(ord: number): boolean {
    const index = this.placeOf(ord);
    return (this.chunkOf(ord).bits[index >>> 5]! & (1 << (index & 31))) !== 0;
  }
}

/** Writes `value` (0 to 2^53) as a varint at the chunk's end. */
function writeChunkVarint(chunk: Chunk, value: number): void {
  chunk.used = writeVarint(chunk.bytes, chunk.used, value);
}
