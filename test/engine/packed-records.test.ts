/**
 * Settled records are packed (docs/architecture.md): how many records a store keeps as objects
 * (`hotRecords`) trades memory for CPU and never changes an answer. Three engines take the same
 * sessions over every resource, one packing nothing, one the default, one packing every record
 * but the last one changed: each request gets the same response and writes the same events,
 * reads after the session agree, and so do their snapshots and replays. Engines loaded from a
 * snapshot taken mid-session with each setting (their records packed as the snapshot saved
 * them, objects again once changed) continue the session as the engine that wrote it and save
 * the same snapshot text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineOptions, type EngineSnapshot, type EventEnvelope, type HttpRequest } from '../../src/index.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { readRequests, runSession, SANDBOX_AUTHORIZATION, sessionArbitrary, sessionOptions } from '../../src/testing/index.js';
import { answersOf } from '../../src/testing/checks.js';
import { SIMULATION_START_MS, simulate } from '../../src/testing/simulate.js';
import { stateText } from '../support/state-text.js';

const HOT_SETTINGS = [Number.POSITIVE_INFINITY, undefined, 1] as const;

function engines(): Engine[] {
  return HOT_SETTINGS.map((hot) => createEngine({ regulated: true, ...(hot === undefined ? {} : { hotRecords: hot }) }));
}

/** Engines loaded from one snapshot text, one per hotRecords setting (undefined: the default). */
function loadedEngines(text: string, settings: readonly (number | undefined)[] = HOT_SETTINGS, options: EngineOptions = { regulated: true }): Engine[] {
  return settings.map((hot) => createEngine({ ...options, snapshot: JSON.parse(text) as EngineSnapshot, ...(hot === undefined ? {} : { hotRecords: hot }) }));
}

/** How many calls (requests and timer advances) `operations` make against a new engine. */
function sessionCalls(operations: Parameters<typeof runSession>[1]): number {
  const engine = createEngine({ regulated: true });
  let calls = 0;
  const count = (): void => {
    calls += 1;
  };
  runSession(
    {
      handle(request: HttpRequest, nowMs: number) {
        count();
        return engine.handle(request, { now: nowMs }).response;
      },
      advance(nowMs: number) {
        count();
        engine.advance(nowMs);
      },
    },
    operations,
    sessionOptions(),
  );
  return calls;
}

// One simulated session over every resource (the simulator's own checks run too), shared.
const SIMULATION_OPTIONS = { regulated: true, seed: 5 } as const;
const simulation = simulate({ seed: 5, steps: 120 });

describe('hotRecords never changes an answer', () => {
  it('same responses, events, reads and snapshots whether records are packed or not', () => {
    fc.assert(
      fc.property(sessionArbitrary({ maxSteps: 60 }), (operations) => {
        const [plain, ...packed] = engines() as [Engine, ...Engine[]];
        const logs: EventEnvelope[][] = HOT_SETTINGS.map(() => []);
        const all = [plain, ...packed];
        const report = runSession(
          {
            handle(request: HttpRequest, nowMs: number) {
              const results = all.map((engine) => engine.handle(request, { now: nowMs }));
              results.forEach((result, i) => {
                logs[i]!.push(...result.events);
              });
              for (const result of results.slice(1)) {
                expect(result.response).toEqual(results[0]!.response);
                expect(result.events).toEqual(results[0]!.events);
              }
              return results[0]!.response;
            },
            advance(nowMs: number) {
              const written = all.map((engine) => engine.advance(nowMs));
              written.forEach((events, i) => {
                logs[i]!.push(...events);
              });
              for (const events of written.slice(1)) expect(events).toEqual(written[0]);
            },
          },
          operations,
          sessionOptions(),
        );
        const reads = readRequests(report.model, SANDBOX_AUTHORIZATION, report.nowMs);
        const answers = (engine: Engine) => reads.map((read) => engine.handle(read, { now: report.nowMs }).response);
        const expected = answers(plain);
        for (const engine of packed) expect(answers(engine)).toEqual(expected);
        // An engine that wrote nothing has no snapshot to take.
        if (logs[0]!.length > 0) {
          const snapshotText = JSON.stringify(plain.snapshot());
          for (const engine of packed) expect(JSON.stringify(engine.snapshot())).toBe(snapshotText);
          // Snapshots save records as codec bytes, which keep what JSON drops (undefined values,
          // -0): a log read back from its text must still save the writer's snapshot.
          const fromText = createEngine({ regulated: true, events: JSON.parse(JSON.stringify(logs[0])) as EventEnvelope[] });
          expect(JSON.stringify(fromText.snapshot())).toBe(snapshotText);
        }
        // A replay that packs every record answers as the live engine that packed none.
        const replayed = createEngine({ regulated: true, hotRecords: 1, events: logs[0]! });
        expect(answers(replayed)).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });

  it('a snapshot loaded mid-session with any hotRecords continues the session as the engine that wrote it', () => {
    fc.assert(
      fc.property(sessionArbitrary({ maxSteps: 60 }), fc.nat(), (operations, cutSeed) => {
        // The cut falls on one of the session's calls (counted by a first run of the same
        // session: an engine answers a session the same way every time).
        const cutAtCall = 1 + (cutSeed % Math.max(1, sessionCalls(operations)));
        // The writer packs nothing; from the cut on, engines loaded from its snapshot take every
        // call too, and answer it as the writer does.
        const writer = createEngine({ regulated: true, hotRecords: Number.POSITIVE_INFINITY });
        let loaded: Engine[] = [];
        let calls = 0;
        const cutIfDue = (): void => {
          calls += 1;
          // An engine that wrote nothing has no snapshot to take: the cut waits for a write.
          if (loaded.length > 0 || calls < cutAtCall || writer.head().seq === 0) return;
          loaded = loadedEngines(JSON.stringify(writer.snapshot()));
        };
        const report = runSession(
          {
            handle(request: HttpRequest, nowMs: number) {
              cutIfDue();
              const expected = writer.handle(request, { now: nowMs });
              for (const engine of loaded) {
                const result = engine.handle(request, { now: nowMs });
                expect(result.response).toEqual(expected.response);
                expect(result.events).toEqual(expected.events);
              }
              return expected.response;
            },
            advance(nowMs: number) {
              cutIfDue();
              const expected = writer.advance(nowMs);
              for (const engine of loaded) expect(engine.advance(nowMs)).toEqual(expected);
            },
          },
          operations,
          sessionOptions(),
        );
        if (writer.head().seq === 0) return;
        // The session's last call came before any write: loaded at its end, so the reads below are a load's first.
        if (loaded.length === 0) loaded = loadedEngines(JSON.stringify(writer.snapshot()));
        const reads = readRequests(report.model, SANDBOX_AUTHORIZATION, report.nowMs);
        const answers = (engine: Engine) => reads.map((read) => engine.handle(read, { now: report.nowMs }).response);
        const expected = answers(writer);
        for (const engine of loaded) expect(answers(engine)).toEqual(expected);
        const snapshotText = JSON.stringify(writer.snapshot());
        for (const engine of loaded) expect(JSON.stringify(engine.snapshot())).toBe(snapshotText);
      }),
      { numRuns: 16 },
    );
  });

  it('a snapshot loaded mid-log with hotRecords 1 replays the rest of the log into the state the writer reached', () => {
    const cut = Math.floor(simulation.log.length / 2);
    const prefix = createEngine({ ...SIMULATION_OPTIONS, events: simulation.log.slice(0, cut) });
    const [resumed] = loadedEngines(JSON.stringify(prefix.snapshot()), [1], SIMULATION_OPTIONS) as [Engine];
    resumed.replay(simulation.log.slice(cut));
    expect(stateText(resumed)).toBe(stateText(simulation.engine));
    const nowMs = SIMULATION_START_MS + simulation.simulatedMs + 60_000;
    const reads = readRequests(simulation.model, SANDBOX_AUTHORIZATION, nowMs);
    expect(answersOf(resumed, reads, nowMs)).toEqual(answersOf(simulation.engine, reads, nowMs));
  });

  it('a snapshot-loaded engine holds every record packed at load and decodes what it reads, equal to the writer\'s', () => {
    const text = JSON.stringify(simulation.engine.snapshot());
    const [loaded] = loadedEngines(text, [1], SIMULATION_OPTIONS) as [Engine];
    const { transactions, quotes, idempotency, externalAccounts, cardTransactions } = loaded.state;
    const maps = [transactions.byId, quotes.byId, externalAccounts.byId, cardTransactions.byId] as unknown as PackedRecordMap<object>[];
    // The idempotency responses: packed with their keys at the store's first use (engine/idempotency-store.ts).
    expect([...idempotency]).toEqual([...simulation.engine.state.idempotency]);
    for (const map of maps) expect(map).toBeInstanceOf(PackedRecordMap);
    expect(transactions.byId.size).toBeGreaterThan(2);
    for (const map of maps) expect(map.packing).toMatchObject({ packed: map.size, pending: 0 });
    // Every record once, through get and through iteration: equal to the writer's.
    const writerMaps = [simulation.engine.state.transactions.byId, simulation.engine.state.quotes.byId];
    expect([...transactions.order].map((id) => transactions.byId.get(id))).toEqual([...transactions.order].map((id) => writerMaps[0]!.get(id)));
    expect([...quotes.byId]).toEqual([...writerMaps[1]!]);
    for (const map of maps) [...map.values()];
    for (const map of maps) expect(map.packing).toMatchObject({ packed: map.size, pending: 0 });
    // Records read since the load save as they were loaded.
    expect(JSON.stringify(loaded.snapshot())).toBe(text);
  });

  it('refuses a hotRecords that is not a whole number of at least 1', () => {
    for (const hot of [0, -1, 1.5, Number.NaN]) expect(() => createEngine({ hotRecords: hot })).toThrow(TypeError);
  });
});
