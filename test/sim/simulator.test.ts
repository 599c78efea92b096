/**
 * The deterministic simulator in the default suite, on a short budget: a few seeds of valid
 * sessions over every resource with all checks on (balance model, ledger invariants, world
 * accounts, nothing written by a refusal, rebuilds answering as the live engine); the same seed
 * runs the same session; a failure names its seed and step and the seed reproduces it; and the
 * model catches a server whose answers drift.
 */
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../src/api/http.js';
import { createEngine } from '../../src/engine/engine.js';
import {
  checkEngineSession,
  OPERATIONS,
  operationsOf,
  runSession,
  SessionFailure,
  sessionOptions,
  simulate,
  SimulationFailure,
  type OperationDefinition,
} from '../../src/testing/index.js';

/** Steps per seed in CI; `npm run test:sim -- --steps N` runs long ones. */
const STEPS = Number(process.env.SIM_STEPS ?? 150);
const SEEDS = [1, 2, 3];

describe('the simulator (short budget)', () => {
  it.each(SEEDS)('seed %i: every check holds over a session of every resource', (seed) => {
    const report = simulate({ seed, steps: STEPS, ...(seed === 1 ? { rebuildEvery: 50 } : {}) });
    expect(report.steps).toBe(STEPS);
    expect(report.events).toBeGreaterThan(STEPS);
    // Most requests are accepted: the operations are valid, refusals are the few the spec allows.
    expect(report.refused).toBeLessThan(report.requests / 20);
    expect(report.engine.state.ledger.checkInvariants()).toEqual([]);
  });

  it('covers every operation kind across the CI seeds', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) for (const op of take(operationsOf(seed), STEPS)) seen.add(op.kind);
    expect([...seen].sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it('runs the same session for the same seed: the same log, byte for byte', () => {
    const first = simulate({ seed: 11, steps: 60 });
    const second = simulate({ seed: 11, steps: 60 });
    expect(second.log.map((e) => e.hash)).toEqual(first.log.map((e) => e.hash));
    expect(simulate({ seed: 12, steps: 60 }).engine.head().hash).not.toBe(first.engine.head().hash);
  });

  it('names the seed and the step of a failure, and the seed reproduces it', () => {
    // A model that expects one unit too many from every sandbox funding.
    const fund = OPERATIONS['account.fund'] as OperationDefinition;
    const wrong: Record<string, OperationDefinition> = {
      ...OPERATIONS,
      'account.fund': {
        resource: fund.resource,
        *run(context) {
          const effect = yield* fund.run(context);
          return { exact: Object.fromEntries(Object.entries(effect.exact ?? {}).map(([id, minor]) => [id, typeof minor === 'bigint' ? minor + 1n : minor])) };
        },
      },
    };
    const failure = (steps: number): SimulationFailure => {
      try {
        simulate({ seed: 5, steps, definitions: wrong });
      } catch (error) {
        if (error instanceof SimulationFailure) return error;
        throw error;
      }
      throw new Error('the simulation passed');
    };
    const first = failure(200);
    expect(first.seed).toBe(5);
    expect(first.message).toMatch(/seed 5, step \d+: .*account\.fund.*expected a change of/);
    expect(first.message).toContain(`--seed 5 --steps ${first.step + 1}`);
    const again = failure(first.step + 1);
    expect(again.message).toBe(first.message);
  });

  it('catches a server whose balance answers drift from the model', () => {
    let funded = false;
    const drifting = (request: { method: string; path: string }, nowMs: number, response: HttpResponse): HttpResponse => {
      if (request.method === 'POST' && request.path.endsWith('/fund')) funded = true;
      if (!funded || request.method !== 'GET' || !request.path.startsWith('/internal-accounts/') || nowMs < 0) return response;
      const body = response.body as { balance: { amount: number } };
      return { status: 200, body: { ...body, balance: { ...body.balance, amount: body.balance.amount - 1 } } };
    };
    const run = (): unknown => {
      const engine = createEngine({ regulated: true });
      funded = false;
      return runSession(
        { handle: (request, nowMs) => drifting(request, nowMs, engine.handle(request, { now: nowMs }).response) },
        [{ kind: 'account.fund', a: 0, b: 999, c: 1, waitMs: 1_000 }],
        sessionOptions(),
      );
    };
    expect(run).toThrow(SessionFailure);
    expect(run).toThrow(/step 0 \(account\.fund.*expected a change of 1000, got available 999, total 1000/);
  });

  it('refuses a session whose operations do not exist, naming the step', () => {
    expect(() => checkEngineSession([{ kind: 'no.such', a: 0, b: 0, c: 0, waitMs: 0 }])).toThrow(/step 0 .*unknown operation kind no\.such/);
  });
});

function* take<T>(source: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i += 1) {
    const next = source.next();
    if (next.done === true) return;
    yield next.value;
  }
}
