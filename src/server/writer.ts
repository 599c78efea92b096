/**
 * The writer: the one owner of an engine and its EventStore. Requests queue; the writer handles
 * the queued ones in memory one after another, appends all their events with ONE durable
 * `append` (group commit), and only then releases their answers, so no answer leaves before its
 * events are stored and no reader sees state that is not stored. A failed append answers the
 * whole batch 503 and rebuilds the engine from the store (the engine has no undo). A timer loop
 * calls `advance(now)` on a schedule and commits its events like a request.
 */
import type { HttpRequest, HttpResponse } from '../api/http.js';
import { type ApiError, apiError, errorBody } from '../core/errors.js';
import type { Result } from '../core/result.js';
import { type Clock, createEngine, type Engine } from '../engine/engine.js';
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
   * Runs an engine command (e.g. `engine.recordWebhookOutcomes`) in the commit queue, at the
   * writer's clock, and commits its events like a request's; resolves with its result once they
   * are stored (rejects if they could not be). A refusal (`ok: false`) writes nothing.
   * @example
   * await writer.command((engine, clock) => engine.recordWebhookOutcomes(outcomes, clock));
   */
  command(run: EngineCommand): Promise<Result<readonly EventEnvelope[], ApiError>>;
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

/** An engine command run by `Writer.command`: pure, returns its events or a refusal. */
export type EngineCommand = (engine: Engine, clock: Clock) => Result<readonly EventEnvelope[], ApiError>;

type Job =
  | { kind: 'request'; request: HttpRequest; attempts: number; resolve: (response: HttpResponse) => void }
  | { kind: 'advance'; attempts: number; resolve: (events: readonly EventEnvelope[]) => void; reject: (error: unknown) => void }
  | { kind: 'command'; run: EngineCommand; attempts: number; resolve: (result: Result<readonly EventEnvelope[], ApiError>) => void; reject: (error: unknown) => void };

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

/** Requests handled in memory whose events are not stored yet, with their held answers. */
type Batch = { readonly expectedSeq: number; readonly events: EventEnvelope[]; readonly held: Array<{ job: Job; answer: () => void }> };

/**
 * Loads the engine from `options.store` (verifying the chain) and starts the writer.
 *
 * How a request goes: it is handled in memory as soon as it arrives (so the CPU works while the
 * disk syncs); its events join the open batch; whenever no append is in flight, the open batch
 * is appended with one `append` and a new one opens. A batch's answers leave when its append
 * resolves. A read that writes nothing answers at once when nothing is pending, else it waits
 * with the open batch, since it may have seen that batch's state.
 * @example
 * const writer = await createWriter({ store: await openFileStore('events.jsonl') });
 * const response = await writer.handle({ method: 'GET', path: '/platform', headers: { authorization } });
 */
export async function createWriter(options: WriterOptions): Promise<Writer> {
  const { store } = options;
  const now = options.now ?? Date.now;
  const batchMax = options.batchMax ?? 4096;
  const conflictRetries = options.conflictRetries ?? 3;
  const shared = options.shared === true;
  const report = options.onEvent ?? (() => undefined);
  let engine: Engine | undefined = await engineFromStore(store, options.engine);
  // The store's head as this writer knows it (the engine may be ahead by a genesis not yet stored).
  // (Taken from the loaded engine, not from the store, which another writer may have moved since.)
  let storedSeq = engine.head().seq;
  // Jobs not handled yet: while the engine is rebuilt or caught up, or the open batch is full.
  const waiting: Job[] = [];
  let open: Batch = { expectedSeq: storedSeq, events: [], held: [] };
  let inFlight: Batch | undefined;
  // True while the engine is being replaced or caught up: jobs wait.
  let blocked = false;
  // A handle threw: the engine may be unsound; rebuild once the open batch is stored.
  let halted = false;
  let closing = false;
  let advanceQueued = false;
  const counts = { requests: 0, commits: 0, eventsAppended: 0, failedAppends: 0, rebuilds: 0 };

  async function rebuild(): Promise<void> {
    const started = Date.now();
    engine = undefined;
    try {
      engine = await engineFromStore(store, options.engine);
      storedSeq = engine.head().seq;
      counts.rebuilds += 1;
      report({ kind: 'rebuilt', headSeq: engine.head().seq, durationMs: Date.now() - started });
    } catch (error) {
      report({ kind: 'rebuild_failed', error });
    }
    open = { expectedSeq: storedSeq, events: [], held: [] };
  }

  /** Applies what another writer appended (shared stores); on any doubt, rebuilds. */
  async function catchUp(): Promise<void> {
    try {
      const head = await store.headSeq();
      if (head === storedSeq || engine === undefined) return;
      const events: EventEnvelope[] = [];
      for await (const event of store.load(storedSeq)) events.push(event);
      engine.replay(events);
      storedSeq = engine.head().seq;
      open = { expectedSeq: storedSeq, events: [], held: [] };
    } catch {
      await rebuild();
    }
  }

  /** Runs async engine work with new jobs waiting, then handles what waited. */
  function whileBlocked(work: () => Promise<void>): void {
    blocked = true;
    void work().then(() => {
      blocked = false;
      drain(true);
    });
  }

  function fail(job: Job, response: HttpResponse, error: unknown): void {
    if (job.kind === 'request') job.resolve(response);
    else job.reject(error);
  }

  /** Handles one job in memory now; its answer leaves now or with the open batch. */
  function handleNow(current: Engine, job: Job): void {
    let written: readonly EventEnvelope[];
    let answer: () => void;
    try {
      if (job.kind === 'request') {
        const result = current.handle(job.request, { now: now() });
        written = result.events;
        answer = () => job.resolve(result.response);
      } else if (job.kind === 'advance') {
        const events = current.advance(now());
        written = events;
        answer = () => job.resolve(events);
      } else {
        const result = job.run(current, { now: now() });
        written = result.ok ? result.value : [];
        answer = () => job.resolve(result);
      }
    } catch (error) {
      // A defect: the engine may be halted or half-applied. What came before was decided on
      // sound state and is stored as usual; then the engine is rebuilt from the store.
      report({ kind: 'engine_threw', error });
      fail(job, ENGINE_FAILED, error);
      halted = true;
      if (inFlight === undefined) flush();
      return;
    }
    // Nothing pending: this answer saw stored state only.
    if (written.length === 0 && inFlight === undefined && open.held.length === 0) {
      answer();
      return;
    }
    for (const event of written) open.events.push(event);
    open.held.push({ job, answer });
    if (inFlight === undefined) flush();
  }

  /** Takes jobs that waited, as far as the engine and the batch bound allow. */
  function drain(fresh = false): void {
    while (!blocked && waiting.length > 0 && open.held.length < batchMax && !halted) {
      if (engine === undefined) {
        // Just rebuilt and still no engine: the store cannot be read. Answer 503 rather than
        // retry in a loop; the next request (or timer tick) tries again.
        if (fresh) {
          for (const job of waiting.splice(0)) fail(job, unavailable('The event store cannot be read; the server cannot answer until it can.'), new Error('store unavailable'));
          return;
        }
        whileBlocked(rebuild);
        return;
      }
      // Several writers: before a batch that starts on an idle writer, apply what others wrote.
      if (shared && !fresh && inFlight === undefined && open.held.length === 0) {
        whileBlocked(catchUp);
        return;
      }
      handleNow(engine, waiting.shift() as Job);
    }
  }

  function submit(job: Job): void {
    waiting.push(job);
    drain();
  }

  /** Appends the open batch if no append is in flight; its answers leave when it is stored. */
  function flush(): void {
    if (inFlight !== undefined) return;
    const batch = open;
    open = { expectedSeq: batch.expectedSeq + batch.events.length, events: [], held: [] };
    if (batch.events.length === 0) {
      for (const { answer } of batch.held) answer();
      afterCommit();
      return;
    }
    inFlight = batch;
    store.append(batch.events, batch.expectedSeq).then(
      () => {
        inFlight = undefined;
        storedSeq = batch.expectedSeq + batch.events.length;
        counts.commits += 1;
        counts.eventsAppended += batch.events.length;
        for (const { answer } of batch.held) answer();
        afterCommit();
      },
      (error: unknown) => {
        inFlight = undefined;
        // The engine is ahead of the store by this batch and the open one, decided on top of it.
        const victims = [...batch.held, ...open.held].map(({ job }) => job);
        counts.failedAppends += 1;
        report({ kind: 'append_failed', error, requests: victims.length, events: batch.events.length + open.events.length });
        const retry = error instanceof AppendConflictError ? victims.filter((job) => job.attempts < conflictRetries) : [];
        for (const job of victims) {
          if (retry.includes(job)) job.attempts += 1;
          else fail(job, SAVE_FAILED, error);
        }
        // Lost a race: decide these again on the caught-up state, ahead of newer requests.
        waiting.unshift(...retry);
        halted = false;
        whileBlocked(rebuild);
      },
    );
  }

  function afterCommit(): void {
    if (halted) {
      if (open.held.length > 0) {
        flush();
        return;
      }
      halted = false;
      whileBlocked(rebuild);
      return;
    }
    if (open.held.length > 0) flush();
    drain();
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

  const idle = (): boolean => waiting.length === 0 && open.held.length === 0 && inFlight === undefined && !blocked;

  const writer: Writer = {
    handle(request) {
      if (closing) return Promise.resolve(unavailable('The server is shutting down.'));
      counts.requests += 1;
      return new Promise((resolve) => submit({ kind: 'request', request, attempts: 0, resolve }));
    },
    advance() {
      if (closing) return Promise.reject(new Error('the writer is closed'));
      return new Promise((resolve, reject) => submit({ kind: 'advance', attempts: 0, resolve, reject }));
    },
    command(run) {
      if (closing) return Promise.reject(new Error('the writer is closed'));
      return new Promise((resolve, reject) => submit({ kind: 'command', run, attempts: 0, resolve, reject }));
    },
    engine: () => engine,
    stats: () => ({ ...counts }),
    async close() {
      if (closing) return;
      closing = true;
      if (timer !== undefined) clearInterval(timer);
      while (!idle()) await new Promise((resolve) => setTimeout(resolve, 1));
      await store.close();
    },
  };
  return writer;
}
