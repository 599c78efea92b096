/**
 * `auditFile`: the CLI's audit of a log file, on two threads when the file is large. A binary log
 * (src/log/binary) goes to binary-audit.ts; what follows is the text log's audit. This thread
 * reads, parses, checks and applies every line, as auditLog does; a worker (verify-worker.ts)
 * computes the lines' SHA-256 digests from the same bytes, a chunk or two ahead, without parsing
 * them. Each line is parsed once, so two threads never do more work than one, and when the
 * worker is late (its core busy) this thread hashes the chunk itself rather than wait. The
 * report is the one `auditLog` gives for the same file.
 */
import { statSync } from 'node:fs';
import { createAuditSink, type AuditOptions, type AuditReport, type AuditSink } from '../engine/audit.js';
import { createChainVerifier, HASH_HEX_LENGTH, hashedTextOf, type EventEnvelope } from '../log/index.js';
import { createLineDigestVerifier } from '../log/verifier.js';
import { decodeBytes, fileStart, READ_CHUNK_BYTES, readByteChunks, readTextChunks, type ReadPosition } from './files.js';
import { nativeSha256 } from './native-hash.js';
import { BINARY_LOG_MAGIC } from '../log/binary/index.js';
import { isMagicPrefix } from '../log/binary/verifier.js';
import { auditBinaryFile } from './binary-audit.js';
import { CHUNKS_AHEAD, startHashWorker, workerPacing, type HashWorker } from './hash-worker.js';

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

/**
 * Verifies, replays and checks the log at `path`, like `auditLog(readLines(path))` (the same
 * report), calling the hooks as it goes. Falls back to one thread when the worker cannot start.
 */
export function auditFile(path: string, options: AuditFileOptions = {}): AuditReport {
  if (isBinaryLogFile(path)) return auditBinaryFile(path, options, options.parallel ?? statSync(path).size >= PARALLEL_MIN_BYTES);
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

/**
 * True when the file at `path` starts with the binary log's magic (src/log/binary), not JSONL
 * text; also when the whole file is a part of the magic (a binary log cut short: its first byte,
 * 0x89, cannot begin UTF-8 text), so that its audit says truncated, not malformed JSON.
 */
export function isBinaryLogFile(path: string): boolean {
  const start = fileStart(path, BINARY_LOG_MAGIC.length);
  return start.length > 0 && isMagicPrefix(start);
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
      digests = item.posted ? worker.answerOf(item.chunk, hooks.waitForWorker)?.digests : undefined;
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
