/** API tokens (`/tokens`): the secret shown once, only its hash logged, Basic credential until deleted, permissions. */
import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

function setup() {
  const h = harness();
  const create = (permissions: string[], name = 'ops') => h.ok('POST', '/tokens', { name, permissions });
  const as = (token: { clientId: string; clientSecret: string }) => ({ authorization: basicAuthorization({ tokenId: token.clientId, clientSecret: token.clientSecret }) });
  return { h, create, as };
}

describe('API tokens', () => {
  it('answers the client secret once on creation and never again (GET and list omit it)', () => {
    const { h, create } = setup();
    const token = create(['VIEW']);
    expect(token).toMatchObject({ name: 'ops', permissions: ['VIEW'], clientSecret: expect.stringMatching(/^sk_[0-9a-f]{64}$/) });
    expect(token.id).toMatch(/^Token:[0-9a-f-]{36}$/);
    expect(token.clientId).toBe(token.id.slice(6).replace(/-/g, ''));
    const read = h.ok('GET', `/tokens/${token.id}`);
    expect(read.clientSecret).toBeUndefined();
    expect(read).toEqual({ id: token.id, name: 'ops', permissions: ['VIEW'], clientId: token.clientId, createdAt: token.createdAt, updatedAt: token.updatedAt });
    expect(h.ok('GET', '/tokens')).toEqual({ data: [read], hasMore: false, totalCount: 1 });
  });

  it('keeps only a hash of the secret in the log', () => {
    const { h, create } = setup();
    const token = create(['VIEW', 'TRANSACT']);
    const text = JSON.stringify(h.log);
    expect(text).not.toContain(token.clientSecret);
    expect(text).not.toContain(token.clientSecret.slice(3));
    expect(text).toContain('secretHash');
  });

  it('refuses an Idempotency-Key on creation (the answer holds a secret the log must not keep)', () => {
    const { h } = setup();
    const r = h.call('POST', '/tokens', { name: 'x', permissions: ['VIEW'] }, { 'idempotency-key': 'k1' });
    expect(r.status).toBe(400);
    expect((r.body as any).details.errors[0].field).toBe('Idempotency-Key');
    expect(r.events).toEqual([]);
  });

  it('validates the body: name and a non-empty list of known permissions', () => {
    const { h } = setup();
    const r = h.call('POST', '/tokens', { name: '', permissions: ['ADMIN'], extra: 1 });
    expect(r.status).toBe(400);
    expect((r.body as any).code).toBe('INVALID_INPUT');
    expect((r.body as any).details.errors.map((e: any) => e.field)).toEqual(['extra', 'name', 'permissions[0]']);
    expect(r.events).toEqual([]);
    expect(h.call('POST', '/tokens', { name: 'n', permissions: [] }).status).toBe(400);
  });

  it('works as a Basic credential (clientId:clientSecret) until deleted, then 401', () => {
    const { h, create, as } = setup();
    const token = create(['VIEW']);
    expect(h.call('GET', '/customers', undefined, as(token)).status).toBe(200);
    const wrong = { authorization: basicAuthorization({ tokenId: token.clientId, clientSecret: `${token.clientSecret}x` }) };
    expect((h.call('GET', '/customers', undefined, wrong).body as any).code).toBe('UNAUTHORIZED');
    const del = h.call('DELETE', `/tokens/${token.id}`);
    expect(del.status).toBe(204);
    const after = h.call('GET', '/customers', undefined, as(token));
    expect(after.status).toBe(401);
    expect((after.body as any).code).toBe('UNAUTHORIZED');
  });

  it('TOKEN_NOT_FOUND for an unknown or deleted token, and no event', () => {
    const { h, create } = setup();
    const token = create(['MANAGE']);
    h.ok('DELETE', `/tokens/${token.id}`);
    for (const method of ['GET', 'DELETE']) {
      const r = h.call(method, `/tokens/${token.id}`);
      expect(r.status).toBe(404);
      expect((r.body as any).code).toBe('TOKEN_NOT_FOUND');
      expect(r.events).toEqual([]);
    }
  });

  it('permissions: VIEW reads only (403 FORBIDDEN on a write), TRANSACT moves money, MANAGE manages', () => {
    const { h, create, as } = setup();
    const view = create(['VIEW']);
    const transact = create(['TRANSACT']);
    const manage = create(['MANAGE']);
    const customer = { customerType: 'INDIVIDUAL', platformCustomerId: 'p-1', fullName: 'Ada Lovelace' };
    const refused = h.call('POST', '/customers', customer, as(view));
    expect(refused.status).toBe(403);
    expect((refused.body as any).code).toBe('FORBIDDEN');
    expect(refused.events).toEqual([]);
    expect(h.call('POST', '/customers', customer, as(transact)).status).toBe(403);
    expect(h.call('POST', '/customers', customer, as(manage)).status).toBe(201);
    expect(h.call('POST', '/tokens', { name: 'n', permissions: ['VIEW'] }, as(transact)).status).toBe(403);
    expect(h.call('POST', '/quotes', {}, as(manage)).status).toBe(403);
    expect(h.call('POST', '/quotes', {}, as(transact)).status).toBe(400);
    expect(h.call('GET', '/tokens', undefined, as(transact)).status).toBe(200);
  });

  it('lists with filters (name, createdAfter) and pages with a cursor bound to the query', () => {
    const { h, create } = setup();
    create(['VIEW'], 'a');
    h.now = '2026-01-05T17:00:00.000Z';
    create(['VIEW'], 'b');
    create(['VIEW'], 'b');
    expect(h.ok('GET', '/tokens?name=b').totalCount).toBe(2);
    expect(h.ok('GET', '/tokens?createdAfter=2026-01-05T16:30:00Z').totalCount).toBe(2);
    const first = h.ok('GET', '/tokens?limit=1');
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(h.ok('GET', `/tokens?limit=1&cursor=${first.nextCursor}`).data[0].name).toBe('b');
    expect(h.call('GET', `/tokens?name=b&cursor=${first.nextCursor}`).status).toBe(400);
    expect(h.call('GET', '/tokens?createdAfter=yesterday').status).toBe(400);
  });

  it('replay and a snapshot plus the rest rebuild the same tokens, and the credential still works', () => {
    const { h, create, as } = setup();
    const kept = create(['VIEW']);
    const gone = create(['MANAGE']);
    const prefix = h.log.length;
    h.ok('DELETE', `/tokens/${gone.id}`);
    create(['TRANSACT']);
    const live = stateText(h.engine);
    expect(stateText(createEngine({ events: h.log }))).toBe(live);
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: h.log.slice(0, prefix) }).snapshot()));
    const resumed = createEngine({ snapshot, events: h.log.slice(prefix) });
    expect(stateText(resumed)).toBe(live);
    const r = resumed.handle({ method: 'GET', path: '/tokens', headers: as(kept) }, { now: h.now });
    expect(r.response.status).toBe(200);
    expect((r.response.body as any).totalCount).toBe(2);
  });
});
