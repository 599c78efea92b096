/** auditLog: verify and replay in one streamed pass, reporting the first problem at its seq. */
import { describe, expect, it } from 'vitest';
import { auditLog, createAuditSink } from '../../src/engine/audit.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { chain, genesis, openAccounts, transfer } from '../support/ledger-log.js';

// More events than one replay chunk (1,024), so faults land past a chunk boundary.
const accounts = openAccounts(1_500);

/** Asserts that `report` failed with a fault matching `fault` after applying `count` events. */
function expectFault(report: ReturnType<typeof auditLog>, fault: { kind: string; seq: number }, count: number): void {
  expect(report.ok).toBe(false);
  if (!report.ok) {
    expect(report.fault).toMatchObject(fault);
    expect(report.count).toBe(count);
  }
}

describe('auditLog', () => {
  it('replays a sound log past several chunks and reports progress at every multiple', () => {
    const lines = chain([genesis, ...accounts, transfer('t1', 'a0', 'a1')]);
    const seen: number[] = [];
    const report = auditLog(lines, { progressEvery: 500, onProgress: (n) => seen.push(n) });
    expect(report.ok).toBe(true);
    if (report.ok) {
      expect(report.count).toBe(1_502);
      expect(report.engine.state.ledger.balance('a1')?.postedMinor).toBe(100n);
    }
    expect(seen).toEqual([500, 1_000, 1_500]);
  });

  it('reports an event the ledger refuses at its seq, though its chain is sound (a forged log)', () => {
    // seq 1,503 moves money from an account that was never opened.
    const lines = chain([genesis, ...accounts, transfer('t1', 'a0', 'a1'), transfer('t2', 'nobody', 'a1'), transfer('t3', 'a0', 'a1')]);
    expectFault(auditLog(lines), { kind: 'event', seq: 1_503 }, 1_502);
  });

  it('reports a broken chain at its line after applying everything before it', () => {
    const lines = chain([genesis, ...accounts, transfer('t1', 'a0', 'a1'), transfer('t2', 'a0', 'a1')]);
    lines[1_200] = lines[1_200]!.replace('"a1199"', '"a9999"');
    expectFault(auditLog(lines), { kind: 'hash', seq: 1_201 }, 1_200);
  });
});

describe('createAuditSink (the applying half, for hosts that verify the chain elsewhere)', () => {
  const envelopes = (lines: readonly string[]) => lines.map((line) => JSON.parse(line) as EventEnvelope);

  it('applies added events and reports the verifier fault it is given after them', () => {
    const sink = createAuditSink({});
    for (const env of envelopes(chain([genesis, ...openAccounts(2), transfer('t1', 'a0', 'a1')]))) sink.add(env);
    const fault = { seq: 5, line: 5, kind: 'hash', reason: 'tampered' } as const;
    expect(sink.finish(fault, 4)).toEqual({ ok: false, fault, count: 4 });
    const clean = createAuditSink({});
    for (const env of envelopes(chain([genesis, ...openAccounts(2), transfer('t1', 'a0', 'a1')]))) clean.add(env);
    const report = clean.finish(undefined, 4);
    expect(report.ok && report.engine.state.ledger.balance('a1')?.postedMinor).toBe(100n);
  });

  it('stops at a refused event, reports it before any later verifier fault, and ignores what is added after', () => {
    const sink = createAuditSink({});
    const events = envelopes(chain([genesis, ...openAccounts(2), transfer('t1', 'nobody', 'a1'), transfer('t2', 'a0', 'a1')]));
    for (const env of events) sink.add(env);
    // The refusal is found when the chunk is applied: at finish for a short log.
    const report = sink.finish({ seq: 6, line: 6, kind: 'hash', reason: 'later' }, 5);
    expect(report).toMatchObject({ ok: false, fault: { kind: 'event', seq: 4 }, count: 3 });
    expect(sink.failed).toBe(true);
  });
});
