/**
 * core/record-codec.ts: a packed record decodes to exactly the record packed (keys in order,
 * strings, numbers with -0, undefined values), whatever the text looks like, and the compact
 * forms (ids, instants, decimal integers, dictionary strings) are taken only where they round-trip;
 * the byte format, which engine snapshots save from `@5` on, is pinned, and a codec made from
 * another's tables reads its bytes and refuses tables and bytes no codec wrote.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameValue } from '../support/same-value.js';
import { canonicalInteger, RecordCodec, type RecordPredictions } from '../../src/core/record-codec.js';
import { isUuidAt, parseUuid } from '../../src/core/uuid-text.js';
import { uuidAt } from '../../src/core/ids.js';

const uuid = fc.uuid().map((text) => text.toLowerCase());
// Engine-minted uuids (the codec's 10-byte form, and past index 0 with it), their times near each other and far.
const minted = fc
  .tuple(fc.integer(), fc.nat(), fc.oneof(fc.integer({ min: 1.7e12, max: 1.7e12 + 5e6 }), fc.integer({ min: 0, max: 2 ** 48 - 1 })), fc.oneof(fc.constant(0), fc.nat({ max: 2 ** 26 - 1 })))
  .map(([seed, seq, atMs, index]) => uuidAt(seed, { seq, atMs, index }));
// Ids minted in one call (sibling ids: the same time and w1, other indexes), in some order.
const call = fc
  .tuple(fc.integer(), fc.nat(), fc.integer({ min: 1.7e12, max: 1.7e12 + 5e6 }), fc.array(fc.oneof(fc.nat({ max: 5 }), fc.nat({ max: 2 ** 26 - 1 })), { minLength: 1, maxLength: 5 }))
  .map(([seed, seq, atMs, indexes]) => indexes.map((index) => `Transfer:${uuidAt(seed, { seq, atMs, index })}`));
// Digits with leading zeros (2 to 17 of them: past 15 they stay text) and their near misses.
const zeroPadded = fc.oneof(
  fc.tuple(fc.nat({ max: 16 }), fc.nat({ max: 2 ** 40 })).map(([zeros, value]) => '0'.repeat(zeros + 1) + String(value)),
  fc.constantFrom('00', '0', '0000000000000000', '09007199254740993', '0x12', '01.5', '-01', '0١'),
);
// Epoch-ms numbers and integers near them, and numbers that are not integers or out of range.
const epochMs = fc.oneof(fc.integer({ min: 1.7e12 - 1e6, max: 1.7e12 + 1e6 }), fc.constantFrom(1.7e12 + 0.5, 2 ** 52, 2 ** 52 + 2, -(2 ** 52), 16383, 16384, 1e300));
const instant = fc.date({ min: new Date(-1e12), max: new Date(9e12), noInvalidDate: true }).map((date) => date.toISOString());
const special = fc.oneof(
  uuid,
  fc.tuple(fc.constantFrom('Transaction:', 'Quote:', 'Customer:', 'X', 'a:b:', ''), fc.oneof(uuid, minted)).map(([prefix, id]) => prefix + id),
  uuid.map((id) => id.toUpperCase()),
  instant,
  fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }).map(String),
  fc.constantFrom('0', '-0', '007', '+5', '1e3', ' 12', '12 ', '', '-', '2026-02-30T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z'),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  zeroPadded,
);
const leaf = fc.oneof(special, call, epochMs, fc.double(), fc.integer(), fc.constantFrom(-0, 2 ** 53, -(2 ** 60), null, true, false, undefined));
const record = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'id', 'status', '1', 'constructor')), tie('value'), { maxKeys: 8 }),
})).value;

describe('RecordCodec', () => {
  it('decodes every value to exactly the value encoded (key order, -0, undefined, any text)', () => {
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (values) => {
        // Several values through one codec, so that shapes and dictionary entries are reused.
        const packed = values.map((value) => codec.encode(value).slice());
        packed.forEach((bytes, i) => {
          expect(sameValue(codec.decode(bytes), values[i])).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('refers back to a uuid met earlier in the record, past the remembered ones too', () => {
    const pool = Array.from({ length: 24 }, (_, i) => `019b901f-3cd1-7459-8721-8b14dbb5d7${String(i).padStart(2, '0')}`);
    const id = fc.tuple(fc.constantFrom('Transaction:', 'Quote:', ''), fc.constantFrom(...pool)).map(([prefix, uuid]) => prefix + uuid);
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(fc.oneof(id, fc.array(id, { maxLength: 4 })), { minLength: 1, maxLength: 60 }), (ids) => {
        expect(sameValue(codec.decode(codec.encode(ids).slice()), ids)).toBe(true);
      }),
      { numRuns: 300 },
    );
    const again = codec.encode([`Quote:${pool[0]}`, `Transaction:${pool[0]}`]);
    expect(again.length).toBeLessThan(2 + 18 + 4);
  });

  it('writes instants and UUIDv7 ids near the record\'s last time as differences, exactly', () => {
    // UUIDv7s and instants of nearby times (and a v4 and far times among them).
    const v7 = fc.tuple(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.uint8Array({ minLength: 10, maxLength: 10 })).map(([ms, rest]) => {
      const hex = ms.toString(16).padStart(12, '0') + [...rest].map((b, i) => (i === 0 ? (0x70 | (b & 0x0f)) : b).toString(16).padStart(2, '0')).join('');
      return `Transfer:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    const base = Date.UTC(2026, 0, 5);
    const near = fc.integer({ min: -5e6, max: 5e6 }).map((d) => new Date(base + d).toISOString());
    const nearV7 = fc.tuple(fc.integer({ min: -5e6, max: 5e6 }), v7).map(([d, id]) => {
      const hex = (base + d).toString(16).padStart(12, '0');
      return `Quote:${hex.slice(0, 8)}-${hex.slice(8)}${id.slice(-23)}`;
    });
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(fc.oneof(v7, near, nearV7, instant, uuid), { maxLength: 30 }), (values) => {
        expect(sameValue(codec.decode(codec.encode(values).slice()), values)).toBe(true);
      }),
      { numRuns: 500 },
    );
    const record = { id: 'Transaction:019b901f-3cd1-7459-8721-8b14dbb5d774', createdAt: '2026-01-05T21:45:24.945Z', updatedAt: '2026-01-05T21:45:25.001Z' };
    expect(codec.encode(record).length).toBeLessThan(2 + 2 + 17 + 7 + 3);
  });

  it('keeps a key named __proto__ an own property, never the prototype', () => {
    const codec = new RecordCodec();
    const value = JSON.parse('{"__proto__":{"polluted":true},"id":"x"}') as object;
    const decoded = codec.decode(codec.encode(value).slice()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__', 'id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('freezes what it decodes, deeply, unless told not to', () => {
    const codec = new RecordCodec();
    const bytes = codec.encode({ a: { b: [1, { c: 'd' }] } }).slice();
    const frozen = codec.decode(bytes) as { a: { b: [number, { c: string }] } };
    expect(Object.isFrozen(frozen) && Object.isFrozen(frozen.a) && Object.isFrozen(frozen.a.b) && Object.isFrozen(frozen.a.b[1])).toBe(true);
    const open = codec.decode(bytes, 0, false) as { a: { b: unknown[] } };
    expect(Object.isFrozen(open) || Object.isFrozen(open.a) || Object.isFrozen(open.a.b)).toBe(false);
  });

  it('packs a platform record to a small fraction of its JSON', () => {
    const codec = new RecordCodec();
    const record = (n: number) => ({
      id: `Transaction:019b901f-3cd1-7459-8721-8b14dbb5d7${String(n).padStart(2, '0')}`,
      status: 'COMPLETED',
      customerId: 'Customer:019b8ee7-22c8-73d5-9153-33c978fce264',
      createdAt: '2026-01-05T21:45:24.945Z',
      sentAmount: { amountMinor: '9988293', currency: 'USD' },
      description: 'Sandbox funding',
      fundingTransferIds: ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d1b'],
    });
    codec.encode(record(1));
    const bytes = codec.encode(record(2));
    expect(bytes.length).toBeLessThan(JSON.stringify(record(2)).length / 4);
    expect(sameValue(codec.decode(bytes.slice()), record(2))).toBe(true);
  });

  it('refuses bytes it did not write with a RangeError, never a wrong value silently past the end', () => {
    const codec = new RecordCodec();
    expect(() => codec.decode(new Uint8Array([99]))).toThrow(RangeError);
    expect(() => codec.decode(new Uint8Array([13, 5]))).toThrow(RangeError);
    expect(() => codec.decode(codec.encode('a long enough text').slice(0, 5))).toThrow(RangeError);
  });

  it('refuses values that are not JSON data (functions, symbols, bigints)', () => {
    const codec = new RecordCodec();
    expect(() => codec.encode({ f: () => 1 })).toThrow(TypeError);
    expect(() => codec.encode({ n: 1n })).toThrow(TypeError);
  });
});

// A record with every form: ids (whole, as a time difference, a uuid again), a dictionary string
// at its second sight, an amount, an instant, ASCII and UTF-16 texts, -0, integers, a float,
// booleans, null and undefined.
const PINNED_RECORD = {
  id: 'Transaction:019b8ee3-3ae7-7c45-9829-da12d0149cb3',
  status: 'COMPLETED',
  amount: '12345',
  createdAt: '2026-01-05T16:00:00.000Z',
  quoteId: 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb4',
  again: 'Customer:019b8ee3-3ae7-7c45-9829-da12d0149cb3',
  tags: ['a', 'é', -0, 7, 1.5],
  ok: true,
  none: null,
  gone: undefined,
};

// Two engine-minted uuids (`uuidAt(7, ...)`, the second 20 ms before the instant), a uuid not in
// minted form, and the first again.
const MINTED_RECORD = {
  id: 'Transaction:019b8ee3-05dc-7fc1-8011-df38d39090e4',
  createdAt: '2026-01-05T16:00:00.000Z',
  quoteId: 'Quote:019b8ee2-ffec-7f75-8268-c12c1a3508eb',
  foreign: 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb4',
  again: 'Customer:019b8ee3-05dc-7fc1-8011-df38d39090e4',
};

// Owners' ids (customer, account, card: they enter the id table) beside a quote's, and a uuid again.
const OWNED_UUID = '4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f';
const OWNED_RECORD = {
  customerId: 'Customer:019b8ee3-3ae7-7c45-9829-da12d0149cb3',
  accountId: 'InternalAccount:019b8ee3-3ae7-7c45-9829-da12d0149cb5',
  cardId: `Card:${OWNED_UUID}`,
  createdAt: '2026-01-05T16:00:00.000Z',
  quoteId: 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb4',
  again: `InternalAccount:${OWNED_UUID}`,
};

describe('the byte format (saved in engine snapshots from @5 on; the id table from @6; minted ids from @8, their indexes from @9; the repeat forms from @10; a record\'s key from @11)', () => {
  it('writes a fixed record to exactly these bytes and tables under a fresh codec: a change here needs a new snapshot format', () => {
    // Without the minted form (`@7` and before): the engine-minted uuid ...cb3 is written whole.
    const codec = new RecordCodec({ mintedIds: false, shortTags: false });
    const first = [...codec.encode(PINNED_RECORD)];
    const second = [...codec.encode(PINNED_RECORD)];
    expect(first).toEqual([
      13, 0, 9, 0, 1, 155, 142, 227, 58, 231, 124, 69, 152, 41, 218, 18, 208, 20, 156, 179, 7, 9, 67, 79, 77, 80, 76, 69, 84, 69, 68,
      11, 242, 192, 1, 15, 205, 235, 1, 16, 1, 206, 235, 1, 124, 69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 2, 0, 12, 5, 7, 1, 97,
      8, 1, 233, 0, 5, 0, 0, 0, 0, 0, 0, 0, 128, 4, 14, 5, 0, 0, 0, 0, 0, 0, 248, 63, 2, 0, 3,
    ]);
    // The second time, the strings seen once before are dictionary entries.
    expect(second).toEqual([
      13, 0, 9, 0, 1, 155, 142, 227, 58, 231, 124, 69, 152, 41, 218, 18, 208, 20, 156, 179, 6, 0, 11, 242, 192, 1, 15, 205, 235, 1,
      16, 1, 206, 235, 1, 124, 69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 2, 0, 12, 5, 6, 1, 6, 2, 5, 0, 0, 0, 0, 0, 0, 0, 128, 4,
      14, 5, 0, 0, 0, 0, 0, 0, 248, 63, 2, 0, 3,
    ]);
    expect(codec.tables()).toEqual({
      shapes: [['id', 'status', 'amount', 'createdAt', 'quoteId', 'again', 'tags', 'ok', 'none', 'gone']],
      strings: ['COMPLETED', 'a', 'é'],
      prefixes: ['Transaction:', 'Quote:', 'Customer:'],
      ids: [],
    });
  });

  it('writes an owner\'s id met in an earlier record as its id table entry (from @6 on), pinned too', () => {
    const codec = new RecordCodec({ mintedIds: false, shortTags: false });
    const first = [...codec.encode(OWNED_RECORD)];
    const second = [...codec.encode(OWNED_RECORD)];
    // Whole the first time (the owners' ids enter the table: tag 9 and 16 as in @5) ...
    expect(first).toEqual([
      13, 0, 9, 0, 1, 155, 142, 227, 58, 231, 124, 69, 152, 41, 218, 18, 208, 20, 156, 179, 16, 1, 0, 124, 69, 152, 41, 218, 18, 208,
      20, 156, 181, 9, 2, 75, 76, 90, 30, 47, 13, 78, 138, 156, 27, 10, 43, 60, 77, 94, 111, 15, 205, 235, 1, 16, 3, 206, 235, 1, 124,
      69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 1, 2,
    ]);
    // ... then tag 17 and the entry; the record's time is the id's after it, as after a whole id,
    // and a uuid again in the record refers back to the entry's.
    expect(second).toEqual([13, 0, 17, 0, 17, 1, 17, 2, 15, 205, 235, 1, 16, 3, 206, 235, 1, 124, 69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 1, 2]);
    expect(codec.tables()).toEqual({
      shapes: [['customerId', 'accountId', 'cardId', 'createdAt', 'quoteId', 'again']],
      strings: [],
      prefixes: ['Customer:', 'InternalAccount:', 'Card:', 'Quote:'],
      ids: [OWNED_RECORD.customerId, OWNED_RECORD.accountId, OWNED_RECORD.cardId],
    });
    // With the id table off, the ids are written whole every time (@5's bytes).
    const old = new RecordCodec({ idTable: false, mintedIds: false, shortTags: false });
    old.encode(OWNED_RECORD);
    expect([...old.encode(OWNED_RECORD)].slice(0, 5)).toEqual([13, 0, 9, 0, 1]);
    expect(old.tables().ids).toEqual([]);
  });

  it('writes an engine-minted uuid as its time and w1 (from @8 on): whole, or its time as a difference; others as before', () => {
    const codec = new RecordCodec({ shortTags: false });
    const first = [...codec.encode(MINTED_RECORD)];
    expect(first).toEqual([
      // Tag 19, prefix 0, the time's 6 bytes and w1's 4 (the record's first time: no difference).
      13, 0, 19, 0, 1, 155, 142, 227, 5, 220, 223, 56, 211, 144,
      // The instant, then tag 20: prefix 1, the time 20 ms before the instant (zigzag 39), w1.
      15, 183, 23, 20, 1, 39, 193, 44, 26, 53,
      // A uuid not in minted form (its last digit changed) as ID_DELTA's 10 bytes; the first again.
      16, 1, 246, 235, 1, 124, 69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 2, 0,
    ]);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(first), 0, first.length), MINTED_RECORD)).toBe(true);
    // Without the form, 12 bytes more: tag 9 and 16 bytes, tag 16 and 10.
    expect(new RecordCodec({ mintedIds: false, shortTags: false }).encode(MINTED_RECORD).length).toBe(first.length + 12);
    // An owner's minted id enters the table as before and is its entry the second time.
    const owned = new RecordCodec({ shortTags: false });
    const customer = { customerId: MINTED_RECORD.id.replace('Transaction:', 'Customer:') };
    expect([...owned.encode(customer)].slice(0, 3)).toEqual([13, 0, 19]);
    expect([...owned.encode(customer)]).toEqual([13, 0, 17, 0]);
  });

  it('writes a minted uuid at an index past 0 in its call with that index after w1 (from @9 on)', () => {
    // `uuidAt(7, { seq: 12, index: 3 })` at the instant, and index 300 of the same call 20 ms before.
    const record = {
      id: 'Transaction:019b8ee3-0000-7cbf-8229-5b8842c2db6b',
      createdAt: '2026-01-05T16:00:00.000Z',
      quoteId: 'Quote:019b8ee2-ffec-7d90-8229-5b8842c2db6b',
    };
    const codec = new RecordCodec({ shortTags: false });
    const bytes = [...codec.encode(record)];
    expect(bytes).toEqual([
      // Tag 21, prefix 0, the time's 6 bytes, w1's 4, the index 3.
      13, 0, 21, 0, 1, 155, 142, 227, 0, 0, 91, 136, 66, 194, 3,
      // The instant (no difference), then tag 22: prefix 1, zigzag(-20), w1, the index 300 as a varint.
      15, 0, 22, 1, 39, 91, 136, 66, 194, 172, 2,
    ]);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length), record)).toBe(true);
    // Without indexes (the bytes of @8) both are written whole: tag 9's 16 bytes, tag 16's 10.
    expect(new RecordCodec({ mintedIndexes: false, shortTags: false }).encode(record).length).toBe(bytes.length + 9);
  });

  it('round-trips owners\' ids across records exactly, past the table\'s growth, and through tables/fromTables', () => {
    const pool = Array.from({ length: 700 }, (_, i) => `019b901f-3cd1-7459-8721-8b14db${i.toString(16).padStart(6, '0')}`);
    const owner = fc.tuple(fc.constantFrom('Customer:', 'InternalAccount:', 'Card:', 'Quote:', ''), fc.constantFrom(...pool)).map(([prefix, uuid]) => prefix + uuid);
    const row = fc.oneof(owner, fc.array(owner, { maxLength: 6 }), fc.record({ customerId: owner, at: fc.constantFrom('2026-01-05T16:00:00.000Z', '2026-01-05T16:00:01.000Z'), ids: fc.array(owner, { maxLength: 3 }) }));
    const writer = new RecordCodec();
    let written: { bytes: Uint8Array; value: unknown }[] = [];
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (values) => {
        for (const value of values) written.push({ bytes: writer.encode(value).slice(), value });
        const reader = RecordCodec.fromTables(JSON.parse(JSON.stringify(writer.tables())) as ReturnType<RecordCodec['tables']>);
        for (const { bytes, value } of written) {
          expect(sameValue(writer.decode(bytes), value)).toBe(true);
          expect(sameValue(reader.decodeWhole(bytes, 0, bytes.length), value)).toBe(true);
        }
        // The reader encodes on as the writer does: same bytes, tables alike.
        for (const value of values) expect([...reader.encode(value)]).toEqual([...writer.encode(value)]);
        expect(reader.tables()).toEqual(writer.tables());
        if (written.length > 400) written = [];
      }),
      { numRuns: 200 },
    );
    // The table grew past its first room many times over, and entries took the short form.
    expect(writer.tables().ids!.length).toBeGreaterThan(1_000);
    const customers = pool.map((uuid) => `Customer:${uuid}`);
    writer.encode(customers);
    const again = writer.encode(customers);
    expect(again.length).toBeLessThan(2 + pool.length * 3 + 1);
  });

  it('reads @5 tables (no id table) and their bytes', () => {
    const old = new RecordCodec({ idTable: false, mintedIds: false, shortTags: false });
    const bytes = [OWNED_RECORD, OWNED_RECORD].map((value) => old.encode(value).slice());
    const { ids: _ids, ...tables } = old.tables();
    const reader = RecordCodec.fromTables(tables);
    for (const packed of bytes) expect(sameValue(reader.decodeWhole(packed, 0, packed.length), OWNED_RECORD)).toBe(true);
  });

  it('reads bytes elsewhere through the tables of the codec that wrote them, and encodes on from them', () => {
    const writer = new RecordCodec();
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), fc.array(record, { maxLength: 3 }), (values, more) => {
        const packed = values.map((value) => writer.encode(value).slice());
        const reader = RecordCodec.fromTables(JSON.parse(JSON.stringify(writer.tables())) as ReturnType<RecordCodec['tables']>);
        packed.forEach((bytes, i) => {
          expect(sameValue(reader.decodeWhole(bytes, 0, bytes.length), values[i])).toBe(true);
        });
        for (const value of [...values, ...more]) expect(sameValue(reader.decode(reader.encode(value).slice()), value)).toBe(true);
      }),
    );
    // A known record encodes as the writer would encode it again (its shape, strings and prefixes are in the tables).
    writer.encode(PINNED_RECORD);
    const again = [...writer.encode(PINNED_RECORD)];
    expect([...RecordCodec.fromTables(writer.tables()).encode(PINNED_RECORD)]).toEqual(again);
  });

  it.each([
    ['no tables', undefined],
    ['a list that is not one', { shapes: {}, strings: [], prefixes: [] }],
    ['a shape that is not a list of keys', { shapes: [['a', 1]], strings: [], prefixes: [] }],
    ['a key twice in a shape', { shapes: [['a', 'a']], strings: [], prefixes: [] }],
    ['a shape twice', { shapes: [['a'], ['a']], strings: [], prefixes: [] }],
    ['a string twice', { shapes: [], strings: ['x', 'x'], prefixes: [] }],
    ['a string too long for the dictionary', { shapes: [], strings: ['x'.repeat(65)], prefixes: [] }],
    ['a string that is not one', { shapes: [], strings: [null], prefixes: [] }],
    ['a prefix not ending in a colon', { shapes: [], strings: [], prefixes: ['Quote'] }],
    ['a prefix twice', { shapes: [], strings: [], prefixes: ['Quote:', 'Quote:'] }],
    ['ids that are not a list', { shapes: [], strings: [], prefixes: ['Customer:'], ids: 'Customer:' }],
    ['an id that is not a string', { shapes: [], strings: [], prefixes: ['Customer:'], ids: [7] }],
    ['an id of a prefix not in the tables', { shapes: [], strings: [], prefixes: ['Customer:'], ids: [`Card:${OWNED_UUID}`] }],
    ['an id of a prefix whose ids never enter the table', { shapes: [], strings: [], prefixes: ['Quote:'], ids: [`Quote:${OWNED_UUID}`] }],
    ['an id whose uuid is not one', { shapes: [], strings: [], prefixes: ['Customer:'], ids: [`Customer:${OWNED_UUID.toUpperCase()}`] }],
    ['an id twice', { shapes: [], strings: [], prefixes: ['Customer:'], ids: [`Customer:${OWNED_UUID}`, `Customer:${OWNED_UUID}`] }],
  ])('refuses tables no codec holds: %s', (_name, tables) => {
    expect(() => RecordCodec.fromTables(tables as never)).toThrow(RangeError);
  });

  it('refuses to read a record whose value ends before or after its bytes, or names an entry the tables lack', () => {
    const writer = new RecordCodec({ shortTags: false });
    const bytes = writer.encode(PINNED_RECORD).slice();
    const reader = RecordCodec.fromTables(writer.tables());
    expect(() => reader.decodeWhole(bytes, 0, bytes.length - 1)).toThrow(RangeError);
    const longer = new Uint8Array([...bytes, 0]);
    expect(() => reader.decodeWhole(longer, 0, longer.length)).toThrow(/its value takes 83 of its 84 bytes/);
    expect(sameValue(reader.decodeWhole(longer, 0, bytes.length), PINNED_RECORD)).toBe(true);
    // Shape 0 of an empty codec, a dictionary string it lacks, a prefix it lacks.
    const empty = RecordCodec.fromTables({ shapes: [], strings: [], prefixes: [] });
    for (const wrong of [[13, 0], [6, 0], [9, 0, ...new Array<number>(16).fill(0)], [17, 0], [19, 0, ...new Array<number>(10).fill(0)]]) {
      expect(() => empty.decodeWhole(new Uint8Array(wrong), 0, wrong.length)).toThrow(/no entry 0/);
    }
    // A minted id cut short, or its time a difference with no time before it.
    const prefixed = RecordCodec.fromTables({ shapes: [], strings: [], prefixes: ['Quote:'] });
    for (const [wrong, message] of [[[19, 0, 1, 155, 142, 227, 5, 220, 223, 56, 211], /past its end/], [[20, 0, 39, 193, 44, 26, 53], /no time before it/]] as const) {
      expect(() => prefixed.decodeWhole(new Uint8Array(wrong), 0, wrong.length)).toThrow(message);
    }
  });
});

// An engine-minted id (`uuidAt(7, { seq: 12, index })` at the instant) of each index given.
const SIBLING = (index: number): string => uuidAt(7, { seq: 12, atMs: Date.UTC(2026, 0, 5, 16), index });

// A record with each repeat form (`@10`): ids minted in the call of the record's id (index 1 and
// 300), an epoch-ms number 5 ms after the instant and one 118 ms after that, the id's uuid as
// `TX` and its uppercase hex digits, and digits with a leading zero.
const REPEAT_RECORD = {
  id: `Transaction:${SIBLING(0)}`,
  createdAt: '2026-01-05T16:00:00.000Z',
  transferIds: [`Transfer:${SIBLING(1)}`, `Transfer:${SIBLING(300)}`],
  dueAtMs: Date.UTC(2026, 0, 5, 16) + 5,
  count: Date.UTC(2026, 0, 5, 16) + 123,
  addenda: `TX${SIBLING(0).replaceAll('-', '').toUpperCase()}`,
  trace: '091000017001857',
};

describe('the repeat forms (snapshot @10 on)', () => {
  it('writes a record\'s repeats to exactly these bytes: a change here needs a new snapshot format', () => {
    const codec = new RecordCodec({ shortTags: false });
    const bytes = [...codec.encode(REPEAT_RECORD)];
    expect(bytes).toEqual([
      // The id in the minted form (tag 19), the instant (no difference).
      13, 0, 19, 0, 1, 155, 142, 227, 0, 0, 91, 136, 66, 194, 15, 0,
      // Two siblings of it: tag 23, prefix 1, the remembered id 0, the index (1; 300 as a varint).
      12, 2, 23, 1, 0, 1, 23, 1, 0, 172, 2,
      // Tag 24, zigzag(5) from the instant; zigzag(118) from the number before.
      24, 10, 24, 236, 1,
      // Tag 25: the remembered id 0's hex after the 2 ASCII units `TX`.
      25, 0, 2, 84, 88,
      // Tag 26: 15 digits, the value 91000017001857 as a varint.
      26, 15, 129, 187, 192, 189, 185, 216, 20,
    ]);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length), REPEAT_RECORD)).toBe(true);
    // Without the forms (the bytes of @9): each written whole.
    expect(new RecordCodec({ repeatForms: false, shortTags: false }).encode(REPEAT_RECORD).length).toBe(102);
  });

  it('takes each form only where it round-trips: ids\' hex (any prefix, case and length), siblings, epoch-ms numbers, zero-padded digits', () => {
    const pool = Array.from({ length: 3 }, (_, i) => SIBLING(i * 7));
    const hex = (uuid: string): string => uuid.replaceAll('-', '');
    const derived = fc.tuple(fc.constantFrom(...pool, OWNED_UUID), fc.constantFrom('TX', '', 'é', 'a\u0080', 'x'.repeat(70)), fc.constantFrom('upper', 'lower', 'short', 'long')).map(([uuid, prefix, kind]) => {
      const digits = kind === 'lower' ? hex(uuid) : hex(uuid).toUpperCase();
      return prefix + (kind === 'short' ? digits.slice(1) : kind === 'long' ? `${digits}0` : digits);
    });
    const id = fc.tuple(fc.constantFrom('Transaction:', 'Quote:', ''), fc.constantFrom(...pool, OWNED_UUID)).map(([prefix, uuid]) => prefix + uuid);
    const value = fc.oneof(id, derived, call, epochMs, zeroPadded, instant);
    const codec = new RecordCodec();
    const old = new RecordCodec({ repeatForms: false, shortTags: false });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 20 }), (values) => {
        const bytes = codec.encode(values).slice();
        expect(sameValue(codec.decode(bytes), values)).toBe(true);
        expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length), values)).toBe(true);
        // Never longer than without the forms.
        expect(bytes.length).toBeLessThanOrEqual(old.encode(values).length);
      }),
      { numRuns: 500 },
    );
    // The forms' choices: lowercase hex, 31 or 33 digits and a prefix past ASCII are written out;
    // 16 digits stay text; an id minted in the call of the first refers to it past the remembered ids too.
    const uuid = pool[0]!;
    // The text's tag, after the array's byte (two items: @13's one-byte form) and the uuid's (tag 19: 12 bytes).
    const written = (text: string): number => new RecordCodec().encode([uuid, text])[13]!;
    expect([hex(uuid).toUpperCase(), hex(uuid), hex(uuid).toUpperCase().slice(1), `${hex(uuid).toUpperCase()}0`, `é${hex(uuid).toUpperCase()}`].map(written)).toEqual([25, 7, 7, 7, 8]);
    expect([new RecordCodec().encode('0123')[0], new RecordCodec().encode('0'.repeat(16))[0], new RecordCodec().encode('0123a')[0]]).toEqual([26, 7, 7]);
    const far = Array.from({ length: 17 }, (_, k) => `Transfer:${SIBLING(k)}`);
    const farCodec = new RecordCodec();
    const farBytes = farCodec.encode(far).slice();
    // The ids after the first refer to it; the 17th, past the 16 remembered, too (it is not remembered itself).
    expect([...farBytes].filter((byte) => byte === 23).length).toBe(16);
    expect(sameValue(farCodec.decode(farBytes), far)).toBe(true);
  });

  it('refuses bytes no encode wrote: a sibling of an id not in minted form, digits out of range, a difference with no time', () => {
    const quote = new RecordCodec({ shortTags: false });
    const bytes = [...quote.encode([`Quote:${OWNED_UUID}`, 0])];
    const withLast = (last: number[]): Uint8Array => new Uint8Array([...bytes.slice(0, -2), ...last]);
    expect(() => quote.decode(withLast([23, 0, 0, 1]))).toThrow(/a sibling of an id not in minted form/);
    expect(() => quote.decode(withLast([26, 2, 10]))).toThrow(/zero-padded digits out of range/);
    expect(() => quote.decode(withLast([26, 16, 1]))).toThrow(/zero-padded digits out of range/);
    expect(() => quote.decode(withLast([25, 1, 0]))).toThrow(/no entry 1/);
    expect(() => new RecordCodec({ shortTags: false }).decode(new Uint8Array([24, 0]))).toThrow(/no time before it/);
  });
});

describe('a record\'s key as context (snapshot @11 on)', () => {
  it('writes a record with its key to exactly these bytes: a change here needs a new snapshot format', () => {
    const codec = new RecordCodec({ shortTags: false });
    const bytes = [...codec.encode(REPEAT_RECORD, REPEAT_RECORD.id)];
    expect(bytes).toEqual([
      // The id as the key's uuid again (tag 14, prefix 0, remembered id 0); the instant as a
      // difference of 0 from the key's time (tag 15).
      13, 0, 14, 0, 0, 15, 0,
      // The rest as without a key: siblings of the remembered id 0, the numbers, the hex, the digits.
      12, 2, 23, 1, 0, 1, 23, 1, 0, 172, 2,
      24, 10, 24, 236, 1,
      25, 0, 2, 84, 88,
      26, 15, 129, 187, 192, 189, 185, 216, 20,
    ]);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length, true, REPEAT_RECORD.id), REPEAT_RECORD)).toBe(true);
    // Without the key (the bytes of @10): the id in the minted form, 9 bytes more.
    expect(new RecordCodec({ shortTags: false }).encode(REPEAT_RECORD).length).toBe(bytes.length + 9);
    // Read without its key, or with another, the bytes are not the record.
    expect(() => new RecordCodec({ shortTags: false }).decode(new Uint8Array(bytes))).toThrow(RangeError);
    expect(sameValue(codec.decode(new Uint8Array(bytes), 0, true, `Transaction:${SIBLING(1)}`), REPEAT_RECORD)).toBe(false);
  });

  it('decodes every value with its key to exactly the value encoded, whatever the key (an id, a minted id, not a uuid, one the value lacks)', () => {
    const key = fc.oneof(
      special,
      call.map((ids) => ids[0]!),
      fc.tuple(fc.constantFrom('Transaction:', 'Quote:', 'Customer:', ''), fc.oneof(uuid, minted)).map(([prefix, id]) => prefix + id),
      fc.string(),
    );
    // The value often holds the key, or ids minted with it.
    const keyed = fc.tuple(key, record, fc.nat({ max: 3 })).map(([k, value, holds]) => [k, holds === 0 ? value : holds === 1 ? { id: k, value } : [k, value, `TX${k.slice(-36).replaceAll('-', '').toUpperCase()}`]] as const);
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(keyed, { minLength: 1, maxLength: 6 }), (pairs) => {
        const packed = pairs.map(([k, value]) => codec.encode(value, k).slice());
        const reader = RecordCodec.fromTables(codec.tables());
        packed.forEach((bytes, i) => {
          const [k, value] = pairs[i]!;
          expect(sameValue(codec.decode(bytes, 0, true, k), value)).toBe(true);
          expect(sameValue(reader.decodeWhole(bytes, 0, bytes.length, false, k), value)).toBe(true);
          // The key as its uuid's words (a key column's) reads the same.
          const words = new Int32Array(4);
          if (k.length >= 36 && isUuidAt(k, k.length - 36) && parseUuid(k, k.length - 36, words)) expect(sameValue(codec.decode(bytes, 0, true, words), value)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('takes a key that does not end in a lowercase uuid as no context: the bytes without a key', () => {
    const notUuid = fc.oneof(fc.string(), uuid.map((id) => `Transaction:${id.toUpperCase()}`), uuid.map((id) => `Quote:${id.slice(1)}`));
    const withKey = new RecordCodec();
    const without = new RecordCodec();
    fc.assert(
      fc.property(notUuid.filter((k) => !isUuidAt(k, k.length - 36)), record, (k, value) => {
        expect([...withKey.encode(value, k)]).toEqual([...without.encode(value)]);
      }),
      { numRuns: 300 },
    );
  });
});

// A record of the commonest references: dictionary strings, objects, integers and amounts of 0-15
// (the short tags' forms, `@12`), and each just past its form.
const SHORT_RECORD = {
  status: 'PENDING',
  currency: 'USD',
  amount: '0',
  fee: '15',
  total: '16',
  refund: '-1',
  next: 0,
  count: 15,
  limit: 16,
  below: -1,
  legs: [{ rail: 'ACH' }, { rail: 'ACH' }],
};

// A codec whose tables hold `strings` dictionary strings (`s0`, `s1`, ...) and `shapes` shapes (`{ k0 }`, `{ k1 }`, ...).
function codecWith(strings: number, shapes: number, options: { shortTags?: boolean } = {}): RecordCodec {
  const tables = { shapes: Array.from({ length: shapes }, (_, i) => [`k${i}`]), strings: Array.from({ length: strings }, (_, i) => `s${i}`), prefixes: [] };
  const codec = RecordCodec.fromTables(tables);
  if (options.shortTags ?? true) return codec;
  // A codec with the forms off holding the same tables: it meets the strings twice and the shapes once, in order.
  const old = new RecordCodec({ shortTags: false, numberedTexts: false });
  for (const keys of tables.shapes) old.encode({ [keys[0]!]: null });
  old.encode(tables.strings);
  old.encode(tables.strings);
  return old;
}

describe('the short tags (snapshot @12 on)', () => {
  it('writes the commonest references as one byte each, to exactly these bytes: a change here needs a new snapshot format', () => {
    // The bytes of @12: without @13's forms (its array of two is a tag and a varint here).
    const codec = new RecordCodec({ moreShortTags: false });
    codec.encode(SHORT_RECORD);
    const bytes = [...codec.encode(SHORT_RECORD)];
    expect(bytes).toEqual([
      // Shape 0 (0x40 + 0); dictionary strings 1 and 2 (0x80 + n); "0" and "15" (0x30 + n); "16"
      // and "-1" as before (tag 11, zigzag); 0 and 15 (0x20 + n); 16 and -1 as before (tag 4, zigzag).
      64, 129, 130, 48, 63, 11, 32, 11, 1, 32, 47, 4, 32, 4, 1,
      // An array (tag 12, as before) of two objects of shape 1, each dictionary string 0 (met
      // twice in the first record, it entered first).
      12, 2, 65, 128, 65, 128,
    ]);
    expect(codec.tables().strings).toEqual(['ACH', 'PENDING', 'USD']);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length), SHORT_RECORD)).toBe(true);
    // Without the forms (the bytes of @11): each a tag and a varint, 11 bytes more.
    const old = new RecordCodec({ shortTags: false });
    old.encode(SHORT_RECORD);
    expect(old.encode(SHORT_RECORD).length).toBe(bytes.length + 11);
  });

  it('writes string 127 and shape 63 in one byte, string 128 and shape 64 as a tag and a varint', () => {
    const codec = codecWith(130, 66);
    expect([...codec.encode(['s127', 's128', 's129'])]).toEqual([12, 3, 0xff, 6, 128, 1, 6, 129, 1]);
    expect([...codec.encode([{ k63: 0 }, { k64: 0 }, { k0: 15 }])]).toEqual([12, 3, 0x7f, 32, 13, 64, 32, 0x40, 47]);
    // A codec with the forms off writes each as a tag and a varint.
    const old = codecWith(130, 66, { shortTags: false });
    expect([...old.encode(['s0', 's127', 's128'])]).toEqual([12, 3, 6, 0, 6, 127, 6, 128, 1]);
    expect([...old.encode([{ k0: 0 }, { k64: 1 }])]).toEqual([12, 2, 13, 0, 4, 0, 13, 64, 4, 2]);
  });

  it('decodes records whose dictionary and shapes run past the short ranges to exactly the values encoded, through tables too', () => {
    // Up to 400 strings met twice and 150 shapes: the tables cross 128 strings and 64 shapes.
    const word = fc.nat({ max: 399 }).map((n) => `w${n}`);
    const key = fc.nat({ max: 149 }).map((n) => `k${n}`);
    const small = fc.oneof(fc.integer({ min: -3, max: 20 }), fc.integer({ min: -3, max: 20 }).map(String), fc.constantFrom(-0, '-0', '00', '015'));
    const leafShort = fc.oneof(word, small);
    const value = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leafShort, tie('object'), fc.array(tie('value'), { maxLength: 4 })),
      object: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 3 }),
    })).value;
    const codec = new RecordCodec();
    const old = new RecordCodec({ shortTags: false });
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 30 }), (values) => {
        for (const v of values) {
          const bytes = codec.encode(v).slice();
          expect(sameValue(codec.decode(bytes), v)).toBe(true);
          expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length), v)).toBe(true);
          // Never longer than without the forms, and read by a codec with them off.
          const oldBytes = old.encode(v).slice();
          expect(bytes.length).toBeLessThanOrEqual(oldBytes.length);
          expect(sameValue(old.decode(oldBytes), v)).toBe(true);
          expect(sameValue(old.decode(bytes), v)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The two met the same values in the same order: the same tables.
    expect(old.tables()).toEqual(codec.tables());
    expect(codec.tables().strings.length).toBeGreaterThan(128);
    expect(codec.tables().shapes.length).toBeGreaterThan(64);
  });

  it('refuses a short form naming an entry the tables lack', () => {
    const codec = codecWith(3, 2);
    for (const wrong of [[0x83], [0xff], [0x42], [0x7f]]) expect(() => codec.decodeWhole(new Uint8Array(wrong), 0, 1)).toThrow(/no entry/);
    expect([0x20, 0x2f, 0x30, 0x3f, 0x80, 0x82].map((byte) => codec.decode(new Uint8Array([byte])))).toEqual([0, 15, '0', '15', 's0', 's2']);
  });
});

describe('the compact forms are taken only where they round-trip', () => {
  it('isUuidAt: lowercase 8-4-4-4-12 hex only', () => {
    expect(isUuidAt('Quote:019b90d2-3601-7378-a213-8d9e756be45c', 6)).toBe(true);
    expect(isUuidAt('019B90D2-3601-7378-A213-8D9E756BE45C', 0)).toBe(false);
    expect(isUuidAt('019b90d2-3601-7378-a213-8d9e756be45', 0)).toBe(false);
    expect(isUuidAt('019b90d2x3601-7378-a213-8d9e756be45c', 0)).toBe(false);
  });

  it('canonicalInteger: canonical integers of at most 15 digits only', () => {
    expect(['0', '7', '-7', '12345', '999999999999999', '-999999999999999'].map(canonicalInteger)).toEqual([0, 7, -7, 12345, 999999999999999, -999999999999999]);
    expect(['', '-', '-0', '00', '01', '+1', '1.0', '1e3', ' 1', '1 ', '1000000000000000', '-1000000000000000'].map(canonicalInteger)).toEqual(Array(12).fill(Number.NaN));
    fc.assert(fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (value) => Object.is(canonicalInteger(String(value)), value)));
  });
});

describe('hexDigests: a live store\'s SHA-256 hex digests as their 32 bytes', () => {
  const digest = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const notDigests = [digest.toUpperCase(), `${digest.slice(0, 63)}g`, digest.slice(1), `${digest}0`, `${digest.slice(0, 63)}é`];

  it('writes a new lowercase digest as a tag and 32 bytes, and a repeated one as its dictionary entry, each read back exactly', () => {
    const codec = new RecordCodec({ hexDigests: true });
    const plain = new RecordCodec();
    const record = { fingerprint: digest, status: 201 };
    expect(codec.encode(record).length).toBe(plain.encode(record).length - 33);
    expect(codec.decode(codec.encode({ fingerprint: digest }))).toEqual({ fingerprint: digest });
    // Seen before: the dictionary's, as without the option.
    expect([...codec.encode(record)]).toEqual([...plain.encode(record)]);
  });

  it('writes any other text as without the option, and the option never changes a codec\'s bytes without digests', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...notDigests), fc.string({ unit: 'binary' }), fc.stringMatching(/^[0-9a-fA-F]{64}$/)), (text) => {
        const digested = new RecordCodec({ hexDigests: true }).encode([text]);
        const plain = new RecordCodec().encode([text]);
        if (/^[0-9a-f]{64}$/.test(text)) expect(digested.length).toBe(plain.length - 33);
        else expect([...digested]).toEqual([...plain]);
        const reader = new RecordCodec({ hexDigests: true });
        expect(reader.decode(reader.encode([text]))).toEqual([text]);
      }),
    );
  });

  it("'unique' writes every digest as its 32 bytes, seen again too, never remembering it, and any other text as true does", () => {
    const codec = new RecordCodec({ hexDigests: 'unique' });
    // A codec with the option true, given a digest it never saw each round: its 32 bytes each time.
    const fresh = new RecordCodec({ hexDigests: true });
    const record = { tokenHash: digest, name: 'agent 1' };
    for (let round = 0; round < 3; round += 1) {
      expect(codec.encode(record).length).toBe(fresh.encode({ tokenHash: `${digest.slice(0, 62)}0${round}`, name: 'agent 1' }).length);
      expect(codec.decode(codec.encode(record))).toEqual(record);
    }
    expect(codec.tables().strings).toEqual(['agent 1']);
    for (const text of notDigests) expect([...new RecordCodec({ hexDigests: 'unique' }).encode([text, text])]).toEqual([...new RecordCodec({ hexDigests: true }).encode([text, text])]);
  });

  it('reads digests through tables given to another codec, which writes them on as the option says', () => {
    const codec = new RecordCodec({ hexDigests: true });
    const bytes = Uint8Array.from(codec.encode({ fingerprint: digest }));
    const other = RecordCodec.fromTables(codec.tables(), undefined, true);
    expect(other.decode(bytes)).toEqual({ fingerprint: digest });
    const reversed = [...digest].reverse().join('');
    expect(other.encode({ fingerprint: reversed }).length).toBe(RecordCodec.fromTables(codec.tables()).encode({ fingerprint: reversed }).length - 33);
  });
});

describe('hashedCandidates: a live store\'s strings seen once remembered as hashes', () => {
  // Two texts of one hash (`hashString`, found by a search): the second reads as seen once.
  const [first, twin] = ['name 449599', 'name 612382'];

  it('writes the bytes of a codec without the option, record after record, past the 4,096 candidates forgotten together', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(record, fc.constantFrom('Jane Doe', 'sim-1', 'USD', first)), { maxLength: 4 }), { maxLength: 30 }), (records) => {
        const hashed = new RecordCodec({ hashedCandidates: true });
        const plain = new RecordCodec();
        for (const value of records) {
          const bytes = Uint8Array.from(hashed.encode(value));
          expect([...bytes]).toEqual([...plain.encode(value)]);
          expect(sameValue(hashed.decode(bytes), value)).toBe(true);
        }
        expect(hashed.tables()).toEqual(plain.tables());
      }),
    );
    const hashed = new RecordCodec({ hashedCandidates: true });
    const plain = new RecordCodec();
    const names = Array.from({ length: 9_000 }, (_, n) => `agent ${n % 4_500}`);
    for (const name of names) expect([...hashed.encode({ name })]).toEqual([...plain.encode({ name })]);
    expect(hashed.tables()).toEqual(plain.tables());
  });

  it('takes a text whose hash a candidate has as seen once: it enters the dictionary at its first sight, and reads back exactly', () => {
    const hashed = new RecordCodec({ hashedCandidates: true });
    const plain = new RecordCodec();
    for (const codec of [hashed, plain]) codec.encode({ name: first });
    const bytes = Uint8Array.from(hashed.encode({ name: twin }));
    expect(bytes.length).toBeLessThan(plain.encode({ name: twin }).length);
    expect(hashed.decode(bytes)).toEqual({ name: twin });
    expect(hashed.tables().strings).toEqual([twin]);
    expect(RecordCodec.fromTables(hashed.tables()).decode(bytes)).toEqual({ name: twin });
  });

  it('is kept by a codec made from tables when asked', () => {
    const tables = new RecordCodec().tables();
    expect(RecordCodec.fromTables(tables, undefined, false, true).hashesCandidates).toBe(true);
    expect(RecordCodec.fromTables(tables).hashesCandidates).toBe(false);
  });
});

// A record with what @13's forms take: its own id again (the key's uuid, the first prefix), an
// instant equal to the time before it, arrays of 0, 1 and 2 items; and each just past its form.
const MORE_SHORT_UUID = SIBLING(0);
const MORE_SHORT_RECORD = {
  id: `Transaction:${MORE_SHORT_UUID}`,
  createdAt: '2026-01-05T16:00:00.000Z',
  updatedAt: '2026-01-05T16:00:00.000Z',
  settledAt: '2026-01-05T16:00:00.001Z',
  quoteId: `Quote:${MORE_SHORT_UUID}`,
  none: [],
  one: [null],
  two: [null, null],
  three: [null, null, null],
};
const MORE_SHORT_KEY = `Transaction:${MORE_SHORT_UUID}`;

describe('the tag byte\'s last values (snapshot @13 on)', () => {
  it('writes an instant equal to the last time, the record\'s own id again and arrays of 0-2 items as one byte each, to exactly these bytes: a change here needs a new snapshot format', () => {
    const codec = new RecordCodec();
    const bytes = [...codec.encode(MORE_SHORT_RECORD, MORE_SHORT_KEY)];
    expect(bytes).toEqual([
      // Shape 0; the id: the key's uuid (place 0) with prefix 0, one byte (0x1C).
      64, 28,
      // createdAt and updatedAt, each equal to the time before it (the key's uuid's, then
      // createdAt's): 0x1B; settledAt 1 ms later (tag 15, zigzag 2).
      27, 27, 15, 2,
      // quoteId: the same uuid with prefix 1, as before (tag 14, prefix 1, place 0).
      14, 1, 0,
      // Arrays of 0, 1 and 2 items (0x1D + n), of 3 as before (tag 12, 3).
      29, 30, 0, 31, 0, 0, 12, 3, 0, 0, 0,
    ]);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length, true, MORE_SHORT_KEY), MORE_SHORT_RECORD)).toBe(true);
    // Without the forms (the bytes of @12): 2 + 1 + 1 + 3 bytes more (the id's two varints, each
    // instant's, each array's length).
    const old = new RecordCodec({ moreShortTags: false });
    expect(old.encode(MORE_SHORT_RECORD, MORE_SHORT_KEY).length).toBe(bytes.length + 7);
    // With the short tags off (the bytes of @11), @13's forms are off too.
    const older = new RecordCodec({ shortTags: false });
    expect([...older.encode(MORE_SHORT_RECORD, MORE_SHORT_KEY)]).not.toContain(28);
  });

  it('takes each form only at its bound: the first prefix and the first uuid, a difference of 0, 2 items', () => {
    const other = `Quote:${SIBLING(3)}`;
    const ids = [`Transaction:${MORE_SHORT_UUID}`, other, other, `Transaction:${MORE_SHORT_UUID}`, `Quote:${MORE_SHORT_UUID}`];
    const idBytes = [...new RecordCodec().encode(ids)];
    // After the array (tag 12, 5) and the two first ids (12 bytes and 15: a minted id, the second
    // as a difference): the other id again (place 1: tag 14, prefix 1, place 1), the first again
    // (0x1C), the first uuid with prefix 1 (tag 14, prefix 1, place 0).
    expect(idBytes.slice(-7)).toEqual([14, 1, 1, 28, 14, 1, 0]);
    const instants = ['2026-01-05T16:00:00.000Z', '2026-01-05T16:00:00.000Z', '2026-01-05T15:59:59.999Z'];
    expect([...new RecordCodec().encode(instants)].slice(-3)).toEqual([27, 15, 1]);
  });

  it('decodes records of every form to exactly the values encoded, with a key or none, through tables too', () => {
    const pool = Array.from({ length: 3 }, (_, i) => SIBLING(i * 7));
    const times = ['2026-01-05T16:00:00.000Z', '2026-01-05T16:00:00.001Z', '2026-01-05T15:59:59.999Z', '1970-01-01T00:00:00.000Z'];
    const id = fc.tuple(fc.constantFrom('Transaction:', 'Quote:', 'Customer:'), fc.constantFrom(...pool)).map(([prefix, uuid]) => prefix + uuid);
    const leafMore = fc.oneof(id, fc.constantFrom(...times), fc.integer({ min: -2, max: 3 }), fc.constant(null));
    const value = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leafMore, tie('object'), fc.array(tie('value'), { maxLength: 4 })),
      object: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { minKeys: 1, maxKeys: 3 }),
    })).value;
    const key = fc.option(fc.tuple(fc.constantFrom('Transaction:', 'Quote:'), fc.constantFrom(...pool)).map(([prefix, uuid]) => prefix + uuid), { nil: undefined });
    const codec = new RecordCodec();
    const old = new RecordCodec({ moreShortTags: false });
    fc.assert(
      fc.property(fc.array(fc.tuple(value, key), { minLength: 1, maxLength: 20 }), (records) => {
        for (const [v, k] of records) {
          const bytes = codec.encode(v, k).slice();
          expect(sameValue(codec.decode(bytes, 0, true, k), v)).toBe(true);
          expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length, true, k), v)).toBe(true);
          // Never longer than without the forms, and read by a codec with them off.
          const oldBytes = old.encode(v, k).slice();
          expect(bytes.length).toBeLessThanOrEqual(oldBytes.length);
          expect(sameValue(old.decode(bytes, 0, true, k), v)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    expect(old.tables()).toEqual(codec.tables());
  });

  it('refuses the forms where the bytes hold nothing they refer to', () => {
    expect(() => new RecordCodec().decode(new Uint8Array([27]))).toThrow(/no time before it/);
    expect(() => new RecordCodec().decode(new Uint8Array([28]))).toThrow(/no entry/);
    expect(() => new RecordCodec().decode(new Uint8Array([31, 0]))).toThrow(RangeError);
  });
});

describe('a record\'s base (snapshot @14 on)', () => {
  const BASE_UUID = SIBLING(0);
  const BASE_KEY = `Quote:${BASE_UUID}`;
  const sourceOf = (values: Map<string, readonly unknown[]>) => ({
    fields: ['b', 'a', 'c', 'd'],
    valuesOf: (uuid: string) => {
      const found = values.get(uuid);
      return found === undefined ? undefined : (structuredClone(found) as unknown[]);
    },
  });

  it('writes what a record takes from its base first, then the record without it, to exactly these bytes: a change here needs a new snapshot format', () => {
    const source = sourceOf(new Map([[BASE_UUID, ['text', 'USD', { x: 1 }, undefined]]]));
    const record = { id: BASE_KEY, a: 'USD', b: 'text', c: { x: 2 }, e: 'USD' };
    const codec = new RecordCodec();
    const bytes = [...codec.encode(record, BASE_KEY, source)];
    expect(bytes).toEqual([
      // Kept: c (field 2) only: (0b100 << 1) | 1; a (field 1) and b (field 0) taken.
      9,
      // Shape 0; the id (0x1C); c's object (shape 1, the integer 2); e written whole, 'USD' seen
      // for the first time here (the base's 'USD' was never written).
      64, 28, 65, 34, 7, 3, 85, 83, 68,
    ]);
    expect(sameValue(codec.decode(new Uint8Array(bytes), 0, true, BASE_KEY, source), record)).toBe(true);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length, false, BASE_KEY, source), record)).toBe(true);
    // Nothing taken (no base for the key, or none equal): 0, then the bytes without a base.
    const alone = [...new RecordCodec().encode(record, BASE_KEY)];
    expect([...new RecordCodec().encode(record, BASE_KEY, sourceOf(new Map()))]).toEqual([0, ...alone]);
    expect([...new RecordCodec().encode({ ...record, a: 'EUR', b: 'other' }, BASE_KEY, source)][0]).toBe(0);
  });

  it('decodes every record to exactly the record encoded, whatever its base holds (the same data, key orders, -0, undefined, other values)', () => {
    const near = (value: unknown): fc.Arbitrary<unknown> =>
      fc.oneof(
        fc.constant(value),
        fc.constant(structuredClone(value)),
        fc.constant(value === 0 ? -0 : value === undefined ? null : undefined),
        fc.constant(typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : [value]),
        leaf,
      );
    const pair = fc
      .dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'id'), record, { maxKeys: 6 })
      .chain((value) => fc.tuple(fc.constant(value), fc.tuple(near(value.b), near(value.a), near(value.c), near(value.d))));
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(fc.tuple(pair, uuid), { minLength: 1, maxLength: 5 }), (records) => {
        const source = sourceOf(new Map(records.map(([[, base], id]) => [id, base])));
        for (const [[value], id] of records) {
          const key = `Quote:${id}`;
          const bytes = codec.encode(value, key, source).slice();
          expect(sameValue(codec.decode(bytes, 0, true, key, source), value)).toBe(true);
          expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length, false, key, source), value)).toBe(true);
          // What it takes: nothing (0), or odd.
          expect(bytes[0] === 0 || bytes[0]! % 2 === 1).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses bytes that take from a base the source does not give, and marks no encode wrote', () => {
    const source = sourceOf(new Map([[BASE_UUID, ['text', 'USD', 1, 2]]]));
    const codec = new RecordCodec();
    const bytes = codec.encode({ a: 'USD', b: 'text' }, BASE_KEY, source).slice();
    expect(bytes[0]).toBe(1);
    expect(() => codec.decode(bytes, 0, true, BASE_KEY, sourceOf(new Map()))).toThrow(/its base is missing/);
    expect(() => codec.decode(bytes, 0, true, undefined, source)).toThrow(/its base is missing/);
    // An even mark, a kept field past the base's, a kept field the shape lacks, nothing taken.
    for (const mark of [2, 1 + (1 << 5), 1 + (1 << 3), 1 + 0b110]) {
      const changed = Uint8Array.from([mark, ...bytes.subarray(1)]);
      expect(() => codec.decode(changed, 0, true, BASE_KEY, source), String(mark)).toThrow(RangeError);
    }
    // A mark before a value that is not an object.
    expect(() => codec.decode(Uint8Array.from([1, 0x20]), 0, true, BASE_KEY, source)).toThrow(/not an object/);
  });
});

describe('a record\'s predictions (snapshot @15 on)', () => {
  const KEY_UUID = SIBLING(0);
  const KEY = `Transaction:${KEY_UUID}`;
  const KEY_INSTANT = new Date(Date.UTC(2026, 0, 5, 16)).toISOString();
  // b: a copy of a; at: the key's time; q: the quote of the key's uuid; later: at.
  const predictions: RecordPredictions = {
    fields: ['b', 'at', 'q', 'later'],
    inputs: [['a'], [], [], ['at']],
    predict: (field, record, key) => {
      if (field === 0) return structuredClone(record.a);
      if (field === 1) return Number.isNaN(key.ms) ? undefined : new Date(key.ms).toISOString();
      return field === 2 ? `Quote:${key.uuid}` : record.at;
    },
  };
  // A v7 id far from the key's time: met before `at`, it moves the record's time away from the key's.
  const FAR = `Customer:${uuidAt(3, { seq: 1, atMs: Date.UTC(2025, 0, 1), index: 0 })}`;

  it('writes the predicted fields it holds other values of first, then the record without the ones taken, to exactly these bytes: a change here needs a new snapshot format', () => {
    const later = new Date(Date.UTC(2026, 0, 5, 16) + 1000).toISOString();
    const record = { id: KEY, a: { x: 1 }, b: { x: 1 }, far: FAR, at: KEY_INSTANT, q: `Quote:${KEY_UUID}`, later, e: 'x' };
    const codec = new RecordCodec();
    const bytes = [...codec.encode(record, KEY, undefined, predictions)];
    expect(bytes).toEqual([
      // Kept: later (field 3) only: (0b1000 << 1) | 1; b, at and q taken.
      17,
      // Shape 0; the id (0x1C); a's object (shape 1, the integer 1); far, a minted id written whole
      // (its time 6 bytes, w1); later 1,000 ms after `at` (taken, it moved the record's time back
      // from far's): INSTANT_DELTA 2,000; e written whole.
      64, 28, 65, 33, 19, 1, 1, 148, 31, 41, 124, 0, 70, 218, 250, 34, 15, 208, 15, 7, 1, 120,
    ]);
    expect(sameValue(codec.decode(new Uint8Array(bytes), 0, true, KEY, undefined, predictions), record)).toBe(true);
    expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(new Uint8Array(bytes), 0, bytes.length, false, KEY, undefined, predictions), record)).toBe(true);
    // Nothing taken (none equal, or a field before its inputs): 0, then the bytes without predictions.
    const other = { id: KEY, a: 1, b: 2, at: later };
    expect([...new RecordCodec().encode(other, KEY, undefined, predictions)]).toEqual([0, ...new RecordCodec().encode(other, KEY)]);
    const before = { b: 1, a: 1 };
    expect([...new RecordCodec().encode(before, KEY, undefined, predictions)]).toEqual([0, ...new RecordCodec().encode(before, KEY)]);
    // No key, or one that is not a uuid: 0 too.
    expect([...new RecordCodec().encode(record, undefined, undefined, predictions)][0]).toBe(0);
    expect([...new RecordCodec().encode(record, 'key', undefined, predictions)][0]).toBe(0);
  });

  it('decodes every record to exactly the record encoded, whatever it holds (its predictions, near misses, fields before their inputs, any key)', () => {
    const near = (value: unknown): fc.Arbitrary<unknown> =>
      fc.oneof(fc.constant(value), fc.constant(structuredClone(value)), fc.constant(value === 0 ? -0 : value === undefined ? null : undefined), leaf);
    const fields = fc.record({ a: record, far: fc.constantFrom(FAR, 'x'), e: record }).chain((base) =>
      fc.record({ b: near(base.a), at: near(KEY_INSTANT), q: near(`Quote:${KEY_UUID}`), later: fc.oneof(near(KEY_INSTANT), instant) }).map((predicted) => ({ ...base, ...predicted })),
    );
    // The fields in any order and any subset, the record's id or not first.
    const value = fc.tuple(fields, fc.shuffledSubarray(['a', 'b', 'at', 'q', 'later', 'far', 'e', 'id'])).map(([all, keys]) => Object.fromEntries(keys.map((key) => [key, key === 'id' ? KEY : (all as Record<string, unknown>)[key]])));
    const key = fc.oneof(fc.constant(KEY), uuid.map((id) => `Transaction:${id}`), minted.map((id) => `Transaction:${id}`), fc.constant('not a uuid'));
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(value, record), key), { minLength: 1, maxLength: 5 }), (records) => {
        for (const [item, id] of records) {
          const bytes = codec.encode(item, id, undefined, predictions).slice();
          expect(sameValue(codec.decode(bytes, 0, true, id, undefined, predictions), item)).toBe(true);
          expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length, false, id, undefined, predictions), item)).toBe(true);
          expect(bytes[0] === 0 || bytes[0]! % 2 === 1).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses marks no encode wrote, predicted fields with no key, and a base beside predictions', () => {
    const codec = new RecordCodec();
    const bytes = codec.encode({ a: 1, b: 1, at: KEY_INSTANT }, KEY, undefined, predictions).slice();
    expect(bytes[0]).toBe(1);
    expect(() => codec.decode(bytes, 0, true, undefined, undefined, predictions)).toThrow(/predicted fields and no key/);
    // An even mark, a kept field past the predictions', a kept field the shape lacks (q), nothing taken.
    for (const mark of [2, 1 + (1 << 5), 1 + (1 << 3), 1 + 0b100, 1 + 0b11]) {
      const changed = Uint8Array.from([mark, ...bytes.subarray(1)]);
      expect(() => codec.decode(changed, 0, true, KEY, undefined, predictions), String(mark)).toThrow(RangeError);
    }
    expect(() => codec.decode(Uint8Array.from([1, 0x20]), 0, true, KEY, undefined, predictions)).toThrow(/not an object/);
    expect(() => codec.encode({ a: 1 }, KEY, { fields: ['a'], valuesOf: () => [1] }, predictions)).toThrow(/a base or with predictions, not both/);
  });
});

describe('nested predictions (snapshot @16 on)', () => {
  const KEY_UUID = SIBLING(0);
  const KEY = `Transaction:${KEY_UUID}`;
  const REFERENCE = `TX${KEY_UUID.replaceAll('-', '').toUpperCase()}`;
  // The record's own: b a copy of a. Nested: in s.rail, ref the key's reference and bank a constant;
  // in d, acct s's customer again (a record input); in d.rail, ref too (undefined: none, for `d.rail.none`).
  const nested: RecordPredictions['nested'] = [
    { path: ['s', 'rail'], fields: ['bank', 'ref'], inputs: [[], ['kind']], recordInputs: [], predict: (field) => (field === 0 ? { name: 'Sandbox' } : REFERENCE) },
    { path: ['d'], fields: ['acct'], inputs: [[]], recordInputs: ['s'], predict: (_field, _object, _key, record) => (record.s as { c?: unknown } | undefined)?.c },
    { path: ['d', 'rail'], fields: ['ref', 'none'], inputs: [[], []], recordInputs: [], predict: (field) => (field === 0 ? REFERENCE : undefined) },
  ];
  const predictions: RecordPredictions = { fields: ['b'], inputs: [['a']], predict: (_field, record) => structuredClone(record.a), nested };

  it('writes the fields it holds other values of, nested ones after the record\'s own, then the record without the ones taken, to exactly these bytes: a change here needs a new snapshot format', () => {
    const record = { id: KEY, a: 1, b: 1, s: { c: 'C', rail: { kind: 'ACH', bank: { name: 'Other' }, ref: REFERENCE } }, d: { acct: 'C', rail: { ref: REFERENCE, none: 'n' } } };
    const codec = new RecordCodec();
    const bytes = [...codec.encode(record, KEY, undefined, predictions)];
    expect(bytes).toEqual([
      // Kept: s.rail.bank (bit 1): (0b10 << 1) | 1; b, s.rail.ref, d.acct and d.rail.ref taken, d.rail.none has no prediction.
      5,
      // Shape 0; the id (0x1C); a (0x21); s: shape 1, 'C' written (ASCII 1 'C'), rail: shape 2,
      // 'ACH', bank's object (shape 5: the nested objects' shapes were met first, as the encode
      // looked for what they take), 'Other'.
      64, 28, 33, 65, 7, 1, 67, 66, 7, 3, 65, 67, 72, 69, 7, 5, 79, 116, 104, 101, 114,
      // d: shape 3 (acct taken), rail: shape 4 (ref taken), none written ('n').
      67, 68, 7, 1, 110,
    ]);
    expect(sameValue(codec.decode(new Uint8Array(bytes), 0, true, KEY, undefined, predictions), record)).toBe(true);
    // Without nested predictions (@15's), the same record is longer by what they take.
    const own = new RecordCodec().encode(record, KEY, undefined, { fields: predictions.fields, inputs: predictions.inputs, predict: predictions.predict });
    expect(own.length).toBeGreaterThan(bytes.length + 5);
    // A record input after the path: d.acct is not predicted there (written), the rest as before.
    const late = { id: KEY, d: { acct: 'C' }, s: { c: 'C' }, a: 1, b: 1 };
    const lateBytes = [...new RecordCodec().encode(late, KEY, undefined, predictions)];
    expect(lateBytes).toEqual([...new RecordCodec().encode(late, KEY, undefined, { ...predictions, nested: [nested![0]!, nested![2]!] })]);
    // Nothing taken anywhere: 0, then the bytes without predictions.
    const none = { id: KEY, a: 1, b: 2, d: { rail: { ref: 'other' } } };
    expect([...new RecordCodec().encode(none, KEY, undefined, predictions)]).toEqual([0, ...new RecordCodec().encode(none, KEY)]);
  });

  it('decodes every record to exactly the record encoded, whatever it holds (its predictions, near misses, other values at the paths, any order, any key)', () => {
    const near = (value: unknown): fc.Arbitrary<unknown> => fc.oneof(fc.constant(value), fc.constant(structuredClone(value)), fc.constant(undefined), leaf);
    const rail = fc.record({ kind: near('ACH'), bank: near({ name: 'Sandbox' }), ref: near(REFERENCE), none: leaf }, { requiredKeys: [] });
    const shuffled = <T extends object>(object: fc.Arbitrary<T>): fc.Arbitrary<T> => object.chain((value) => fc.shuffledSubarray(Object.keys(value), { minLength: Object.keys(value).length }).map((keys) => Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]])) as T));
    const side = fc.oneof(shuffled(fc.record({ c: near('C'), acct: near('C'), rail: fc.oneof(shuffled(rail), leaf) }, { requiredKeys: [] })), leaf);
    const fields = fc.record({ id: fc.constant(KEY), a: near(1), b: near(1), s: side, d: side });
    const value = shuffled(fields);
    const key = fc.oneof(fc.constant(KEY), uuid.map((id) => `Transaction:${id}`), fc.constant('not a uuid'));
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(value, record), key), { minLength: 1, maxLength: 5 }), (records) => {
        for (const [item, id] of records) {
          const bytes = codec.encode(item, id, undefined, predictions).slice();
          expect(sameValue(codec.decode(bytes, 0, true, id, undefined, predictions), item)).toBe(true);
          expect(sameValue(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length, false, id, undefined, predictions), item)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses marks no encode wrote and predictions it cannot keep apart', () => {
    const codec = new RecordCodec();
    const record = { id: KEY, a: 1, b: 1, s: { rail: { ref: REFERENCE } } };
    const bytes = codec.encode(record, KEY, undefined, predictions).slice();
    expect(bytes[0]).toBe(1);
    // A kept bit past the predictions' six, a kept nested field the record lacks (d.acct, bit 3).
    for (const mark of [1 + (1 << 6), 1 + (1 << 3)]) {
      const changed = Uint8Array.from([mark, ...bytes.subarray(1)]);
      expect(() => codec.decode(changed, 0, true, KEY, undefined, predictions), String(mark)).toThrow(RangeError);
    }
    const fields = Array.from({ length: 25 }, (_, k) => `f${k}`);
    const many: RecordPredictions = { fields, inputs: fields.map(() => []), predict: () => undefined, nested: [{ path: ['x'], fields: ['a', 'b', 'c', 'd', 'e', 'f'], inputs: [[], [], [], [], [], []], recordInputs: [], predict: () => undefined }] };
    expect(() => new RecordCodec().encode(record, KEY, undefined, many)).toThrow(/at most 30 fields/);
    const under: RecordPredictions = { ...predictions, nested: [{ ...nested![0]!, path: ['b'] }] };
    expect(() => new RecordCodec().encode(record, KEY, undefined, under)).toThrow(/below fields not predicted/);
    const twice: RecordPredictions = { ...predictions, nested: [nested![0]!, nested![0]!] };
    expect(() => new RecordCodec().encode(record, KEY, undefined, twice)).toThrow(/two nested ones at one path/);
  });
});

describe('numbered texts (snapshot @16 on)', () => {
  it('writes a text ending in a number as its head\'s dictionary number and the number once the head is met again, to exactly these bytes: a change here needs a new snapshot format', () => {
    const codec = new RecordCodec();
    // First sight of the head: written whole (ASCII 12 ...); it is remembered as a head.
    expect([...codec.encode('sim payout 7')]).toEqual([7, 12, ...Buffer.from('sim payout 7')]);
    // Again: the head enters the dictionary (number 0): ZERO_PADDED (26), 0, the head, the number.
    expect([...codec.encode('sim payout 1675')]).toEqual([26, 0, 0, 0x8b, 0x0d]);
    // Digits with a leading zero: 1, the head, their count, their value.
    expect([...codec.encode('sim payout 007')]).toEqual([26, 1, 0, 3, 7]);
    expect(codec.tables().strings).toEqual(['sim payout ']);
    for (const text of ['sim payout 7', 'sim payout 1675', 'sim payout 007', 'sim payout 0']) expect(codec.decode(codec.encode(text).slice())).toBe(text);
    // Off (`numberedTexts` false, the bytes of @15): written whole each time.
    const old = new RecordCodec({ numberedTexts: false });
    old.encode('sim payout 7');
    expect([...old.encode('sim payout 1675')]).toEqual([7, 15, ...Buffer.from('sim payout 1675')]);
    // Not taken: all digits, no head, 16 digits, a head longer than the dictionary's strings.
    const fresh = new RecordCodec();
    for (const text of ['12345', '12346', `x${'1'.repeat(16)}`, `x${'1'.repeat(16)}2`, `${'h'.repeat(65)}1`, `${'h'.repeat(65)}2`, '12345a1']) {
      expect(fresh.encode(text)[0], text).not.toBe(26);
    }
    expect(fresh.encode('12345a2')[0]).toBe(26);
  });

  it('decodes every text to exactly the text encoded, heads met once or again, any digits', () => {
    const head = fc.oneof(fc.constantFrom('sim payout ', 'Invoice #', 'a', 'é ', '\ud800x'), fc.string({ maxLength: 70 }));
    const digits = fc.oneof(fc.stringMatching(/^[0-9]{1,17}$/), fc.constantFrom('0', '00', '007', '999999999999999'));
    const text = fc.tuple(head, digits).map(([h, d]) => h + d);
    const codec = new RecordCodec();
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
        const bytes = codec.encode(texts).slice();
        expect(codec.decode(bytes)).toEqual(texts);
        expect(RecordCodec.fromTables(codec.tables()).decodeWhole(bytes, 0, bytes.length)).toEqual(texts);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses numbered texts no encode wrote', () => {
    const codec = new RecordCodec();
    codec.encode('sim payout 1');
    codec.encode('sim payout 2');
    // A head not in the dictionary; a padded count past 15 or not past the digits' own.
    for (const bytes of [[26, 0, 5, 1], [26, 1, 0, 16, 1], [26, 1, 0, 1, 1]]) expect(() => codec.decode(Uint8Array.from(bytes)), String(bytes)).toThrow(RangeError);
    // A head ending in a digit is no encode's.
    const digitHead = RecordCodec.fromTables({ shapes: [], strings: ['a1'], prefixes: [] });
    expect(() => digitHead.decode(Uint8Array.from([26, 0, 0, 1]))).toThrow(/numbered text/);
  });
});
