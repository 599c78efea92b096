/**
 * The simulator's operations as fast-check arbitraries: sessions of valid operations, over every
 * resource or a chosen few, that fast-check generates and shrinks like any other value. Every
 * operation makes its own prerequisites, so any generated list is a valid session.
 */
import fc from 'fast-check';
import { OPERATIONS, RESOURCES } from './operations.js';
import type { Operation } from './session.js';

/** Options of `operationArbitrary` and `sessionArbitrary`. */
export type ArbitraryOptions = {
  /** Resources to draw operations from (keys of `RESOURCES`; default: all). */
  readonly resources?: readonly string[];
  /** Longest wait before an operation, ms (default two days; most waits are shorter). */
  readonly maxWaitMs?: number;
};

/** Operation kinds of `resources` (all kinds when undefined); throws on an unknown resource. */
export function kindsOf(resources?: readonly string[]): string[] {
  if (resources === undefined) return Object.keys(OPERATIONS);
  return resources.flatMap((resource) => {
    const kinds = RESOURCES[resource];
    if (kinds === undefined) throw new RangeError(`unknown resource ${resource}; known: ${Object.keys(RESOURCES).join(', ')}`);
    return [...kinds];
  });
}

/**
 * One valid operation of the chosen resources: a kind, three choices, and a wait (mostly under two
 * minutes, sometimes up to `maxWaitMs`).
 * @example fc.sample(operationArbitrary({ resources: ['cards'] }), 3);
 */
export function operationArbitrary(options: ArbitraryOptions = {}): fc.Arbitrary<Operation> {
  const kinds = kindsOf(options.resources);
  const maxWaitMs = options.maxWaitMs ?? 2 * 86_400_000;
  const choice = fc.nat({ max: 2 ** 31 - 1 });
  return fc.record({
    kind: fc.constantFrom(...kinds),
    a: choice,
    b: choice,
    c: choice,
    waitMs: fc.oneof({ weight: 9, arbitrary: fc.nat({ max: Math.min(120_000, maxWaitMs) }) }, { weight: 1, arbitrary: fc.nat({ max: maxWaitMs }) }),
  });
}

/**
 * A session: up to `maxSteps` valid operations of the chosen resources (with `time.advance`
 * always among them, so that timers fire).
 * @example
 * fc.assert(fc.property(sessionArbitrary({ resources: ['quotes'], maxSteps: 20 }), (operations) => { ... }));
 */
export function sessionArbitrary(options: ArbitraryOptions & { readonly maxSteps?: number } = {}): fc.Arbitrary<Operation[]> {
  const resources = options.resources === undefined ? undefined : [...new Set([...options.resources, 'time'])];
  return fc.array(operationArbitrary({ ...options, ...(resources === undefined ? {} : { resources }) }), { maxLength: options.maxSteps ?? 40 });
}

/**
 * One session arbitrary per resource (its operations plus time), e.g.
 * `SESSIONS_BY_RESOURCE.cards`: up to 30 steps each.
 */
export const SESSIONS_BY_RESOURCE: Readonly<Record<string, fc.Arbitrary<Operation[]>>> = Object.fromEntries(
  Object.keys(RESOURCES).map((resource) => [resource, sessionArbitrary({ resources: [resource], maxSteps: 30 })]),
);
