/**
 * auditFile: the CLI's audit of a log file with the lines hashed on a worker thread. Whatever
 * the file holds, its report must be the one auditLog gives over the same lines, whether the
 * digests checked are the worker's (waitForWorker) or, when it is late, this thread's own.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditFile } from '../../src/cli/audit-file.js';
import { workerPacing } from '../../src/cli/hash-worker.js';
import { readLines } from '../../src/cli/files.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { auditLog, type AuditReport } from '../../src/engine/audit.js';
import { chain, genesis, openAccounts, transfer } from '../support/ledger-log.js';

const dir = mkdtempSync(join(tmpdir(), 'audit-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function write(text: string): string {
  files += 1;
  const path = join(dir, `log-${files}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** What a report says, without the engine object: outcome, count, fault and a balance. */
function summary(report: AuditReport): unknown {
  return report.ok
    ? { ok: true, count: report.count, head: report.engine.head(), a1: report.engine.state.ledger.balance('a1') }
    : { ok: false, count: report.count, fault: report.fault };
}

function singleThread(path: string, canonical: boolean): unknown {
  return summary(auditLog(readLines(path), { sha256: nativeSha256, canonical }));
}

// Small chunks, so that a few hundred lines make many chunks in flight between the threads.
const CHUNK_BYTES = 2_048;
// Transfers from a0..a6 to a1 (a1's own turn goes to a10 instead: no transfer to itself).
const sound = chain([genesis, ...openAccounts(300), ...Array.from({ length: 300 }, (_, i) => transfer(`t${i}`, `a${i % 7}`, i % 7 === 1 ? 'a10' : 'a1'))]);

describe('auditFile', () => {
  it('verifies and replays a sound log on two threads exactly as auditLog does, progress included', () => {
    const path = write(`${sound.join('\n')}\n`);
    const seen: number[] = [];
    const report = auditFile(path, { parallel: true, waitForWorker: true, chunkBytes: CHUNK_BYTES, canonical: false, progressEvery: 100, onProgress: (n) => seen.push(n) });
    expect(report.ok).toBe(true);
    expect(summary(report)).toEqual(singleThread(path, false));
    expect(seen).toEqual([100, 200, 300, 400, 500, 600]);
  });

  it('reports the same first problem as auditLog for a log changed anywhere', () => {
    const edit = fc.record({ line: fc.nat({ max: sound.length - 1 }), at: fc.nat(), text: fc.constantFrom('', 'x', '"', '\n', '\n\n', '9', 'é') });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), fc.boolean(), (edits, canonical) => {
        const lines = [...sound];
        for (const e of edits) {
          const line = lines[e.line]!;
          const at = e.at % (line.length + 1);
          lines[e.line] = line.slice(0, at) + e.text + line.slice(at + 1);
        }
        const path = write(`${lines.join('\n')}\n`);
        // Some edits change nothing (the same character, or nothing past the end): then both pass.
        expect(summary(auditFile(path, { parallel: true, waitForWorker: true, chunkBytes: CHUNK_BYTES, canonical }))).toEqual(singleThread(path, canonical));
      }),
      // Each run starts a worker (a few hundred ms under vitest's TypeScript loader).
      { numRuns: 10 },
    );
  });

  it('reports an event the ledger refuses, past the chunks already applied, as auditLog does', () => {
    const lines = chain([genesis, ...openAccounts(300), transfer('t1', 'a0', 'a1'), transfer('t2', 'nobody', 'a1'), transfer('t3', 'a0', 'a1')]);
    const path = write(lines.join('\n'));
    const report = auditFile(path, { parallel: true, waitForWorker: true, chunkBytes: CHUNK_BYTES });
    expect(report).toMatchObject({ ok: false, count: 302, fault: { kind: 'event', seq: 303 } });
    expect(summary(report)).toEqual(singleThread(path, true));
  });

  it('hashes here the chunks too long for a slot, the worker the others, with the same report', () => {
    // Chunks of a few lines fit their slot and go to the worker until a line of 5,000 bytes: the
    // reader's buffer grows for it, and from there on its chunks are hashed here. A broken hash
    // past it must be found by this thread's digest.
    const transfers = Array.from({ length: 300 }, (_, i) => transfer(`t${i}`, `a${i % 7}`, i % 7 === 1 ? 'a10' : 'a1'));
    const long = transfer(`t-${'x'.repeat(5_000)}`, 'a0', 'a1');
    const lines = chain([genesis, ...openAccounts(300), ...transfers.slice(0, 150), long, ...transfers.slice(150)]);
    const sound = `${lines.join('\n')}\n`;
    lines[500] = lines[500]!.replace('"hash":"', '"hash":"0').replace(/0"}$/, '"}');
    const broken = `${lines.join('\n')}\n`;
    for (const text of [sound, broken]) {
      const path = write(text);
      for (const canonical of [false, true]) {
        const report = auditFile(path, { parallel: true, waitForWorker: true, chunkBytes: CHUNK_BYTES, canonical });
        expect(summary(report)).toEqual(singleThread(path, canonical));
        expect(report.ok).toBe(text === sound);
      }
    }
  });

  it('pauses handing chunks to a worker late with its digests, longer each time, until it is in time again', () => {
    const pacing = workerPacing();
    const posted = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i).filter((chunk) => pacing.shouldPost(chunk));
    expect(posted(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    pacing.answered(0, false, 10);
    expect(posted(10, 12)).toEqual([11]);
    // Chunks posted before the pause was decided are late too: no new news.
    pacing.answered(5, false, 12);
    pacing.answered(11, false, 12);
    expect(posted(12, 16)).toEqual([14, 15]);
    pacing.answered(14, true, 16);
    pacing.answered(15, false, 16);
    expect(posted(16, 18)).toEqual([17]);
  });

  it('hands every verified event to onEvent in order and reports bytes read per chunk, on one thread or two', () => {
    const path = write(`${sound.join('\n')}\n`);
    const size = Buffer.byteLength(`${sound.join('\n')}\n`);
    for (const parallel of [false, true]) {
      const seqs: number[] = [];
      const bytes: number[] = [];
      const report = auditFile(path, { parallel, chunkBytes: CHUNK_BYTES, onEvent: (env) => seqs.push(env.seq), onChunk: (read) => bytes.push(read) });
      expect(report.ok).toBe(true);
      expect(seqs).toEqual(Array.from({ length: sound.length }, (_, i) => i + 1));
      expect(bytes.length).toBeGreaterThan(10);
      expect(bytes).toEqual([...bytes].sort((x, y) => x - y));
      expect(bytes.at(-1)).toBe(size);
    }
  });

  it('starts its worker from any working directory (under tsx it once resolved tsx from the cwd, stalled 10 s and fell back)', () => {
    const path = write(`${sound.join('\n')}\n`);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const threads: number[] = [];
      expect(auditFile(path, { parallel: true, onStart: (n) => threads.push(n) }).ok).toBe(true);
      expect(threads).toEqual([2]);
    } finally {
      process.chdir(cwd);
    }
  });

  it('runs on one thread below PARALLEL_MIN_BYTES or when asked, with the same report', () => {
    const path = write(`${sound.join('\n')}\n`);
    expect(summary(auditFile(path))).toEqual(singleThread(path, true));
    expect(summary(auditFile(path, { parallel: false, canonical: false }))).toEqual(singleThread(path, false));
  });
});
