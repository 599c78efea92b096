/**
 * CLI polish (issue 11): --help and --version, flags in any position, --json for verify and
 * replay, one clear sentence for a missing file or a bad request line (file and line, no stack
 * trace), a CRLF log line reported as such, `run --log` never destroying an existing log, and
 * keygen. In-process over the real command table, plus one run of the real entry point.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointPublicKey } from '../../src/log/checkpoint.js';
import { cli, demoEvents, jsonl, reseal, tempDir } from './support/cli-harness.js';

const tmp = tempDir('cli-');
afterAll(tmp.cleanup);
const demoLog = tmp.file('demo.jsonl', jsonl(reseal(demoEvents())));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const FUND = (at: string, id: string): string =>
  JSON.stringify({ at, method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', platformCustomerId: id, fullName: `Customer ${id}` } });

describe('help and version', () => {
  it('--help lists every command and exits 0, before or after a command', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const name of ['run', 'verify', 'replay', 'statement', 'keygen', 'demo']) expect(run.out).toMatch(new RegExp(`^  ${name} `, 'm'));
    const verify = await cli(['verify', '--help']);
    expect(verify).toMatchObject({ code: 0 });
    expect(verify.out).toContain('--public-key FILE');
    expect((await cli(['-h', 'verify'])).out).toBe(verify.out);
  });

  it('--version (and -V) prints the version from package.json', async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, out: version, err: '' });
    expect((await cli(['-V'])).out).toBe(version);
  });

  it('no command, an unknown command or an unknown flag is bad usage (exit 2) in one line', async () => {
    expect((await cli([])).code).toBe(2);
    expect(await cli(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/^unknown command "frobnicate"; commands: run, verify/) });
    const flag = await cli(['verify', demoLog, '--nope']);
    expect(flag.code).toBe(2);
    expect(flag.err.split('\n')).toHaveLength(1);
    expect(flag.err).toContain("Unknown option '--nope'");
    expect((await cli(['verify'])).err).toMatch(/^verify: missing <events.jsonl>/);
  });
});

describe('flags in any position and --json', () => {
  it('verify gives the same JSON whether --json comes before the command, before or after the file', async () => {
    const runs = await Promise.all([cli(['--json', 'verify', demoLog]), cli(['verify', '--json', demoLog]), cli(['verify', demoLog, '--json'])]);
    for (const run of runs) expect(run).toEqual(runs[0]);
    const report = JSON.parse(runs[0]!.out) as { ok: boolean; events: number; head: { seq: number; hash: string } };
    expect(report).toMatchObject({ ok: true, events: 59, head: { seq: 59 } });
    expect(report.head.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replay --json gives the head and the totals per currency, debits equal to credits', async () => {
    const run = await cli(['replay', '--json', demoLog]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as { ok: boolean; head: { seq: number }; totals: { currency: string; debitsPosted: string; creditsPosted: string }[] };
    expect(report).toMatchObject({ ok: true, head: { seq: 59 } });
    expect(report.totals.map((t) => t.currency)).toEqual(['EUR', 'USD']);
    for (const t of report.totals) expect(t.debitsPosted).toBe(t.creditsPosted);
  });

  it('verify and replay --json report a broken log as JSON on stdout with exit 1', async () => {
    const lines = readFileSync(demoLog, 'utf8').split('\n');
    const broken = tmp.file('broken.jsonl', [...lines.slice(0, 4), ...lines.slice(5)].join('\n'));
    for (const command of ['verify', 'replay']) {
      const run = await cli([command, broken, '--json']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.out)).toMatchObject({ ok: false, fault: { seq: 5, line: 5, kind: 'sequence' } });
    }
  });
});

describe('clear errors: file and line, no stack trace', () => {
  it('a missing log is one sentence naming it (exit 2)', async () => {
    const missing = tmp.file('nope.jsonl');
    for (const command of ['verify', 'replay']) expect(await cli([command, missing])).toEqual({ code: 2, out: '', err: `${command}: cannot read log ${missing}: no such file` });
    expect((await cli(['run', missing])).err).toBe(`run: cannot read script ${missing}: no such file`);
    const script = tmp.file('one-request.jsonl', `${FUND('2026-01-02T15:00:00Z', 'z')}\n`);
    const nowhere = `${tmp.dir}/no-such-folder/events.jsonl`;
    expect(await cli(['run', script, '--log', nowhere])).toEqual({ code: 2, out: '', err: `run: cannot write log ${nowhere}: its folder does not exist` });
  });

  it('a file system error no command foresaw is its one-line message (exit 2), not a stack trace', async () => {
    const file = tmp.file('a-file', 'x');
    const run = await cli(['demo', '--out', `${file}/sub`]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^demo: E[A-Z]+: .*a-file/);
    expect(run.err.split('\n')).toHaveLength(1);
  });

  it('a bad request line names the file and line; the requests before it ran and their events are kept', async () => {
    const script = tmp.file('bad-script.jsonl', `${FUND('2026-01-02T15:00:00Z', 'a')}\n\n{"at": 5, "method": "GET"}\n`);
    const log = tmp.file('bad-script-events.jsonl');
    const run = await cli(['run', script, '--log', log]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`run: ${script} line 3: "at" (the request's ISO instant) must be a string; stopped there (requests run before it: 1, their events are in ${log})`);
    expect((await cli(['verify', log])).code).toBe(0);
    const notJson = tmp.file('not-json.jsonl', '{"at":\n');
    expect((await cli(['run', notJson])).err).toMatch(new RegExp(`^run: ${notJson} line 1: not valid JSON \\(`));
  });

  it('a CRLF request script runs as if it had plain newlines (only a log\'s bytes are hashed)', async () => {
    const script = tmp.file('crlf-script.jsonl', `${FUND('2026-01-02T15:00:00Z', 'a')}\r\n${FUND('2026-01-02T15:01:00Z', 'b')}\r\n`);
    const run = await cli(['run', script]);
    expect(run.code).toBe(0);
    expect(run.out.split('\n').map((line) => (JSON.parse(line) as { status: number }).status)).toEqual([201, 201]);
  });

  it('a CRLF log line is reported as such, with the file and line', async () => {
    const crlf = tmp.file('crlf.jsonl', readFileSync(demoLog, 'utf8').replaceAll('\n', '\r\n'));
    for (const command of ['verify', 'replay']) {
      const run = await cli([command, crlf]);
      expect(run.code).toBe(1);
      expect(run.err).toBe(`FAILED at seq 1 (${crlf} line 1): malformed: the line ends in CRLF ("\\r\\n"), but log lines end in "\\n" only (converted by an editor or git autocrlf?)`);
    }
  });

  it('the real entry point prints one line without a stack trace and exits 2 for a missing file', () => {
    const missing = tmp.file('absent.jsonl');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'verify', missing], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`verify: cannot read log ${missing}: no such file\n`);
    expect(result.stdout).toBe('');
  }, 30_000);
});

describe('run --log never destroys an existing log', () => {
  it('continues a sound log after verifying it: one log, seqs gapless, both runs in it', async () => {
    const log = tmp.file('continued.jsonl');
    expect((await cli(['run', tmp.file('first.jsonl', `${FUND('2026-01-02T15:00:00Z', 'a')}\n`), '--log', log])).code).toBe(0);
    const before = readFileSync(log, 'utf8');
    const second = await cli(['run', tmp.file('second.jsonl', `${FUND('2026-01-03T15:00:00Z', 'b')}\n`), '--log', log]);
    expect(second.code).toBe(0);
    expect(second.err).toMatch(/^continuing .* after its head \d+:[0-9a-f]{64}$/);
    const after = readFileSync(log, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.length).toBeGreaterThan(before.length);
    const replay = JSON.parse((await cli(['verify', log, '--json'])).out) as { ok: boolean; events: number };
    expect(replay.ok).toBe(true);
    expect(replay.events).toBe(after.trimEnd().split('\n').length);
    const customers = await cli(['run', tmp.file('list.jsonl', '{"at":"2026-01-04T00:00:00Z","method":"GET","path":"/customers"}\n'), '--log', log]);
    expect((JSON.parse(customers.out) as { body: { data: unknown[] } }).body.data).toHaveLength(2);
  });

  it('continues a log whose last line has no newline without gluing lines together', async () => {
    const log = tmp.file('no-newline.jsonl', readFileSync(demoLog, 'utf8').trimEnd());
    expect((await cli(['run', tmp.file('third.jsonl', `${FUND('2026-03-01T00:00:00Z', 'c')}\n`), '--log', log])).code).toBe(0);
    expect((await cli(['verify', log])).code).toBe(0);
  });

  it('refuses to append to a binary log, leaves it byte for byte, and runs nothing', async () => {
    const bin = `${tmp.dir}/demo.bin`;
    expect((await cli(['convert', demoLog, bin])).code).toBe(0);
    const before = readFileSync(bin);
    const run = await cli(['run', tmp.file('binary.jsonl', `${FUND('2026-03-01T00:00:00Z', 'e')}\n`), '--log', bin]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`--log ${bin} is a binary log, and run appends JSONL lines`);
    expect(readFileSync(bin)).toEqual(before);
  });

  it('refuses a log that does not verify, leaves it byte for byte, and runs nothing', async () => {
    const text = readFileSync(demoLog, 'utf8').replace('"amountMinor":"250000"', '"amountMinor":"950000"');
    const log = tmp.file('tampered.jsonl', text);
    const run = await cli(['run', tmp.file('fourth.jsonl', `${FUND('2026-03-01T00:00:00Z', 'd')}\n`), '--log', log]);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(new RegExp(`^run: --log ${log} exists and does not verify, so it is left as it is and nothing was run \\(FAILED at seq 6 `));
    expect(readFileSync(log, 'utf8')).toBe(text);
  });
});

describe('keygen', () => {
  it('writes PREFIX.key (0600) and PREFIX.pub that belong together, and never overwrites them', async () => {
    const prefix = `${tmp.dir}/writer`;
    const run = await cli(['keygen', '--out', prefix]);
    expect(run.code).toBe(0);
    const privateHex = readFileSync(`${prefix}.key`, 'utf8').trim();
    const publicHex = readFileSync(`${prefix}.pub`, 'utf8').trim();
    expect(privateHex).toMatch(/^[0-9a-f]{64}$/);
    expect(checkpointPublicKey(Uint8Array.from(Buffer.from(privateHex, 'hex')))).toBe(publicHex);
    expect(run.out).toContain(`public key ${publicHex}`);
    expect(statSync(`${prefix}.key`).mode & 0o777).toBe(0o600);
    const again = await cli(['keygen', '--out', prefix]);
    expect(again).toMatchObject({ code: 2, err: `keygen: ${prefix}.key already exists; refusing to overwrite a key` });
    expect(readFileSync(`${prefix}.key`, 'utf8').trim()).toBe(privateHex);
  });
});
