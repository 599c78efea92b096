/**
 * `serve` delivers the outbox: a webhook the engine queues is POSTed to `--webhook-url` (a local
 * receiver on 127.0.0.1), signed with the run's key whose public half the banner prints (or the
 * `--webhook-key` file's), recorded as delivered in the log, and not sent again after a restart.
 * The writer keeps serving after the outbox appended its markers (shared mode over the file).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import { serve, serveOptions, type Serving } from '../../src/cli/serve.js';
import { recentEventsStore, webhookKey } from '../../src/cli/serve-webhooks.js';
import { CliError } from '../../src/cli/command.js';
import { openFileStore } from '../../src/server/file-store.js';
import { verifyWebhookSignature } from '../../src/server/outbox-signature.js';
import { AUTH, call, platformAccount, tempDir } from './support.js';

type Received = { body: string; signature: string };

async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['x-svc-signature'] ?? '') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const startMs = Date.now();
  while (!check()) {
    if (Date.now() - startMs > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const CSV = 'platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country\nhook-1,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US\n';

/** POST /customers/bulk/csv: the engine queues a BULK_UPLOAD.COMPLETED webhook. */
async function queueWebhook(api: string): Promise<void> {
  const form = new FormData();
  form.set('file', new Blob([CSV], { type: 'text/csv' }), 'customers.csv');
  const response = await fetch(`${api}/customers/bulk/csv`, { method: 'POST', headers: { authorization: AUTH }, body: form });
  expect(response.status).toBe(202);
  await response.arrayBuffer();
}

function logTypes(file: string): string[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as EventEnvelope).type);
}

describe('serve: webhook delivery of the outbox', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (args: Record<string, string | boolean>): Promise<{ serving: Serving; out: string[]; err: string[] }> => {
    const out: string[] = [];
    const err: string[] = [];
    const serving = await serve(serveOptions({ positionals: [], values: { port: '0', 'timer-interval-ms': '0', 'webhook-interval-ms': '50', ...args } }), {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    cleanups.push(() => serving.close());
    return { serving, out, err };
  };

  it('POSTs a queued webhook to --webhook-url signed with the printed public key, records it, and does not resend after a restart', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const hooks = await receiver();
    cleanups.push(hooks.close);
    const log = join(t.dir, 'events.jsonl');
    const first = await start({ log, 'webhook-url': hooks.url });
    const banner = first.out.join('\n');
    expect(banner).toContain(`else ${hooks.url}`);
    expect(banner).toContain('a key generated for this run');
    const publicKeyPem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(banner)?.[0];
    expect(publicKeyPem).toBeDefined();

    await queueWebhook(first.serving.url);
    await until(() => hooks.received.length === 1);
    const [delivered] = hooks.received;
    expect(JSON.parse(delivered!.body)).toMatchObject({ type: 'BULK_UPLOAD.COMPLETED' });
    expect(verifyWebhookSignature(delivered!.body, delivered!.signature, publicKeyPem!)).toBe(true);
    expect(verifyWebhookSignature(`${delivered!.body} `, delivered!.signature, publicKeyPem!)).toBe(false);
    await until(() => logTypes(log).includes('WebhookDelivered'));

    // The writer caught up on the outbox's marker: a write after it is stored, not 503. (A
    // batch that raced the marker's append is decided again after a rebuild, also not a 503.)
    const account = await platformAccount(first.serving.url);
    expect((await call(first.serving.url, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 100 })).status).toBe(200);
    expect(logTypes(log).slice(-1)).toEqual(['SandboxAccountFunded']);
    await first.serving.close();

    const second = await start({ log, 'webhook-url': hooks.url });
    await second.serving.outbox.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooks.received).toHaveLength(1);
    expect(second.serving.outbox.pending()).toEqual([]);
    expect(second.err).toEqual([]);
  }, 60_000);

  it('signs with the --webhook-key file; a file that is not a P-256 private key is refused before anything opens', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const hooks = await receiver();
    cleanups.push(hooks.close);
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const keyFile = join(t.dir, 'webhook-key.pem');
    writeFileSync(keyFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const { serving, out } = await start({ log: join(t.dir, 'events.jsonl'), 'webhook-url': hooks.url, 'webhook-key': keyFile });
    expect(out.join('\n')).toContain(keyFile);
    await queueWebhook(serving.url);
    await until(() => hooks.received.length === 1);
    expect(verifyWebhookSignature(hooks.received[0]!.body, hooks.received[0]!.signature, pair.publicKey)).toBe(true);

    const rsa = join(t.dir, 'rsa.pem');
    writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => webhookKey(rsa)).toThrow(CliError);
    expect(() => webhookKey(join(t.dir, 'missing.pem'))).toThrow(/--webhook-key/);
    expect(() => serveOptions({ positionals: [], values: { 'webhook-url': 'ftp://x' } })).toThrow(CliError);
  }, 60_000);

  it('the endpoint set with PATCH /config wins over --webhook-url (followed at run time)', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const hooks = await receiver();
    cleanups.push(hooks.close);
    const { serving, err } = await start({ log: join(t.dir, 'events.jsonl'), 'webhook-url': hooks.url, 'webhook-interval-ms': '100000' });
    // A port that was just freed: nothing listens, so the try fails with a refused connection.
    const closed = await receiver();
    const port = new URL(closed.url).port;
    await closed.close();
    const patched = await call(serving.url, 'PATCH', '/config', { webhookEndpoint: `https://localhost:${port}/hooks` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await queueWebhook(serving.url);
    const run = await serving.outbox.runOnce();
    expect(run).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(hooks.received).toEqual([]);
    expect(err.join('\n')).toMatch(/try 1 failed \(connection failed: ECONNREFUSED\)/);
    expect(err.join('\n')).not.toContain(`localhost:${port}`);
  }, 60_000);

  it('with no endpoint configured nothing is sent and nothing counts as a try', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const { serving } = await start({ log: join(t.dir, 'events.jsonl') });
    await queueWebhook(serving.url);
    const run = await serving.outbox.runOnce();
    expect(run).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    expect(serving.outbox.pending().map((p) => p.attempts)).toEqual([0]);
  }, 60_000);
});

describe('recentEventsStore (serve over the file store)', () => {
  it('answers recent loads from memory exactly as the file does, and older ones from the file', async () => {
    const t = tempDir();
    try {
      const file = join(t.dir, 'events.jsonl');
      const source = await serveLog(join(t.dir, 'source.jsonl'));
      const inner = await openFileStore(file);
      const store = recentEventsStore(inner, 2);
      let seq = 0;
      for (const chunk of [source.slice(0, 2), source.slice(2, 3), source.slice(3)]) {
        await store.append(chunk, seq);
        seq += chunk.length;
      }
      const all = async (s: typeof store, after: number): Promise<number[]> => {
        const seqs: number[] = [];
        for await (const event of s.load(after)) seqs.push(event.seq);
        return seqs;
      };
      for (let after = 0; after <= seq; after += 1) expect(await all(store, after)).toEqual(await all(inner, after));
      await store.close();
    } finally {
      t.cleanup();
    }
  });
});

/** A few sealed events: what a short serve run writes. */
async function serveLog(file: string): Promise<EventEnvelope[]> {
  const out: string[] = [];
  const serving = await serve(serveOptions({ positionals: [], values: { port: '0', 'timer-interval-ms': '0', log: file } }), { out: (l) => out.push(l), err: () => undefined });
  const account = await platformAccount(serving.url);
  for (const amount of [1, 2, 3]) await call(serving.url, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount });
  await serving.close();
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as EventEnvelope);
}
