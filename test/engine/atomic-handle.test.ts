/**
 * Issue 11's reproductions, each a regression test: every call is all-or-nothing, hostile input
 * is a 4xx that writes nothing, credentials cannot be recomputed from the log, and the state a
 * caller sees cannot be changed behind the log's back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/api/limits.js';
import { isErrorCode, statusOf } from '../../src/core/errors.js';
import { sha256Hex } from '../../src/log/index.js';
import { createEngine, EngineHaltedError, type Engine } from '../../src/engine/engine.js';
import { NOTIFIERS } from '../../src/engine/registry.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { individual } from '../customers/fixtures.js';
import { AUTH, harness, type Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';
import { newAgent, payer, redeem } from '../agents/support.js';

const NOW = '2026-01-05T16:00:00Z';

/** Sends a request and returns the response with the events. */
function send(engine: Engine, request: Parameters<Engine['handle']>[0]) {
  return engine.handle(request, { now: NOW });
}

/** Asserts an error response: 4xx, body `{ code, reason }` with a catalogue code of that status. */
function expectRejected(result: ReturnType<Engine['handle']>, status: number, code?: string): void {
  expect(result.response.status).toBe(status);
  const body = result.response.body as { code: string; reason: string };
  expect(isErrorCode(body.code)).toBe(true);
  expect(statusOf(body.code as never)).toBe(status);
  expect(typeof body.reason).toBe('string');
  if (code !== undefined) expect(body.code).toBe(code);
  expect(result.events).toEqual([]);
}

/** A harness with one customer written, plus the text of its state and head. */
function afterOneWrite(): { h: Harness; before: string } {
  const h = harness();
  h.ok('POST', '/customers', individual({ platformCustomerId: 'first' }));
  return { h, before: `${stateText(h.engine)}|${JSON.stringify(h.engine.head())}` };
}

function unchanged(h: Harness, before: string): void {
  expect(`${stateText(h.engine)}|${JSON.stringify(h.engine.head())}`).toBe(before);
}

describe('issue 11 reproductions', () => {
  it('item 1: a million-character Idempotency-Key is 400 INVALID_INPUT, applies nothing, and the stored log stays replayable', () => {
    const { h, before } = afterOneWrite();
    const key = 'k'.repeat(1_000_000);
    const created = h.call('POST', '/customers', individual({ platformCustomerId: 'second' }), { 'idempotency-key': key });
    expectRejected({ response: created, events: created.events }, 400, 'INVALID_INPUT');
    unchanged(h, before);
    const customerId = h.ok('GET', '/customers').data[0].id as string;
    const account = h.ok('GET', `/customers/internal-accounts?customerId=${customerId}`).data[0].id as string;
    const funded = h.call('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 1000 }, { 'idempotency-key': key });
    expect(funded.status).toBe(400);
    unchanged(h, before);
    // The next write continues the stored log, which still replays to the live state.
    h.ok('POST', '/customers', individual({ platformCustomerId: 'third' }), { 'idempotency-key': 'k'.repeat(REQUEST_LIMITS.idempotencyKeyLengthMax) });
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });

  it('item 2: a body nested 4,102 deep is a 400, not a RangeError, on any route, with or without auth', () => {
    const deep = '['.repeat(4102) + ']'.repeat(4102);
    const engine = createEngine();
    for (const path of ['/customers', '/agents/device-codes/ABCD-EFGH/redeem', '/quotes', '/no-such-route']) {
      for (const headers of [{}, { authorization: AUTH }]) {
        const result = send(engine, { method: 'POST', path, headers, body: deep });
        expect(result.response.status).toBeGreaterThanOrEqual(400);
        expect(result.response.status).toBeLessThan(500);
        expect(result.events).toEqual([]);
      }
    }
    expectRejected(send(engine, { method: 'POST', path: '/customers', headers: { authorization: AUTH }, body: deep }), 400, 'INVALID_REQUEST_FORMAT');
    // The same depth handed in already parsed (a server that parsed it itself).
    let parsed: unknown = [];
    for (let i = 0; i < 100_000; i += 1) parsed = [parsed];
    expectRejected(send(engine, { method: 'POST', path: '/customers', headers: { authorization: AUTH }, body: parsed }), 400, 'INVALID_REQUEST_FORMAT');
    expect(engine.head().seq).toBe(0);
  });

  it('item 3: reserved keys anywhere in a body are 400 INVALID_INPUT naming the field', () => {
    const { h, before } = afterOneWrite();
    for (const body of ['{"__proto__": {"x": 1}}', '{"customerType": "INDIVIDUAL", "address": {"constructor": 1}}', '{"prototype": 1}']) {
      const result = h.call('POST', '/customers', body);
      expectRejected({ response: result, events: result.events }, 400, 'INVALID_INPUT');
      expect(JSON.stringify(result.body)).toMatch(/__proto__|constructor|prototype/);
    }
    unchanged(h, before);
  });

  it('item 5: a query value that is not a string is 400 INVALID_INPUT, not a throw', () => {
    const engine = createEngine();
    for (const value of [5, true, { a: 1 }, [1], null]) {
      const result = send(engine, { method: 'GET', path: '/customers', headers: { authorization: AUTH }, query: { limit: value as never } });
      expectRejected(result, 400, 'INVALID_INPUT');
    }
    expect(send(engine, { method: 'GET', path: '/customers', headers: { authorization: AUTH }, query: { limit: '5' } }).response.status).toBe(200);
  });

  it('item 6: the same body with its keys in another order and the same Idempotency-Key answers the first response and writes nothing', () => {
    const h = harness();
    const first = h.call('POST', '/customers', '{"customerType":"INDIVIDUAL","platformCustomerId":"c-1","fullName":"Ada Lovelace"}', { 'idempotency-key': 'same' });
    expect(first.status).toBe(201);
    const retry = h.call('POST', '/customers', '{"fullName":"Ada Lovelace","platformCustomerId":"c-1","customerType":"INDIVIDUAL"}', { 'idempotency-key': 'same' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.events).toEqual([]);
    const other = h.call('POST', '/customers', '{"fullName":"Ada Byron","platformCustomerId":"c-1","customerType":"INDIVIDUAL"}', { 'idempotency-key': 'same' });
    expect(other.status).toBe(409);
  });

  it('item 7: agent credentials are keyed by the host secret: the log holds no token, no code, no secret', () => {
    /** One agent created and connected under `secret`: its device code, token and the log. */
    const mint = (secret: string) => {
      const h = harness({ secret });
      payer(h);
      const { code } = newAgent(h, h.ok('GET', '/customers').data[0].id as string);
      return { h, code, token: redeem(h, code) };
    };
    const secret = 'host-secret-of-the-test-0001';
    const { h, code, token } = mint(secret);
    const logText = h.log.map((e) => JSON.stringify(e)).join('\n');
    expect(logText).not.toContain(token.slice(4));
    expect(logText).not.toContain(code.replace('-', ''));
    expect(logText).not.toContain(secret);
    // Same requests, same secret: the same credentials (deterministic for the host) ...
    expect(mint(secret).token).toBe(token);
    // ... another secret, other credentials from the very same ids: the log alone is not enough.
    const other = mint('another-secret-entirely-0002');
    expect(other.h.log.map((e) => e.id)).toEqual(h.log.map((e) => e.id).slice(0, other.h.log.length));
    expect(other.token).not.toBe(token);
    expect(other.code).not.toBe(code);
    // The log keeps the token's hash: an engine replayed from it recognises the token.
    const replayed = createEngine({ events: h.log, secret });
    expect(replayed.handle({ method: 'GET', path: '/agents/me', headers: { authorization: `Bearer ${token}` } }, { now: h.now }).response.status).toBe(200);
  });

  it('item 7: a secret shorter than 16 characters is refused when the engine is made', () => {
    expect(() => createEngine({ secret: 'short' })).toThrow(TypeError);
  });

  it('item 9: engine.state cannot be changed by a caller, and answers stay the same', () => {
    const { h, before } = afterOneWrite();
    const state = h.engine.state;
    expect(() => state.customers.byId.clear()).toThrow(TypeError);
    expect(() => state.customers.byId.set('x', {} as never)).toThrow(TypeError);
    expect(() => (state.customers.order as string[]).push('x')).toThrow(TypeError);
    expect(() => (state.customers.order as string[]).splice(0)).toThrow(TypeError);
    expect(() => {
      (state as { customers: unknown }).customers = undefined;
    }).toThrow(TypeError);
    expect(() => state.ledger.openAccount({ id: 'x', currency: 'USD' })).toThrow(TypeError);
    expect(() => ([...state.accounts.byCustomer.values()][0] as unknown as string[]).push('x')).toThrow(TypeError);
    expect(() => state.accounts.platformAccountIds.push(0)).toThrow(TypeError);
    expect(() => state.accounts.byCustomer.push('x', 0)).toThrow(TypeError);
    // The off-heap indexes of other stores too: every store's mutators, whatever class holds it.
    expect(() => state.agents.byCustomer.push('x', 0)).toThrow(/read-only/);
    expect(() => (state.externalAccounts.order as unknown as { push(id: string): void }).push('x')).toThrow(/read-only/);
    expect(() => state.customers.umaAddresses.noteSet(0, {} as never)).toThrow(/read-only/);
    expect(state.customers.byId.size).toBe(1);
    expect(state.ledger.checkInvariants()).toEqual([]);
    unchanged(h, before);
  });
});

describe('all-or-nothing', () => {
  const restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  it('a rejected first call leaves a new engine exactly new: head 0, no genesis kept', () => {
    const engine = createEngine();
    const fresh = stateText(createEngine());
    expectRejected(send(engine, { method: 'POST', path: '/customers', headers: { authorization: AUTH }, body: {} }), 400, 'INVALID_INPUT');
    expect(send(engine, { method: 'GET', path: '/customers', headers: { authorization: AUTH } }).response.status).toBe(200);
    expect(engine.advance(NOW)).toEqual([]);
    expect(engine.head().seq).toBe(0);
    expect(stateText(engine)).toBe(fresh);
  });

  it('a defect while applying events halts the engine (fail-stop): the throw surfaces, every later call throws EngineHaltedError, and the stored log rebuilds the state before the call', () => {
    const { h } = afterOneWrite();
    const stored: readonly EventEnvelope[] = [...h.log];
    const expected = stateText(createEngine({ events: stored }));
    // Inject a defect: a notifier that throws after CustomerCreated was applied.
    const table = NOTIFIERS as Record<string, unknown>;
    const original = table.CustomerCreated;
    table.CustomerCreated = () => {
      throw new Error('injected defect in a notifier');
    };
    restore.push(() => {
      table.CustomerCreated = original;
    });
    expect(() => h.call('POST', '/customers', individual({ platformCustomerId: 'defect' }))).toThrow(/injected defect/);
    expect(() => h.call('GET', '/customers')).toThrow(EngineHaltedError);
    expect(() => h.engine.advance(NOW)).toThrow(EngineHaltedError);
    expect(() => h.engine.replay([])).toThrow(EngineHaltedError);
    expect(() => h.engine.snapshot()).toThrow(EngineHaltedError);
    expect(h.log).toEqual(stored);
    expect(stateText(createEngine({ events: h.log }))).toBe(expected);
  });

  it('a throw before anything is applied (a bad clock from the host) does not halt', () => {
    const engine = createEngine();
    expect(() => engine.handle({ method: 'GET', path: '/customers', headers: { authorization: AUTH } }, { now: 'yesterday' })).toThrow();
    expect(send(engine, { method: 'GET', path: '/customers', headers: { authorization: AUTH } }).response.status).toBe(200);
  });

  it('a body past REQUEST_LIMITS.bodyBytesMax is 413 PAYLOAD_TOO_LARGE, as text or already parsed', () => {
    const { h, before } = afterOneWrite();
    const big = 'x'.repeat(REQUEST_LIMITS.stringLengthMax - 10);
    const body = { ...individual({ platformCustomerId: 'big' }), tags: [big, big, big, big, big] };
    for (const sent of [JSON.stringify(body), body]) {
      const result = h.call('POST', '/customers', sent);
      expect(result.status).toBe(sent === body ? 400 : 413);
      expect(result.events).toEqual([]);
    }
    unchanged(h, before);
  });

  it('fingerprints are canonical: a stored first response from a log written before still matches the body as sent', () => {
    // An IdempotentResponseStored whose fingerprint is the hash of the body's text as sent.
    const h = harness();
    const body = { customerType: 'INDIVIDUAL', platformCustomerId: 'legacy', fullName: 'Old Log' };
    const first = h.call('POST', '/customers', body, { 'idempotency-key': 'legacy' });
    const stored = h.log.find((e) => e.type === 'IdempotentResponseStored')!;
    expect((stored.data as { fingerprint: string }).fingerprint).toBe(sha256Hex('{"customerType":"INDIVIDUAL","fullName":"Old Log","platformCustomerId":"legacy"}'));
    expect(h.call('POST', '/customers', body, { 'idempotency-key': 'legacy' }).body).toEqual(first.body);
  });
});
