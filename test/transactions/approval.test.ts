/**
 * Platform approval of an incoming payment: POST /transactions/{id}/approve and /reject on a
 * payment pending approval, 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL otherwise (including
 * after its window closed), the requested receiver fields (400 MISSING_MANDATORY_USER_INFO), and
 * the PAYMENT_APPROVAL_TIMED_OUT timer fired by `advance` (stale once decided).
 */
import { describe, expect, it } from 'vitest';
import {
  approvalTimeoutHandler, approvalTimerId, decideTransition, PAYMENT_APPROVAL_TIMEOUT_MS,
} from '../../src/domains/transactions/index.js';
import { create, customer, drive, expectRejected, later, payInInput, payoutInput, read, webhooks, type World, world } from './support.js';

function pendingApproval(w: World, fields?: string[]): string {
  const who = customer(w);
  return create(w, payInInput(w, who, { initialState: 'PENDING_APPROVAL', overrides: { approval: fields === undefined ? {} : { requestedReceiverCustomerInfoFields: fields } } }));
}

describe('approve', () => {
  it('approves: the payment is PENDING again, awaiting its funds, announced as INCOMING_PAYMENT.PENDING', () => {
    const w = world();
    const id = pendingApproval(w);
    expect(read(w, id)).toMatchObject({ status: 'PENDING' });
    const response = w.call('POST', `/transactions/${id}/approve`, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual(read(w, id));
    expect(response.body).toMatchObject({ status: 'PENDING' });
    expect(response.events.map((e) => e.type)).toEqual(['TransactionTransitioned', 'WebhookQueued']);
    expect(response.events[0]!.data).toMatchObject({ event: 'APPROVED', from: 'PENDING_APPROVAL', to: 'PENDING' });
    expect(webhooks(response.events).map((h) => h.type)).toEqual(['INCOMING_PAYMENT.PENDING']);
    expect(w.state.transactions.byId.get(id)!.approval).toMatchObject({ decision: 'APPROVED', decidedAt: w.now });
  });

  it('approves without a body', () => {
    const w = world();
    const id = pendingApproval(w);
    expect(w.call('POST', `/transactions/${id}/approve`).status).toBe(200);
  });

  it('cancels the timeout once approved: advancing past it writes nothing', () => {
    const w = world();
    const id = pendingApproval(w);
    w.ok('POST', `/transactions/${id}/approve`, {});
    expect(w.state.timers.byId.has(approvalTimerId(id))).toBe(false);
    w.now = later(w.now, PAYMENT_APPROVAL_TIMEOUT_MS + 1);
    expect(w.advance()).toEqual([]);
    expect(read(w, id).status).toBe('PENDING');
  });

  it('shows the requested receiver fields while pending and requires them to approve (400 MISSING_MANDATORY_USER_INFO)', () => {
    const w = world();
    const id = pendingApproval(w, ['FULL_NAME', 'BIRTH_DATE']);
    expect(read(w, id).requestedReceiverCustomerInfoFields).toEqual(['FULL_NAME', 'BIRTH_DATE']);
    expect(webhooks(w.log).at(-1)).toMatchObject({ type: 'INCOMING_PAYMENT.PENDING', data: { requestedReceiverCustomerInfoFields: ['FULL_NAME', 'BIRTH_DATE'] } });
    const missing = w.call('POST', `/transactions/${id}/approve`, { receiverCustomerInfo: { FULL_NAME: 'Ana Ruiz', BIRTH_DATE: '' } });
    expectRejected(missing, 400, 'MISSING_MANDATORY_USER_INFO');
    expect((missing.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(['receiverCustomerInfo.BIRTH_DATE']);
    const info = { FULL_NAME: 'Ana Ruiz', BIRTH_DATE: '1990-01-01' };
    const approved = w.ok('POST', `/transactions/${id}/approve`, { receiverCustomerInfo: info });
    expect(approved).not.toHaveProperty('requestedReceiverCustomerInfoFields');
    expect(w.state.transactions.byId.get(id)!.approval).toMatchObject({ decision: 'APPROVED', receiverCustomerInfo: info });
  });

  it.each([
    ['receiverCustomerInfo is not an object', { receiverCustomerInfo: 'Ana' }, ['receiverCustomerInfo']],
    ['an unknown field', { approve: true }, ['approve']],
  ])('rejects a body where %s with 400 INVALID_INPUT', (_label, body, fields) => {
    const w = world();
    const id = pendingApproval(w);
    const response = w.call('POST', `/transactions/${id}/approve`, body);
    expectRejected(response, 400, 'INVALID_INPUT');
    expect((response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(fields);
  });

  it('rejects an unknown transaction with 404 TRANSACTION_NOT_FOUND', () => {
    const w = world();
    customer(w);
    expectRejected(w.call('POST', '/transactions/Transaction:00000000-0000-7000-8000-0000000000ff/approve', {}), 404, 'TRANSACTION_NOT_FOUND');
  });

  it.each([
    ['already approved', (w: World, id: string) => w.ok('POST', `/transactions/${id}/approve`, {})],
    ['rejected', (w: World, id: string) => w.ok('POST', `/transactions/${id}/reject`, {})],
    [
      'funded after approval',
      (w: World, id: string) => {
        w.ok('POST', `/transactions/${id}/approve`, {});
        return drive(w, id, ['FUNDED']);
      },
    ],
    [
      'timed out (timer fired)',
      (w: World, _id: string) => {
        w.now = later(w.now, PAYMENT_APPROVAL_TIMEOUT_MS);
        return w.advance();
      },
    ],
    ['past its window (timer not yet fired)', (w: World, _id: string) => (w.now = later(w.now, PAYMENT_APPROVAL_TIMEOUT_MS))],
  ])('rejects approve and reject of a payment %s with 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', (_label, setup) => {
    const w = world();
    const id = pendingApproval(w);
    setup(w, id);
    expectRejected(w.call('POST', `/transactions/${id}/approve`, {}), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
    expectRejected(w.call('POST', `/transactions/${id}/reject`, {}), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it.each([
    ['an outgoing payment', (w: World) => create(w, payoutInput(w, customer(w)))],
    ['an incoming payment not waiting for approval', (w: World) => create(w, payInInput(w, customer(w), { initialState: 'PENDING' }))],
    ['a CREATED incoming payment', (w: World) => create(w, payInInput(w, customer(w)))],
  ])('rejects approve of %s with 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', (_label, make) => {
    const w = world();
    const id = make(w);
    expectRejected(w.call('POST', `/transactions/${id}/approve`, {}), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });
});

describe('reject', () => {
  it('rejects: the payment FAILS with COMPLIANCE_REJECTED, announced as INCOMING_PAYMENT.FAILED; the reason is kept', () => {
    const w = world();
    const id = pendingApproval(w);
    const response = w.call('POST', `/transactions/${id}/reject`, { reason: 'Sender on a sanctions list' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED' });
    expect(webhooks(response.events).map((h) => h.type)).toEqual(['INCOMING_PAYMENT.FAILED']);
    expect(w.state.transactions.byId.get(id)!.approval).toEqual({ decision: 'REJECTED', decidedAt: w.now, rejectionReason: 'Sender on a sanctions list' });
    expect(w.state.timers.byId.has(approvalTimerId(id))).toBe(false);
  });

  it.each([
    ['an empty reason', { reason: '' }],
    ['a reason over 1000 characters', { reason: 'x'.repeat(1001) }],
    ['a reason that is not a string', { reason: 7 }],
  ])('rejects %s with 400 INVALID_INPUT', (_label, body) => {
    const w = world();
    const id = pendingApproval(w);
    expectRejected(w.call('POST', `/transactions/${id}/reject`, body), 400, 'INVALID_INPUT');
  });
});

describe('approval timeout', () => {
  it('fails the payment with PAYMENT_APPROVAL_TIMED_OUT when advance reaches the window end (5 minutes by default)', () => {
    const w = world();
    const id = pendingApproval(w);
    w.now = later(w.now, PAYMENT_APPROVAL_TIMEOUT_MS - 1);
    expect(w.advance()).toEqual([]);
    w.now = later(w.now, 1);
    const events = w.advance();
    expect(events.map((e) => e.type)).toEqual(['TimerFired', 'TransactionTransitioned', 'WebhookQueued']);
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT', updatedAt: w.now });
    expect(webhooks(events)[0]).toMatchObject({ type: 'INCOMING_PAYMENT.FAILED', data: { failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' } });
  });

  it('schedules a timer when a payment starts waiting later (APPROVAL_REQUESTED), with the window the flow chose', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { initialState: 'PENDING' }));
    w.must(decideTransition(w.state, id, 'APPROVAL_REQUESTED', {}, { at: w.at(), approvalRequest: { timeoutMs: 30_000 } }));
    expect(w.state.transactions.byId.get(id)!.pendingApproval).toEqual({ requestedAt: w.now, expiresAt: later(w.now, 30_000) });
    w.now = later(w.now, 30_000);
    w.advance();
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' });
  });

  it('does nothing when the timer is stale (the payment was decided, or is no longer pending approval)', () => {
    const w = world();
    const id = pendingApproval(w);
    const timer = w.state.timers.byId.get(approvalTimerId(id))!;
    const context = { nowMs: timer.dueAtMs, at: new Date(timer.dueAtMs).toISOString(), newId: w.newId };
    expect(approvalTimeoutHandler(w.state, timer, context)).toHaveLength(1);
    w.ok('POST', `/transactions/${id}/reject`, {});
    expect(approvalTimeoutHandler(w.state, timer, context)).toEqual([]);
    expect(approvalTimeoutHandler(w.state, { ...timer, ref: 'Transaction:00000000-0000-7000-8000-0000000000ff' }, context)).toEqual([]);
  });

  it('fails with PAYMENT_APPROVAL_WEBHOOK_ERROR when the approval webhook could not be delivered', () => {
    const w = world();
    const id = pendingApproval(w);
    w.must(decideTransition(w.state, id, 'APPROVAL_WEBHOOK_FAILED', {}, { at: w.at() }));
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' });
    expect(w.state.timers.byId.size).toBe(0);
  });
});
