/**
 * KYC of individuals through `POST /verifications` (spec: Verification result; Sandbox behaviour,
 * KYC individual; Verification (KYC/KYB) in sandbox), table-driven from the spec's rows.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../support/harness.js';
import { completeIndividual, uploadDocument, webhookTypes } from './support.js';

type Platform = 'unregulated' | 'regulated' | 'skip-paperwork';

function platform(kind: Platform): Harness {
  const h = harness(kind === 'regulated' ? { regulated: true } : {});
  if (kind === 'skip-paperwork') h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
  return h;
}

// Spec KYC table: suffix -> status at creation on a regulated platform, and a complete submission's answer.
const KYC_ROWS = [
  { suffix: '001', atCreation: 'PENDING', verification: 'PENDING_MANUAL_REVIEW', after: 'PENDING' },
  { suffix: '002', atCreation: 'REJECTED', verification: 'REJECTED', after: 'REJECTED' },
  { suffix: '003', atCreation: 'UNVERIFIED', verification: 'RESOLVE_ERRORS', after: 'UNVERIFIED' },
  { suffix: '999', atCreation: 'APPROVED', verification: 'APPROVED', after: 'APPROVED' },
] as const;

describe('unregulated platform: created UNVERIFIED, the suffix applies once a complete submission is made', () => {
  for (const row of KYC_ROWS) {
    it(`suffix ${row.suffix}: UNVERIFIED at creation, a complete submission answers ${row.verification} and leaves ${row.after}`, () => {
      const h = platform('unregulated');
      const customer = h.ok('POST', '/customers', completeIndividual(`Ada ${row.suffix}`));
      expect(customer.kycStatus).toBe('UNVERIFIED');
      const documentId = uploadDocument(h, customer.id, 'PASSPORT');
      const answer = h.call('POST', '/verifications', { customerId: customer.id });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ customerId: customer.id, verificationStatus: row.verification });
      expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe(row.after);
      if (row.suffix === '003') {
        expect((answer.body as any).errors).toEqual([expect.objectContaining({ type: 'POOR_QUALITY_DOCUMENT', resourceId: documentId })]);
      } else expect((answer.body as any).errors).toEqual([]);
    });
  }

  it('an incomplete submission answers RESOLVE_ERRORS listing every missing field and the identity document, and changes no status', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'c-1', fullName: 'Ada 999' });
    const answer = h.call('POST', '/verifications', { customerId: customer.id });
    expect(answer.status).toBe(200);
    const body = answer.body as any;
    expect(body.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(body.errors.map((e: any) => e.field ?? e.type)).toEqual([
      'customer.birthDate', 'customer.nationality', 'customer.idType', 'customer.identifier', 'customer.address', 'MISSING_IDENTITY_DOCUMENT',
    ]);
    expect(body.errors.at(-1)).toMatchObject({ resourceId: customer.id, acceptedDocumentTypes: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] });
    expect(body.errors.every((e: any) => typeof e.reason === 'string' && e.resourceId === customer.id)).toBe(true);
    expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe('UNVERIFIED');
    expect(webhookTypes(answer.events)).toEqual(['VERIFICATION.RESOLVE_ERRORS']);
  });

  it('data completed by PATCH then makes the submission complete', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'c-1', fullName: 'Ada 999' });
    uploadDocument(h, customer.id, 'DRIVERS_LICENSE', { side: 'FRONT' });
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('RESOLVE_ERRORS');
    const { customerType: _t, platformCustomerId: _p, fullName: _f, ...rest } = completeIndividual('x');
    h.ok('PATCH', `/customers/${customer.id}`, rest);
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('APPROVED');
  });
});

describe('regulated or skip-paperwork platform: the suffix resolves at creation; 001 and 003 still need a full submission', () => {
  for (const kind of ['regulated', 'skip-paperwork'] as const) {
    for (const row of KYC_ROWS) {
      it(`${kind}, suffix ${row.suffix}: created ${row.atCreation}`, () => {
        const h = platform(kind);
        const customer = h.ok('POST', '/customers', completeIndividual(`Ada ${row.suffix}`));
        expect(customer.kycStatus).toBe(row.atCreation);
        const answer = h.call('POST', '/verifications', { customerId: customer.id });
        if (row.atCreation === 'APPROVED' || row.atCreation === 'REJECTED') {
          expect(answer.status).toBe(400);
          expect(answer.events).toEqual([]);
          return;
        }
        // Without the identity document the submission is incomplete, whatever the suffix.
        expect(answer.body).toMatchObject({ verificationStatus: 'RESOLVE_ERRORS', errors: [expect.objectContaining({ type: 'MISSING_IDENTITY_DOCUMENT' })] });
        uploadDocument(h, customer.id, 'NATIONAL_ID');
        expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe(row.verification);
        expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe(row.after);
      });
    }
  }
});

describe('APPROVED and REJECTED are final', () => {
  for (const suffix of ['002', '999']) {
    it(`after resolving (suffix ${suffix}) a later POST /verifications answers 400 with no event, and renaming does not re-derive`, () => {
      const h = platform('unregulated');
      const customer = h.ok('POST', '/customers', completeIndividual(`Ada ${suffix}`));
      uploadDocument(h, customer.id, 'PASSPORT');
      const status = h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus;
      h.ok('PATCH', `/customers/${customer.id}`, { fullName: suffix === '002' ? 'Ada 999' : 'Ada 002' });
      expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe(status);
      const again = h.call('POST', '/verifications', { customerId: customer.id });
      expect(again.status).toBe(400);
      expect((again.body as any).code).toBe('INVALID_INPUT');
      expect(again.events).toEqual([]);
      expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe(status);
    });
  }

  it('a PENDING customer moves on at its next complete submission, by the current name', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 001'));
    uploadDocument(h, customer.id, 'PASSPORT');
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('PENDING_MANUAL_REVIEW');
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('PENDING_MANUAL_REVIEW');
    h.ok('PATCH', `/customers/${customer.id}`, { fullName: 'Ada 999' });
    expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe('PENDING');
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('APPROVED');
  });
});

describe('webhooks: CUSTOMER.* and VERIFICATION.* on every change', () => {
  const cases = [
    { suffix: '001', types: ['CUSTOMER.KYC_PENDING', 'VERIFICATION.PENDING_MANUAL_REVIEW'] },
    { suffix: '002', types: ['CUSTOMER.KYC_REJECTED', 'VERIFICATION.REJECTED'] },
    { suffix: '003', types: ['VERIFICATION.RESOLVE_ERRORS'] },
    { suffix: '999', types: ['CUSTOMER.KYC_APPROVED', 'VERIFICATION.APPROVED'] },
  ];
  for (const { suffix, types } of cases) {
    it(`suffix ${suffix} queues ${types.join(' then ')} with the customer and the verification`, () => {
      const h = platform('unregulated');
      const customer = h.ok('POST', '/customers', completeIndividual(`Ada ${suffix}`));
      uploadDocument(h, customer.id, 'PASSPORT');
      const answer = h.call('POST', '/verifications', { customerId: customer.id });
      expect(webhookTypes(answer.events)).toEqual(types);
      const hooks = answer.events.filter((e) => e.type === 'WebhookQueued').map((e) => e.data as any);
      expect(hooks.at(-1).data).toEqual(answer.body);
      if (types.length === 2) expect(hooks[0].data).toEqual(h.ok('GET', `/customers/${customer.id}`));
    });
  }
});

describe('bad input gets the spec code and writes no event', () => {
  it('an unknown customer is 404 CUSTOMER_NOT_FOUND', () => {
    const h = platform('unregulated');
    const answer = h.call('POST', '/verifications', { customerId: 'Customer:nope' });
    expect(answer.status).toBe(404);
    expect((answer.body as any).code).toBe('CUSTOMER_NOT_FOUND');
    expect(answer.events).toEqual([]);
  });

  it('a body without customerId, or with an unknown field, is 400 INVALID_INPUT', () => {
    const h = platform('unregulated');
    for (const body of [{}, { customerId: 'Customer:x', extra: 1 }]) {
      const answer = h.call('POST', '/verifications', body);
      expect(answer.status).toBe(400);
      expect(answer.events).toEqual([]);
    }
  });

  it('an unknown verification is 404 VERIFICATION_NOT_FOUND', () => {
    const h = platform('unregulated');
    expect((h.call('GET', '/verifications/Verification:nope').body as any).code).toBe('VERIFICATION_NOT_FOUND');
  });
});

describe('GET /verifications', () => {
  it('lists in submission order, filters by customerId and verificationStatus, pages with a cursor', () => {
    const h = platform('unregulated');
    const a = h.ok('POST', '/customers', completeIndividual('Ada 999', 'a'));
    const b = h.ok('POST', '/customers', completeIndividual('Bob 999', 'b'));
    h.ok('POST', '/verifications', { customerId: a.id });
    h.ok('POST', '/verifications', { customerId: b.id });
    uploadDocument(h, a.id, 'PASSPORT');
    const approved = h.ok('POST', '/verifications', { customerId: a.id });
    expect(h.ok('GET', '/verifications').totalCount).toBe(3);
    expect(h.ok('GET', `/verifications?customerId=${encodeURIComponent(a.id)}`).data.map((v: any) => v.verificationStatus)).toEqual(['RESOLVE_ERRORS', 'APPROVED']);
    expect(h.ok('GET', '/verifications?verificationStatus=APPROVED').data).toEqual([approved]);
    const first = h.ok('GET', '/verifications?limit=2');
    expect(first.hasMore).toBe(true);
    const second = h.ok('GET', `/verifications?limit=2&cursor=${first.nextCursor}`);
    expect(second.data).toEqual([approved]);
    expect(h.ok('GET', `/verifications/${approved.id}`)).toEqual(approved);
    expect(h.call('GET', '/verifications?verificationStatus=NOPE').status).toBe(400);
    expect(h.call('GET', '/verifications?colour=red').status).toBe(400);
  });
});
