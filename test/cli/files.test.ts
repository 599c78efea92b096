/** readLines: byte-level line splitting that must agree with String.split on any UTF-8 text. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readLines } from '../../src/cli/files.js';

const dir = mkdtempSync(join(tmpdir(), 'read-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RUNS = Number(process.env.FC_NUM_RUNS ?? 100);

// Any well-formed text: ASCII, two-, three- and four-byte UTF-8 characters, and newlines.
const piece = fc.oneof(
  fc.constantFrom('a', '{"x":1}', '\n', 'é', '€', '😀', '\u2028', ' '),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
);
const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

describe('readLines', () => {
  it('yields exactly text.split("\\n") for any UTF-8 file, whatever the chunk size', () => {
    let n = 0;
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 17 }), (content, chunkBytes) => {
        n += 1;
        const path = join(dir, `f${n}.txt`);
        writeFileSync(path, content, 'utf8');
        expect([...readLines(path, chunkBytes)]).toEqual(content.split('\n'));
      }),
      { numRuns: RUNS },
    );
  });

  it('reads a file that ends in a newline as its lines and one empty last line', () => {
    const path = join(dir, 'ascii.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n', 'utf8');
    expect([...readLines(path)]).toEqual(['{"a":1}', '{"b":2}', '']);
  });

  it('hands on a line beyond 4 MiB in pieces instead of reading a file without newlines whole', () => {
    const path = join(dir, 'long.txt');
    const long = 'x'.repeat(9 << 20);
    writeFileSync(path, `short\n${long}\nafter`, 'utf8');
    const lines = [...readLines(path)];
    expect(lines[0]).toBe('short');
    expect(lines[1]!.length).toBeGreaterThanOrEqual(4 << 20);
    expect(lines[1]!.length).toBeLessThan(long.length);
    expect(lines.join('')).toBe(`short${long}after`);
  });
});
