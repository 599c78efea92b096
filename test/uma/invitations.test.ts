/** UMA invitations: create, get, claim (INVITATION.CLAIMED webhook), cancel, and their 400/404 codes. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { customer, DOMAIN, setup } from './support.js';

function world() {
  const h = setup();
  const ada = customer(h, 'ada');
  return { h, ada };
}

describe('POST /invitations', () => {
  it('creates a PENDING invitation from a customer’s UMA address (201), with a code and url, readable by GET', () => {
    const { h, ada } = world();
    const r = h.call('POST', '/invitations', { inviterUma: ada.uma, firstName: 'Alice', amountToSend: 1234 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const inv = r.body as any;
    expect(inv).toMatchObject({ inviterUma: ada.uma, status: 'PENDING', firstName: 'Alice', amountToSend: { amount: 1234, currency: { code: 'USD' } }, createdAt: h.now });
    expect(inv.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(inv.url).toBe(`https://${DOMAIN}/invitations/${inv.code}`);
    expect(h.ok('GET', `/invitations/${inv.code}`)).toEqual(inv);
  });

  it('refuses a malformed inviter (INVALID_UMA_ADDRESS), one at another platform (INVALID_UMA_ADDRESS), an unknown one (UMA_NOT_FOUND), a past expiresAt (INVALID_INPUT)', () => {
    const { h, ada } = world();
    const cases: [unknown, number, string][] = [
      [{ inviterUma: 'ada' }, 400, 'INVALID_UMA_ADDRESS'],
      [{ inviterUma: '$success.usd@sandbox.svc.uma.money' }, 400, 'INVALID_UMA_ADDRESS'],
      [{ inviterUma: `$nobody@${DOMAIN}` }, 404, 'UMA_NOT_FOUND'],
      [{ inviterUma: '$ada@elsewhere.example' }, 404, 'USER_NOT_FOUND'],
      [{ inviterUma: ada.uma, expiresAt: '2020-01-01T00:00:00Z' }, 400, 'INVALID_INPUT'],
      [{ inviterUma: ada.uma, amountToSend: -5 }, 400, 'INVALID_INPUT'],
    ];
    for (const [body, status, code] of cases) {
      const r = h.call('POST', '/invitations', body);
      expect([r.status, (r.body as any).code], JSON.stringify(body)).toEqual([status, code]);
      expect(r.events).toEqual([]);
    }
  });

  it('INVITATION_NOT_FOUND (404) for an unknown code', () => {
    const { h } = world();
    for (const [method, path] of [['GET', '/invitations/NOPE'], ['POST', '/invitations/NOPE/cancel']] as const) {
      const r = h.call(method, path);
      expect([r.status, (r.body as any).code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    }
    const r = h.call('POST', '/invitations/NOPE/claim', { inviteeUma: '$bob@x.com' });
    expect((r.body as any).code).toBe('INVITATION_NOT_FOUND');
  });
});

describe('the platform UMA domain (PATCH /config umaDomain)', () => {
  it('names the invitation url and answers UMA_NOT_FOUND for unknown users at it; customers keep the address their view shows', () => {
    const { h, ada } = world();
    expect(h.ok('PATCH', '/config', { umaDomain: 'Pay.Example.com' }).umaDomain).toBe('pay.example.com');
    expect((h.call('PATCH', '/config', { umaDomain: 'not a domain' }).body as any).code).toBe('INVALID_INPUT');
    const inv = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    expect(inv.url).toBe(`https://pay.example.com/invitations/${inv.code}`);
    expect((h.call('GET', `/receiver/uma/${encodeURIComponent('$nobody@pay.example.com')}`).body as any).code).toBe('UMA_NOT_FOUND');
  });
});

describe('POST /invitations/{code}/claim', () => {
  it('claims: CLAIMED with inviteeUma and claimedAt, and queues INVITATION.CLAIMED with the invitation', () => {
    const { h, ada } = world();
    const inv = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    const r = h.call('POST', `/invitations/${inv.code}/claim`, { inviteeUma: '$Bob@Other.Example' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'CLAIMED', inviteeUma: '$bob@other.example', claimedAt: h.now });
    const hooks = r.events.filter((e) => e.type === 'WebhookQueued').map((e) => e.data as any);
    expect(hooks.map((w) => w.type)).toEqual(['INVITATION.CLAIMED']);
    expect(hooks[0].data).toEqual(r.body);
  });

  it('INVITATION_ALREADY_CLAIMED on a second claim; INVITATION_CANCELLED after a cancel; SELF_PAYMENT for the inviter; INVALID_UMA_ADDRESS for a malformed invitee', () => {
    const { h, ada } = world();
    const a = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    const b = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    expect((h.call('POST', `/invitations/${a.code}/claim`, { inviteeUma: 'bob' }).body as any).code).toBe('INVALID_UMA_ADDRESS');
    expect((h.call('POST', `/invitations/${a.code}/claim`, { inviteeUma: ada.uma }).body as any).code).toBe('SELF_PAYMENT');
    h.ok('POST', `/invitations/${a.code}/claim`, { inviteeUma: '$bob@x.com' });
    const again = h.call('POST', `/invitations/${a.code}/claim`, { inviteeUma: '$carol@x.com' });
    expect([again.status, (again.body as any).code]).toEqual([400, 'INVITATION_ALREADY_CLAIMED']);
    expect(again.events).toEqual([]);
    expect((h.call('POST', `/invitations/${a.code}/cancel`).body as any).code).toBe('INVITATION_ALREADY_CLAIMED');
    expect(h.ok('POST', `/invitations/${b.code}/cancel`).status).toBe('CANCELLED');
    expect((h.call('POST', `/invitations/${b.code}/claim`, { inviteeUma: '$bob@x.com' }).body as any).code).toBe('INVITATION_CANCELLED');
    expect((h.call('POST', `/invitations/${b.code}/cancel`).body as any).code).toBe('INVITATION_CANCELLED');
  });

  it('an invitation past its expiresAt reads EXPIRED and cannot be claimed or cancelled (400 INVALID_INPUT)', () => {
    const { h, ada } = world();
    const inv = h.ok('POST', '/invitations', { inviterUma: ada.uma, expiresAt: '2026-01-05T17:00:00Z' });
    expect(inv.expiresAt).toBe('2026-01-05T17:00:00.000Z');
    h.now = '2026-01-05T17:00:00.000Z';
    expect(h.ok('GET', `/invitations/${inv.code}`).status).toBe('EXPIRED');
    const r = h.call('POST', `/invitations/${inv.code}/claim`, { inviteeUma: '$bob@x.com' });
    expect([r.status, (r.body as any).code]).toEqual([400, 'INVALID_INPUT']);
    expect((h.call('POST', `/invitations/${inv.code}/cancel`).body as any).code).toBe('INVALID_INPUT');
  });

  it('replay and a snapshot plus the rest rebuild the invitations', () => {
    const { h, ada } = world();
    const a = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    const prefix = h.log.length;
    h.ok('POST', `/invitations/${a.code}/claim`, { inviteeUma: '$bob@x.com' });
    const b = h.ok('POST', '/invitations', { inviterUma: ada.uma });
    h.ok('POST', `/invitations/${b.code}/cancel`);
    const live = stateText(h.engine);
    expect(stateText(createEngine({ events: h.log }))).toBe(live);
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: h.log.slice(0, prefix) }).snapshot()));
    expect(stateText(createEngine({ snapshot, events: h.log.slice(prefix) }))).toBe(live);
  });
});
