import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, platformAccount, tempDir } from './support.js';

const MAIN = join(import.meta.dirname, '../../src/cli/main.ts');

type Running = { child: ChildProcess; api: string; out: () => string; err: () => string; exit: Promise<number | null> };

/** Starts `payments-engine serve` (through tsx) and waits for its "listening on" line. */
async function startServe(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      // The last line of the banner: everything before it has arrived.
      if (match !== null && out.includes('try: curl')) {
        clearInterval(check);
        resolve(match[1]!);
      }
    }, 20);
    void exit.then((code) => {
      clearInterval(check);
      reject(new Error(`serve exited ${code}: ${err}`));
    });
  });
  return { child, api, out: () => out, err: () => err, exit };
}

describe('payments-engine serve', () => {
  let cleanup = (): void => undefined;
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    cleanup();
  });

  it('prints where it listens and the sandbox credentials, serves, stops on SIGTERM, and the state survives a restart; a second server on the same file is refused', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const log = join(t.dir, 'events.jsonl');
    const first = await startServe(['--log', log]);
    children.push(first.child);
    expect(first.out()).toContain('sandbox-token-id');
    expect(first.out()).toContain('sandbox-client-secret');
    expect(first.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const account = await platformAccount(first.api);
    expect((await call(first.api, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 4_200 })).status).toBe(200);
    const balance = (await call(first.api, 'GET', `/internal-accounts/${account}`)).body.balance;

    // One writer per file: a second serve exits 1 naming the lock holder.
    const second = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--log', log], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(second);
    let secondErr = '';
    second.stderr!.on('data', (chunk: Buffer) => {
      secondErr += chunk.toString();
    });
    expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(1);
    expect(secondErr).toContain(`held by process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.out()).toContain('stopped');
    expect(existsSync(`${log}.lock`)).toBe(false);

    const again = await startServe(['--log', log]);
    children.push(again.child);
    expect((await call(again.api, 'GET', `/internal-accounts/${account}`)).body.balance).toEqual(balance);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  }, 60_000);
});
