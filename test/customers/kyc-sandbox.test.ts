/**
 * The spec's sandbox KYC table (Sandbox behaviour > KYC, individual) row for row, and the KYB rule
 * for businesses: on unregulated platforms everyone starts UNVERIFIED; on regulated platforms (or
 * with Skip verification paperwork on) the fullName suffix resolves at creation.
 */
import { describe, expect, it } from 'vitest';
import { decideCreateCustomer } from '../../src/domains/customers/create.js';
import { emptyCustomerStore } from '../../src/domains/customers/store.js';
import type { CustomerCreated } from '../../src/domains/customers/events.js';
import { emptyPlatformState } from '../../src/domains/platform/store.js';
import {
  KYB_STATUS_AT_CREATION,
  KYC_SUFFIX_TABLE,
  isFinalKycStatus,
  kycStatusAtCreation,
  resolveKycSuffix,
} from '../../src/sandbox/kyc.js';
import { harness } from '../support/harness.js';
import { business, create, individual } from './fixtures.js';

// The spec's rows, one for one: suffix of fullName -> resolved kycStatus.
const SPEC_ROWS = [
  { suffix: '001', resolved: 'PENDING', fullName: 'Pat Pending 001' },
  { suffix: '002', resolved: 'REJECTED', fullName: 'Rex Rejected 002' },
  { suffix: '003', resolved: 'UNVERIFIED', fullName: 'Una Unverified 003' },
  { suffix: 'any other', resolved: 'APPROVED', fullName: 'Amy Approved 004' },
] as const;

describe('the KYC suffix table constant', () => {
  it('has the spec rows in the spec order, "any other" last', () => {
    expect(KYC_SUFFIX_TABLE.map((row) => [row.suffix ?? 'any other', row.kycStatus])).toEqual(
      SPEC_ROWS.map((row) => [row.suffix, row.resolved]),
    );
  });

  it.each(SPEC_ROWS)('resolves a fullName ending in $suffix to $resolved', ({ fullName, resolved }) => {
    expect(resolveKycSuffix(fullName)).toBe(resolved);
  });

  it.each([
    ['a name without digits', 'Jane Doe', 'APPROVED'],
    ['a suffix inside the name, not at its end', 'Jane 001 Doe', 'APPROVED'],
    ['a name shorter than the suffix', '01', 'APPROVED'],
    ['a name that is only the suffix', '002', 'REJECTED'],
    ['a longer digit run ending in the suffix', 'Jane 1001', 'PENDING'],
  ])('reads only the last 3 characters: %s', (_label, fullName, status) => {
    expect(resolveKycSuffix(fullName)).toBe(status);
  });

  it('marks APPROVED and REJECTED final and nothing else', () => {
    expect(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED'].filter((s) => isFinalKycStatus(s as never))).toEqual(['APPROVED', 'REJECTED']);
  });
});

describe('kycStatus at creation by platform settings', () => {
  it.each(SPEC_ROWS)('unregulated, paperwork not skipped: $suffix is created UNVERIFIED', ({ fullName }) => {
    expect(kycStatusAtCreation({ regulated: false, skipVerificationPaperwork: false }, fullName)).toBe('UNVERIFIED');
  });
  it.each(SPEC_ROWS)('regulated: $suffix resolves at creation to $resolved', ({ fullName, resolved }) => {
    expect(kycStatusAtCreation({ regulated: true, skipVerificationPaperwork: false }, fullName)).toBe(resolved);
  });
  it.each(SPEC_ROWS)('unregulated with Skip verification paperwork on: $suffix resolves to $resolved', ({ fullName, resolved }) => {
    expect(kycStatusAtCreation({ regulated: false, skipVerificationPaperwork: true }, fullName)).toBe(resolved);
  });
});

describe('POST /customers applies the table', () => {
  it.each(SPEC_ROWS)('an unregulated platform creates $suffix UNVERIFIED', ({ fullName }) => {
    const h = harness();
    expect(create(h, individual({ fullName })).kycStatus).toBe('UNVERIFIED');
  });

  it.each(SPEC_ROWS)('a regulated platform creates $suffix as $resolved', ({ fullName, resolved }) => {
    const h = harness({ regulated: true });
    expect(create(h, individual({ fullName })).kycStatus).toBe(resolved);
  });

  it.each(SPEC_ROWS)('the decider resolves $suffix to $resolved when Skip verification paperwork is on', ({ fullName, resolved }) => {
    // PATCH /config is not built yet, so the setting is given to the decider directly.
    const platform = { ...emptyPlatformState('Platform:sandbox', false), skipVerificationPaperwork: true };
    const decided = decideCreateCustomer(
      { platform, customers: emptyCustomerStore() },
      { request: individual({ fullName }) as never, customerId: 'Customer:1', accountId: 'InternalAccount:1', at: '2026-01-05T16:00:00.000Z' },
    );
    expect(decided.ok).toBe(true);
    if (!decided.ok) return;
    const created = decided.value[0]?.data as CustomerCreated;
    expect(created.customer.customerType === 'INDIVIDUAL' && created.customer.kycStatus).toBe(resolved);
  });

  it.each([false, true])('creates every business with kybStatus UNVERIFIED (regulated: %s), whatever its registration number', (regulated) => {
    const h = harness({ regulated });
    for (const [index, registrationNumber] of ['REG-001', 'REG-002', 'REG-003', 'REG-004'].entries()) {
      const body = create(h, business({ platformCustomerId: `biz-${index}`, businessInfo: { legalName: 'Acme', registrationNumber } }));
      expect(body.kybStatus).toBe(KYB_STATUS_AT_CREATION);
      expect(body.kybStatus).toBe('UNVERIFIED');
      expect(body).not.toHaveProperty('kycStatus');
    }
  });

  it('gives individuals kycStatus and never kybStatus', () => {
    const body = create(harness(), individual());
    expect(body).toHaveProperty('kycStatus');
    expect(body).not.toHaveProperty('kybStatus');
  });
});

describe('renaming never re-derives a status', () => {
  it.each([
    ['APPROVED', 'Amy Approved', 'Amy Rejected 002'],
    ['REJECTED', 'Rex Rejected 002', 'Rex Approved'],
    ['PENDING', 'Pat Pending 001', 'Pat Approved'],
    ['UNVERIFIED', 'Una Unverified 003', 'Una Approved'],
  ])('a regulated customer created %s keeps it after renaming', (status, before, after) => {
    const h = harness({ regulated: true });
    const created = create(h, individual({ fullName: before }));
    expect(created.kycStatus).toBe(status);
    const patched = h.call('PATCH', `/customers/${created.id}`, { fullName: after });
    expect(patched.status).toBe(200);
    expect((patched.body as any).fullName).toBe(after);
    expect((patched.body as any).kycStatus).toBe(status);
  });

  it('an unregulated customer stays UNVERIFIED after renaming to any suffix', () => {
    const h = harness();
    const created = create(h, individual({ fullName: 'Jane Doe' }));
    for (const fullName of ['Jane 001', 'Jane 002', 'Jane 003', 'Jane 004']) {
      expect(h.ok('PATCH', `/customers/${created.id}`, { fullName }).kycStatus).toBe('UNVERIFIED');
    }
  });
});
