/**
 * POST /cards: who may hold a card (KYC APPROVED), from which account it spends, the program's
 * live-card maximum and one-card-per-cardholder rule (CARD_LIMIT_REACHED; closing frees a slot),
 * and the card's deterministic details. Every rejection writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { cardHarness, cardholder, issueCard } from './support.js';

describe('POST /cards', () => {
  it('issues an ACTIVE card with deterministic details for an approved cardholder', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL', platformCardId: 'pc-1', maxSpendPerDay: 50_000 });
    expect(r.status).toBe(201);
    const card = r.body as any;
    expect(card).toMatchObject({
      customerId: holder.customerId,
      fundingSource: holder.accountId,
      form: 'VIRTUAL',
      status: 'ACTIVE',
      platformCardId: 'pc-1',
      brand: 'VISA',
      expMonth: 3,
      expYear: 2029,
      cardCapabilities: { supportsDigitalWalletTokenization: true },
      maxSpendPerDay: 50_000,
      createdAt: '2026-03-02T16:00:00.000Z',
      updatedAt: '2026-03-02T16:00:00.000Z',
    });
    expect(card.id).toMatch(/^Card:[0-9a-f-]{36}$/);
    expect(card.last4).toMatch(/^\d{4}$/);
    // The reference's Card: maxSpendPerTransaction is required, null when the card sets none; cardholderId, state, fundingSources beside the spec copy's names.
    expect(card).toMatchObject({ maxSpendPerTransaction: null, cardholderId: holder.customerId, state: 'ACTIVE', fundingSources: [holder.accountId] });
    expect(card).not.toHaveProperty('provisioningKeyId');
    expect(r.events.map((e) => e.type)).toEqual(['CardIssued']);
    // Same log, same card: replay derives nothing new.
    expect(createEngine({ events: h.log, regulated: true }).state.cards.byId.get(card.id)).toEqual(h.engine.state.cards.byId.get(card.id));
  });

  it('marks PHYSICAL cards as not supporting digital wallet tokenization (decided)', () => {
    const h = cardHarness();
    const card = issueCard(h, cardholder(h), { form: 'PHYSICAL' });
    expect(card.cardCapabilities).toEqual({ supportsDigitalWalletTokenization: false });
  });

  it.each([
    { suffix: '001', kycStatus: 'PENDING' },
    { suffix: '002', kycStatus: 'REJECTED' },
    { suffix: '003', kycStatus: 'UNVERIFIED' },
  ])('rejects a cardholder whose kycStatus is $kycStatus with 400 CARDHOLDER_KYC_NOT_APPROVED', ({ suffix, kycStatus }) => {
    const h = cardHarness();
    const holder = cardholder(h, `Grace Hopper${suffix}`);
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'CARDHOLDER_KYC_NOT_APPROVED', details: { kycStatus } });
    expect(r.events).toEqual([]);
  });

  it('rejects an unknown customer with 404 CUSTOMER_NOT_FOUND', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const r = h.call('POST', '/cards', { customerId: 'Customer:missing', fundingSource: holder.accountId, form: 'VIRTUAL' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    expect(r.events).toEqual([]);
  });

  it("rejects another customer's account as fundingSource with 400 INVALID_INPUT on fundingSource", () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const other = cardholder(h, 'Alan Turing');
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: other.accountId, form: 'VIRTUAL' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'fundingSource' }] } });
    expect(r.events).toEqual([]);
  });

  it('lists every invalid field in one 400', () => {
    const h = cardHarness();
    const r = h.call('POST', '/cards', { form: 'PLASTIC', maxSpendPerDay: 0, maxTransactionsPerDay: 1.5, colour: 'red' });
    expect(r.status).toBe(400);
    const fields = (r.body as any).details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(['colour', 'customerId', 'form', 'fundingSource', 'maxSpendPerDay', 'maxTransactionsPerDay']);
    expect(r.events).toEqual([]);
  });

  it('rejects a platformCardId held by a live card with 409 CONFLICT, and frees it when that card closes', () => {
    const h = cardHarness();
    const holder = cardholder(h);
    const first = issueCard(h, holder, { platformCardId: 'pc-7' });
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL', platformCardId: 'pc-7' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CONFLICT' });
    expect(r.events).toEqual([]);
    h.ok('PATCH', `/cards/${first.id}`, { status: 'CLOSED' });
    expect(issueCard(h, holder, { platformCardId: 'pc-7' }).platformCardId).toBe('pc-7');
  });

  it("rejects a card past the platform's live-card maximum with 409 CARD_LIMIT_REACHED; closing frees a slot", () => {
    const h = cardHarness();
    h.ok('PATCH', '/config/cards', { maxLiveCards: 2 });
    const holder = cardholder(h);
    const a = issueCard(h, holder);
    issueCard(h, holder);
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CARD_LIMIT_REACHED' });
    expect(r.events).toEqual([]);
    h.ok('PATCH', `/cards/${a.id}`, { status: 'FROZEN' });
    expect(h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'VIRTUAL' }).status).toBe(409);
    h.ok('PATCH', `/cards/${a.id}`, { status: 'CLOSED' });
    expect(issueCard(h, holder).status).toBe('ACTIVE');
  });

  it('rejects a second live card for one cardholder on a one-card-per-cardholder platform with 409 CARD_LIMIT_REACHED', () => {
    const h = cardHarness();
    h.ok('PATCH', '/config/cards', { oneCardPerCardholder: true });
    const holder = cardholder(h);
    const first = issueCard(h, holder);
    const r = h.call('POST', '/cards', { customerId: holder.customerId, fundingSource: holder.accountId, form: 'PHYSICAL' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CARD_LIMIT_REACHED' });
    expect(r.events).toEqual([]);
    // Another cardholder is not affected; closing the first card frees the holder's slot.
    expect(issueCard(h, cardholder(h, 'Alan Turing')).status).toBe('ACTIVE');
    h.ok('PATCH', `/cards/${first.id}`, { status: 'CLOSED' });
    expect(issueCard(h, holder).status).toBe('ACTIVE');
  });
});
