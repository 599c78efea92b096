/**
 * Tailing the PostgreSQL log: a replica (or the outbox) follows new events as writers commit
 * them. It polls every `intervalMs` and, with `listen`, is woken at once by the NOTIFY each
 * append sends on commit, so a replica lags by a round trip rather than by the poll interval.
 * Notifications are only a hint: the poll alone is correct, so a lost one costs latency only.
 */
import type pg from 'pg';
import type { EventEnvelope } from '../../log/index.js';
import type { EventStore } from '../event-store.js';

/** Options of a tail. */
export type TailOptions = {
  /** Longest wait between two reads when no notification comes (default 1000 ms). */
  readonly intervalMs?: number;
  /** LISTEN for the appends' notifications on one pooled connection (default true). */
  readonly listen?: boolean;
  /** Most events per `onEvents` call (default 1000). */
  readonly batchMax?: number;
  /**
   * Called with a failure: a failed read is reported and retried after `intervalMs`; a throw
   * from `onEvents` is reported and stops the tail (the consumer's state is then unknown).
   */
  readonly onError?: (error: unknown) => void;
};

/** A running tail. */
export type Tail = {
  /** Stops reading (after the current `onEvents` call) and releases its connection. */
  stop(): Promise<void>;
  /** Resolves once the tail has stopped, by `stop` or by a failing `onEvents`. */
  readonly stopped: Promise<void>;
  /** The last seq handed to `onEvents` (the start seq before the first call). */
  readonly seq: number;
};

/** What startTail needs from the store that owns it. */
export type TailSource = {
  readonly store: Pick<EventStore, 'load'>;
  readonly pool: pg.Pool;
  /** The notification channel: the table's name. */
  readonly table: string;
  readonly afterSeq: number;
  readonly onEvents: (events: readonly EventEnvelope[]) => void | Promise<void>;
  readonly options: TailOptions;
};

/** Starts following the log after `source.afterSeq`. */
export function startTail(source: TailSource): Tail {
  const intervalMs = source.options.intervalMs ?? 1_000;
  const batchMax = source.options.batchMax ?? 1_000;
  const report = source.options.onError ?? (() => undefined);
  let seq = source.afterSeq;
  let running = true;
  let wake: (() => void) | undefined;
  let listener: pg.PoolClient | undefined;

  function sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, intervalMs);
      function done(): void {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function listen(): Promise<void> {
    try {
      listener = await source.pool.connect();
      listener.on('notification', () => wake?.());
      listener.on('error', () => undefined);
      await listener.query(`LISTEN ${source.table}`);
    } catch (error) {
      // Polling still works; say why the tail is slower than it could be.
      report(error);
      listener?.release(true);
      listener = undefined;
    }
  }

  /** Reads everything after `seq`, in batches; false when onEvents threw (stop). */
  async function drain(): Promise<boolean> {
    let batch: EventEnvelope[] = [];
    const flush = async (): Promise<boolean> => {
      if (batch.length === 0) return true;
      const events = batch;
      batch = [];
      try {
        await source.onEvents(events);
      } catch (error) {
        report(error);
        return false;
      }
      seq = events[events.length - 1]?.seq ?? seq;
      return true;
    };
    try {
      for await (const event of source.store.load(seq)) {
        batch.push(event);
        if (batch.length >= batchMax && !(await flush())) return false;
        if (!running) break;
      }
    } catch (error) {
      report(error);
    }
    return flush();
  }

  async function run(): Promise<void> {
    if (source.options.listen ?? true) await listen();
    while (running) {
      if (!(await drain())) break;
      if (running) await sleep();
    }
    running = false;
    if (listener !== undefined) {
      await listener.query(`UNLISTEN ${source.table}`).catch(() => undefined);
      listener.release();
      listener = undefined;
    }
  }

  const stopped = run();
  return {
    stopped,
    get seq() {
      return seq;
    },
    async stop() {
      running = false;
      wake?.();
      await stopped;
    },
  };
}
