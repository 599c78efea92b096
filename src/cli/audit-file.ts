/**
 * `auditFile`: the CLI's audit of a log file, on two threads when the file is large. A worker
 * (verify-worker.ts) verifies the hash chain: JSON, structure and SHA-256, about half the work
 * of an audit. This thread parses the same lines again and applies them, a chunk behind the
 * worker. The report is the one `auditLog` gives for the same file.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { createAuditSink, type AuditOptions, type AuditReport } from '../engine/audit.js';
import { createChainVerifier, type EventEnvelope } from '../log/index.js';
import { readTextChunks, type ReadPosition } from './files.js';
import { nativeSha256 } from './native-hash.js';
import { ANSWERS, READY, type ChunkAnswer, type VerifyWorkerData } from './verify-protocol.js';

/** Options of `auditFile`: those of `auditLog` (its SHA-256 is node:crypto's), plus threading. */
export type AuditFileOptions = Omit<AuditOptions, 'sha256'> & {
  /** Verify on a worker thread: default when the file has at least PARALLEL_MIN_BYTES. */
  readonly parallel?: boolean;
  /** Bytes read per chunk (tests make it small). */
  readonly chunkBytes?: number;
  /** Sees each event once its line is verified, in order (a checkpoint checker, say). */
  readonly onEvent?: (env: EventEnvelope) => void;
  /** Called after each chunk with the bytes read so far and the events verified (progress). */
  readonly onChunk?: (bytesRead: number, count: number) => void;
  /** Told once how many threads the audit runs on: 2, or 1 when small, asked, or the worker failed to start. */
  readonly onStart?: (threads: 1 | 2) => void;
};

/** Below this size a worker's start (tens of ms) costs more than it saves. */
export const PARALLEL_MIN_BYTES = 4 << 20;
// Chunks posted ahead of the one being applied: the worker never waits for this thread.
const CHUNKS_AHEAD = 2;
const READY_TIMEOUT_MS = 10_000;
// READY's value when the worker under tsx could not load its source.
const FAILED_START = 2;
// Verifying one chunk takes milliseconds; this long without an answer means the worker died.
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * Verifies, replays and checks the log at `path`, like `auditLog(readLines(path))` (the same
 * report), calling the hooks as it goes. Falls back to one thread when the worker cannot start.
 */
export function auditFile(path: string, options: AuditFileOptions = {}): AuditReport {
  const { parallel, chunkBytes, onEvent, onChunk, onStart, ...auditOptions } = options;
  const hooks: Hooks = { onEvent, onChunk, chunkBytes };
  const worker = (parallel ?? statSync(path).size >= PARALLEL_MIN_BYTES) ? startVerifyWorker(auditOptions.canonical ?? true) : undefined;
  onStart?.(worker === undefined ? 1 : 2);
  if (worker === undefined) return auditOnOneThread(path, auditOptions, hooks);
  try {
    return auditWithWorker(path, worker, auditOptions, hooks);
  } finally {
    worker.stop();
  }
}

type Hooks = {
  readonly onEvent: AuditFileOptions['onEvent'] | undefined;
  readonly onChunk: AuditFileOptions['onChunk'] | undefined;
  readonly chunkBytes: number | undefined;
};

// auditLog's loop over the same chunks, with the hooks: the same report for the same lines.
function auditOnOneThread(path: string, options: Omit<AuditOptions, 'sha256'>, hooks: Hooks): AuditReport {
  const { onProgress, progressEvery, canonical, ...engineOptions } = options;
  const { onEvent, onChunk } = hooks;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const verifier = createChainVerifier({
    sha256: nativeSha256,
    ...(canonical === undefined ? {} : { canonical }),
    onEvent: onEvent === undefined ? (env) => sink.add(env) : (env) => (onEvent(env), sink.add(env)),
  });
  const position: ReadPosition = { bytes: 0 };
  const chunks = readTextChunks(path, hooks.chunkBytes, position);
  reading: for (const text of chunks) {
    for (const line of text.split('\n')) {
      if (verifier.push(line) !== undefined || sink.failed) break reading;
    }
    onChunk?.(position.bytes, verifier.count);
  }
  return sink.finish(verifier.fault, verifier.count);
}

function auditWithWorker(path: string, worker: VerifyWorker, options: Omit<AuditOptions, 'sha256'>, hooks: Hooks): AuditReport {
  const { onProgress, progressEvery, canonical: _canonical, ...engineOptions } = options;
  const { onEvent, onChunk } = hooks;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const position: ReadPosition = { bytes: 0 };
  const chunks = readTextChunks(path, hooks.chunkBytes, position);
  // Each chunk with the bytes read when it was, so progress follows the chunk being applied
  // rather than the reader, CHUNKS_AHEAD chunks ahead.
  const inFlight: { text: string; endBytes: number }[] = [];
  const post = (): void => {
    const next = chunks.next();
    if (next.done === true) return;
    inFlight.push({ text: next.value, endBytes: position.bytes });
    worker.post(next.value);
  };
  for (let i = 0; i < CHUNKS_AHEAD; i += 1) post();
  let answer: ChunkAnswer = { passed: 0, fault: undefined, count: 0 };
  for (let chunk = inFlight.shift(); chunk !== undefined; chunk = inFlight.shift()) {
    const { text, endBytes } = chunk;
    answer = worker.next();
    if (answer.fault === undefined) post();
    // The worker split the same text the same way: its first `passed` lines are verified.
    const lines = text.split('\n');
    for (let i = 0; i < answer.passed && !sink.failed; i += 1) {
      const line = lines[i]!;
      if (line === '') continue;
      const env = JSON.parse(line) as EventEnvelope;
      onEvent?.(env);
      sink.add(env);
    }
    onChunk?.(endBytes, answer.count);
    if (answer.fault !== undefined || sink.failed) break;
  }
  chunks.return(undefined);
  return sink.finish(answer.fault, answer.count);
}

type VerifyWorker = { post(text: string): void; next(): ChunkAnswer; stop(): void };

// The worker file sits beside this module: verify-worker.js in a build or bundle. Under tsx or
// vitest it is the .ts source, which the worker loads through tsx's loader (a dev dependency).
function startVerifyWorker(canonical: boolean): VerifyWorker | undefined {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(source ? './verify-worker.ts' : './verify-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return undefined;
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const data: VerifyWorkerData & { port: MessagePort } = { signal, canonical, port: port2 };
  const options = { workerData: data, transferList: [port2] };
  // tsx's API is resolved here: the eval'd code would resolve it from the working directory,
  // which has no node_modules when the CLI runs on a log elsewhere. A failed start sets READY to
  // FAILED_START, so this thread falls back at once instead of waiting READY_TIMEOUT_MS.
  const worker = source
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })` +
          `.catch(() => { const { signal } = require('node:worker_threads').workerData; Atomics.store(signal, ${READY}, ${FAILED_START}); Atomics.notify(signal, ${READY}); });`,
        { ...options, eval: true },
      )
    : new Worker(url, options);
  // A worker that fails to start never sets READY, and this thread falls back; its error event
  // must not also crash the process.
  worker.on('error', () => undefined);
  worker.unref();
  const stop = (): void => {
    port1.close();
    void worker.terminate();
  };
  if (Atomics.wait(signal, READY, 0, READY_TIMEOUT_MS) === 'timed-out' || Atomics.load(signal, READY) !== 1) {
    stop();
    return undefined;
  }
  return {
    post: (text) => worker.postMessage(text),
    next: () => nextAnswer(port1, signal),
    stop,
  };
}

// Blocks until the worker's next answer. It posts, then bumps ANSWERS: once the count moves,
// the message is already on the port.
function nextAnswer(port: MessagePort, signal: Int32Array): ChunkAnswer {
  for (;;) {
    const seen = Atomics.load(signal, ANSWERS);
    const received = receiveMessageOnPort(port);
    if (received !== undefined) {
      const answer = received.message as ChunkAnswer;
      if (answer.error !== undefined) throw new Error(`verify worker failed: ${answer.error}`);
      return answer;
    }
    if (Atomics.wait(signal, ANSWERS, seen, ANSWER_TIMEOUT_MS) === 'timed-out') throw new Error('verify worker stopped answering');
  }
}
