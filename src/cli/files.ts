/**
 * File helpers for the CLI, the only place that touches the file system: a streaming line
 * reader (constant memory for any log size) and a buffered line writer.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

const CHUNK_BYTES = 1 << 20;

/** Yields the lines of a UTF-8 file one by one without loading it whole (final empty line kept). */
export function* readLines(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  try {
    for (;;) {
      const bytes = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (bytes === 0) break;
      const text = carry + decoder.decode(buffer.subarray(0, bytes), { stream: true });
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        yield text.slice(start, nl);
        start = nl + 1;
      }
      carry = text.slice(start);
    }
    yield carry + decoder.decode();
  } finally {
    closeSync(fd);
  }
}

/** Appends lines to a file through a buffer; call `close` to flush. */
export function lineWriter(path: string): { write(line: string): void; close(): void } {
  const fd = openSync(path, 'w');
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
      if (size >= CHUNK_BYTES) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}
