/**
 * The idempotency store (engine/state.ts: first responses packed, keys held as codec bytes): a
 * retry gets the first response again, byte for byte, and a retry with another body the same
 * 409 CONFLICT, from the live engine, from a replay of its log and from a snapshot round trip;
 * a first response stored before fingerprints were canonical (the hash of the body as sent)
 * still matches its body. The store packs each key with its response however it was made
 * (engine/idempotency-store.ts), and its packed form (fingerprints as 32 bytes, responses against
 * their keys' uuids) never reaches a snapshot.
 */
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/domains/auth/crypto.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { IdempotencyStore } from '../../src/engine/idempotency-store.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { AUTH, harness } from '../support/harness.js';

const NOW = '2026-01-05T16:00:00.000Z';
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

type Sent = { readonly path: string; readonly body: unknown; readonly key: string };

function send(engine: Engine, { path, body, key }: Sent): { text: string; events: readonly EventEnvelope[] } {
  const { response, events } = engine.handle({ method: 'POST', path, headers: { authorization: AUTH, 'Idempotency-Key': key }, body }, { now: NOW });
  return { text: JSON.stringify(response), events };
}

/** A live engine that funded its platform account under 40 keys, the first answers and what was sent. */
function funded(hotRecords?: number): { engine: Engine; log: EventEnvelope[]; sent: Sent[]; first: string[] } {
  const h = harness(hotRecords === undefined ? {} : { hotRecords });
  const account = h.ok('GET', '/platform/internal-accounts').data[0] as { id: string };
  const sent: Sent[] = [];
  const first: string[] = [];
  for (let n = 0; n < 40; n += 1) {
    const one = { path: `/sandbox/internal-accounts/${account.id}/fund`, body: { amount: n + 1 }, key: `fund-${n}` };
    const response = h.call('POST', one.path, one.body, { 'Idempotency-Key': one.key });
    expect(response.status).toBe(200);
    sent.push(one);
    first.push(JSON.stringify({ status: response.status, body: response.body }));
  }
  return { engine: h.engine, log: h.log, sent, first };
}

function expectRetriesAnswerFirst(engine: Engine, sent: readonly Sent[], first: readonly string[], packed = true): void {
  // Packed: each key and its response one string (engine/idempotency-store.ts); else objects.
  expect(engine.state.idempotency).toBeInstanceOf(packed ? IdempotencyStore : PackedRecordMap);
  const conflict = send(engine, { ...sent[0]!, body: { amount: 999 } });
  expect(JSON.parse(conflict.text)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  sent.forEach((one, n) => {
    const again = send(engine, one);
    expect(again.text).toBe(first[n]);
    expect(again.events).toEqual([]);
    expect(send(engine, { ...one, body: { amount: 999 } }).text).toBe(conflict.text);
  });
}

describe('the idempotency store', () => {
  it('gives a retry the first response, byte for byte, live, packed or not', () => {
    for (const hotRecords of [undefined, Number.POSITIVE_INFINITY]) {
      const { engine, sent, first } = funded(hotRecords);
      expectRetriesAnswerFirst(engine, sent, first, hotRecords === undefined);
    }
  });

  it('saves the same snapshot whether its responses are packed (fingerprints as bytes) or objects: the packed form stays inside', () => {
    const { log } = funded();
    const packed = createEngine({ events: log });
    const objects = createEngine({ events: log, hotRecords: Number.POSITIVE_INFINITY });
    expect(JSON.stringify(packed.snapshot())).toBe(JSON.stringify(objects.snapshot()));
    expect([...packed.state.idempotency]).toEqual([...objects.state.idempotency]);
  });

  it('gives a retry the first response after a replay of the log and after a snapshot round trip', () => {
    const { engine, log, sent, first } = funded();
    expectRetriesAnswerFirst(createEngine({ events: log }), sent, first);
    const loaded = createEngine({ snapshot: viaJson(engine.snapshot()) });
    expect([...loaded.state.idempotency.keys()]).toEqual([...engine.state.idempotency.keys()]);
    expectRetriesAnswerFirst(loaded, sent, first);
  });

  it('matches a first response stored before fingerprints were canonical (the hash of the body as sent)', () => {
    const h = harness();
    const sent: Sent[] = [];
    const first: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      // Keys out of their canonical order: the body as sent hashes differently.
      const one = { path: '/customers', body: { customerType: 'INDIVIDUAL', platformCustomerId: `legacy-${n}`, fullName: 'Old Log' }, key: `legacy-${n}` };
      const response = h.call('POST', one.path, one.body, { 'Idempotency-Key': one.key });
      expect(response.status).toBe(201);
      sent.push(one);
      first.push(JSON.stringify({ status: response.status, body: response.body }));
    }
    // The log as an old writer left it: each fingerprint the hash of the body's JSON text.
    const old = h.log.map((event) => {
      if (event.type !== 'IdempotentResponseStored') return event;
      const data = event.data as { key: string };
      const one = sent.find((s) => data.key.endsWith(`|${s.key}`))!;
      return { ...event, data: { ...data, fingerprint: sha256Hex(JSON.stringify(one.body)) } };
    });
    expect(old).not.toEqual(h.log);
    for (const engine of [createEngine({ events: old }), createEngine({ snapshot: viaJson(createEngine({ events: old }).snapshot()) })]) {
      sent.forEach((one, n) => {
        expect(send(engine, one).text).toBe(first[n]);
      });
      const other = { ...sent[3]!, body: { ...(sent[3]!.body as object), fullName: 'Other' } };
      expect(JSON.parse(send(engine, other).text)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    }
  });
});
