/**
 * Incoming UMA payments that need the platform's approval (decided: `PUT
 * /sandbox/incoming-payments/approval` stands in for the platform's 202 answer to the webhook):
 * the payment starts pending approval (wire PENDING, the webhook lists the requested fields),
 * nothing moves until `POST /transactions/{id}/approve`, after which the sender pays within 30 s
 * and it completes; a rejection fails it COMPLIANCE_REJECTED and the timeout
 * PAYMENT_APPROVAL_TIMED_OUT, both with nothing moved.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, call, expectRejected, expectSound, newCustomer, setup, tx, webhooksOf } from './support.js';

function approvalRequired(h: Harness, fields: string[] = []): void {
  h.ok('PUT', '/sandbox/incoming-payments/approval', { required: true, requestedReceiverCustomerInfoFields: fields });
}

/** A customer and an incoming UMA payment of 10,000 to them; returns the account and transaction ids. */
function incoming(h: Harness): { accountId: string; id: string } {
  const { accountId } = newCustomer(h);
  const customerId = h.ok('GET', `/internal-accounts/${accountId}`).customerId as string;
  const user = h.ok('GET', `/customers/${customerId}`).platformCustomerId as string;
  const id = h.ok('POST', '/sandbox/uma/receive', {
    senderUmaAddress: '$success.usd@sandbox.uma.example',
    receiverUmaAddress: `$${user}@sandbox.uma.example`,
    receivingCurrencyCode: 'USD',
    receivingCurrencyAmount: 10_000,
  }).id as string;
  return { accountId, id };
}

describe('the approval setting', () => {
  it('starts as not required, is set with PUT and read with GET; an unchanged PUT writes nothing', () => {
    const h = setup();
    expect(h.ok('GET', '/sandbox/incoming-payments/approval')).toEqual({ required: false, requestedReceiverCustomerInfoFields: [] });
    const set = call(h, 'PUT', '/sandbox/incoming-payments/approval', { required: true, requestedReceiverCustomerInfoFields: ['fullName'] });
    expect(set.body).toEqual({ required: true, requestedReceiverCustomerInfoFields: ['fullName'] });
    expect(set.events.map((e) => e.type)).toEqual(['IncomingApprovalConfigured']);
    expect(call(h, 'PUT', '/sandbox/incoming-payments/approval', { required: true, requestedReceiverCustomerInfoFields: ['fullName'] }).events).toEqual([]);
    expect(h.ok('GET', '/sandbox/incoming-payments/approval').required).toBe(true);
  });

  it('refuses a malformed setting with 400 INVALID_INPUT listing every field, writing nothing', () => {
    const h = setup();
    const response = call(h, 'PUT', '/sandbox/incoming-payments/approval', { required: 'yes', requestedReceiverCustomerInfoFields: ['ok', '9bad'] });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['requestedReceiverCustomerInfoFields[1]', 'required']);
  });
});

describe('an incoming UMA payment that needs approval', () => {
  it('starts pending approval (wire PENDING) with the requested fields in its webhook, and moves nothing while it waits', () => {
    const h = setup();
    approvalRequired(h, ['fullName', 'birthDate']);
    const { accountId, id } = incoming(h);
    expect(tx(h, id)).toMatchObject({ status: 'PENDING', requestedReceiverCustomerInfoFields: ['fullName', 'birthDate'] });
    advanceBy(h, 60_000);
    expect(tx(h, id).status).toBe('PENDING');
    expect(balanceOf(h, accountId)).toBe(0);
    const hook = h.log.find((e) => e.type === 'WebhookQueued' && (e.data as { data: { id: string } }).data.id === id)!.data as { type: string; data: unknown };
    expect(hook).toMatchObject({ type: 'INCOMING_PAYMENT.PENDING', data: { requestedReceiverCustomerInfoFields: ['fullName', 'birthDate'] } });
  });

  it('continues within 30 s of the approval and completes, announcing every move', () => {
    const h = setup();
    approvalRequired(h, ['fullName']);
    const { accountId, id } = incoming(h);
    advanceBy(h, 45_000);
    h.ok('POST', `/transactions/${id}/approve`, { receiverCustomerInfo: { fullName: 'Jane Doe' } });
    advanceBy(h, 15_000);
    expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, 5_000);
    expect(tx(h, id).status).toBe('COMPLETED');
    expect(balanceOf(h, accountId)).toBe(10_000);
    expect(webhooksOf(h.log, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it.each([
    { how: 'rejected', act: (h: Harness, id: string) => h.ok('POST', `/transactions/${id}/reject`, { reason: 'sanctions hit' }), failureReason: 'COMPLIANCE_REJECTED' },
    { how: 'not decided within 5 minutes', act: () => undefined, failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' },
  ])('fails $failureReason when $how, with nothing moved and its steps stopped', ({ act, failureReason }) => {
    const h = setup();
    approvalRequired(h);
    const { accountId, id } = incoming(h);
    act(h, id);
    advanceBy(h, 10 * 60_000);
    expect(tx(h, id)).toMatchObject({ status: 'FAILED', failureReason });
    expect(balanceOf(h, accountId)).toBe(0);
    expect(h.engine.state.incoming.byTransactionId.get(id)?.haltedAt).toBeDefined();
    // Waiting is bounded: at most one re-check per 30 s of the 5-minute window.
    expect(h.log.filter((e) => e.type === 'IncomingPaymentDeferred').length).toBeLessThanOrEqual(11);
  });
});
