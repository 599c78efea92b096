/**
 * The writer: the one owner of an engine and its EventStore. Requests queue; the writer handles
 * the queued ones in memory one after another, appends all their events with ONE durable
 * `append` (group commit), and only then releases their answers, so no answer leaves before its
 * events are stored and no reader sees state that is not stored. A failed append answers the
 * whole batch 503 and rebuilds the engine from the store (the engine has no undo). A timer loop
 * calls `advance(now)` on a schedule and commits its events like a request.
 */
import type { HttpRequest, HttpResponse } from '../api/http.js';
import { apiError, errorBody } from '../core/errors.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { EngineOptions } from '../engine/options.js';
import type { EventEnvelope } from '../log/index.js';
import { AppendConflictError, type EventStore } from './event-store.js';

/** Anything that answers an API request asynchronously: a Writer, or a test double. */
export type RequestHandler = { handle(request: HttpRequest): Promise<HttpResponse> };

/** What the writer reports for operators (a logger hook); never holds secrets or bodies. */
export type WriterEvent =
  | { readonly kind: 'append_failed'; readonly error: unknown; readonly requests: number; readonly events: number }
  | { readonly kind: 'rebuilt'; readonly headSeq: number; readonly durationMs: number }
  | { readonly kind: 'rebuild_failed'; readonly error: unknown }
  | { readonly kind: 'engine_threw'; readonly error: unknown }
  | { readonly kind: 'advance_failed'; readonly error: unknown };

/** Options of `createWriter`. */
export type WriterOptions = {
  /** The durable log; the writer owns it from now on and closes it in `close`. */
  readonly store: EventStore;
  /** Engine options (platform, credentials, secret, seed...); `events`/`snapshot` come from the store. */
  readonly engine?: Omit<EngineOptions, 'events' | 'snapshot'>;
  /** The clock in epoch ms (default Date.now). */
  readonly now?: () => number;
  /** Calls `advance(now)` every this many ms (default 1000; 0 turns the loop off). */
  readonly timerIntervalMs?: number;
  /** Most requests in one commit (default 4096): bounds the memory and latency of a batch. */
  readonly batchMax?: number;
  /**
   * Another process may append to the same store (PostgreSQL): before each batch, apply what it
   * appended; a batch that still loses the race is rebuilt and decided again. Default false.
   */
  readonly shared?: boolean;
  /** How many times a request is decided again after losing an append race (default 3). */
  readonly conflictRetries?: number;
  /** Operator events (failed appends, rebuilds); default: none. */
  readonly onEvent?: (event: WriterEvent) => void;
};

/** Counters since start, for logs and tests. */
export type WriterStats = {
  readonly requests: number;
  readonly commits: number;
  readonly eventsAppended: number;
  readonly failedAppends: number;
  readonly rebuilds: number;
};

/** A running writer. */
export type Writer = RequestHandler & {
  /** Handles one API request; resolves after its events are durably stored (never rejects). */
  handle(request: HttpRequest): Promise<HttpResponse>;
  /** Fires the timers due now and commits their events; resolves with them (rejects if not stored). */
  advance(): Promise<readonly EventEnvelope[]>;
  /**
   * The current engine (undefined while it is rebuilt). While a commit is in flight it is ahead
   * of the store: answer clients through `handle`, which reads only committed state.
   */
  readonly engine: () => Engine | undefined;
  /** Counters since start. */
  readonly stats: () => WriterStats;
  /** Stops the timer loop, answers what is queued, and closes the store. */
  close(): Promise<void>;
};

type Job =
  | { kind: 'request'; request: HttpRequest; attempts: number; resolve: (response: HttpResponse) => void }
  | { kind: 'advance'; attempts: number; resolve: (events: readonly EventEnvelope[]) => void; reject: (error: unknown) => void };

const REPLAY_CHUNK = 4096;

const unavailable = (reason: string): HttpResponse => ({ status: 503, body: errorBody(apiError('SERVICE_UNAVAILABLE', reason)) });
const SAVE_FAILED = unavailable('The events of this request could not be saved, so it did not happen; retry it (with the same Idempotency-Key).');
const ENGINE_FAILED: HttpResponse = { status: 500, body: errorBody(apiError('INTERNAL_ERROR', 'The engine failed on this request; it did not happen.')) };

/** Builds an engine from everything in the store (verified by the store's load). */
async function engineFromStore(store: EventStore, options: WriterOptions['engine']): Promise<Engine> {
  const engine = createEngine(options ?? {});
  let chunk: EventEnvelope[] = [];
  for await (const event of store.load()) {
    chunk.push(event);
    if (chunk.length === REPLAY_CHUNK) {
      engine.replay(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) engine.replay(chunk);
  return engine;
}

/**
 * Loads the engine from `options.store` (verifying the chain) and starts the writer.
 * @example
 * const writer = await createWriter({ store: await openFileStore('events.jsonl') });
 * const response = await writer.handle({ method: 'GET', path: '/platform', headers: { authorization } });
 */
export async function createWriter(options: WriterOptions): Promise<Writer> {
  const { store } = options;
  const now = options.now ?? Date.now;
  const batchMax = options.batchMax ?? 4096;
  const conflictRetries = options.conflictRetries ?? 3;
  const report = options.onEvent ?? (() => undefined);
  let engine: Engine | undefined = await engineFromStore(store, options.engine);
  const queue: Job[] = [];
  let running = false;
  let closing = false;
  let advanceQueued = false;
  const counts = { requests: 0, commits: 0, eventsAppended: 0, failedAppends: 0, rebuilds: 0 };

  async function rebuild(): Promise<Engine | undefined> {
    const started = Date.now();
    engine = undefined;
    try {
      engine = await engineFromStore(store, options.engine);
      counts.rebuilds += 1;
      report({ kind: 'rebuilt', headSeq: engine.head().seq, durationMs: Date.now() - started });
    } catch (error) {
      report({ kind: 'rebuild_failed', error });
    }
    return engine;
  }

  /** Applies what another writer appended (shared stores); on any doubt, rebuilds. */
  async function catchUp(current: Engine): Promise<Engine | undefined> {
    try {
      if ((await store.headSeq()) === current.head().seq) return current;
      const events: EventEnvelope[] = [];
      for await (const event of store.load(current.head().seq)) events.push(event);
      current.replay(events);
      return current;
    } catch {
      return rebuild();
    }
  }

  function fail(job: Job, response: HttpResponse, error: unknown): void {
    if (job.kind === 'request') job.resolve(response);
    else job.reject(error);
  }

  /** Handles `batch` in memory, commits its events at once, then answers. */
  async function commitBatch(current: Engine, batch: Job[]): Promise<void> {
    const expectedSeq = current.head().seq;
    const events: EventEnvelope[] = [];
    const held: Array<() => void> = [];
    const heldJobs: Job[] = [];
    let halted = false;
    let handled = 0;
    for (const job of batch) {
      handled += 1;
      let written: readonly EventEnvelope[];
      let answer: () => void;
      try {
        if (job.kind === 'request') {
          const result = current.handle(job.request, { now: now() });
          written = result.events;
          answer = () => job.resolve(result.response);
        } else {
          written = current.advance(now());
          answer = () => job.resolve(written);
        }
      } catch (error) {
        // A throw is a defect; the engine may be halted or half-applied: answer this one, commit
        // what came before (it was decided on sound state), then rebuild.
        report({ kind: 'engine_threw', error });
        fail(job, ENGINE_FAILED, error);
        halted = true;
        break;
      }
      // Nothing written yet in this batch: this answer saw committed state only.
      if (events.length === 0 && written.length === 0) answer();
      else {
        for (const event of written) events.push(event);
        held.push(answer);
        heldJobs.push(job);
      }
    }
    // Jobs after a throw go back to the front, to be decided by the rebuilt engine.
    if (handled < batch.length) queue.unshift(...batch.slice(handled));
    if (events.length > 0) {
      try {
        await store.append(events, expectedSeq);
        counts.commits += 1;
        counts.eventsAppended += events.length;
        for (const answer of held) answer();
      } catch (error) {
        counts.failedAppends += 1;
        report({ kind: 'append_failed', error, requests: heldJobs.length, events: events.length });
        const retry = error instanceof AppendConflictError ? heldJobs.filter((job) => job.attempts < conflictRetries) : [];
        for (const job of heldJobs) {
          if (retry.includes(job)) job.attempts += 1;
          else fail(job, SAVE_FAILED, error);
        }
        // Lost a race: decide these again on the caught-up state, ahead of newer requests.
        queue.unshift(...retry);
        halted = true;
      }
    }
    if (halted) await rebuild();
  }

  async function run(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        let current = engine ?? (await rebuild());
        if (current !== undefined && options.shared === true) current = await catchUp(current);
        const batch = queue.splice(0, batchMax);
        if (current === undefined) {
          for (const job of batch) fail(job, unavailable('The event store cannot be read; the server cannot answer until it can.'), new Error('store unavailable'));
          continue;
        }
        await commitBatch(current, batch);
      }
    } finally {
      running = false;
    }
  }

  function enqueue(job: Job): void {
    queue.push(job);
    if (!running) void run();
  }

  const interval = options.timerIntervalMs ?? 1000;
  const timer =
    interval > 0
      ? setInterval(() => {
          if (advanceQueued || closing) return;
          advanceQueued = true;
          writer
            .advance()
            .catch((error: unknown) => report({ kind: 'advance_failed', error }))
            .finally(() => {
              advanceQueued = false;
            });
        }, interval)
      : undefined;
  timer?.unref();

  const writer: Writer = {
    handle(request) {
      if (closing) return Promise.resolve(unavailable('The server is shutting down.'));
      counts.requests += 1;
      return new Promise((resolve) => enqueue({ kind: 'request', request, attempts: 0, resolve }));
    },
    advance() {
      if (closing) return Promise.reject(new Error('the writer is closed'));
      return new Promise((resolve, reject) => enqueue({ kind: 'advance', attempts: 0, resolve, reject }));
    },
    engine: () => engine,
    stats: () => ({ ...counts }),
    async close() {
      if (closing) return;
      closing = true;
      if (timer !== undefined) clearInterval(timer);
      while (running || queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await store.close();
    },
  };
  return writer;
}
