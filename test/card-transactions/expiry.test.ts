/**
 * An authorization never cleared expires 7 days after it was made (DECISIONS.md): advance
 * releases the hold (VOIDED); a partly cleared one settles at what it cleared; a closed one's
 * timer is gone. Expiry survives replay and snapshots.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { advance, authorize, balances, cardHarness, fundedCard, step, webhookTypes } from '../cards/support.js';

describe('authorization expiry', () => {
  it('voids an uncleared authorization at 7 days, not before', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    h.now = '2026-03-09T15:59:59.999Z';
    expect(advance(h)).toEqual([]);
    h.now = '2026-03-09T16:00:00.000Z';
    const events = advance(h);
    expect(webhookTypes(events)).toEqual(['CARD_TRANSACTION.VOIDED']);
    expect(h.ok('GET', `/transactions/${tx.id}`)).toMatchObject({ status: 'VOIDED', settledAmount: { amount: 0 } });
    expect(balances(h, accountId)).toEqual({ available: 10_000, total: 10_000 });
    expect(h.engine.state.timers.order).toEqual([]);
  });

  it('settles a partly cleared authorization at what it cleared', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 600);
    h.now = '2026-03-10T00:00:00.000Z';
    expect(webhookTypes(advance(h))).toEqual(['CARD_TRANSACTION.SETTLED']);
    expect(h.ok('GET', `/transactions/${tx.id}`)).toMatchObject({ status: 'SETTLED', settledAmount: { amount: 600 }, settledAt: '2026-03-09T16:00:00.000Z' });
    expect(balances(h, accountId)).toEqual({ available: 9_400, total: 9_400 });
  });

  it('cancels the timer of a settled authorization', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 2_000);
    step(h, card.id, 'clearing', tx.id, 2_000);
    expect(h.engine.state.timers.order).toEqual([]);
    h.now = '2026-03-20T00:00:00.000Z';
    expect(advance(h)).toEqual([]);
  });

  it('a replayed engine and one resumed from a snapshot expire the same way', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    authorize(h, card.id, 2_000);
    const replayed = createEngine({ events: h.log, regulated: true });
    const resumed = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())), regulated: true });
    const at = '2026-03-10T00:00:00.000Z';
    const live = h.engine.advance(at);
    expect(replayed.advance(at)).toEqual(live);
    expect(resumed.advance(at)).toEqual(live);
  });
});
