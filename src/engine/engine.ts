/**
 * The engine: request in, events and response out. `handle` routes, authenticates, validates,
 * asks the domain to decide, seals the resulting events into the hash chain, applies them, and
 * shapes the response from the new state. A rejected request appends nothing and changes nothing.
 */
import { authenticate } from '../api/auth.js';
import { agentForToken } from '../domains/agents/credentials.js';
import type { HttpRequest, HttpResponse } from '../api/http.js';
import { parseRequest } from '../api/request.js';
import type { Accepted, Principal } from '../api/route.js';
import { createRouter } from '../api/router.js';
import { ROUTES } from '../api/routes/index.js';
import { assert, InvariantError, ReplayError } from '../core/assert.js';
import { type ApiError, apiError, errorBody } from '../core/errors.js';
import { eventIdAt, resourceId } from '../core/ids.js';
import { type Result, err, ok } from '../core/result.js';
import { formatInstant, instantToMs, parseInstant } from '../core/time.js';
import type { EventDraft } from '../domains/evolver.js';
import { PLATFORM_EVENTS } from '../domains/platform/events.js';
import type { DomainState } from '../domains/state.js';
import { EMPTY_HEAD, type EventEnvelope, sealEvent, sha256Hex, type Upcast } from '../log/index.js';
import { ENGINE_EVENTS, type IdempotentResponseStored } from './engine-events.js';
import { evolve } from './evolve.js';
import { genesisDraft } from './genesis.js';
import { type EngineOptions, type ResolvedOptions, resolveOptions } from './options.js';
import { type EngineSnapshot, snapshotOf, stateFromSnapshot } from './snapshot.js';
import { emptyState } from './state.js';
import { NOTIFIERS, TIMER_HANDLERS } from './registry.js';
import { type Notification, WEBHOOK_EVENTS, type WebhookQueued } from '../domains/notifications.js';
import { nextDueTimer, TIMER_EVENTS, type TimerFired } from '../domains/timers.js';

/** The time of a call: an ISO instant with offset, or epoch milliseconds. */
export type Clock = { readonly now: string | number };

/** What `handle` returns: the response and the events to store (empty when rejected or read-only). */
export type HandleResult = { readonly response: HttpResponse; readonly events: readonly EventEnvelope[] };

/** The head of the log: last sequence number, its hash and time. */
export type LogHead = { readonly seq: number; readonly hash: string; readonly atMs: number };

/** A running engine. */
export type Engine = {
  /** Handles one API request at `clock.now`. Never throws for bad input; a throw is a bug. */
  readonly handle: (request: HttpRequest, clock: Clock) => HandleResult;
  /** Applies everything due at `now` (timers) and returns the events written. */
  readonly advance: (now: string | number) => readonly EventEnvelope[];
  /** Engine command: money movements before `through` count as settled (gates NOT_YET_AVAILABLE). */
  readonly closeSettlement: (through: string, clock: Clock) => Result<readonly EventEnvelope[], ApiError>;
  /** The derived state, for reading only. */
  readonly state: DomainState;
  /** The current head of the log. */
  readonly head: () => LogHead;
  /**
   * Applies events another writer appended after this head (a replica tailing the log, a
   * replay fed in chunks) and returns the new head. Throws ReplayError (an InvariantError naming
   * the event's seq), as replay in `createEngine` does, on a gap, a broken link or an event the
   * state refuses; the engine must then be discarded, since the events before the bad one are
   * applied.
   * @example
   * for (const chunk of chunks) replica.replay(chunk);
   */
  readonly replay: (events: Iterable<EventEnvelope>) => LogHead;
  /**
   * The derived state at the head as one JSON-safe value; `createEngine({ snapshot, events })`
   * resumes from it. Take it after the first write (before it the log is empty).
   */
  readonly snapshot: () => EngineSnapshot;
};

const ROUTER = createRouter(ROUTES);

/** Most timers one `advance` call fires; a later call continues (a bound on every loop). */
export const TIMERS_PER_ADVANCE_MAX = 100_000;

/** Notification drafts as `WebhookQueued` events, each with its own `Webhook:<uuid>`. */
function webhookDrafts(notifications: readonly Notification[], at: string, newId: (type: string) => string): EventDraft[] {
  return notifications.map((n) => ({
    type: WEBHOOK_EVENTS.queued,
    data: { id: newId('Webhook'), type: n.type, timestamp: at, data: n.data } satisfies WebhookQueued,
  }));
}

/**
 * Creates an engine; with `options.events` it first replays that log (seq gapless from 1, each
 * prevHash the previous hash) and then continues it.
 * @example
 * const engine = createEngine();
 * const { response, events } = engine.handle(
 *   { method: 'POST', path: '/customers', headers: { authorization }, body },
 *   { now: '2026-01-05T10:00:00Z' },
 * );
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const resolved = resolveOptions(options);
  const state = options.snapshot === undefined ? emptyState(resolved) : stateFromSnapshot(options.snapshot);
  let head: LogHead = options.snapshot?.head ?? { seq: EMPTY_HEAD.seq, hash: EMPTY_HEAD.hash, atMs: 0 };
  if (options.events !== undefined) head = replayInto(state, options.events, head, options.upcast);

  /** Seals drafts at `atMs`, applies them, advances the head; returns the envelopes. */
  function append(drafts: readonly EventDraft[], atMs: number): EventEnvelope[] {
    const at = formatInstant(atMs);
    const out: EventEnvelope[] = [];
    for (const draft of drafts) {
      const seq = head.seq + 1;
      const sealed = sealEvent(
        { seq: head.seq, hash: head.hash },
        { type: draft.type, version: draft.version ?? 1, at, data: draft.data },
        eventIdAt(resolved.seed, seq, atMs),
        resolved.sha256 === undefined ? {} : { sha256: resolved.sha256 },
      );
      evolve(state, sealed.envelope);
      head = { seq, hash: sealed.envelope.hash, atMs };
      out.push(sealed.envelope);
      const notifier = NOTIFIERS[draft.type];
      if (notifier !== undefined) out.push(...append(webhookDrafts(notifier(state, sealed.envelope), at, minter(atMs)), atMs));
    }
    return out;
  }

  /** Fires every timer due by `nowMs`, each at its due time (never before the head). */
  function fireDueTimers(nowMs: number): EventEnvelope[] {
    const out: EventEnvelope[] = [];
    for (let fired = 0; fired < TIMERS_PER_ADVANCE_MAX; fired += 1) {
      const timer = nextDueTimer(state, nowMs);
      if (timer === undefined) return out;
      const atMs = Math.max(timer.dueAtMs, head.atMs);
      const handler = TIMER_HANDLERS[timer.kind];
      assert(handler !== undefined, `no handler for timer kind ${timer.kind}`);
      const drafts = handler(state, timer, { nowMs: atMs, at: formatInstant(atMs), newId: minter(atMs) });
      const firedDraft: EventDraft = { type: TIMER_EVENTS.fired, data: { timerId: timer.id, kind: timer.kind, ref: timer.ref } satisfies TimerFired };
      out.push(...write([firedDraft, ...drafts], atMs));
    }
    return out;
  }

  function minter(atMs: number): (type: string) => string {
    let index = 0;
    const seq = head.seq + 1;
    return (type) => resourceId(type, resolved.seed, { seq, atMs, index: index++ });
  }

  /** The instant of a call: never before the head, so the log's times never go backwards. */
  function instantOf(now: string | number): number {
    const ms = typeof now === 'number' ? now : parseInstant(now);
    assert(ms !== undefined && Number.isFinite(ms), `clock.now must be an ISO instant with offset or epoch ms, got ${String(now)}`);
    return Math.max(ms, head.atMs);
  }

  /**
   * Genesis is applied on the first call but stored (returned) only with the first write, so a
   * read-only or rejected first request writes nothing. Its ids are minted at time 0, so the
   * platform's account id depends on the seed alone, whenever the first call comes.
   */
  let unflushed: EventEnvelope[] = [];
  function ensureGenesis(atMs: number): void {
    if (state.platform.initialized) return;
    unflushed = append([genesisDraft(resolved, formatInstant(atMs), minter(0))], atMs);
  }

  /** Appends drafts and returns them behind any genesis not yet handed out. */
  function write(drafts: readonly EventDraft[], atMs: number): EventEnvelope[] {
    const events = [...unflushed, ...append(drafts, atMs)];
    unflushed = [];
    return events;
  }

  const engine: Engine = {
    state,
    head: () => head,
    replay(events: Iterable<EventEnvelope>): LogHead {
      assert(unflushed.length === 0, 'replay after a call that has not written yet: the log would fork');
      head = replayInto(state, events, head, options.upcast);
      return head;
    },
    snapshot() {
      assert(unflushed.length === 0, 'snapshot before the first write: the log is still empty');
      return snapshotOf(state, head);
    },
    handle(request: HttpRequest, clock: Clock): HandleResult {
      const atMs = instantOf(clock.now);
      ensureGenesis(atMs);
      const outcome = decide(request, atMs);
      if (!outcome.ok) return { response: errorResponse(outcome.error), events: [] };
      const { accepted, idempotencyKey, fingerprint } = outcome.value;
      if (accepted.events.length === 0 && idempotencyKey === undefined) return { response: accepted.respond(state), events: [] };
      const events = write(accepted.events, atMs);
      const response = accepted.respond(state);
      if (idempotencyKey !== undefined && response.status < 300) {
        const stored: IdempotentResponseStored = { key: idempotencyKey, fingerprint, status: response.status, body: response.body };
        events.push(...append([{ type: ENGINE_EVENTS.idempotentResponseStored, data: stored }], atMs));
      }
      return { response, events };
    },
    advance(now: string | number): readonly EventEnvelope[] {
      const atMs = instantOf(now);
      ensureGenesis(atMs);
      return fireDueTimers(atMs);
    },
    closeSettlement(through: string, clock: Clock): Result<readonly EventEnvelope[], ApiError> {
      const throughMs = parseInstant(through);
      if (throughMs === undefined) return err(apiError('INVALID_INPUT', 'through must be an ISO instant with offset'));
      const atMs = instantOf(clock.now);
      if (throughMs > atMs) return err(apiError('INVALID_INPUT', 'settlement cannot close in the future'));
      ensureGenesis(atMs);
      return ok(write([{ type: PLATFORM_EVENTS.settlementCutoffAdvanced, data: { through: formatInstant(throughMs) } }], atMs));
    },
  };

  type Decided = { accepted: Accepted<DomainState>; idempotencyKey: string | undefined; fingerprint: string };

  function decide(request: HttpRequest, atMs: number): Result<Decided, ApiError> {
    const parsed = parseRequest(request);
    if (!parsed.ok) return parsed;
    const match = ROUTER.match(parsed.value.method, parsed.value.path);
    if (!match.ok) return match;
    const principal = authenticate(parsed.value.headers, match.value.route.auth, {
      platformId: resolved.platformId,
      credentials: resolved.credentials,
      agentForToken: (token) => agentForToken(state, token),
    });
    if (!principal.ok) return principal;
    const rawKey = parsed.value.headers.get('idempotency-key');
    const idempotencyKey =
      rawKey === undefined || parsed.value.method === 'GET'
        ? undefined
        : `${principalKey(principal.value)}|${parsed.value.method} ${parsed.value.path}|${rawKey}`;
    const fingerprint = idempotencyKey === undefined ? '' : (resolved.sha256 ?? sha256Hex)(parsed.value.bodyText);
    if (idempotencyKey !== undefined) {
      const stored = state.idempotency.get(idempotencyKey);
      if (stored !== undefined) {
        if (stored.fingerprint !== fingerprint) {
          return err(apiError('CONFLICT', 'Idempotency-Key was already used with a different request body'));
        }
        return ok({ accepted: { events: [], respond: () => ({ status: stored.status, body: stored.body }) }, idempotencyKey: undefined, fingerprint });
      }
    }
    const accepted = match.value.route.handle({
      request: parsed.value,
      params: match.value.params,
      state,
      nowMs: atMs,
      at: formatInstant(atMs),
      principal: principal.value,
      newId: minter(atMs),
    });
    if (!accepted.ok) return accepted;
    return ok({ accepted: accepted.value, idempotencyKey, fingerprint });
  }

  return engine;
}

/** Who owns an idempotency key: keys of two agents (or an agent and the platform) never collide. */
function principalKey(principal: Principal): string {
  return principal.kind === 'agent' ? `agent:${principal.agentId}` : principal.kind;
}

function errorResponse(error: ApiError): HttpResponse {
  return { status: error.status, body: errorBody(error) };
}

function replayInto(state: DomainState, events: Iterable<EventEnvelope>, start: LogHead, upcast?: Upcast): LogHead {
  let seq = start.seq;
  let hash = start.hash;
  let lastAt: string | undefined;
  try {
    for (const event of events) {
      // Messages are built only on failure: this loop runs once per event of the log.
      if (event.seq !== seq + 1) assert(false, `log gap: expected seq ${seq + 1}, got ${event.seq}`);
      if (event.prevHash !== hash) assert(false, `log chain broken at seq ${event.seq}`);
      if (upcast === undefined) evolve(state, event);
      else {
        const current = upcast(event);
        if (!current.ok) assert(false, `cannot upcast seq ${event.seq}: ${current.error.reason}`);
        else evolve(state, current.value);
      }
      seq = event.seq;
      hash = event.hash;
      lastAt = event.at;
    }
  } catch (error) {
    // Name the event that failed, so that an auditor can report it without tracking every seq.
    if (error instanceof InvariantError && !(error instanceof ReplayError)) throw new ReplayError(seq + 1, error.message);
    throw error;
  }
  return { seq, hash, atMs: lastAt === undefined ? start.atMs : instantToMs(lastAt) };
}

export type { ResolvedOptions };
