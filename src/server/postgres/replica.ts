/**
 * A read replica: an engine that follows the PostgreSQL log through `tail` and never writes.
 * It serves reads that may lag the writers by a commit notification (or a poll interval);
 * `waitFor(seq)` gives read-your-writes to a client that knows the seq of its write.
 */
import { createEngine, type Engine } from '../../engine/engine.js';
import type { EngineOptions } from '../../engine/options.js';
import type { EventEnvelope } from '../../log/index.js';
import type { PostgresEventStore } from './store.js';
import type { TailOptions } from './tail.js';

/** Options of `createReplica`. */
export type ReplicaOptions = {
  /** The store to follow (the replica stops its tail on `close`, and leaves the store open). */
  readonly store: PostgresEventStore;
  /** The same engine options as the writers (platform, credentials, secret, seed). */
  readonly engine?: Omit<EngineOptions, 'events' | 'snapshot'>;
  /** How the tail waits for new events. */
  readonly tail?: Omit<TailOptions, 'onError'>;
  /** Called when reading fails (retried) or an event cannot be applied (the replica stops). */
  readonly onError?: (error: unknown) => void;
};

/** A running replica. */
export type Replica = {
  /** The engine for reads: state and head as of the last applied event. Never call `handle` with writes. */
  readonly engine: Engine;
  /** The last applied seq. */
  seq(): number;
  /** Resolves once the replica has applied `seq` (or at once if it has); rejects after `timeoutMs`. */
  waitFor(seq: number, timeoutMs?: number): Promise<void>;
  /** Stops following the log. */
  close(): Promise<void>;
};

/**
 * Loads the log into a new engine and follows it.
 * @example
 * const replica = await createReplica({ store });
 * await replica.waitFor(seqOfMyWrite);
 * const balance = replica.engine.state.accounts.byId.get(accountId);
 */
export async function createReplica(options: ReplicaOptions): Promise<Replica> {
  const engine = createEngine(options.engine ?? {});
  let chunk: EventEnvelope[] = [];
  for await (const event of options.store.load()) {
    chunk.push(event);
    if (chunk.length === 4096) {
      engine.replay(chunk);
      chunk = [];
    }
  }
  engine.replay(chunk);
  const waiters = new Set<{ seq: number; resolve: () => void }>();
  const tail = options.store.tail(
    engine.head().seq,
    (events) => {
      engine.replay(events);
      const seq = engine.head().seq;
      for (const waiter of waiters) {
        if (waiter.seq <= seq) {
          waiters.delete(waiter);
          waiter.resolve();
        }
      }
    },
    { ...options.tail, onError: options.onError ?? (() => undefined) },
  );
  return {
    engine,
    seq: () => engine.head().seq,
    waitFor(seq, timeoutMs = 10_000) {
      if (engine.head().seq >= seq) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = {
          seq,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`replica did not reach seq ${seq} within ${timeoutMs} ms (at ${engine.head().seq})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => tail.stop(),
  };
}
