/**
 * Verification documents (reference /documents; spec: document upload fields, document rejection
 * codes, "Any JPEG, PNG or PDF is accepted in sandbox"). Uploads are multipart bytes; the log
 * holds the file's SHA-256 and size, never its bytes.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeForm } from '../../src/api/multipart.js';
import { UPLOAD_LIMITS } from '../../src/api/raw-body.js';
import { DOCUMENT_FILE_BYTES_MAX } from '../../src/domains/documents/decide.js';
import { recogniseFile } from '../../src/domains/documents/file-kind.js';
import { harness } from '../support/harness.js';
import { AUTH } from '../support/harness.js';
import { completeIndividual, JPEG, PDF, PNG, upload } from './support.js';

function setup() {
  const h = harness();
  const customer = h.ok('POST', '/customers', completeIndividual('Ada 999'));
  return { h, customer };
}

describe('files are recognised by content, not by name', () => {
  const cases: [string, Uint8Array, string][] = [
    ['a PDF', PDF, 'accepted'],
    ['a JPEG', JPEG, 'accepted'],
    ['a PNG', PNG, 'accepted'],
    ['a PDF without %%EOF', PDF.slice(0, 20), 'truncated'],
    ['a JPEG without its end marker', JPEG.slice(0, -2), 'truncated'],
    ['a PNG without IEND', PNG.slice(0, 12), 'truncated'],
    ['a GIF', new TextEncoder().encode('GIF89a....'), 'unsupported'],
    ['text', new TextEncoder().encode('hello'), 'unsupported'],
    ['nothing', new Uint8Array(0), 'empty'],
  ];
  for (const [name, bytes, kind] of cases) {
    it(`${name} is ${kind}`, () => expect(recogniseFile(bytes).kind).toBe(kind));
  }
});

describe('POST /documents', () => {
  for (const [name, bytes] of [['PDF', PDF], ['JPEG', JPEG], ['PNG', PNG]] as const) {
    it(`accepts any ${name} (whatever its file name) and logs its hash and size, never the bytes`, () => {
      const { h, customer } = setup();
      const answer = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US', documentNumber: '123-45-6789' }, { fileName: 'scan.bin', bytes });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.stringMatching(/^Document:/),
        documentHolder: customer.id,
        documentType: 'PASSPORT',
        country: 'US',
        documentNumber: '123-45-6789',
        fileName: 'scan.bin',
        createdAt: h.now,
        updatedAt: h.now,
      });
      const [event] = answer.events;
      expect(event?.type).toBe('DocumentUploaded');
      expect((event?.data as { document: { file: unknown } } | undefined)?.document.file).toEqual({ sha256: bytesToHex(sha256(bytes)), sizeBytes: bytes.length, mediaType: expect.any(String) });
      expect(JSON.stringify(answer.events)).not.toContain('JFIF');
      expect(h.ok('GET', `/documents/${(answer.body as any).id}`)).toEqual(answer.body);
    });
  }

  const GIF = new TextEncoder().encode('GIF89a');
  const rejections: { rule: string; fields?: Record<string, string>; file?: { fileName: string; bytes: Uint8Array } | null; holder?: string; status: number; code: string }[] = [
    { rule: 'a file that is not JPEG, PNG or PDF, even named .pdf', file: { fileName: 'x.pdf', bytes: GIF }, status: 400, code: 'UNSUITABLE_DOCUMENT' },
    { rule: 'an empty file', file: { fileName: 'x.pdf', bytes: new Uint8Array(0) }, status: 400, code: 'INCOMPLETE' },
    { rule: 'a cut-short PDF', file: { fileName: 'x.pdf', bytes: PDF.slice(0, 12) }, status: 400, code: 'INCOMPLETE' },
    { rule: 'a business document for a person', fields: { documentType: 'CERTIFICATE_OF_INCORPORATION' }, status: 400, code: 'UNSUITABLE_DOCUMENT' },
    { rule: 'an unknown holder', holder: 'Customer:nope', status: 404, code: 'DOCUMENT_HOLDER_NOT_FOUND' },
    { rule: 'no file part', file: null, status: 400, code: 'INVALID_INPUT' },
    { rule: 'an unknown documentType', fields: { documentType: 'DIPLOMA' }, status: 400, code: 'INVALID_INPUT' },
    { rule: 'an unknown country', fields: { country: 'XX' }, status: 400, code: 'INVALID_INPUT' },
    { rule: 'an unknown field', fields: { colour: 'red' }, status: 400, code: 'INVALID_INPUT' },
  ];
  for (const row of rejections) {
    it(`${row.rule}: ${row.status} ${row.code}, no event`, () => {
      const { h, customer } = setup();
      const fields = { documentHolder: row.holder ?? customer.id, documentType: 'PASSPORT', country: 'US', ...row.fields };
      const file = row.file === null ? undefined : (row.file ?? { fileName: 'x.pdf', bytes: PDF });
      const answer = upload(h, 'POST', '/documents', fields, file);
      expect([answer.status, (answer.body as any).code]).toEqual([row.status, row.code]);
      expect(answer.events).toEqual([]);
    });
  }

  it('an identity document whose number differs from the holder’s identifier of that type is 400 DATA_MISMATCH', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', { ...completeIndividual('Ada 999'), idType: 'PASSPORT', identifier: 'P123' });
    const answer = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US', documentNumber: 'P999' }, { fileName: 'p.pdf', bytes: PDF });
    expect([answer.status, (answer.body as any).code, answer.events.length]).toEqual([400, 'DATA_MISMATCH', 0]);
  });

  it(`an upload over ${DOCUMENT_FILE_BYTES_MAX} bytes is 400 INVALID_INPUT on file; a body over ${UPLOAD_LIMITS.bodyBytesMax} bytes is 413`, () => {
    const { h, customer } = setup();
    const big = new Uint8Array(DOCUMENT_FILE_BYTES_MAX + 1);
    big.set(PDF.slice(0, 9));
    const answer = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'big.pdf', bytes: big });
    expect([answer.status, (answer.body as any).code, (answer.body as any).details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'file']);
    expect(answer.events).toEqual([]);
    const huge = h.engine.handle(
      { method: 'POST', path: '/documents', headers: { authorization: AUTH, 'content-type': 'multipart/form-data; boundary=x' }, body: new Uint8Array(UPLOAD_LIMITS.bodyBytesMax + 1) },
      { now: h.now },
    );
    expect([huge.response.status, (huge.response.body as any).code, huge.events.length]).toEqual([413, 'PAYLOAD_TOO_LARGE', 0]);
  });

  it('a JSON body, a multipart body without boundary and broken framing are refused without an event', () => {
    const { h, customer } = setup();
    const json = h.call('POST', '/documents', { documentHolder: customer.id });
    expect([json.status, (json.body as any).code]).toEqual([400, 'INVALID_INPUT']);
    const headers = { authorization: AUTH };
    for (const [contentType, body] of [['multipart/form-data', 'x'], ['multipart/form-data; boundary=zz', '--zz\r\nbroken']] as const) {
      const answer = h.engine.handle({ method: 'POST', path: '/documents', headers: { ...headers, 'content-type': contentType }, body }, { now: h.now });
      expect([answer.response.status, (answer.response.body as any).code, answer.events.length]).toEqual([400, 'INVALID_REQUEST_FORMAT', 0]);
    }
  });

  it('a second document of the same holder, type and side is 409 DOCUMENT_ALREADY_EXISTS; another side is fine', () => {
    const { h, customer } = setup();
    const fields = { documentHolder: customer.id, documentType: 'DRIVERS_LICENSE', country: 'US', side: 'FRONT' };
    expect(upload(h, 'POST', '/documents', fields, { fileName: 'f.jpg', bytes: JPEG }).status).toBe(201);
    const again = upload(h, 'POST', '/documents', fields, { fileName: 'f.jpg', bytes: JPEG });
    expect([again.status, (again.body as any).code, again.events.length]).toEqual([409, 'DOCUMENT_ALREADY_EXISTS', 0]);
    expect(upload(h, 'POST', '/documents', { ...fields, side: 'BACK' }, { fileName: 'b.jpg', bytes: JPEG }).status).toBe(201);
  });

  it('an idempotent retry of the same upload answers the first response without a new event', () => {
    const { h, customer } = setup();
    const form = encodeForm({ documentHolder: customer.id, documentType: 'PASSPORT', country: 'US' }, { file: { fileName: 'p.pdf', bytes: PDF } });
    const send = () => h.engine.handle({ method: 'POST', path: '/documents', headers: { authorization: AUTH, 'content-type': form.contentType, 'idempotency-key': 'k1' }, body: form.body }, { now: h.now });
    const first = send();
    const second = send();
    expect(second.response).toEqual(first.response);
    expect(second.events).toEqual([]);
  });
});

describe('GET, PUT and DELETE /documents', () => {
  it('lists by documentHolder, replaces a document, deletes it (204), and 404s an unknown id', () => {
    const { h, customer } = setup();
    const owner = h.ok('POST', '/customers', completeIndividual('Bob 999', 'bob'));
    const a = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'a.pdf', bytes: PDF }).body as any;
    upload(h, 'POST', '/documents', { documentHolder: owner.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'b.pdf', bytes: PDF });
    expect(h.ok('GET', `/documents?documentHolder=${encodeURIComponent(customer.id)}`)).toEqual({ data: [a], hasMore: false, totalCount: 1 });
    expect(h.ok('GET', '/documents').totalCount).toBe(2);
    h.now = '2026-01-05T17:00:00.000Z';
    const replaced = upload(h, 'PUT', `/documents/${a.id}`, { documentType: 'NATIONAL_ID', country: 'FR' }, { fileName: 'id.png', bytes: PNG });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: a.id, documentHolder: customer.id, documentType: 'NATIONAL_ID', country: 'FR', fileName: 'id.png', createdAt: a.createdAt, updatedAt: h.now });
    expect(upload(h, 'PUT', `/documents/${a.id}`, { documentHolder: owner.id, documentType: 'NATIONAL_ID', country: 'FR' }, { fileName: 'x.png', bytes: PNG }).status).toBe(400);
    const deleted = h.call('DELETE', `/documents/${a.id}`);
    expect(deleted.status).toBe(204);
    expect((h.call('GET', `/documents/${a.id}`).body as any).code).toBe('NOT_FOUND');
    expect(h.call('DELETE', `/documents/${a.id}`).status).toBe(404);
    expect(upload(h, 'PUT', '/documents/Document:nope', { documentType: 'PASSPORT', country: 'US' }, { fileName: 'x.pdf', bytes: PDF }).status).toBe(404);
  });

  it('a document submitted in a decided verification cannot be deleted (409), a rejected packet’s can', () => {
    const { h, customer } = setup();
    const incomplete = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'x', fullName: 'Ada 999' });
    const loose = upload(h, 'POST', '/documents', { documentHolder: incomplete.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'p.pdf', bytes: PDF }).body as any;
    h.ok('POST', '/verifications', { customerId: incomplete.id });
    expect(h.call('DELETE', `/documents/${loose.id}`).status).toBe(204);
    const doc = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'p.pdf', bytes: PDF }).body as any;
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('APPROVED');
    const refused = h.call('DELETE', `/documents/${doc.id}`);
    expect([refused.status, (refused.body as any).code, refused.events.length]).toEqual([409, 'INVALID_STATE_TRANSITION', 0]);
  });

  it('a beneficial owner can hold documents', () => {
    const h = harness();
    const biz = h.ok('POST', '/customers', { customerType: 'BUSINESS', platformCustomerId: 'b', businessInfo: { legalName: 'Acme' } });
    const owner = h.ok('POST', '/beneficial-owners', {
      customerId: biz.id, roles: ['UBO'], ownershipPercentage: 50,
      personalInfo: { firstName: 'J', lastName: 'S', birthDate: '1970-01-01', nationality: 'US', address: { line1: '1', city: 'c', postalCode: '12345', country: 'US' }, idType: 'SSN', identifier: '1' },
    });
    expect(upload(h, 'POST', '/documents', { documentHolder: owner.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'p.pdf', bytes: PDF }).status).toBe(201);
  });
});
