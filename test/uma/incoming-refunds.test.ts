/**
 * Incoming-payment refunds: a UMA payment that compliance blocks (`$fail.compliance.usd@`) fails
 * with COMPLIANCE_REJECTED and its funds go back to the sender in the same step, reported as a
 * refund (PENDING then COMPLETED, reason TRANSACTION_FAILED) with INCOMING_PAYMENT.REFUND_PENDING
 * and INCOMING_PAYMENT.REFUND_COMPLETED after INCOMING_PAYMENT.FAILED.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { advanceBy } from '../quotes/support.js';
import { customer, setup } from './support.js';

describe('incoming-payment refunds', () => {
  it('a compliance-blocked UMA payment is FAILED and refunded: REFUND_PENDING then REFUND_COMPLETED webhooks with the transaction', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const received = h.ok('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$fail.compliance.usd@sandbox.svc.uma.money',
      receiverUmaAddress: ada.uma,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 10_000,
    });
    advanceBy(h, 0);
    advanceBy(h, 5_000);
    const tx = h.ok('GET', `/transactions/${received.id}`);
    expect(tx).toMatchObject({ status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED', settledAt: h.now } });
    const hooks = h.log
      .filter((e) => e.type === 'WebhookQueued' && (e.data as any).data?.id === received.id)
      .map((e) => e.data as any);
    expect(hooks.map((w) => w.type).slice(-3)).toEqual(['INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED']);
    expect(hooks.at(-2).data.refund.status).toBe('PENDING');
    expect(hooks.at(-1).data).toEqual(tx);
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });
});
