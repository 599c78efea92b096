/**
 * The CLI on a binary log (src/log/binary): `auditFile` must give the report the same log gives as
 * JSONL, whether the worker or this thread checks the blocks' digests, sound or damaged; and
 * `convert` must turn JSONL into binary and back byte for byte, and write nothing from a broken log.
 */
import fc from 'fast-check';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditFile } from '../../src/cli/audit-file.js';
import { readLines } from '../../src/cli/files.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { auditLog, type AuditReport } from '../../src/engine/audit.js';
import { BINARY_LOG_MAGIC, createBinaryLogWriter } from '../../src/log/binary/index.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { chain, genesis, openAccounts, transfer } from '../support/ledger-log.js';
import { cli } from './support/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'binary-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function path(extension: string): string {
  files += 1;
  return join(dir, `log-${files}.${extension}`);
}

/** The binary log of `lines`, in blocks of `blockEvents` events. */
function binary(lines: readonly string[], blockEvents = 16): Uint8Array {
  const parts: Uint8Array[] = [BINARY_LOG_MAGIC];
  const writer = createBinaryLogWriter({ onBlock: (block) => parts.push(block), blockEvents });
  for (const line of lines) expect(writer.push(JSON.parse(line) as EventEnvelope)).toBeUndefined();
  writer.finish();
  // A Uint8Array, not a Buffer: a Buffer's `slice` is a view, and the tests damage copies.
  return new Uint8Array(Buffer.concat(parts));
}

function summary(report: AuditReport): unknown {
  return report.ok
    ? { ok: true, count: report.count, head: report.engine.head(), a1: report.engine.state.ledger.balance('a1') }
    : { ok: false, count: report.count, fault: report.fault };
}

const sound = chain([genesis, ...openAccounts(300), ...Array.from({ length: 300 }, (_, i) => transfer(`t${i}`, `a${i % 7}`, i % 7 === 1 ? 'a10' : 'a1'))]);
const soundBinary = binary(sound);

function writeBinary(bytes: Uint8Array): string {
  const file = path('bin');
  writeFileSync(file, bytes);
  return file;
}

describe('auditFile on a binary log', () => {
  it('reports a sound log exactly as the JSONL audit of the same events, on one thread or two', () => {
    const text = path('jsonl');
    writeFileSync(text, `${sound.join('\n')}\n`);
    const expected = summary(auditLog(readLines(text), { sha256: nativeSha256 }));
    const file = writeBinary(soundBinary);
    for (const parallel of [false, true]) {
      const seqs: number[] = [];
      const threads: number[] = [];
      const report = auditFile(file, { parallel, waitForWorker: true, chunkBytes: 1_000, onEvent: (env) => seqs.push(env.seq), onStart: (n) => threads.push(n) });
      expect(summary(report)).toEqual(expected);
      expect(seqs).toEqual(Array.from({ length: sound.length }, (_, i) => i + 1));
      expect(threads).toEqual([parallel ? 2 : 1]);
    }
  });

  it('gives the same report whoever checks the digests, for a log damaged anywhere, and never applies an event past the damage', () => {
    fc.assert(
      fc.property(fc.nat({ max: soundBinary.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const damaged = soundBinary.slice();
        damaged[at]! ^= flip;
        const file = writeBinary(damaged);
        const one = auditFile(file, { parallel: false });
        const two = auditFile(file, { parallel: true, waitForWorker: true, chunkBytes: 777 });
        expect(summary(two)).toEqual(summary(one));
        // A byte changed inside the events is caught at or before its event: nothing after it is applied.
        expect(one.ok).toBe(false);
      }),
      // Each run starts a worker (a few hundred ms under vitest's TypeScript loader).
      { numRuns: 8 },
    );
  });

  it('names the event whose hash was changed, and a truncated file', () => {
    const damaged = soundBinary.slice();
    damaged[damaged.length - 1]! ^= 1;
    expect(auditFile(writeBinary(damaged), { parallel: false })).toMatchObject({ ok: false, count: sound.length - 1, fault: { kind: 'hash', seq: sound.length } });
    const truncated = soundBinary.subarray(0, soundBinary.length - 10);
    const report = auditFile(writeBinary(truncated), { parallel: true, waitForWorker: true });
    expect(report).toMatchObject({ ok: false, fault: { kind: 'malformed', reason: expect.stringContaining('truncated') } });
    // Every whole block before the last is applied: 16 events each.
    expect(report.count).toBe(Math.floor((sound.length - 1) / 16) * 16);
  });

  it('a file cut inside the magic bytes is a truncated binary log, not malformed JSON', () => {
    for (const cut of [1, 4, BINARY_LOG_MAGIC.length - 1]) {
      const report = auditFile(writeBinary(soundBinary.subarray(0, cut)), { parallel: false });
      expect(report).toMatchObject({ ok: false, count: 0, fault: { kind: 'malformed', seq: 1, reason: expect.stringMatching(/ends inside its magic bytes \(a truncated file/) } });
    }
  });
});

describe('convert', () => {
  it('turns JSONL into binary and back, byte for byte, and verify reads both alike', async () => {
    const text = path('jsonl');
    const original = `${sound.join('\n')}\n`;
    writeFileSync(text, original);
    const bin = path('bin');
    const back = path('jsonl');
    expect(await cli(['convert', text, bin])).toMatchObject({ code: 0, out: expect.stringContaining(`ok: ${sound.length} events written`) });
    expect(readFileSync(bin).subarray(0, BINARY_LOG_MAGIC.length)).toEqual(Buffer.from(BINARY_LOG_MAGIC));
    expect(readFileSync(bin).length).toBeLessThan(original.length / 3);
    expect((await cli(['convert', bin, back])).code).toBe(0);
    expect(readFileSync(back, 'utf8')).toBe(original);
    const fromText = await cli(['verify', text]);
    const fromBinary = await cli(['verify', bin]);
    expect(fromBinary.code).toBe(0);
    expect(fromBinary.out).toBe(fromText.out);
  });

  it('writes nothing from a log whose chain is broken, and names the seq', async () => {
    const lines = [...sound];
    lines[400] = lines[400]!.replace('"amountMinor":"', '"amountMinor":"1');
    const text = path('jsonl');
    writeFileSync(text, `${lines.join('\n')}\n`);
    const bin = path('bin');
    const run = await cli(['convert', text, bin]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('FAILED at seq 401');
    expect(existsSync(bin)).toBe(false);
    expect(existsSync(`${bin}.partial`)).toBe(false);
  });

  it('reports a damaged binary log by its seq, with no file line', async () => {
    const damaged = soundBinary.slice();
    damaged[damaged.length - 1]! ^= 1;
    const file = writeBinary(damaged);
    const run = await cli(['verify', file]);
    expect(run.code).toBe(1);
    expect(run.err).toBe(`FAILED at seq ${sound.length} (${file}): hash: hash ${JSON.parse(sound.at(-1)!).hash.slice(0, 63)}${((parseInt(JSON.parse(sound.at(-1)!).hash.slice(63), 16) ^ 1).toString(16))} is not the SHA-256 of the event's canonical line`);
  });
});
