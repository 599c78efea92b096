/**
 * Replay and snapshots of the identity stores: a scenario touching every identity operation,
 * then replay of its log and a snapshot at every cut plus the rest of the log equal the live
 * state (verifications, documents, beneficial owners, bulk jobs, links, contact progress and the
 * customers and owners whose statuses they changed).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { encodeForm } from '../../src/api/multipart.js';
import { AUTH, harness, type Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';
import { business, completeIndividual, JPEG, owner, PNG, upload, uploadDocument } from './support.js';

function scenario(): Harness {
  const h = harness({ regulated: false });
  const ada = h.ok('POST', '/customers', completeIndividual('Ada 999'));
  h.ok('POST', '/verifications', { customerId: ada.id });
  const doc = uploadDocument(h, ada.id, 'PASSPORT');
  upload(h, 'PUT', `/documents/${doc}`, { documentType: 'PASSPORT', country: 'US' }, { fileName: 'p.png', bytes: PNG });
  h.ok('POST', '/verifications', { customerId: ada.id });
  const bob = h.ok('POST', '/customers', completeIndividual('Bob 001', 'bob'));
  const loose = uploadDocument(h, bob.id, 'UTILITY_BILL');
  h.call('DELETE', `/documents/${loose}`);
  upload(h, 'POST', '/documents', { documentHolder: bob.id, documentType: 'DRIVERS_LICENSE', side: 'FRONT', country: 'US' }, { fileName: 'f.jpg', bytes: JPEG });
  h.ok('POST', '/verifications', { customerId: bob.id });
  const biz = h.ok('POST', '/customers', business('BRN-777'));
  const ids = ['Smith', 'Jones002', 'Lee001'].map((n) => h.ok('POST', '/beneficial-owners', owner(biz.id, n)).id);
  h.ok('PATCH', `/beneficial-owners/${ids[0]}`, { ownershipPercentage: 10 });
  for (const t of ['CERTIFICATE_OF_INCORPORATION', 'SHAREHOLDER_REGISTER', 'BANK_STATEMENT']) uploadDocument(h, biz.id, t);
  h.ok('POST', '/verifications', { customerId: biz.id });
  const eu = h.ok('POST', '/customers', { ...completeIndividual('Marie 002', 'marie'), address: { line1: '1', city: 'Paris', postalCode: '75001', country: 'FR' } });
  h.call('POST', `/customers/${eu.id}/verify-email`);
  h.ok('POST', `/customers/${eu.id}/verify-email/confirm`, { code: '123456' });
  h.call('POST', `/customers/${eu.id}/verify-phone`);
  h.ok('POST', `/customers/${eu.id}/verify-phone/confirm`, { code: '123456' });
  h.ok('POST', `/customers/${eu.id}/kyc-link`);
  h.ok('POST', `/sandbox/customers/${eu.id}/kyc-link/complete`);
  const csv = encodeForm({}, { file: { fileName: 'c.csv', bytes: new TextEncoder().encode('platformCustomerId,customerType,fullName\nz1,INDIVIDUAL,Zed\nz2,ALIEN,X\n') } });
  const { events } = h.engine.handle({ method: 'POST', path: '/customers/bulk/csv', headers: { authorization: AUTH, 'content-type': csv.contentType }, body: csv.body }, { now: h.now });
  h.log.push(...events);
  return h;
}

describe('identity stores: replay and snapshot plus tail equal the live state', () => {
  it('the scenario wrote identity events of every kind', () => {
    const types = new Set(scenario().log.map((e) => e.type));
    for (const type of ['VerificationSubmitted', 'DocumentUploaded', 'DocumentReplaced', 'DocumentDeleted', 'BeneficialOwnerCreated', 'BeneficialOwnerUpdated', 'KycLinkIssued', 'ContactCodeSent', 'ContactVerified', 'BulkCustomerImportFinished']) {
      expect(types).toContain(type);
    }
  });

  it('replaying the log rebuilds the live state, and so does a snapshot at every cut plus the rest', () => {
    const h = scenario();
    const live = stateText(h.engine);
    expect(live).toContain('BeneficialOwner:');
    expect(stateText(createEngine({ events: h.log }))).toBe(live);
    for (let cut = 1; cut < h.log.length; cut += 1) {
      const snapshot = JSON.parse(JSON.stringify(createEngine({ events: h.log.slice(0, cut) }).snapshot()));
      expect(stateText(createEngine({ snapshot, events: h.log.slice(cut) }))).toBe(live);
    }
  });
});
