/**
 * POST /transactions/{id}/cancel: only a bank transfer still pending before settlement (ACH,
 * ACH_SAME_DAY or WIRE railDetails PENDING, payment PENDING or PROCESSING) can be cancelled; it
 * FAILS, its rail transfer shows FAILED and its funding is reversed (a payout as a completed
 * USER_CANCELLATION refund). Anything else is 409 TRANSACTION_NOT_CANCELLABLE and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { worldAccountId } from '../../src/domains/movement.js';
import { decideCreateTransaction, decideUpdateTransaction, newRailDetails, withRailStatus } from '../../src/domains/transactions/index.js';
import { available, create, customer, drive, expectRejected, payInInput, payoutInput, read, webhooks, type World, world } from './support.js';

/** A payout of 10000 debited from the customer's funded account, PROCESSING on `rail`. */
function fundedPayout(w: World, rail: 'ACH' | 'ACH_SAME_DAY' | 'WIRE' | 'FEDNOW' | 'RTP' | 'ONCHAIN') {
  const who = customer(w, 'u', 25_000);
  const input = payoutInput(w, who, { rail, initialState: 'PROCESSING' });
  const debit = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '10000', transactionId: input.id };
  w.must(decideCreateTransaction(w.state, { ...input, fundingTransferIds: [debit.id] }, { at: w.at(), transfers: [debit] }));
  return { who, id: input.id };
}

describe('cancel', () => {
  it.each(['ACH', 'ACH_SAME_DAY', 'WIRE'] as const)('cancels a %s payout pending settlement and refunds its source at once', (rail) => {
    const w = world();
    const { who, id } = fundedPayout(w, rail);
    expect(available(w, who.accountId)).toBe(15_000);
    const response = w.call('POST', `/transactions/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(read(w, id));
    expect(response.body).toMatchObject({
      status: 'FAILED',
      destination: { railDetails: { paymentRail: rail, status: 'FAILED' } },
      refund: { status: 'COMPLETED', reason: 'USER_CANCELLATION', initiatedAt: w.now, settledAt: w.now },
    });
    expect(response.body).not.toHaveProperty('failureReason');
    expect(available(w, who.accountId)).toBe(25_000);
    expect(webhooks(response.events).map((h) => h.type)).toEqual(['OUTGOING_PAYMENT.FAILED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED']);
    expect(w.engine.state.ledger.checkInvariants()).toEqual([]);
  });

  it('cancels an incoming pull pending on ACH; nothing was credited, so nothing is refunded', () => {
    const w = world();
    const who = customer(w);
    const id = create(w, payInInput(w, who, { rail: 'ACH', initialState: 'PENDING', overrides: { direction: 'DEBIT' } }));
    const body = w.ok('POST', `/transactions/${id}/cancel`);
    expect(body).toMatchObject({ status: 'FAILED', source: { railDetails: { status: 'FAILED' } } });
    expect(body).not.toHaveProperty('refund');
  });

  it('releases an incoming payment\'s held credit (a pending transfer) in the cancelling event', () => {
    const w = world();
    const who = customer(w);
    const input = payInInput(w, who, { rail: 'ACH', initialState: 'PROCESSING' });
    const hold = { id: w.newId('Transfer'), debitAccountId: worldAccountId('USD'), creditAccountId: who.accountId, amountMinor: '5000', pending: true, transactionId: input.id };
    w.must(decideCreateTransaction(w.state, { ...input, fundingTransferIds: [hold.id] }, { at: w.at(), transfers: [hold] }));
    const response = w.call('POST', `/transactions/${input.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.events[0]!.data).toMatchObject({ event: 'CANCELLED', transfers: [{ pendingId: hold.id, action: 'void' }] });
    expect(w.state.ledger.transfer(hold.id)).toMatchObject({ kind: 'pending', status: 'voided' });
  });

  it.each([
    ['FEDNOW (instant)', (w: World) => fundedPayout(w, 'FEDNOW').id],
    ['RTP (instant)', (w: World) => fundedPayout(w, 'RTP').id],
    ['ONCHAIN', (w: World) => fundedPayout(w, 'ONCHAIN').id],
    ['a payout with no rail transfer yet', (w: World) => create(w, payoutInput(w, customer(w), { initialState: 'PROCESSING' }))],
    ['an ACH payout whose rail already settled', (w: World) => {
      const { id } = fundedPayout(w, 'ACH');
      const details = withRailStatus(newRailDetails('ACH', id, 'destination', { at: w.at() }), 'SETTLED', w.at());
      w.must(decideUpdateTransaction(w.state, id, { destinationRailDetails: details }, { at: w.at() }));
      return id;
    }],
    ['a COMPLETED ACH payout', (w: World) => {
      const { id } = fundedPayout(w, 'ACH');
      drive(w, id, ['SETTLED']);
      return id;
    }],
    ['a PENDING ACH payout (its quote was never executed)', (w: World) => create(w, payoutInput(w, customer(w), { rail: 'ACH' }))],
    ['a CREATED incoming payment on ACH', (w: World) => create(w, payInInput(w, customer(w), { rail: 'ACH' }))],
    ['an already cancelled payout', (w: World) => {
      const { id } = fundedPayout(w, 'ACH');
      w.ok('POST', `/transactions/${id}/cancel`);
      return id;
    }],
  ])('rejects cancelling %s with 409 TRANSACTION_NOT_CANCELLABLE', (_label, make) => {
    const w = world();
    const id = make(w);
    const before = read(w, id);
    expectRejected(w.call('POST', `/transactions/${id}/cancel`), 409, 'TRANSACTION_NOT_CANCELLABLE');
    expect(read(w, id)).toEqual(before);
  });

  it('rejects an unknown transaction with 404 TRANSACTION_NOT_FOUND and a body with an unknown field with 400', () => {
    const w = world();
    const { id } = fundedPayout(w, 'ACH');
    expectRejected(w.call('POST', '/transactions/Transaction:00000000-0000-7000-8000-0000000000ff/cancel'), 404, 'TRANSACTION_NOT_FOUND');
    expectRejected(w.call('POST', `/transactions/${id}/cancel`, { note: 'changed my mind' }), 400, 'INVALID_INPUT');
  });
});
