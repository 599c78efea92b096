/**
 * Figure 14's files (benchmarks/binary-log.ts): the log it writes in both forms is the benchmark's
 * own log, whole, and each form audits to the same chain.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inBlocks, writeBothForms } from '../../benchmarks/binary-log.js';
import { workloadEnvelopes, workloadLines } from '../../benchmarks/workload.js';
import { auditFile } from '../../src/cli/audit-file.js';

const dir = mkdtempSync(join(tmpdir(), 'binary-figure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inBlocks', () => {
  it('cuts items into arrays of the size, the last one shorter', () => {
    expect([...inBlocks([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...inBlocks([1, 2], 2)]).toEqual([[1, 2]]);
    expect([...inBlocks([], 3)]).toEqual([]);
  });
});

describe('writeBothForms', () => {
  it('writes the sealed log as scenario 2 writes it, and as a binary log of the same chain', () => {
    const jsonlPath = join(dir, 'log.jsonl');
    const binaryPath = join(dir, 'log.bin');
    // 1 genesis + 5 accounts + 40 transfers, in blocks of 7 (the forms' order alternating by block).
    const written = writeBothForms(inBlocks(workloadEnvelopes(40, 5), 7), jsonlPath, binaryPath);
    const text = readFileSync(jsonlPath, 'utf8');
    expect(text).toBe(`${[...workloadLines(40, 5)].join('\n')}\n`);
    expect(written.events).toBe(46);
    expect(written.jsonlBytes).toBe(Buffer.byteLength(text));
    expect(written.binaryBytes).toBe(readFileSync(binaryPath).length);
    expect(written.binaryBytes).toBeLessThan(written.jsonlBytes / 2);
    const fromJsonl = auditFile(jsonlPath, { parallel: false, canonical: true });
    const fromBinary = auditFile(binaryPath, { parallel: false });
    expect(fromJsonl.ok && fromBinary.ok).toBe(true);
    if (!fromJsonl.ok || !fromBinary.ok) return;
    expect(fromBinary.count).toBe(46);
    expect(fromBinary.engine.head()).toEqual(fromJsonl.engine.head());
  });
});
