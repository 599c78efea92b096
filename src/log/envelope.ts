/**
 * The event envelope: the record every line of the log holds, and the chain head that links one
 * line to the next. Types and constants only; encoding lives in codec.ts, hashing in hash.ts.
 */

/**
 * One event as stored in the log. Field order is the stored order and is part of the format:
 * `seq` counts from 1 without gaps, `at` is an ISO instant, `data` is JSON-canonical (amounts are
 * decimal strings, never bigint), `prevHash` is the previous event's `hash` (GENESIS_HASH for seq
 * 1) and `hash` is the SHA-256 of this line's bytes without its hash field.
 */
export type EventEnvelope<T = unknown> = {
  seq: number;
  id: string;
  type: string;
  version: number;
  at: string;
  data: T;
  prevHash: string;
  hash: string;
};

/** An event as a decider produces it, before `sealEvent` gives it a seq, an id and hashes. */
export type NewEvent<T = unknown> = { type: string; version: number; at: string; data: T };

/** The end of a chain: the last event's seq and hash, or EMPTY_HEAD before the first event. */
export type ChainHead = { readonly seq: number; readonly hash: string };

/** The `prevHash` of seq 1: 64 zeros, a value SHA-256 will not produce for any real line. */
export const GENESIS_HASH: string = '0'.repeat(64);

/** The head of an empty log: the next event gets seq 1 and prevHash GENESIS_HASH. */
export const EMPTY_HEAD: ChainHead = Object.freeze({ seq: 0, hash: GENESIS_HASH });

/** The stored field names, in their stored order. */
export const ENVELOPE_FIELDS = Object.freeze([
  'seq',
  'id',
  'type',
  'version',
  'at',
  'data',
  'prevHash',
  'hash',
] as const);
