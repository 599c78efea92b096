/**
 * core/minted-uuid.ts: every uuid `uuidAt` mints is in minted form and comes back exactly from
 * its time and w1; any uuid that passes the check comes back exactly, almost none of random ones
 * pass, and a minted uuid with one bit changed fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidAt } from '../../src/core/ids.js';
import { mintedWord, mintedWords } from '../../src/core/minted-uuid.js';
import { parseUuid, uuidText } from '../../src/core/uuid-text.js';

const position = fc.record({
  seq: fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
  atMs: fc.oneof(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: 1.6e12, max: 2e12 })),
  index: fc.nat({ max: 64 }),
});

function wordsOf(uuid: string): Int32Array {
  const words = new Int32Array(4);
  expect(parseUuid(uuid, 0, words)).toBe(true);
  return words;
}

// The uuid rebuilt from the time in its words and `w1`.
function rebuilt(words: Int32Array, w1: number): string {
  const out = new Int32Array(6).fill(-1);
  mintedWords((words[0]! >>> 0) * 0x10000 + (words[1]! >>> 16), w1, out, 1);
  expect([out[0], out[5]]).toEqual([-1, -1]);
  return uuidText(out, 1);
}

describe('minted uuids', () => {
  it('every uuidAt output is in minted form and is rebuilt exactly from its time and w1', () => {
    fc.assert(
      fc.property(fc.integer(), position, (seed, at) => {
        const uuid = uuidAt(seed, at);
        const words = wordsOf(uuid);
        const w1 = mintedWord(words, 0);
        expect(w1).toBe(Number.parseInt(uuid.slice(24, 32), 16));
        expect(rebuilt(words, w1)).toBe(uuid);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the words of any time and w1 are in minted form and give that w1 back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), (timeMs, w1) => {
        const words = new Int32Array(4);
        mintedWords(timeMs, w1, words, 0);
        expect(mintedWord(words, 0)).toBe(w1);
        expect(uuidText(words, 0).slice(0, 13)).toBe(`${timeMs.toString(16).padStart(12, '0').slice(0, 8)}-${timeMs.toString(16).padStart(12, '0').slice(8)}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a random uuid (any version, or v7) that passes is rebuilt exactly; almost none pass', () => {
    let passed = 0;
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.uuid({ version: 7 })), (uuid) => {
        const words = wordsOf(uuid.toLowerCase());
        const w1 = mintedWord(words, 0);
        if (w1 === -1) return;
        passed += 1;
        expect(rebuilt(words, w1)).toBe(uuid.toLowerCase());
      }),
      { numRuns: 2_000 },
    );
    expect(passed).toBe(0);
  });

  it('a minted uuid with any one bit changed is not in minted form, unless it is the time or w1 bit', () => {
    fc.assert(
      fc.property(fc.integer(), position, fc.nat({ max: 127 }), (seed, at, bit) => {
        const words = wordsOf(uuidAt(seed, at));
        words[bit >>> 5] = words[bit >>> 5]! ^ (1 << (31 - (bit & 31)));
        // Bits 0-47 are the time and bits 80-111 w1, which the form holds as they are; w1 changed
        // moves w0 and w2 with it, so the uuid fails.
        const w1 = mintedWord(words, 0);
        if (bit < 48) expect(rebuilt(words, w1)).toBe(uuidText(words, 0));
        else expect(w1).toBe(-1);
      }),
      { numRuns: 2_000 },
    );
  });
});
