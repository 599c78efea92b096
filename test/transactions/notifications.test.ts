/**
 * Webhooks: every status change queues its OUTGOING_PAYMENT.<STATUS> or INCOMING_PAYMENT.<STATUS>
 * (refunds their REFUND_* types) right after the event that caused it, in order, with `data`
 * equal to the transaction's wire view at that point of the log; creation announces the initial
 * status where it has a type; updates and receipt confirmations announce nothing.
 */
import { describe, expect, it } from 'vitest';
import { worldAccountId } from '../../src/domains/movement.js';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import {
  decideConfirmReceipt, decideInitiateRefund, decideRefundTransition, decideTransition, decideUpdateTransaction, TRANSACTION_WEBHOOK_TYPES,
  transactionView,
} from '../../src/domains/transactions/index.js';
import { createEngine } from '../../src/engine/engine.js';
import { create, customer, drive, payInInput, payoutInput, webhooks, type World, world } from './support.js';

/** Each webhook about `id` with the view computed by replaying the log up to just before it. */
function webhooksWithViewAtThatPoint(w: World, id: string): { hook: WebhookQueued; viewThen: unknown; causedBy: string }[] {
  const out: { hook: WebhookQueued; viewThen: unknown; causedBy: string }[] = [];
  w.log.forEach((event, index) => {
    if (event.type !== WEBHOOK_EVENTS.queued) return;
    const hook = event.data as WebhookQueued;
    if ((hook.data as { id?: string }).id !== id) return;
    const then = createEngine({ events: w.log.slice(0, index) });
    // The webhook follows its cause directly (or the cause's earlier webhooks).
    const cause = w.log.slice(0, index).reverse().find((e) => e.type !== WEBHOOK_EVENTS.queued)!;
    out.push({ hook, viewThen: transactionView(then.state.transactions.byId.get(id)!), causedBy: cause.type });
  });
  return out;
}

describe('transaction webhooks', () => {
  it('lists exactly the DECISIONS.md types', () => {
    expect(TRANSACTION_WEBHOOK_TYPES.OUTGOING).toEqual(
      ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map((s) => `OUTGOING_PAYMENT.${s}`),
    );
    expect(TRANSACTION_WEBHOOK_TYPES.INCOMING).toEqual(
      ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map((s) => `INCOMING_PAYMENT.${s}`),
    );
  });

  it('announces every move of a payout, a repeated SCA challenge and its refund, in order, each with the view at that point', () => {
    const w = world();
    const who = customer(w, 'u', 30_000);
    const id = create(w, payoutInput(w, who, { rail: 'ACH' }));
    drive(w, id, ['SCA_REQUIRED', 'SCA_REQUIRED']);
    const debit = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '10000', transactionId: id };
    w.must(decideTransition(w.state, id, 'SCA_COMPLETED', { fundingTransferIds: [debit.id] }, { at: w.at(), transfers: [debit] }));
    drive(w, id, ['SETTLED', 'PAYOUT_RETURNED']);
    w.must(decideInitiateRefund(w.state, id, { reason: 'TRANSACTION_FAILED' }, { at: w.at() }));
    const back = { id: w.newId('Transfer'), debitAccountId: worldAccountId('USD'), creditAccountId: who.accountId, amountMinor: '10000', transactionId: id };
    w.must(decideRefundTransition(w.state, id, 'REFUND_SETTLED', { at: w.at(), transfers: [back] }));

    const seen = webhooksWithViewAtThatPoint(w, id);
    expect(seen.map((s) => s.hook.type)).toEqual([
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PENDING_AUTHORIZATION',
      'OUTGOING_PAYMENT.PENDING_AUTHORIZATION',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.COMPLETED',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ]);
    for (const { hook, viewThen } of seen) expect(hook.data).toEqual(viewThen);
    expect(seen.map((s) => s.causedBy)).toEqual([
      'TransactionCreated', ...Array(5).fill('TransactionTransitioned'), 'TransactionRefundInitiated', 'TransactionRefundTransitioned',
    ]);
    expect(seen.at(-1)!.hook.data).toMatchObject({ status: 'FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' } });
  });

  it('announces an incoming payment from PENDING on (CREATED has no type), through a return and its dishonor', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { rail: 'ACH' }));
    drive(w, id, ['QUOTED', 'FUNDED', 'SETTLED', 'RETURNED', 'RETURN_DISHONORED']);
    const seen = webhooksWithViewAtThatPoint(w, id);
    expect(seen.map((s) => s.hook.type)).toEqual([
      'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.COMPLETED',
    ]);
    for (const { hook, viewThen } of seen) expect(hook.data).toEqual(viewThen);
  });

  it('announces an expired payout and a failed refund of a payment in', () => {
    const w = world();
    const who = customer(w);
    const out = create(w, payoutInput(w, who));
    drive(w, out, ['EXPIRED']);
    const into = create(w, payInInput(w, who));
    drive(w, into, ['PAYMENT_FAILED']);
    w.must(decideInitiateRefund(w.state, into, {}, { at: w.at() }));
    w.must(decideRefundTransition(w.state, into, 'REFUND_FAILED', { at: w.at() }));
    expect(webhooks(w.log).map((h) => h.type)).toEqual([
      'OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.EXPIRED', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_FAILED',
    ]);
  });

  it('announces nothing for field updates and receipt confirmations', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w), { initialState: 'PROCESSING' }));
    const updated = w.must(decideUpdateTransaction(w.state, id, { pendingReason: 'COMPLIANCE_REVIEW' }, { at: w.at() }));
    const confirmed = w.must(decideConfirmReceipt(w.state, id, { at: w.at() }));
    expect(webhooks([...updated, ...confirmed])).toEqual([]);
  });

  it('queues webhooks through the engine itself for HTTP operations (cancel), after their cause', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { rail: 'ACH', initialState: 'PENDING' }));
    const response = w.call('POST', `/transactions/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.events.map((e) => e.type)).toEqual(['TransactionTransitioned', 'WebhookQueued']);
    const hook = response.events[1]!.data as WebhookQueued;
    expect(hook).toMatchObject({ type: 'INCOMING_PAYMENT.FAILED', timestamp: response.events[0]!.at });
    expect(hook.id).toMatch(/^Webhook:[0-9a-f-]{36}$/);
    expect(hook.data).toEqual(response.body);
  });
});
