/**
 * Card money on statements: declines never appear (they move no money), a hold is no row, each
 * clearing part is a row named by the card transaction; and card settlement gates balance-change
 * windows: an open authorization made before a window's end makes that window 409
 * NOT_YET_AVAILABLE for its account until it settles, is voided or expires.
 */
import { describe, expect, it } from 'vitest';
import { advance, authorize, cardHarness, fundedCard, step } from '../cards/support.js';

function changes(h: ReturnType<typeof cardHarness>, accountId: string, startDate: string, endDate: string) {
  return h.call('GET', `/internal-accounts/${accountId}/balance-changes?startDate=${startDate}&endDate=${endDate}`);
}

const DAY = { start: '2026-03-02T00:00:00Z', end: '2026-03-03T00:00:00Z' };

describe('card transactions on statements', () => {
  it('shows no row for a decline or a hold, and one row per clearing part', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 5_000);
    authorize(h, card.id, 9_000); // declined: insufficient funds
    const tx = authorize(h, card.id, 3_000);
    step(h, card.id, 'clearing', tx.id, 1_000);
    step(h, card.id, 'clearing', tx.id, 2_000);
    h.now = '2026-03-04T00:00:00.000Z';
    const page = changes(h, accountId, DAY.start, DAY.end).body as any;
    expect(page.data.map((row: any) => [row.transactionId === tx.id, row.amount.amount])).toEqual([[false, 5_000], [true, -1_000], [true, -2_000]]);
    expect(page).toMatchObject({ openingBalance: { amount: 0 }, closingBalance: { amount: 2_000 } });
  });

  it('a window is NOT_YET_AVAILABLE while an authorization made before its end is open', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 5_000);
    const other = fundedCard(h, 5_000);
    const tx = authorize(h, card.id, 1_000);
    h.now = '2026-03-04T00:00:00.000Z';
    const gated = changes(h, accountId, DAY.start, DAY.end);
    expect(gated.status).toBe(409);
    expect(gated.body).toMatchObject({ code: 'NOT_YET_AVAILABLE', details: { cardTransactionId: tx.id } });
    expect(gated.events).toEqual([]);
    // Windows ending at or before the authorization, and other accounts, are not held back.
    expect(changes(h, accountId, DAY.start, '2026-03-02T16:00:00Z').status).toBe(200);
    expect(changes(h, other.accountId, DAY.start, DAY.end).status).toBe(200);
    // A later window still contains the open authorization's boundary.
    expect(changes(h, accountId, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z').status).toBe(409);
    step(h, card.id, 'clearing', tx.id, 400);
    expect(changes(h, accountId, DAY.start, DAY.end).status).toBe(409);
    step(h, card.id, 'clearing', tx.id, 600);
    expect(changes(h, accountId, DAY.start, DAY.end).status).toBe(200);
  });

  it('an expired or voided authorization no longer holds its window back', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 5_000);
    authorize(h, card.id, 1_000);
    const voided = authorize(h, card.id, 1_000);
    step(h, card.id, 'authorization_advice', voided.id, 0);
    h.now = '2026-03-09T16:00:00.000Z';
    expect(changes(h, accountId, DAY.start, DAY.end).status).toBe(409);
    advance(h);
    expect(changes(h, accountId, DAY.start, DAY.end).status).toBe(200);
  });
});
