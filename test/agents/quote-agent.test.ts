/**
 * Which agent created which quote (`agents.quoteAgent`, positions of the quote and the agent, `quoteAgentOf`): an
 * agent reads and executes only its own quotes, through `handle`, after a replay, and after a
 * snapshot load, whatever the order the claims were saved in.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { Harness } from '../support/harness.js';
import { asAgent, bearer, connectedAgent, payer, quoteBody, setup } from './support.js';

type World = { readonly h: Harness; readonly tokens: readonly string[]; readonly quoteIds: readonly string[] };

/** Three agents of two customers, their quotes interleaved with the platform's; the first agent's first quote executed. */
function world(): World {
  const h = setup();
  const a = payer(h, 10_000);
  const b = payer(h, 10_000);
  const agents = [connectedAgent(h, a.customerId), connectedAgent(h, a.customerId), connectedAgent(h, b.customerId)];
  const tokens = agents.map((agent) => agent.token);
  const quoteIds: string[] = [];
  for (let round = 0; round < 3; round += 1) {
    quoteIds.push(h.ok('POST', '/quotes', quoteBody(a.accountId, b.accountId, 100 + round)).id);
    agents.forEach((agent, index) => {
      const source = index === 2 ? b.accountId : a.accountId;
      const quote = asAgent(h, agent.token, 'POST', '/agents/me/quotes', quoteBody(source, index === 2 ? a.accountId : b.accountId, 10 + round));
      expect(quote.status).toBe(201); // the reference: POST /agents/me/quotes answers 201
      quoteIds.push(quote.body.id);
    });
  }
  expect(asAgent(h, tokens[0] as string, 'POST', `/agents/me/quotes/${quoteIds[1]}/execute`).status).toBe(200);
  return { h, tokens, quoteIds };
}

/** Every agent's GET of every quote (and of an unknown one), then its execute of every other agent's quote, as status and body. */
function answers(engine: Engine, { h, tokens, quoteIds }: World): unknown[] {
  const out: unknown[] = [];
  const ask = (token: string, method: string, path: string): void => {
    const { response } = engine.handle({ method, path, headers: bearer(token) }, { now: h.now });
    out.push([method, path, response.status, response.body]);
  };
  for (const token of tokens) {
    for (const quoteId of [...quoteIds, 'Quote:nobody']) ask(token, 'GET', `/agents/me/quotes/${quoteId}`);
  }
  for (const token of tokens) {
    for (const quoteId of quoteIds) {
      const own = engine.handle({ method: 'GET', path: `/agents/me/quotes/${quoteId}`, headers: bearer(token) }, { now: h.now }).response.status === 200;
      if (!own) ask(token, 'POST', `/agents/me/quotes/${quoteId}/execute`);
    }
  }
  return out;
}

describe('agents.quoteAgent', () => {
  it("lets an agent read only its own quotes: another agent's and the platform's are 404 QUOTE_NOT_FOUND, before and after execution", () => {
    const w = world();
    const got = answers(w.h.engine, w);
    const statuses = (got as [string, string, number][]).filter(([method]) => method === 'GET').map(([, , status]) => status);
    // Per agent: 12 quotes (3 platform, 9 agents') and an unknown id; its own 3 answer 200.
    const own = [1, 2, 3].flatMap((agent) => Array.from({ length: 13 }, (_, index) => (index < 12 && index % 4 === agent ? 200 : 404)));
    expect(statuses).toEqual(own);
    for (const [method, , status, body] of got as [string, string, number, { code?: string }][]) {
      if (method === 'POST' || status === 404) expect([status, body.code]).toEqual([404, 'QUOTE_NOT_FOUND']);
    }
    const executed = got.find((answer) => (answer as string[])[1] === `/agents/me/quotes/${w.quoteIds[1]}`) as [string, string, number, { status: string }];
    expect([executed[2], executed[3].status]).toEqual([200, 'PROCESSING']);
  });

  it('answers the same after a replay and after a snapshot load', () => {
    const w = world();
    const expected = answers(w.h.engine, w);
    expect(answers(createEngine({ events: w.h.log }), w)).toEqual(expected);
    expect(answers(createEngine({ snapshot: JSON.parse(JSON.stringify(w.h.engine.snapshot())) }), w)).toEqual(expected);
  });

  it('loads a snapshot whose claims are listed out of the quotes\' order (a hand-edited or reordered save) to the same answers', () => {
    const w = world();
    const expected = answers(w.h.engine, w);
    const snapshot = JSON.parse(JSON.stringify(w.h.engine.snapshot()));
    expect(snapshot.agents.quoteAgent.map(([quoteId]: [string]) => quoteId)).toEqual(w.quoteIds.filter((_, index) => index % 4 !== 0));
    snapshot.agents.quoteAgent.reverse();
    const resumed = createEngine({ snapshot });
    expect(answers(resumed, w)).toEqual(expected);
    expect(resumed.snapshot().agents?.quoteAgent).toEqual(w.h.engine.snapshot().agents?.quoteAgent);
  });
});
