/**
 * What identity gates (spec: CARDHOLDER_KYC_NOT_APPROVED, "card cannot be issued unless
 * cardholder kycStatus is APPROVED"), the hosted KYC link (reference kyc-link) and contact
 * verification (reference verify-email / verify-phone, sandbox code 123456).
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { completeIndividual, uploadDocument, webhookTypes } from './support.js';

function accountOf(h: ReturnType<typeof harness>, customerId: string): string {
  return h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data[0].id;
}

describe('CARDHOLDER_KYC_NOT_APPROVED: on the default unregulated platform a card is issued once the cardholder is verified', () => {
  it('UNVERIFIED cardholder: 400 CARDHOLDER_KYC_NOT_APPROVED; after an APPROVED verification: 201', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', completeIndividual('Ada Lovelace'));
    const request = { customerId: customer.id, fundingSource: accountOf(h, customer.id), form: 'VIRTUAL' };
    const refused = h.call('POST', '/cards', request);
    expect([refused.status, (refused.body as any).code]).toEqual([400, 'CARDHOLDER_KYC_NOT_APPROVED']);
    uploadDocument(h, customer.id, 'PASSPORT');
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('APPROVED');
    expect(h.call('POST', '/cards', request).status).toBe(201);
  });

  it('a PENDING cardholder (001) is still refused', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 001'));
    uploadDocument(h, customer.id, 'PASSPORT');
    h.ok('POST', '/verifications', { customerId: customer.id });
    const refused = h.call('POST', '/cards', { customerId: customer.id, fundingSource: accountOf(h, customer.id), form: 'VIRTUAL' });
    expect((refused.body as any).code).toBe('CARDHOLDER_KYC_NOT_APPROVED');
  });
});

describe('hosted KYC link', () => {
  it('issuing answers 201 { kycUrl, expiresAt, provider, token } and changes no status; the sandbox completion judges the customer', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'c', fullName: 'Ada 999' });
    const issued = h.call('POST', `/customers/${customer.id}/kyc-link`, { redirectUri: 'https://app.example.com/done' });
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      kycUrl: expect.stringMatching(/^https:\/\/kyc\.svc\.example\/onboard\/[0-9a-f]{32}\?redirect_uri=https%3A%2F%2Fapp\.example\.com%2Fdone$/),
      expiresAt: '2026-01-06T16:00:00.000Z',
      provider: 'SUMSUB',
      token: expect.stringMatching(/^sbx-/),
    });
    expect(JSON.stringify(issued.events)).not.toContain((issued.body as any).kycUrl.slice(32, 64));
    expect(h.ok('GET', `/customers/${customer.id}`).kycStatus).toBe('UNVERIFIED');
    // The hosted flow collects the packet itself: the suffix applies.
    const done = h.call('POST', `/sandbox/customers/${customer.id}/kyc-link/complete`);
    expect(done.body).toMatchObject({ verificationStatus: 'APPROVED', customerId: customer.id });
    expect(webhookTypes(done.events)).toEqual(['CUSTOMER.KYC_APPROVED', 'VERIFICATION.APPROVED']);
    // Single use, and a final customer gets no new link.
    expect(h.call('POST', `/sandbox/customers/${customer.id}/kyc-link/complete`).status).toBe(400);
    expect(h.call('POST', `/customers/${customer.id}/kyc-link`).status).toBe(400);
  });

  it('KYB 003 through the hosted flow waits for review; an expired link cannot be completed', () => {
    const h = harness();
    const biz = h.ok('POST', '/customers', { customerType: 'BUSINESS', platformCustomerId: 'b', businessInfo: { legalName: 'Acme', registrationNumber: 'R-003' } });
    h.ok('POST', `/customers/${biz.id}/kyc-link`);
    h.now = '2026-01-07T00:00:00.000Z';
    const expired = h.call('POST', `/sandbox/customers/${biz.id}/kyc-link/complete`);
    expect([expired.status, (expired.body as any).code]).toEqual([409, 'INVALID_STATE_TRANSITION']);
    h.ok('POST', `/customers/${biz.id}/kyc-link`);
    expect(h.ok('POST', `/sandbox/customers/${biz.id}/kyc-link/complete`).verificationStatus).toBe('PENDING_MANUAL_REVIEW');
    expect(h.ok('GET', `/customers/${biz.id}`).kybStatus).toBe('PENDING');
  });

  it('an unknown customer is 404, a bad redirectUri 400, neither writes an event', () => {
    const h = harness();
    const missing = h.call('POST', '/customers/Customer:nope/kyc-link');
    expect([missing.status, missing.events.length]).toEqual([404, 0]);
    const customer = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'c', fullName: 'Ada' });
    const bad = h.call('POST', `/customers/${customer.id}/kyc-link`, { redirectUri: 'ftp://x' });
    expect([bad.status, bad.events.length]).toEqual([400, 0]);
  });
});

describe('contact verification: an EEA customer verifies email and phone before KYC can begin', () => {
  const eu = { ...completeIndividual('Marie 999'), address: { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'FR' } };

  it('verification and the hosted link answer 409 until both channels are VERIFIED with the sandbox code', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', eu);
    uploadDocument(h, customer.id, 'PASSPORT');
    expect((h.call('POST', '/verifications', { customerId: customer.id }).body as any).code).toBe('INVALID_STATE_TRANSITION');
    expect(h.call('POST', `/customers/${customer.id}/kyc-link`).status).toBe(409);
    // Confirming before a code was sent, or with a wrong code, is 400.
    expect(h.call('POST', `/customers/${customer.id}/verify-email/confirm`, { code: '123456' }).status).toBe(400);
    expect(h.call('POST', `/customers/${customer.id}/verify-email`).status).toBe(204);
    expect(h.call('POST', `/customers/${customer.id}/verify-email`).status).toBe(204); // resend
    const wrong = h.call('POST', `/customers/${customer.id}/verify-email/confirm`, { code: '000000' });
    expect([wrong.status, (wrong.body as any).code, wrong.events.length]).toEqual([400, 'INVALID_INPUT', 0]);
    const email = h.ok('POST', `/customers/${customer.id}/verify-email/confirm`, { code: '123456' });
    expect(email.contactVerification).toEqual({ email: 'VERIFIED', phone: 'PENDING' });
    expect(h.call('POST', `/customers/${customer.id}/verify-email`).status).toBe(409);
    expect(h.call('POST', `/verifications`, { customerId: customer.id }).status).toBe(409);
    h.ok('POST', `/customers/${customer.id}/verify-phone`);
    expect(h.ok('POST', `/customers/${customer.id}/verify-phone/confirm`, { code: '123456' }).contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' });
    expect(h.ok('POST', '/verifications', { customerId: customer.id }).verificationStatus).toBe('APPROVED');
  });

  it('GET /customers/{id} shows contactVerification only for a customer that needs it', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', eu);
    expect(h.ok('GET', `/customers/${customer.id}`).contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
    const us = h.ok('POST', '/customers', completeIndividual('Ada 999'));
    expect('contactVerification' in h.ok('GET', `/customers/${us.id}`)).toBe(false);
  });

  it('a customer without the requirement gets 409 from every contact route; an unknown one 404', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 999'));
    for (const path of ['verify-email', 'verify-phone']) {
      expect(h.call('POST', `/customers/${customer.id}/${path}`).status).toBe(409);
      expect(h.call('POST', `/customers/${customer.id}/${path}/confirm`, { code: '123456' }).status).toBe(409);
      expect(h.call('POST', `/customers/Customer:nope/${path}`).status).toBe(404);
    }
  });
});
