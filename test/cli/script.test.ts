import { describe, expect, it } from 'vitest';
import { DEMO_SCRIPT } from '../../src/cli/demo.js';
import { runScript, type ScriptStep } from '../../src/cli/script.js';
import { resolveTemplates } from '../../src/cli/templates.js';
import { auditLog } from '../../src/engine/audit.js';
import { createEngine } from '../../src/engine/engine.js';
import { encodeEnvelope } from '../../src/log/index.js';

describe('request scripts', () => {
  it('resolves {{N.path}} to the N-th response, keeping the type of a whole-string reference', () => {
    const responses = [{ status: 201, body: { id: 'Customer:1', data: [{ id: 'A' }] } }];
    expect(resolveTemplates({ a: '{{1.body.id}}', b: 'x/{{1.body.data.0.id}}/y', c: '{{1.status}}' }, responses)).toEqual({
      value: { a: 'Customer:1', b: 'x/A/y', c: 201 },
      missing: [],
    });
  });

  it('reports a reference that resolves to nothing instead of sending the request', () => {
    const engine = createEngine();
    const steps: ScriptStep[] = [];
    runScript(engine, [{ at: '2026-01-01T00:00:00Z', method: 'GET', path: '/internal-accounts/{{7.body.id}}' }], (s) => steps.push(s));
    expect(steps[0]?.response.status).toBe(0);
    expect(steps[0]?.events).toEqual([]);
  });

  it('runs the demo end to end: idempotent retry, a rejection, a payout completed by advance', () => {
    const engine = createEngine();
    const steps: ScriptStep[] = [];
    runScript(engine, DEMO_SCRIPT, (s) => steps.push(s));
    const status = (n: number): number => steps[n - 1]!.response.status;
    expect(steps.filter((s) => s.response.status >= 400).map((s) => s.n)).toEqual([12]);
    expect(steps[10]!.response.body).toEqual(steps[9]!.response.body);
    expect(steps[10]!.events).toEqual([]);
    expect(status(19)).toBe(200);
    expect((steps[20]!.response.body as { status: string }).status).toBe('COMPLETED');
    const log = steps.flatMap((s) => s.events).map(encodeEnvelope);
    const report = auditLog(log);
    expect(report.ok).toBe(true);
  });

  it('audits the demo log and finds a changed amount at its event', () => {
    const engine = createEngine();
    const lines: string[] = [];
    runScript(engine, DEMO_SCRIPT, (s) => lines.push(...s.events.map(encodeEnvelope)));
    const at = lines.findIndex((line) => line.includes('"amountMinor":"250000"'));
    expect(at).toBeGreaterThan(0);
    lines[at] = lines[at]!.replace('"amountMinor":"250000"', '"amountMinor":"950000"');
    const report = auditLog(lines);
    expect(report.ok).toBe(false);
    if (!report.ok) expect(report.fault).toMatchObject({ seq: at + 1, kind: 'hash' });
  });
});
