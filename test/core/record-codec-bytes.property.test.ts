/**
 * core/record-codec.ts writes exactly the bytes the codec wrote before its speed work (stop 22):
 * the frozen reference (test/core/reference-record-codec.ts) and the codec take the same records
 * in the same order, each through its own instance (shapes, dictionary, candidates and prefixes
 * grow alike), and every encode must give the same bytes; the codec decodes its own bytes back to
 * the record. Packed bytes never leave the process, but a byte that moved would mean a form was
 * taken differently (a dictionary entry, a time difference, an id back-reference), which the
 * round-trip tests alone might not see.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidAt } from '../../src/core/ids.js';
import { RecordCodec } from '../../src/core/record-codec.js';
import { sameValue } from '../support/same-value.js';
import { ReferenceRecordCodec } from './reference-record-codec.js';

const BASE_MS = Date.UTC(2026, 0, 5, 16);
const hex = (value: number, digits: number): string => value.toString(16).padStart(digits, '0');

// A UUIDv7 of a time near the base (some far), the rest of its bits random; a v4 now and then.
const uuidV7 = fc.tuple(fc.integer({ min: -3e6, max: 3e6 }), fc.boolean(), fc.uint8Array({ minLength: 10, maxLength: 10 })).map(([delta, far, rest]) => {
  const digits = hex(far ? BASE_MS * 3 + delta : BASE_MS + delta, 12) + [...rest].map((b, i) => hex(i === 0 ? 0x70 | (b & 0x0f) : b, 2)).join('');
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
});
// Engine-minted uuids too, which the codec writes in the reference's form with `mintedIds` false.
const minted = fc.tuple(fc.integer(), fc.nat(), fc.integer({ min: -3e6, max: 3e6 })).map(([seed, seq, delta]) => uuidAt(seed, { seq, atMs: BASE_MS + delta, index: 0 }));
const uuid = fc.oneof({ weight: 4, arbitrary: uuidV7 }, { weight: 1, arbitrary: fc.uuid().map((text) => text.toLowerCase()) }, { weight: 2, arbitrary: minted });
const prefix = fc.constantFrom('Transaction:', 'Quote:', 'Customer:', 'Transfer:', 'InternalAccount:', '', 'X', 'a:b:', 'Ünïcode:');
// Ids drawn from a small pool too, so that a record holds the same uuid twice (ID_AGAIN).
const pooled = fc.constantFrom(...Array.from({ length: 20 }, (_, i) => `019b901f-3cd1-7459-8721-8b14dbb5d7${String(i).padStart(2, '0')}`));
const id = fc.tuple(prefix, fc.oneof(uuid, pooled)).map(([p, u]) => p + u);
const instant = fc.oneof(
  fc.integer({ min: -5e6, max: 5e6 }).map((d) => new Date(BASE_MS + d).toISOString()),
  fc.date({ min: new Date(-1e12), max: new Date(9e12), noInvalidDate: true }).map((date) => date.toISOString()),
);
const decimal = fc.oneof(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }).map(String), fc.integer({ min: -1000, max: 100000 }).map(String));
// Strings that repeat across records (statuses, currencies): they enter the dictionary.
const repeated = fc.constantFrom('COMPLETED', 'PENDING', 'USD', 'EUR', 'ACH', 'Sandbox funding', 'straße', '決済', '\ud800', 'a'.repeat(64), 'b'.repeat(65));
const odd = fc.constantFrom('0', '-0', '007', '+5', '1e3', ' 12', '', '-', '2026-02-30T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '019B901F-3CD1-7459-8721-8B14DBB5D774', 'x'.repeat(5000));
const text = fc.oneof(
  { weight: 3, arbitrary: id },
  { weight: 2, arbitrary: instant },
  { weight: 2, arbitrary: decimal },
  { weight: 3, arbitrary: repeated },
  { weight: 1, arbitrary: odd },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
);
const leaf = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-0, 0, 2 ** 52, 2 ** 52 + 2, -(2 ** 52), 2 ** 53, -(2 ** 60), 1.5, Number.NaN, null, true, false, undefined) },
);
// Keys of a few fixed shapes (records of one kind share them) and some arbitrary ones.
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('id', 'status', 'createdAt', 'amount', 'currency', 'customerId', '__proto__', '1', 'constructor') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
const record = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 10 }),
})).value;

// Encodes `values` through both codecs in order; the bytes must agree and decode back.
function expectSameBytes(reference: ReferenceRecordCodec, codec: RecordCodec, values: readonly unknown[]): void {
  for (const value of values) {
    const expected = reference.encode(value).slice();
    const actual = codec.encode(value).slice();
    // toEqual on every pair of byte arrays is slow; it runs only to show a difference found.
    if (Buffer.compare(actual, expected) !== 0) expect(actual).toEqual(expected);
    expect(sameValue(codec.decode(actual), value)).toBe(true);
  }
}

describe('RecordCodec writes the frozen reference codec\'s bytes', () => {
  it('over generated records, through one codec each for the whole run (shapes and dictionary grow)', () => {
    const reference = new ReferenceRecordCodec();
    const codec = new RecordCodec({ idTable: false, mintedIds: false, repeatForms: false, shortTags: false, numberedTexts: false });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (values) => expectSameBytes(reference, codec, values)),
      { numRuns: 1_000 },
    );
  });

  it('over platform-shaped records whose ids, instants and strings repeat', () => {
    const reference = new ReferenceRecordCodec();
    const codec = new RecordCodec({ idTable: false, mintedIds: false, repeatForms: false, shortTags: false, numberedTexts: false });
    const payment = fc.record({
      id,
      status: repeated,
      customerId: id,
      createdAt: instant,
      updatedAt: instant,
      sentAmount: fc.record({ amountMinor: decimal, currency: repeated }),
      description: fc.oneof(text, fc.constant(undefined)),
      fundingTransferIds: fc.array(id, { maxLength: 20 }),
      fee: fc.constantFrom(-0, 0, 12.5, undefined, null),
    });
    fc.assert(
      fc.property(fc.array(payment, { minLength: 1, maxLength: 10 }), (values) => expectSameBytes(reference, codec, values)),
      { numRuns: 500 },
    );
  });

  it('past its bounds: candidates forgotten, the dictionary full, prefixes past the first 16 and past the last', () => {
    const reference = new ReferenceRecordCodec();
    const codec = new RecordCodec({ idTable: false, mintedIds: false, repeatForms: false, shortTags: false, numberedTexts: false });
    const strings = Array.from({ length: 70_000 }, (_, i) => `s${i}`);
    // Seen once (candidates reset every 4,096), then twice in blocks (the dictionary fills at 65,536).
    for (let from = 0; from < strings.length; from += 1_000) {
      const block = strings.slice(from, from + 1_000);
      expectSameBytes(reference, codec, [block, block, { s: block[0], t: block[999] }]);
    }
    expectSameBytes(reference, codec, [strings.slice(0, 2_000), strings.slice(68_000)]);
    const uuidText = '019b901f-3cd1-7459-8721-8b14dbb5d774';
    const ids = Array.from({ length: 1_100 }, (_, i) => `P${i}:${uuidText}`);
    expectSameBytes(reference, codec, [ids.slice(0, 40), ids, ids.slice(1_000), ids.slice(0, 40), [`P5:${uuidText}`, `P1099:${uuidText}`]]);
  });

  it('ids whose prefixes share a guess slot: the same first unit, lengths 256 apart, one the start of the other', () => {
    const reference = new ReferenceRecordCodec();
    const codec = new RecordCodec({ idTable: false, mintedIds: false, repeatForms: false, shortTags: false, numberedTexts: false });
    const uuidText = '019b901f-3cd1-7459-8721-8b14dbb5d774';
    const short = `ab:${uuidText}`;
    const long = `ab:${'c'.repeat(255)}:${uuidText}`;
    expectSameBytes(reference, codec, [[short, long], { a: long, b: short }, [long, short, long]]);
  });

  it('dictionary strings whose recent slots collide (same length and end units) and strings equal to them but other objects', () => {
    const reference = new ReferenceRecordCodec();
    const codec = new RecordCodec({ idTable: false, mintedIds: false, repeatForms: false, shortTags: false, numberedTexts: false });
    // 'AxB' and 'AyB' share a slot; JSON.parse makes strings equal to earlier ones but not the same objects.
    const texts = ['AxB', 'AyB', 'AzB', 'AxB', 'AyB', 'a-long-status-name-0', 'a-long-status-name-1', 'a-long-status-name-0'];
    const copies = texts.map((text) => JSON.parse(JSON.stringify(`${text}`)) as string);
    expectSameBytes(reference, codec, [texts, copies, texts.slice().reverse(), copies, { s: 'AxB', t: 'AyB', u: 'AxB' }, ['', '', 'A', 'A']]);
  });
});
