/**
 * Wire fields the reference requires that the views derive (issue 12, docs/wire-contract.md):
 * a card transaction row answers the reference's CardTransaction names `accountId`,
 * `authorizedAmount` and `authorizedAt` (a declined row: its arrival), beside the spec copy's; an
 * exchange rate row answers the reference's ExchangeRate names beside the engine's.
 */
import { describe, expect, it } from 'vitest';
import { authorize, cardHarness, fundedCard } from '../cards/support.js';
import { harness } from '../support/harness.js';

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

describe('exchange rate rows carry the reference ExchangeRate fields (issue 12)', () => {
  it('answers sourceCurrency, destinationCurrency, updatedAt, sendingAmount, receivingAmount and fees of the reference amount', () => {
    const asOf = '2026-01-05T16:00:00.000Z';
    const h = harness({ exchangeRates: [{ sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf }] }, asOf);
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 }] });
    const [row] = h.ok('GET', '/exchange-rates').data;
    expect(row).toMatchObject({
      sourceCurrency: { code: 'USD' },
      destinationCurrency: { code: 'MXN' },
      updatedAt: asOf,
      sendingAmount: 10_000,
      receivingAmount: row.reference.receivingAmount.amount,
      fees: { fixed: 100, total: 150 },
    });
  });
});
