/**
 * core/digest-texts.ts: texts held as digests' bytes read back exactly, whether they are digests
 * (64 lowercase hex digits) or not (uppercase, short, long, any text: kept apart), and a
 * `PackedKeyMap` with `digestKeys` answers as a plain Map under any sequence of sets, deletes,
 * reads and clears, its digest keys held as 32 bytes.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DigestTexts } from '../../src/core/digest-texts.js';
import { PackedKeyMap, type PackedKeyMapOptions } from '../../src/core/packed-key-map.js';
import { expectAnswersAsPlainMap, expectReadsAsPlainArray, mapSteps } from './map-model.js';

const DIGEST = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const TINY: PackedKeyMapOptions = { keyChunkBits: 1, valueChunkBits: 1, slots: 2, holesKept: 0, digestKeys: true };

// Digests, near-digests that must stay text, and other keys a map may be given.
const KEYS = [
  DIGEST,
  [...DIGEST].reverse().join(''),
  '0'.repeat(64),
  'f'.repeat(64),
  DIGEST.toUpperCase(),
  `${DIGEST.slice(0, 63)}g`,
  DIGEST.slice(1),
  `${DIGEST}0`,
  `Agent:019b8ee3-12dd-77a1-8e94-000000000001`,
  '',
] as const;

const digestLike = fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom(...KEYS), fc.string({ unit: 'binary', maxLength: 70 }));

describe('DigestTexts', () => {
  test.prop([fc.array(digestLike, { maxLength: 40 }), fc.array(fc.tuple(fc.nat(), digestLike), { maxLength: 5 }), fc.nat()])(
    'reads back every text pushed or set, exactly, and forgets the ones truncated',
    (texts, replacements, cut) => expectReadsAsPlainArray(new DigestTexts(), texts, replacements, cut, texts.slice(0, 3)),
  );

  it('holds a digest in its 32 bytes (with spare room), not as a string', () => {
    const list = new DigestTexts();
    for (let n = 0; n < 1_000; n += 1) list.push(n.toString(16).padStart(64, 'a'));
    expect(list.heldBytes).toBeLessThanOrEqual(1_000 * 32 * 1.5);
    expect(list.at(999)).toBe((999).toString(16).padStart(64, 'a'));
  });
});

describe('a PackedKeyMap with digest keys', () => {
  it('keeps every non-id key apart from the ids and reads each back exactly, in insertion order', () => {
    const map = new PackedKeyMap<number>({ digestKeys: true });
    for (const [n, key] of KEYS.entries()) map.set(key, n);
    expect(map.digestsKeys).toBe(true);
    expect(map.fallbackKeys).toBe(KEYS.length - 1);
    expect([...map.keys()]).toEqual(KEYS);
    KEYS.forEach((key, position) => {
      expect(map.get(key)).toBe(position);
      expect(map.keyAt(position)).toBe(key);
    });
    expect(map.has(`${DIGEST.slice(0, 63)}6`)).toBe(false);
  });

  it('takes digest keys or encoded text keys, not both', () => {
    expect(() => new PackedKeyMap<number>({ digestKeys: true, encodedTextKeys: true })).toThrow(/not both/);
  });

  test.prop([mapSteps(KEYS), fc.boolean()])('answers as a plain Map under random sets, deletes, gets and clears', (steps, tiny) => {
    const map = new PackedKeyMap<number>(tiny ? TINY : { digestKeys: true });
    const plain = expectAnswersAsPlainMap(map, steps);
    expect([...map]).toEqual([...plain]);
    for (const key of KEYS) expect(map.has(key)).toBe(plain.has(key));
  });
});
