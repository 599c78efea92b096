/**
 * Settled records are packed (docs/architecture.md): how many records a store keeps as objects
 * (`hotRecords`) trades memory for CPU and never changes an answer. Three engines take the same
 * sessions over every resource, one packing nothing, one the default, one packing every record
 * but the last one changed: each request gets the same response and writes the same events,
 * reads after the session agree, and so do their snapshots and replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EventEnvelope, type HttpRequest } from '../../src/index.js';
import { readRequests, runSession, SANDBOX_AUTHORIZATION, sessionArbitrary, sessionOptions } from '../../src/testing/index.js';

const HOT_SETTINGS = [Number.POSITIVE_INFINITY, undefined, 1] as const;

function engines(): Engine[] {
  return HOT_SETTINGS.map((hot) => createEngine({ regulated: true, ...(hot === undefined ? {} : { hotRecords: hot }) }));
}

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
        }
        // A replay that packs every record answers as the live engine that packed none.
        const replayed = createEngine({ regulated: true, hotRecords: 1, events: logs[0]! });
        expect(answers(replayed)).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });

  it('refuses a hotRecords that is not a whole number of at least 1', () => {
    for (const hot of [0, -1, 1.5, Number.NaN]) expect(() => createEngine({ hotRecords: hot })).toThrow(TypeError);
  });
});
