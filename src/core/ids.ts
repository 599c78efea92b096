/**
 * Deterministic resource ids `<Type>:<uuid>`. The uuid is a UUIDv7: 48 bits of the event's time
 * (so ids sort by creation) and 74 bits drawn from (seed, log position, index). The same log and
 * seed always give the same ids; replay never makes ids, it reads them from the events.
 *
 * **Minted uuids never collide**: (seq, index) -> uuid is injective for a seed, whatever the
 * times (seq < 2^48, index < 2^26). Three words w0, w1, w2 are drawn from a hash of (seed, low 32
 * bits of seq) that is a bijection of that seq, with `w1 = fmix32(w0 + K + 1)` and
 * `w2 = fmix32(w1 + K + 2)`; the index is xored into w0's 26 bits that the uuid shows and the
 * seq's high 16 bits into w2's 16. So w1 gives the seq's low bits back, w0 and w2 follow from w1,
 * and the shown bits give index and the seq's high bits: two different positions differ in some
 * bit. (Until stop 29 the index went into the hash too, so that ids of different calls could
 * collide with probability 2^-32 a pair; ids at index 0 are unchanged.) A minted uuid is thus its
 * time, w1 and the index, which is how the record codec writes it (core/minted-uuid.ts).
 */

import { encodeTime } from 'ulid';
import { assert } from './assert.js';

/** Where in the log an id is minted: the event's sequence number and time, and which id of it. */
export type IdPosition = { readonly seq: number; readonly atMs: number; readonly index: number };

/** The step `uuidAt` adds between the words it draws (the constant of mulberry32). */
export const WORD_STEP = 0x6d2b79f5;

/** Ids of one call at most: the index is 26 bits of a minted uuid. */
export const MINTED_INDEX_LIMIT = 2 ** 26;

// The seq's high 16 bits ride in the uuid's last 16.
const SEQ_LIMIT = 2 ** 48;

/** The 32-bit finalizer of MurmurHash3: cheap, well mixed, deterministic, and a bijection. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/**
 * A uuid (v7 layout) from a seed and a log position; distinct positions give distinct uuids for
 * one seed. Pure. Throws (a bug in the caller) for a seq past 2^48 or an index past 2^26.
 * @example uuidAt(42, { seq: 7, atMs: Date.parse('2026-01-01T00:00:00Z'), index: 0 })
 */
export function uuidAt(seed: number, position: IdPosition): string {
  const { seq, atMs, index } = position;
  assert(Number.isInteger(seq) && seq >= 0 && seq < SEQ_LIMIT, `an id's seq must be an integer in [0, 2^48), got ${seq}`);
  assert(Number.isInteger(index) && index >= 0 && index < MINTED_INDEX_LIMIT, `an id's index must be an integer in [0, 2^26), got ${index}`);
  const [w0, w1, w2] = mintedWordsOf(seed, seq >>> 0);
  const seqHigh = Math.floor(seq / 2 ** 32);
  const time = hex(Math.max(0, Math.floor(atMs)) % 2 ** 48, 12);
  const randA = hex(0x7000 | ((w0 ^ index) & 0x0fff), 4);
  const randB = hex(0x8000 | (((w0 >>> 16) ^ (index >>> 12)) & 0x3fff), 4);
  return `${time.slice(0, 8)}-${time.slice(8)}-${randA}-${randB}-${hex(w1, 8)}${hex((w2 ^ seqHigh) & 0xffff, 4)}`;
}

// The three words of a seq's ids (before the index and the seq's high bits are xored in): a hash of
// the seed and the seq's low 32 bits, fmix32 chained (a bijection of `seqLow` for one seed). The
// two zero inputs keep the chain of the ids minted before stop 29, so ids at index 0 are as they were.
function mintedWordsOf(seed: number, seqLow: number): readonly [number, number, number] {
  let h = fmix32((seed ^ 0x9e3779b9) >>> 0);
  for (const input of [seqLow, 0, 0]) h = fmix32(h ^ input);
  const w0 = fmix32(h + WORD_STEP);
  const w1 = fmix32(w0 + WORD_STEP + 1);
  return [w0, w1, fmix32(w1 + WORD_STEP + 2)];
}

/** A resource id `<Type>:<uuid>`. */
export function resourceId(type: string, seed: number, position: IdPosition): string {
  return `${type}:${uuidAt(seed, position)}`;
}

/** The uuid part of `<Type>:<uuid>`, or the input when it has no type prefix. */
export function bareUuid(id: string): string {
  const colon = id.indexOf(':');
  return colon === -1 ? id : id.slice(colon + 1);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The ULID of the event at `seq`: 48 bits of its time, then 40 bits of the sequence number (so
 * ids of one millisecond still sort in log order) and 40 bits drawn from (seed, seq). Pure;
 * uses `ulid`'s time encoding, since its own `ulid()` draws random numbers.
 */
export function eventIdAt(seed: number, seq: number, atMs: number): string {
  let out = encodeTime(Math.max(0, Math.floor(atMs)), 10);
  let high = seq;
  const seqChars: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    seqChars.push(CROCKFORD[high % 32] as string);
    high = Math.floor(high / 32);
  }
  out += seqChars.reverse().join('');
  let h = fmix32((seed ^ 0x85ebca6b ^ (seq >>> 0)) >>> 0);
  h = fmix32(h ^ Math.floor(seq / 2 ** 32));
  const g = fmix32(h + 0x6d2b79f5);
  for (let i = 0; i < 8; i += 1) {
    const bits = i < 6 ? (h >>> (i * 5)) & 31 : (g >>> ((i - 6) * 5)) & 31;
    out += CROCKFORD[bits] as string;
  }
  return out;
}
