/**
 * Regressions of the simulator's statement check, found by test/sim/example.test.ts (seeds
 * -2113166170 and -709796831): a statement whose endDate is the instant of a funding leaves that
 * funding's row out, since endDate is exclusive (DECISIONS.md), so its closing balance is the
 * balance before it. The second seed funded the account as another operation's prerequisite
 * (`funded`, which updates the model mid-step), and the session missed that the balance moved.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type HttpRequest } from '../../src/index.js';
import { runSession, sessionOptions } from '../../src/testing/index.js';

function engineTarget() {
  const engine = createEngine({ regulated: true });
  return {
    handle: (request: HttpRequest, nowMs: number) => engine.handle(request, { now: nowMs }).response,
    advance: (nowMs: number) => {
      engine.advance(nowMs);
    },
  };
}

describe('simulator: account.statement', () => {
  it('a funding made as a prerequisite of another operation counts as a move at its instant (endDate is exclusive, DECISIONS.md)', () => {
    const operations = [
      { kind: 'quote.abandon', a: 0, b: 0, c: 0, waitMs: 0 },
      { kind: 'account.statement', a: 0, b: 0, c: 0, waitMs: 0 },
    ];
    expect(runSession(engineTarget(), operations, sessionOptions()).steps).toBe(2);
  });

  it('a statement ending at the instant of a funding leaves that row out (endDate is exclusive, DECISIONS.md)', () => {
    const target = engineTarget();
    const operations = [
      { kind: 'account.fund', a: 0, b: 0, c: 0, waitMs: 0 },
      { kind: 'account.statement', a: 0, b: 0, c: 0, waitMs: 0 },
    ];
    expect(runSession(target, operations, sessionOptions()).steps).toBe(2);
  });
});
