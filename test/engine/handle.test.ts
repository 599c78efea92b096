import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { AUTH, harness } from '../support/harness.js';

const NOW = '2026-01-05T16:00:00.000Z';

function platformAccount(h: ReturnType<typeof harness>): { id: string } {
  const list = h.ok('GET', '/platform/internal-accounts');
  return list.data[0];
}

describe('handle: authentication', () => {
  it('answers 401 UNAUTHORIZED without an Authorization header and writes nothing', () => {
    const engine = createEngine();
    const { response, events } = engine.handle({ method: 'GET', path: '/platform/internal-accounts' }, { now: NOW });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(events).toEqual([]);
  });

  it.each([
    ['wrong secret', `Basic ${Buffer.from('sandbox-token-id:nope').toString('base64')}`],
    ['not base64', 'Basic !!!'],
    ['Bearer on a platform route', 'Bearer abc'],
    ['no colon', `Basic ${Buffer.from('sandbox-token-id').toString('base64')}`],
  ])('answers 401 UNAUTHORIZED for %s', (_name, header) => {
    const engine = createEngine();
    const { response } = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: header } }, { now: NOW });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('reads header names case-insensitively', () => {
    const engine = createEngine();
    const { response } = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { AUTHORIZATION: AUTH } }, { now: NOW });
    expect(response.status).toBe(200);
  });

  it('accepts credentials given in the options and refuses the sandbox pair then', () => {
    const engine = createEngine({ credentials: [{ tokenId: 'live-id', clientSecret: 'live-secret' }] });
    const live = `Basic ${Buffer.from('live-id:live-secret').toString('base64')}`;
    expect(engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: live } }, { now: NOW }).response.status).toBe(200);
    expect(engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: AUTH } }, { now: NOW }).response.status).toBe(401);
  });
});

describe('handle: routing', () => {
  it('answers 404 NOT_FOUND for an unknown path', () => {
    const h = harness();
    const r = h.call('GET', '/nowhere');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 405 for a known path with another method', () => {
    const h = harness();
    expect(h.call('DELETE', '/platform/internal-accounts').status).toBe(405);
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown internal account', () => {
    const h = harness();
    const r = h.call('GET', '/internal-accounts/InternalAccount:00000000-0000-7000-8000-000000000000');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('accepts a query string in the path', () => {
    const h = harness();
    const r = h.call('GET', '/platform/internal-accounts?limit=1');
    expect(r.status).toBe(200);
    expect((r.body as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe('handle: genesis', () => {
  it('writes PlatformInitialized in front of the first accepted write, with seq 1', () => {
    const h = harness();
    const account = platformAccount(h);
    expect(h.log).toEqual([]);
    const r = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 100 });
    expect(r.status).toBe(200);
    expect(r.events.map((e) => e.type)).toEqual(['PlatformInitialized', 'SandboxAccountFunded']);
    expect(r.events.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('a rejected first request writes nothing; genesis comes with the first accepted write', () => {
    const h = harness();
    const rejected = h.call('POST', '/sandbox/internal-accounts/x/fund', { amount: -1 });
    expect(rejected.events).toEqual([]);
    const account = platformAccount(h);
    const r = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 1 });
    expect(r.events.map((e) => [e.seq, e.type])).toEqual([[1, 'PlatformInitialized'], [2, 'SandboxAccountFunded']]);
  });

  it('gives the platform account the same id whenever the first call comes', () => {
    const early = harness({}, '2026-01-01T00:00:00.000Z');
    const late = harness({}, '2026-06-01T00:00:00.000Z');
    expect(platformAccount(early).id).toBe(platformAccount(late).id);
    expect(platformAccount(harness({ seed: 7 })).id).not.toBe(platformAccount(early).id);
  });
});

describe('POST /sandbox/internal-accounts/{id}/fund', () => {
  it('credits the account immediately and answers the account with its new balance', () => {
    const h = harness();
    const account = platformAccount(h);
    const body = h.ok('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 12_345 });
    expect(body.balance).toEqual({ amount: 12_345, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } });
    expect(h.ok('GET', `/internal-accounts/${account.id}`).balance.amount).toBe(12_345);
  });

  it.each([
    ['zero', { amount: 0 }],
    ['negative', { amount: -5 }],
    ['fractional', { amount: 1.5 }],
    ['a string', { amount: '100' }],
    ['above 100,000,000,000', { amount: 100_000_000_001 }],
    ['an unsafe integer', { amount: 2 ** 53 + 2 }],
    ['missing', {}],
    ['an unknown field', { amount: 5, extra: true }],
  ])('rejects an amount that is %s with 400 INVALID_INPUT and writes nothing', (_name, body) => {
    const h = harness();
    const account = platformAccount(h);
    const before = h.ok('GET', `/internal-accounts/${account.id}`).balance.amount;
    const r = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect((r.body as { details: { errors: { field: string }[] } }).details.errors.length).toBeGreaterThan(0);
    expect(r.events).toEqual([]);
    expect(h.ok('GET', `/internal-accounts/${account.id}`).balance.amount).toBe(before);
  });

  it('rejects a malformed JSON text body with 400 INVALID_REQUEST_FORMAT', () => {
    const h = harness();
    const account = platformAccount(h);
    const r = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, '{"amount": 5');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_REQUEST_FORMAT' });
    expect(r.events).toEqual([]);
  });

  it('parses a JSON text body', () => {
    const h = harness();
    const account = platformAccount(h);
    expect(h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, '{"amount": 5}').status).toBe(200);
  });

  it('rejects an unknown account with 404 ACCOUNT_NOT_FOUND', () => {
    const h = harness();
    const r = h.call('POST', '/sandbox/internal-accounts/InternalAccount:nope/fund', { amount: 5 });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('idempotency keys', () => {
  it('returns the first response again for the same key and body, writing nothing', () => {
    const h = harness();
    const account = platformAccount(h);
    const first = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 10 }, { 'Idempotency-Key': 'k1' });
    const again = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 10 }, { 'idempotency-key': 'k1' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.events).toEqual([]);
    expect(h.ok('GET', `/internal-accounts/${account.id}`).balance.amount).toBe(10);
  });

  it('answers 409 CONFLICT for the same key with another body', () => {
    const h = harness();
    const account = platformAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 10 }, { 'Idempotency-Key': 'k1' });
    const r = h.call('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 11 }, { 'Idempotency-Key': 'k1' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CONFLICT' });
  });

  it('remembers keys across a replay of the log', () => {
    const h = harness();
    const account = platformAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 10 }, { 'Idempotency-Key': 'k1' });
    const replayed = createEngine({ events: h.log });
    const { response, events } = replayed.handle(
      { method: 'POST', path: `/sandbox/internal-accounts/${account.id}/fund`, headers: { authorization: AUTH, 'Idempotency-Key': 'k1' }, body: { amount: 10 } },
      { now: NOW },
    );
    expect(response.status).toBe(200);
    expect(events).toEqual([]);
  });
});

describe('time', () => {
  it('never writes an event earlier than the head, even if the clock goes back', () => {
    const h = harness();
    const account = platformAccount(h);
    h.now = '2026-01-05T17:00:00.000Z';
    h.ok('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 1 });
    h.now = '2026-01-05T16:00:00.000Z';
    h.ok('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 1 });
    const times = h.log.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });
});
