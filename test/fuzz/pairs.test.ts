/**
 * Sequences the random fuzzer rarely draws: every write of the route table (its seed request, on
 * each of the first two world ids of its path parameters), each followed on the same engine by
 * every route's seed request. A write that leaves a state another route cannot handle (an
 * external account deleted under a pending quote was one: test/fuzz/found.test.ts) shows here as
 * a throw or a 5xx. Deterministic; about 3 s.
 */
import { expect, it } from 'vitest';
import type { Route } from '../../src/api/route.js';
import { ROUTES } from '../../src/api/routes/index.js';
import type { DomainState } from '../../src/domains/state.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import { AUTH } from '../support/harness.js';
import { type Seed, seedsFor } from './seeds.js';
import { buildWorld, type World } from './world.js';

it('every accepted write, then every route: no throw, no 5xx, the ledger sound', () => {
  const world = buildWorld();
  const seeds = seedsFor(world);
  const snapshotText = JSON.stringify(world.h.engine.snapshot());
  const failures: string[] = [];
  let pairs = 0;
  for (const first of ROUTES.filter((route) => route.method !== 'GET')) {
    for (const pick of [0, 1]) {
      const engine = createEngine({ regulated: true, snapshot: JSON.parse(snapshotText) as EngineSnapshot });
      const now = engine.head().atMs;
      const label = `${first.method} ${first.path} #${pick}`;
      const opened = attempt(() => send(world, engine, first, seedOf(seeds, first), pick, now));
      if (typeof opened === 'string') {
        failures.push(`${label}: ${opened}`);
        continue;
      }
      if (opened >= 300) continue;
      for (const second of ROUTES) {
        pairs += 1;
        const outcome = attempt(() => send(world, engine, second, seedOf(seeds, second), 0, now));
        if (typeof outcome === 'string' || outcome >= 500) failures.push(`${label}, then ${second.method} ${second.path}: ${outcome}`);
        if (typeof outcome === 'string') break;
      }
      const violations = engine.state.ledger.checkInvariants();
      if (violations.length > 0) failures.push(`${label} and every route after it: ${JSON.stringify(violations)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(pairs).toBeGreaterThan(ROUTES.length * 20);
}, 300_000);

function seedOf(seeds: Readonly<Record<string, readonly Seed[]>>, route: Route<DomainState>): Seed {
  return seeds[`${route.method} ${route.path}`]?.[0] ?? {};
}

/** The status, or what was thrown. */
function attempt(run: () => number): number | string {
  try {
    return run();
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

function send(world: World, engine: Engine, route: Route<DomainState>, seed: Seed, pick: number, now: number): number {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const own = seed.params?.[name];
    const ids = own !== undefined ? [own] : (world.ids[name] ?? []);
    return encodeURIComponent(ids[pick % Math.max(ids.length, 1)] ?? 'none');
  });
  const query = seed.query === undefined ? '' : `?${new URLSearchParams(seed.query).toString()}`;
  const auth = route.auth === 'agent' ? `Bearer ${world.agentToken}` : route.auth === 'none' ? undefined : AUTH;
  const request = { method: route.method, path: path + query, headers: { ...seed.headers, ...(auth === undefined ? {} : { authorization: auth }) }, ...(seed.body === undefined ? {} : { body: seed.body }) };
  return engine.handle(request, { now }).response.status;
}
