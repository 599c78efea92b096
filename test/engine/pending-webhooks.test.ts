/**
 * The packed pending-webhook set (src/domains/webhook-store.ts) behaves as the Set it replaced:
 * queue order, a duplicate queued while pending is a no-op, markers remove, ids of other shapes
 * and out-of-order times still work; a delivering outbox leaves no chunk behind; snapshots (also
 * ones written before the packed set) and replay restore it; the read-only view refuses changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINTED_INDEX_LIMIT, resourceId } from '../../src/core/ids.js';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import { PendingWebhooks } from '../../src/domains/webhook-store.js';
import { createEngine } from '../../src/engine/engine.js';
import { decodeColumn, encodeColumn } from '../../src/core/column-codec.js';
import { harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

const T0 = Date.parse('2026-01-05T16:00:00Z');
/** The id `handle` would mint for the `index`-th id of the event at `seq`, `atMs`. */
const webhookId = (seq: number, atMs: number, index = 0): string => resourceId('Webhook', 7, { seq, atMs, index });
/** Internal chunk count (the memory a set holds), read for the test only. */
const chunkCount = (pending: PendingWebhooks): number => (pending as unknown as { chunks: unknown[] }).chunks.length;
/** Bytes the slots of the last chunk take, read for the test only. */
const slotBytes = (pending: PendingWebhooks): number => (pending as unknown as { chunks: { used: number }[] }).chunks.at(-1)?.used ?? 0;
/** Ids kept as strings beside the packed ones, read for the test only. */
const stringIdCount = (pending: PendingWebhooks): number => (pending as unknown as { others: Map<string, number> }).others.size;

describe('PendingWebhooks', () => {
  it('keeps queue order, ignores a duplicate while pending, and re-queues at the end after its marker', () => {
    const ids = [webhookId(1, T0), webhookId(2, T0), webhookId(3, T0 + 5), webhookId(4, T0 + 5)];
    const pending = PendingWebhooks.of(ids);
    expect([...pending]).toEqual(ids);
    pending.add(ids[1]!);
    expect(pending.size).toBe(4);
    expect(pending.delete(ids[1]!)).toBe(true);
    expect(pending.delete(ids[1]!)).toBe(false);
    expect(pending.has(ids[1]!)).toBe(false);
    expect([...pending]).toEqual([ids[0], ids[2], ids[3]]);
    pending.add(ids[1]!); // back in time after its marker: kept as a string, last in order
    expect([...pending]).toEqual([ids[0], ids[2], ids[3], ids[1]]);
    expect(pending.has(ids[1]!)).toBe(true);
    expect(pending.delete(ids[1]!)).toBe(true);
    expect([...pending]).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('keeps ids of any other shape (uppercase, no prefix, short) in queue order with the packed ones', () => {
    const ids = [webhookId(1, T0), 'Webhook:nope', webhookId(2, T0 + 1).toUpperCase(), 'x', webhookId(3, T0 + 2), `Webhook:${'0'.repeat(36)}`];
    const pending = PendingWebhooks.of(ids);
    expect([...pending]).toEqual(ids);
    for (const id of ids) expect(pending.has(id)).toBe(true);
    expect(pending.has(webhookId(2, T0 + 1))).toBe(false);
    expect(pending.delete('x')).toBe(true);
    expect(pending.delete(ids[0]!)).toBe(true);
    expect([...pending]).toEqual([ids[1], ids[2], ids[4], ids[5]]);
  });

  it('holds a minted uuid in its slot and any other uuid as a string, in queue order', () => {
    const v7 = webhookId(1, T0);
    // The same uuid as version 4, and as version 7 with the variant bits 11 (neither fits a slot).
    const v4 = `${v7.slice(0, 22)}4${v7.slice(23)}`;
    const variant11 = `${v7.slice(0, 27)}c${v7.slice(28)}`;
    const ids = [v7, v4, variant11, webhookId(2, T0 + 1)];
    const pending = PendingWebhooks.of(ids);
    expect([...pending]).toEqual(ids);
    expect(stringIdCount(pending)).toBe(2);
    expect(pending.delete(v4)).toBe(true);
    expect(pending.has(v7)).toBe(true);
    expect(pending.has(variant11)).toBe(true);
    const restored = PendingWebhooks.fromSnapshot(pending.toSnapshot());
    expect([...restored]).toEqual([v7, variant11, ids[3]]);
  });

  it('packs a minted id at any index in its call, and keeps a v7 uuid not in minted form as a string', () => {
    // Its last digit changed: still a UUIDv7, no longer one `uuidAt` could mint.
    const foreign = webhookId(3, T0 + 2).replace(/.$/, (digit) => (digit === '0' ? '1' : '0'));
    const ids = [webhookId(1, T0, 1), webhookId(1, T0, 1_023), webhookId(2, T0 + 1, MINTED_INDEX_LIMIT - 1), foreign, webhookId(4, T0 + 3, 5)];
    const pending = PendingWebhooks.of(ids);
    expect([...pending]).toEqual(ids);
    expect(stringIdCount(pending)).toBe(1);
    for (const id of ids) expect(pending.has(id)).toBe(true);
    // Ids of one call share their time and word: only the index tells them apart.
    expect(pending.has(webhookId(1, T0, 2))).toBe(false);
    expect(pending.delete(webhookId(1, T0, 1_023))).toBe(true);
    expect(pending.has(ids[0]!)).toBe(true);
    const restored = PendingWebhooks.fromSnapshot(pending.toSnapshot());
    expect([...restored]).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(stringIdCount(restored)).toBe(1);
  });

  it('takes one byte for the next webhook of a call, and a few for a call a few events and seconds later', () => {
    const pending = PendingWebhooks.of([webhookId(1_000, T0)]);
    let used = slotBytes(pending);
    for (let call = 1; call <= 200; call += 1) {
      const seq = 1_000 + 7 * call;
      const atMs = T0 + 3_000 * call;
      pending.add(webhookId(seq, atMs));
      // The seq keys' xor (under 2^7 but where a carry crosses a power of two), 6,000 ms doubled (2 bytes), index 0.
      const first = slotBytes(pending) - used;
      expect(first).toBeGreaterThanOrEqual(3);
      expect(first).toBeLessThanOrEqual(4);
      used = slotBytes(pending);
      pending.add(webhookId(seq, atMs, 1));
      pending.add(webhookId(seq, atMs, 2));
      expect(slotBytes(pending) - used).toBe(2);
      used = slotBytes(pending);
    }
    // The second of a call again (a duplicate) is no slot; one out of order in its call is 3 bytes (xor 0, time 0, index).
    pending.add(webhookId(1_000 + 7 * 200, T0 + 600_000, 1));
    expect(slotBytes(pending)).toBe(used);
    pending.add(webhookId(1_000 + 7 * 200, T0 + 600_000, 5));
    expect(slotBytes(pending) - used).toBe(3);
    expect(pending.size).toBe(602);
  });

  it('keeps the times of ids that lie hours or years apart (time differences of any size), live and restored', () => {
    const jump = fc.constantFrom(0, 1, 2 ** 22 - 1, 2 ** 22, 2 ** 22 + 1, 3 * 2 ** 22, 2 ** 40);
    fc.assert(
      fc.property(fc.array(fc.tuple(jump, fc.boolean()), { minLength: 1, maxLength: 80 }), (steps) => {
        let atMs = T0;
        const ids = steps.map(([step], i) => {
          atMs += step;
          return webhookId(i + 1, atMs);
        });
        const pending = PendingWebhooks.of(ids);
        const model = new Set(ids);
        steps.forEach(([, deliver], i) => {
          if (deliver) expect(pending.delete(ids[i]!)).toBe(model.delete(ids[i]!));
        });
        expect([...pending]).toEqual([...model]);
        for (const id of ids) expect(pending.has(id)).toBe(model.has(id));
        expect(stringIdCount(pending)).toBe(0);
        const restored = PendingWebhooks.fromSnapshot(pending.toSnapshot());
        expect([...restored]).toEqual([...model]);
        expect(restored.toSnapshot()).toEqual(pending.toSnapshot());
        for (const id of ids) expect(restored.has(id)).toBe(model.has(id));
      }),
      { numRuns: 200 },
    );
  });

  it('drops every chunk once all webhooks are delivered in order, and keeps working after', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => webhookId(i + 1, T0 + Math.floor(i / 3)));
    const pending = PendingWebhooks.of(ids);
    expect(chunkCount(pending)).toBe(5);
    for (const id of ids.slice(0, 16_000)) expect(pending.delete(id)).toBe(true);
    expect(chunkCount(pending)).toBe(2);
    expect([...pending]).toEqual(ids.slice(16_000));
    for (const id of ids.slice(16_000)) pending.delete(id);
    expect(pending.size).toBe(0);
    expect(chunkCount(pending)).toBeLessThanOrEqual(1);
    const later = webhookId(29_999, T0 + 10_000);
    pending.add(later);
    expect([...pending]).toEqual([later]);
    expect(pending.has(ids[0]!)).toBe(false);
  });

  it('ignores a duplicate in a millisecond of 300 events (past the 256 seq keys the run keeps apart), and queues a new index', () => {
    const ids = Array.from({ length: 300 }, (_, event) => [webhookId(500 + event, T0), webhookId(500 + event, T0, 1)]).flat();
    const pending = PendingWebhooks.of(ids);
    const used = slotBytes(pending);
    for (const id of ids) pending.add(id);
    expect(pending.size).toBe(600);
    expect(slotBytes(pending)).toBe(used);
    pending.add(webhookId(510, T0, 2));
    pending.add(webhookId(799, T0, 2));
    expect(pending.size).toBe(602);
    expect([...pending]).toEqual([...ids, webhookId(510, T0, 2), webhookId(799, T0, 2)]);
  });

  it('answers like a Set over chunks and blocks: calls of several webhooks, seqs crossing powers of two, markers in any order, and a restore', () => {
    const call = fc.record({
      seqStep: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(2 ** 31, 2 ** 20 + 3)),
      timeStep: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 }), fc.constant(2 ** 30)),
      webhooks: fc.integer({ min: 1, max: 5 }),
      from: fc.constantFrom(0, 0, 0, 2, 1_500),
    });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 900 }), fc.array(fc.nat(), { maxLength: 400 }), (calls, marks) => {
        // Seqs start below 2^31 so that steps cross powers of two up to 2^32 (the keys' xor is then long).
        let seq = 2 ** 31 - 1_000;
        let atMs = T0;
        const ids: string[] = [];
        for (const c of calls) {
          seq = (seq + c.seqStep) % 2 ** 32;
          atMs += c.timeStep;
          for (let index = c.from; index < c.from + c.webhooks; index += 1) ids.push(webhookId(seq, atMs, index));
        }
        const pending = PendingWebhooks.of(ids);
        const model = new Set(ids);
        expect(stringIdCount(pending)).toBe(0);
        for (const mark of marks) {
          const id = ids[mark % ids.length]!;
          expect(pending.delete(id)).toBe(model.delete(id));
        }
        expect(pending.size).toBe(model.size);
        expect([...pending]).toEqual([...model]);
        for (const id of ids) expect(pending.has(id)).toBe(model.has(id));
        const restored = PendingWebhooks.fromSnapshot(pending.toSnapshot());
        expect([...restored]).toEqual([...model]);
        for (const id of ids) {
          // Queued again: a no-op while pending, else a string (back in time) or a new slot.
          restored.add(id);
          model.add(id);
        }
        expect([...restored]).toEqual([...model]);
      }),
      { numRuns: 60 },
    );
  });

  it('answers like a Set for any sequence of queues and markers (times mostly rising, sometimes not)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), step: fc.integer({ min: -3, max: 4 }), seq: fc.integer({ min: 1, max: 60 }), odd: fc.boolean() }),
      fc.record({ kind: fc.constant('again' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const model = new Set<string>();
        const pending = new PendingWebhooks();
        const seen: string[] = [];
        let atMs = T0;
        for (const o of ops) {
          if (o.kind === 'add') {
            atMs += o.step < 0 && o.step > -3 ? 0 : o.step;
            const id = o.odd && o.seq % 7 === 0 ? `Webhook:odd-${o.seq}` : webhookId(o.seq, atMs);
            seen.push(id);
            model.add(id);
            pending.add(id);
          } else if (o.kind === 'again') {
            const id = seen[o.pick % Math.max(1, seen.length)] ?? 'Webhook:first';
            seen.push(id);
            model.add(id);
            pending.add(id);
          } else {
            const id = seen.length === 0 ? 'Webhook:none' : seen[o.pick % seen.length]!;
            expect(pending.delete(id)).toBe(model.delete(id));
          }
          expect(pending.size).toBe(model.size);
        }
        expect([...pending]).toEqual([...model]);
        for (const id of seen) expect(pending.has(id)).toBe(model.has(id));
      }),
      { numRuns: 300 },
    );
  });
});

describe('PendingWebhooks in a snapshot (@4: packed words, string ids by position)', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), step: fc.integer({ min: -3, max: 4 }), seq: fc.integer({ min: 1, max: 60 }), odd: fc.boolean() }),
    fc.record({ kind: fc.constant('again' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
  /** Applies `ops` to every set in `sets` and to the model; returns the clock. */
  function run(ops: readonly Op[], sets: readonly PendingWebhooks[], model: Set<string>, seen: string[], startMs: number): number {
    let atMs = startMs;
    for (const o of ops) {
      if (o.kind === 'delete') {
        const id = seen.length === 0 ? 'Webhook:none' : seen[o.pick % seen.length]!;
        const expected = model.delete(id);
        for (const set of sets) expect(set.delete(id)).toBe(expected);
        continue;
      }
      if (o.kind === 'add') atMs += o.step < 0 && o.step > -3 ? 0 : o.step;
      const id = o.kind === 'add' ? (o.odd && o.seq % 7 === 0 ? `Webhook:odd-${o.seq}` : webhookId(o.seq, atMs)) : (seen[o.pick % Math.max(1, seen.length)] ?? 'Webhook:first');
      seen.push(id);
      model.add(id);
      for (const set of sets) set.add(id);
    }
    return atMs;
  }

  it('restores the same set, which then answers every queue and marker as the live one and as a Set', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.array(op, { maxLength: 100 }), (before, after) => {
        const model = new Set<string>();
        const seen: string[] = [];
        const live = new PendingWebhooks();
        const atMs = run(before, [live], model, seen, T0);
        const restored = PendingWebhooks.fromSnapshot(JSON.parse(JSON.stringify(live.toSnapshot())));
        expect([...restored]).toEqual([...live]);
        expect(restored.size).toBe(live.size);
        run(after, [live, restored], model, seen, atMs);
        expect([...restored]).toEqual([...model]);
        expect([...live]).toEqual([...model]);
        for (const id of seen) expect(restored.has(id)).toBe(model.has(id));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores a pending id queued again after a restore whose last slot is a string id of a later time', () => {
    const [first, later] = [webhookId(1, T0), webhookId(2, T0 + 1)];
    const live = PendingWebhooks.of([first, later]);
    live.delete(later);
    live.add('Webhook:odd');
    const restored = PendingWebhooks.fromSnapshot(live.toSnapshot());
    restored.add(first);
    live.add(first);
    expect([...restored]).toEqual([first, 'Webhook:odd']);
    expect([...live]).toEqual([first, 'Webhook:odd']);
  });

  it('restores more than a chunk, in queue order, with string ids at their places', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => (i % 2_800 === 5 ? `other-${i}` : webhookId(i + 1, T0 + Math.floor(i / 4))));
    const live = PendingWebhooks.of(ids);
    expect(chunkCount(live)).toBe(3);
    for (const id of ids.slice(0, 4_400)) live.delete(id);
    const snapshot = live.toSnapshot();
    expect(snapshot.count).toBe(5_600);
    expect(snapshot.others.map(([position]) => position)).toEqual([5_605 - 4_400, 8_405 - 4_400]);
    const restored = PendingWebhooks.fromSnapshot(snapshot);
    expect([...restored]).toEqual(ids.slice(4_400));
    expect(restored.delete(ids[8_404]!)).toBe(true);
    expect(restored.has(ids[8_405]!)).toBe(true);
  });

  it('refuses a malformed snapshot: a column not of count webhooks, times going back, a string id out of place', () => {
    const ids = [webhookId(1, T0), webhookId(2, T0 + 1), 'other'];
    const snapshot = PendingWebhooks.of(ids).toSnapshot();
    expect(() => PendingWebhooks.fromSnapshot({ ...snapshot, count: 2 })).toThrow(/does not hold/);
    const backwards = PendingWebhooks.of([ids[1]!, ids[0]!]).toSnapshot();
    expect(backwards.others).toEqual([[1, ids[0]]]);
    // Two packed ids with their words swapped (no string ids to excuse the order).
    const inOrder = PendingWebhooks.of([ids[0]!, ids[1]!]).toSnapshot();
    const words = decodeColumn(inOrder.words, (n) => new Int32Array(n), 8, 8, 'test');
    const reversed = { ...inOrder, words: encodeColumn(Int32Array.from([...words.subarray(4), ...words.subarray(0, 4)]), 8) };
    expect(() => PendingWebhooks.fromSnapshot(reversed)).toThrow(/go back in time/);
    expect(() => PendingWebhooks.fromSnapshot({ ...snapshot, others: [[3, 'other']] })).toThrow(/out of place/);
  });
});

describe('the pending webhooks of an engine', () => {
  function engineWithWebhooks(count: number): ReturnType<typeof harness> {
    const h = harness({ regulated: true });
    for (let i = 0; i < count; i += 1) h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${i}`, fullName: `Customer ${i}` });
    return h;
  }

  it('replay equals live, through markers, and a snapshot (also one of the old Set) restores the same order', () => {
    const h = engineWithWebhooks(5);
    const ids = h.log.filter((e) => e.type === WEBHOOK_EVENTS.queued).map((e) => (e.data as WebhookQueued).id);
    const recorded = h.engine.recordWebhookOutcomes(
      [
        { kind: 'delivered', webhookId: ids[1]!, attempts: 1, status: 200 },
        { kind: 'gaveUp', webhookId: ids[3]!, attempts: 8, lastError: 'HTTP 500' },
      ],
      { now: '2026-01-06T00:00:00Z' },
    );
    expect(recorded.ok).toBe(true);
    if (!recorded.ok) return;
    const live = [ids[0], ids[2], ids[4]];
    expect([...h.engine.state.webhooks.pending]).toEqual(live);
    const replayed = createEngine({ events: [...h.log, ...recorded.value] });
    expect([...replayed.state.webhooks.pending]).toEqual(live);
    expect(stateText(replayed)).toBe(stateText(h.engine));
    const snapshot = JSON.parse(JSON.stringify(h.engine.snapshot())) as ReturnType<typeof h.engine.snapshot>;
    expect(snapshot.pendingWebhooks).toBeUndefined();
    expect(snapshot.webhooks?.count).toBe(3);
    expect([...createEngine({ snapshot }).state.webhooks.pending]).toEqual(live);
    // A snapshot written before @4 (the same list of ids), and one written before the outbox existed.
    const { webhooks: _webhooks, ...listed } = snapshot;
    expect([...createEngine({ snapshot: { ...listed, format: 'payments-engine/snapshot@3', pendingWebhooks: live as string[] } }).state.webhooks.pending]).toEqual(live);
    const older = { ...listed, format: 'payments-engine/snapshot@3' };
    expect([...createEngine({ snapshot: older as unknown as typeof snapshot }).state.webhooks.pending]).toEqual([]);
    const restored = createEngine({ snapshot });
    expect(restored.recordWebhookOutcomes([{ kind: 'delivered', webhookId: ids[1]!, attempts: 1, status: 200 }], { now: '2026-01-06T00:00:01Z' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(restored.recordWebhookOutcomes([{ kind: 'delivered', webhookId: ids[2]!, attempts: 1, status: 200 }], { now: '2026-01-06T00:00:01Z' }).ok).toBe(true);
    expect([...restored.state.webhooks.pending]).toEqual([ids[0], ids[4]]);
  });

  it('cannot be changed through engine.state (the read-only view)', () => {
    const h = engineWithWebhooks(1);
    const pending = h.engine.state.webhooks.pending;
    const [id] = [...pending];
    expect(() => pending.delete(id!)).toThrow(TypeError);
    expect(() => pending.add('Webhook:x')).toThrow(TypeError);
    expect(pending.has(id!)).toBe(true);
    expect(pending.size).toBe(1);
  });
});
