/** CARD_TRANSACTION.* webhooks: one per status landed on, in order, with the card transaction after the change. */
import { describe, expect, it } from 'vitest';
import { authorize, cardHarness, fundedCard, step } from '../cards/support.js';

describe('card transaction webhooks', () => {
  it('announce a purchase from authorization through a return, in order, with the transaction as data', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const from = h.log.length;
    const tx = authorize(h, card.id, 3_000);
    step(h, card.id, 'authorization_advice', tx.id, 2_500);
    step(h, card.id, 'clearing', tx.id, 1_000);
    step(h, card.id, 'clearing', tx.id, 1_500);
    const refund = step(h, card.id, 'return', tx.id, 500);
    const hooks = h.log.slice(from).filter((e) => e.type === 'WebhookQueued').map((e) => e.data as any);
    expect(hooks.map((w) => [w.type, w.data.id, w.data.status])).toEqual([
      ['CARD_TRANSACTION.AUTHORIZED', tx.id, 'AUTHORIZED'],
      ['CARD_TRANSACTION.AUTHORIZED', tx.id, 'AUTHORIZED'],
      ['CARD_TRANSACTION.PARTIALLY_SETTLED', tx.id, 'PARTIALLY_SETTLED'],
      ['CARD_TRANSACTION.SETTLED', tx.id, 'SETTLED'],
      ['CARD_TRANSACTION.SETTLED', refund.id, 'SETTLED'],
      ['CARD_TRANSACTION.SETTLED', tx.id, 'SETTLED'],
    ]);
    expect(hooks[1].data.amount.amount).toBe(2_500);
    expect(hooks[5].data.refundedAmount.amount).toBe(500);
    expect(hooks.every((w) => w.id.startsWith('Webhook:') && w.timestamp === h.now)).toBe(true);
  });
});
