/**
 * File helpers for the CLI, the only place that touches the file system: a streaming line
 * reader (constant memory for any log size) and a buffered line writer.
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * Bytes read per chunk: small enough that V8 makes each chunk's text in its young generation
 * rather than as a large object in fresh pages; 1 MiB chunks cost ~5x as much to read and split
 * (docs/performance.md, "The CLI's two-thread audit (stop 24)").
 */
export const READ_CHUNK_BYTES = 64 << 10;
// Text buffered by a line writer before it is written out.
const WRITE_FLUSH_BYTES = 1 << 20;

/**
 * Yields the lines of a UTF-8 file one by one without loading it whole (final empty line kept).
 * The lines of each chunk of `readTextChunks`, split on "\n".
 * `chunkBytes` is for tests.
 */
export function* readLines(path: string, chunkBytes = READ_CHUNK_BYTES, position?: ReadPosition): Generator<string> {
  for (const text of readTextChunks(path, chunkBytes, position)) yield* text.split('\n');
}

/** How far a reader has got: bytes read from the file so far (for progress). */
export type ReadPosition = { bytes: number };

/**
 * Yields a UTF-8 file as text in chunks of about `chunkBytes` that end just before a newline
 * (which is dropped), so that `text.split("\n")` of each chunk, in order, gives the file's lines
 * exactly (final empty line kept). Splits on the byte 0x0A, which never occurs inside a
 * multi-byte UTF-8 character, and decodes each run of whole lines at once: as Latin-1 when it is
 * all ASCII, which gives V8 one-byte strings, or as UTF-8 otherwise. A streaming TextDecoder made
 * two-byte strings even for ASCII, which JSON.parse, SHA-256 and the surrogate check each read
 * more slowly (about 1 µs a line). A line longer than LONG_LINE_BYTES comes in pieces (chunks
 * without a newline), each then a "line" over the log's limit. `position.bytes`, when given,
 * follows the bytes read (at most one chunk ahead of what was yielded).
 */
export function* readTextChunks(path: string, chunkBytes = READ_CHUNK_BYTES, position?: ReadPosition): Generator<string> {
  for (const bytes of readByteChunks(path, chunkBytes, position)) yield decodeBytes(bytes);
}

/**
 * The chunks of `readTextChunks` as the bytes they decode from (`decodeBytes`), for a caller
 * that hands them to another thread as well. Each is a view of the reader's buffer, valid only
 * until the next one is asked for.
 */
export function* readByteChunks(path: string, chunkBytes = READ_CHUNK_BYTES, position?: ReadPosition): Generator<Buffer> {
  const fd = openSync(path, 'r');
  let buffer: Buffer = Buffer.allocUnsafe(chunkBytes);
  // buffer[0, held) are bytes read but not yet yielded: the start of a line.
  let held = 0;
  try {
    for (;;) {
      if (held === buffer.length) {
        // A line longer than the buffer. Past LONG_LINE_BYTES it is over the log's line limit
        // whatever it holds, so hand it on as it is (the verifier refuses it at its line)
        // rather than read a corrupt file without newlines into memory whole.
        if (held >= LONG_LINE_BYTES) {
          yield buffer.subarray(0, held);
          held = 0;
        } else buffer = grown(buffer, held);
      }
      const bytes = readSync(fd, buffer, held, buffer.length - held, null);
      if (bytes === 0) break;
      if (position !== undefined) position.bytes += bytes;
      const end = held + bytes;
      const lastNewline = buffer.lastIndexOf(NEWLINE, end - 1);
      if (lastNewline < 0) {
        held = end;
        continue;
      }
      yield buffer.subarray(0, lastNewline);
      held = end - lastNewline - 1;
      buffer.copy(buffer, 0, lastNewline + 1, end);
    }
    yield buffer.subarray(0, held);
  } finally {
    closeSync(fd);
  }
}

/** Bytes `readRawChunks` reads at a time: a binary log's block is ~1 MiB. */
export const RAW_CHUNK_BYTES = 1 << 20;

/**
 * Yields a file's bytes in chunks of up to `chunkBytes`, each its own copy (a binary log's
 * reader keeps the bytes of an unfinished block across chunks). `position.bytes` follows the
 * bytes read.
 */
export function* readRawChunks(path: string, chunkBytes = RAW_CHUNK_BYTES, position?: ReadPosition): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(chunkBytes);
      const bytes = readSync(fd, buffer, 0, chunkBytes, null);
      if (bytes === 0) return;
      if (position !== undefined) position.bytes += bytes;
      yield buffer.subarray(0, bytes);
    }
  } finally {
    closeSync(fd);
  }
}

/** The first `count` bytes of the file (fewer when it is shorter): to tell a binary log from a text one. */
export function fileStart(path: string, count: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    return buffer.subarray(0, readSync(fd, buffer, 0, count, 0));
  } finally {
    closeSync(fd);
  }
}

const NEWLINE = 0x0a;
// 4 MiB of UTF-8 is more than LINE_LENGTH_MAX (1 MiB UTF-16 units) can ever take: at most 3
// bytes per unit.
const LONG_LINE_BYTES = 4 << 20;

/** The text of a chunk's bytes, as `readTextChunks` decodes it: Latin-1 when all ASCII, else UTF-8. */
export function decodeBytes(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function grown(buffer: Buffer, used: number): Buffer {
  // allocUnsafe: every byte past `used` is written by readSync before it is read.
  const next = Buffer.allocUnsafe(buffer.length * 2);
  buffer.copy(next, 0, 0, used);
  return next;
}

/**
 * Writes lines to a file through a buffer; call `close` to flush. `mode` 'create' refuses an
 * existing file (never overwrites a log), 'append' adds to the end, 'replace' overwrites.
 */
export function lineWriter(path: string, mode: 'create' | 'append' | 'replace' = 'replace'): { write(line: string): void; close(): void } {
  const fd = openSync(path, mode === 'create' ? 'wx' : mode === 'append' ? 'a' : 'w');
  let pending: string[] = [];
  let size = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    writeSync(fd, pending.join(''));
    pending = [];
    size = 0;
  };
  return {
    write(line) {
      pending.push(line, '\n');
      size += line.length + 1;
      if (size >= WRITE_FLUSH_BYTES) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/** True when the file at `path` is empty or its last byte is "\n" (lines can be appended as they are). */
export function endsWithNewline(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === NEWLINE;
  } finally {
    closeSync(fd);
  }
}

/** The text of 1-based line `lineNumber` of the file, or undefined past its end (to explain a fault). */
export function lineAt(path: string, lineNumber: number): string | undefined {
  let n = 0;
  for (const line of readLines(path)) {
    n += 1;
    if (n === lineNumber) return line;
  }
  return undefined;
}
