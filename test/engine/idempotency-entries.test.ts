/**
 * `IdempotencyStore` (engine/idempotency-store.ts): each key and its response one byte string,
 * the response packed against the uuid its key names. Against a `Map` under sets, replacements,
 * deletes and clears of any keys and responses; the context's bytes; a replaced response's bytes
 * freed and moved; a load's map copied at the first use, with the state's id table passed on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable } from '../../src/core/id-table.js';
import { packBytes } from '../../src/core/packed-bytes.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { IdempotencyStore } from '../../src/engine/idempotency-store.js';
import { idempotencyOptions } from '../../src/engine/state.js';
import type { IdempotentResponse } from '../../src/domains/state.js';

const EMPTY_BODY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const UUIDS = ['019b931d-bd92-7786-bec9-c013374ebdb2', '019b8ee5-c54b-78f2-9eaa-dbe5d361f08a', '019b8ee5-c54b-78f3-9eaa-dbe5d361f08a'];

const executeKey = (uuid: string, n: number): string => `platform|POST /quotes/Quote:${uuid}/execute|sim-execute-${n}`;
const quoteAnswer = (uuid: string): IdempotentResponse => ({
  fingerprint: EMPTY_BODY_HASH,
  status: 200,
  quoteId: `Quote:${uuid}`,
  quoteStatus: 'PROCESSING',
  quoteUpdatedAt: '2026-01-06T11:42:38.482Z',
});

const uuid = fc.constantFrom(...UUIDS);
const key = fc.oneof(
  fc.tuple(uuid, fc.nat(30)).map(([u, n]) => executeKey(u, n)),
  fc.tuple(uuid, fc.nat(3)).map(([u, n]) => `platform|POST /sandbox/internal-accounts/InternalAccount:${u}/fund|k${n}`),
  uuid.map((u) => `Agent:${u}|POST /quotes/Quote:${u.toUpperCase()}/execute|x`),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const response: fc.Arbitrary<IdempotentResponse> = fc.oneof(
  uuid.map(quoteAnswer),
  fc.record({
    fingerprint: fc.constantFrom(EMPTY_BODY_HASH, 'ab'.repeat(32), ''),
    status: fc.constantFrom(200, 201),
    body: fc.oneof(fc.jsonValue({ maxDepth: 2 }), uuid.map((u) => ({ id: `InternalAccount:${u}`, customerId: `Customer:${u}`, amount: -0, at: '2026-01-05T16:03:01.579Z' }))),
  }),
);
type Op = { kind: 'set'; key: string; value: IdempotentResponse } | { kind: 'delete'; key: string } | { kind: 'clear' };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), key, value: response }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

function expectSame(store: IdempotencyStore, model: Map<string, IdempotentResponse>, probes: readonly string[]): void {
  expect(store.size).toBe(model.size);
  expect([...store.entries()]).toEqual([...model.entries()]);
  expect([...store.keys()]).toEqual([...model.keys()]);
  for (const probe of probes) {
    expect(store.has(probe)).toBe(model.has(probe));
    expect(store.get(probe)).toEqual(model.get(probe));
  }
}

describe('IdempotencyStore', () => {
  it('behaves as a Map of its keys to their responses (order, replacement in place, deletes, clears)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.array(key, { maxLength: 5 }), (ops, probes) => {
        const store = new IdempotencyStore();
        store.shareIds(new IdTable('shared'));
        const model = new Map<string, IdempotentResponse>();
        for (const step of ops) {
          if (step.kind === 'set') {
            expect(store.set(step.key, step.value)).toBe(store);
            model.set(step.key, step.value);
          } else if (step.kind === 'delete') expect(store.delete(step.key)).toBe(model.delete(step.key));
          else {
            store.clear();
            model.clear();
          }
        }
        expectSame(store, model, [...probes, ...ops.flatMap((step) => (step.kind === 'clear' ? [] : [step.key]))]);
      }),
      { numRuns: 300 },
    );
  });

  it('packs a response against the uuid its key names, and reads it back exactly', () => {
    const named = new IdempotencyStore();
    const crossed = new IdempotencyStore();
    const uuidOf = (n: number): string => `019b931d-bd92-7786-bec9-${(0x1000000000000 + n).toString(16).slice(1)}`;
    for (let n = 0; n < 200; n += 1) {
      named.set(executeKey(uuidOf(n), n), quoteAnswer(uuidOf(n)));
      // The same keys, each answered with another quote: its id written whole.
      crossed.set(executeKey(uuidOf(n), n), quoteAnswer(uuidOf(n + 1_000)));
    }
    for (let n = 0; n < 200; n += 1) {
      expect(named.get(executeKey(uuidOf(n), n))).toEqual(quoteAnswer(uuidOf(n)));
      expect(crossed.get(executeKey(uuidOf(n), n))).toEqual(quoteAnswer(uuidOf(n + 1_000)));
    }
    const perEntry = (store: IdempotencyStore): number => store.packing.liveBytes / store.size;
    expect(perEntry(named)).toBeLessThan(perEntry(crossed) - 10);
  });

  it('frees a replaced response\'s bytes and moves the live ones once the freed outweigh them', () => {
    const store = new IdempotencyStore();
    const model = new Map<string, IdempotentResponse>();
    for (let round = 0; round < 400; round += 1) {
      for (let k = 0; k < 10; k += 1) {
        const value = { fingerprint: '', status: 200, body: { round, text: `${'x'.repeat(40)}${round}-${k}` } };
        store.set(`key-${k}`, value);
        model.set(`key-${k}`, value);
      }
    }
    expectSame(store, model, ['key-0', 'key-9', 'key-10']);
    // 4,000 strings of ~60 bytes were written; the arena holds the last ten's and less than two chunks.
    expect(store.packing.liveBytes).toBeLessThan(10 * 80);
    expect(store.packing.heldBytes).toBeLessThanOrEqual(2 * 65_536);
  });

  it('keeps a row\'s handle in 4 bytes, and in 8 once a handle passes what 32 bits hold', () => {
    const narrow = new IdempotencyStore();
    // A handle past 131,071 (the arena's second chunk on) widens this one's column.
    const wide = new IdempotencyStore(131_071);
    const model = new Map<string, IdempotentResponse>();
    for (let n = 0; n < 3_000; n += 1) {
      // The number first: a text ending in one would be a numbered text, a few bytes (core/record-codec.ts).
      const value = { fingerprint: '', status: 201, body: { n, text: `${n}${'y'.repeat(40)}` } };
      narrow.set(`k-${n}`, value);
      wide.set(`k-${n}`, value);
      model.set(`k-${n}`, value);
    }
    expectSame(narrow, model, ['k-0', 'k-2999', 'k-3000']);
    expectSame(wide, model, ['k-0', 'k-2999', 'k-3000']);
    expect(narrow.packing.heldBytes).toBeGreaterThan(131_072);
    expect(narrow.packing.handleBytes).toBeLessThan(4 * 1.5 * 3_000 + 4);
    expect(wide.packing.handleBytes).toBeGreaterThanOrEqual(8 * 3_000);
    // 3,000 keys in 4,096 slots of 8 bytes (at most 7/8 full: 3,584 would fit), and found again
    // past the longer probe runs.
    expect(narrow.packing.slotBytes).toBe(4_096 * 8);
    for (let n = 3_000; n < 3_584; n += 1) narrow.set(`k-${n}`, { fingerprint: '', status: 201, body: { n } });
    expect(narrow.packing.slotBytes).toBe(4_096 * 8);
    narrow.set('k-3584', { fingerprint: '', status: 201, body: { n: 3_584 } });
    expect(narrow.packing.slotBytes).toBe(8_192 * 8);
    const bodyOf = (response: IdempotentResponse | undefined): unknown => (response as { body?: unknown } | undefined)?.body;
    for (let n = 0; n <= 3_584; n += 1) expect(bodyOf(narrow.get(`k-${n}`))).toEqual(n < 3_000 ? bodyOf(model.get(`k-${n}`)) : { n });
    expect(narrow.get('k-3585')).toBeUndefined();
  });

  it('copies a load\'s map at its first use, in its order, and passes the saved id table to it', () => {
    const source = new PackedRecordMap<IdempotentResponse>(idempotencyOptions(256));
    source.shareIds(new IdTable('shared'));
    const model = new Map<string, IdempotentResponse>();
    for (let n = 0; n < 50; n += 1) {
      const u = UUIDS[n % 3]!;
      const value = n % 2 === 0 ? quoteAnswer(u) : { fingerprint: EMPTY_BODY_HASH, status: 200, body: { id: `Customer:${u}`, n } };
      source.set(`platform|POST /x/Quote:${u}/execute|${n}`, value);
      model.set(`platform|POST /x/Quote:${u}/execute|${n}`, value);
    }
    // Saved as a snapshot saves it (an owner's id met again is an entry of the saved table), and loaded.
    const saved = new IdTable('shared');
    const packed = packBytes([...source.keys()], source, { ids: saved });
    const store = IdempotencyStore.loaded(PackedRecordMap.fromPacked<IdempotentResponse>(packed, idempotencyOptions(256)));
    expect(store.size).toBe(50);
    // The bytes name the saved table's entries: a store that did not pass it on could not read them.
    expect(store.shareIds(IdTable.fromTexts(saved.texts(), 'shared'))).toBe(true);
    expectSame(store, model, ['platform|POST /x/Quote:x/execute|1']);
    store.set('late', quoteAnswer(UUIDS[0]!));
    expect([...store.keys()].at(-1)).toBe('late');
  });
});
