/**
 * The sandbox's magic merchant descriptors, row for row, as the docs list them: the reference's
 * 002 (INSUFFICIENT_FUNDS, DEBITs only) and 003 (a paused card: CARD_NOT_ACTIVE, the copy's name
 * for the reference's CARD_PAUSED), and the engine's own 901-903.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT_DECLINES, sandboxMerchantDecline } from '../../src/domains/card-transactions/sandbox.js';
import { balances, cardHarness, fundedCard, MERCHANT, simulate } from '../cards/support.js';

const ROWS = [
  { suffix: '002', reason: 'INSUFFICIENT_FUNDS' },
  { suffix: '003', reason: 'CARD_NOT_ACTIVE' },
  { suffix: '901', reason: 'BLOCKED' },
  { suffix: '902', reason: 'UNSUPPORTED_NETWORK' },
  { suffix: '903', reason: 'OTHER' },
];

const DOC = readFileSync(new URL('../../docs/cards.md', import.meta.url), 'utf8');

describe('sandbox merchant declines', () => {
  it('has exactly the documented rows', () => {
    expect(SANDBOX_MERCHANT_DECLINES.map(({ suffix, reason }) => ({ suffix, reason }))).toEqual(ROWS);
    for (const row of ROWS) expect(DOC).toContain(`| \`${row.suffix}\` | ${row.reason} |`);
  });

  it.each(ROWS)('a DEBIT descriptor ending in $suffix forces $reason; other endings force nothing', ({ suffix, reason }) => {
    expect(sandboxMerchantDecline(`SHOP ${suffix}`, 'DEBIT')).toBe(reason);
    expect(sandboxMerchantDecline(`SHOP ${suffix}0`, 'DEBIT')).toBeUndefined();
  });

  it('reference suffix 002: a funded card declines INSUFFICIENT_FUNDS (the pull fails), moving no money', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 100_000);
    const r = simulate(h, card.id, 'authorization', { amount: 1_000, currency: 'USD', merchant: { ...MERCHANT, descriptor: 'AMAZON RETAIL US-002' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'DECLINED', cardDeclinedReason: 'INSUFFICIENT_FUNDS' });
    expect(balances(h, accountId)).toEqual({ available: 100_000, total: 100_000 });
  });

  it('reference suffix 002 applies to DEBITs only: a credit authorization pulls nothing and is approved', () => {
    expect(sandboxMerchantDecline('SHOP 002', 'CREDIT')).toBeUndefined();
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const r = simulate(h, card.id, 'credit_authorization', { amount: 1_000, currency: 'USD', merchant: { ...MERCHANT, descriptor: 'SHOP 002' } });
    expect(r.body).toMatchObject({ status: 'AUTHORIZED', direction: 'CREDIT' });
  });

  it('reference suffix 003: an ACTIVE card declines as paused (CARD_NOT_ACTIVE, the copy\'s name for CARD_PAUSED), credits too', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    for (const name of ['authorization', 'credit_authorization'] as const) {
      const r = simulate(h, card.id, name, { amount: 1_000, currency: 'USD', merchant: { ...MERCHANT, descriptor: 'SHOP 003' } });
      expect(r.body).toMatchObject({ status: 'DECLINED', cardDeclinedReason: 'CARD_NOT_ACTIVE' });
    }
    expect(h.ok('GET', `/cards/${card.id}`)).toMatchObject({ status: 'ACTIVE' });
  });

  it.each(['005', '006'])('reference suffix %s is not simulated: the authorization is approved (docs/cards.md says why)', (suffix) => {
    expect(sandboxMerchantDecline(`SHOP ${suffix}`, 'DEBIT')).toBeUndefined();
    expect(DOC).toContain(`| \`${suffix}\` | not simulated |`);
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const r = simulate(h, card.id, 'authorization', { amount: 1_000, currency: 'USD', merchant: { ...MERCHANT, descriptor: `SHOP ${suffix}` } });
    expect(r.body).toMatchObject({ status: 'AUTHORIZED' });
  });
});
