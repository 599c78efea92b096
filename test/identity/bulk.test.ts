/**
 * Bulk customers (reference POST /customers/bulk/csv, GET /customers/bulk/jobs/{jobId},
 * BulkUploadWebhook): per-row results, a malformed row reported in the job while the others apply.
 */
import { describe, expect, it } from 'vitest';
import { encodeForm } from '../../src/api/multipart.js';
import { AUTH, harness, type Harness } from '../support/harness.js';
import { webhookTypes } from './support.js';

function uploadCsv(h: Harness, csv: string) {
  const form = encodeForm({}, { file: { fileName: 'customers.csv', bytes: new TextEncoder().encode(csv), mediaType: 'text/csv' } });
  const { response, events } = h.engine.handle({ method: 'POST', path: '/customers/bulk/csv', headers: { authorization: AUTH, 'content-type': form.contentType }, body: form.body }, { now: h.now });
  h.log.push(...events);
  return { ...response, events };
}

const HEADER = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,platformAccountId,businessLegalName';

describe('POST /customers/bulk/csv', () => {
  it('the reference example creates both customers (short rows leave the rest empty) and queues BULK_UPLOAD.COMPLETED', () => {
    const h = harness();
    const csv = `${HEADER}\njohn.doe@uma.domain.com,customer123,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US\nacme@uma.domain.com,biz456,BUSINESS,,,400 Commerce Way,Austin,TX,78701,US,,Acme Inc\n`;
    const answer = uploadCsv(h, csv);
    expect(answer.status).toBe(202);
    const { jobId, status } = answer.body as any;
    expect(status).toBe('PROCESSING');
    expect(webhookTypes(answer.events)).toEqual(['BULK_UPLOAD.COMPLETED']);
    const job = h.ok('GET', `/customers/bulk/jobs/${jobId}`);
    expect(job).toMatchObject({ id: jobId, status: 'COMPLETED', progress: { total: 2, processed: 2, successful: 2, failed: 0 }, errors: [], completedAt: h.now });
    const created = job.results.map((r: any) => h.ok('GET', `/customers/${r.customerId}`));
    expect(created.map((c: any) => [c.platformCustomerId, c.customerType])).toEqual([['customer123', 'INDIVIDUAL'], ['biz456', 'BUSINESS']]);
    expect(created[0].address).toEqual({ line1: '123 Main St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' });
  });

  it('malformed and invalid rows are reported per row while the other rows still apply', () => {
    const h = harness();
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'taken', fullName: 'T' });
    const csv = [
      'platformCustomerId,customerType,fullName,birthDate',
      'ok-1,INDIVIDUAL,Ann,1990-01-01',
      'bad-cols,INDIVIDUAL,Ann,1990-01-01,extra,more',
      'bad-date,INDIVIDUAL,Ann,1990-02-30',
      'taken,INDIVIDUAL,Ann,1990-01-01',
      'ok-1,INDIVIDUAL,Twice,1990-01-01',
      ',INDIVIDUAL,NoId,1990-01-01',
      'ok-2,INDIVIDUAL,Bea,1991-01-01',
    ].join('\n');
    const answer = uploadCsv(h, csv);
    const job = h.ok('GET', `/customers/bulk/jobs/${(answer.body as any).jobId}`);
    expect(job.progress).toEqual({ total: 7, processed: 7, successful: 2, failed: 5 });
    expect(job.results.map((r: any) => [r.row, r.status])).toEqual([[1, 'CREATED'], [2, 'FAILED'], [3, 'FAILED'], [4, 'FAILED'], [5, 'FAILED'], [6, 'FAILED'], [7, 'CREATED']]);
    expect(job.errors.map((e: any) => [e.correlationId, e.code])).toEqual([
      ['bad-cols', 'INVALID_INPUT'], ['bad-date', 'INVALID_INPUT'], ['taken', 'CONFLICT'], ['ok-1', 'CONFLICT'], ['row 6', 'INVALID_INPUT'],
    ]);
    expect(h.ok('GET', '/customers?platformCustomerId=ok-2').totalCount).toBe(1);
  });

  it('a file where no row succeeds is a FAILED job with BULK_UPLOAD.FAILED', () => {
    const h = harness();
    const answer = uploadCsv(h, 'platformCustomerId,customerType\nx,ALIEN\n');
    expect(webhookTypes(answer.events)).toEqual(['BULK_UPLOAD.FAILED']);
    expect(h.ok('GET', `/customers/bulk/jobs/${(answer.body as any).jobId}`).status).toBe('FAILED');
  });

  it('a file that is unusable as a whole (no header, unknown column, no file part, not UTF-8) is 400 with no event', () => {
    const h = harness();
    for (const csv of ['', 'name\nx\n', 'platformCustomerId,customerType,shoeSize\nx,INDIVIDUAL,9\n']) {
      const answer = uploadCsv(h, csv);
      expect([answer.status, (answer.body as any).code, answer.events.length]).toEqual([400, 'INVALID_INPUT', 0]);
    }
    const form = encodeForm({ note: 'no file' });
    const missing = h.engine.handle({ method: 'POST', path: '/customers/bulk/csv', headers: { authorization: AUTH, 'content-type': form.contentType }, body: form.body }, { now: h.now });
    expect([missing.response.status, missing.events.length]).toEqual([400, 0]);
    const latin = encodeForm({}, { file: { fileName: 'x.csv', bytes: new Uint8Array([0x66, 0xff, 0xfe]) } });
    const bad = h.engine.handle({ method: 'POST', path: '/customers/bulk/csv', headers: { authorization: AUTH, 'content-type': latin.contentType }, body: latin.body }, { now: h.now });
    expect([bad.response.status, bad.events.length]).toEqual([400, 0]);
  });

  it('an unknown job is 404 BULK_UPLOAD_JOB_NOT_FOUND', () => {
    const h = harness();
    expect((h.call('GET', '/customers/bulk/jobs/Job:nope').body as any).code).toBe('BULK_UPLOAD_JOB_NOT_FOUND');
  });
});
