/**
 * The reference's request fields of the transaction operations (issue 12): `POST .../cancel`
 * takes CancelTransactionRequest's `reason` (kept in the log, not on the wire) and `POST
 * .../confirm` ConfirmReceiptDeliveryRequest's `receiptDeliveryConfirmedAt` (when the platform
 * delivered the receipt; omitted, the request's instant). Both bodies stay optional.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { worldAccountId } from '../../src/domains/movement.js';
import { decideCreateTransaction } from '../../src/domains/transactions/index.js';
import { REJECTION_REASON_LENGTH_MAX } from '../../src/api/routes/transactions.js';
import { create, customer, drive, expectRejected, later, payoutInput, read, type World, world } from './support.js';

/** A payout of 10000 debited from a funded account, PROCESSING on ACH (cancellable). */
function pendingAchPayout(w: World): string {
  const who = customer(w, 'u', 25_000);
  const input = payoutInput(w, who, { rail: 'ACH', initialState: 'PROCESSING' });
  const debit = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '10000', transactionId: input.id };
  w.must(decideCreateTransaction(w.state, { ...input, fundingTransferIds: [debit.id] }, { at: w.at(), transfers: [debit] }));
  return input.id;
}

/** A settled payout created at `w.now`. */
function settledPayout(w: World): string {
  const id = create(w, payoutInput(w, customer(w)));
  drive(w, id, ['FUNDED', 'SETTLED']);
  return id;
}

describe('POST /transactions/{id}/cancel reason (reference CancelTransactionRequest)', () => {
  it('accepts reason and keeps it on the TransactionTransitioned event, not on the wire', () => {
    const w = world();
    const id = pendingAchPayout(w);
    const response = w.call('POST', `/transactions/${id}/cancel`, { reason: 'REQUESTED_AFTER_HOURS' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'FAILED' });
    expect(JSON.stringify(response.body)).not.toContain('REQUESTED_AFTER_HOURS');
    const transitioned = response.events.find((e) => e.type === 'TransactionTransitioned');
    expect(transitioned?.data).toMatchObject({ transactionId: id, event: 'CANCELLED', reason: 'REQUESTED_AFTER_HOURS' });
    // The log with the new optional field replays to the same record.
    expect(createEngine({ events: w.log }).state.transactions.byId.get(id)).toEqual(w.state.transactions.byId.get(id));
  });

  it('writes no reason when none is given (the event keeps its former shape)', () => {
    const w = world();
    const id = pendingAchPayout(w);
    const response = w.call('POST', `/transactions/${id}/cancel`, {});
    expect(response.status).toBe(200);
    expect(response.events.find((e) => e.type === 'TransactionTransitioned')?.data).not.toHaveProperty('reason');
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(REJECTION_REASON_LENGTH_MAX + 1)],
    ['not a string', 42],
  ])('refuses a %s reason with 400 INVALID_INPUT naming reason', (_label, reason) => {
    const w = world();
    const id = pendingAchPayout(w);
    const response = w.call('POST', `/transactions/${id}/cancel`, { reason });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect((response.body as any).details.errors.map((e: { field: string }) => e.field)).toEqual(['reason']);
  });
});

describe('POST /transactions/{id}/confirm receiptDeliveryConfirmedAt (reference ConfirmReceiptDeliveryRequest)', () => {
  it('records the delivery time the platform names (in UTC); updatedAt is when it was told', () => {
    const w = world();
    const id = settledPayout(w);
    const delivered = later(w.now, 30_000);
    w.now = later(w.now, 3_600_000);
    const at = w.now;
    // The same instant written with an offset is answered in UTC.
    const withOffset = `${delivered.slice(0, 10)}T${String(Number(delivered.slice(11, 13)) - 6).padStart(2, '0')}${delivered.slice(13, 19)}-06:00`;
    const response = w.call('POST', `/transactions/${id}/confirm`, { receiptDeliveryConfirmedAt: withOffset });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ receiptDeliveryConfirmedAt: delivered, updatedAt: at });
    expect(response.events.map((e) => e.data)).toEqual([{ transactionId: id, confirmedAt: delivered, recordedAt: at }]);
    // Replaying the log gives the same record.
    const replayed = createEngine({ events: w.log }).state.transactions.byId.get(id);
    expect(replayed).toMatchObject({ receiptDeliveryConfirmedAt: delivered, updatedAt: at });
    expect(read(w, id)).toEqual(response.body);
  });

  it('uses the request instant when the field is omitted (no recordedAt written)', () => {
    const w = world();
    const id = settledPayout(w);
    w.now = later(w.now, 60_000);
    const response = w.call('POST', `/transactions/${id}/confirm`, {});
    expect(response.events.map((e) => e.data)).toEqual([{ transactionId: id, confirmedAt: w.now }]);
  });

  it('accepts the request instant itself', () => {
    const w = world();
    const id = settledPayout(w);
    w.now = later(w.now, 60_000);
    expect(w.ok('POST', `/transactions/${id}/confirm`, { receiptDeliveryConfirmedAt: w.now })).toMatchObject({ receiptDeliveryConfirmedAt: w.now });
  });

  it.each([
    ['later than the request', (now: string) => later(now, 1)],
    ['without a zone offset', (now: string) => now.replace(/Z$/, '')],
    ['not a date-time', () => 'yesterday'],
  ])('refuses a delivery time %s with 400 INVALID_INPUT naming receiptDeliveryConfirmedAt', (_label, value) => {
    const w = world();
    const id = settledPayout(w);
    w.now = later(w.now, 60_000);
    const response = w.call('POST', `/transactions/${id}/confirm`, { receiptDeliveryConfirmedAt: value(w.now) });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect((response.body as any).details.errors.map((e: { field: string }) => e.field)).toEqual(['receiptDeliveryConfirmedAt']);
  });

  it('refuses a delivery before the transaction was created with 400 INVALID_INPUT', () => {
    const w = world();
    const createdAt = w.now;
    const id = settledPayout(w);
    w.now = later(w.now, 60_000);
    const response = w.call('POST', `/transactions/${id}/confirm`, { receiptDeliveryConfirmedAt: later(createdAt, -1) });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect((response.body as any).details.errors[0].field).toBe('receiptDeliveryConfirmedAt');
  });
});
