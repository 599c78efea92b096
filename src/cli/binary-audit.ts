/**
 * `auditFile` for a binary log (src/log/binary): the same report as for the same log as JSONL.
 * This thread reads the file, cuts it into blocks, decodes and applies each; a worker
 * (verify-worker.ts) decodes the same blocks a few ahead and checks their events' digests, which
 * is the larger half of the work. When the worker is late (its core busy) this thread checks the
 * block's digests itself rather than wait, as the text audit does.
 */
import { createAuditSink, type AuditReport } from '../engine/audit.js';
import { firstWrongDigestInBlock } from '../log/binary/hashed-text.js';
import { createBinaryBlockVerifier, createBlockSplitter, type DigestVerdict } from '../log/binary/verifier.js';
import type { EventEnvelope } from '../log/index.js';
import type { AuditFileOptions } from './audit-file.js';
import { RAW_CHUNK_BYTES, readRawChunks, type ReadPosition } from './files.js';
import { CHUNKS_AHEAD, startHashWorker, workerPacing, type HashWorker } from './hash-worker.js';
import { nativeSha256Bytes } from './native-hash.js';

/**
 * A worker slot's size: a block the writer closed (1 MiB, plus the event that passed it). A
 * larger block is checked on this thread.
 */
const BLOCK_SLOT_BYTES = 3 << 20;

/** Verifies, replays and checks the binary log at `path`; the report `auditFile` gives for its JSONL form. */
export function auditBinaryFile(path: string, options: AuditFileOptions, parallel: boolean): AuditReport {
  const { chunkBytes, waitForWorker, onEvent, onChunk, onStart, parallel: _asked, canonical: _always, onProgress, progressEvery, ...engineOptions } = options;
  const worker = parallel ? startHashWorker(BLOCK_SLOT_BYTES) : undefined;
  onStart?.(worker === undefined ? 1 : 2);
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const verifier = createBinaryBlockVerifier({ onEvent: appliedBy(sink, onEvent) });
  const position: ReadPosition = { bytes: 0 };
  const blocks = blocksOf(path, chunkBytes ?? RAW_CHUNK_BYTES, position);
  try {
    const verdicts = worker === undefined ? undefined : workerVerdicts(worker, waitForWorker ?? false);
    let framing: string | undefined;
    for (let block = blocks.next(); ; block = blocks.next()) {
      if (block.done === true) {
        framing = block.value;
        break;
      }
      const verdict = verdicts?.next(block.value, () => blocks.peek()) ?? hereVerdict;
      if (verifier.pushBlock(block.value, verdict) !== undefined || sink.failed) break;
      onChunk?.(position.bytes, verifier.count);
    }
    if (verifier.fault === undefined && !sink.failed && framing !== undefined) verifier.fail(framing);
  } finally {
    blocks.stop();
    worker?.stop();
  }
  return sink.finish(verifier.fault, verifier.count);
}

const hereVerdict: DigestVerdict = (_envelopes, block) => firstWrongDigestInBlock(block, 0, block.length, nativeSha256Bytes);

function appliedBy(sink: ReturnType<typeof createAuditSink>, onEvent: AuditFileOptions['onEvent']): (env: EventEnvelope) => void {
  if (onEvent === undefined) return (env) => sink.add(env);
  return (env) => {
    onEvent(env);
    sink.add(env);
  };
}

/**
 * The file's blocks in order, with one to look ahead at (to hand to the worker early); the
 * generator's return value is what is wrong with the file's framing, if anything.
 */
type BlockStream = {
  next(): IteratorResult<Uint8Array, string | undefined>;
  /** The blocks read but not yet taken by `next`, reading more when fewer than CHUNKS_AHEAD wait. */
  peek(): readonly Uint8Array[];
  stop(): void;
};

function blocksOf(path: string, chunkBytes: number, position: ReadPosition): BlockStream {
  const chunks = readRawChunks(path, chunkBytes, position);
  const splitter = createBlockSplitter();
  const waiting: Uint8Array[] = [];
  let ended = false;
  let problem: string | undefined;
  const readMore = (): void => {
    while (!ended && problem === undefined && waiting.length <= CHUNKS_AHEAD) {
      const chunk = chunks.next();
      if (chunk.done === true) {
        ended = true;
        problem = splitter.leftover();
        return;
      }
      const cut = splitter.push(chunk.value);
      waiting.push(...cut.blocks);
      problem = cut.problem;
    }
  };
  return {
    next() {
      if (waiting.length === 0) readMore();
      const block = waiting.shift();
      return block === undefined ? { done: true, value: problem } : { done: false, value: block };
    },
    peek() {
      readMore();
      return waiting;
    },
    stop: () => void chunks.return(undefined),
  };
}

/**
 * The worker's verdicts, block by block: each block is posted when first seen (the one being
 * verified, and the ones waiting behind it), and its verdict is the worker's answer when it is
 * in, else this thread's own.
 */
function workerVerdicts(worker: HashWorker, wait: boolean): { next(block: Uint8Array, ahead: () => readonly Uint8Array[]): DigestVerdict } {
  const numbers = new WeakMap<Uint8Array, { chunk: number; posted: boolean }>();
  const pacing = workerPacing();
  let counted = 0;
  const post = (block: Uint8Array): void => {
    if (numbers.has(block)) return;
    const chunk = counted;
    counted += 1;
    numbers.set(block, { chunk, posted: pacing.shouldPost(chunk) && worker.post(chunk, block, 'block') });
  };
  return {
    next(block, ahead) {
      post(block);
      for (const next of ahead()) post(next);
      const { chunk, posted } = numbers.get(block)!;
      if (!posted) return hereVerdict;
      const answer = worker.answerOf(chunk, wait);
      pacing.answered(chunk, answer !== undefined, counted);
      const wrong = answer?.wrong;
      return wrong === undefined ? hereVerdict : () => wrong;
    },
  };
}
