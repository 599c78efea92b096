/**
 * core/ids.ts and core/minted-uuid.ts. Rule: the engine never mints one uuid twice: (seq, index)
 * -> uuid is injective for a seed, whatever the times (shown by taking (seq, index) back out of
 * the uuid). Every uuid `uuidAt` mints is in minted form and comes back exactly from its time, w1
 * and index; ids at index 0 are those minted before stop 29, and older ids are all in minted form
 * with index 0 (so `@8` bytes read the same); any uuid that passes the check comes back exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fmix32, MINTED_INDEX_LIMIT, uuidAt, WORD_STEP } from '../../src/core/ids.js';
import { mintedIndex, mintedSeqKey, mintedSibling, mintedWord, mintedWordOfSeqKey, mintedWords, unfmix32 } from '../../src/core/minted-uuid.js';
import { parseUuid, uuidText } from '../../src/core/uuid-text.js';

const position = fc.record({
  seq: fc.oneof(fc.nat(), fc.integer({ min: 0, max: 2 ** 48 - 1 })),
  atMs: fc.oneof(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: 1.6e12, max: 2e12 })),
  index: fc.oneof(fc.nat({ max: 64 }), fc.nat({ max: MINTED_INDEX_LIMIT - 1 })),
});

function wordsOf(uuid: string): Int32Array {
  const words = new Int32Array(4);
  expect(parseUuid(uuid, 0, words)).toBe(true);
  return words;
}

// The uuid rebuilt from the time in its words, `w1` and `index`.
function rebuilt(words: Int32Array, w1: number, index: number): string {
  const out = new Int32Array(6).fill(-1);
  mintedWords((words[0]! >>> 0) * 0x10000 + (words[1]! >>> 16), w1, index, out, 1);
  expect([out[0], out[5]]).toEqual([-1, -1]);
  return uuidText(out, 1);
}

/** `uuidAt` as it was until stop 29: the index hashed in with the seq (frozen copy). */
function uuidBeforeStop29(seed: number, seq: number, atMs: number, index: number): string {
  let h = fmix32((seed ^ 0x9e3779b9) >>> 0);
  const words: number[] = [];
  for (const input of [seq >>> 0, Math.floor(seq / 2 ** 32), index >>> 0]) h = fmix32(h ^ input);
  for (let i = 0; i < 3; i += 1) {
    h = fmix32(h + WORD_STEP + i);
    words.push(h);
  }
  const [w0 = 0, w1 = 0, w2 = 0] = words;
  const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');
  const time = hex(atMs % 2 ** 48, 12);
  return `${time.slice(0, 8)}-${time.slice(8)}-${hex(0x7000 | (w0 & 0x0fff), 4)}-${hex(0x8000 | ((w0 >>> 16) & 0x3fff), 4)}-${hex(w1, 8)}${hex(w2 & 0xffff, 4)}`;
}

/** The (seq, index) a uuid was minted at for `seed`: `uuidAt` undone step by step. */
function positionOf(seed: number, uuid: string): { seq: number; index: number } {
  const words = wordsOf(uuid);
  const w1 = ((words[2]! << 16) | (words[3]! >>> 16)) >>> 0;
  const w0 = (unfmix32(w1) - WORD_STEP - 1) >>> 0;
  let h = (unfmix32(w0) - WORD_STEP) >>> 0;
  h = unfmix32(unfmix32(h)); // the chain's two zero inputs
  const seqLow = (unfmix32(h) ^ fmix32((seed ^ 0x9e3779b9) >>> 0)) >>> 0;
  const w2 = fmix32((w1 + WORD_STEP + 2) >>> 0);
  const seqHigh = (words[3]! ^ w2) & 0xffff;
  return { seq: seqHigh * 2 ** 32 + seqLow, index: mintedIndex(words, 0, w1) };
}

describe('minted uuids', () => {
  it('rule: a minted uuid gives back the (seq, index) it was minted at, so no two positions share one', () => {
    fc.assert(
      fc.property(fc.integer(), position, (seed, at) => {
        expect(positionOf(seed, uuidAt(seed, at))).toEqual({ seq: at.seq, index: at.index });
      }),
      { numRuns: 2_000 },
    );
  });

  it('rule: two calls in one millisecond whose ids collided before stop 29 get different ids', () => {
    // For seed 42 the hash of seq 33,839 and of seq 46,740 differ in bit 1 alone, so hashing the
    // index in (the old way) gave the first's id 0 and the second's id 2 one uuid.
    const atMs = Date.parse('2026-11-29T00:00:00Z');
    expect(uuidBeforeStop29(42, 33_839, atMs, 0)).toBe(uuidBeforeStop29(42, 46_740, atMs, 2));
    expect(uuidAt(42, { seq: 33_839, atMs, index: 0 })).not.toBe(uuidAt(42, { seq: 46_740, atMs, index: 2 }));
  });

  it('ids at index 0 are as minted before stop 29; older ids at any index are in minted form with index 0', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.integer({ min: 1.6e12, max: 2e12 }), fc.nat({ max: 64 }), (seed, seq, atMs, index) => {
        expect(uuidAt(seed, { seq, atMs, index: 0 })).toBe(uuidBeforeStop29(seed, seq, atMs, 0));
        const older = uuidBeforeStop29(seed, seq, atMs, index);
        const words = wordsOf(older);
        const w1 = mintedWord(words, 0);
        expect(w1).not.toBe(-1);
        expect(mintedIndex(words, 0, w1)).toBe(0);
        expect(rebuilt(words, w1, 0)).toBe(older);
      }),
      { numRuns: 1_000 },
    );
  });

  it('every uuidAt output below 2^32 events is in minted form and is rebuilt exactly from its time, w1 and index', () => {
    fc.assert(
      fc.property(fc.integer(), position, (seed, at) => {
        const uuid = uuidAt(seed, { ...at, seq: at.seq % 2 ** 32 });
        const words = wordsOf(uuid);
        const w1 = mintedWord(words, 0);
        expect(w1).toBe(Number.parseInt(uuid.slice(24, 32), 16));
        expect(mintedIndex(words, 0, w1)).toBe(at.index);
        expect(rebuilt(words, w1, at.index)).toBe(uuid);
      }),
      { numRuns: 2_000 },
    );
  });

  it("a minted w1's seq key is a bijection, and two keys of one seed xor to their seqs' xor (no seed needed)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), (seed, seq, other, w1) => {
        const wordOf = (at: number): number => mintedWord(wordsOf(uuidAt(seed, { seq: at, atMs: 1.7e12, index: 0 })), 0);
        expect((mintedSeqKey(wordOf(seq)) ^ mintedSeqKey(wordOf(other))) >>> 0).toBe((seq ^ other) >>> 0);
        expect(mintedWordOfSeqKey(mintedSeqKey(w1))).toBe(w1);
        expect(mintedSeqKey(mintedWordOfSeqKey(w1))).toBe(w1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the words of any time, w1 and index are in minted form and give that w1 and index back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: MINTED_INDEX_LIMIT - 1 }), (timeMs, w1, index) => {
        const words = new Int32Array(4);
        mintedWords(timeMs, w1, index, words, 0);
        expect(mintedWord(words, 0)).toBe(w1);
        expect(mintedIndex(words, 0, w1)).toBe(index);
        const time = timeMs.toString(16).padStart(12, '0');
        expect(uuidText(words, 0).slice(0, 13)).toBe(`${time.slice(0, 8)}-${time.slice(8)}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a random uuid that passes is rebuilt exactly; about 2^-16 of v7 ones pass, none of other versions', () => {
    let passed = 0;
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.uuid({ version: 7 })), (uuid) => {
        const words = wordsOf(uuid.toLowerCase());
        const w1 = mintedWord(words, 0);
        if (w1 === -1) return;
        passed += 1;
        expect(rebuilt(words, w1, mintedIndex(words, 0, w1))).toBe(uuid.toLowerCase());
      }),
      { numRuns: 2_000 },
    );
    expect(passed).toBeLessThan(2);
  });

  it('a minted uuid with one bit of its last 16 changed is not in minted form', () => {
    fc.assert(
      fc.property(fc.integer(), position, fc.nat({ max: 15 }), (seed, at, bit) => {
        const words = wordsOf(uuidAt(seed, { ...at, seq: at.seq % 2 ** 32 }));
        words[3] = words[3]! ^ (1 << bit);
        expect(mintedWord(words, 0)).toBe(-1);
      }),
      { numRuns: 1_000 },
    );
  });

  it('uuidAt refuses a position it cannot mint uniquely (a bug in its caller)', () => {
    expect(() => uuidAt(1, { seq: 2 ** 48, atMs: 0, index: 0 })).toThrow(/seq/);
    expect(() => uuidAt(1, { seq: 1, atMs: 0, index: MINTED_INDEX_LIMIT })).toThrow(/index/);
  });
});

describe('mintedSibling', () => {
  it('gives the id minted in the same call at the index `step` away, of the other prefix, and nothing for what is not in minted form', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.nat({ max: MINTED_INDEX_LIMIT - 1 }), fc.integer({ min: -3, max: 3 }), (seed, seq, atMs, index, step) => {
        const id = `InternalAccount:${uuidAt(seed, { seq, atMs, index })}`;
        const other = index + step;
        const expected = other >= 0 && other < MINTED_INDEX_LIMIT ? `Customer:${uuidAt(seed, { seq, atMs, index: other })}` : undefined;
        expect(mintedSibling(id, 'InternalAccount:', 'Customer:', step)).toBe(expected);
        // Another prefix, a text around it, not a string: nothing.
        expect(mintedSibling(id, 'ExternalAccount:', 'Customer:', step)).toBeUndefined();
        expect(mintedSibling(`${id}x`, 'InternalAccount:', 'Customer:', step)).toBeUndefined();
        expect(mintedSibling(id.toUpperCase(), 'InternalAccount:', 'Customer:', step)).toBeUndefined();
      }),
    );
    expect(mintedSibling(undefined, 'InternalAccount:', 'Customer:', 1)).toBeUndefined();
    // A v4 uuid is not in minted form.
    expect(mintedSibling('InternalAccount:4b5a9c1e-2f3d-4a6b-8c7d-9e0f1a2b3c4d', 'InternalAccount:', 'Customer:', 1)).toBeUndefined();
  });
});
