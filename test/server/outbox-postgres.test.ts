/**
 * The outbox beside a live writer on PostgreSQL (PGlite over its socket server): markers the
 * delivery loop appends are caught up by the shared-mode Writer like another writer's events,
 * the writer keeps serving, and the log stays one verified chain that replays to its state.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import { createEngine } from '../../src/engine/engine.js';
import { encodeEnvelope, verifyLog } from '../../src/log/index.js';
import { createOutbox } from '../../src/server/outbox.js';
import { verifyWebhookSignature } from '../../src/server/outbox-signature.js';
import { createPostgresStore, createPostgresWriter } from '../../src/server/postgres/index.js';
import { AUTH } from '../support/harness.js';
import { freshTable, loadAll } from './support/pg-log.js';
import { startPglite, type TestPostgres } from './support/pg.js';

describe('webhook outbox over PostgreSQL beside a shared-mode writer', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPglite();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('delivers, records markers the writer catches up on, and the log replays to the writer state', async () => {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const received: { id: string; valid: boolean }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const signature = String(req.headers['x-svc-signature']);
        received.push({ id: (JSON.parse(body) as WebhookQueued).id, valid: verifyWebhookSignature(body, signature, keys.publicKey) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const table = freshTable('ob');
    const writer = await createPostgresWriter({ connectionString: server.url, table, engine: { regulated: true }, timerIntervalMs: 0 });
    const store = await createPostgresStore({ connectionString: server.url, table });
    const outbox = createOutbox({ store, endpoint, signingKey: keys.privateKey });
    const createCustomer = (id: string) =>
      writer.handle({ method: 'POST', path: '/customers', headers: { authorization: AUTH }, body: { customerType: 'INDIVIDUAL', platformCustomerId: id, fullName: `Customer ${id}` } });
    try {
      for (const id of ['a', 'b', 'c']) expect((await createCustomer(id)).status).toBe(201);
      expect(await outbox.runOnce()).toEqual({ delivered: 3, failed: 0, gaveUp: 0 });
      // The writer serves on after the markers: it catches up instead of losing its commit.
      expect((await createCustomer('d')).status).toBe(201);
      expect(await outbox.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });

      const log = await loadAll(store);
      expect(verifyLog(log.map(encodeEnvelope))).toMatchObject({ ok: true, count: log.length });
      const queuedIds = log.filter((e) => e.type === WEBHOOK_EVENTS.queued).map((e) => (e.data as WebhookQueued).id);
      expect(received.map((r) => r.id)).toEqual(queuedIds);
      expect(received.every((r) => r.valid)).toBe(true);
      expect(log.filter((e) => e.type === WEBHOOK_EVENTS.delivered).map((e) => (e.data as { webhookId: string }).webhookId)).toEqual(queuedIds);

      expect((await writer.handle({ method: 'GET', path: '/customers', headers: { authorization: AUTH } })).status).toBe(200);
      const replayed = createEngine({ events: log, regulated: true });
      expect(writer.engine()?.head()).toEqual(replayed.head());
    } finally {
      await writer.close();
      await store.close();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
