/**
 * The worker's lines as bytes (`BlockReader.walkLineBytes`, line-bytes.ts): for every event, the
 * bytes hashed are exactly the UTF-8 of the text the JSONL log hashes for it (JSON.stringify's
 * escaping, numbers in its form), whatever the strings hold and however often a block repeats
 * them; the buffer and pool reused across blocks, and a walk inside a walk, change nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachLineBytes } from '../../../src/log/binary/hashed-text.js';
import { instantText, ulidText, writeInstantText, writeUlidText } from '../../../src/log/binary/string-forms.js';
import { createBlockSplitter } from '../../../src/log/binary/verifier.js';
import { hashedTextOf } from '../../../src/log/index.js';
import { codePointArb, codeUnitArb } from '../fixtures.js';
import { binaryOf, canonical, eventArb, numberArb, sealChain } from './helpers.js';

// Strings JSON.stringify escapes, or must not: controls, `"` and `\`, lone surrogates, U+2028/9,
// DEL, a byte order mark first, astral and other non-ASCII characters.
const trickyStringArb = fc.oneof(
  fc.constantFrom('\u2028', '\u2029', '\uFEFF', '\uFEFFlead', '\u007F', '\u0000', '\u0001', '\u001F', '\b\f\n\r\t', '"', '\\', '\\"', 'é', 'café', '\u{1F600}', '\uD800', 'a\uDFFFb', '\uDBFF\uDC00', '</script>'),
  fc.string({ unit: fc.oneof(codePointArb, codeUnitArb), maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
);

// Data with the strings above repeated (a block refers to each many times), big, negative and
// fractional numbers, and nesting.
const trickyDataArb = fc
  .record({
    strings: fc.array(trickyStringArb, { maxLength: 6 }),
    numbers: fc.array(fc.oneof(numberArb, fc.constantFrom(-(2 ** 51), 2 ** 51 - 1, -1, -10, 1e-7, 123.456, -0.5)), { maxLength: 6 }),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
  })
  .map(({ strings, numbers, picks }) => {
    const pool = [...strings, ...numbers];
    const pick = (n: number): unknown => (pool.length === 0 ? null : pool[n % pool.length]);
    return canonical({ list: picks.map(pick), nested: { [String(pick(picks[0]!))]: [pick(1), { deep: [[pick(2)], pick(3)] }] }, again: picks.map(pick).reverse() });
  });

const chainArb = fc.array(
  fc.oneof(
    eventArb,
    fc.record({ event: eventArb.map(({ event }) => event), data: trickyDataArb }).map(({ event, data }) => ({ event: { ...event, data }, id: '01KDVA7EC000000001WR9BY7BJ' })),
  ),
  { minLength: 1, maxLength: 25 },
);

function blocksOf(bytes: Uint8Array): Uint8Array[] {
  return createBlockSplitter().push(bytes).blocks;
}

/** Each block's lines as bytes (copied out of the reused buffer). */
function lineBytesOf(block: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  eachLineBytes(block, 0, block.length, (line) => {
    lines.push(line.slice());
    return true;
  });
  return lines;
}

const utf8 = new TextEncoder();

describe('binary log: the lines hashed as bytes', () => {
  it('are the UTF-8 of each JSONL line\'s hashed text, for every event, across blocks that share the buffer', () => {
    fc.assert(
      fc.property(chainArb, fc.integer({ min: 1, max: 6 }), (events, blockEvents) => {
        const chain = sealChain(events);
        const lines = blocksOf(binaryOf(chain.envelopes, blockEvents).bytes).flatMap(lineBytesOf);
        expect(lines).toEqual(chain.lines.map((line) => utf8.encode(hashedTextOf(line))));
      }),
      { numRuns: 300 },
    );
  });

  it('are the same whatever block was walked before, and for a walk started inside another walk', () => {
    fc.assert(
      fc.property(chainArb, (events) => {
        const chain = sealChain(events);
        const blocks = blocksOf(binaryOf(chain.envelopes, 3).bytes);
        const expected = blocks.map(lineBytesOf);
        expect([...blocks].reverse().map(lineBytesOf).reverse()).toEqual(expected);
        const inner: Uint8Array[][] = [];
        const outer: Uint8Array[] = [];
        eachLineBytes(blocks[0]!, 0, blocks[0]!.length, (line, index) => {
          if (index === 0) for (const block of blocks) inner.push(lineBytesOf(block));
          outer.push(line.slice());
          return true;
        });
        expect([outer, inner]).toEqual([expected[0], expected]);
      }),
      { numRuns: 100 },
    );
  });

  it('writes a ULID and an instant as the code units of their strings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 0, max: 253_402_300_799_999 }), (id, ms) => {
        const out = new Uint8Array(40);
        expect(out.subarray(1, writeUlidText(id, 0, out, 1))).toEqual(utf8.encode(ulidText(id, 0)));
        expect(out.subarray(2, writeInstantText(ms, out, 2))).toEqual(utf8.encode(instantText(ms)));
        expect(instantText(ms)).toBe(new Date(ms).toISOString());
      }),
    );
  });
});
