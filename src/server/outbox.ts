/**
 * Webhook delivery from the outbox in the log. The engine queues each notification as a
 * `WebhookQueued` event; this loop reads them in log order from the EventStore, POSTs each
 * envelope to the endpoint with its P-256 signature (outbox-signature.ts), retries failures with
 * exponential backoff up to a bound, and records the outcome in the log as a `WebhookDelivered`
 * or `WebhookGaveUp` marker. Because the outcome is in the log, a restarted loop (or another
 * process) resumes where delivery stopped. Delivery is at least once: a crash between the POST
 * and its marker sends that webhook again, so receivers dedupe by the envelope's `id`.
 *
 * Markers are sealed after the last event this loop read and appended with that seq expected;
 * when a writer appended first (AppendConflictError) the loop reads the new events and tries
 * again. A Writer over the same store in shared mode catches up on the markers like on any
 * other writer's events.
 */
import { eventIdAt } from '../core/ids.js';
import type { Result } from '../core/result.js';
import { formatInstant, instantToMs } from '../core/time.js';
import {
  WEBHOOK_EVENTS, type WebhookDelivered, type WebhookGaveUp, type WebhookOutcome, type WebhookQueued,
} from '../domains/notifications.js';
import type { DomainState } from '../domains/state.js';
import { EMPTY_HEAD, type EventEnvelope, sealEvent, type Sha256Hex } from '../log/index.js';
import { AppendConflictError, type EventStore } from './event-store.js';
import { p256PrivateKey, SIGNATURE_HEADER, signWebhookBody, type SigningKey } from './outbox-signature.js';

/** What happened to one webhook in one run, as recorded in the log (defined with the events). */
export type { WebhookOutcome };

/** What the loop reports for operators (never bodies or keys). */
export type OutboxEvent =
  | { readonly kind: 'attempt_failed'; readonly webhookId: string; readonly attempt: number; readonly error: string; readonly retryAtMs: number }
  | { readonly kind: 'recorded'; readonly outcomes: number }
  | { readonly kind: 'run_failed'; readonly error: unknown };

/** Options of `createOutbox`. */
export type OutboxOptions = {
  /** The log to read webhooks from and to append markers to. */
  readonly store: EventStore;
  /**
   * Where webhooks are POSTed: a URL, or a function read before every run, e.g. the platform's
   * configured `webhookEndpoint` with a host fallback (see `configuredEndpoint`). While it gives
   * undefined nothing is sent and nothing counts as a try.
   */
  readonly endpoint: string | (() => string | undefined);
  /** The P-256 private key that signs every body (the receiver holds its public key). */
  readonly signingKey: SigningKey;
  /** Tries per webhook before it is given up (default 8). */
  readonly maxAttempts?: number;
  /** Wait after the first failure; doubles after each further one (default 1000 ms). */
  readonly baseDelayMs?: number;
  /** Longest wait between two tries (default 300000 ms). */
  readonly maxDelayMs?: number;
  /** A try that has no answer after this long failed (default 10000 ms). */
  readonly timeoutMs?: number;
  /** How often `start`'s loop runs (default 1000 ms). */
  readonly intervalMs?: number;
  /** Webhooks POSTed at once within a run, in log order (default 8). */
  readonly concurrency?: number;
  /** The clock in epoch ms (default Date.now). */
  readonly now?: () => number;
  /** The HTTP client (default the global fetch). */
  readonly fetch?: typeof fetch;
  /** Seed of the markers' event ids (default 0). */
  readonly seed?: number;
  /** SHA-256 that seals markers (default @noble/hashes). */
  readonly sha256?: Sha256Hex;
  /** How many times recording is retried after losing an append race (default 16). */
  readonly recordRetries?: number;
  /**
   * Records outcomes through the log's writer instead of appending markers to the store itself,
   * e.g. `(outcomes) => writer.command((engine, clock) => engine.recordWebhookOutcomes(outcomes, clock))`.
   * Use it whenever a Writer owns the store (always with the JSONL file store, whose single
   * writer would otherwise lose every append after a marker and rebuild). A refusal (a webhook
   * already recorded elsewhere) is skipped; the next run reads the markers from the log.
   */
  readonly record?: (outcomes: readonly WebhookOutcome[]) => Promise<Result<unknown, unknown>>;
  /** Operator events; default none. */
  readonly onEvent?: (event: OutboxEvent) => void;
  /**
   * Asked before every run; false skips it. With several processes, pass a lease
   * (`createLease(...).held` of payments-engine/postgres) so that one of them delivers.
   */
  readonly shouldRun?: () => boolean | Promise<boolean>;
};

/** What one run did. */
export type OutboxRun = { readonly delivered: number; readonly failed: number; readonly gaveUp: number };

/** A webhook waiting for delivery. */
export type PendingWebhook = {
  readonly webhook: WebhookQueued;
  /** Seq of its WebhookQueued event. */
  readonly seq: number;
  /** Tries made so far by this process. */
  readonly attempts: number;
  /** Not tried again before this instant (epoch ms). */
  readonly nextAttemptAtMs: number;
};

/** A delivery loop. */
export type Outbox = {
  /** Reads new events, tries every webhook that is due, records the outcomes. One run at a time. */
  runOnce(): Promise<OutboxRun>;
  /** Runs every `intervalMs` until `stop` (failures are reported through `onEvent` and retried). */
  start(): void;
  /** Stops the loop after the current run. */
  stop(): Promise<void>;
  /** The webhooks not yet delivered nor given up, in log order. */
  pending(): readonly PendingWebhook[];
};

type Head = { seq: number; hash: string; atMs: number };
type Pending = { webhook: WebhookQueued; seq: number; attempts: number; nextAttemptAtMs: number };

/**
 * A failed try in words for the marker and the operator: the system error code when there is
 * one (ECONNREFUSED...), a timeout, or the error's message. Never the URL (it may hold a token).
 */
function failureText(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : 'Error';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  // fetch wraps the socket error: TypeError('fetch failed', { cause }), the cause possibly an
  // AggregateError of one error per address tried.
  let cause: unknown = (error as { cause?: unknown }).cause;
  let detail = '';
  for (let depth = 0; depth < 3 && cause !== undefined && cause !== null; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return `connection failed: ${code}`;
    if (cause instanceof Error) detail = ` (${cause.message})`;
    const errors = (cause as { errors?: unknown }).errors;
    cause = Array.isArray(errors) ? errors[0] : (cause as { cause?: unknown }).cause;
  }
  return `${name}: ${error instanceof Error ? error.message : String(error)}${detail}`;
}

/**
 * An `endpoint` option that follows the platform's configuration: the `webhookEndpoint` set with
 * `PATCH /config` in the engine `engineOf()` returns (e.g. `() => writer.engine()`), else
 * `fallback` (a host option), else undefined (nothing is sent until one is configured).
 */
export function configuredEndpoint(engineOf: () => { readonly state: DomainState } | undefined, fallback?: string): () => string | undefined {
  return () => engineOf()?.state.config.current.webhookEndpoint ?? fallback;
}

/** Exponential backoff after `failures` failed tries: base * 2^(failures - 1), capped. */
export function backoffDelayMs(failures: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Creates a delivery loop over `options.store`; nothing is read or sent before `runOnce` or
 * `start`. Run one loop per platform: two loops deliver twice as often (still correct for
 * receivers that dedupe, but wasteful).
 * @example
 * const outbox = createOutbox({ store, endpoint: 'https://platform.example/webhooks', signingKey: pem });
 * outbox.start();
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const key = p256PrivateKey(options.signingKey);
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 300_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const recordRetries = options.recordRetries ?? 16;
  const now = options.now ?? Date.now;
  const post = options.fetch ?? fetch;
  const report = options.onEvent ?? (() => undefined);
  const { store } = options;

  let head: Head = { seq: EMPTY_HEAD.seq, hash: EMPTY_HEAD.hash, atMs: 0 };
  // Insertion order is log order: a Map iterates in the order webhooks were queued.
  const pending = new Map<string, Pending>();

  function read(event: EventEnvelope): void {
    if (event.type === WEBHOOK_EVENTS.queued) {
      const webhook = event.data as WebhookQueued;
      pending.set(webhook.id, { webhook, seq: event.seq, attempts: 0, nextAttemptAtMs: 0 });
    } else if (event.type === WEBHOOK_EVENTS.delivered || event.type === WEBHOOK_EVENTS.gaveUp) {
      pending.delete((event.data as WebhookDelivered | WebhookGaveUp).webhookId);
    }
    head = { seq: event.seq, hash: event.hash, atMs: instantToMs(event.at) };
  }

  async function readNew(): Promise<void> {
    for await (const event of store.load(head.seq)) read(event);
  }

  /** One POST to `endpoint`; the outcome of this try. */
  async function attempt(item: Pending, endpoint: string): Promise<{ ok: true; status: number } | { ok: false; error: string }> {
    const body = JSON.stringify(item.webhook);
    try {
      const response = await post(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(body, key) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the answer so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? { ok: true, status: response.status } : { ok: false, error: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, error: failureText(error, timeoutMs) };
    }
  }

  /** Seals `outcomes` as markers after `head` and appends them; on a lost race reads and retries. */
  async function record(outcomes: readonly WebhookOutcome[]): Promise<void> {
    if (options.record !== undefined) {
      const result = await options.record(outcomes.filter((outcome) => pending.has(outcome.webhookId)));
      await readNew();
      if (result.ok) report({ kind: 'recorded', outcomes: outcomes.length });
      return;
    }
    let left = outcomes;
    for (let tries = 0; ; tries += 1) {
      // Another loop may have recorded some of them meanwhile: never mark a webhook twice.
      left = left.filter((outcome) => pending.has(outcome.webhookId));
      if (left.length === 0) return;
      const atMs = Math.max(now(), head.atMs);
      const events: EventEnvelope[] = [];
      let chain = { seq: head.seq, hash: head.hash };
      for (const outcome of left) {
        const { kind, ...data } = outcome;
        const type = kind === 'delivered' ? WEBHOOK_EVENTS.delivered : WEBHOOK_EVENTS.gaveUp;
        const sealed = sealEvent(
          chain,
          { type, version: 1, at: formatInstant(atMs), data },
          eventIdAt(options.seed ?? 0, chain.seq + 1, atMs),
          options.sha256 === undefined ? {} : { sha256: options.sha256 },
        );
        events.push(sealed.envelope);
        chain = { seq: sealed.envelope.seq, hash: sealed.envelope.hash };
      }
      try {
        await store.append(events, head.seq);
      } catch (error) {
        if (!(error instanceof AppendConflictError) || tries >= recordRetries) throw error;
        await readNew();
        continue;
      }
      for (const event of events) read(event);
      report({ kind: 'recorded', outcomes: events.length });
      return;
    }
  }

  let running: Promise<OutboxRun> | undefined;
  async function run(): Promise<OutboxRun> {
    if (options.shouldRun !== undefined && !(await options.shouldRun())) return { delivered: 0, failed: 0, gaveUp: 0 };
    await readNew();
    const endpoint = typeof options.endpoint === 'function' ? options.endpoint() : options.endpoint;
    if (endpoint === undefined) return { delivered: 0, failed: 0, gaveUp: 0 };
    const startedMs = now();
    const due = [...pending.values()].filter((item) => item.nextAttemptAtMs <= startedMs);
    const outcomes: WebhookOutcome[] = [];
    let failed = 0;
    // In log order, `concurrency` at a time: a slow endpoint delays the run, not the order.
    for (let i = 0; i < due.length; i += concurrency) {
      const slice = due.slice(i, i + concurrency);
      const results = await Promise.all(slice.map((item) => attempt(item, endpoint)));
      slice.forEach((item, j) => {
        const result = results[j]!;
        item.attempts += 1;
        if (result.ok) {
          outcomes.push({ kind: 'delivered', webhookId: item.webhook.id, attempts: item.attempts, status: result.status });
        } else if (item.attempts >= maxAttempts) {
          outcomes.push({ kind: 'gaveUp', webhookId: item.webhook.id, attempts: item.attempts, lastError: result.error });
        } else {
          failed += 1;
          item.nextAttemptAtMs = now() + backoffDelayMs(item.attempts, baseDelayMs, maxDelayMs);
          report({ kind: 'attempt_failed', webhookId: item.webhook.id, attempt: item.attempts, error: result.error, retryAtMs: item.nextAttemptAtMs });
        }
      });
    }
    if (outcomes.length > 0) await record(outcomes);
    return {
      delivered: outcomes.filter((o) => o.kind === 'delivered').length,
      failed,
      gaveUp: outcomes.filter((o) => o.kind === 'gaveUp').length,
    };
  }

  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let stopping = false;

  const outbox: Outbox = {
    runOnce() {
      // One run at a time: a second caller waits for the run in progress, then starts its own.
      const previous = running ?? Promise.resolve(undefined);
      const next = previous.catch(() => undefined).then(run);
      running = next;
      void next.finally(() => {
        if (running === next) running = undefined;
      }).catch(() => undefined);
      return next;
    },
    start() {
      if (loop !== undefined) return;
      stopping = false;
      const intervalMs = options.intervalMs ?? 1_000;
      loop = (async () => {
        while (!stopping) {
          try {
            await outbox.runOnce();
          } catch (error) {
            report({ kind: 'run_failed', error });
          }
          if (stopping) break;
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            timer = setTimeout(resolve, intervalMs);
          });
        }
      })();
    },
    async stop() {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      wakeUp?.();
      await loop;
      loop = undefined;
      await running?.catch(() => undefined);
    },
    pending: () => [...pending.values()].map((item) => ({ ...item })),
  };
  return outbox;
}
