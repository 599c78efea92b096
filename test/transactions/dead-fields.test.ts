/**
 * Fields nothing reads again leave settled records (docs/performance.md, "Dead fields leave
 * settled records (stop 31)"). Only a cancellation reads a payment's `fundingTransferIds`, so a
 * record in a status from which no path of its table reaches CANCELLED keeps none; the log keeps
 * them (the execution's event). A payment that can still be cancelled keeps them, and its cancel
 * reverses them.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { statesNeverReaching } from '../../src/domains/lifecycle.js';
import { INCOMING_TABLE, neverCancellable, OUTGOING_TABLE } from '../../src/domains/transactions/lifecycles.js';
import { stateText } from '../support/state-text.js';
import { advanceBy, balanceOf, call, fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';

describe('a payment that can never be cancelled again keeps no funding transfer ids', () => {
  it('the statuses are exactly those no path of the table leads back to a cancellable state from', () => {
    expect([...statesNeverReaching(OUTGOING_TABLE, 'CANCELLED')].sort()).toEqual(['COMPLETED', 'EXPIRED', 'FAILED']);
    expect([...statesNeverReaching(INCOMING_TABLE, 'CANCELLED')].sort()).toEqual(['COMPLETED', 'FAILED']);
    expect(neverCancellable('OUTGOING', 'PROCESSING')).toBe(false);
    expect(neverCancellable('INCOMING', 'PENDING')).toBe(false);
    expect(neverCancellable('INCOMING', 'COMPLETED')).toBe(true);
  });

  it('a payout holds them while processing (a cancel reverses them) and drops them once settled; replay and load agree', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const external = newExternalAccount(h, customerId, 'USD', '789');
    const settled = h.ok('POST', '/quotes', payoutBody(accountId, external, 10_000, { immediatelyExecute: true }));
    const cancelled = h.ok('POST', '/quotes', payoutBody(accountId, external, 20_000, { immediatelyExecute: true }));
    const stored = (id: string) => h.engine.state.transactions.byId.get(id);
    expect(stored(settled.transactionId)?.fundingTransferIds?.length).toBeGreaterThan(0);
    expect(balanceOf(h, accountId)).toBe(70_000);
    expect(call(h, 'POST', `/transactions/${cancelled.transactionId}/cancel`).status).toBe(200);
    expect(balanceOf(h, accountId)).toBe(90_000);
    advanceBy(h, 60_000);
    expect(stored(settled.transactionId)?.status).toBe('COMPLETED');
    expect(stored(settled.transactionId)?.fundingTransferIds).toBeUndefined();
    expect(stored(cancelled.transactionId)?.status).toBe('FAILED');
    expect(stored(cancelled.transactionId)?.fundingTransferIds).toBeUndefined();
    expect(call(h, 'POST', `/transactions/${settled.transactionId}/cancel`).body.code).toBe('TRANSACTION_NOT_CANCELLABLE');
    const replayed = createEngine({ events: JSON.parse(JSON.stringify(h.log)) });
    expect(stateText(replayed)).toBe(stateText(h.engine));
    const loaded = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) });
    expect(stateText(loaded)).toBe(stateText(h.engine));
  });
});
