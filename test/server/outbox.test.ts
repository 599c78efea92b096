/**
 * Webhook delivery from the outbox (issue 15, part 5) against a local receiver (node:http on
 * 127.0.0.1): order, the P-256 signature of the reference OpenAPI, retries with exponential
 * backoff, giving up, markers in the log, resuming, at-least-once, and racing a writer.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import { createEngine } from '../../src/engine/engine.js';
import { encodeEnvelope, type EventEnvelope, verifyLog } from '../../src/log/index.js';
import { AppendConflictError, type EventStore } from '../../src/server/event-store.js';
import { backoffDelayMs, configuredEndpoint, createOutbox, type OutboxOptions } from '../../src/server/outbox.js';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../src/server/outbox-signature.js';
import { harness, type Harness } from '../support/harness.js';

/** An EventStore in memory with the contract's head check (the outbox is store-agnostic). */
function memoryStore(initial: readonly EventEnvelope[] = []): EventStore & { events: EventEnvelope[]; failNextAppend: Error | undefined } {
  const store = {
    events: [...initial],
    failNextAppend: undefined as Error | undefined,
    async *load(afterSeq = 0) {
      for (const event of store.events.slice(afterSeq)) yield event;
    },
    async headSeq() {
      return store.events.length;
    },
    async append(events: readonly EventEnvelope[], expectedSeq: number) {
      if (store.failNextAppend !== undefined) {
        const error = store.failNextAppend;
        store.failNextAppend = undefined;
        throw error;
      }
      if (expectedSeq !== store.events.length) throw new AppendConflictError(expectedSeq, store.events.length);
      store.events.push(...events);
    },
    async close() {},
  };
  return store;
}

type Received = { id: string; type: string; body: string; signature: string };

/** A receiver on 127.0.0.1 answering with `answer(id, attemptOfThatId)` (a status, or 'hang'). */
async function receiver(answer: (id: string, attempt: number) => number | 'hang' = () => 200): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as WebhookQueued;
      const attempt = (attempts.get(parsed.id) ?? 0) + 1;
      attempts.set(parsed.id, attempt);
      received.push({ id: parsed.id, type: parsed.type, body, signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? '') });
      const status = answer(parsed.id, attempt);
      if (status === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A regulated platform whose individual customers are approved at creation: one webhook each. */
function platformWithWebhooks(customers: number): Harness {
  const h = harness({ regulated: true });
  for (let i = 0; i < customers; i += 1) {
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${i}`, fullName: `Customer ${i}` });
  }
  return h;
}

function queued(log: readonly EventEnvelope[]): WebhookQueued[] {
  return log.filter((e) => e.type === WEBHOOK_EVENTS.queued).map((e) => e.data as WebhookQueued);
}

function markers(log: readonly EventEnvelope[], type: string): Record<string, unknown>[] {
  return log.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);
}

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function setup(customers: number, answer?: (id: string, attempt: number) => number | 'hang', extra: Partial<OutboxOptions> = {}) {
  const h = platformWithWebhooks(customers);
  const store = memoryStore(h.log);
  const rx = await receiver(answer);
  cleanup.push(rx.close);
  let clockMs = Date.parse('2026-01-06T00:00:00Z');
  const clock = {
    advance: (ms: number) => {
      clockMs += ms;
    },
  };
  const outbox = createOutbox({ store, endpoint: rx.url, signingKey: keys.privateKey, now: () => clockMs, baseDelayMs: 1_000, maxDelayMs: 60_000, ...extra });
  return { h, store, rx, clock, outbox };
}

describe('webhook outbox delivery', () => {
  it('POSTs every queued webhook in log order, the exact envelope signed with P-256 over SHA-256 of the body, and records WebhookDelivered markers', async () => {
    const { h, store, rx, outbox } = await setup(3);
    const expected = queued(h.log);
    expect(expected).toHaveLength(3);
    expect(await outbox.runOnce()).toEqual({ delivered: 3, failed: 0, gaveUp: 0 });
    expect(rx.received.map((r) => r.id)).toEqual(expected.map((w) => w.id));
    for (const [i, got] of rx.received.entries()) {
      expect(JSON.parse(got.body)).toEqual(expected[i]);
      expect(verifyWebhookSignature(got.body, got.signature, keys.publicKey as KeyObject)).toBe(true);
      // A signature of one body does not verify another.
      expect(verifyWebhookSignature(`${got.body} `, got.signature, keys.publicKey as KeyObject)).toBe(false);
    }
    expect(markers(store.events, WEBHOOK_EVENTS.delivered)).toEqual(expected.map((w) => ({ webhookId: w.id, attempts: 1, status: 200 })));
    // The markers extend the chain and replay (the engine accepts the marker types).
    expect(verifyLog(store.events.map(encodeEnvelope))).toMatchObject({ ok: true, count: store.events.length });
    expect(createEngine({ events: store.events, regulated: true }).head().seq).toBe(store.events.length);
    // Nothing is sent twice by the same loop.
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    expect(rx.received).toHaveLength(3);
  });

  it('retries a failing endpoint with exponential backoff (1 s, then 2 s) and records the attempts it took', async () => {
    const { h, store, rx, clock, outbox } = await setup(1, (_id, attempt) => (attempt <= 2 ? 500 : 204));
    const [hook] = queued(h.log);
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(outbox.pending()[0]).toMatchObject({ attempts: 1 });
    // Not due again before its backoff has passed.
    clock.advance(999);
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    clock.advance(1);
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    clock.advance(1_999);
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    clock.advance(1);
    expect(await outbox.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    expect(rx.received.map((r) => r.id)).toEqual([hook!.id, hook!.id, hook!.id]);
    expect(markers(store.events, WEBHOOK_EVENTS.delivered)).toEqual([{ webhookId: hook!.id, attempts: 3, status: 204 }]);
    expect(outbox.pending()).toEqual([]);
  });

  it('backoff doubles from the base and is capped', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelayMs(n, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it('gives up after maxAttempts and records WebhookGaveUp with the last error', async () => {
    const { h, store, clock, outbox } = await setup(1, () => 503, { maxAttempts: 3 });
    for (let i = 0; i < 3; i += 1) {
      await outbox.runOnce();
      clock.advance(60_000);
    }
    const [hook] = queued(h.log);
    expect(markers(store.events, WEBHOOK_EVENTS.gaveUp)).toEqual([{ webhookId: hook!.id, attempts: 3, lastError: 'HTTP 503' }]);
    expect(markers(store.events, WEBHOOK_EVENTS.delivered)).toEqual([]);
    expect(outbox.pending()).toEqual([]);
  });

  it("the markers it records empty the engine's pending set in replay and snapshots, out of queue order too", async () => {
    const ids = queued(platformWithWebhooks(6).log).map((w) => w.id);
    const { store, clock, outbox } = await setup(6, (id) => (id === ids[2] ? 500 : 200), { maxAttempts: 2 });
    const pendingAfterReplay = (): string[] => [...createEngine({ events: store.events, regulated: true }).state.webhooks.pending];
    expect(pendingAfterReplay()).toEqual(ids);
    expect(await outbox.runOnce()).toEqual({ delivered: 5, failed: 1, gaveUp: 0 });
    expect(pendingAfterReplay()).toEqual([ids[2]]);
    const replayed = createEngine({ events: store.events, regulated: true });
    expect([...createEngine({ snapshot: replayed.snapshot(), regulated: true }).state.webhooks.pending]).toEqual([ids[2]]);
    clock.advance(60_000);
    expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 1 });
    expect(pendingAfterReplay()).toEqual([]);
    const done = createEngine({ events: store.events, regulated: true });
    expect(done.recordWebhookOutcomes([{ kind: 'delivered', webhookId: ids[2]!, attempts: 3, status: 200 }], { now: '2026-01-07T00:00:00Z' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('a refused connection and a receiver that never answers are failed tries, then retried', async () => {
    const { h, outbox: hangs } = await setup(1, () => 'hang', { timeoutMs: 200 });
    const closed = await receiver();
    await closed.close();
    const events: string[] = [];
    const unreachable = createOutbox({
      store: memoryStore(h.log),
      endpoint: closed.url,
      signingKey: keys.privateKey,
      onEvent: (event) => {
        if (event.kind === 'attempt_failed') events.push(event.error);
      },
    });
    expect(await unreachable.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(events[0]).toMatch(/ECONNREFUSED/);
    const started = Date.now();
    expect(await hangs.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a new loop over the same log resumes: delivered webhooks are not sent again, new ones are', async () => {
    const { h, store, rx, outbox } = await setup(2);
    await outbox.runOnce();
    // The writer's engine catches up on the markers (as a shared-mode Writer does), then writes.
    const recorded = store.events.slice(h.log.length);
    expect(recorded.map((e) => e.type)).toEqual([WEBHOOK_EVENTS.delivered, WEBHOOK_EVENTS.delivered]);
    h.engine.replay(recorded);
    h.log.push(...recorded);
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'later', fullName: 'Later' });
    store.events.push(...h.log.slice(store.events.length));
    expect(verifyLog(store.events.map(encodeEnvelope))).toMatchObject({ ok: true });
    const restarted = createOutbox({ store, endpoint: rx.url, signingKey: keys.privateKey });
    expect(await restarted.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(rx.received.length);
    expect(rx.received).toHaveLength(3);
  });

  it('at least once: when recording fails after a delivery, the next loop delivers the same id again (receivers dedupe by id)', async () => {
    const { store, rx, outbox } = await setup(1);
    store.failNextAppend = new Error('disk full');
    await expect(outbox.runOnce()).rejects.toThrow('disk full');
    expect(markers(store.events, WEBHOOK_EVENTS.delivered)).toEqual([]);
    const restarted = createOutbox({ store, endpoint: rx.url, signingKey: keys.privateKey });
    expect(await restarted.runOnce()).toMatchObject({ delivered: 1 });
    expect(rx.received).toHaveLength(2);
    expect(rx.received[0]!.id).toBe(rx.received[1]!.id);
    expect(markers(store.events, WEBHOOK_EVENTS.delivered)).toHaveLength(1);
  });

  it('a writer that appends while a webhook is in flight: the marker is sealed again after the new events', async () => {
    const h = platformWithWebhooks(1);
    const store = memoryStore(h.log);
    let wrote = false;
    const rx = await receiver(() => {
      if (!wrote) {
        wrote = true;
        // The engine writes meanwhile (another customer, another webhook).
        h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'meanwhile', fullName: 'Meanwhile' });
        store.events.push(...h.log.slice(store.events.length));
      }
      return 200;
    });
    cleanup.push(rx.close);
    const outbox = createOutbox({ store, endpoint: rx.url, signingKey: keys.privateKey });
    expect(await outbox.runOnce()).toMatchObject({ delivered: 1 });
    expect(verifyLog(store.events.map(encodeEnvelope))).toMatchObject({ ok: true });
    const marker = store.events[store.events.length - 1]!;
    expect(marker.type).toBe(WEBHOOK_EVENTS.delivered);
    expect(marker.seq).toBe(h.log.length + 1);
    // The webhook queued meanwhile is delivered by the next run.
    expect(await outbox.runOnce()).toMatchObject({ delivered: 1 });
    expect(rx.received.map((r) => r.id)).toEqual(queued(h.log).map((w) => w.id));
  });

  it('sends to the platform-configured webhookEndpoint when set (PATCH /config), else to the host fallback, else nowhere', async () => {
    const h = platformWithWebhooks(1);
    const store = memoryStore(h.log);
    const urls: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response('ok', { status: 200 });
    }) as typeof fetch;
    const nowhere = createOutbox({ store, endpoint: configuredEndpoint(() => h.engine), signingKey: keys.privateKey, fetch: fakeFetch });
    expect(await nowhere.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    expect(nowhere.pending()).toMatchObject([{ attempts: 0 }]);
    expect(urls).toEqual([]);

    const fallback = createOutbox({ store, endpoint: configuredEndpoint(() => h.engine, 'http://127.0.0.1:1/fallback'), signingKey: keys.privateKey, fetch: fakeFetch });
    expect(await fallback.runOnce()).toMatchObject({ delivered: 1 });
    // The engine catches up on the marker, then the platform configures its endpoint and a new webhook is queued.
    h.engine.replay(store.events.slice(h.log.length));
    h.log.push(...store.events.slice(h.log.length));
    h.ok('PATCH', '/config', { webhookEndpoint: 'https://hooks.example/svc' });
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'after-config', fullName: 'After Config' });
    store.events.push(...h.log.slice(store.events.length));
    expect(await fallback.runOnce()).toMatchObject({ delivered: 1 });
    expect(urls).toEqual(['http://127.0.0.1:1/fallback', 'https://hooks.example/svc']);
  });

  it('refuses a signing key that is not P-256', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => createOutbox({ store: memoryStore(), endpoint: 'http://127.0.0.1:9/', signingKey: rsa.privateKey })).toThrow(TypeError);
  });
});
