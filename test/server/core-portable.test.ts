/**
 * The core runs on any JavaScript runtime: bundled for the browser (no Node built-ins), it resolves
 * no `node:` module, and it handles requests inside a bare V8 context that has no `require`,
 * `process` or `Buffer`, only the Web-standard TextEncoder/TextDecoder a browser or worker has.
 */
import { runInContext, createContext } from 'node:vm';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('core portability', () => {
  it('bundles src/index.ts for the browser platform and serves requests in a plain V8 context', async () => {
    const result = await build({
      entryPoints: [join(ROOT, 'src/index.ts')],
      bundle: true,
      // As a browser or worker bundler does: `browser` fields honoured (papaparse's browser
      // build has no Node stream), no Node built-in resolvable.
      platform: 'browser',
      format: 'iife',
      globalName: 'PaymentsEngine',
      target: 'es2022',
      // Every browser bundler defines this (immer reads it); nothing else of Node is provided.
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/\brequire\(["']node:/);
    expect(code).not.toMatch(/\bprocess\./);
    expect(code).not.toMatch(/\bBuffer\./);
    const context = createContext({ TextEncoder, TextDecoder });
    // The context's globals: no Node objects leak in.
    expect(runInContext('[typeof require, typeof process, typeof Buffer, typeof module]', context)).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    runInContext(code, context);
    const outcome = runInContext(
      `(() => {
        const pe = PaymentsEngine;
        const engine = pe.createEngine();
        const authorization = pe.basicAuthorization(pe.SANDBOX_CREDENTIAL);
        const list = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization } }, { now: '2026-01-05T16:00:00Z' });
        const account = list.response.body.data[0].id;
        const fund = engine.handle({ method: 'POST', path: '/sandbox/internal-accounts/' + account + '/fund', headers: { authorization }, body: { amount: 2500 } }, { now: '2026-01-05T16:00:01Z' });
        const log = pe.encodeLog(fund.events);
        const verification = pe.verifyLog(pe.splitLines(log));
        return JSON.stringify({ list: list.response.status, fund: fund.response.status, events: fund.events.length, verified: verification.ok, fault: verification.fault });
      })()`,
      context,
    );
    const parsed = JSON.parse(outcome as string) as { list: number; fund: number; events: number; verified: boolean };
    expect(parsed).toMatchObject({ list: 200, fund: 200, verified: true });
    expect(parsed.events).toBeGreaterThan(0);
  });
});
