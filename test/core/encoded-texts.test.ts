/**
 * core/encoded-texts.ts: texts held as codec bytes read back exactly, whatever they hold (ids,
 * digits, lone surrogates, the empty text), and a `PackedKeyMap` (or the idempotency store's
 * `PackedRecordMap`) keeping its non-id keys so answers as a plain Map under any sequence of sets,
 * deletes, reads and clears: size, get, has, insertion order of keys, values and entries.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { EncodedTexts, textParts } from '../../src/core/encoded-texts.js';
import { PackedKeyMap, type PackedKeyMapOptions } from '../../src/core/packed-key-map.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { idempotencyOptions } from '../../src/engine/state.js';
import { expectAnswersAsPlainMap, expectReadsAsPlainArray, mapSteps } from './map-model.js';

const uuid = (n: number): string => `019b8ee3-12dd-77a1-8e94-${n.toString(16).padStart(12, '0')}`;
const TINY: PackedKeyMapOptions = { keyChunkBits: 1, valueChunkBits: 1, slots: 2, holesKept: 0, encodedTextKeys: true };

// Keys as the engine makes them (`<principal>|<method> <path>|<key>`), and others: ids, digits only, free text.
const KEYS = [
  `platform|POST /quotes/Quote:${uuid(1)}/execute|sim-execute-8`,
  `platform|POST /quotes/Quote:${uuid(2)}/execute|sim-execute-9`,
  `platform|POST /quotes/Quote:${uuid(2)}/execute|sim-execute-09`,
  `agent:Agent:${uuid(3)}|POST /quotes/Quote:${uuid(3)}/execute|k`,
  `platform|POST /sandbox/internal-accounts/InternalAccount:${uuid(4)}/fund|${'9'.repeat(20)}`,
  `Transaction:${uuid(5)}`,
  `Quote:${uuid(5).toUpperCase()}`,
  '12345',
  '',
  'é|\ud800|ключ',
] as const;

// Texts with the parts the codec writes specially: uuids, digits, colons, and any unit.
const textLike = fc
  .array(fc.oneof(fc.constantFrom(uuid(7), uuid(8), 'Quote:', ':', '|POST /x/', '0', '42', '007'), fc.string({ unit: 'binary', maxLength: 6 }), fc.nat().map(String)), { maxLength: 6 })
  .map((parts) => parts.join(''));

describe('textParts', () => {
  it('cuts after each uuid and before the digits at the end', () => {
    expect(textParts(KEYS[0])).toEqual([`platform|POST /quotes/Quote:${uuid(1)}`, '/execute|sim-execute-', '8']);
    expect(textParts('12345')).toEqual(['12345']);
    expect(textParts('')).toEqual([]);
  });

  test.prop([textLike])('gives parts that join to the text', (text) => {
    expect(textParts(text).join('')).toBe(text);
  });

  // textParts scans by hand; these regexes are the cut it must make (leftmost uuids without
  // overlap, then at most 15 digits at the end), which the codec's bytes and the tests above assume.
  const UUID_RUN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const DIGITS_AT_END = /\d{1,15}$/;
  const partsByRegex = (text: string): string[] => {
    const parts: string[] = [];
    let from = 0;
    for (const match of text.matchAll(UUID_RUN)) {
      parts.push(text.slice(from, match.index + match[0].length));
      from = match.index + match[0].length;
    }
    const rest = text.slice(from);
    const digits = DIGITS_AT_END.exec(rest);
    if (digits === null || digits.index === 0) return rest.length > 0 ? [...parts, rest] : parts;
    return [...parts, rest.slice(0, digits.index), digits[0]];
  };
  const hexOrHyphen = fc.string({ unit: fc.constantFrom('-', '0', '9', 'a', 'f', 'g', 'A'), maxLength: 50 });

  it('cuts as the regexes do at the edges: adjoining, overlapping and near-miss uuids, long digit runs', () => {
    const near = [`${uuid(1)}${uuid(2)}`, `${uuid(1)}0`, `a${uuid(1)}`, `${uuid(1).slice(1)}`, `${uuid(1).toUpperCase()}`, `${uuid(1)}-${uuid(2).slice(9)}`, '1'.repeat(20), `x${'2'.repeat(16)}`, '-'.repeat(40)];
    for (const text of [...KEYS, ...near]) expect(textParts(text)).toEqual(partsByRegex(text));
  });

  test.prop([fc.oneof(textLike, hexOrHyphen)])('cuts any text as the regexes do', (text) => {
    expect(textParts(text)).toEqual(partsByRegex(text));
  });
});

describe('EncodedTexts', () => {
  test.prop([fc.array(textLike, { maxLength: 40 }), fc.array(fc.tuple(fc.nat(), textLike), { maxLength: 5 }), fc.nat()])(
    'reads back every text pushed or set, exactly, and forgets the ones truncated',
    (texts, replacements, cut) => expectReadsAsPlainArray(new EncodedTexts(), texts, replacements, cut),
  );

  it('holds an engine-shaped key in well under its characters', () => {
    const list = new EncodedTexts();
    for (let n = 0; n < 1_000; n += 1) list.push(`platform|POST /quotes/Quote:${uuid(n)}/execute|sim-execute-${n}`);
    // 92-95 characters each; ~25 bytes each here, in one 64 KiB chunk and a column of handles.
    expect(list.heldBytes).toBeLessThan(1_000 * 80);
    expect(list.at(999)).toBe(`platform|POST /quotes/Quote:${uuid(999)}/execute|sim-execute-999`);
  });
});

describe('a PackedKeyMap with encoded text keys', () => {
  it('keeps every non-id key as bytes and reads each back exactly, in insertion order', () => {
    const map = new PackedKeyMap<number>({ encodedTextKeys: true });
    for (const [n, key] of KEYS.entries()) map.set(key, n);
    expect(map.encodesTextKeys).toBe(true);
    // The one packed id is Transaction:<uuid>; an uppercase uuid stays text.
    expect(map.fallbackKeys).toBe(KEYS.length - 1);
    expect([...map.keys()]).toEqual(KEYS);
    KEYS.forEach((key, position) => {
      expect(map.get(key)).toBe(position);
      expect(map.keyAt(position)).toBe(key);
    });
    expect(map.has(`${KEYS[0]} `)).toBe(false);
  });

  test.prop([mapSteps(KEYS), fc.boolean()])('answers as a plain Map under random sets, deletes, gets and clears', (steps, tiny) => {
    const map = new PackedKeyMap<number>(tiny ? TINY : { encodedTextKeys: true });
    const plain = expectAnswersAsPlainMap(map, steps);
    expect([...map]).toEqual([...plain]);
    for (const key of KEYS) expect(map.has(key)).toBe(plain.has(key));
  });
});

describe('the idempotency store', () => {
  test.prop([fc.array(fc.tuple(textLike, fc.nat(3)), { maxLength: 60 })])(
    'answers as a plain Map (set, get, has, size, keys, values and entries in order), its keys held as bytes',
    (sets) => {
      const store = new PackedRecordMap<{ status: number; text: string }>(idempotencyOptions(256));
      const plain = new Map<string, { status: number; text: string }>();
      for (const [key, status] of sets) {
        const response = { status: 200 + status, text: key };
        store.set(key, response);
        plain.set(key, response);
        expect(store.size).toBe(plain.size);
      }
      expect(store.encodesTextKeys).toBe(true);
      expect([...store.keys()]).toEqual([...plain.keys()]);
      expect([...store.values()]).toEqual([...plain.values()]);
      expect([...store]).toEqual([...plain]);
      for (const [key, status] of sets) {
        expect(store.has(key)).toBe(true);
        expect(store.get(key)).toEqual(plain.get(key));
        expect(store.has(`${key}|${status}`)).toBe(plain.has(`${key}|${status}`));
      }
    },
  );
});
