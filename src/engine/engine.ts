/**
 * The engine: request in, events and response out. `handle` routes, authenticates, validates,
 * asks the domain to decide, seals the resulting events into the hash chain, applies them, and
 * shapes the response from the new state.
 *
 * Every call is all-or-nothing. Everything that depends on the input (parsing, bounds, routing,
 * auth, validation, the decision, the size of every event to write) is settled before the first
 * event is applied, so a rejected call leaves state and head exactly as they were. What follows
 * (sealing, evolving, notifications, the response) cannot fail on any input; if it throws anyway,
 * that is a defect, and the engine halts (fail-stop) rather than serve state the log lacks.
 */
import { authenticate } from '../api/auth.js';
import { agentForToken } from '../domains/agents/credentials.js';
import { apiTokenAccess } from '../domains/api-tokens/credentials.js';
import type { Clock, HttpRequest, HttpResponse } from '../api/http.js';
import { bodyFingerprintText, parseRequest } from '../api/request.js';
import type { Accepted, Principal } from '../api/route.js';
import { createRouter } from '../api/router.js';
import { ROUTES } from '../api/routes/index.js';
import { assert, InvariantError, ReplayError } from '../core/assert.js';
import { type ApiError, apiError, errorBody } from '../core/errors.js';
import { eventIdAt, resourceId } from '../core/ids.js';
import { type Result, err, ok } from '../core/result.js';
import { formatInstant, instantToMs, parseInstant } from '../core/time.js';
import { type EventDraft, type EvolveContext, RECHECKED, TRUSTED } from '../domains/evolver.js';
import { PLATFORM_EVENTS } from '../domains/platform/events.js';
import type { DomainState } from '../domains/state.js';
import { EMPTY_HEAD, type EventEnvelope, LINE_LENGTH_MAX, sha256Hex, type Upcast } from '../log/index.js';
import { eventDataText } from '../log/codec.js';
import { sealEventWithDataText } from '../log/seal.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ENGINE_EVENTS, type IdempotentResponseStored } from './engine-events.js';
import { storedBody } from './idempotent-responses.js';
import { evolve } from './evolve.js';
import { genesisDraft } from './genesis.js';
import { type EngineOptions, type ResolvedOptions, resolveOptions } from './options.js';
import { type EngineSnapshot, snapshotOf, stateFromSnapshot } from './snapshot.js';
import { emptyState } from './state.js';
import { readonlyView } from './readonly-view.js';
import { checkpointDraft, checkpointDue, checkpointOptionsProblem } from './checkpoint-events.js';
import { NOTIFIERS, TIMER_HANDLERS } from './registry.js';
import { type Notification, WEBHOOK_EVENTS, type WebhookOutcome, type WebhookQueued } from '../domains/notifications.js';
import { webhookOutcomeDrafts } from './webhook-outcomes.js';
import { nextDueTimer, TIMER_EVENTS, type TimerFired } from '../domains/timers.js';

/** The time of a call (declared with the wire contract, api/http.ts). */
export type { Clock };

/** What `handle` returns: the response and the events to store (empty when rejected or read-only). */
export type HandleResult = { readonly response: HttpResponse; readonly events: readonly EventEnvelope[] };

/** The head of the log: last sequence number, its hash and time. */
export type LogHead = { readonly seq: number; readonly hash: string; readonly atMs: number };

/**
 * Thrown by every call to an engine that hit a defect while applying events (fail-stop): its
 * state may be ahead of the log it returned, so it serves nothing more. Rebuild an engine from
 * the stored log (`createEngine({ events })`, or a snapshot and its tail); `cause` is the defect.
 */
export class EngineHaltedError extends Error {
  override readonly name = 'EngineHaltedError';
  constructor(override readonly cause: unknown) {
    super(`the engine halted after a defect and must be rebuilt from its stored log: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** A running engine. */
export type Engine = {
  /**
   * Handles one API request at `clock.now`. All-or-nothing and total: any request, however
   * malformed, gets a response; a 4xx or 5xx writes no event and changes nothing.
   */
  readonly handle: (request: HttpRequest, clock: Clock) => HandleResult;
  /** Applies everything due at `now` (timers) and returns the events written. All-or-nothing. */
  readonly advance: (now: string | number) => readonly EventEnvelope[];
  /**
   * Records what a delivery loop did with queued webhooks, one `WebhookDelivered` or
   * `WebhookGaveUp` marker each, written like any other event (so a writer's head and the store
   * stay one). All-or-nothing: 409 CONFLICT names a webhook that is not pending (unknown, or
   * already recorded), 400 INVALID_INPUT a malformed outcome; then nothing is written.
   */
  readonly recordWebhookOutcomes: (outcomes: readonly WebhookOutcome[], clock: Clock) => Result<readonly EventEnvelope[], ApiError>;
  /** Engine command: money movements before `through` count as settled (gates NOT_YET_AVAILABLE). */
  readonly closeSettlement: (through: string, clock: Clock) => Result<readonly EventEnvelope[], ApiError>;
  /**
   * The derived state, as a read-only view: its collections' mutators throw a TypeError, and
   * its records are frozen. State changes only through handle, advance and replay.
   */
  readonly state: DomainState;
  /** The current head of the log. */
  readonly head: () => LogHead;
  /**
   * Applies events another writer appended after this head (a replica tailing the log, a
   * replay fed in chunks) and returns the new head. The batch's seq and prevHash links are all
   * checked before any is applied: a gap or broken link throws ReplayError (naming the seq) and
   * changes nothing. An event the state refuses is a corrupt log: ReplayError, and the engine
   * halts, since the events before it are applied.
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

/**
 * Room in a stored line besides the event's data: field names, seq, id, version, instant and the
 * two hashes take under 400 characters; the type is added per event.
 */
const ENVELOPE_OVERHEAD_MAX = 512;

/** An event about to be written: its draft and its data already encoded (measured once). */
type Measured = { readonly draft: EventDraft; readonly dataText: string };

/** Notification drafts as `WebhookQueued` events, each with its own `Webhook:<uuid>`. */
function webhookDrafts(notifications: readonly Notification[], at: string, newId: (type: string) => string): EventDraft[] {
  return notifications.map((n) => ({
    type: WEBHOOK_EVENTS.queued,
    data: { id: newId('Webhook'), type: n.type, timestamp: at, data: n.data } satisfies WebhookQueued,
  }));
}

/** Encodes each draft's data and checks that its line fits the log; undefined if one does not. */
function measure(drafts: readonly EventDraft[]): Measured[] | undefined {
  const out: Measured[] = [];
  for (const draft of drafts) {
    const dataText = eventDataText(draft.data);
    if (dataText.length + draft.type.length + ENVELOPE_OVERHEAD_MAX > LINE_LENGTH_MAX) return undefined;
    out.push({ draft, dataText });
  }
  return out;
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
  // The closures below never name `options`: a closure that did would keep the host's whole
  // `events` log and parsed `snapshot` alive as long as the engine (test/engine/retention.test.ts).
  const { upcast, checkpoints } = options;
  const resolved = resolveOptions(options);
  const initialHead: LogHead = options.snapshot?.head ?? { seq: EMPTY_HEAD.seq, hash: EMPTY_HEAD.hash, atMs: 0 };
  let state = options.snapshot === undefined ? emptyState(resolved) : stateFromSnapshot(options.snapshot, resolved.hotRecords);
  let view = readonlyView(state);
  let head = initialHead;
  // Replay trusts the checked log for whole-record soundness unless asked (EngineOptions.recheckRecords).
  const replayContext = options.recheckRecords === true ? RECHECKED : TRUSTED;
  if (options.events !== undefined) head = replayInto(state, options.events, head, replayContext, upcast);
  // What `forgetGenesis` restores. Genesis is only ever written on an uninitialized platform, which
  // a snapshot (taken after its log's genesis) or a replayed log never leaves.
  const initialSnapshot = state.platform.initialized ? undefined : options.snapshot;
  const freshState = (): DomainState => (initialSnapshot === undefined ? emptyState(resolved) : stateFromSnapshot(initialSnapshot, resolved.hotRecords));
  const secretDigest = secretDigester(resolved.secret);
  if (checkpoints !== undefined) {
    const problem = checkpointOptionsProblem(checkpoints);
    // A host configuration error, caught when the engine is made rather than at the first write.
    if (problem !== undefined) throw new TypeError(problem);
  }
  // Fail-stop: set once a defect threw while events were being applied.
  let halted: { cause: unknown } | undefined;
  // True once the running call has applied an event (a throw after that halts the engine).
  let applying = false;

  /** Seals measured events at `atMs`, applies them, advances the head; returns the envelopes. */
  function append(events: readonly Measured[], atMs: number): EventEnvelope[] {
    const at = formatInstant(atMs);
    const out: EventEnvelope[] = [];
    for (const { draft, dataText } of events) {
      const seq = head.seq + 1;
      const sealed = sealEventWithDataText(
        { seq: head.seq, hash: head.hash },
        { type: draft.type, version: draft.version ?? 1, at, data: draft.data },
        dataText,
        eventIdAt(resolved.seed, seq, atMs),
        resolved.sha256 === undefined ? {} : { sha256: resolved.sha256 },
      );
      applying = true;
      evolve(state, sealed.envelope, RECHECKED);
      head = { seq, hash: sealed.envelope.hash, atMs };
      out.push(sealed.envelope);
      const notifier = NOTIFIERS[draft.type];
      if (notifier !== undefined) out.push(...appendDrafts(webhookDrafts(notifier(state, sealed.envelope), at, minter(atMs)), atMs));
    }
    return out;
  }

  /** Appends drafts made by the engine itself (genesis, timers, webhooks, idempotency records). */
  function appendDrafts(drafts: readonly EventDraft[], atMs: number): EventEnvelope[] {
    const measured = measure(drafts);
    assert(measured !== undefined, 'an engine-made event is longer than a log line');
    return append(measured, atMs);
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
      out.push(...appendDrafts([firedDraft, ...drafts], atMs));
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
   * Genesis is applied before the first call decides (routes read the platform's accounts), but
   * kept only if that call writes: a read-only or rejected first call resets the state to new
   * (`forgetGenesis`), so the engine is exactly as before and a replica can still replay a log.
   * Its ids are minted at time 0, so the platform's account id depends on the seed alone.
   */
  function ensureGenesis(atMs: number): EventEnvelope[] {
    if (state.platform.initialized) return [];
    return appendDrafts([genesisDraft(resolved, formatInstant(atMs), minter(0))], atMs);
  }

  function forgetGenesis(): void {
    state = freshState();
    view = readonlyView(state);
    head = initialHead;
  }

  /**
   * Appends a signed checkpoint over the head when the host gave a key and `everyEvents` events
   * were written since the log's latest checkpoint (kept in state, so restarts keep the interval).
   */
  function checkpointIfDue(atMs: number): EventEnvelope[] {
    if (checkpoints === undefined || !checkpointDue(state.platform.lastCheckpointSeq ?? 0, head.seq, checkpoints)) return [];
    return appendDrafts([checkpointDraft(head, checkpoints)], atMs);
  }

  /** Runs one call under the all-or-nothing rule: a throw after events were applied halts. */
  function atomically<T>(call: () => T): T {
    if (halted !== undefined) throw new EngineHaltedError(halted.cause);
    applying = false;
    try {
      return call();
    } catch (error) {
      if (applying) halted = { cause: error };
      throw error;
    } finally {
      applying = false;
    }
  }

  const engine: Engine = {
    get state() {
      return view;
    },
    head: () => head,
    replay(events: Iterable<EventEnvelope>): LogHead {
      return atomically(() => {
        // Links first, so that a broken batch applies nothing; replayInto then skips them.
        const batch = checkLinks(events, head);
        applying = batch.length > 0;
        head = replayInto(state, batch, head, replayContext, upcast, LINKS_CHECKED);
        return head;
      });
    },
    snapshot() {
      assert(head.seq > 0, 'snapshot before the first write: the log is still empty');
      if (halted !== undefined) throw new EngineHaltedError(halted.cause);
      return snapshotOf(state, head);
    },
    handle(request: HttpRequest, clock: Clock): HandleResult {
      return atomically(() => {
        const atMs = instantOf(clock.now);
        const genesis = ensureGenesis(atMs);
        const outcome = decide(request, atMs);
        if (!outcome.ok || (outcome.value.events.length === 0 && outcome.value.idempotencyKey === undefined)) {
          const response = outcome.ok ? outcome.value.accepted.respond(state) : errorResponse(outcome.error);
          if (genesis.length > 0) forgetGenesis();
          return { response, events: [] };
        }
        const { accepted, events: measured, idempotencyKey, fingerprint } = outcome.value;
        const events = [...genesis, ...append(measured, atMs)];
        const response = accepted.respond(state);
        if (idempotencyKey !== undefined && response.status < 300) {
          const stored: IdempotentResponseStored = { key: idempotencyKey, fingerprint, status: response.status, body: response.body };
          events.push(...appendDrafts([{ type: ENGINE_EVENTS.idempotentResponseStored, data: stored }], atMs));
        }
        events.push(...checkpointIfDue(atMs));
        return { response, events };
      });
    },
    advance(now: string | number): readonly EventEnvelope[] {
      return atomically(() => {
        const atMs = instantOf(now);
        const genesis = ensureGenesis(atMs);
        const fired = fireDueTimers(atMs);
        if (fired.length === 0 && genesis.length > 0) {
          forgetGenesis();
          return [];
        }
        return fired.length === 0 ? [] : [...genesis, ...fired, ...checkpointIfDue(atMs)];
      });
    },
    recordWebhookOutcomes(outcomes: readonly WebhookOutcome[], clock: Clock): Result<readonly EventEnvelope[], ApiError> {
      return atomically(() => {
        const atMs = instantOf(clock.now);
        const drafts = webhookOutcomeDrafts(state, outcomes);
        if (!drafts.ok) return drafts;
        if (drafts.value.length === 0) return ok([]);
        return ok([...appendDrafts(drafts.value, atMs), ...checkpointIfDue(atMs)]);
      });
    },
    closeSettlement(through: string, clock: Clock): Result<readonly EventEnvelope[], ApiError> {
      return atomically(() => {
        const throughMs = parseInstant(through);
        if (throughMs === undefined) return err(apiError('INVALID_INPUT', 'through must be an ISO instant with offset'));
        const atMs = instantOf(clock.now);
        if (throughMs > atMs) return err(apiError('INVALID_INPUT', 'settlement cannot close in the future'));
        const genesis = ensureGenesis(atMs);
        const cutoff = appendDrafts([{ type: PLATFORM_EVENTS.settlementCutoffAdvanced, data: { through: formatInstant(throughMs) } }], atMs);
        return ok([...genesis, ...cutoff, ...checkpointIfDue(atMs)]);
      });
    },
  };

  type Decided = {
    accepted: Accepted<DomainState>;
    events: readonly Measured[];
    idempotencyKey: string | undefined;
    fingerprint: string;
  };

  function decide(request: HttpRequest, atMs: number): Result<Decided, ApiError> {
    const parsed = parseRequest(request);
    if (!parsed.ok) return parsed;
    const match = ROUTER.match(parsed.value.method, parsed.value.path);
    if (!match.ok) return match;
    const principal = authenticate(parsed.value.headers, match.value.route.auth, {
      platformId: resolved.platformId,
      credentials: resolved.credentials,
      agentForToken: (token) => agentForToken(state, token),
      tokenForCredential: (user, secret) => apiTokenAccess(state, user, secret, { method: parsed.value.method, path: match.value.route.path }),
    });
    if (!principal.ok) return principal;
    const rawKey = parsed.value.headers.get('idempotency-key');
    const idempotencyKey =
      rawKey === undefined || parsed.value.method === 'GET'
        ? undefined
        : `${principalKey(principal.value)}|${parsed.value.method} ${parsed.value.path}|${rawKey}`;
    const hash = resolved.sha256 ?? sha256Hex;
    const fingerprint = idempotencyKey === undefined ? '' : hash(bodyFingerprintText(parsed.value));
    if (idempotencyKey !== undefined) {
      const stored = state.idempotency.get(idempotencyKey);
      if (stored !== undefined) {
        // Logs written before fingerprints were canonical hold the hash of the body as sent.
        const same = stored.fingerprint === fingerprint || stored.fingerprint === hash(JSON.stringify(parsed.value.body) ?? '');
        if (!same) return err(apiError('CONFLICT', 'Idempotency-Key was already used with a different request body'));
        return ok({ accepted: { events: [], respond: () => ({ status: stored.status, body: storedBody(state, stored) }) }, events: [], idempotencyKey: undefined, fingerprint });
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
      secretDigest,
    });
    if (!accepted.ok) return accepted;
    const events = measure(accepted.value.events);
    if (events === undefined) return err(apiError('PAYLOAD_TOO_LARGE', 'The request would write an event longer than a log line'));
    return ok({ accepted: accepted.value, events, idempotencyKey, fingerprint });
  }

  return engine;
}

/** HMAC-SHA256 (hex) under the host's secret; the key is encoded once. */
function secretDigester(secret: string): (message: string) => string {
  const key = utf8ToBytes(secret);
  return (message) => bytesToHex(hmac(sha256, key, utf8ToBytes(message)));
}

/** The batch as an array, after checking its seq and prevHash links from `start` (nothing applied). */
function checkLinks(events: Iterable<EventEnvelope>, start: LogHead): EventEnvelope[] {
  const batch = Array.isArray(events) ? (events as EventEnvelope[]) : [...events];
  let seq = start.seq;
  let hash = start.hash;
  for (const event of batch) {
    if (event.seq !== seq + 1) throw new ReplayError(seq + 1, `log gap: expected seq ${seq + 1}, got ${event.seq}`);
    if (event.prevHash !== hash) throw new ReplayError(event.seq, `log chain broken at seq ${event.seq}`);
    seq = event.seq;
    hash = event.hash;
  }
  return batch;
}

/** Who owns an idempotency key: keys of two agents (or an agent and the platform) never collide. */
function principalKey(principal: Principal): string {
  return principal.kind === 'agent' ? `agent:${principal.agentId}` : principal.kind;
}

function errorResponse(error: ApiError): HttpResponse {
  return { status: error.status, body: errorBody(error) };
}

/** Says that `replayInto`'s events were checked by `checkLinks` from the same start. */
const LINKS_CHECKED = true;

/**
 * Applies `events` from `start`, checking each seq and prevHash link unless `linksChecked` says
 * `checkLinks` already did (engine.replay: one pass over the links, not two).
 */
function replayInto(state: DomainState, events: Iterable<EventEnvelope>, start: LogHead, context: EvolveContext, upcast?: Upcast, linksChecked = false): LogHead {
  let seq = start.seq;
  let hash = start.hash;
  let lastAt: string | undefined;
  try {
    for (const event of events) {
      // Messages are built only on failure: this loop runs once per event of the log.
      if (!linksChecked) {
        if (event.seq !== seq + 1) assert(false, `log gap: expected seq ${seq + 1}, got ${event.seq}`);
        if (event.prevHash !== hash) assert(false, `log chain broken at seq ${event.seq}`);
      }
      if (upcast === undefined) evolve(state, event, context);
      else {
        const current = upcast(event);
        if (!current.ok) assert(false, `cannot upcast seq ${event.seq}: ${current.error.reason}`);
        else evolve(state, current.value, context);
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
