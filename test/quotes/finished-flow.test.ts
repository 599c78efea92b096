/**
 * A finished flow leaves its quote (docs/performance.md, "A finished flow leaves its quote (stop
 * 31)"): once an executed quote's flow has taken its last step, the stored quote keeps no plan,
 * and a replay of the log and a snapshot's load hold the same record. A plan halted midway stays.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { advanceBy, fund, newCustomer, newExternalAccount, payoutBody, setup } from './support.js';

describe('a finished flow leaves its quote', () => {
  it('keeps the plan while a step is left, drops it after the last step; replay and load agree', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    // Suffix 005: the payout settles, is returned 30 s later and refunded (four steps).
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'MXN', '005'), 10_000));
    const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
    const stored = () => h.engine.state.quotes.byId.get(quote.id);
    const steps = stored()?.flow?.steps.length ?? 0;
    expect(steps).toBeGreaterThan(1);
    const seen = new Set<number>();
    for (let s = 0; s < 3600 && stored()?.flow !== undefined; s += 1) {
      seen.add(stored()!.flow!.next);
      advanceBy(h, 1000);
    }
    // Every step but the last was seen with the plan kept; then it is gone, and the payment is done.
    expect(seen.has(1)).toBe(true);
    expect(Math.max(...seen)).toBeLessThan(steps);
    expect(stored()?.flow).toBeUndefined();
    expect(stored()?.state).toBe('EXECUTED');
    const tx = h.ok('GET', `/transactions/${executed.transactionId}`);
    expect([tx.status, tx.refund?.status]).toEqual(['FAILED', 'COMPLETED']);
    const replayed = createEngine({ events: JSON.parse(JSON.stringify(h.log)) });
    expect(stateText(replayed)).toBe(stateText(h.engine));
    expect(replayed.state.quotes.byId.get(quote.id)?.flow).toBeUndefined();
    const loaded = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) });
    expect(stateText(loaded)).toBe(stateText(h.engine));
  });
});
