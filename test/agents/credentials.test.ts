/**
 * Device-code redemption (no credentials) and Bearer authentication of `/agents/me` routes:
 * single use, expiry, superseded codes, one live token per agent, tokens stored only as hashes,
 * paused agents answered 403 with the reason, deleted agents 401.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { accessTokenHash, DEVICE_CODE_TTL_MS } from '../../src/domains/agents/credentials.js';
import { DeviceCodeTable } from '../../src/domains/agents/device-codes.js';
import { AgentTokenIndex } from '../../src/domains/agents/token-index.js';
import { AUTH } from '../support/harness.js';
import { asAgent, call, expectRejected, newAgent, OPEN_POLICY, payer, redeem, setup } from './support.js';

describe('POST /agents/device-codes/{code}/redeem', () => {
  it('answers 200 with the agent id, an access token and the policy, without credentials', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    const response = call(h, 'POST', `/agents/device-codes/${code}/redeem`, undefined, { authorization: '' });
    expect(response.status).toBe(200);
    // The reference's redeem answer carries agentName as well.
    expect(response.body).toEqual({ agentId, agentName: 'Budget bot', accessToken: expect.stringMatching(/^agt_[0-9a-f]{64}$/), policy: h.ok('GET', `/agents/${agentId}`).policy });
    expect(response.events.map((e) => e.type)).toEqual(['AgentDeviceCodeRedeemed']);
    expect(JSON.stringify(response.events)).not.toContain(response.body.accessToken);
    expect(h.ok('GET', `/agents/${agentId}`).isConnected).toBe(true);
  });

  it('accepts the code in any case and without its dash', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { code } = newAgent(h, customerId);
    expect(call(h, 'POST', `/agents/device-codes/${code.replace('-', '').toLowerCase()}/redeem`).status).toBe(200);
  });

  it('rejects a used code, an unknown code and a code at its expiresAt with the same 404 NOT_FOUND', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const used = newAgent(h, customerId).code;
    redeem(h, used);
    const late = newAgent(h, customerId).code;
    const bodies = [
      expectRejected(call(h, 'POST', `/agents/device-codes/${used}/redeem`), 404, 'NOT_FOUND'),
      expectRejected(call(h, 'POST', '/agents/device-codes/BCDF-GHJK/redeem'), 404, 'NOT_FOUND'),
    ];
    h.now = new Date(Date.parse(h.now) + DEVICE_CODE_TTL_MS - 1).toISOString();
    const stillGood = newAgent(h, customerId).code;
    h.now = new Date(Date.parse(h.now) + 1).toISOString();
    bodies.push(expectRejected(call(h, 'POST', `/agents/device-codes/${late}/redeem`), 404, 'NOT_FOUND'));
    expect(new Set(bodies.map((b) => b.reason)).size).toBe(1);
    expect(call(h, 'POST', `/agents/device-codes/${stillGood}/redeem`).status).toBe(200);
  });

  it('rejects an Idempotency-Key with 400 INVALID_INPUT: the answer holds a secret the log must not keep', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { code } = newAgent(h, customerId);
    const body = expectRejected(call(h, 'POST', `/agents/device-codes/${code}/redeem`, undefined, { 'Idempotency-Key': 'k-1' }), 400, 'INVALID_INPUT');
    expect(body.details.errors[0].field).toBe('Idempotency-Key');
    expect(call(h, 'POST', `/agents/device-codes/${code}/redeem`).status).toBe(200);
  });

  it('replaces the earlier token when a new code is redeemed: one live token per agent', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    const first = redeem(h, code);
    const second = redeem(h, h.ok('POST', `/agents/${agentId}/device-codes`).deviceCode.code);
    expect(second).not.toBe(first);
    expectRejected(asAgent(h, first, 'GET', '/agents/me'), 401, 'UNAUTHORIZED');
    expect(asAgent(h, second, 'GET', '/agents/me').body.id).toBe(agentId);
  });

  it('cannot redeem a code of a deleted agent', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    h.ok('DELETE', `/agents/${agentId}`);
    expectRejected(call(h, 'POST', `/agents/device-codes/${code}/redeem`), 404, 'NOT_FOUND');
  });
});

describe('Bearer authentication of /agents/me routes', () => {
  it('resolves the token to its agent and customer', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    const me = asAgent(h, redeem(h, code), 'GET', '/agents/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: agentId, customerId });
  });

  it('rejects a missing, malformed or unknown token, and Basic credentials, with 401 UNAUTHORIZED', () => {
    const h = setup();
    expectRejected(call(h, 'GET', '/agents/me/actions'), 401, 'UNAUTHORIZED');
    expectRejected(call(h, 'GET', '/agents/me/actions', undefined, { authorization: 'Bearer ' }), 401, 'UNAUTHORIZED');
    expectRejected(call(h, 'GET', '/agents/me/actions', undefined, { authorization: 'Bearer agt_0000' }), 401, 'UNAUTHORIZED');
    expectRejected(call(h, 'GET', '/agents/me/actions', undefined, { authorization: 'Bearer not-a-token' }), 401, 'UNAUTHORIZED');
  });

  it('answers a paused agent 403 FORBIDDEN naming the pause on every /agents/me route, and serves it again once resumed', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const { agentId, code } = newAgent(h, customerId, OPEN_POLICY);
    const token = redeem(h, code);
    h.ok('PATCH', `/agents/${agentId}`, { isPaused: true });
    const routes: [string, string, unknown][] = [
      ['GET', '/agents/me', undefined],
      ['GET', '/agents/me/actions', undefined],
      ['GET', '/agents/me/actions/AgentAction:x', undefined],
      ['GET', '/agents/me/internal-accounts', undefined],
      ['GET', '/agents/me/transactions', undefined],
      ['POST', '/agents/me/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1 }],
      ['POST', '/agents/me/quotes/Quote:x/execute', undefined],
      ['POST', '/agents/me/external-accounts', {}],
    ];
    for (const [method, path, body] of routes) {
      const rejected = expectRejected(asAgent(h, token, method, path, body), 403, 'FORBIDDEN');
      expect(rejected.reason).toContain('paused');
      expect(rejected.details.rule).toBe('isPaused');
    }
    h.ok('PATCH', `/agents/${agentId}`, { isPaused: false });
    expect(asAgent(h, token, 'GET', '/agents/me').status).toBe(200);
  });

  it('keeps resolving tokens after a replay and from a snapshot (only hashes are stored)', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    const token = redeem(h, code);
    const request = { method: 'GET', path: '/agents/me', headers: { authorization: `Bearer ${token}` } };
    const replayed = createEngine({ events: h.log });
    expect(replayed.handle(request, { now: h.now }).response.body).toMatchObject({ id: agentId });
    const resumed = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) });
    expect(resumed.handle(request, { now: h.now }).response.body).toMatchObject({ id: agentId });
  });

  it('keeps device codes in columns and tokens by their agents, found after a rotation, a replay and a snapshot load', () => {
    const h = setup();
    const { customerId } = payer(h, 0);
    const { agentId, code } = newAgent(h, customerId);
    const first = redeem(h, code);
    const again = h.ok('POST', `/agents/${agentId}/device-codes`, {}) as { code: string };
    const token = redeem(h, again.code);
    const me = (engine: ReturnType<typeof createEngine>, bearer: string): number => engine.handle({ method: 'GET', path: '/agents/me', headers: { authorization: `Bearer ${bearer}` } }, { now: h.now }).response.status;
    const status = (engine: ReturnType<typeof createEngine>, typed: string): unknown => engine.handle({ method: 'GET', path: `/agents/device-codes/${typed}/status`, headers: { authorization: AUTH } }, { now: h.now }).response.body;
    const engines = [h.engine, createEngine({ events: h.log }), createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) })];
    const codes = [...h.engine.state.agents.deviceCodes.values()];
    expect(codes.map((c) => [c.agentId, typeof c.redeemedAt])).toEqual([
      [agentId, 'string'],
      [agentId, 'string'],
    ]);
    for (const engine of engines) {
      const { deviceCodes, agentByTokenHash } = engine.state.agents;
      expect(deviceCodes).toBeInstanceOf(DeviceCodeTable);
      expect((deviceCodes as DeviceCodeTable).oddRecords).toBe(0);
      expect([...deviceCodes.values()]).toEqual(codes);
      for (const c of codes) expect(deviceCodes.get(c.codeHash)).toEqual(c);
      expect(agentByTokenHash).toBeInstanceOf(AgentTokenIndex);
      expect([...agentByTokenHash]).toEqual([[accessTokenHash(token), agentId]]);
      expect(agentByTokenHash.has(accessTokenHash(first))).toBe(false);
      expect(me(engine, token)).toBe(200);
      expect(me(engine, first)).toBe(401);
      expect(status(engine, code)).toMatchObject({ redeemed: true });
      expect(status(engine, again.code)).toMatchObject({ redeemed: true });
      expect(JSON.stringify(engine.snapshot())).toBe(JSON.stringify(h.engine.snapshot()));
    }
  });
});
