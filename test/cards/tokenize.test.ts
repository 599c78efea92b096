/**
 * POST /cards/{id}/tokenize: an XChaCha20-Poly1305 provisioning payload, deterministic from the
 * engine seed and ids (replay re-derives it), never the same nonce twice, only for cards that
 * support tokenization and are ACTIVE.
 */
import { describe, expect, it } from 'vitest';
import { openProvisioningPayload, provisioningPayload } from '../../src/domains/cards/tokenize.js';
import type { CardTokenized } from '../../src/domains/cards/events.js';
import { createEngine } from '../../src/engine/engine.js';
import { cardHarness, cardholder, fundedCard, issueCard } from './support.js';

describe('POST /cards/{id}/tokenize', () => {
  it('answers a payload that opens with the card key to the card details, and replays to the same payload', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    const r = h.call('POST', `/cards/${card.id}/tokenize`, { walletProvider: 'GOOGLE_PAY' });
    expect(r.status).toBe(200);
    const payload = r.body as any;
    expect(payload).toMatchObject({ cardId: card.id, walletProvider: 'GOOGLE_PAY', algorithm: 'XCHACHA20-POLY1305' });
    expect(Buffer.from(payload.nonce, 'base64')).toHaveLength(24);
    const record = h.engine.state.cards.byId.get(card.id)!;
    const clear = JSON.parse(openProvisioningPayload(record, payload));
    expect(clear).toEqual({
      cardId: card.id, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, brand: 'VISA',
      walletProvider: 'GOOGLE_PAY', tokenizationId: payload.tokenizationId, issuedAt: h.now,
    });
    const event = r.events.find((e) => e.type === 'CardTokenized')!;
    const replayed = createEngine({ events: h.log, regulated: true });
    expect(provisioningPayload(replayed.state.cards.byId.get(card.id)!, event.data as CardTokenized)).toEqual(payload);
  });

  it('uses a new nonce for every request and refuses a forged payload', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    const first = h.ok('POST', `/cards/${card.id}/tokenize`, {});
    const second = h.ok('POST', `/cards/${card.id}/tokenize`, {});
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.encryptedPayload).not.toBe(second.encryptedPayload);
    const record = h.engine.state.cards.byId.get(card.id)!;
    const bytes = Buffer.from(first.encryptedPayload, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => openProvisioningPayload(record, { nonce: first.nonce, encryptedPayload: bytes.toString('base64') })).toThrow();
  });

  it('rejects a card without supportsDigitalWalletTokenization with 400 INVALID_INPUT', () => {
    const h = cardHarness();
    const card = issueCard(h, cardholder(h), { form: 'PHYSICAL' });
    const r = h.call('POST', `/cards/${card.id}/tokenize`, {});
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect(r.events).toEqual([]);
  });

  it.each([
    { status: 'FROZEN', code: 'INVALID_STATE_TRANSITION' },
    { status: 'CLOSED', code: 'CARD_NOT_MUTABLE' },
  ])('rejects a $status card with 409 $code', ({ status, code }) => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    h.ok('PATCH', `/cards/${card.id}`, { status });
    const r = h.call('POST', `/cards/${card.id}/tokenize`, {});
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code });
    expect(r.events).toEqual([]);
  });

  it('rejects an unknown wallet with 400 and an unknown card with 404 NOT_FOUND', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 0);
    expect(h.call('POST', `/cards/${card.id}/tokenize`, { walletProvider: 'PAYPAL' }).status).toBe(400);
    const r = h.call('POST', '/cards/Card:missing/tokenize', {});
    expect(r.status).toBe(404);
    expect(r.events).toEqual([]);
  });
});
