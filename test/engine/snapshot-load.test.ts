/**
 * Engine snapshots (format @16: the packed stores' records as codec bytes, texts ending in a number as a dictionary text and the number, the transactions' and card transactions' with their predictions (the transactions' nested ones too), the quotes' against their transactions, their commonest references in one byte (from @13 on an instant equal to the record's last time, its own id again and arrays of 0-2 items too), engine-minted uuids as
 * their time, one word and their index in their call (an id minted in the same call as an earlier
 * one of the record as that one's number and its index), what a record repeats in short forms, against one id table they share, saved once, loaded packed and decoded at a read, the list indexes as saved, the pending webhooks packed): a snapshot round
 * trip through JSON answers every read as the live engine, byte for byte, holds every packed
 * store's records equal to the writer's, and takes the same further calls; a record read from a
 * loaded store is deeply frozen; the formats before it (@15, transactions with their own fields' predictions only and no numbered texts; @14, transactions and card transactions packed without predictions; @13, quotes packed without their transactions; @12, none of @13's one-byte forms; @11, no short tags; @10, records encoded without their ids as keys; @9, no repeat forms; @8, minted uuids at index 0 alone in the minted form; @7, uuids written whole; @6, an id table per store; @5, codec bytes with no id table; @4, records as texts parsed once at their
 * first read; @3, pending webhooks as ids; @2, records as objects and list indexes rebuilt; @1,
 * ledger version 1) still load and answer the same; an unknown format is refused naming it, and
 * so are packed records no save wrote, while a record whose own bytes are impossible fails when
 * read, naming it, and leaves the engine answering the rest.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { type EngineSnapshot, snapshotOf } from '../../src/engine/snapshot.js';
import { InvariantError } from '../../src/core/assert.js';
import { IdempotencyStore } from '../../src/engine/idempotency-store.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { IdTable } from '../../src/core/id-table.js';
import { PackedKeyMap } from '../../src/core/packed-key-map.js';
import { type PackedRecords, packText } from '../../src/core/packed-records.js';
import { packedTexts, packRecords } from '../support/packed-texts.js';
import { type PackedBytes, packBytes } from '../../src/core/packed-bytes.js';
import { decodeColumn, encodeColumn } from '../../src/core/column-codec.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { ledgerFromSnapshot, type LedgerSnapshotV2 } from '../../src/ledger/snapshot.js';
import { PackedStrings } from '../../src/ledger/packed-strings.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import { answersOf, readRequests } from '../../src/testing/checks.js';
import { SANDBOX_AUTHORIZATION, SIMULATION_START_MS, simulate } from '../../src/testing/simulate.js';
import { stateText } from '../support/state-text.js';
import { TRANSACTION_PREDICTIONS_15 } from '../../src/domains/transactions/predictions.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

type Packed = { ids: string[]; texts: string[] };
const unpacked = (packed: Packed): object[] => packed.texts.map((text) => JSON.parse(packText(text)) as object);

/** A packed store (chunked, as @4 writes it) with one text per record, as @3 wrote it. */
function textPerRecord<T>(store: T): T {
  const { chunks: _chunks, lengths: _lengths, ...rest } = store as unknown as Packed & { chunks: string[]; lengths: number[] };
  return { ...rest, texts: packedTexts(store as unknown as PackedRecords) } as unknown as T;
}

type Repack = (store: PackedBytes, byId: ReadonlyMap<string, object>) => object;

/**
 * `snapshot` (@14) as `format` wrote it: each packed store's records packed again by `repack` from
 * the loaded map (its other fields kept), and no shared id table.
 */
function withStoresAs(snapshot: EngineSnapshot, format: EngineSnapshot['format'], repack: Repack): EngineSnapshot {
  const { ids: _ids, ...current } = viaJson(snapshot);
  const loaded = createEngine({ ...options, snapshot: viaJson(snapshot) }).state;
  const again = <T>(store: T, byId: ReadonlyMap<string, object>): T => {
    const { codec: _codec, bytes: _bytes, keyed: _keyed, based: _based, predicted: _predicted, ...rest } = store as unknown as PackedBytes;
    return { ...rest, ...repack(store as unknown as PackedBytes, byId) } as unknown as T;
  };
  return {
    ...current,
    format,
    customers: again(current.customers, loaded.customers.byId),
    transactions: again(current.transactions, loaded.transactions.byId),
    quotes: again(current.quotes, loaded.quotes.byId),
    idempotency: again(current.idempotency, loaded.idempotency),
    cardTransactions: again(current.cardTransactions as NonNullable<EngineSnapshot['cardTransactions']>, loaded.cardTransactions.byId),
    externalAccounts: again(current.externalAccounts, loaded.externalAccounts.byId),
  };
}

type CodecFormat = { mintedIds?: boolean; mintedIndexes?: boolean; repeatForms?: boolean; recordKeys?: boolean; shortTags?: boolean; moreShortTags?: boolean; numberedTexts?: boolean; bases?: boolean; predictions?: boolean | '@15' };

/**
 * `snapshot` against one shared id table, as `format` wrote it with the codec's `options`
 * (`bases`: the quotes against their transactions, as `@14` writes them; `predictions`: the
 * transactions and card transactions with their predictions, as `@16` writes them, or `'@15'`: the
 * transactions' own fields' only, as `@15` wrote them; else as before), and no numbered texts unless
 * `numberedTexts` (`@16`).
 */
function withSharedIds(snapshot: EngineSnapshot, format: EngineSnapshot['format'], options: CodecFormat): EngineSnapshot {
  const ids = new IdTable('shared');
  const { bases = false, predictions: predicting = false, numberedTexts = false, ...codecOptions } = options;
  const old = withStoresAs(snapshot, format, (store, byId) => {
    const base = bases ? (byId as PackedRecordMap<object>).recordBase : undefined;
    const own = predicting === false ? undefined : (byId as PackedRecordMap<object>).recordPredictions;
    // The engine's state is a read-only view: the transactions' predictions are known by their nested ones.
    const predictions = predicting === '@15' && own?.nested !== undefined ? TRANSACTION_PREDICTIONS_15 : own;
    // Keyed bytes (`@11` on) say so, or they read as unkeyed; bytes against bases (`@14`) and with predictions (`@15`) too.
    const { codec, bytes, keyed, based, predicted } = packBytes(store.ids, byId, { ids, base, predictions, numberedTexts, ...codecOptions });
    if (keyed === undefined) return { codec, bytes };
    if (predicted !== undefined) return { codec, bytes, keyed, predicted };
    return based === undefined ? { codec, bytes, keyed } : { codec, bytes, keyed, based };
  });
  return { ...old, ids: ids.texts() };
}

/** `snapshot` (@16) as format @15 wrote it: the transactions' records with their own fields' predictions only, no text as a numbered text. */
const asFormat15 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@15', { bases: true, predictions: '@15' });

/** `snapshot` (@16) as format @14 wrote it: the transactions' and card transactions' records packed without their predictions. */
const asFormat14 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@14', { bases: true });

/** `snapshot` (@15) as format @13 wrote it: the quotes' records packed without their transactions. */
const asFormat13 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@13', {});

/** `snapshot` (@15) as format @12 wrote it: none of the tag byte's last values (each instant equal to the time before it, record's own id again and array of 0-2 items a tag and a varint or two). */
/**
 * `old` (an older format of `current`) has `current`'s codec tables and id table owners, and every
 * packed store's bytes longer than `shorter`'s (`current`, or it written in `old`'s order).
 */
function expectLongerWithTheSameTables(old: EngineSnapshot, current: EngineSnapshot, shorter: EngineSnapshot): void {
  const stores = ['transactions', 'quotes', 'customers', 'externalAccounts', 'idempotency', 'cardTransactions'] as const;
  for (const store of stores) {
    expect((old[store] as PackedBytes).codec).toEqual((current[store] as PackedBytes).codec);
    expect(storeLength(old, store)).toBeGreaterThan(storeLength(shorter, store));
  }
  expect(new Set(old.ids)).toEqual(new Set(current.ids));
}

const asFormat12 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@12', { moreShortTags: false });

/** `snapshot` (@15) as format @11 wrote it: no short tags (each dictionary string, shape, small integer and amount a tag and a varint). */
const asFormat11 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@11', { shortTags: false });

/** `snapshot` (@15) as format @10 wrote it: each record encoded without its id as the codec's key (its own id written again). */
const asFormat10 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@10', { recordKeys: false, shortTags: false });

/** `snapshot` (@15) as format @9 wrote it: no repeat forms (each minted id, epoch-ms number and text written whole). */
const asFormat9 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@9', { repeatForms: false, recordKeys: false, shortTags: false });

/** `snapshot` (@15) as format @8 wrote it: only minted ids at index 0 in their call in the minted form. */
const asFormat8 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@8', { mintedIndexes: false, repeatForms: false, recordKeys: false, shortTags: false });

/** `snapshot` (@15) as format @7 wrote it: the packed stores' records against one shared id table, every uuid written whole. */
const asFormat7 = (snapshot: EngineSnapshot): EngineSnapshot => withSharedIds(snapshot, 'payments-engine/snapshot@7', { mintedIds: false, repeatForms: false, recordKeys: false, shortTags: false });

/** `snapshot` (@15) as format @6 wrote it: each packed store's records against an id table of its own, in its tables. */
const asFormat6 = (snapshot: EngineSnapshot): EngineSnapshot => withStoresAs(snapshot, 'payments-engine/snapshot@6', (store, byId) => packBytes(store.ids, byId, { mintedIds: false, repeatForms: false, recordKeys: false, shortTags: false, numberedTexts: false }));

/** `snapshot` (@15) as format @5 wrote it: the packed stores' records written with no id table, their tables without one. */
function asFormat5(snapshot: EngineSnapshot): EngineSnapshot {
  return withStoresAs(snapshot, 'payments-engine/snapshot@5', (store, byId) => {
    const { codec: { ids: _ids, ...tables }, bytes } = packBytes(store.ids, byId, { idTable: false, mintedIds: false, repeatForms: false, recordKeys: false, shortTags: false, numberedTexts: false });
    return { codec: tables, bytes };
  });
}

/** `snapshot` (@15) as format @4 wrote it: the packed stores' records as texts in chunks. */
const asFormat4 = (snapshot: EngineSnapshot): EngineSnapshot => withStoresAs(snapshot, 'payments-engine/snapshot@4', (store, byId) => packRecords(store.ids, byId));

/** `snapshot` (@5) as format @3 wrote it: the pending webhooks as a list of ids, one text per packed record. */
function asFormat3(snapshot: EngineSnapshot): EngineSnapshot {
  const { webhooks: _webhooks, ...rest } = asFormat4(snapshot);
  return {
    ...rest,
    format: 'payments-engine/snapshot@3',
    pendingWebhooks: [...createEngine({ ...options, snapshot: viaJson(snapshot) }).state.webhooks.pending],
    transactions: textPerRecord(rest.transactions),
    quotes: textPerRecord(rest.quotes),
    idempotency: textPerRecord(rest.idempotency),
    cardTransactions: textPerRecord(rest.cardTransactions as NonNullable<EngineSnapshot['cardTransactions']>),
    externalAccounts: textPerRecord(rest.externalAccounts),
  };
}

/** `snapshot` (@5) as format @2 wrote it: records and idempotency responses as objects, no saved indexes. */
function asFormat2(snapshot: EngineSnapshot): EngineSnapshot {
  const { lists: _lists, ...rest } = asFormat3(snapshot);
  const transactions = rest.transactions as unknown as Packed;
  const { ids: _ids, texts: _texts, ...quotes } = rest.quotes as unknown as Packed & { dailyVolume: unknown };
  return {
    ...rest,
    format: 'payments-engine/snapshot@2',
    transactions: { records: unpacked(transactions) },
    idempotency: unpacked(rest.idempotency as unknown as Packed).map((response, k) => [(rest.idempotency as unknown as Packed).ids[k], response]),
    externalAccounts: {
      records: unpacked(rest.externalAccounts as unknown as Packed).map((record, k) => [(rest.externalAccounts as unknown as Packed).ids[k], record]),
      order: (rest.externalAccounts as unknown as { order: string[] }).order,
    },
    cardTransactions: {
      records: unpacked(rest.cardTransactions as unknown as Packed),
      transactionsBefore: (rest.cardTransactions as unknown as { transactionsBefore: number[] }).transactionsBefore,
    },
    quotes: { ...quotes, records: unpacked(rest.quotes as unknown as Packed) },
  } as unknown as EngineSnapshot;
}

/** Every object reachable from `value` (own enumerable properties). */
function objectsIn(value: unknown, into: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    into.push(value);
    for (const inner of Object.values(value)) objectsIn(inner, into);
  }
  return into;
}

// One simulated session over every resource (the simulator's own checks run too), shared.
const session = simulate({ seed: 5, steps: 120 });
const options = { regulated: true, seed: 5 } as const;
const nowMs = SIMULATION_START_MS + session.simulatedMs + 60_000;
const reads = readRequests(session.model, SANDBOX_AUTHORIZATION, nowMs);

/** An engine loaded from `old` answers every read, holds the state and saves the snapshot the writer does. */
function expectLoadsAsTheWriter(old: EngineSnapshot): void {
  const loaded = createEngine({ ...options, snapshot: old });
  expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  expect(stateText(loaded)).toBe(stateText(session.engine));
  expect(JSON.stringify(loaded.snapshot())).toBe(JSON.stringify(session.engine.snapshot()));
}

/** The characters of a packed store's saved bytes (its base64 segments). */
const storeLength = (snapshot: EngineSnapshot, store: 'transactions' | 'quotes' | 'customers' | 'externalAccounts' | 'idempotency' | 'cardTransactions'): number =>
  (snapshot[store] as unknown as PackedBytes).bytes.join('').length;

/**
 * A snapshot of the log's first half as `asFormat` writes it takes the second half as the writer
 * took it: the same state and answers, and (`savesAsWriter`) the same snapshot saved after.
 */
function expectResumesAsTheWriter(asFormat: (snapshot: EngineSnapshot) => EngineSnapshot, savesAsWriter: boolean): void {
  const cut = Math.floor(session.log.length / 2);
  const prefix = asFormat(createEngine({ ...options, events: session.log.slice(0, cut) }).snapshot());
  const resumed = createEngine({ ...options, snapshot: prefix, events: session.log.slice(cut), hotRecords: 1 });
  expect(stateText(resumed)).toBe(stateText(session.engine));
  expect(answersOf(resumed, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  if (savesAsWriter) expect(JSON.stringify(resumed.snapshot())).toBe(JSON.stringify(session.engine.snapshot()));
}

describe('a snapshot round trip', () => {
  it('answers every read as the live engine, byte for byte, and holds the same state', () => {
    const snapshot = viaJson(session.engine.snapshot());
    expect(snapshot.format).toBe('payments-engine/snapshot@16');
    const loaded = createEngine({ ...options, snapshot });
    expect(reads.length).toBeGreaterThan(50);
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
    expect(loaded.state.ledger.checkInvariants()).toEqual([]);
  });

  it('takes the same further calls: replaying the rest of the log from a mid-log snapshot ends in the same state', () => {
    const cut = Math.floor(session.log.length / 2);
    const prefix = createEngine({ ...options, events: session.log.slice(0, cut) });
    const resumed = createEngine({ ...options, snapshot: viaJson(prefix.snapshot()), events: session.log.slice(cut) });
    expect(stateText(resumed)).toBe(stateText(session.engine));
    expect(answersOf(resumed, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });

  it('holds every packed store\'s records equal to the writer\'s, packed at once, each read decoded deeply frozen', () => {
    const loaded = createEngine({ ...options, snapshot: viaJson(session.engine.snapshot()) });
    const stores = (state: typeof loaded.state) => ({
      transactions: state.transactions.byId,
      quotes: state.quotes.byId,
      cardTransactions: state.cardTransactions.byId,
      externalAccounts: state.externalAccounts.byId,
    });
    const writer = stores(session.engine.state);
    expect([...loaded.state.idempotency]).toEqual([...session.engine.state.idempotency]);
    for (const [name, map] of Object.entries(stores(loaded.state))) {
      const packed = map as unknown as PackedRecordMap<object>;
      expect(packed, name).toBeInstanceOf(PackedRecordMap);
      expect(packed.packing, name).toMatchObject({ packed: map.size, pending: 0 });
      expect(map.size, name).toBeGreaterThan(0);
      expect([...map], name).toEqual([...writer[name as keyof typeof writer]]);
    }
    const { byId, order } = loaded.state.transactions;
    const record = byId.get(order.at(1)!);
    expect(objectsIn(record).filter((object) => !Object.isFrozen(object))).toEqual([]);
    expect([...byId.values()].flatMap((record) => objectsIn(record)).filter((object) => !Object.isFrozen(object))).toEqual([]);
    // Reads leave them packed, as a replay's packed records are.
    expect(byId.get(order.at(1)!)).not.toBe(record);
    expect((byId as PackedRecordMap<object>).packing.pending).toBe(0);
  });

  it('keeps the packed records of a @4 snapshot as text until read: a read parses one record, deeply frozen, once, equal to the live one', () => {
    const loaded = createEngine({ ...options, snapshot: asFormat4(session.engine.snapshot()) });
    const { byId, order } = loaded.state.transactions;
    expect(byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.quotes.byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.cardTransactions.byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.externalAccounts.byId).toBeInstanceOf(PackedRecordMap);
    expect(order.length).toBeGreaterThan(2);
    const id = order.at(1)!;
    const record = byId.get(id);
    expect(objectsIn(record).filter((object) => !Object.isFrozen(object))).toEqual([]);
    expect(byId.get(id)).toBe(record);
    expect(record).toEqual(session.engine.state.transactions.byId.get(id));
    // Iteration parses the rest, each frozen, in the store's order.
    expect([...loaded.state.quotes.byId.values()]).toEqual([...session.engine.state.quotes.byId.values()]);
    expect([...byId.keys()]).toEqual([...order]);
    expect([...byId.values()].flatMap((record) => objectsIn(record)).filter((object) => !Object.isFrozen(object))).toEqual([]);
  });

  it('keeps the idempotency responses packed, each with its key, and answers the stored response unfrozen, as before', () => {
    const loaded = createEngine({ ...options, snapshot: viaJson(session.engine.snapshot()) });
    const idempotency = loaded.state.idempotency;
    expect(idempotency).toBeInstanceOf(IdempotencyStore);
    expect(idempotency.size).toBeGreaterThan(0);
    expect([...idempotency]).toEqual([...session.engine.state.idempotency]);
    const [key, response] = [...idempotency][0]!;
    expect(Object.isFrozen(response)).toBe(Object.isFrozen(session.engine.state.idempotency.get(key)));
  });

  it('saves a loaded engine as it was loaded, read or not', () => {
    const text = JSON.stringify(session.engine.snapshot());
    const loaded = createEngine({ ...options, snapshot: JSON.parse(text) as EngineSnapshot });
    expect(JSON.stringify(loaded.snapshot())).toBe(text);
    loaded.state.transactions.byId.get(loaded.state.transactions.order.at(0)!);
    expect(JSON.stringify(loaded.snapshot())).toBe(text);
  });

  it('leaves the snapshot unchanged: one parsed snapshot loads twice, the first engine having read and written, and answers the same', () => {
    const cut = Math.floor(session.log.length / 2);
    const prefix = createEngine({ ...options, events: session.log.slice(0, cut) });
    const snapshot = viaJson(prefix.snapshot());
    const text = JSON.stringify(snapshot);
    const first = createEngine({ ...options, snapshot, events: session.log.slice(cut) });
    answersOf(first, reads, nowMs);
    expect(JSON.stringify(snapshot)).toBe(text);
    const second = createEngine({ ...options, snapshot, events: session.log.slice(cut) });
    expect(answersOf(second, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });

  it('is the same taken through the read-only state view (typed arrays of the list indexes included)', () => {
    expect(JSON.stringify(snapshotOf(session.engine.state, session.engine.head()))).toBe(JSON.stringify(session.engine.snapshot()));
  });

  it('holds the list indexes as a replay keeps them, and makes one it lacks from the stores', () => {
    const snapshot = viaJson(session.engine.snapshot());
    expect(snapshot.lists).toEqual(viaJson(createEngine({ ...options, events: session.log }).snapshot().lists));
    const { transactions: _t, quotes: _q, ...others } = (decodeData(snapshot.lists) as Record<string, unknown>);
    const lacking = { ...snapshot, lists: encodeData(others) };
    const loaded = createEngine({ ...options, snapshot: lacking });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });
});

describe('the ledger after a load', () => {
  it('finds every transfer by its id as the writer does (the restored ids packed at load), and no other', () => {
    const saved = session.engine.snapshot();
    const ledger = saved.ledger as LedgerSnapshotV2;
    const { text, lengths } = ledger.transfers.id;
    const ids = new PackedStrings(text, decodeColumn(lengths, (size) => new Int32Array(size), ledger.transfers.count, ledger.transfers.count, 'lengths'));
    expect(ids.count).toBeGreaterThan(50);
    const loaded = createEngine({ ...options, snapshot: viaJson(saved) });
    for (let t = ids.count - 1; t >= 0; t -= 1) {
      const id = ids.at(t);
      expect(loaded.state.ledger.transfer(id)).toEqual(session.engine.state.ledger.transfer(id));
      expect(loaded.state.ledger.transfer(id)?.id).toBe(id);
    }
    expect(loaded.state.ledger.transfer(`${ids.at(0)}x`)).toBeUndefined();
    expect(JSON.stringify(loaded.snapshot().ledger)).toBe(JSON.stringify(saved.ledger));
  });
});

describe('list indexes after a load', () => {
  it('keeps the id-keyed maps packed (PackedKeyMap), as a replay keeps them, with the same entries in order', () => {
    const loaded = createEngine({ ...options, snapshot: viaJson(session.engine.snapshot()) });
    const replayed = createEngine({ ...options, events: session.log });
    const idKeyed = (engine: typeof loaded) => {
      const { lists } = engine.state;
      return [lists.transactions.byAccount, lists.externalAccounts.byOwnerCurrency, lists.agentActions.ownByAgent];
    };
    for (const [mine, theirs] of idKeyed(loaded).map((map, k) => [map, idKeyed(replayed)[k]!] as const)) {
      expect(mine).toBeInstanceOf(PackedKeyMap);
      expect([...mine.keys()]).toEqual([...theirs.keys()]);
    }
    expect(idKeyed(loaded)[0]!.size).toBeGreaterThan(0);
  });
});

describe('snapshot formats', () => {
  it('saves the packed stores\' owners\' ids once, in one id table their bytes share (@7), each owner\'s id once', () => {
    const current = viaJson(session.engine.snapshot());
    const own = asFormat6(current);
    const stores = (snapshot: EngineSnapshot): PackedBytes[] =>
      [snapshot.transactions, snapshot.quotes, snapshot.idempotency, snapshot.cardTransactions, snapshot.externalAccounts] as PackedBytes[];
    for (const store of stores(current)) expect(store.codec.ids).toBeUndefined();
    const perStore = stores(own).flatMap((store) => store.codec.ids ?? []);
    expect(new Set(current.ids).size).toBe(current.ids!.length);
    // The same owners (and external accounts, which only a shared table takes), each once.
    const externalAccounts = current.ids!.filter((id) => id.startsWith('ExternalAccount:'));
    expect(externalAccounts.length).toBeGreaterThan(0);
    const shared = new Set(current.ids);
    expect(perStore.every((id) => shared.has(id))).toBe(true);
    // An owner named by several stores was an entry and a whole id in each; now one of each.
    expect(perStore.length).toBeGreaterThan(current.ids!.length - externalAccounts.length);
    const bytes = (snapshot: EngineSnapshot): number => stores(snapshot).reduce((sum, store) => sum + store.bytes.join('').length, 0);
    expect(bytes(current)).toBeLessThan(bytes(own));
  });

  it('refuses at load a @7 snapshot whose shared ids are not an id table, or a store holding a table of its own, naming them', () => {
    const current = viaJson(session.engine.snapshot());
    expect(() => createEngine({ ...options, snapshot: { ...current, ids: [...current.ids!, current.ids![0]!] } })).toThrow(/snapshot ids: id table: id \d+ is not an owner's id met once/);
    expect(() => createEngine({ ...options, snapshot: { ...current, ids: undefined } as unknown as EngineSnapshot })).toThrow(/snapshot ids: id table: ids must be a list/);
    const ownTable = { ...asFormat6(current), format: 'payments-engine/snapshot@16' as const, ids: current.ids! };
    expect(() => createEngine({ ...options, snapshot: ownTable })).toThrow(/snapshot records: \w+ holds an id table of its own/);
  });

  it('saves the quotes packed against their transactions (@14), shorter than @13, and only the quotes', () => {
    const current = viaJson(session.engine.snapshot());
    expect((current.quotes as PackedBytes).based).toBe(true);
    expect((current.transactions as PackedBytes).based).toBeUndefined();
    // Written again in the test's store order with bases, and as @13 without: only the quotes differ.
    const same = asFormat14(current);
    const old = asFormat13(current);
    expect((same.quotes as PackedBytes).based).toBe(true);
    expect(storeLength(old, 'quotes')).toBeGreaterThan(2 * storeLength(same, 'quotes'));
    for (const store of ['transactions', 'customers', 'externalAccounts', 'idempotency', 'cardTransactions'] as const) {
      expect(storeLength(old, store), store).toBe(storeLength(same, store));
    }
    expectLoadsAsTheWriter(same);
  });

  it('saves the transactions and card transactions with their predictions (@15), shorter than @14, and only those', () => {
    const current = viaJson(session.engine.snapshot());
    for (const store of ['transactions', 'cardTransactions'] as const) expect((current[store] as PackedBytes).predicted, store).toBe(true);
    for (const store of ['quotes', 'customers', 'externalAccounts', 'idempotency'] as const) expect((current[store] as PackedBytes).predicted, store).toBeUndefined();
    // Written again in the test's store order with predictions, and as @14 without: only the two stores differ.
    const same = asFormat15(current);
    const old = asFormat14(current);
    expect(storeLength(old, 'transactions')).toBeGreaterThan(1.1 * storeLength(same, 'transactions'));
    expect(storeLength(old, 'cardTransactions')).toBeGreaterThan(1.1 * storeLength(same, 'cardTransactions'));
    for (const store of ['quotes', 'customers', 'externalAccounts', 'idempotency'] as const) expect(storeLength(old, store), store).toBe(storeLength(same, store));
    expectLoadsAsTheWriter(same);
  });

  it('loads a snapshot in the fourteenth format (@14: transactions and card transactions packed without predictions), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat14(current);
    expect((old.transactions as PackedBytes).predicted).toBeUndefined();
    expect(storeLength(old, 'transactions')).toBeGreaterThan(storeLength(current, 'transactions'));
    expectLoadsAsTheWriter(old);
    // Its transactions read and pack on without predictions; what it saves after further calls is the writer's @16.
    expectResumesAsTheWriter(asFormat14, true);
  });

  it('saves the transactions with nested predictions and texts ending in a number as numbered texts (@16), shorter than @15', () => {
    const current = viaJson(session.engine.snapshot());
    // Written again in the test's store order as @16, and as @15: the transactions shorter, and the
    // stores together (an id a transaction no longer writes may enter the shared table in another store).
    const same = withSharedIds(current, 'payments-engine/snapshot@16', { bases: true, predictions: true, numberedTexts: true });
    const old = asFormat15(current);
    expect(storeLength(old, 'transactions')).toBeGreaterThan(1.03 * storeLength(same, 'transactions'));
    const stores = ['transactions', 'quotes', 'customers', 'externalAccounts', 'idempotency', 'cardTransactions'] as const;
    const total = (snapshot: EngineSnapshot): number => stores.reduce((sum, store) => sum + storeLength(snapshot, store), 0);
    expect(total(old)).toBeGreaterThan(total(same));
    expectLoadsAsTheWriter(same);
  });

  it('loads a snapshot in the fifteenth format (@15: the transactions\' own fields predicted, no numbered texts), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat15(current);
    expect((old.transactions as PackedBytes).predicted).toBe(true);
    expect(storeLength(old, 'transactions')).toBeGreaterThan(storeLength(current, 'transactions'));
    expectLoadsAsTheWriter(old);
    // Its transactions read and pack on with @15's predictions; what it saves after further calls is the writer's @16.
    expectResumesAsTheWriter(asFormat15, true);
  });

  it('refuses a store marked predicted that is not keyed, is based, or whose mark is not true, and bytes with predictions a store has none for', () => {
    const current = viaJson(session.engine.snapshot());
    const { keyed: _keyed, ...unkeyed } = current.transactions as PackedBytes;
    expect(() => createEngine({ ...options, snapshot: { ...current, transactions: unkeyed } })).toThrow(/predicted must be true or absent, and only beside keyed, without based/);
    expect(() => createEngine({ ...options, snapshot: { ...current, transactions: { ...(current.transactions as PackedBytes), based: true } } })).toThrow(/predicted must be true or absent/);
    expect(() => createEngine({ ...options, snapshot: { ...current, transactions: { ...(current.transactions as PackedBytes), predicted: 1 } as unknown as PackedBytes } })).toThrow(/predicted must be true or absent/);
    const quotes = { ...current.quotes, based: undefined, predicted: true } as unknown as EngineSnapshot['quotes'];
    expect(() => createEngine({ ...options, snapshot: { ...current, quotes } })).toThrow(/packed with predictions, and the store has none/);
  });

  it('loads a snapshot in the thirteenth format (@13: quotes packed without their transactions), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat13(current);
    expect((old.quotes as PackedBytes).based).toBeUndefined();
    expect(storeLength(old, 'quotes')).toBeGreaterThan(storeLength(current, 'quotes'));
    expectLoadsAsTheWriter(old);
    // Its quotes read and pack on without bases; what it saves after further calls is the writer's @14.
    expectResumesAsTheWriter(asFormat13, true);
  });

  it('refuses a store marked based that is not keyed, or a based mark that is not true', () => {
    const current = viaJson(session.engine.snapshot());
    const { keyed: _keyed, ...unkeyed } = current.quotes as PackedBytes & { dailyVolume: unknown };
    expect(() => createEngine({ ...options, snapshot: { ...current, quotes: unkeyed as EngineSnapshot['quotes'] } })).toThrow(/based must be true or absent, and only beside keyed/);
    const quotes = { ...current.quotes, based: 1 } as unknown as EngineSnapshot['quotes'];
    expect(() => createEngine({ ...options, snapshot: { ...current, quotes } })).toThrow(/based must be true or absent/);
  });

  it('loads a snapshot in the twelfth format (@12: none of the tag byte\'s last values), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat12(current);
    // The same tables and the same owners in the id table; every packed store's bytes longer, each
    // such instant, id and array a tag and a varint or two, than as @13 writes them in the same
    // order (the save's stores met the shared table's owners in another order, numbered otherwise).
    const same = asFormat13(current);
    expectLongerWithTheSameTables(old, same, same);
    expectLoadsAsTheWriter(old);
    expectResumesAsTheWriter(asFormat12, true);
  });

  it('loads a snapshot in the eleventh format (@11: no short tags), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat11(current);
    // The same tables (the codecs meet the same records in the same order) and the same owners in
    // the id table; every packed store's bytes longer, each reference a tag and a varint (than
    // `@13`'s: `@14` writes the quotes shorter still, with tables of their own).
    const same = asFormat13(current);
    expectLongerWithTheSameTables(old, same, same);
    expectLoadsAsTheWriter(old);
    expectResumesAsTheWriter(asFormat11, true);
  });

  it('loads a snapshot in the tenth format (@10: records encoded without their keys), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat10(current);
    expect((old.transactions as PackedBytes).keyed).toBeUndefined();
    expect((current.transactions as PackedBytes).keyed).toBe(true);
    // Each record's own id is written again in @10, so the payments' and customers' bytes are
    // longer, and so are all the stores' with the shared id table (an owner's id met first in its
    // own record is a reference to the key in @11, and enters the table where it is met next, if
    // anywhere: an external account's own bytes may grow by that).
    const stores = ['transactions', 'quotes', 'customers', 'externalAccounts', 'idempotency', 'cardTransactions'] as const;
    for (const store of ['transactions', 'quotes', 'customers'] as const) expect(storeLength(old, store)).toBeGreaterThan(storeLength(current, store));
    const total = (snapshot: EngineSnapshot): number => stores.reduce((sum, store) => sum + storeLength(snapshot, store), JSON.stringify(snapshot.ids).length);
    expect(total(old)).toBeGreaterThan(total(current));
    expectLoadsAsTheWriter(old);
    expectResumesAsTheWriter(asFormat10, true);
  });

  it('loads a snapshot in the ninth format (@9: no repeat forms), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat9(current);
    // Sibling ids, epoch-ms numbers, ids' hex and zero-padded digits are written whole in @9.
    expect(storeLength(old, 'transactions')).toBeGreaterThan(storeLength(current, 'transactions'));
    expect(storeLength(old, 'quotes')).toBeGreaterThan(storeLength(current, 'quotes'));
    expectLoadsAsTheWriter(old);
    expectResumesAsTheWriter(asFormat9, true);
  });

  it('loads a snapshot in the eighth format (@8: minted ids at index 0 alone in the minted form), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat8(current);
    // Ids minted at an index past 0 in their call are written whole in @8, so its bytes are longer.
    expect(storeLength(old, 'transactions')).toBeGreaterThan(storeLength(current, 'transactions'));
    expectLoadsAsTheWriter(old);
    expectResumesAsTheWriter(asFormat8, true);
  });

  it('loads a snapshot in the seventh format (@7: every uuid written whole), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat7(current);
    // The same owners in the shared table (met in another order), and those met only in their own
    // record, which @11 does not enter (the key is their reference); the records' bytes longer by
    // the minted ids' 6 bytes each.
    expect(new Set(old.ids!)).toEqual(new Set([...old.ids!, ...current.ids!]));
    expect(old.ids!.length).toBeGreaterThan(current.ids!.length);
    expect(storeLength(old, 'transactions')).toBeGreaterThan(storeLength(current, 'transactions'));
    expectLoadsAsTheWriter(old);
    // And takes further calls as the writer, its codecs writing new records in the minted form:
    // what it saves then is the writer's `@14` text.
    expectResumesAsTheWriter(asFormat7, true);
  });

  it('loads a snapshot in the sixth format (@6: an id table per packed store), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat6(current);
    expect((old.transactions as PackedBytes).codec.ids?.length).toBeGreaterThan(0);
    expect((old.transactions as PackedBytes).bytes).not.toEqual((current.transactions as PackedBytes).bytes);
    expectLoadsAsTheWriter(old);
    // And takes further calls as the writer (its stores packing on against their own tables).
    expectResumesAsTheWriter(asFormat6, false);
  });

  it('loads a snapshot in the fifth format (@5: codec bytes with no id table), answers every read the same and saves as the writer', () => {
    const current = viaJson(session.engine.snapshot());
    const old = asFormat5(current);
    // The stores' owner ids are entries of the shared table in @7 and written whole in @5.
    expect(current.ids?.length).toBeGreaterThan(0);
    expect(old.ids).toBeUndefined();
    expect((old.transactions as PackedBytes).codec.ids).toBeUndefined();
    expect((old.transactions as PackedBytes).bytes).not.toEqual((current.transactions as PackedBytes).bytes);
    expectLoadsAsTheWriter(old);
    // And takes further calls as the writer: the rest of the log from a mid-log @5 snapshot.
    expectResumesAsTheWriter(asFormat5, false);
  });

  it('loads a snapshot in the fourth format (@4: packed records as texts in chunks), answers every read the same and saves as the writer', () => {
    const old = asFormat4(session.engine.snapshot());
    expect('chunks' in old.transactions).toBe(true);
    expectLoadsAsTheWriter(old);
  });

  it('loads a snapshot in the third format (@3: pending webhooks as a list of ids) and answers every read the same', () => {
    const old = asFormat3(session.engine.snapshot());
    expect(old.pendingWebhooks?.length).toBeGreaterThan(0);
    expectLoadsAsTheWriter(old);
  });

  it('loads a snapshot in the second format (@2: records as objects, adopted frozen in place; list indexes rebuilt) and answers every read the same', () => {
    const old = asFormat2(session.engine.snapshot());
    const record = (old.transactions as unknown as { records: object[] }).records[0];
    expect(record).toBeDefined();
    const loaded = createEngine({ ...options, snapshot: old });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
    expect(Object.isFrozen(record)).toBe(true);
    expect(loaded.state.transactions.byId.get((record as { id: string }).id)).toBe(record);
  });

  it('loads a snapshot in the first format (@1, ledger version 1) and answers every read the same', () => {
    const current = asFormat2(session.engine.snapshot());
    const old = viaJson({ ...current, format: 'payments-engine/snapshot@1', ledger: ledgerToSnapshotV1(ledgerFromSnapshot(current.ledger)) }) as EngineSnapshot;
    expect(old.ledger.version).toBe(1);
    const loaded = createEngine({ ...options, snapshot: old });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
  });

  it('refuses a format it does not know, naming it', () => {
    const snapshot = { ...viaJson(session.engine.snapshot()), format: 'payments-engine/snapshot@17' } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(InvariantError);
    expect(() => createEngine({ ...options, snapshot })).toThrow(/snapshot@17.*is not known/);
  });

  it('refuses a ledger snapshot version it does not know, naming it', () => {
    const current = viaJson(session.engine.snapshot());
    const snapshot = { ...current, ledger: { ...current.ledger, version: 3 } } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(/ledger snapshot version 3 is not known/);
  });
});

/** `snapshot` with the transactions' one bytes segment changed by `change`. */
function withTransactionBytes(snapshot: EngineSnapshot, change: (bytes: number[]) => number[]): EngineSnapshot {
  const transactions = snapshot.transactions as PackedBytes;
  expect(transactions.bytes.length).toBe(1);
  const text = transactions.bytes[0]!;
  const length = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  const bytes = change([...decodeColumn(text, (n) => new Uint8Array(n), length, length, 'test')]);
  return { ...snapshot, transactions: { ...transactions, bytes: [encodeColumn(Uint8Array.from(bytes), bytes.length)] } };
}

describe('packed records no save wrote', () => {
  it.each<[string, (snapshot: EngineSnapshot) => EngineSnapshot]>([
    ['bytes that are not base64', (s) => ({ ...s, quotes: { ...s.quotes, bytes: ['@@@@'] } as EngineSnapshot['quotes'] })],
    ['a record past its segment', (s) => withTransactionBytes(s, (bytes) => [...bytes, 9])],
    ['fewer records than ids', (s) => ({ ...s, idempotency: { ...(s.idempotency as PackedBytes), ids: [...(s.idempotency as PackedBytes).ids, 'key'] } })],
    ['codec tables with a shape twice', (s) => {
      const cards = s.cardTransactions as PackedBytes & NonNullable<EngineSnapshot['cardTransactions']>;
      return { ...s, cardTransactions: { ...cards, codec: { ...cards.codec, shapes: [...cards.codec.shapes, cards.codec.shapes[0]!] } } };
    }],
  ])('refuses at load %s, naming the records', (_name, corrupt) => {
    const snapshot = corrupt(viaJson(session.engine.snapshot()));
    expect(() => createEngine({ ...options, snapshot })).toThrow(InvariantError);
    expect(() => createEngine({ ...options, snapshot })).toThrow(/snapshot (records|column)/);
  });

  it('fails a read of a record whose bytes are impossible, naming it, and answers the rest unchanged', () => {
    // The first transaction's value names a shape its codec lacks: after its length (a varint of
    // 1 or 2 bytes) and the predicted fields it holds other values of (a varint, one byte here,
    // from @15 on) comes its object's short tag (0x40 + its shape's number, from @12 on), made
    // 0x7f: shape 63.
    const snapshot = withTransactionBytes(viaJson(session.engine.snapshot()), (bytes) => {
      const lengthBytes = bytes[0]! >= 0x80 ? 2 : 1;
      const at = lengthBytes + 1;
      expect([bytes[lengthBytes - 1]! < 0x80, bytes[lengthBytes]! < 0x80, bytes[at]! >= 0x40 && bytes[at]! < 0x7f]).toEqual([true, true, true]);
      return [...bytes.slice(0, at), 0x7f, ...bytes.slice(at + 1)];
    });
    const loaded = createEngine({ ...options, snapshot });
    const [first, second] = loaded.state.transactions.order as [string, string];
    const read = (id: string) => loaded.handle({ method: 'GET', path: `/transactions/${id}`, headers: { authorization: SANDBOX_AUTHORIZATION } }, { now: nowMs });
    expect(() => read(first)).toThrow(InvariantError);
    expect(() => read(first)).toThrow(`packed record ${first} cannot be read`);
    expect(read(second).response).toEqual(session.engine.handle({ method: 'GET', path: `/transactions/${second}`, headers: { authorization: SANDBOX_AUTHORIZATION } }, { now: nowMs }).response);
    expect(loaded.head()).toEqual(session.engine.head());
  });
});
