/**
 * GET /agents takes the reference's listAgents filters (issue 12): isPaused, isConnected (a device
 * code was redeemed), createdAfter, createdBefore, updatedAfter, updatedBefore (every bound
 * inclusive), beside customerId. Each filters for real, cursors page byte-stably with every
 * filter, invalid values are 400 INVALID_INPUT; the list index (`listing/agents.ts`) answers every
 * page as the plain scan (`listAgents`) does, and replay and a snapshot rebuild it.
 */
import { describe, expect, it } from 'vitest';
import { listMembers } from '../../src/core/position-arena.js';
import { type AgentFilters, listAgents } from '../../src/domains/agents/list.js';
import { countCodeBelow } from '../../src/domains/listing/code-index.js';
import { listAgentPage } from '../../src/domains/listing/agent-page.js';
import { createEngine } from '../../src/engine/engine.js';
import type { Harness } from '../support/harness.js';
import { call, expectRejected, newAgent, OPEN_POLICY, payer, redeem, setup } from './support.js';

const at = (minute: number): string => new Date(Date.parse('2026-01-05T17:00:00.000Z') + minute * 60_000).toISOString();

/**
 * Six agents created a minute apart from 17:00 (customers a, b, a, a, b, a): 0, 2 and 4 connected,
 * 1 and 2 paused (at 17:30), 5 deleted; agent 3 renamed at 17:40 (updated).
 */
function world(): { h: Harness; agents: string[]; a: string; b: string } {
  const h = setup();
  const a = payer(h, 0).customerId;
  const b = payer(h, 0).customerId;
  const agents: string[] = [];
  [a, b, a, a, b, a].forEach((customerId, i) => {
    h.now = at(i);
    const { agentId, code } = newAgent(h, customerId, OPEN_POLICY, `agent ${i}`);
    if (i % 2 === 0) redeem(h, code);
    agents.push(agentId);
  });
  h.now = at(30);
  for (const i of [1, 2]) h.ok('PATCH', `/agents/${agents[i]}`, { isPaused: true });
  expect(h.call('DELETE', `/agents/${agents[5]}`).status).toBeLessThan(300);
  h.now = at(40);
  h.ok('PATCH', `/agents/${agents[3]}`, { name: 'renamed' });
  return { h, agents, a, b };
}

function ids(h: Harness, query: string): string[] {
  const body = h.ok('GET', `/agents?${query}`);
  expect(body.totalCount, query).toBe(body.data.length);
  return (body.data as { id: string }[]).map((agent) => agent.id);
}

function walk(h: Harness, query: string): { rows: string[]; pages: string[] } {
  const rows: string[] = [];
  const pages: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const body = h.ok('GET', `/agents?${query}&limit=1${cursor === undefined ? '' : `&cursor=${cursor}`}`);
    pages.push(JSON.stringify(body));
    rows.push(...(body.data as { id: string }[]).map((agent) => agent.id));
    if (!body.hasMore) return { rows, pages };
    cursor = body.nextCursor as string;
  }
  throw new Error('walk did not end');
}

describe('GET /agents with the reference filters', () => {
  it('isPaused and isConnected filter live agents (connected: its device code was redeemed)', () => {
    const { h, agents, a } = world();
    const [g0, g1, g2, g3, g4] = agents;
    expect(ids(h, '')).toEqual([g0, g1, g2, g3, g4]);
    expect(ids(h, 'isPaused=true')).toEqual([g1, g2]);
    expect(ids(h, 'isPaused=false')).toEqual([g0, g3, g4]);
    expect(ids(h, 'isConnected=true')).toEqual([g0, g2, g4]);
    expect(ids(h, 'isConnected=false')).toEqual([g1, g3]);
    expect(ids(h, 'isConnected=true&isPaused=true')).toEqual([g2]);
    expect(ids(h, `isConnected=true&customerId=${a}`)).toEqual([g0, g2]);
    // The view says the same.
    expect((h.ok('GET', '/agents?isConnected=true').data as { isConnected: boolean }[]).every((agent) => agent.isConnected)).toBe(true);
  });

  it('createdAfter and createdBefore are inclusive, to the millisecond', () => {
    const { h, agents } = world();
    const [g0, g1, g2, g3, g4] = agents;
    expect(ids(h, `createdAfter=${at(2)}`)).toEqual([g2, g3, g4]);
    expect(ids(h, `createdAfter=${new Date(Date.parse(at(2)) + 1).toISOString()}`)).toEqual([g3, g4]);
    expect(ids(h, `createdBefore=${at(1)}`)).toEqual([g0, g1]);
    expect(ids(h, `createdBefore=${new Date(Date.parse(at(1)) - 1).toISOString()}`)).toEqual([g0]);
    expect(ids(h, `createdAfter=${at(1)}&createdBefore=${at(1)}`)).toEqual([g1]);
    // An offset is an instant: 12:03-05:00 is 17:03Z.
    expect(ids(h, 'createdAfter=2026-01-05T12:03:00-05:00')).toEqual([g3, g4]);
    expect(ids(h, `createdAfter=${at(3)}&createdBefore=${at(1)}`)).toEqual([]);
  });

  it('updatedAfter and updatedBefore are inclusive on updatedAt (a redeem, a pause, a rename move it)', () => {
    const { h, agents } = world();
    const [g0, g1, g2, g3, g4] = agents;
    expect(ids(h, `updatedAfter=${at(30)}`)).toEqual([g1, g2, g3]);
    expect(ids(h, `updatedAfter=${at(40)}`)).toEqual([g3]);
    expect(ids(h, `updatedAfter=${new Date(Date.parse(at(40)) + 1).toISOString()}`)).toEqual([]);
    expect(ids(h, `updatedBefore=${at(4)}`)).toEqual([g0, g4]);
    expect(ids(h, `updatedAfter=${at(30)}&updatedBefore=${at(30)}&isConnected=false`)).toEqual([g1]);
  });

  it('pages one agent at a time with every filter: the same rows as one page, the same bytes again; a cursor belongs to its filters', () => {
    const { h, a } = world();
    for (const query of ['', 'isPaused=false', 'isConnected=true', `customerId=${a}`, `createdAfter=${at(1)}`, `updatedBefore=${at(30)}`, `createdBefore=${at(4)}&isPaused=false`]) {
      const whole = ids(h, query);
      expect(whole.length, query).toBeGreaterThan(1);
      const first = walk(h, query);
      expect(first.rows, query).toEqual(whole);
      expect(walk(h, query).pages, query).toEqual(first.pages);
    }
    const cursor = h.ok('GET', '/agents?limit=1').nextCursor as string;
    expect(expectRejected(call(h, 'GET', `/agents?isPaused=false&limit=1&cursor=${cursor}`), 400, 'INVALID_INPUT').details.errors).toEqual([{ field: 'cursor', message: 'cursor belongs to another query' }]);
  });

  it('refuses invalid values with 400 INVALID_INPUT naming each parameter', () => {
    const { h } = world();
    const fields = (query: string): string[] => (expectRejected(call(h, 'GET', `/agents?${query}`), 400, 'INVALID_INPUT').details.errors as { field: string }[]).map((e) => e.field);
    expect(fields('isPaused=yes&isConnected=1')).toEqual(['isConnected', 'isPaused']);
    expect(fields('createdAfter=2026-01-05&createdBefore=noon&updatedAfter=2026-01-05T17:00:00&updatedBefore=x')).toEqual(['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore']);
  });

  it('the list index answers every page as the plain scan does, and replay and a snapshot rebuild it', () => {
    const { h, agents, a } = world();
    const state = h.engine.state;
    const ms = (minute: number): number => Date.parse(at(minute));
    const filterSets: AgentFilters[] = [
      {},
      { customerId: a },
      { isPaused: true },
      { isPaused: false, customerId: a },
      { isConnected: true },
      { isConnected: false, isPaused: true },
      { createdAfterMs: ms(1), createdBeforeMs: ms(4) },
      { updatedAfterMs: ms(30) },
      { updatedBeforeMs: ms(30), isConnected: true },
      { customerId: 'Customer:nobody' },
    ];
    for (const filters of filterSets) {
      for (const limit of [1, 2, 100]) {
        let position = 0;
        for (let pages = 0; pages < 20; pages += 1) {
          const scanned = listAgents(state, filters, { limit, position });
          const indexed = listAgentPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((x) => x.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((x) => x.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
    expect(agents).toHaveLength(6);
    const text = (lists: typeof state.lists): string => {
      const { createdMs, positionLists, byCustomer, live, paused, connected } = lists.agents;
      const codes = (index: typeof live) => [0, 1, 2].map((code) => Array.from({ length: index.length + 1 }, (_, bound) => countCodeBelow(index, code, bound)));
      return JSON.stringify({ createdMs, byCustomer: [...byCustomer].map(([id, list]) => [id, listMembers(positionLists, list)]), live: codes(live), paused: codes(paused), connected: codes(connected) });
    };
    expect(text(createEngine({ events: h.log }).state.lists)).toBe(text(state.lists));
    expect(text(createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) }).state.lists)).toBe(text(state.lists));
  });
});
