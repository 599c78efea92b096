/**
 * Uploads over real HTTP: multipart/form-data bodies reach the engine as bytes with their
 * content type (src/api/raw-body.ts), bounded by UPLOAD_LIMITS.bodyBytesMax instead of the JSON
 * limit. The multipart framing is the HTTP client's own (undici's FormData), not a test encoder.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/api/limits.js';
import { UPLOAD_LIMITS } from '../../src/api/raw-body.js';
import { fetchHandler } from '../../src/server/fetch.js';
import { openFileStore } from '../../src/server/file-store.js';
import { createWriter, type Writer } from '../../src/server/writer.js';
import { completeIndividual } from '../identity/support.js';
import { AUTH, call, type Listening, listen, tempDir } from './support.js';

/** A complete PDF of about `sizeBytes` (comment lines pad it; signature and %%EOF kept). */
function pdfOf(sizeBytes: number): Uint8Array<ArrayBuffer> {
  const head = '%PDF-1.4\n';
  const tail = '1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
  const line = `%${'x'.repeat(98)}\n`;
  const lines = Math.max(0, Math.floor((sizeBytes - head.length - tail.length) / line.length));
  return new TextEncoder().encode(head + line.repeat(lines) + tail);
}

function documentForm(holder: string, pdf: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  form.set('documentHolder', holder);
  form.set('documentType', 'PASSPORT');
  form.set('country', 'US');
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'passport.pdf');
  return form;
}

async function send(url: string, form: FormData): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { authorization: AUTH }, body: form });
  return { status: response.status, body: await response.json() };
}

describe('multipart/form-data uploads through the HTTP adapters', () => {
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
  const start = async (): Promise<{ api: string; file: string }> => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'events.jsonl');
    writer = await createWriter({ store: await openFileStore(file), timerIntervalMs: 0 });
    server = await listen(writer);
    return { api: server.api, file };
  };

  it('POST /documents with a real multipart PDF larger than the JSON limit is stored (201) and survives a restart', async () => {
    const { api, file } = await start();
    const customer = await call(api, 'POST', '/customers', completeIndividual('Ada Upload'));
    expect(customer.status).toBe(201);
    const pdf = pdfOf(REQUEST_LIMITS.bodyBytesMax + 200_000);
    expect(pdf.length).toBeGreaterThan(REQUEST_LIMITS.bodyBytesMax);
    const uploaded = await send(`${api}/documents`, documentForm(customer.body.id, pdf));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ documentHolder: customer.body.id, documentType: 'PASSPORT' });
    const read = await call(api, 'GET', `/documents/${uploaded.body.id}`);
    expect(read.status).toBe(200);
    // Durable: a new writer over the same file knows the document.
    await server?.close();
    await writer?.close();
    writer = await createWriter({ store: await openFileStore(file), timerIntervalMs: 0 });
    server = await listen(writer);
    expect((await call(server.api, 'GET', `/documents/${uploaded.body.id}`)).status).toBe(200);
  });

  it('POST /customers/bulk/csv with a real multipart CSV creates the customers (202)', async () => {
    const { api } = await start();
    const csv = 'platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country\nbulk-1,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US\n';
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
    const answer = await send(`${api}/customers/bulk/csv`, form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const job = await call(api, 'GET', `/customers/bulk/jobs/${answer.body.jobId}`);
    expect(job.body).toMatchObject({ status: 'COMPLETED', progress: { total: 1, successful: 1, failed: 0 } });
    const listed = await call(api, 'GET', '/customers?platformCustomerId=bulk-1');
    expect(listed.body.data.map((c: any) => c.platformCustomerId)).toEqual(['bulk-1']);
  });

  it('an upload declared past UPLOAD_LIMITS.bodyBytesMax is 413 before it is read; JSON keeps its 256 KiB limit', async () => {
    const { api } = await start();
    const url = new URL(`${api}/documents`);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: url.pathname, headers: { authorization: AUTH, 'content-type': 'multipart/form-data; boundary=x', 'content-length': UPLOAD_LIMITS.bodyBytesMax + 1 } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
    const big = await fetch(`${api}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(REQUEST_LIMITS.bodyBytesMax) }) });
    expect(big.status).toBe(413);
    await big.arrayBuffer();
  });

  it('the Fetch API adapter passes uploads as bytes too, and still refuses other content types', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    writer = await createWriter({ store: await openFileStore(join(t.dir, 'events.jsonl')), timerIntervalMs: 0 });
    const handle = fetchHandler(writer);
    const created = await handle(new Request('http://x/2025-10-13/customers', { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify(completeIndividual('Bo Fetch')) }));
    const customer = (await created.json()) as { id: string };
    const uploaded = await handle(new Request('http://x/2025-10-13/documents', { method: 'POST', headers: { authorization: AUTH }, body: documentForm(customer.id, pdfOf(2_000)) }));
    expect(uploaded.status).toBe(201);
    const text = await handle(new Request('http://x/2025-10-13/documents', { method: 'POST', headers: { authorization: AUTH, 'content-type': 'text/plain' }, body: 'hello' }));
    expect(text.status).toBe(400);
    expect(((await text.json()) as { code: string }).code).toBe('INVALID_REQUEST_FORMAT');
  });
});
