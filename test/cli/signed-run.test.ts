/**
 * Signed checkpoints end to end through the CLI: keygen, `run --checkpoint-key` writing a signed
 * log through `createEngine({ checkpoints })`, `verify --public-key` and `--expect-head` over it,
 * a second run continuing it, and a forgery of it caught only with the key.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SCRIPT } from '../../src/cli/demo.js';
import { CHECKPOINT_EVENT_TYPE } from '../../src/engine/checkpoint-events.js';
import { cli, jsonl, parseLines, reseal, tempDir } from './support/cli-harness.js';

const tmp = tempDir('signed-run-');
afterAll(tmp.cleanup);

type VerifyJson = { ok: boolean; events: number; head: { seq: number; hash: string }; checkpoints: { count: number; lastSignedSeq: number; unsignedAfter: number }; fault?: { kind: string; seq: number } };

describe('run --checkpoint-key, then verify --public-key', () => {
  it('writes a log signed every N events that verifies with the key and the head, and continues it signed', async () => {
    const prefix = `${tmp.dir}/writer`;
    expect((await cli(['keygen', '--out', prefix])).code).toBe(0);
    const script = tmp.file('demo-script.jsonl', jsonl(DEMO_SCRIPT.map((request) => JSON.stringify(request))));
    const log = tmp.file('signed.jsonl');
    expect((await cli(['run', script, '--log', log, '--checkpoint-key', `${prefix}.key`, '--checkpoint-every', '10'])).code).toBe(0);

    const events = parseLines(readFileSync(log, 'utf8').trimEnd().split('\n'));
    const checkpoints = events.filter((env) => env.type === CHECKPOINT_EVENT_TYPE);
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    // Each covers the event before it, and at least ten events lie between two of them.
    for (const c of checkpoints) expect(c.data).toMatchObject({ seq: c.seq - 1, hash: c.prevHash });
    for (let i = 1; i < checkpoints.length; i += 1) expect(checkpoints[i]!.seq - checkpoints[i - 1]!.seq).toBeGreaterThan(10);
    expect(readFileSync(log, 'utf8')).not.toContain(readFileSync(`${prefix}.key`, 'utf8').trim());

    const head = events.at(-1)!;
    const run = await cli(['verify', log, '--public-key', `${prefix}.pub`, '--expect-head', `${head.seq}:${head.hash}`, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as VerifyJson;
    expect(report.checkpoints).toMatchObject({ count: checkpoints.length, lastSignedSeq: checkpoints.at(-1)!.seq - 1, unsignedAfter: head.seq - checkpoints.at(-1)!.seq + 1 });

    // A second run continues the log, still signed by the same key.
    const customer = (n: number): string =>
      JSON.stringify({ at: '2026-03-01T00:00:00Z', method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', platformCustomerId: `more-${n}`, fullName: `More ${n}` } });
    const more = tmp.file('more.jsonl', jsonl(Array.from({ length: 12 }, (_, n) => customer(n))));
    expect((await cli(['run', more, '--log', log, '--checkpoint-key', `${prefix}.key`, '--checkpoint-every', '10'])).code).toBe(0);
    const continued = JSON.parse((await cli(['verify', log, '--public-key', `${prefix}.pub`, '--json'])).out) as VerifyJson;
    expect(continued.ok).toBe(true);
    expect(continued.events).toBeGreaterThan(events.length);
    expect(continued.checkpoints.count).toBeGreaterThan(checkpoints.length);

    // The forger re-seals an edit and moves the checkpoints: the chain verifies, the key does not.
    const forged = reseal(
      parseLines(readFileSync(log, 'utf8').trimEnd().split('\n')).map((env) =>
        env.type === 'SandboxAccountFunded' ? { ...env, data: JSON.parse(JSON.stringify(env.data).replace('"250000"', '"25000000"')) as unknown } : env,
      ),
    );
    const forgedPath = tmp.file('forged.jsonl', jsonl(forged));
    expect((await cli(['verify', forgedPath])).code).toBe(0);
    const caught = await cli(['verify', forgedPath, '--public-key', `${prefix}.pub`, '--json']);
    expect(caught.code).toBe(1);
    expect((JSON.parse(caught.out) as VerifyJson).fault).toMatchObject({ kind: 'checkpoint_signature', seq: checkpoints[0]!.seq });
  });

  it('refuses --checkpoint-every without a key and a key file that is not a key (exit 2)', async () => {
    const script = tmp.file('one.jsonl', '{"at":"2026-01-01T00:00:00Z","method":"GET","path":"/customers"}\n');
    expect(await cli(['run', script, '--checkpoint-every', '5'])).toMatchObject({ code: 2, err: 'run: --checkpoint-every needs --checkpoint-key FILE' });
    const badKey = tmp.file('bad.key', 'xyz\n');
    expect(await cli(['run', script, '--checkpoint-key', badKey])).toMatchObject({ code: 2, err: `run: ${badKey} does not hold an Ed25519 private key (64 hex characters on one line)` });
  });
});
