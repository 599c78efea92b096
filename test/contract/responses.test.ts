/**
 * Contract test (issue 12): every response body the main money flows receive conforms to the
 * reference's JSON Schema for its operation and status (docs/wire-contract.md). The flows run
 * once; every engine they make records its exchanges (createEngine is wrapped below).
 * CONTRACT_REPORT=1 prints the violations grouped by operation.
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { findOperationByTemplate } from './reference.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { routeOf, violationKeys, violationsOf, type Violation } from './check.js';
import { DRIVEN_ROUTES, driveExtras, driveSimulator, driveWorld } from './flows.js';
import { KNOWN_VIOLATIONS } from './known-violations.js';
import { RECORDER } from './recorder-instance.js';

vi.mock('../../src/engine/engine.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/engine.js')>();
  const { record } = await import('./recorder.js');
  const { RECORDER: into } = await import('./recorder-instance.js');
  return { ...original, createEngine: (options?: Parameters<typeof original.createEngine>[0]) => record(original.createEngine(options), into) };
});

let violations: Violation[] = [];
/** A flow that threw: named here, so that a partial recording is reported as such. */
const driveErrors: string[] = [];

beforeAll(() => {
  for (const [name, drive] of [['world', () => driveWorld(RECORDER)], ['extras', () => driveExtras(RECORDER)], ['simulator', () => driveSimulator(RECORDER)]] as const) {
    try {
      drive();
    } catch (error) {
      driveErrors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  violations = violationsOf(RECORDER.exchanges);
}, 300_000);

function grouped(list: readonly Violation[]): string {
  const groups = new Map<string, Set<string>>();
  for (const key of violationKeys(list)) {
    const [operation, error] = key.split(' :: ') as [string, string];
    const set = groups.get(operation) ?? new Set<string>();
    set.add(error);
    groups.set(operation, set);
  }
  return [...groups].map(([operation, errors]) => `${operation}\n  ${[...errors].join('\n  ')}`).join('\n');
}

describe('responses of the money flows conform to the reference (issue 12)', () => {
  it('drives every flow to its end', () => {
    expect(driveErrors).toEqual([]);
  });

  it('every routed reference operation of DRIVEN_ROUTES answered with a success at least once', () => {
    const answered = new Set(
      RECORDER.exchanges.filter((e) => e.status < 300).map((e) => {
        const route = routeOf(e.method, e.path);
        return route === undefined ? '' : `${route.method} ${route.path}`;
      }),
    );
    const routed = new Set(ROUTES.filter((r) => findOperationByTemplate(r.method, r.path) !== undefined).map((r) => `${r.method} ${r.path}`));
    expect(DRIVEN_ROUTES.filter((key) => !routed.has(key))).toEqual([]);
    const missing = DRIVEN_ROUTES.filter((key) => !answered.has(key));
    expect(missing).toEqual([]);
  }, 60_000);

  it('no violation outside the shrinking list of known ones', () => {
    if (process.env.CONTRACT_REPORT === '1') console.log(`${violations.length} violating bodies of ${RECORDER.exchanges.length}\n${grouped(violations)}`);
    if (process.env.CONTRACT_KEYS_OUT !== undefined) writeFileSync(process.env.CONTRACT_KEYS_OUT, `${JSON.stringify(violationKeys(violations), null, 2)}\n`);
    const known = new Set(KNOWN_VIOLATIONS);
    expect(violationKeys(violations).filter((key) => !known.has(key))).toEqual([]);
  }, 60_000);

  it('lists known violations that no longer occur (prune them from known-violations.ts)', () => {
    // A report, not an assertion: the simulator (src/testing) is extended by others, so which
    // paths a seed reaches moves; an entry that vanished is printed for pruning.
    const seen = new Set(violationKeys(violations));
    const stale = KNOWN_VIOLATIONS.filter((key) => !seen.has(key));
    if (stale.length > 0) console.log(`known violations not seen in this run (prune when fixed):\n  ${stale.join('\n  ')}`);
    expect(stale.length).toBeLessThanOrEqual(KNOWN_VIOLATIONS.length);
  });
});

