/**
 * The example of docs/testing.md, run as it is printed there (test/sim/docs.test.ts holds the two
 * equal; only the import specifiers differ, since the tests run the sources, not dist/).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type EventEnvelope, type HttpRequest } from '../../src/index.js';
import {
  checkRebuilds,
  ledgerProblems,
  readRequests,
  runSession,
  SANDBOX_AUTHORIZATION,
  sessionArbitrary,
  sessionOptions,
} from '../../src/testing/index.js';

/** My server: the engine behind a store (an array here; a file or a database in production). */
function myServer() {
  const engine = createEngine({ regulated: true });
  const stored: EventEnvelope[] = [];
  return {
    engine,
    stored,
    handle(request: HttpRequest, nowMs: number) {
      const { response, events } = engine.handle(request, { now: nowMs });
      stored.push(...events); // store first, then answer
      return response;
    },
    advance(nowMs: number) {
      stored.push(...engine.advance(nowMs));
    },
  };
}

describe('my server', () => {
  it('agrees with the balance model and keeps the ledger sound over any valid session', () => {
    fc.assert(
      fc.property(sessionArbitrary({ resources: ['accounts', 'quotes', 'cards'], maxSteps: 25 }), (operations) => {
        const server = myServer();
        const report = runSession(
          {
            handle: server.handle,
            advance: server.advance,
            afterStep: () => expect(ledgerProblems(server.engine)).toEqual([]),
          },
          operations,
          sessionOptions(),
        );
        // Rebuilt from what the server stored, the engine answers every read as the live one.
        const reads = readRequests(report.model, SANDBOX_AUTHORIZATION, report.nowMs);
        const engineOptions = { regulated: true };
        expect(checkRebuilds(server.engine, server.stored, reads, report.nowMs, { engineOptions })).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });
});
