/**
 * `auditFile`: the CLI's audit of a log file, on two threads when the file is large. This thread
 * reads, parses, checks and applies every line, as auditLog does; a worker (verify-worker.ts)
 * computes the lines' SHA-256 digests from the same bytes, a chunk or two ahead, without parsing
 * them. Each line is parsed once, so two threads never do more work than one, and when the
 * worker is late (its core busy) this thread hashes the chunk itself rather than wait. The
 * report is the one `auditLog` gives for the same file.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { createAuditSink, type AuditOptions, type AuditReport, type AuditSink } from '../engine/audit.js';
import { createChainVerifier, HASH_HEX_LENGTH, hashedTextOf, type EventEnvelope } from '../log/index.js';
import { createLineDigestVerifier } from '../log/verifier.js';
import { decodeBytes, READ_CHUNK_BYTES, readByteChunks, readTextChunks, type ReadPosition } from './files.js';
import { nativeSha256 } from './native-hash.js';
import { ANSWERS, READY, type ChunkAnswer, type ChunkRequest, type VerifyWorkerData } from './verify-protocol.js';

/** Options of `auditFile`: those of `auditLog` (its SHA-256 is node:crypto's), plus threading. */
export type AuditFileOptions = Omit<AuditOptions, 'sha256'> & {
  /** Hash on a worker thread: default when the file has at least PARALLEL_MIN_BYTES. */
  readonly parallel?: boolean;
  /** Bytes read per chunk (default AUDIT_CHUNK_BYTES; tests make it small). */
  readonly chunkBytes?: number;
  /**
   * Wait for the worker's digests of every chunk it was given, rather than hash a chunk here
   * when they are not in yet (tests: so that the worker's digests are the ones checked).
   */
  readonly waitForWorker?: boolean;
  /** Sees each event once its line is verified, in order (a checkpoint checker, say). */
  readonly onEvent?: (env: EventEnvelope) => void;
  /** Called after each chunk with the bytes read so far and the events verified (progress). */
  readonly onChunk?: (bytesRead: number, count: number) => void;
  /** Told once how many threads the audit runs on: 2, or 1 when small, asked, or the worker failed to start. */
  readonly onStart?: (threads: 1 | 2) => void;
};

/** Below this size a worker's start (tens of ms) costs more than it saves. */
export const PARALLEL_MIN_BYTES = 4 << 20;
/** Bytes read per chunk: the file readers' (files.ts READ_CHUNK_BYTES), which also sizes the worker's slots. */
export const AUDIT_CHUNK_BYTES = READ_CHUNK_BYTES;
// Chunks handed to the worker ahead of the one being verified (about 1,000 lines of a payments
// log): time for it to answer first, through a scheduler's hiccups.
const CHUNKS_AHEAD = 8;
// Shared slots for chunks in the worker's hands: those ahead, the one being verified, and one
// more for a chunk whose answer is still to come after this thread hashed it itself.
const SLOTS = CHUNKS_AHEAD + 2;
// The longest run of chunks hashed here without the worker after it was late (about 64 MiB).
const PAUSE_MAX_CHUNKS = 64;
const READY_TIMEOUT_MS = 10_000;
// READY's value when the worker under tsx could not load its source.
const FAILED_START = 2;
// Hashing one chunk takes milliseconds; this long without an answer means the worker died.
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * Verifies, replays and checks the log at `path`, like `auditLog(readLines(path))` (the same
 * report), calling the hooks as it goes. Falls back to one thread when the worker cannot start.
 */
export function auditFile(path: string, options: AuditFileOptions = {}): AuditReport {
  const { parallel, chunkBytes, waitForWorker, onEvent, onChunk, onStart, ...auditOptions } = options;
  const hooks: Hooks = { onEvent, onChunk, chunkBytes: chunkBytes ?? AUDIT_CHUNK_BYTES, waitForWorker: waitForWorker ?? false };
  const worker = (parallel ?? statSync(path).size >= PARALLEL_MIN_BYTES) ? startHashWorker(hooks.chunkBytes) : undefined;
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
  readonly chunkBytes: number;
  readonly waitForWorker: boolean;
};

// auditLog's loop over the same chunks, with the hooks: the same report for the same lines.
function auditOnOneThread(path: string, options: Omit<AuditOptions, 'sha256'>, hooks: Hooks): AuditReport {
  const { onProgress, progressEvery, canonical, ...engineOptions } = options;
  const { onEvent, onChunk } = hooks;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const verifier = createChainVerifier({
    sha256: nativeSha256,
    ...(canonical === undefined ? {} : { canonical }),
    onEvent: verifiedEventSink(onEvent, sink),
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

// Where the verifier hands each verified event: the caller's hook first, then the sink.
function verifiedEventSink(onEvent: Hooks['onEvent'], sink: AuditSink): (env: EventEnvelope) => void {
  if (onEvent === undefined) return (env) => sink.add(env);
  return (env) => {
    onEvent(env);
    sink.add(env);
  };
}

function auditWithWorker(path: string, worker: HashWorker, options: Omit<AuditOptions, 'sha256'>, hooks: Hooks): AuditReport {
  const { onProgress, progressEvery, canonical, ...engineOptions } = options;
  const { onEvent, onChunk } = hooks;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  // The worker's digests of the chunk being verified, and the index of the line being pushed:
  // the verifier asks for a line's digest while it pushes that line.
  let digests: string | undefined;
  let lineIndex = 0;
  const verifier = createLineDigestVerifier(
    {
      ...(canonical === undefined ? {} : { canonical }),
      onEvent: verifiedEventSink(onEvent, sink),
    },
    (line) => (digests === undefined ? nativeSha256(hashedTextOf(line)) : digests.slice(lineIndex * HASH_HEX_LENGTH, (lineIndex + 1) * HASH_HEX_LENGTH)),
  );
  const position: ReadPosition = { bytes: 0 };
  const chunks = readByteChunks(path, hooks.chunkBytes, position);
  // Chunks read and handed to the worker ahead of the one being verified, each with the bytes
  // read when it was, so that progress follows the chunk verified rather than the reader.
  const ahead: { chunk: number; text: string; endBytes: number; posted: boolean }[] = [];
  let chunksRead = 0;
  const pacing = workerPacing();
  const readAhead = (): void => {
    const next = chunks.next();
    if (next.done === true) return;
    const chunk = chunksRead;
    chunksRead += 1;
    const posted = pacing.shouldPost(chunk) && worker.post(chunk, next.value);
    ahead.push({ chunk, text: decodeBytes(next.value), endBytes: position.bytes, posted });
  };
  try {
    for (let i = 0; i < CHUNKS_AHEAD; i += 1) readAhead();
    reading: for (let item = ahead.shift(); item !== undefined; item = ahead.shift()) {
      readAhead();
      // Never idle while the worker is late (its core busy elsewhere): hash the chunk here.
      digests = item.posted ? worker.digestsOf(item.chunk, hooks.waitForWorker) : undefined;
      if (item.posted) pacing.answered(item.chunk, digests !== undefined, chunksRead);
      const lines = item.text.split('\n');
      for (lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
        if (verifier.push(lines[lineIndex]!) !== undefined || sink.failed) break reading;
      }
      onChunk?.(item.endBytes, verifier.count);
    }
  } finally {
    chunks.return(undefined);
  }
  return sink.finish(verifier.fault, verifier.count);
}

/**
 * When to hand chunks to the worker. A worker late with its digests has no core of its own (the
 * machine is busy), and its work, hashed again here, is only a cost: after a late answer, the
 * next chunks read are not handed to it, twice as many as after the last late answer, until it
 * answers in time again. Answers to chunks posted before a pause was decided say nothing new.
 * Exported for its test.
 */
export function workerPacing(): { shouldPost(chunk: number): boolean; answered(chunk: number, inTime: boolean, nextChunk: number): void } {
  let pause = 0;
  let resumeAt = 0;
  return {
    shouldPost: (chunk) => chunk >= resumeAt,
    answered(chunk, inTime, nextChunk) {
      if (chunk < resumeAt) return;
      if (inTime) pause = 0;
      else {
        pause = Math.min(Math.max(pause * 2, 1), PAUSE_MAX_CHUNKS);
        resumeAt = nextChunk + pause;
      }
    },
  };
}

type HashWorker = {
  /** Copies the bytes of chunk `chunk` into a free slot and posts it; false when no slot is free or it does not fit. */
  post(chunk: number, bytes: Buffer): boolean;
  /** The worker's digests of a posted chunk's lines: waits for them when `wait`, else undefined when they are not in yet. */
  digestsOf(chunk: number, wait: boolean): string | undefined;
  stop(): void;
};

// The worker file sits beside this module: verify-worker.js in a build or bundle. Under tsx or
// vitest it is the .ts source, which the worker loads through tsx's loader (a dev dependency).
function startHashWorker(slotBytes: number): HashWorker | undefined {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(source ? './verify-worker.ts' : './verify-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return undefined;
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const slots = new SharedArrayBuffer(SLOTS * slotBytes);
  const data: VerifyWorkerData & { port: MessagePort } = { signal, slots, port: port2 };
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
  return hashWorker(worker, port1, signal, slots, slotBytes, stop);
}

// This thread's handle on the worker: the n-th chunk posted goes to slot n % SLOTS, free once
// the worker has answered every chunk posted SLOTS posts before it (it answers in order).
function hashWorker(worker: Worker, port: MessagePort, signal: Int32Array, slots: SharedArrayBuffer, slotBytes: number, stop: () => void): HashWorker {
  let posted = 0;
  let answered = 0;
  const arrived: ChunkAnswer[] = [];
  const receive = (): boolean => {
    const received = receiveMessageOnPort(port);
    if (received === undefined) return false;
    const answer = received.message as ChunkAnswer;
    if (answer.error !== undefined) throw new Error(`verify worker failed: ${answer.error}`);
    answered += 1;
    arrived.push(answer);
    return true;
  };
  return {
    post(chunk, bytes) {
      while (posted - answered >= SLOTS && receive());
      if (posted - answered >= SLOTS || bytes.length > slotBytes) return false;
      const slot = posted % SLOTS;
      bytes.copy(new Uint8Array(slots, slot * slotBytes, bytes.length));
      const request: ChunkRequest = { chunk, slot, slotBytes, byteLength: bytes.length };
      worker.postMessage(request);
      posted += 1;
      return true;
    },
    digestsOf(chunk, wait) {
      for (;;) {
        // Answers to chunks already verified here, by this thread, are of no more use.
        while (arrived.length > 0 && arrived[0]!.chunk < chunk) arrived.shift();
        const first = arrived[0];
        if (first !== undefined) return first.chunk === chunk ? arrived.shift()!.digests : undefined;
        const seen = Atomics.load(signal, ANSWERS);
        if (receive()) continue;
        if (!wait) return undefined;
        // It posts, then bumps ANSWERS: once the count moves, the answer is already on the port.
        if (Atomics.wait(signal, ANSWERS, seen, ANSWER_TIMEOUT_MS) === 'timed-out') throw new Error('verify worker stopped answering');
      }
    },
    stop,
  };
}
