/**
 * The simulator's identity operations (issue 13: "extend the simulator ... to these routes"): an
 * identity-only session passes every check (nothing moves money, refusals write nothing, the five
 * engines answer the identity reads byte for byte), reaches every verification outcome of the
 * sandbox tables, and the fixed reads name every identity resource the session made.
 */
import { describe, expect, it } from 'vitest';
import { kindsOf, readRequests, SANDBOX_AUTHORIZATION, SIMULATION_START_MS, simulate } from '../../src/testing/index.js';

describe('the simulator: identity operations', () => {
  const report = simulate({ seed: 1, steps: 300, kinds: kindsOf(['identity', 'time']), rebuildEvery: 100 });
  const nowMs = SIMULATION_START_MS + report.simulatedMs;
  const get = (path: string) => report.engine.handle({ method: 'GET', path, headers: { authorization: SANDBOX_AUTHORIZATION } }, { now: nowMs }).response;

  it('runs a session of every identity operation with all checks holding', () => {
    expect(report.steps).toBe(300);
    for (const kind of kindsOf(['identity'])) expect(report.counts[kind], kind).toBeGreaterThan(10);
    expect(report.refused).toBeLessThan(report.requests / 5);
  });

  it('reaches every verification outcome of the sandbox tables (complete packets only)', () => {
    const verifications = (get('/verifications?limit=100').body as { data: { verificationStatus: string }[] }).data;
    const outcomes = new Set(verifications.map((v) => v.verificationStatus));
    expect([...outcomes].sort()).toEqual(['APPROVED', 'PENDING_MANUAL_REVIEW', 'REJECTED', 'RESOLVE_ERRORS']);
  });

  it('compares the rebuilds on every identity read', () => {
    const paths = readRequests(report.model, SANDBOX_AUTHORIZATION, nowMs).map((r) => r.path);
    for (const prefix of ['/verifications?', '/verifications/', '/documents?', '/documents/', '/beneficial-owners?customerId=', '/beneficial-owners/', '/customers/bulk/jobs/']) {
      expect(paths.some((path) => path.startsWith(prefix)), prefix).toBe(true);
    }
    expect(report.model.verificationIds.length).toBeGreaterThan(0);
    expect(report.model.bulkJobIds.length).toBeGreaterThan(0);
  });
});
