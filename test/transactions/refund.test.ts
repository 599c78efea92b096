/**
 * Refunds: only a FAILED payment gets one, once; it starts PENDING with a reference derived from
 * the payment and moves to COMPLETED (settledAt stamped) or FAILED through the refund table, the
 * payment staying FAILED; money moves in the refund's events.
 */
import { describe, expect, it } from 'vitest';
import { worldAccountId } from '../../src/domains/movement.js';
import {
  decideCreateTransaction, decideInitiateRefund, decideRefundTransition, REFUND_EVENTS, REFUND_STATES, REFUND_TABLE, refundReference,
} from '../../src/domains/transactions/index.js';
import { available, create, customer, drive, later, payoutInput, read, world } from './support.js';

function failedPayout() {
  const w = world();
  const who = customer(w, 'u', 10_000);
  const input = payoutInput(w, who, { initialState: 'PROCESSING' });
  const debit = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '10000', transactionId: input.id };
  w.must(decideCreateTransaction(w.state, input, { at: w.at(), transfers: [debit] }));
  w.now = later(w.now, 1000);
  drive(w, input.id, ['PAYOUT_FAILED']);
  return { w, who, id: input.id };
}

describe('refunds', () => {
  it('refunds a failed payout to its source: PENDING, then COMPLETED with settledAt, the payment staying FAILED', () => {
    const { w, who, id } = failedPayout();
    expect(available(w, who.accountId)).toBe(0);
    w.must(decideInitiateRefund(w.state, id, { reason: 'TRANSACTION_FAILED' }, { at: w.at() }));
    expect(read(w, id)).toMatchObject({ status: 'FAILED', refund: { reference: refundReference(id), initiatedAt: w.now, status: 'PENDING', reason: 'TRANSACTION_FAILED' } });
    expect(read(w, id).refund).not.toHaveProperty('settledAt');
    w.now = later(w.now, 60_000);
    const back = { id: w.newId('Transfer'), debitAccountId: worldAccountId('USD'), creditAccountId: who.accountId, amountMinor: '10000', transactionId: id };
    w.must(decideRefundTransition(w.state, id, 'REFUND_SETTLED', { at: w.at(), transfers: [back] }));
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_INVALID', refund: { status: 'COMPLETED', settledAt: w.now } });
    expect(available(w, who.accountId)).toBe(10_000);
  });

  it('records a failed refund', () => {
    const { w, id } = failedPayout();
    w.must(decideInitiateRefund(w.state, id, {}, { at: w.at() }));
    w.must(decideRefundTransition(w.state, id, 'REFUND_FAILED', { at: w.at() }));
    expect(read(w, id).refund).toMatchObject({ status: 'FAILED' });
    expect(read(w, id).refund).not.toHaveProperty('settledAt');
  });

  it('follows the refund table for every state and event; refused moves are 409 INVALID_STATE_TRANSITION', () => {
    for (const state of REFUND_STATES) {
      for (const event of REFUND_EVENTS) {
        const { w, id } = failedPayout();
        w.must(decideInitiateRefund(w.state, id, {}, { at: w.at() }));
        if (state !== 'PENDING') w.must(decideRefundTransition(w.state, id, state === 'COMPLETED' ? 'REFUND_SETTLED' : 'REFUND_FAILED', { at: w.at() }));
        const result = decideRefundTransition(w.state, id, event, { at: w.at() });
        const expected = REFUND_TABLE.next(state, event);
        if (expected === undefined) expect(result.ok ? undefined : result.error.code).toBe('INVALID_STATE_TRANSITION');
        else {
          w.must(result);
          expect(read(w, id).refund?.status).toBe(expected);
        }
      }
    }
  });

  it('rejects a refund of a payment that is not FAILED, or a second refund, with 409 INVALID_STATE_TRANSITION', () => {
    const { w, id } = failedPayout();
    const live = create(w, payoutInput(w, customer(w, 'v')));
    expect(decideInitiateRefund(w.state, live, {}, { at: w.at() })).toMatchObject({ ok: false, error: { status: 409, code: 'INVALID_STATE_TRANSITION' } });
    w.must(decideInitiateRefund(w.state, id, {}, { at: w.at() }));
    expect(decideInitiateRefund(w.state, id, {}, { at: w.at() })).toMatchObject({ ok: false, error: { status: 409, code: 'INVALID_STATE_TRANSITION' } });
    expect(decideRefundTransition(w.state, live, 'REFUND_SETTLED', { at: w.at() })).toMatchObject({ ok: false, error: { code: 'INVALID_STATE_TRANSITION' } });
  });

  it('rejects refunds of an unknown transaction with 404 TRANSACTION_NOT_FOUND', () => {
    const { w } = failedPayout();
    const missing = 'Transaction:00000000-0000-7000-8000-0000000000ff';
    expect(decideInitiateRefund(w.state, missing, {}, { at: w.at() })).toMatchObject({ ok: false, error: { status: 404, code: 'TRANSACTION_NOT_FOUND' } });
    expect(decideRefundTransition(w.state, missing, 'REFUND_FAILED', { at: w.at() })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
