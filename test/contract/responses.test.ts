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
import { violationKeys, violationsOf, type Violation } from './check.js';
import { AWAITING_FLOWS, driveExtras, driveSimulator, driveWorld } from './flows.js';
import { KNOWN_VIOLATIONS } from './known-violations.js';
import { RECORDER } from './recorder-instance.js';

vi.mock('../../src/engine/engine.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/engine.js')>();
  const { record } = await import('./recorder.js');
  const { RECORDER: into } = await import('./recorder-instance.js');
  return { ...original, createEngine: (options?: Parameters<typeof original.createEngine>[0]) => record(original.createEngine(options), into) };
});

let violations: Violation[] = [];

beforeAll(() => {
  driveWorld(RECORDER);
  driveExtras(RECORDER);
  driveSimulator(RECORDER);
  violations = violationsOf(RECORDER.exchanges);
}, 120_000);

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
  it('every routed reference operation answered with a success at least once', () => {
    const answered = new Set(
      RECORDER.exchanges.filter((e) => e.status < 300).map((e) => {
        const route = ROUTES.filter((r) => r.method === e.method && matches(r.path, e.path)).sort((x, y) => literals(y.path) - literals(x.path))[0];
        return route === undefined ? '' : `${route.method} ${route.path}`;
      }),
    );
    const missing = ROUTES.filter((r) => findOperationByTemplate(r.method, r.path) !== undefined && !answered.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !AWAITING_FLOWS.includes(key));
    expect(missing).toEqual([]);
  });

  it('no violation outside the shrinking list of known ones', () => {
    if (process.env.CONTRACT_REPORT === '1') console.log(`${violations.length} violating bodies of ${RECORDER.exchanges.length}\n${grouped(violations)}`);
    if (process.env.CONTRACT_KEYS_OUT !== undefined) writeFileSync(process.env.CONTRACT_KEYS_OUT, `${JSON.stringify(violationKeys(violations), null, 2)}\n`);
    const known = new Set(KNOWN_VIOLATIONS);
    expect(violationKeys(violations).filter((key) => !known.has(key))).toEqual([]);
  });

  it('every known violation still occurs (remove fixed ones from known-violations.ts)', () => {
    const seen = new Set(violationKeys(violations));
    expect(KNOWN_VIOLATIONS.filter((key) => !seen.has(key))).toEqual([]);
  });
});

function matches(template: string, path: string): boolean {
  const a = template.split('/');
  const b = path.split('?')[0]!.split('/');
  return a.length === b.length && a.every((segment, index) => segment.startsWith('{') || segment === b[index]);
}

function literals(template: string): number {
  return template.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length;
}
