/** POST /cards/{id}/reveal: a signed short-lived URL, audit-logged with the actor, never stored; the rejections write nothing. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { cardHarness, cardholder, issueCard } from '../cards/support.js';

describe('POST /cards/{id}/reveal', () => {
  it('answers { panEmbedUrl, expiresAt } five minutes ahead and logs the reveal with its actor, never the URL', () => {
    const h = cardHarness();
    const card = issueCard(h, cardholder(h));
    const r = h.call('POST', `/cards/${card.id}/reveal`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const body = r.body as any;
    expect(body.expiresAt).toBe('2026-03-02T16:05:00.000Z');
    expect(body.panEmbedUrl).toMatch(/^https:\/\/cards\.sandbox\.svc\.example\/reveal\/Card%3A[^?]+\?reveal=.+&expires=.+&token=[0-9a-f]{64}$/);
    expect(r.events.map((e) => e.type)).toEqual(['CardRevealed']);
    expect(r.events[0]!.data).toEqual({ cardId: card.id, actor: expect.stringMatching(/^platform:/), expiresAt: body.expiresAt });
    expect(JSON.stringify(h.log)).not.toContain(body.panEmbedUrl.split('token=')[1]);
    // Each reveal mints a new URL.
    expect((h.call('POST', `/cards/${card.id}/reveal`).body as any).panEmbedUrl).not.toBe(body.panEmbedUrl);
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });

  it('404 NOT_FOUND for an unknown card, 409 CARD_ALREADY_CLOSED for a closed one, 400 for an Idempotency-Key or a body; nothing written', () => {
    const h = cardHarness();
    const card = issueCard(h, cardholder(h));
    const unknown = h.call('POST', '/cards/Card:nope/reveal');
    expect([unknown.status, (unknown.body as any).code, unknown.events]).toEqual([404, 'NOT_FOUND', []]);
    const keyed = h.call('POST', `/cards/${card.id}/reveal`, undefined, { 'idempotency-key': 'k' });
    expect([keyed.status, (keyed.body as any).details.errors[0].field, keyed.events]).toEqual([400, 'Idempotency-Key', []]);
    expect(h.call('POST', `/cards/${card.id}/reveal`, { show: true }).status).toBe(400);
    h.ok('PATCH', `/cards/${card.id}`, { status: 'CLOSED' });
    const closed = h.call('POST', `/cards/${card.id}/reveal`);
    expect([closed.status, (closed.body as any).code, closed.events]).toEqual([409, 'CARD_ALREADY_CLOSED', []]);
  });
});
