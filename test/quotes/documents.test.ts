/**
 * Payment documents and DOCUMENTS_REQUIRED: `POST /payment-documents` creates a
 * `PaymentDocument:<uuid>` for a customer; a purpose that needs documents (the constant table
 * purpose → requirement ids) is refused without them, listing `details.missingRequirements`; a
 * document attaches to one quote only (409 PAYMENT_DOCUMENT_ALREADY_USED); unknown or another
 * customer's document is 404 PAYMENT_DOCUMENT_NOT_FOUND.
 */
import { describe, expect, it } from 'vitest';
import { missingRequirements, PURPOSE_DOCUMENT_REQUIREMENTS } from '../../src/domains/payment-documents/requirements.js';
import type { PaymentDocument } from '../../src/domains/payment-documents/types.js';
import type { Harness } from '../support/harness.js';
import { fund, newCustomer, newExternalAccount, payoutBody, setup, call } from './support.js';

function upload(h: Harness, customerId: string, documentType = 'INVOICE', extra: Record<string, unknown> = {}): string {
  return h.ok('POST', '/payment-documents', { customerId, documentType, fileName: 'proof.pdf', ...extra }).id as string;
}

function world(h: Harness) {
  const { customerId, accountId } = newCustomer(h);
  fund(h, accountId, 100_000);
  const destination = newExternalAccount(h, customerId, 'USD', '789');
  return { customerId, accountId, destination };
}

function rejects(h: Harness, body: unknown, status: number, code: string): Record<string, any> {
  const response = call(h, 'POST', '/quotes', body);
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.events).toEqual([]);
  return response.body;
}

describe('POST /payment-documents', () => {
  it('creates a PaymentDocument for a customer (201) readable with GET', () => {
    const h = setup();
    const { customerId } = newCustomer(h);
    const response = call(h, 'POST', '/payment-documents', { customerId, documentType: 'CONTRACT', requirementId: 'SUPPORTING_PROOF', fileName: 'deal.png' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^PaymentDocument:[0-9a-f-]{36}$/),
      customerId,
      documentType: 'CONTRACT',
      requirementId: 'SUPPORTING_PROOF',
      fileName: 'deal.png',
      contentType: 'image/png',
      createdAt: h.now,
      updatedAt: h.now,
    });
    expect(h.ok('GET', `/payment-documents/${response.body.id}`)).toEqual(response.body);
  });

  it('rejects an unknown customer with 404, a bad body with 400 listing every field, a requirement that refuses the type with 400', () => {
    const h = setup();
    const { customerId } = newCustomer(h);
    const unknown = call(h, 'POST', '/payment-documents', { customerId: 'Customer:x', documentType: 'INVOICE', fileName: 'a.pdf' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
    const bad = call(h, 'POST', '/payment-documents', { documentType: 'SELFIE', fileName: '' });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['customerId', 'documentType', 'fileName']);
    const refused = call(h, 'POST', '/payment-documents', { customerId, documentType: 'INVOICE', requirementId: 'LOAN_AGREEMENT', fileName: 'a.pdf' });
    expect([refused.status, refused.body.details.errors[0].field]).toEqual([400, 'documentType']);
    for (const response of [unknown, bad, refused]) expect(response.events).toEqual([]);
  });

  it('answers 404 PAYMENT_DOCUMENT_NOT_FOUND for an unknown document', () => {
    const h = setup();
    const response = call(h, 'GET', '/payment-documents/PaymentDocument:00000000-0000-7000-8000-000000000000');
    expect([response.status, response.body.code]).toEqual([404, 'PAYMENT_DOCUMENT_NOT_FOUND']);
  });
});

describe('documents on quotes', () => {
  it('rejects a purpose that needs documents without them with 400 DOCUMENTS_REQUIRED and details.missingRequirements', () => {
    const h = setup();
    const { accountId, destination } = world(h);
    const body = rejects(h, payoutBody(accountId, destination, 1_000, { purposeOfPayment: 'INVESTMENT' }), 400, 'DOCUMENTS_REQUIRED');
    expect(body.details.missingRequirements).toEqual(['SUPPORTING_PROOF']);
    const both = rejects(h, payoutBody(accountId, destination, 1_000, { purposeOfPayment: 'REAL_ESTATE_PURCHASE' }), 400, 'DOCUMENTS_REQUIRED');
    expect(both.details.missingRequirements).toEqual(['PURCHASE_AGREEMENT', 'PROOF_OF_FUNDS']);
  });

  it('accepts the quote once a document meets the requirement, and attaches the document to it', () => {
    const h = setup();
    const { customerId, accountId, destination } = world(h);
    const documentId = upload(h, customerId, 'INVOICE');
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 1_000, { purposeOfPayment: 'INVESTMENT', documentIds: [documentId] }));
    expect(quote.documentIds).toEqual([documentId]);
    expect(h.ok('GET', `/payment-documents/${documentId}`).quoteId).toBe(quote.id);
  });

  it('rejects a document already attached to another quote with 409 PAYMENT_DOCUMENT_ALREADY_USED', () => {
    const h = setup();
    const { customerId, accountId, destination } = world(h);
    const documentId = upload(h, customerId);
    h.ok('POST', '/quotes', payoutBody(accountId, destination, 1_000, { documentIds: [documentId] }));
    const body = rejects(h, payoutBody(accountId, destination, 1_000, { purposeOfPayment: 'INVESTMENT', documentIds: [documentId] }), 409, 'PAYMENT_DOCUMENT_ALREADY_USED');
    expect(body.details.documentId).toBe(documentId);
  });

  it('rejects an unknown document, or another customer’s, with 404 PAYMENT_DOCUMENT_NOT_FOUND', () => {
    const h = setup();
    const { accountId, destination } = world(h);
    rejects(h, payoutBody(accountId, destination, 1_000, { documentIds: ['PaymentDocument:00000000-0000-7000-8000-000000000000'] }), 404, 'PAYMENT_DOCUMENT_NOT_FOUND');
    const other = newCustomer(h);
    const theirs = upload(h, other.customerId);
    rejects(h, payoutBody(accountId, destination, 1_000, { documentIds: [theirs] }), 404, 'PAYMENT_DOCUMENT_NOT_FOUND');
  });

  it('matches documents to requirements one for one: by requirementId, else by accepted type', () => {
    const doc = (documentType: PaymentDocument['documentType'], requirementId?: string): PaymentDocument => ({
      id: 'PaymentDocument:1',
      customerId: 'Customer:1',
      documentType,
      ...(requirementId === undefined ? {} : { requirementId }),
      fileName: 'f.pdf',
      contentType: 'application/pdf',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(missingRequirements('INVESTMENT', [])).toEqual(['SUPPORTING_PROOF']);
    expect(missingRequirements('INVESTMENT', [doc('INVOICE')])).toEqual([]);
    expect(missingRequirements('INVESTMENT', [doc('TAX_RETURN')])).toEqual(['SUPPORTING_PROOF']);
    expect(missingRequirements('INVESTMENT', [doc('CONTRACT', 'PURCHASE_AGREEMENT')])).toEqual(['SUPPORTING_PROOF']);
    expect(missingRequirements('BUSINESS_ACQUISITION', [doc('CONTRACT')])).toEqual(['SUPPORTING_PROOF']);
    expect(missingRequirements('BUSINESS_ACQUISITION', [doc('CONTRACT'), doc('INVOICE')])).toEqual([]);
    expect(missingRequirements('GIFT', [])).toEqual([]);
    expect(missingRequirements(undefined, [])).toEqual([]);
    expect(Object.keys(PURPOSE_DOCUMENT_REQUIREMENTS)).toEqual(['INVESTMENT', 'REAL_ESTATE_PURCHASE', 'LOAN_REPAYMENT', 'BUSINESS_ACQUISITION']);
  });
});
