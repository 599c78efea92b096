/**
 * auditBinaryLog: the library's audit of a binary log, fed in chunks of any size, gives the report
 * auditLog gives for the same log as JSONL; a log cut short says so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditBinaryLog, auditLog, type AuditReport } from '../../src/engine/audit.js';
import { encodeBinaryLog } from '../../src/log/binary/index.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { chain, genesis, openAccounts, transfer } from '../support/ledger-log.js';

const lines = chain([genesis, ...openAccounts(20), ...Array.from({ length: 60 }, (_, i) => transfer(`t${i}`, `a${i % 5}`, i % 5 === 1 ? 'a10' : 'a1'))]);
const bytes = encodeBinaryLog(lines.map((line) => JSON.parse(line) as EventEnvelope));

function summary(report: AuditReport): unknown {
  return report.ok ? { ok: true, count: report.count, head: report.engine.head(), a1: report.engine.state.ledger.balance('a1') } : report;
}

function chunked(cuts: readonly number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((x, y) => x - y);
  return [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length));
}

describe('auditBinaryLog', () => {
  it('reports what auditLog reports for the same log as JSONL, however the bytes are cut', () => {
    const expected = summary(auditLog(lines));
    fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 6 }), (cuts) => {
      expect(summary(auditBinaryLog(chunked(cuts)))).toEqual(expected);
    }), { numRuns: 20 });
  });

  it('reports a log cut short as malformed, with the events of its whole blocks applied', () => {
    const report = auditBinaryLog([bytes.subarray(0, bytes.length - 1)]);
    expect(report).toMatchObject({ ok: false, count: 0, fault: { kind: 'malformed', seq: 1, reason: expect.stringContaining('truncated') } });
  });

  it('reports an event the engine refuses at its seq', () => {
    const refused = chain([genesis, ...openAccounts(3), transfer('t1', 'nobody', 'a1')]);
    const report = auditBinaryLog([encodeBinaryLog(refused.map((line) => JSON.parse(line) as EventEnvelope))]);
    expect(report).toMatchObject({ ok: false, count: 4, fault: { kind: 'event', seq: 5 } });
  });
});
