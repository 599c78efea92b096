/**
 * The CLI's tamper corpus (issue 11): each way of changing a signed log, run through
 * `payments-engine verify` three ways (chain alone, with the writer's public key, with the
 * expected head), asserting the exit code and the first bad seq named. The chain alone catches
 * accidental corruption; a re-sealed log needs the public key; a cut at a line boundary needs the
 * expected head.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointPublicKey } from '../../src/log/checkpoint.js';
import { sealEvent, type EventEnvelope } from '../../src/log/index.js';
import { cli, demoEvents, jsonl, parseLines, reseal, tempDir, WRITER_KEY } from './support/cli-harness.js';

const tmp = tempDir('tamper-');
afterAll(tmp.cleanup);

const EVERY = 8;
const signed = reseal(demoEvents(), { privateKey: WRITER_KEY, checkpointEvery: EVERY });
const envelopes = parseLines(signed);
const last = envelopes[envelopes.length - 1]!;
const expectHead = `${last.seq}:${last.hash}`;
const publicKeyFile = tmp.file('writer.pub', `${checkpointPublicKey(WRITER_KEY)}\n`);
const attackerKey = new Uint8Array(32).fill(99);

// The first funding of the demo (250000 minor units to Ada's account) and the checkpoint after it.
const fundIndex = envelopes.findIndex((env) => env.type === 'SandboxAccountFunded');
const firstCheckpointAfter = (index: number): number => envelopes.findIndex((env, i) => i > index && env.type === 'LogCheckpointSigned') + 1;

/** The outcome of one verify run: exit code and the seq the fault names (undefined when ok). */
type Outcome = { code: number; seq?: number };

async function verify(text: string, extra: readonly string[]): Promise<Outcome & { report: { ok: boolean; fault?: { seq: number; kind: string } } }> {
  const path = tmp.file(`log-${Math.random().toString(36).slice(2)}.jsonl`, text);
  const run = await cli(['verify', path, '--json', ...extra]);
  const report = JSON.parse(run.out) as { ok: boolean; fault?: { seq: number; kind: string } };
  return { code: run.code, ...(report.fault === undefined ? {} : { seq: report.fault.seq }), report };
}

function changeLine(lines: readonly string[], index: number, change: (line: string) => string): string[] {
  return lines.map((line, i) => (i === index ? change(line) : line));
}

/** A line edited and its own hash recomputed (its prevHash kept): the next line no longer chains. */
function rehashed(line: string, change: (env: EventEnvelope) => EventEnvelope): string {
  const env = change(JSON.parse(line) as EventEnvelope);
  return sealEvent({ seq: env.seq - 1, hash: env.prevHash }, { type: env.type, version: env.version, at: env.at, data: env.data }, env.id).line;
}

function timesHundred(env: EventEnvelope): EventEnvelope {
  // Both legs: the ledger transfer and the transaction's sent and received amounts (and its webhook).
  const text = JSON.stringify(env.data).replaceAll('"250000"', '"25000000"').replaceAll(':250000,', ':25000000,');
  return { ...env, data: JSON.parse(text) as unknown };
}

type Case = { name: string; text: () => string; plain: Outcome; withKey: Outcome; withHead: Outcome };

const k = 10; // a line in the middle (seq 10)
const flipAt = signed[k - 1]!.indexOf('"id":"') + 7;
const resealedEdit = reseal(envelopes.map((env, i) => (i === fundIndex ? timesHundred(env) : env)));

const CASES: Case[] = [
  {
    name: 'one byte flipped',
    text: () => jsonl(changeLine(signed, k - 1, (line) => line.slice(0, flipAt) + (line[flipAt] === 'A' ? 'B' : 'A') + line.slice(flipAt + 1))),
    plain: { code: 1, seq: k },
    withKey: { code: 1, seq: k },
    withHead: { code: 1, seq: k },
  },
  {
    name: 'a line deleted',
    text: () => jsonl(signed.filter((_, i) => i !== k - 1)),
    plain: { code: 1, seq: k },
    withKey: { code: 1, seq: k },
    withHead: { code: 1, seq: k },
  },
  {
    name: 'two lines swapped',
    text: () => jsonl(signed.map((line, i) => (i === k - 1 ? signed[k]! : i === k ? signed[k - 1]! : line))),
    plain: { code: 1, seq: k },
    withKey: { code: 1, seq: k },
    withHead: { code: 1, seq: k },
  },
  {
    name: 'a line duplicated',
    text: () => jsonl([...signed.slice(0, k), signed[k - 1]!, ...signed.slice(k)]),
    plain: { code: 1, seq: k + 1 },
    withKey: { code: 1, seq: k + 1 },
    withHead: { code: 1, seq: k + 1 },
  },
  {
    name: 'truncated inside a line',
    text: () => jsonl(signed.slice(0, 29)) + signed[29]!.slice(0, 100),
    plain: { code: 1, seq: 30 },
    withKey: { code: 1, seq: 30 },
    withHead: { code: 1, seq: 30 },
  },
  {
    name: 'one line edited (amount) and its hash recomputed',
    text: () => jsonl(changeLine(signed, fundIndex, (line) => rehashed(line, timesHundred))),
    plain: { code: 1, seq: fundIndex + 2 },
    withKey: { code: 1, seq: fundIndex + 2 },
    withHead: { code: 1, seq: fundIndex + 2 },
  },
  {
    name: 'one line edited and the whole chain re-sealed (checkpoints moved, signatures kept)',
    text: () => jsonl(resealedEdit),
    plain: { code: 0 },
    withKey: { code: 1, seq: firstCheckpointAfter(fundIndex) },
    withHead: { code: 1, seq: last.seq },
  },
  {
    name: 're-sealed with checkpoints signed by another key',
    text: () => jsonl(reseal(envelopes.filter((env) => env.type !== 'LogCheckpointSigned').map((env, i) => (i === fundIndex ? timesHundred(env) : env)), { privateKey: attackerKey, checkpointEvery: EVERY })),
    plain: { code: 0 },
    withKey: { code: 1, seq: EVERY + 1 },
    withHead: { code: 1, seq: last.seq },
  },
  {
    name: 're-sealed with every checkpoint removed',
    text: () => jsonl(reseal(envelopes.filter((env) => env.type !== 'LogCheckpointSigned'))),
    plain: { code: 0 },
    withKey: { code: 1, seq: 1 },
    withHead: { code: 1, seq: envelopes.filter((env) => env.type !== 'LogCheckpointSigned').length + 1 },
  },
  {
    name: 'truncated at a line boundary (the last three lines cut)',
    text: () => jsonl(signed.slice(0, -3)),
    plain: { code: 0 },
    withKey: { code: 0 },
    withHead: { code: 1, seq: last.seq - 2 },
  },
];

describe('verify over the tamper corpus', () => {
  it('passes the untouched signed log all three ways', async () => {
    const text = jsonl(signed);
    for (const extra of [[], ['--public-key', publicKeyFile], ['--expect-head', expectHead]]) expect(await verify(text, extra)).toMatchObject({ code: 0 });
  });

  it.each(CASES)('$name: chain alone, with --public-key, with --expect-head', async (c) => {
    const text = c.text();
    const outcome = async (extra: string[]): Promise<Outcome> => {
      const { code, seq } = await verify(text, extra);
      return seq === undefined ? { code } : { code, seq };
    };
    expect(await outcome([])).toEqual(c.plain);
    expect(await outcome(['--public-key', publicKeyFile])).toEqual(c.withKey);
    expect(await outcome(['--expect-head', expectHead])).toEqual(c.withHead);
  });

  it('names the first bad seq in the text report too', async () => {
    const path = tmp.file('resealed.jsonl', jsonl(resealedEdit));
    const run = await cli(['verify', '--public-key', publicKeyFile, path]);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `FAILED at seq ${firstCheckpointAfter(fundIndex)} (${path} line ${firstCheckpointAfter(fundIndex)}): checkpoint_signature: checkpoint at seq ${firstCheckpointAfter(fundIndex)} has a signature that is not valid for seq ${firstCheckpointAfter(fundIndex) - 1} hash ${parseLines(resealedEdit)[firstCheckpointAfter(fundIndex) - 2]!.hash}`,
    );
  });

  it('reports the last signed seq and the unsigned tail of a sound signed log', async () => {
    const path = tmp.file('signed.jsonl', jsonl(signed));
    const lastCheckpoint = envelopes.filter((env) => env.type === 'LogCheckpointSigned').at(-1)!;
    const run = await cli(['verify', path, '--public-key', publicKeyFile]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`the last covers seq ${lastCheckpoint.seq - 1}, ${last.seq - lastCheckpoint.seq + 1} events after it are not covered`);
    const json = await verify(jsonl(signed), ['--public-key', publicKeyFile]);
    expect(json.report).toMatchObject({ ok: true, checkpoints: { checked: true, lastSignedSeq: lastCheckpoint.seq - 1, unsignedAfter: last.seq - lastCheckpoint.seq + 1 } });
  });
});

describe('issue 11, reproduction 8: a funding amount x100 on both legs, re-sealed', () => {
  it('verifies with the chain alone (the limit of a hash chain) and fails with the public key at the first checkpoint after it', async () => {
    const forged = reseal(envelopes.map((env) => (JSON.stringify(env.data).includes('250000') && env.type !== 'LogCheckpointSigned' ? timesHundred(env) : env)));
    expect(forged.join('\n')).toContain('"amountMinor":"25000000"');
    const path = tmp.file('x100.jsonl', jsonl(forged));
    expect((await cli(['verify', path])).code).toBe(0);
    const withKey = await cli(['verify', path, '--public-key', publicKeyFile, '--json']);
    expect(withKey.code).toBe(1);
    expect(JSON.parse(withKey.out)).toMatchObject({ ok: false, fault: { kind: 'checkpoint_signature', seq: firstCheckpointAfter(fundIndex) } });
  });
});

describe('verify flags', () => {
  it('refuses a malformed --public-key file or --expect-head as bad input (exit 2)', async () => {
    const path = tmp.file('ok.jsonl', jsonl(signed));
    const badKey = tmp.file('bad.pub', 'not a key\n');
    writeFileSync(badKey, 'not a key\n');
    const run = await cli(['verify', path, '--public-key', badKey]);
    expect(run).toMatchObject({ code: 2, err: `verify: ${badKey} does not hold an Ed25519 public key (64 hex characters on one line)` });
    expect((await cli(['verify', path, '--expect-head', '12'])).code).toBe(2);
  });
});
