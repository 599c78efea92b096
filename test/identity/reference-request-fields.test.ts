/**
 * The identity routes' requests as the reference describes them (issue 12): the lists read their
 * queries with the zod schemas the generated OpenAPI document shows, page through the owner's own
 * records, and the owner address takes the reference's Address (`city` optional).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { expectRejected } from '../external-accounts/fixtures.js';
import { AUTH, harness } from '../support/harness.js';
import { business, completeIndividual, owner, uploadDocument } from './support.js';

function ownerWithoutCity(customerId: string, lastName: string) {
  const body = owner(customerId, lastName);
  const { city: _city, ...address } = body.personalInfo.address;
  return { ...body, personalInfo: { ...body.personalInfo, address } };
}

describe('beneficial owner address: the reference Address requires line1, postalCode and country only', () => {
  it('POST /beneficial-owners accepts personalInfo.address without city and answers it without one', () => {
    const h = harness();
    const biz = h.ok('POST', '/customers', business('BRN-777'));
    const created = h.ok('POST', '/beneficial-owners', ownerWithoutCity(biz.id, 'Smith'));
    expect(created.personalInfo.address).toEqual({ line1: '1 Main St', postalCode: '62701', country: 'US' });
    expect(h.ok('GET', `/beneficial-owners/${created.id}`).personalInfo.address.city).toBeUndefined();
  });

  it('PATCH /beneficial-owners/{id} replaces the address with one without city; line1 is still required', () => {
    const h = harness();
    const biz = h.ok('POST', '/customers', business('BRN-777'));
    const created = h.ok('POST', '/beneficial-owners', owner(biz.id, 'Smith'));
    const patched = h.ok('PATCH', `/beneficial-owners/${created.id}`, { personalInfo: { address: { line1: '2 Elm St', postalCode: '62702', country: 'US' } } });
    expect(patched.personalInfo.address).toEqual({ line1: '2 Elm St', postalCode: '62702', country: 'US' });
    const refused = expectRejected(h.call('PATCH', `/beneficial-owners/${created.id}`, { personalInfo: { address: { postalCode: '62702', country: 'US' } } }), 400, 'INVALID_INPUT');
    expect(refused.details.errors.map((e: { field: string }) => e.field)).toEqual(['personalInfo.address.line1']);
  });
});

describe('GET /beneficial-owners: customerId required (reference), paged through that business only', () => {
  it('pages one business of two with a cursor bound to it; a missing customerId or unknown parameter is listed', () => {
    const h = harness();
    const a = h.ok('POST', '/customers', business('BRN-771'));
    const b = h.ok('POST', '/customers', business('BRN-772'));
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(h.ok('POST', '/beneficial-owners', owner(a.id, name)).id);
      h.ok('POST', '/beneficial-owners', owner(b.id, name));
    }
    const first = h.ok('GET', `/beneficial-owners?customerId=${encodeURIComponent(a.id)}&limit=2`);
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(first.data.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 2));
    const second = h.ok('GET', `/beneficial-owners?customerId=${encodeURIComponent(a.id)}&limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(second.data.map((o: { id: string }) => o.id)).toEqual(ids.slice(2));
    // A cursor belongs to its business.
    expectRejected(h.call('GET', `/beneficial-owners?customerId=${encodeURIComponent(b.id)}&cursor=${first.nextCursor}`), 400, 'INVALID_INPUT');
    const refused = expectRejected(h.call('GET', '/beneficial-owners?colour=red'), 400, 'INVALID_INPUT');
    expect(refused.details.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`)).toEqual(['colour: Unknown field', 'customerId: customerId is required']);
    expect(h.ok('GET', '/beneficial-owners?customerId=Customer:none')).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });
});

describe('GET /documents: documentHolder pages through that holder only', () => {
  it('filters by holder with paging, lists every document without one, and refuses an empty holder', () => {
    const h = harness();
    const a = h.ok('POST', '/customers', business('BRN-773'));
    const b = h.ok('POST', '/customers', business('BRN-774'));
    const mine = [uploadDocument(h, a.id, 'CERTIFICATE_OF_INCORPORATION'), uploadDocument(h, a.id, 'UTILITY_BILL')];
    const theirs = uploadDocument(h, b.id, 'UTILITY_BILL');
    const first = h.ok('GET', `/documents?documentHolder=${encodeURIComponent(a.id)}&limit=1`);
    expect(first).toMatchObject({ hasMore: true, totalCount: 2, data: [{ id: mine[0] }] });
    expect(h.ok('GET', `/documents?documentHolder=${encodeURIComponent(a.id)}&limit=1&cursor=${first.nextCursor}`)).toMatchObject({ hasMore: false, data: [{ id: mine[1] }] });
    expect(h.ok('GET', '/documents').data.map((d: { id: string }) => d.id)).toEqual([...mine, theirs]);
    expectRejected(h.call('GET', '/documents?documentHolder='), 400, 'INVALID_INPUT');
  });
});

describe('GET /verifications: read through the customer and status indexes', () => {
  it('answers each filter and both together in submission order, paged, and the same after a replay', () => {
    const h = harness();
    const a = h.ok('POST', '/customers', completeIndividual('Ada 999', 'a'));
    const b = h.ok('POST', '/customers', completeIndividual('Bob 999', 'b'));
    const aFirst = h.ok('POST', '/verifications', { customerId: a.id });
    const bFirst = h.ok('POST', '/verifications', { customerId: b.id });
    uploadDocument(h, a.id, 'PASSPORT');
    uploadDocument(h, b.id, 'PASSPORT');
    const aApproved = h.ok('POST', '/verifications', { customerId: a.id });
    const bApproved = h.ok('POST', '/verifications', { customerId: b.id });
    expect([aFirst, bFirst, aApproved, bApproved].map((v) => v.verificationStatus)).toEqual(['RESOLVE_ERRORS', 'RESOLVE_ERRORS', 'APPROVED', 'APPROVED']);
    const ids = (path: string, engine = h.engine) =>
      (engine.handle({ method: 'GET', path, headers: { authorization: AUTH } }, { now: h.now }).response.body as { data: { id: string }[] }).data.map((v) => v.id);
    const queries = {
      [`/verifications?customerId=${encodeURIComponent(a.id)}`]: [aFirst.id, aApproved.id],
      '/verifications?verificationStatus=APPROVED': [aApproved.id, bApproved.id],
      [`/verifications?customerId=${encodeURIComponent(b.id)}&verificationStatus=RESOLVE_ERRORS`]: [bFirst.id],
      [`/verifications?customerId=${encodeURIComponent(b.id)}&verificationStatus=PENDING_MANUAL_REVIEW`]: [],
    };
    for (const [path, expected] of Object.entries(queries)) expect(ids(path), path).toEqual(expected);
    const page = h.ok('GET', '/verifications?verificationStatus=APPROVED&limit=1');
    expect(page).toMatchObject({ hasMore: true, totalCount: 2, data: [{ id: aApproved.id }] });
    expect(ids(`/verifications?verificationStatus=APPROVED&limit=1&cursor=${page.nextCursor}`)).toEqual([bApproved.id]);
    const replayed = createEngine({ events: h.log });
    const restored = createEngine({ snapshot: JSON.parse(JSON.stringify(createEngine({ events: h.log }).snapshot())) });
    for (const [path, expected] of Object.entries(queries)) {
      expect(ids(path, replayed), `replayed ${path}`).toEqual(expected);
      expect(ids(path, restored), `from a snapshot ${path}`).toEqual(expected);
    }
  });
});

describe('GET /verifications: verificationStatus is the reference VerificationStatus enum', () => {
  it('lists the enum in the refusal of an unknown status', () => {
    const h = harness();
    const refused = expectRejected(h.call('GET', '/verifications?verificationStatus=NOPE'), 400, 'INVALID_INPUT');
    expect(refused.details.errors[0]).toMatchObject({ field: 'verificationStatus', constraint: { enum: expect.arrayContaining(['APPROVED', 'REJECTED']) } });
  });
});
