/**
 * The embedded event store: one JSONL file (the library's log format), one writer per file by an
 * exclusive lock, every append written and fsynced before it resolves. A torn last line (a crash
 * mid-append) is detected on open and reported with the file and byte offset; it is truncated
 * only when the caller asks with `repairTornTail`, never silently.
 */
import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { nativeSha256 } from './native-hash.js';
import {
  type ChainHead,
  createChainVerifier,
  decodeLine,
  EMPTY_HEAD,
  type EventEnvelope,
  encodeEnvelope,
  hashedTextOf,
  LINE_LENGTH_MAX,
  type LogFault,
  type Sha256Hex,
} from '../log/index.js';
import { AppendConflictError, type EventStore } from './event-store.js';
import { acquireLock, type FileLock } from './file-lock.js';

/** Options of `openFileStore`. */
export type FileStoreOptions = {
  /** Truncate a torn last line instead of refusing to open (default false: report it). */
  readonly repairTornTail?: boolean;
  /** The lock file (default `<path>.lock`). */
  readonly lockPath?: string;
  /** SHA-256 for verification (default: node:crypto). */
  readonly sha256?: Sha256Hex;
};

/** The last line of the file is incomplete or unreadable: a crash interrupted an append. */
export class TornTailError extends Error {
  constructor(
    readonly path: string,
    readonly offset: number,
    readonly byteLength: number,
    readonly detail: string,
  ) {
    super(
      `${path}: torn last line at byte offset ${offset} (${byteLength} bytes: ${detail}). ` +
        'It was never acknowledged; open with repairTornTail: true (serve --repair-torn-tail) to truncate it, after keeping a copy.',
    );
    this.name = 'TornTailError';
  }
}

/** A stored line before the last one is broken: the file was damaged; nothing is repaired. */
export class LogCorruptError extends Error {
  constructor(
    readonly path: string,
    readonly offset: number,
    readonly fault: LogFault,
  ) {
    super(`${path}: broken event at byte offset ${offset} (line ${fault.line}, seq ${fault.seq}): ${fault.kind}: ${fault.reason}`);
    this.name = 'LogCorruptError';
  }
}

/** The file store: an EventStore plus where it lives and what open repaired. */
export type FileStore = EventStore & {
  readonly path: string;
  /** The torn tail open truncated (repairTornTail), or undefined. */
  readonly repaired: TornTailError | undefined;
};

// UTF-8 of a line at LINE_LENGTH_MAX UTF-16 units is at most three bytes per unit.
const TAIL_WINDOW_BYTES = 3 * LINE_LENGTH_MAX + 2;
const NEWLINE = 0x0a;

type Tail = { ok: true; head: ChainHead } | { ok: false; torn: TornTailError };

/** Reads the end of the file: the head of its last line, or the torn tail that ends it. */
async function readTail(handle: FileHandle, path: string, size: number, sha256: Sha256Hex): Promise<Tail> {
  if (size === 0) return { ok: true, head: EMPTY_HEAD };
  const start = Math.max(0, size - TAIL_WINDOW_BYTES);
  const buffer = Buffer.alloc(size - start);
  await handle.read(buffer, 0, buffer.length, start);
  const torn = (lineStart: number, detail: string): Tail => {
    if (lineStart < 0 && start > 0) throw new Error(`${path}: last line is longer than the log's line limit; the file is not a log`);
    const offset = start + lineStart + 1;
    return { ok: false, torn: new TornTailError(path, offset, size - offset, detail) };
  };
  if (buffer[buffer.length - 1] !== NEWLINE) return torn(buffer.lastIndexOf(NEWLINE), 'no newline at the end');
  const lineStart = buffer.lastIndexOf(NEWLINE, buffer.length - 2);
  const line = buffer.toString('utf8', lineStart + 1, buffer.length - 1);
  const decoded = decodeLine(line, 1, 1, false);
  if (!decoded.ok) return torn(lineStart, decoded.error.reason);
  if (sha256(hashedTextOf(line)) !== decoded.value.hash) return torn(lineStart, 'hash does not match the line');
  return { ok: true, head: { seq: decoded.value.seq, hash: decoded.value.hash } };
}

/**
 * Opens (creating if absent) the JSONL log at `path` for appending, holding its lock until
 * `close`. Rejects with StoreLockedError when another live process holds it, and with
 * TornTailError when the last line is torn (unless `repairTornTail`).
 * @example
 * const store = await openFileStore('./payments-engine-events.jsonl');
 */
export async function openFileStore(path: string, options: FileStoreOptions = {}): Promise<FileStore> {
  const sha256 = options.sha256 ?? nativeSha256;
  const lock = await acquireLock(options.lockPath ?? `${path}.lock`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'a+', 0o644);
    let size = (await handle.stat()).size;
    let repaired: TornTailError | undefined;
    let tail = await readTail(handle, path, size, sha256);
    if (!tail.ok) {
      if (options.repairTornTail !== true) throw tail.torn;
      repaired = tail.torn;
      await handle.truncate(tail.torn.offset);
      await handle.sync();
      size = tail.torn.offset;
      tail = await readTail(handle, path, size, sha256);
      if (!tail.ok) throw tail.torn;
    }
    return createStore(path, handle, lock, size, tail.head, repaired, sha256);
  } catch (error) {
    await handle?.close();
    await lock.release();
    throw error;
  }
}

function createStore(
  path: string,
  handle: FileHandle,
  lock: FileLock,
  initialSize: number,
  initialHead: ChainHead,
  repaired: TornTailError | undefined,
  sha256: Sha256Hex,
): FileStore {
  let size = initialSize;
  let head = initialHead;
  let closed = false;
  // Set when a failed write could not be undone: the file's end is unknown, so stop appending.
  let broken: Error | undefined;
  // Appends run one at a time in call order.
  let queue: Promise<unknown> = Promise.resolve();

  const usable = (): void => {
    if (closed) throw new Error(`${path}: the store is closed`);
    if (broken !== undefined) throw new Error(`${path}: the store stopped after a failed write (${broken.message}); reopen it`);
  };

  async function appendNow(events: readonly EventEnvelope[], expectedSeq: number): Promise<void> {
    usable();
    if (expectedSeq !== head.seq) throw new AppendConflictError(expectedSeq, head.seq);
    if (events.length === 0) return;
    let prev = head;
    const lines: string[] = [];
    for (const event of events) {
      if (event.seq !== prev.seq + 1 || event.prevHash !== prev.hash) {
        throw new Error(`${path}: append of seq ${event.seq} does not continue the chain at seq ${prev.seq}`);
      }
      lines.push(encodeEnvelope(event));
      prev = { seq: event.seq, hash: event.hash };
    }
    lines.push('');
    const bytes = Buffer.from(lines.join('\n'), 'utf8');
    try {
      // The file is opened for appending: every write lands at the end.
      for (let written = 0; written < bytes.length; ) {
        written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
      }
      await handle.datasync();
    } catch (error) {
      // Undo a partial write so that the file ends at the last acknowledged event. If even that
      // fails the end is unknown: refuse every later append (reopening checks the tail).
      try {
        await handle.truncate(size);
        await handle.datasync();
      } catch {
        broken = error as Error;
      }
      throw error;
    }
    size += bytes.length;
    head = prev;
  }

  async function* load(afterSeq = 0): AsyncGenerator<EventEnvelope> {
    usable();
    if (size === 0) return;
    const end = size;
    let pending: EventEnvelope[] = [];
    const verifier = createChainVerifier({ sha256, canonical: false, onEvent: (event) => pending.push(event) });
    let offset = 0;
    let carry: Buffer | undefined;
    for await (const chunk of createReadStream(path, { start: 0, end: end - 1, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      const buffer = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
      let lineStart = 0;
      for (let newline = buffer.indexOf(NEWLINE); newline >= 0; newline = buffer.indexOf(NEWLINE, lineStart)) {
        const fault = verifier.push(buffer.toString('utf8', lineStart, newline));
        if (fault !== undefined) throw new LogCorruptError(path, offset, fault);
        offset += newline + 1 - lineStart;
        lineStart = newline + 1;
      }
      carry = lineStart < buffer.length ? buffer.subarray(lineStart) : undefined;
      if (carry !== undefined && carry.length > TAIL_WINDOW_BYTES) {
        throw new LogCorruptError(path, offset, { seq: verifier.head.seq + 1, line: verifier.count + 1, reason: 'line too long', kind: 'malformed' });
      }
      const batch = pending;
      pending = [];
      for (const event of batch) if (event.seq > afterSeq) yield event;
    }
  }

  return {
    path,
    repaired,
    load,
    async headSeq() {
      usable();
      return head.seq;
    },
    append(events, expectedSeq) {
      const result = queue.then(() => appendNow(events, expectedSeq));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await handle.close();
      await lock.release();
    },
  };
}
