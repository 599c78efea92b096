import { describe, expect, it } from 'vitest';
import { call, bearer, connectedAgent, payer, quoteBody, setup } from './support.js';

describe('Idempotency-Key per principal', () => {
  it('gives two agents that use the same key and body their own answers (keys never collide across agents)', () => {
    const h = setup();
    const a = payer(h);
    const b = payer(h);
    const agentA = connectedAgent(h, a.customerId);
    const agentB = connectedAgent(h, b.customerId);
    const key = { 'Idempotency-Key': 'same-key' };
    const quoteA = call(h, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100), { ...bearer(agentA.token), ...key });
    const quoteB = call(h, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100), { ...bearer(agentB.token), ...key });
    expect(quoteA.status).toBe(201); // the reference: POST /agents/me/quotes answers 201
    // Agent B's customer does not own account a: B gets its own refusal, not A's stored quote.
    expect(quoteB.status).toBe(404);
    const replayA = call(h, 'POST', '/agents/me/quotes', quoteBody(a.accountId, b.accountId, 100), { ...bearer(agentA.token), ...key });
    expect(replayA.body).toEqual(quoteA.body);
    expect(replayA.events).toEqual([]);
  });
});
