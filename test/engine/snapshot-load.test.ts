/**
 * Engine snapshots (format @4: transactions and quotes packed, parsed at their first read, the
 * list indexes as saved, the pending webhooks packed): a snapshot round trip through JSON answers
 * every read as the live engine, byte for byte, and takes the same further calls; a record read
 * from a loaded store is deeply frozen, parsed once; the formats before it (@3, pending webhooks
 * as ids; @2, records as objects and list indexes rebuilt; @1, ledger version 1) still load and
 * answer the same; an unknown format is refused naming it.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { type EngineSnapshot, snapshotOf } from '../../src/engine/snapshot.js';
import { InvariantError } from '../../src/core/assert.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { type PackedRecords, packedTexts, packText } from '../../src/core/packed-records.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import { answersOf, readRequests } from '../../src/testing/checks.js';
import { SANDBOX_AUTHORIZATION, SIMULATION_START_MS, simulate } from '../../src/testing/simulate.js';
import { stateText } from '../support/state-text.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

type Packed = { ids: string[]; texts: string[] };
const unpacked = (packed: Packed): object[] => packed.texts.map((text) => JSON.parse(packText(text)) as object);

/** A packed store (chunked, as @4 writes it) with one text per record, as @3 wrote it. */
function textPerRecord<T>(store: T): T {
  const { chunks: _chunks, lengths: _lengths, ...rest } = store as unknown as Packed & { chunks: string[]; lengths: number[] };
  return { ...rest, texts: packedTexts(store as unknown as PackedRecords) } as unknown as T;
}

/** `snapshot` (@4) as format @3 wrote it: the pending webhooks as a list of ids, one text per packed record. */
function asFormat3(snapshot: EngineSnapshot): EngineSnapshot {
  const { webhooks: _webhooks, ...rest } = viaJson(snapshot);
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

/** `snapshot` (@4) as format @2 wrote it: records and idempotency responses as objects, no saved indexes. */
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

describe('a snapshot round trip', () => {
  it('answers every read as the live engine, byte for byte, and holds the same state', () => {
    const snapshot = viaJson(session.engine.snapshot());
    expect(snapshot.format).toBe('payments-engine/snapshot@4');
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

  it('keeps the packed records as text until read: a read parses one record, deeply frozen, once, equal to the live one', () => {
    const loaded = createEngine({ ...options, snapshot: viaJson(session.engine.snapshot()) });
    const { byId, order } = loaded.state.transactions;
    expect(byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.quotes.byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.cardTransactions.byId).toBeInstanceOf(PackedRecordMap);
    expect(loaded.state.externalAccounts.byId).toBeInstanceOf(PackedRecordMap);
    expect(order.length).toBeGreaterThan(2);
    const id = order[1]!;
    const record = byId.get(id);
    expect(objectsIn(record).filter((object) => !Object.isFrozen(object))).toEqual([]);
    expect(byId.get(id)).toBe(record);
    expect(record).toEqual(session.engine.state.transactions.byId.get(id));
    // Iteration parses the rest, each frozen, in the store's order.
    expect([...loaded.state.quotes.byId.values()]).toEqual([...session.engine.state.quotes.byId.values()]);
    expect([...byId.keys()]).toEqual(order);
    expect([...byId.values()].flatMap((record) => objectsIn(record)).filter((object) => !Object.isFrozen(object))).toEqual([]);
  });

  it('keeps the idempotency responses packed until a key repeats, then answers the stored response unfrozen, as before', () => {
    const loaded = createEngine({ ...options, snapshot: viaJson(session.engine.snapshot()) });
    const idempotency = loaded.state.idempotency;
    expect(idempotency).toBeInstanceOf(PackedRecordMap);
    expect(idempotency.size).toBeGreaterThan(0);
    expect([...idempotency]).toEqual([...session.engine.state.idempotency]);
    const [key, response] = [...idempotency][0]!;
    expect(Object.isFrozen(response)).toBe(Object.isFrozen(session.engine.state.idempotency.get(key)));
  });

  it('saves a loaded engine as it was loaded, read or not (pending records keep their text)', () => {
    const text = JSON.stringify(session.engine.snapshot());
    const loaded = createEngine({ ...options, snapshot: JSON.parse(text) as EngineSnapshot });
    expect(JSON.stringify(loaded.snapshot())).toBe(text);
    loaded.state.transactions.byId.get(loaded.state.transactions.order[0]!);
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

describe('snapshot formats', () => {
  it('loads a snapshot in the third format (@3: pending webhooks as a list of ids) and answers every read the same', () => {
    const old = asFormat3(session.engine.snapshot());
    expect(old.pendingWebhooks?.length).toBeGreaterThan(0);
    const loaded = createEngine({ ...options, snapshot: old });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
    expect(JSON.stringify(loaded.snapshot())).toBe(JSON.stringify(session.engine.snapshot()));
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
    const snapshot = { ...viaJson(session.engine.snapshot()), format: 'payments-engine/snapshot@9' } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(InvariantError);
    expect(() => createEngine({ ...options, snapshot })).toThrow(/snapshot@9.*is not known/);
  });

  it('refuses a ledger snapshot version it does not know, naming it', () => {
    const current = viaJson(session.engine.snapshot());
    const snapshot = { ...current, ledger: { ...current.ledger, version: 3 } } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(/ledger snapshot version 3 is not known/);
  });
});
