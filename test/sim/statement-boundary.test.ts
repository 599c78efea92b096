/**
 * A regression of the simulator's statement check, found by test/sim/example.test.ts (seed
 * -2113166170): a statement whose endDate is the instant of a funding leaves that funding's row
 * out, since endDate is exclusive (DECISIONS.md), so its closing balance is the balance before it.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type HttpRequest } from '../../src/index.js';
import { runSession, sessionOptions } from '../../src/testing/index.js';

describe('simulator: account.statement', () => {
  it('a statement ending at the instant of a funding leaves that row out (endDate is exclusive, DECISIONS.md)', () => {
    const engine = createEngine({ regulated: true });
    const target = {
      handle: (request: HttpRequest, nowMs: number) => engine.handle(request, { now: nowMs }).response,
      advance: (nowMs: number) => {
        engine.advance(nowMs);
      },
    };
    const operations = [
      { kind: 'account.fund', a: 0, b: 0, c: 0, waitMs: 0 },
      { kind: 'account.statement', a: 0, b: 0, c: 0, waitMs: 0 },
    ];
    expect(runSession(target, operations, sessionOptions()).steps).toBe(2);
  });
});
