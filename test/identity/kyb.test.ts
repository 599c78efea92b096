/**
 * KYB of businesses and their beneficial owners (spec: Sandbox behaviour, KYB business and
 * Beneficial owner), table-driven from the spec's rows.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../support/harness.js';
import { business, owner, uploadDocument, webhookTypes } from './support.js';

function platform(kind: 'unregulated' | 'regulated' | 'skip-paperwork'): Harness {
  const h = harness(kind === 'regulated' ? { regulated: true } : {});
  if (kind === 'skip-paperwork') h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
  return h;
}

/** Uploads the three business documents and adds owners with these last names. */
function completePacket(h: Harness, customerId: string, lastNames: readonly string[] = ['Smith']): string[] {
  uploadDocument(h, customerId, 'CERTIFICATE_OF_INCORPORATION');
  uploadDocument(h, customerId, 'SHAREHOLDER_REGISTER');
  uploadDocument(h, customerId, 'UTILITY_BILL');
  return lastNames.map((lastName) => h.ok('POST', '/beneficial-owners', owner(customerId, lastName)).id);
}

// Spec KYB table: suffix -> outcome of a complete submission.
const KYB_ROWS = [
  { suffix: '003', verification: 'PENDING_MANUAL_REVIEW', kybStatus: 'PENDING', final: false },
  { suffix: '001', verification: 'PENDING_MANUAL_REVIEW', kybStatus: 'PENDING', final: false },
  { suffix: '002', verification: 'REJECTED', kybStatus: 'REJECTED', final: true },
  { suffix: '777', verification: 'APPROVED', kybStatus: 'APPROVED', final: true },
] as const;

describe('KYB: always created UNVERIFIED; the registration number suffix applies at the first submission', () => {
  for (const kind of ['unregulated', 'regulated', 'skip-paperwork'] as const) {
    for (const row of KYB_ROWS) {
      it(`${kind}, suffix ${row.suffix}: created UNVERIFIED, a complete packet answers ${row.verification}`, () => {
        const h = platform(kind);
        const customer = h.ok('POST', '/customers', business(`BRN-${row.suffix}`));
        expect(customer.kybStatus).toBe('UNVERIFIED');
        completePacket(h, customer.id);
        const answer = h.call('POST', '/verifications', { customerId: customer.id });
        expect(answer.body).toMatchObject({ verificationStatus: row.verification, errors: [] });
        expect(h.ok('GET', `/customers/${customer.id}`).kybStatus).toBe(row.kybStatus);
        expect(webhookTypes(answer.events)).toEqual([`CUSTOMER.KYB_${row.kybStatus}`, `VERIFICATION.${row.verification}`]);
      });
    }
  }
});

describe('packet validation first on unregulated platforms; final suffixes resolve early on regulated or skip-paperwork ones', () => {
  for (const row of KYB_ROWS) {
    it(`unregulated, suffix ${row.suffix}: an incomplete packet answers RESOLVE_ERRORS listing every missing thing`, () => {
      const h = platform('unregulated');
      const customer = h.ok('POST', '/customers', { customerType: 'BUSINESS', platformCustomerId: 'b', businessInfo: { legalName: 'Acme', registrationNumber: `BRN-${row.suffix}` } });
      const body = h.ok('POST', '/verifications', { customerId: customer.id });
      expect(body.verificationStatus).toBe('RESOLVE_ERRORS');
      expect(body.errors.map((e: any) => e.field ?? e.type)).toEqual([
        'customer.address', 'MISSING_LEGAL_PRESENCE_DOCUMENT', 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'MISSING_BENEFICIAL_OWNER',
      ]);
      expect(body.errors[1].acceptedDocumentTypes).toEqual(['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT']);
      expect(h.ok('GET', `/customers/${customer.id}`).kybStatus).toBe('UNVERIFIED');
    });
    for (const kind of ['regulated', 'skip-paperwork'] as const) {
      it(`${kind}, suffix ${row.suffix}: an incomplete packet ${row.final ? `resolves ${row.kybStatus}` : 'answers RESOLVE_ERRORS'}`, () => {
        const h = platform(kind);
        const customer = h.ok('POST', '/customers', business(`BRN-${row.suffix}`));
        const body = h.ok('POST', '/verifications', { customerId: customer.id });
        expect(body.verificationStatus).toBe(row.final ? row.verification : 'RESOLVE_ERRORS');
        expect(h.ok('GET', `/customers/${customer.id}`).kybStatus).toBe(row.final ? row.kybStatus : 'UNVERIFIED');
      });
    }
  }

  it('a business without a registration number is told so', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', business(undefined, 'b'));
    const body = h.ok('POST', '/verifications', { customerId: customer.id });
    expect(body.errors.map((e: any) => e.field).filter(Boolean)).toEqual(['customer.businessInfo.registrationNumber']);
  });

  it('a final business answers 400 to a later submission and a new registration number does not re-derive', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', business('BRN-777'));
    completePacket(h, customer.id);
    h.ok('POST', '/verifications', { customerId: customer.id });
    h.ok('PATCH', `/customers/${customer.id}`, { businessInfo: { legalName: 'Acme LLC', registrationNumber: 'BRN-002' } });
    expect(h.ok('GET', `/customers/${customer.id}`).kybStatus).toBe('APPROVED');
    const again = h.call('POST', '/verifications', { customerId: customer.id });
    expect(again.status).toBe(400);
    expect(again.events).toEqual([]);
  });
});

describe('beneficial owners resolve by the last three characters of personalInfo.lastName when the business resolves terminally', () => {
  const OWNER_ROWS = [
    { lastName: 'Smith001', kycStatus: 'PENDING' },
    { lastName: 'Smith002', kycStatus: 'REJECTED' },
    { lastName: 'Smith', kycStatus: 'APPROVED' },
  ] as const;

  it('owners stay UNVERIFIED while the business waits for review (001, 003)', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', business('BRN-003'));
    const ids = completePacket(h, customer.id, OWNER_ROWS.map((r) => r.lastName));
    h.ok('POST', '/verifications', { customerId: customer.id });
    for (const id of ids) expect(h.ok('GET', `/beneficial-owners/${id}`).kycStatus).toBe('UNVERIFIED');
  });

  for (const suffix of ['002', '777']) {
    it(`business suffix ${suffix} (terminal): each owner resolves by its own row`, () => {
      const h = platform('unregulated');
      const customer = h.ok('POST', '/customers', business(`BRN-${suffix}`));
      const ids = completePacket(h, customer.id, OWNER_ROWS.map((r) => r.lastName));
      h.ok('POST', '/verifications', { customerId: customer.id });
      ids.forEach((id, i) => {
        expect(h.ok('GET', `/beneficial-owners/${id}`).kycStatus).toBe(OWNER_ROWS[i]!.kycStatus);
      });
      // Renaming an owner afterwards does not re-derive.
      const renamed = h.ok('PATCH', `/beneficial-owners/${ids[2]}`, { personalInfo: { lastName: 'Smith002' } });
      expect(renamed).toMatchObject({ kycStatus: 'APPROVED', personalInfo: { lastName: 'Smith002', firstName: 'Jane' } });
      // An owner added after the business resolved resolves at once.
      expect(h.ok('POST', '/beneficial-owners', owner(customer.id, 'Late001')).kycStatus).toBe('PENDING');
    });
  }
});

describe('beneficial owner routes', () => {
  it('create, get, list by customerId (required), patch; bad input writes no event', () => {
    const h = platform('unregulated');
    const customer = h.ok('POST', '/customers', business('BRN-777'));
    const created = h.call('POST', '/beneficial-owners', owner(customer.id, 'Smith'));
    expect(created.status).toBe(201);
    const body = created.body as any;
    expect(body).toMatchObject({ customerId: customer.id, roles: ['UBO'], ownershipPercentage: 60, kycStatus: 'UNVERIFIED' });
    expect(h.ok('GET', `/beneficial-owners/${body.id}`)).toEqual(body);
    expect(h.ok('GET', `/beneficial-owners?customerId=${encodeURIComponent(customer.id)}`)).toMatchObject({ data: [body], hasMore: false, totalCount: 1 });
    expect(h.call('GET', '/beneficial-owners').status).toBe(400);
    expect(h.ok('PATCH', `/beneficial-owners/${body.id}`, { ownershipPercentage: 30 }).ownershipPercentage).toBe(30);
    const same = h.call('PATCH', `/beneficial-owners/${body.id}`, { ownershipPercentage: 30 });
    expect(same.events).toEqual([]);
    const cases: [unknown, number, string][] = [
      [owner('Customer:nope', 'X'), 404, 'CUSTOMER_NOT_FOUND'],
      [{ ...owner(customer.id, 'X'), ownershipPercentage: 101 }, 400, 'INVALID_INPUT'],
      [{ ...owner(customer.id, 'X'), roles: ['KING'] }, 400, 'INVALID_INPUT'],
    ];
    for (const [request, status, code] of cases) {
      const answer = h.call('POST', '/beneficial-owners', request);
      expect([answer.status, (answer.body as any).code]).toEqual([status, code]);
      expect(answer.events).toEqual([]);
    }
    const individual = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'i', fullName: 'Ada' });
    expect(h.call('POST', '/beneficial-owners', owner(individual.id, 'X')).status).toBe(400);
    expect((h.call('GET', '/beneficial-owners/BeneficialOwner:nope').body as any).code).toBe('NOT_FOUND');
  });
});
