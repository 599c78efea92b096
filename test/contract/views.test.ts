/**
 * Wire fields the reference requires that the views derive (issue 12, docs/wire-contract.md):
 * a card transaction row answers the reference's CardTransaction names `accountId`,
 * `authorizedAmount` and `authorizedAt` (a declined row: its arrival), beside the spec copy's.
 */
import { describe, expect, it } from 'vitest';
import { authorize, cardHarness, fundedCard } from '../cards/support.js';

describe('card transaction rows carry the reference CardTransaction required fields (issue 12)', () => {
  it('answers accountId (= fundingSource), authorizedAmount (= amount) and authorizedAt', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const tx = authorize(h, card.id, 100);
    const row = h.ok('GET', `/transactions/${tx.id}`);
    expect(row).toMatchObject({ accountId, fundingSource: accountId, authorizedAmount: row.amount, authorizedAt: row.createdAt });
    expect(row.authorizedAmount.amount).toBe(100);
  });

  it('a declined authorization still answers authorizedAt: the time it arrived', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10);
    const tx = authorize(h, card.id, 5_000);
    expect(tx.status).toBe('DECLINED');
    expect(tx.authorizedAt).toBe(tx.createdAt);
    expect(tx.authorizedAmount.amount).toBe(5_000);
  });
});
