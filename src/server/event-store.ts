import type { EventEnvelope } from '../log/index.js';

/** Why an append was refused: another writer appended first (the store's head is ahead). */
export class AppendConflictError extends Error {
  constructor(readonly expectedSeq: number, readonly actualSeq: number) {
    super(`append expected head seq ${expectedSeq}, store is at ${actualSeq}`);
    this.name = 'AppendConflictError';
  }
}

/** A durable, append-only store of one platform's log. */
export interface EventStore {
  /** Every stored event with seq > afterSeq, in seq order (the caller verifies and replays). */
  load(afterSeq?: number): AsyncIterable<EventEnvelope>;
  /** The last stored seq (0 when empty). */
  headSeq(): Promise<number>;
  /**
   * Appends `events` (seqs expectedSeq+1, +2, ...) atomically and durably (fsync / COMMIT)
   * before resolving; rejects with AppendConflictError if the store's head is not expectedSeq,
   * and then stores nothing.
   */
  append(events: readonly EventEnvelope[], expectedSeq: number): Promise<void>;
  /** Releases files, locks and connections. */
  close(): Promise<void>;
}
