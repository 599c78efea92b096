/**
 * What a move does besides the status: the failureReason each event carries (fixed, chosen from a
 * list, or none), what it clears, settledAt on settlement, the rail status the spec ties to
 * returns, the dishonor/contest pair, money moving atomically with the move, and field updates
 * that send no webhook.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { worldAccountId } from '../../src/domains/movement.js';
import { decideTransition, decideUpdateTransaction, FAILURE_RULES, newRailDetails } from '../../src/domains/transactions/index.js';
import { available, create, customer, drive, later, payInInput, payoutInput, read, webhooks, world } from './support.js';

describe('failure reasons', () => {
  it('fails an expired SCA challenge with SCA_NOT_COMPLETED and moves no money', () => {
    const w = world();
    const who = customer(w, 'u', 20_000);
    const id = create(w, payoutInput(w, who));
    drive(w, id, ['SCA_REQUIRED', 'SCA_REQUIRED', 'SCA_EXPIRED']);
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' });
    expect(available(w, who.accountId)).toBe(20_000);
  });

  it.each([
    ['PAYOUT_FAILED without a reason', 'PAYOUT_FAILED', {}],
    ['PAYOUT_FAILED with PAYOUT_RETURNED (its own event)', 'PAYOUT_FAILED', { failureReason: 'PAYOUT_RETURNED' }],
    ['PAYOUT_FAILED with an incoming reason', 'PAYOUT_FAILED', { failureReason: 'COLLECTION_FAILED' }],
    ['SETTLED with a reason (it does not fail)', 'SETTLED', { failureReason: 'ACCOUNT_INVALID' }],
    ['CANCELLED with a reason (cancellation has none)', 'CANCELLED', { failureReason: 'ACCOUNT_INVALID' }],
  ] as const)('asserts on a flow bug: %s', (_label, event, changes) => {
    const w = world();
    const who = customer(w);
    const id = create(w, payoutInput(w, who, { rail: 'ACH' }));
    drive(w, id, ['FUNDED']);
    expect(() => decideTransition(w.state, id, event, changes, { at: w.at() })).toThrow(InvariantError);
  });

  it('fixes the reason of the events that have one and rejects another', () => {
    expect(FAILURE_RULES.SCA_EXPIRED).toEqual({ kind: 'fixed', reason: 'SCA_NOT_COMPLETED' });
    expect(FAILURE_RULES.PAYOUT_RETURNED).toEqual({ kind: 'fixed', reason: 'PAYOUT_RETURNED' });
    expect(FAILURE_RULES.APPROVAL_TIMED_OUT).toEqual({ kind: 'fixed', reason: 'PAYMENT_APPROVAL_TIMED_OUT' });
    expect(FAILURE_RULES.APPROVAL_WEBHOOK_FAILED).toEqual({ kind: 'fixed', reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' });
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    drive(w, id, ['SCA_REQUIRED']);
    expect(() => decideTransition(w.state, id, 'SCA_EXPIRED', { failureReason: 'ACCOUNT_INVALID' }, { at: w.at() })).toThrow(InvariantError);
  });

  it('keeps the reason a failed payout was given', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    drive(w, id, ['FUNDED']);
    w.must(decideTransition(w.state, id, 'PAYOUT_FAILED', { failureReason: 'ACCOUNT_CANNOT_RECEIVE' }, { at: w.at() }));
    expect(read(w, id)).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' });
  });
});

describe('returns', () => {
  it('a returned payout fails with PAYOUT_RETURNED and its ACH destination shows RETURNED with returnedAt', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w), { rail: 'ACH' }));
    drive(w, id, ['FUNDED', 'SETTLED']);
    w.now = later(w.now, 60_000);
    drive(w, id, ['PAYOUT_RETURNED']);
    const view = read(w, id);
    expect(view).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED' });
    expect(view.destination).toMatchObject({ railDetails: { paymentRail: 'ACH', status: 'RETURNED', returnedAt: w.now } });
  });

  it('a returned deposit fails (no reason named by the spec) with its ACH source RETURNED; a dishonor restores it; a contest fails it again', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { rail: 'ACH' }));
    drive(w, id, ['QUOTED', 'FUNDED', 'SETTLED', 'RETURNED']);
    const returned = read(w, id);
    expect(returned.status).toBe('FAILED');
    expect(returned.failureReason).toBeUndefined();
    expect(returned.source).toMatchObject({ railDetails: { status: 'RETURNED', returnedAt: w.now } });
    drive(w, id, ['RETURN_DISHONORED']);
    const restored = read(w, id);
    expect(restored.status).toBe('COMPLETED');
    // Spec: railDetails still shows RETURNED after a dishonored return.
    expect(restored.source).toMatchObject({ railDetails: { status: 'RETURNED' } });
    drive(w, id, ['RETURN_CONTESTED']);
    expect(read(w, id).status).toBe('FAILED');
    expect(webhooks(w.log).map((h) => h.type).slice(-3)).toEqual(['INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED']);
  });

  it('clears the failureReason when a dishonored return completes the payment again', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w)));
    drive(w, id, ['QUOTED', 'FUNDED', 'SETTLED']);
    w.must(decideTransition(w.state, id, 'RETURNED', { failureReason: 'COLLECTION_FAILED' }, { at: w.at() }));
    expect(read(w, id).failureReason).toBe('COLLECTION_FAILED');
    drive(w, id, ['RETURN_DISHONORED']);
    expect(read(w, id).failureReason).toBeUndefined();
  });

  it('rejects RETURN_CONTESTED with 409 INVALID_STATE_TRANSITION when no return was dishonored', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w)));
    drive(w, id, ['QUOTED', 'FUNDED', 'SETTLED']);
    const result = decideTransition(w.state, id, 'RETURN_CONTESTED', {}, { at: w.at() });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 409, code: 'INVALID_STATE_TRANSITION' });
  });

  it('takes the credited balance back in the same event as the return', () => {
    const w = world();
    const who = customer(w);
    const id = create(w, payInInput(w, who));
    drive(w, id, ['QUOTED', 'FUNDED']);
    const credit = { id: w.newId('Transfer'), debitAccountId: worldAccountId('USD'), creditAccountId: who.accountId, amountMinor: '5000', transactionId: id };
    w.must(decideTransition(w.state, id, 'SETTLED', {}, { at: w.at(), transfers: [credit] }));
    expect(available(w, who.accountId)).toBe(5000);
    const back = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '5000', transactionId: id };
    const events = w.must(decideTransition(w.state, id, 'RETURNED', {}, { at: w.at(), transfers: [back] }));
    expect(events[0]).toMatchObject({ type: 'TransactionTransitioned', data: { event: 'RETURNED', transfers: [back] } });
    expect(available(w, who.accountId)).toBe(0);
  });

  it('rejects a return whose debit the account can no longer cover with 400 INSUFFICIENT_FUNDS, leaving it COMPLETED', () => {
    const w = world();
    const who = customer(w);
    const id = create(w, payInInput(w, who));
    drive(w, id, ['QUOTED', 'FUNDED', 'SETTLED']);
    const back = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '5000' };
    const result = decideTransition(w.state, id, 'RETURNED', {}, { at: w.at(), transfers: [back] });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
    expect(read(w, id).status).toBe('COMPLETED');
  });
});

describe('other effects of a move', () => {
  it('stamps settledAt on settlement unless the flow gives it', () => {
    const w = world();
    const who = customer(w);
    const a = create(w, payoutInput(w, who));
    drive(w, a, ['FUNDED']);
    w.now = later(w.now, 1000);
    drive(w, a, ['SETTLED']);
    expect(read(w, a).settledAt).toBe(w.now);
    const b = create(w, payoutInput(w, who));
    drive(w, b, ['FUNDED']);
    w.must(decideTransition(w.state, b, 'SETTLED', { settledAt: '2026-01-05T15:00:00.000Z' }, { at: w.at() }));
    expect(read(w, b).settledAt).toBe('2026-01-05T15:00:00.000Z');
  });

  it('keeps a pendingReason while PENDING or PROCESSING and drops it when the payment completes', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { initialState: 'PENDING', overrides: { pendingReason: 'COUNTERPARTY_INFORMATION_REQUIRED' } }));
    drive(w, id, ['FUNDED']);
    expect(read(w, id).pendingReason).toBe('COUNTERPARTY_INFORMATION_REQUIRED');
    drive(w, id, ['SETTLED']);
    expect(read(w, id).pendingReason).toBeUndefined();
  });

  it('updates fields without a status change and without a webhook, and clears a pendingReason on request', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w), { rail: 'WIRE', initialState: 'PROCESSING' }));
    const rail = w.state.transactions.byId.get(id)!.destination;
    const settled = { ...(rail as { railDetails: object }).railDetails, status: 'SETTLED' } as never;
    const events = w.must(decideUpdateTransaction(w.state, id, { destinationRailDetails: settled, pendingReason: 'COMPLIANCE_REVIEW' }, { at: w.at() }));
    expect(events.map((e) => e.type)).toEqual(['TransactionUpdated']);
    expect(read(w, id)).toMatchObject({ status: 'PROCESSING', pendingReason: 'COMPLIANCE_REVIEW', destination: { railDetails: { status: 'SETTLED' } } });
    w.must(decideUpdateTransaction(w.state, id, {}, { at: w.at(), clear: ['pendingReason'] }));
    expect(read(w, id).pendingReason).toBeUndefined();
    expect(decideUpdateTransaction(w.state, id, {}, { at: w.at(), clear: ['pendingReason'] })).toEqual({ ok: true, value: [] });
  });

  it('asserts on an update that breaks a record rule (a pendingReason on a COMPLETED payment, a wrong rail status)', () => {
    const w = world();
    const id = create(w, payoutInput(w, customer(w)));
    drive(w, id, ['FUNDED', 'SETTLED']);
    expect(() => decideUpdateTransaction(w.state, id, { pendingReason: 'COMPLIANCE_REVIEW' }, { at: w.at() })).toThrow(InvariantError);
    const wire = { ...newRailDetails('WIRE', id, 'destination', { at: w.at() }), status: 'RETURNED' } as never;
    expect(() => decideUpdateTransaction(w.state, id, { destinationRailDetails: wire }, { at: w.at() })).toThrow(InvariantError);
  });

  it('answers 404 TRANSACTION_NOT_FOUND to an update of an unknown transaction', () => {
    const w = world();
    customer(w);
    const result = decideUpdateTransaction(w.state, 'Transaction:00000000-0000-7000-8000-0000000000ff', { description: 'x' } as never, { at: w.at() });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 404, code: 'TRANSACTION_NOT_FOUND' });
  });
});
