/**
 * core/id-table.ts, the id table shared by codecs (snapshot `@7`): an owner's id met by one codec
 * is an entry for every codec sharing the table, from its first sight in any of them (pinned
 * bytes); maps sharing one table read back exactly the records set, whatever entries other maps
 * (or a state thrown away) added, and through a save and load of the table and each map's tables
 * past 1,000 entries; a codec whose own table has entries keeps it; tables no save wrote are refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable, OWNER_PREFIXES } from '../../src/core/id-table.js';
import { parseUuid, UUID_LENGTH, uuidText } from '../../src/core/uuid-text.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { packBytes } from '../../src/core/packed-bytes.js';
import { RecordCodec } from '../../src/core/record-codec.js';
import { sameValue } from '../support/same-value.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const OWNED_RECORD = {
  customerId: 'Customer:019b8ee3-3ae7-7c45-9829-da12d0149cb3',
  accountId: 'InternalAccount:019b8ee3-3ae7-7c45-9829-da12d0149cb5',
  cardId: 'Card:4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f',
  createdAt: '2026-01-05T16:00:00.000Z',
  quoteId: 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb4',
  again: 'InternalAccount:4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f',
};

// A record of one store naming owners from a pool, each with ids of its own.
const pool = Array.from({ length: 800 }, (_, i) => `019b901f-3cd1-7459-8721-8b14db${i.toString(16).padStart(6, '0')}`);
const owner = fc.tuple(fc.constantFrom('Customer:', 'InternalAccount:', 'Card:', 'ExternalAccount:', 'Quote:'), fc.constantFrom(...pool)).map(([prefix, uuid]) => prefix + uuid);
const recordOf = (store: string, n: number, owners: readonly string[]) => ({ id: `${store}:019b901f-3cd1-7459-8721-${n.toString(16).padStart(12, '0')}`, owners, n });

describe('an id table shared by codecs (@7)', () => {
  it('writes an owner met by another codec as its entry at the first sight: the bytes a codec of its own writes the second time', () => {
    const ids = new IdTable('shared');
    const first = new RecordCodec({ ids, shortTags: false });
    const second = new RecordCodec({ ids, shortTags: false });
    const whole = [...first.encode(OWNED_RECORD)];
    expect(whole.slice(0, 3)).toEqual([13, 0, 19]);
    expect([...second.encode(OWNED_RECORD)]).toEqual([13, 0, 17, 0, 17, 1, 17, 2, 15, 205, 235, 1, 16, 3, 206, 235, 1, 124, 69, 152, 41, 218, 18, 208, 20, 156, 180, 14, 1, 2]);
    // The table is saved apart: the codecs' tables leave it out.
    expect(first.tables().ids).toBeUndefined();
    expect(ids.texts()).toEqual([OWNED_RECORD.customerId, OWNED_RECORD.accountId, OWNED_RECORD.cardId]);
    // A codec of its own writes the ids whole at its first sight, as before.
    expect([...new RecordCodec({ shortTags: false }).encode(OWNED_RECORD)]).toEqual(whole);
  });

  it('takes external accounts\' ids too, which a codec\'s own table (@6) does not', () => {
    const account = { externalAccountId: 'ExternalAccount:019b8ee3-3ae7-7c45-9829-da12d0149cb6' };
    const ids = new IdTable('shared');
    const shared = new RecordCodec({ ids, shortTags: false });
    shared.encode(account);
    expect([...shared.encode(account)]).toEqual([13, 0, 17, 0]);
    const own = new RecordCodec({ shortTags: false });
    own.encode(account);
    expect([...own.encode(account)].slice(0, 3)).toEqual([13, 0, 9]);
    expect(own.tables().ids).toEqual([]);
    expect(IdTable.fromTexts([account.externalAccountId], 'shared').count).toBe(1);
    expect(() => IdTable.fromTexts([account.externalAccountId])).toThrow(/id 0 is not an owner's id/);
    // A codec that joins a shared table takes its prefixes from then on.
    const joined = new RecordCodec({ shortTags: false });
    joined.encode(account);
    expect(joined.shareIds(ids)).toBe(true);
    expect([...joined.encode(account)]).toEqual([13, 0, 17, 0]);
  });

  it('is taken by a codec only while its own table is empty, and never with the table off', () => {
    const ids = new IdTable('shared');
    const fresh = new RecordCodec();
    fresh.encode({ quoteId: OWNED_RECORD.quoteId });
    expect(fresh.shareIds(ids)).toBe(true);
    expect(fresh.sharesIds).toBe(true);
    const own = new RecordCodec();
    own.encode(OWNED_RECORD);
    expect(own.shareIds(ids)).toBe(false);
    expect(own.tables().ids).toHaveLength(3);
    expect(new RecordCodec({ idTable: false }).shareIds(ids)).toBe(false);
    expect(new RecordCodec({ idTable: false, ids }).sharesIds).toBe(false);
  });

  it('lets maps sharing it read back exactly the records set, through a save and load of the table and each map past 1,000 entries', () => {
    const ids = new IdTable('shared');
    const stores = ['Transaction', 'Quote', 'CardTransaction'].map((store) => ({ store, map: new PackedRecordMap<object>({ hot: 0 }), records: new Map<string, object>() }));
    for (const { map } of stores) expect(map.shareIds(ids)).toBe(true);
    // A state thrown away (a write that failed, rebuilt from the log) leaves entries behind: harmless.
    const discarded = new PackedRecordMap<object>({ hot: 0 });
    discarded.shareIds(ids);
    let n = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.array(owner, { maxLength: 4 })), { minLength: 1, maxLength: 30 }), (rows) => {
        for (const [which, owners] of rows) {
          n += 1;
          const target = stores[which];
          if (target === undefined) {
            discarded.set(`x${n}`, recordOf('Transfer', n, owners));
            continue;
          }
          const record = recordOf(target.store, n, owners);
          target.map.set(record.id, record);
          target.records.set(record.id, record);
        }
        for (const { map, records } of stores) for (const [id, record] of records) expect(sameValue(map.get(id), record)).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(ids.count).toBeGreaterThan(1_000);
    // Saved as a snapshot saves them: one fresh table for all the maps, saved once; loaded, read alike.
    const saved = new IdTable('shared');
    const packed = stores.map(({ map, records }) => packBytes(records.keys(), map, { ids: saved }));
    for (const store of packed) expect(store.codec.ids).toBeUndefined();
    const loadedIds = IdTable.fromTexts(viaJson(saved.texts()), 'shared');
    expect(loadedIds.texts()).toEqual(saved.texts());
    stores.forEach(({ records }, k) => {
      const loaded = PackedRecordMap.fromPacked<object>(viaJson(packed[k]!), {}, loadedIds);
      for (const [id, record] of records) expect(sameValue(loaded.get(id), record)).toBe(true);
      // Read against an (empty) table of its own instead, the bytes name entries it lacks.
      const alone = PackedRecordMap.fromPacked<object>(viaJson(packed[k]!));
      expect(() => {
        for (const id of records.keys()) alone.get(id);
      }).toThrow(/no entry/);
    });
  });

  it('numbers ids in the order met and finds each again, past its first chunk\'s growths, whole chunks and the slots\' doublings (a Map as the model)', () => {
    const words = new Int32Array(4);
    const uuids = Array.from({ length: 500 }, (_, i) => `${(i * 2_654_435_761 >>> 0).toString(16).padStart(8, '0')}-3cd1-7459-8721-${(i % 37).toString(16).padStart(12, '0')}`);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: uuids.length - 1 })), { minLength: 400, maxLength: 1_500 }), (picks) => {
        const table = new IdTable('shared');
        const model = new Map<string, number>();
        for (const [prefix, which] of picks) {
          const text = OWNER_PREFIXES[prefix]! + uuids[which]!;
          parseUuid(text, text.length - UUID_LENGTH, words, 0);
          const expected = model.get(text) ?? -1;
          expect(table.entryOf(words, 0, prefix)).toBe(expected);
          if (expected === -1) model.set(text, model.size);
        }
        expect(table.count).toBe(model.size);
        expect(table.texts()).toEqual([...model.keys()]);
        const into = new Int32Array(4);
        for (const [text, entry] of model) {
          const prefix = table.read(entry, into);
          expect(prefix + uuidText(into, 0)).toBe(text);
        }
        expect(() => table.read(model.size, into)).toThrow(RangeError);
      }),
      { numRuns: 30 },
    );
  });

  it('holds ~17 bytes an entry and one chunk\'s room beside slots at most 3/4 full', () => {
    const table = new IdTable('shared');
    expect(table.heldBytes).toBe(0);
    const words = new Int32Array(4);
    for (let n = 0; n < 6_200; n += 1) {
      words[3] = Math.imul(n, 0x9e3779b1);
      words[2] = n;
      table.entryOf(words, 0, n % 4);
    }
    expect(table.count).toBe(6_200);
    // 25 chunks of 256 entries (4,352 bytes each), and 16,384 slots of 4 bytes: 8,192 would be
    // more than 3/4 full.
    expect(table.heldBytes).toBe(25 * 4_352 + 16_384 * 4);
    const first = new IdTable();
    first.entryOf(words, 0, 0);
    expect(first.heldBytes).toBe(64 * 17 + 128 * 4);
  });

  it.each([
    ['not a list', 'Customer:'],
    ['an id that is not a string', [7]],
    ['an id of a prefix whose ids never enter the table', ['Quote:4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f']],
    ['an id whose uuid is not one', ['Customer:4B4C5A1E-2F0D-4E8A-9C1B-0A2B3C4D5E6F']],
    ['an id twice', ['Card:4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f', 'Card:4b4c5a1e-2f0d-4e8a-9c1b-0a2b3c4d5e6f']],
  ])('refuses ids no table holds: %s', (_name, texts) => {
    expect(() => IdTable.fromTexts(texts)).toThrow(RangeError);
  });

  it('refuses codec tables holding ids beside a shared table', () => {
    const tables = { shapes: [], strings: [], prefixes: ['Customer:'], ids: [OWNED_RECORD.customerId] };
    expect(() => RecordCodec.fromTables(tables, new IdTable())).toThrow(/ids beside a shared id table/);
    expect(RecordCodec.fromTables({ ...tables, ids: [] }, new IdTable()).sharesIds).toBe(true);
  });
});
