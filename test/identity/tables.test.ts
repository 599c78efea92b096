/**
 * The sandbox identity tables match the spec's rows one for one, and the identity status
 * lifecycle table agrees with its xstate machine on every state and event.
 */
import { describe, expect, it } from 'vitest';
import { machineNext } from '../../src/domains/lifecycle.js';
import { IDENTITY_EVENTS, IDENTITY_STATUS_TABLE, identityStatusMachine, isFinalIdentityStatus } from '../../src/domains/customers/identity-status.js';
import { KYC_STATUSES } from '../../src/domains/customers/types.js';
import { BENEFICIAL_OWNER_SUFFIX_TABLE, KYB_SUFFIX_TABLE, kybSuffixRow, resolveBeneficialOwnerSuffix } from '../../src/sandbox/kyb.js';
import { kycSubmissionOutcome } from '../../src/sandbox/kyc.js';

describe('spec tables', () => {
  it('KYB business: 003 and 001 collect, 002 rejects, any other approves', () => {
    expect(KYB_SUFFIX_TABLE.map((r) => [r.suffix, r.outcome])).toEqual([['003', 'COLLECT'], ['001', 'COLLECT'], ['002', 'REJECTED'], [null, 'APPROVED']]);
    expect([kybSuffixRow('REG-003').outcome, kybSuffixRow('REG-002').outcome, kybSuffixRow('REG-0021').outcome, kybSuffixRow(undefined).outcome]).toEqual(['COLLECT', 'REJECTED', 'APPROVED', 'APPROVED']);
  });

  it('Beneficial owner: 001 PENDING, 002 REJECTED, any other APPROVED', () => {
    expect(BENEFICIAL_OWNER_SUFFIX_TABLE.map((r) => [r.suffix, r.kycStatus])).toEqual([['001', 'PENDING'], ['002', 'REJECTED'], [null, 'APPROVED']]);
    expect(['Doe001', 'Doe002', 'Doe003', 'Doe'].map(resolveBeneficialOwnerSuffix)).toEqual(['PENDING', 'REJECTED', 'APPROVED', 'APPROVED']);
  });

  it('KYC submission behaviour column: 001 manual review, 002 rejected, 003 poor-quality document, any other approved', () => {
    expect(['A 001', 'A 002', 'A 003', 'A 004'].map(kycSubmissionOutcome)).toEqual(['PENDING_MANUAL_REVIEW', 'REJECTED', 'POOR_QUALITY_DOCUMENT', 'APPROVED']);
  });
});

describe('identity status lifecycle', () => {
  it('the table agrees with the machine on every state and event', () => {
    for (const state of KYC_STATUSES) {
      for (const event of IDENTITY_EVENTS) expect(IDENTITY_STATUS_TABLE.next(state, event)).toBe(machineNext(identityStatusMachine, state, event));
    }
  });

  it('APPROVED and REJECTED are final; UNVERIFIED and PENDING move only forward', () => {
    expect(KYC_STATUSES.filter(isFinalIdentityStatus)).toEqual(['APPROVED', 'REJECTED']);
    expect(IDENTITY_STATUS_TABLE.rows.map((r) => `${r.from}-${r.event}->${r.to}`)).toEqual([
      'UNVERIFIED-HOLD_FOR_REVIEW->PENDING', 'UNVERIFIED-APPROVE->APPROVED', 'UNVERIFIED-REJECT->REJECTED', 'PENDING-APPROVE->APPROVED', 'PENDING-REJECT->REJECTED',
    ]);
  });
});
