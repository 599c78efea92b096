/**
 * Cards in the reference's spellings (issue 12): `cardholderId`, `fundingSources[]` and `state`
 * on `POST /cards` and `PATCH /cards/{cardId}` mean the copy's `customerId`, `fundingSource` and
 * `status`; both given and disagreeing is 400 naming the rule. Card simulations take the
 * reference's Currency object, and answer the status DECISIONS.md gives (200 for a declined
 * authorization) or else the reference's 202.
 */
import { describe, expect, it } from 'vitest';
import { cardHarness, cardholder, fundedCard, MERCHANT, simulate } from './support.js';

function fieldsOf(response: { body: unknown }): string[] {
  return (response.body as { details: { errors: { field: string }[] } }).details.errors.map((error) => error.field);
}

function messagesOf(response: { body: unknown }): string {
  return JSON.stringify((response.body as { details: unknown }).details);
}

describe('POST /cards in the reference\'s spellings', () => {
  it('issues a card from cardholderId and a one-id fundingSources, the copy\'s customerId and fundingSource', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const r = h.call('POST', '/cards', { cardholderId: holder.customerId, fundingSources: [holder.accountId], form: 'VIRTUAL' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customerId: holder.customerId, cardholderId: holder.customerId, fundingSource: holder.accountId, fundingSources: [holder.accountId] });
  });

  it('accepts both spellings when they agree', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const body = { customerId: holder.customerId, cardholderId: holder.customerId, fundingSource: holder.accountId, fundingSources: [holder.accountId], form: 'VIRTUAL' };
    expect(h.call('POST', '/cards', body).status).toBe(201);
  });

  it('refuses both spellings that disagree with 400 naming the reference\'s field, writing nothing', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const other = cardholder(h, 'Grace Hopper');
    const r = h.call('POST', '/cards', { customerId: holder.customerId, cardholderId: other.customerId, fundingSource: holder.accountId, fundingSources: [other.accountId], form: 'VIRTUAL' });
    expect(r.status).toBe(400);
    expect(r.events).toEqual([]);
    expect(fieldsOf(r)).toEqual(['cardholderId', 'fundingSources']);
    expect(messagesOf(r)).toContain("reference's name of customerId");
  });

  it('requires the holder and the funding source in one spelling or the other', () => {
    const r = cardHarness().call('POST', '/cards', { form: 'VIRTUAL' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['customerId', 'fundingSource']);
  });

  it('refuses two funding sources: DECISIONS.md binds a card to one', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const r = h.call('POST', '/cards', { cardholderId: holder.customerId, fundingSources: [holder.accountId, holder.accountId], form: 'VIRTUAL' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['fundingSources']);
    expect(messagesOf(r)).toContain('one funding source');
  });

  it('refuses threeDSecurePassword as the reference does for a program without a static-password factor', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL', threeDSecurePassword: 'AbCd1234EfGh5678' });
    expect(r.status).toBe(400);
    expect((r.body as { code: string }).code).toBe('INVALID_INPUT');
    expect(fieldsOf(r)).toEqual(['threeDSecurePassword']);
  });
});

describe('PATCH /cards/{cardId} in the reference\'s spellings', () => {
  it('freezes and unfreezes by state, one meaning with status', () => {
    const h = cardHarness();
    const { card } = fundedCard(h);
    expect(h.ok('PATCH', `/cards/${card.id}`, { state: 'FROZEN' })).toMatchObject({ status: 'FROZEN', state: 'FROZEN' });
    expect(h.ok('PATCH', `/cards/${card.id}`, { state: 'ACTIVE', status: 'ACTIVE' })).toMatchObject({ status: 'ACTIVE' });
  });

  it('replaces the funding source by a one-id fundingSources', () => {
    const h = cardHarness();
    const { card, customerId } = fundedCard(h);
    const usd = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data[0].id;
    expect(h.ok('PATCH', `/cards/${card.id}`, { fundingSources: [usd], state: 'FROZEN' })).toMatchObject({ fundingSource: usd, status: 'FROZEN' });
  });

  it('refuses state and status that disagree, and state CLOSED with other changes', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h);
    const disagree = h.call('PATCH', `/cards/${card.id}`, { state: 'FROZEN', status: 'ACTIVE' });
    expect(disagree.status).toBe(400);
    expect(fieldsOf(disagree)).toEqual(['state']);
    const closing = h.call('PATCH', `/cards/${card.id}`, { state: 'CLOSED', fundingSources: [accountId] });
    expect(closing.status).toBe(400);
    expect(messagesOf(closing)).toContain('CLOSED cannot be combined');
    expect(h.ok('GET', `/cards/${card.id}`).status).toBe('ACTIVE');
  });

  it('names a state outside the reference\'s enum as state', () => {
    const h = cardHarness();
    const { card } = fundedCard(h);
    expect(fieldsOf(h.call('PATCH', `/cards/${card.id}`, { state: 'PROCESSING' }))).toEqual(['state']);
  });
});

describe('card simulations: the reference\'s currency object and the status DECISIONS.md gives', () => {
  it('takes currency as the reference\'s Currency object { code } and answers 202 (the reference\'s status)', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const r = simulate(h, card.id, 'authorization', { amount: 1_250, currency: { code: 'USD' }, merchant: MERCHANT });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'AUTHORIZED', amount: { amount: 1_250, currency: { code: 'USD' } } });
    expect(simulate(h, card.id, 'authorization', { amount: 10, currency: { code: 'USD', decimals: 2, name: 'US Dollar', symbol: '$' }, merchant: MERCHANT }).status).toBe(202);
  });

  it.each([
    ['an unregistered code', { code: 'XYZ' }],
    ['decimals other than the currency\'s', { code: 'USD', decimals: 3 }],
    ['an unknown member', { code: 'USD', iso: 840 }],
  ])('refuses a Currency object with %s', (_name, currency) => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const r = simulate(h, card.id, 'authorization', { amount: 100, currency, merchant: MERCHANT });
    expect(r.status).toBe(400);
    expect(r.events).toEqual([]);
  });

  it('DECISIONS.md: a declined authorization answers 200 with the DECLINED card transaction', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10);
    const r = simulate(h, card.id, 'authorization', { amount: 5_000, currency: 'USD', merchant: MERCHANT });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'DECLINED' });
  });

  it('every other simulation answers the reference\'s 202: clearing, advice, return, balance inquiry', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const tx = simulate(h, card.id, 'authorization', { amount: 1_000, currency: 'USD', merchant: MERCHANT }).body as { id: string };
    expect(simulate(h, card.id, 'authorization_advice', { cardTransactionId: tx.id, amount: 1_200 }).status).toBe(202);
    expect(simulate(h, card.id, 'clearing', { cardTransactionId: tx.id, amount: 1_200 }).status).toBe(202);
    expect(simulate(h, card.id, 'return', { cardTransactionId: tx.id, amount: 200 }).status).toBe(202);
    expect(simulate(h, card.id, 'balance_inquiry', {}).status).toBe(202);
  });
});
