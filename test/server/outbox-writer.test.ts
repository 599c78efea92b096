/**
 * The outbox recording through the writer (Writer.command + engine.recordWebhookOutcomes) over
 * the JSONL file store: markers land in the file, the writer never loses an append race to its
 * own outbox, and nothing is rebuilt.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import { WEBHOOK_EVENTS } from '../../src/domains/notifications.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { openFileStore } from '../../src/server/file-store.js';
import { createOutbox } from '../../src/server/outbox.js';
import { createWriter } from '../../src/server/writer.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

describe('outbox recording through the writer', () => {
  it('delivers to a local receiver and records the markers with Writer.command: in the file, no rebuild, no lost race', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-writer-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const received: string[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push((JSON.parse(body) as { id: string }).id);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const path = join(dir, 'events.jsonl');
    const store = await openFileStore(path);
    const writer = await createWriter({ store, engine: { regulated: true }, timerIntervalMs: 0 });
    cleanup.push(() => writer.close());
    const auth = basicAuthorization(SANDBOX_CREDENTIAL);
    for (let i = 0; i < 3; i += 1) {
      const answer = await writer.handle({ method: 'POST', path: '/customers', headers: { authorization: auth }, body: { customerType: 'INDIVIDUAL', platformCustomerId: `w-${i}`, fullName: 'Ada Lovelace' } });
      expect(answer.status).toBe(201);
    }
    const outbox = createOutbox({
      store,
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      signingKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      record: (outcomes) => writer.command((engine, clock) => engine.recordWebhookOutcomes(outcomes, clock)),
    });
    expect(await outbox.runOnce()).toEqual({ delivered: 3, failed: 0, gaveUp: 0 });
    expect(received).toHaveLength(3);
    // A later request still appends at the right seq: the writer owns every append.
    const after = await writer.handle({ method: 'POST', path: '/customers', headers: { authorization: auth }, body: { customerType: 'INDIVIDUAL', platformCustomerId: 'w-9', fullName: 'Ada Lovelace' } });
    expect(after.status).toBe(201);
    expect(writer.stats().rebuilds).toBe(0);
    expect(writer.stats().failedAppends).toBe(0);
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: { webhookId?: string } });
    expect(lines.filter((e) => e.type === WEBHOOK_EVENTS.delivered).map((e) => e.data.webhookId)).toEqual(received);
    // A second run has nothing left to send.
    expect(await outbox.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
  });
});
