import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchHandler } from '../../src/server/fetch.js';
import { openFileStore } from '../../src/server/file-store.js';
import { createWriter, type RequestHandler, type Writer } from '../../src/server/writer.js';
import { AUTH, call, type Listening, listen, platformAccount, tempDir } from './support.js';

/** A raw request (fetch cannot send a lying Content-Length or stream slowly). */
function raw(origin: string, method: string, path: string, headers: Record<string, string | number>, body?: Buffer): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('HTTP adapter (node:http) over a writer and a file store, on 127.0.0.1', () => {
  let cleanup = (): void => undefined;
  let server: Listening | undefined;
  let writer: Writer | undefined;
  afterEach(async () => {
    await server?.close();
    await writer?.close();
    server = undefined;
    writer = undefined;
    cleanup();
  });
  const start = async (path?: string): Promise<{ api: string; origin: string; path: string }> => {
    let file = path;
    if (file === undefined) {
      const t = tempDir();
      cleanup = t.cleanup;
      file = join(t.dir, 'events.jsonl');
    }
    writer = await createWriter({ store: await openFileStore(file), timerIntervalMs: 0 });
    server = await listen(writer);
    return { api: server.api, origin: server.origin, path: file };
  };

  it('serves the API under /2025-10-13: create a customer, fund, read back', async () => {
    const { api } = await start();
    const account = await platformAccount(api);
    const funded = await call(api, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 12_345 });
    expect(funded.status).toBe(200);
    expect(funded.headers.get('content-type')).toMatch(/^application\/json/);
    const read = await call(api, 'GET', `/internal-accounts/${account}`);
    expect(read.body.balance.amount).toBeGreaterThanOrEqual(12_345);
  });

  it('answers another base path 404 with a hint naming /2025-10-13', async () => {
    const { origin } = await start();
    const r = await call(origin, 'GET', '/customers');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
    expect(r.body.reason).toContain('/2025-10-13');
    expect((await call(origin, 'GET', '/2025-10-12/customers')).status).toBe(404);
    expect((await call(origin, 'GET', '/2025-10-13x/customers')).status).toBe(404);
  });

  it('echoes a usable X-Request-Id and generates one otherwise', async () => {
    const { api } = await start();
    const echoed = await call(api, 'GET', '/customers', undefined, { 'x-request-id': 'req-abc.123' });
    expect(echoed.headers.get('x-request-id')).toBe('req-abc.123');
    const generated = await call(api, 'GET', '/customers');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await call(api, 'GET', '/customers', undefined, { 'x-request-id': 'a b<script>' });
    expect(unsafe.headers.get('x-request-id')).not.toBe('a b<script>');
  });

  it('refuses a body over the limit with 413 before reading it (declared length and streamed body)', async () => {
    const { origin } = await start();
    const declared = await raw(origin, 'POST', '/2025-10-13/customers', { authorization: AUTH, 'content-type': 'application/json', 'content-length': 10_000_000 }, Buffer.from('{'));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await raw(origin, 'POST', '/2025-10-13/customers', { authorization: AUTH, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, Buffer.alloc(300_000, 0x20));
    expect(streamed.status).toBe(413);
  });

  it('refuses a body that is not JSON by content type (400 INVALID_REQUEST_FORMAT)', async () => {
    const { api } = await start();
    const r = await fetch(`${api}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'text/plain' }, body: '{}' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { code: string }).code).toBe('INVALID_REQUEST_FORMAT');
  });

  it('passes the engine its own errors unchanged (bad JSON, unauthenticated)', async () => {
    const { api } = await start();
    const bad = await fetch(`${api}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: '{"customerType":' });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${api}/customers`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps state across a restart: close, reopen the same file, the balance is the same', async () => {
    const { api, path } = await start();
    const account = await platformAccount(api);
    for (const amount of [1_000, 2_000]) expect((await call(api, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount })).status).toBe(200);
    const before = (await call(api, 'GET', `/internal-accounts/${account}`)).body.balance;
    await server?.close();
    await writer?.close();
    const again = await start(path);
    expect((await call(again.api, 'GET', `/internal-accounts/${account}`)).body.balance).toEqual(before);
  });

  it('many concurrent HTTP fund requests: all answered 200, fewer appends than requests', async () => {
    const { api } = await start();
    const account = await platformAccount(api);
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(api, 'POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 1 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(writer!.stats().commits).toBeLessThan(100);
  });
});

describe('Fetch API adapter', () => {
  const echo: RequestHandler = { handle: async (request) => ({ status: 200, body: { method: request.method, path: request.path, body: request.body ?? null, auth: request.headers?.authorization ?? null } }) };
  const handler = fetchHandler(echo);

  it('strips the base path and hands over method, path with query, headers and body text', async () => {
    const response = await handler(new Request('http://x/2025-10-13/customers?limit=2', { method: 'POST', headers: { authorization: 'Basic a', 'content-type': 'application/json' }, body: '{"a":1}' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ method: 'POST', path: '/customers?limit=2', body: '{"a":1}', auth: 'Basic a' });
  });

  it('404 with a hint off the base path, 413 over the limit, 400 for a non-JSON content type, request id echoed', async () => {
    const off = await handler(new Request('http://x/customers'));
    expect(off.status).toBe(404);
    expect(((await off.json()) as { reason: string }).reason).toContain('/2025-10-13');
    const small = fetchHandler(echo, { bodyLimitBytes: 10 });
    const big = await small(new Request('http://x/2025-10-13/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"0123456789"}' }));
    expect(big.status).toBe(413);
    const text = await handler(new Request('http://x/2025-10-13/customers', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }));
    expect(text.status).toBe(400);
    const id = await handler(new Request('http://x/2025-10-13/platform', { headers: { 'x-request-id': 'abc' } }));
    expect(id.headers.get('x-request-id')).toBe('abc');
  });

  it('serves a real writer: fund through Request/Response', async () => {
    const t = tempDir();
    try {
      const writer = await createWriter({ store: await openFileStore(join(t.dir, 'e.jsonl')), timerIntervalMs: 0 });
      const fetchApi = fetchHandler(writer);
      const list = await fetchApi(new Request('http://x/2025-10-13/platform/internal-accounts', { headers: { authorization: AUTH } }));
      const account = ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
      const funded = await fetchApi(new Request(`http://x/2025-10-13/sandbox/internal-accounts/${account}/fund`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: '{"amount":5}' }));
      expect(funded.status).toBe(200);
      await writer.close();
    } finally {
      t.cleanup();
    }
  });
});
