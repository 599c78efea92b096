/**
 * The CLI's hashing worker thread, as the main thread sees it: starting it, handing it chunks
 * (lines of a text log, or blocks of a binary one) through shared slots, collecting its answers
 * in order, and pacing it when its core is busy. The worker itself is verify-worker.ts.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { ANSWERS, READY, type ChunkAnswer, type ChunkKind, type ChunkRequest, type VerifyWorkerData } from './verify-protocol.js';

// Chunks handed to the worker ahead of the one being verified (about 1,000 lines of a payments
// log): time for it to answer first, through a scheduler's hiccups.
export const CHUNKS_AHEAD = 8;
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

/** This thread's handle on a started worker. */
export type HashWorker = {
  /** Copies the bytes of chunk `chunk` into a free slot and posts it as `kind`; false when no slot is free or it does not fit. */
  post(chunk: number, bytes: Uint8Array, kind?: ChunkKind): boolean;
  /** The worker's answer to a posted chunk: waits for it when `wait`, else undefined when it is not in yet. */
  answerOf(chunk: number, wait: boolean): ChunkAnswer | undefined;
  stop(): void;
};

// The worker file sits beside this module: verify-worker.js in a build or bundle. Under tsx or
// vitest it is the .ts source, which the worker loads through tsx's loader (a dev dependency).
/** Starts the worker with slots of `slotBytes`; undefined when it cannot start (this thread then works alone). */
export function startHashWorker(slotBytes: number): HashWorker | undefined {
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
    post(chunk, bytes, kind = 'lines') {
      while (posted - answered >= SLOTS && receive());
      if (posted - answered >= SLOTS || bytes.length > slotBytes) return false;
      const slot = posted % SLOTS;
      new Uint8Array(slots, slot * slotBytes, bytes.length).set(bytes);
      const request: ChunkRequest = { chunk, slot, slotBytes, byteLength: bytes.length, kind };
      worker.postMessage(request);
      posted += 1;
      return true;
    },
    answerOf(chunk, wait) {
      for (;;) {
        // Answers to chunks already verified here, by this thread, are of no more use.
        while (arrived.length > 0 && arrived[0]!.chunk < chunk) arrived.shift();
        const first = arrived[0];
        if (first !== undefined) return first.chunk === chunk ? arrived.shift() : undefined;
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
