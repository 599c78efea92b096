/**
 * Deterministic resource ids `<Type>:<uuid>`. The uuid is a UUIDv7: 48 bits of the event's time
 * (so ids sort by creation) and 74 bits drawn from (seed, log position, index). The same log and
 * seed always give the same ids; replay never makes ids, it reads them from the events.
 *
 * The 74 bits are a function of one 32-bit hash of (seed, seq, index) (so a minted uuid packs into
 * its time and one word: core/minted-uuid.ts). Ids of one call never collide (the hash is a
 * bijection of the index for a given seq), but two ids of one type minted in the same millisecond
 * by different calls do with probability 2^-32 (docs/performance.md, "Stop 28 at its end").
 */

import { encodeTime } from 'ulid';

/** Where in the log an id is minted: the event's sequence number and time, and which id of it. */
export type IdPosition = { readonly seq: number; readonly atMs: number; readonly index: number };

/** The step `uuidAt` adds between the words it draws (the constant of mulberry32). */
export const WORD_STEP = 0x6d2b79f5;

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
 * A uuid (v7 layout) from a seed and a log position. Pure.
 * @example uuidAt(42, { seq: 7, atMs: Date.parse('2026-01-01T00:00:00Z'), index: 0 })
 */
export function uuidAt(seed: number, position: IdPosition): string {
  const { seq, atMs, index } = position;
  let h = fmix32((seed ^ 0x9e3779b9) >>> 0);
  const words: number[] = [];
  for (const input of [seq >>> 0, Math.floor(seq / 2 ** 32), index >>> 0]) h = fmix32(h ^ input);
  for (let i = 0; i < 3; i += 1) {
    h = fmix32(h + WORD_STEP + i);
    words.push(h);
  }
  const [w0 = 0, w1 = 0, w2 = 0] = words;
  const time = hex(Math.max(0, Math.floor(atMs)) % 2 ** 48, 12);
  const randA = hex(0x7000 | (w0 & 0x0fff), 4);
  const randB = hex(0x8000 | ((w0 >>> 16) & 0x3fff), 4);
  return `${time.slice(0, 8)}-${time.slice(8)}-${randA}-${randB}-${hex(w1, 8)}${hex(w2 & 0xffff, 4)}`;
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
