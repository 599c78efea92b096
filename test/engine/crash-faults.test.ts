/**
 * Crash faults between the engine and its store (issue 11). A host that crashes after `handle`
 * answered but before it stored the events has lost that call: rebuilt from what was stored and
 * asked again, the engine must end consistent (the same events when retried at the same instant,
 * a log that replays to the live state when retried later). A host that stores a batch twice
 * (replays the same events again) must be refused with the seq named, and nothing applied.
 * The calls come from a seeded simulator session, so every route the simulator drives is covered.
 */
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../src/api/http.js';
import { ReplayError } from '../../src/core/assert.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EngineOptions } from '../../src/engine/options.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { operationsOf, runSession, SANDBOX_AUTHORIZATION, sessionOptions } from '../../src/testing/index.js';
import { stateText } from '../support/state-text.js';

const OPTIONS: EngineOptions = { regulated: true, seed: 3 };

/** One call the host made, what the engine answered and the events it returned. */
type Call =
  | { readonly kind: 'request'; readonly request: HttpRequest; readonly nowMs: number; readonly response: HttpResponse; readonly events: readonly EventEnvelope[]; readonly storedBefore: number }
  | { readonly kind: 'advance'; readonly nowMs: number; readonly events: readonly EventEnvelope[]; readonly storedBefore: number };

/** A seeded session against an engine, recording every call and the log as stored. */
function recordedSession(seed: number, steps: number): { engine: Engine; log: EventEnvelope[]; calls: Call[] } {
  const engine = createEngine(OPTIONS);
  const log: EventEnvelope[] = [];
  const calls: Call[] = [];
  const operations = operationsOf(seed);
  runSession(
    {
      handle(request, nowMs) {
        const storedBefore = log.length;
        const { response, events } = engine.handle(request, { now: nowMs });
        log.push(...events);
        calls.push({ kind: 'request', request, nowMs, response, events, storedBefore });
        return response;
      },
      advance(nowMs) {
        const storedBefore = log.length;
        const events = engine.advance(nowMs);
        log.push(...events);
        calls.push({ kind: 'advance', nowMs, events, storedBefore });
      },
    },
    take(operations, steps),
    sessionOptions(),
  );
  return { engine, log, calls };
}

function* take<T>(source: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i += 1) {
    const next = source.next();
    if (next.done === true) return;
    yield next.value;
  }
}

/** Sends `call` again to `engine` at `nowMs`; returns the answer and events. */
function retry(engine: Engine, call: Call, nowMs: number): { response: HttpResponse | undefined; events: readonly EventEnvelope[] } {
  if (call.kind === 'advance') return { response: undefined, events: engine.advance(nowMs) };
  const { response, events } = engine.handle(call.request, { now: nowMs });
  return { response, events };
}

function describeCall(call: Call): string {
  return call.kind === 'advance' ? `advance @${call.nowMs}` : `${call.request.method} ${call.request.path.split('?')[0]}`;
}

const SESSION = recordedSession(21, 120);
/** Every writing call of the session (requests and timer firings), some of each route. */
const WRITES = SESSION.calls.filter((call) => call.events.length > 0);

describe('crash faults: the events of a call are lost before they are stored', () => {
  it('the session wrote through many routes and fired timers (the cases below cover them)', () => {
    const routes = new Set(WRITES.map(describeCall).map((name) => name.replace(/[A-Za-z]+:[0-9a-f-]{36}/g, '{id}').replace(/@\d+/, '')));
    expect(routes.size).toBeGreaterThan(20);
    expect(WRITES.some((call) => call.kind === 'advance')).toBe(true);
  });

  it('rebuilt from what was stored, the same call at the same instant writes the same events and answers the same', () => {
    for (const call of WRITES) {
      const rebuilt = createEngine({ ...OPTIONS, events: SESSION.log.slice(0, call.storedBefore) });
      const again = retry(rebuilt, call, call.nowMs);
      expect(again.events.map((e) => e.hash), describeCall(call)).toEqual(call.events.map((e) => e.hash));
      if (call.kind === 'request') expect(JSON.stringify(again.response), describeCall(call)).toBe(JSON.stringify(call.response));
    }
  });

  it('retried later, the call is accepted again, the ledger holds, and the stored log replays to the rebuilt engine', () => {
    for (const call of WRITES.filter((_, i) => i % 3 === 0)) {
      const stored = SESSION.log.slice(0, call.storedBefore);
      const rebuilt = createEngine({ ...OPTIONS, events: stored });
      const again = retry(rebuilt, call, call.nowMs + 5_000);
      if (call.kind === 'request') expect(again.response?.status, describeCall(call)).toBe(call.response.status);
      expect(rebuilt.state.ledger.checkInvariants()).toEqual([]);
      const log = [...stored, ...again.events];
      expect(rebuilt.head().seq).toBe(log.length);
      expect(stateText(createEngine({ ...OPTIONS, events: log })), describeCall(call)).toBe(stateText(rebuilt));
    }
  });

  it('a lost keyed write is executed afresh on retry (its stored answer was lost too), then the key answers without writing', () => {
    const keyed = WRITES.filter((call): call is Extract<Call, { kind: 'request' }> => call.kind === 'request' && call.request.headers?.['Idempotency-Key'] !== undefined);
    expect(keyed.length).toBeGreaterThan(3);
    for (const call of keyed) {
      const rebuilt = createEngine({ ...OPTIONS, events: SESSION.log.slice(0, call.storedBefore) });
      const first = rebuilt.handle(call.request, { now: call.nowMs + 1_000 });
      expect(first.response.status, describeCall(call)).toBe(call.response.status);
      expect(first.events.map((e) => e.type)).toContain('IdempotentResponseStored');
      const second = rebuilt.handle(call.request, { now: call.nowMs + 2_000 });
      expect(second.events).toEqual([]);
      expect(JSON.stringify(second.response)).toBe(JSON.stringify(first.response));
    }
  });
});

describe('crash faults: a batch stored twice', () => {
  const { log } = SESSION;
  const batches = WRITES.filter((call) => call.events.length >= 2).slice(0, 12);

  it('a replica refuses the same batch again with a ReplayError naming the seq, and changes nothing', () => {
    expect(batches.length).toBeGreaterThan(5);
    for (const call of batches) {
      const batch = call.events;
      const replica = createEngine({ ...OPTIONS, events: log.slice(0, call.storedBefore) });
      replica.replay(batch);
      const head = replica.head();
      const before = stateText(replica);
      let caught: unknown;
      try {
        replica.replay(batch);
      } catch (error) {
        caught = error;
      }
      expect(caught, describeCall(call)).toBeInstanceOf(ReplayError);
      expect((caught as ReplayError).seq).toBe(head.seq + 1);
      expect((caught as ReplayError).message).toContain(`got ${batch[0]?.seq}`);
      expect(replica.head()).toEqual(head);
      expect(stateText(replica)).toBe(before);
      // The replica is still good: it takes the next events the writer stored.
      const rest = log.slice(call.storedBefore + batch.length);
      expect(replica.replay(rest).seq).toBe(log.length);
    }
  });

  it('a replica refuses a batch that repeats its last stored events before new ones, applying none of the new ones', () => {
    const call = batches[batches.length - 1]!;
    const end = call.storedBefore + call.events.length;
    const replica = createEngine({ ...OPTIONS, events: log.slice(0, end) });
    const head = replica.head();
    const overlapping = log.slice(end - 2, end + 3);
    expect(() => replica.replay(overlapping)).toThrow(ReplayError);
    expect(() => replica.replay(overlapping)).toThrow(`expected seq ${head.seq + 1}, got ${head.seq - 1}`);
    expect(replica.head()).toEqual(head);
  });

  it('a replica refuses a batch holding one event twice, before applying any of it', () => {
    const call = batches[0]!;
    const replica = createEngine({ ...OPTIONS, events: log.slice(0, call.storedBefore) });
    const head = replica.head();
    const before = stateText(replica);
    const doubled = [call.events[0]!, call.events[0]!, ...call.events.slice(1)];
    let caught: unknown;
    try {
      replica.replay(doubled);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReplayError);
    expect((caught as ReplayError).seq).toBe(head.seq + 2);
    expect(replica.head()).toEqual(head);
    expect(stateText(replica)).toBe(before);
  });

  it('an engine built from a log that holds a batch twice is refused with the seq named', () => {
    const call = batches[2]!;
    const end = call.storedBefore + call.events.length;
    const doubled = [...log.slice(0, end), ...call.events];
    let caught: unknown;
    try {
      createEngine({ ...OPTIONS, events: doubled });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReplayError);
    expect((caught as ReplayError).seq).toBe(end + 1);
    expect((caught as ReplayError).message).toContain(`expected seq ${end + 1}, got ${call.events[0]?.seq}`);
  });
});

describe('crash faults: the authorization the session used', () => {
  it('is the sandbox platform credential (the retries above are authorized as the originals)', () => {
    const first = SESSION.calls.find((call) => call.kind === 'request');
    expect(first?.kind === 'request' ? first.request.headers?.authorization : undefined).toBe(SANDBOX_AUTHORIZATION);
  });
});
