/**
 * The exported fast-check arbitraries: every generated session is valid (the engine accepts it
 * and every check of the simulator holds), per resource and across all of them, and fast-check
 * shrinks a failing session to a short one that still names its step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEngineSession,
  kindsOf,
  OPERATIONS,
  operationArbitrary,
  RESOURCES,
  sessionArbitrary,
  SESSIONS_BY_RESOURCE,
  type OperationDefinition,
} from '../../src/testing/index.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 10);

describe('session arbitraries', () => {
  it('group every operation kind under one resource', () => {
    expect(Object.values(RESOURCES).flat().sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect(kindsOf(['cards'])).toEqual(RESOURCES.cards);
    expect(() => kindsOf(['nope'])).toThrow(/unknown resource nope/);
  });

  it('draw only the chosen resources (and time)', () => {
    const kinds = new Set(fc.sample(sessionArbitrary({ resources: ['agents'], maxSteps: 10 }), { numRuns: 50, seed: 1 }).flat().map((op) => op.kind));
    expect([...kinds].every((kind) => kind.startsWith('agent.') || kind === 'time.advance')).toBe(true);
    expect(fc.sample(operationArbitrary({ maxWaitMs: 1_000 }), { numRuns: 200, seed: 2 }).every((op) => op.waitMs <= 1_000)).toBe(true);
  });

  it('generate valid sessions of every resource: every check holds', () => {
    for (const [resource, sessions] of Object.entries(SESSIONS_BY_RESOURCE)) {
      fc.assert(
        fc.property(sessions, (operations) => {
          checkEngineSession(operations);
        }),
        { numRuns: Math.max(3, Math.floor(RUNS / 2)), seed: resource.length },
      );
    }
  });

  it('generate valid sessions across all resources', () => {
    fc.assert(
      fc.property(sessionArbitrary({ maxSteps: 40 }), (operations) => {
        const report = checkEngineSession(operations);
        expect(report.steps).toBe(operations.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('a transfer-in is valid after config.patch sets its largest fees (1.00 + 1%): its amount always exceeds them', () => {
    // The counterexample fast-check found: a transfer-in of 1 minor unit after a 1.00 fixed fee.
    for (const b of [0, 50, 999_999]) {
      const report = checkEngineSession([
        { kind: 'config.patch', a: 1, b: 100, c: 100, waitMs: 0 },
        { kind: 'transfer.in', a: 0, b, c: 0, waitMs: 0 },
      ]);
      expect(report.steps).toBe(2);
    }
  });

  it('shrink a failing session to a short counterexample', () => {
    // A model that forgets every sandbox funding: the first funding step fails.
    const fund = OPERATIONS['account.fund'] as OperationDefinition;
    const forgetful = { ...OPERATIONS, 'account.fund': { resource: fund.resource, *run(context: Parameters<OperationDefinition['run']>[0]) { yield* fund.run(context); return {}; } } };
    const result = fc.check(
      fc.property(sessionArbitrary({ resources: ['accounts', 'customers'], maxSteps: 30 }), (operations) => {
        checkEngineSession(operations, { definitions: forgetful });
      }),
      { numRuns: 50, seed: 7 },
    );
    expect(result.failed).toBe(true);
    const counterexample = result.counterexample?.[0] ?? [];
    expect(counterexample.map((op) => op.kind)).toEqual(['account.fund']);
    expect(String(result.errorInstance)).toMatch(/step 0 \(account\.fund/);
  });
});
