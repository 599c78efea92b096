/**
 * Figure 14's measurements, shared by its two scenarios (scenarios.ts `binary`, the ledger-only
 * log; api-scenarios.ts `binary`, the API-driven one): a log written to disk in both forms, then
 * `auditFile` of each form on two threads and on one, alternating with the in-memory replay of
 * the same events in one process (binary-figure.ts runs the rounds and makes the figures).
 */
import { closeSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { auditFile, type AuditFileOptions } from '../src/cli/audit-file.js';
import { lineWriter, readRawChunks } from '../src/cli/files.js';
import { nativeSha256Bytes } from '../src/cli/native-hash.js';
import { BlockReader } from '../src/log/binary/decoder.js';
import { BLOCK_LENGTH_BYTES } from '../src/log/binary/format.js';
import { firstWrongDigestInBlock } from '../src/log/binary/hashed-text.js';
import { createBlockSplitter } from '../src/log/binary/verifier.js';
import { BINARY_LOG_MAGIC, createBinaryLogWriter } from '../src/log/binary/index.js';
import { encodeEnvelope, type EventEnvelope } from '../src/log/index.js';
import { alternatingRounds, BINARY_FIGURE_PARTS, type BinaryFigurePart, type BinaryScenarioFigures, roundFigures } from './binary-figure.js';

/** The two files of one log, and what writing them took. */
export type WrittenForms = {
  readonly events: number;
  readonly binaryBytes: number;
  readonly jsonlBytes: number;
  readonly binaryWriteSeconds: number;
  readonly jsonlWriteSeconds: number;
  /** Peak RSS while writing (and before: the writing starts the process's measurements). */
  readonly writePeakRssMb: number;
};

function seconds<T>(fn: () => T): [number, T] {
  const t0 = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, result];
}

/**
 * Writes the log given as `blocks` of sealed envelopes to `jsonlPath` (encodeEnvelope, one line
 * each) and to `binaryPath` (the binary writer, streaming its blocks to the file), block by block
 * in alternating order; only the encoding and writing are timed, not making the blocks. One block
 * is held at a time.
 */
export function writeBothForms(blocks: Iterable<readonly EventEnvelope[]>, jsonlPath: string, binaryPath: string): WrittenForms {
  const jsonl = lineWriter(jsonlPath);
  const fd = openSync(binaryPath, 'w');
  let events = 0;
  let jsonlS = 0;
  let binaryS = 0;
  try {
    writeSync(fd, BINARY_LOG_MAGIC);
    const binary = createBinaryLogWriter({ onBlock: (block) => void writeSync(fd, block) });
    const writeJsonl = (block: readonly EventEnvelope[]): void => {
      for (const env of block) jsonl.write(encodeEnvelope(env));
    };
    const writeBinary = (block: readonly EventEnvelope[]): void => {
      for (const env of block) {
        const problem = binary.push(env);
        if (problem !== undefined) throw new Error(`seq ${env.seq} cannot be written as binary: ${problem}`);
      }
    };
    let index = 0;
    for (const block of blocks) {
      const order = index % 2 === 0 ? ['jsonl', 'binary'] : ['binary', 'jsonl'];
      for (const form of order) {
        global.gc?.({ type: 'minor' });
        if (form === 'jsonl') jsonlS += seconds(() => writeJsonl(block))[0];
        else binaryS += seconds(() => writeBinary(block))[0];
      }
      events += block.length;
      index += 1;
    }
    binaryS += seconds(() => binary.finish())[0];
  } finally {
    closeSync(fd);
  }
  jsonlS += seconds(() => jsonl.close())[0];
  return { events, binaryBytes: statSync(binaryPath).size, jsonlBytes: statSync(jsonlPath).size, binaryWriteSeconds: binaryS, jsonlWriteSeconds: jsonlS, writePeakRssMb: peakRssMb() };
}

/** `items` in arrays of `size` (the last may be shorter), one array at a time. */
export function* inBlocks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let block: T[] = [];
  for (const item of items) {
    block.push(item);
    if (block.length === size) {
      yield block;
      block = [];
    }
  }
  if (block.length > 0) yield block;
}

/** What a timed part of the rounds gives back: its seconds, its peak RSS, the threads an audit ran on. */
type PartRun = { seconds: number; peakRssMb: number; threads: number };

/**
 * Figure 14 for one log already written in both forms: after a warm-up, `rounds` alternating
 * rounds of the four audits from disk and of `replaySeconds` (the in-memory replay of the same
 * events, which times itself so that making its blocks is left out).
 */
export function fromDiskFigures(options: {
  readonly written: WrittenForms;
  readonly jsonlPath: string;
  readonly binaryPath: string;
  /** Engine options of the audit (the ones the log was written with). */
  readonly engine: Omit<AuditFileOptions, 'parallel' | 'canonical' | 'onStart'>;
  readonly replaySeconds: () => number;
  readonly rounds: number;
}): BinaryScenarioFigures {
  const { written, engine } = options;
  global.gc?.();
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const audit = (path: string, parallel: boolean) => (): PartRun => {
    let threads = 0;
    const run = measuredPart(() =>
      auditFile(path, {
        ...engine,
        parallel,
        // The CLI replay's check (the binary audit ignores it: its events are canonical by construction).
        canonical: false,
        onStart: (t) => {
          threads = t;
        },
      }),
    );
    const report = run.result;
    if (!report.ok) throw new Error(`${path} failed its audit: ${JSON.stringify(report.fault)}`);
    if (report.count !== written.events) throw new Error(`${path}: audited ${report.count} events of ${written.events}`);
    return { seconds: run.seconds, peakRssMb: run.peakRssMb, threads };
  };
  const parts: Record<BinaryFigurePart, () => PartRun> = {
    binaryTwoThreads: audit(options.binaryPath, true),
    jsonlTwoThreads: audit(options.jsonlPath, true),
    binaryOneThread: audit(options.binaryPath, false),
    jsonlOneThread: audit(options.jsonlPath, false),
    replay: () => {
      const run = measuredPart(options.replaySeconds);
      return { seconds: run.result, peakRssMb: run.peakRssMb, threads: 1 };
    },
    binaryDigests: () => {
      const run = measuredPart(() => digestsAlone(options.binaryPath));
      if (run.result !== written.events) throw new Error(`${options.binaryPath}: digests proved ${run.result} events of ${written.events}`);
      return { seconds: run.seconds, peakRssMb: run.peakRssMb, threads: 1 };
    },
  };
  const runs = alternatingRounds(parts, options.rounds);
  const pick = <T>(f: (run: PartRun) => T): Record<BinaryFigurePart, T[]> =>
    Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, runs[part].map(f)])) as Record<BinaryFigurePart, T[]>;
  const peaks = pick((run) => run.peakRssMb);
  return {
    events: written.events,
    ...roundFigures(written.events, pick((run) => run.seconds)),
    bytesPerEvent: { binary: round1(written.binaryBytes / written.events), jsonl: round1(written.jsonlBytes / written.events) },
    writeSeconds: { binary: round3(written.binaryWriteSeconds), jsonl: round3(written.jsonlWriteSeconds) },
    peakRssMb: Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, Math.max(...peaks[part])])) as Record<BinaryFigurePart, number>,
    rssBeforeMb,
    writePeakRssMb: written.writePeakRssMb,
    twoThreadRounds: runs.binaryTwoThreads.map((run) => run.threads),
  };
}

/**
 * The two-thread binary audit's worker part, on this thread: the file read in the CLI's chunks,
 * cut into whole blocks, and each block's digests checked as the worker checks them. The events
 * proved (all of them, or it throws).
 */
function digestsAlone(path: string): number {
  const splitter = createBlockSplitter();
  let proved = 0;
  for (const chunk of readRawChunks(path)) {
    const { blocks, problem } = splitter.push(chunk);
    if (problem !== undefined) throw new Error(`${path}: ${problem}`);
    for (const block of blocks) {
      // A block's event count is its first varint after the length (docs/binary-log.md).
      const events = new BlockReader(block, BLOCK_LENGTH_BYTES, block.length).varint();
      const wrong = firstWrongDigestInBlock(block, 0, block.length, nativeSha256Bytes);
      if (wrong !== -1) throw new Error(`${path}: event ${wrong} of a block has a wrong digest`);
      proved += events;
    }
  }
  if (splitter.leftover() !== undefined) throw new Error(`${path}: ${splitter.leftover()}`);
  return proved;
}

const round1 = (n: number): number => Number(n.toFixed(1));
const round3 = (n: number): number => Number(n.toFixed(3));

// `fn` after a full collection, timed, with the process's RSS high-water mark reset before it.
function measuredPart<T>(fn: () => T): { seconds: number; result: T; peakRssMb: number } {
  global.gc?.();
  resetPeakRss();
  const [s, result] = seconds(fn);
  return { seconds: s, result, peakRssMb: peakRssMb() };
}

/**
 * Resets Linux's RSS high-water mark (VmHWM) to the current RSS, so that each part's peak is its
 * own; where /proc does not allow it, the peak is the process's so far.
 */
function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak stays the process's.
  }
}

// VmHWM, the mark resetPeakRss resets (getrusage's maxRSS where /proc is not there: the process's peak).
function peakRssMb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb !== undefined) return Math.round(Number(kb) / 1024);
  } catch {
    // Not Linux.
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
