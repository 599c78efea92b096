/**
 * POST /transactions/{id}/confirm records when the platform confirmed delivering the receipt to
 * its customer; the first confirmation is kept, a repeat writes nothing; a transaction that never
 * became a payment (CREATED, EXPIRED) has no receipt (409 INVALID_STATE_TRANSITION).
 */
import { describe, expect, it } from 'vitest';
import { create, customer, drive, expectRejected, later, payInInput, payoutInput, read, world } from './support.js';

describe('confirm receipt delivery', () => {
  it('records receiptDeliveryConfirmedAt once and keeps the first', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    drive(w, id, ['FUNDED', 'SETTLED']);
    w.now = later(w.now, 60_000);
    const first = w.call('POST', `/transactions/${id}/confirm`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ receiptDeliveryConfirmedAt: w.now, updatedAt: w.now });
    expect(first.events.map((e) => e.type)).toEqual(['TransactionReceiptConfirmed']);
    const confirmedAt = w.now;
    w.now = later(w.now, 60_000);
    const again = w.call('POST', `/transactions/${id}/confirm`, {});
    expect(again.status).toBe(200);
    expect(again.events).toEqual([]);
    expect(again.body).toEqual(first.body);
    expect(read(w, id).receiptDeliveryConfirmedAt).toBe(confirmedAt);
  });

  it('accepts a failed payment too (a receipt was owed when it was made)', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    drive(w, id, ['SCA_REQUIRED', 'SCA_EXPIRED']);
    expect(w.ok('POST', `/transactions/${id}/confirm`)).toMatchObject({ status: 'FAILED', receiptDeliveryConfirmedAt: w.now });
  });

  it.each([
    ['CREATED', (w: ReturnType<typeof world>) => create(w, payInInput(w, customer(w)))],
    ['EXPIRED', (w: ReturnType<typeof world>) => {
      const id = create(w, payoutInput(w, customer(w)));
      drive(w, id, ['EXPIRED']);
      return id;
    }],
  ])('rejects a %s transaction with 409 INVALID_STATE_TRANSITION', (_label, make) => {
    const w = world();
    const id = make(w);
    expectRejected(w.call('POST', `/transactions/${id}/confirm`), 409, 'INVALID_STATE_TRANSITION');
  });

  it('rejects an unknown transaction with 404 and a body with fields with 400', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    expectRejected(w.call('POST', '/transactions/Transaction:00000000-0000-7000-8000-0000000000ff/confirm'), 404, 'TRANSACTION_NOT_FOUND');
    expectRejected(w.call('POST', `/transactions/${id}/confirm`, { confirmedAt: w.now }), 400, 'INVALID_INPUT');
  });
});
