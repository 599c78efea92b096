/**
 * GET /agents/approvals takes the reference's startDate and endDate (both inclusive) and sortOrder
 * (desc, the reference's default: newest first; asc: oldest first, the queue order) beside
 * agentId and customerId (issue 12). Cursors page byte-stably in both orders and with a range;
 * a cursor of one order or range is refused by another.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { agentPays, connectedAgent, expectRejected, payer, setup, call } from './support.js';

const APPROVAL = { permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: 'APPROVAL_REQUIRED' };

/** Two customers' agents asking for approval at 17:00, 18:00, 19:00 (a) and 18:30 (b); one of a's approved. */
function world(): { h: Harness; a: string[]; b: string[]; agentA: string; customerB: string; approved: string } {
  const h = setup();
  const payerA = payer(h, 100_000);
  const payerB = payer(h, 100_000);
  const target = payer(h, 0);
  const agentA = connectedAgent(h, payerA.customerId, APPROVAL);
  const agentB = connectedAgent(h, payerB.customerId, APPROVAL);
  const asks: [string, 'a' | 'b'][] = [['2026-01-05T17:00:00.000Z', 'a'], ['2026-01-05T18:00:00.000Z', 'a'], ['2026-01-05T18:30:00.000Z', 'b'], ['2026-01-05T19:00:00.000Z', 'a'], ['2026-01-05T19:30:00.000Z', 'a']];
  const a: string[] = [];
  const b: string[] = [];
  for (const [at, who] of asks) {
    h.now = at;
    const [agent, from] = who === 'a' ? [agentA, payerA] : [agentB, payerB];
    const action = agentPays(h, agent.token, from.accountId, target.accountId, 100);
    expect(action.body.status).toBe('PENDING_APPROVAL');
    (who === 'a' ? a : b).push(action.body.id as string);
  }
  // The last of a's is approved: it leaves the queue.
  const approved = a.pop()!;
  expect(h.ok('POST', `/agents/${agentA.agentId}/actions/${approved}/approve`).status).toBe('APPROVED');
  return { h, a, b, agentA: agentA.agentId, customerB: payerB.customerId, approved };
}

function ids(h: Harness, query: string): string[] {
  return (h.ok('GET', `/agents/approvals?${query}`).data as { id: string }[]).map((action) => action.id);
}

function walk(h: Harness, query: string): { rows: string[]; pages: string[] } {
  const rows: string[] = [];
  const pages: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const body = h.ok('GET', `/agents/approvals?${query}&limit=1${cursor === undefined ? '' : `&cursor=${cursor}`}`);
    pages.push(JSON.stringify(body));
    rows.push(...(body.data as { id: string }[]).map((action) => action.id));
    if (!body.hasMore) return { rows, pages };
    cursor = body.nextCursor as string;
  }
  throw new Error('walk did not end');
}

describe('GET /agents/approvals with the reference parameters', () => {
  it('sortOrder: desc (the reference default) newest first, asc oldest first; only pending actions', () => {
    const { h, a, b } = world();
    const oldestFirst = [a[0]!, a[1]!, b[0]!, a[2]!];
    expect(ids(h, '')).toEqual([...oldestFirst].reverse());
    expect(ids(h, 'sortOrder=desc')).toEqual([...oldestFirst].reverse());
    expect(ids(h, 'sortOrder=asc')).toEqual(oldestFirst);
    expect(h.ok('GET', '/agents/approvals').totalCount).toBe(4);
  });

  it('startDate and endDate are inclusive, to the millisecond, with or without an agent or customer', () => {
    const { h, a, b, agentA, customerB } = world();
    expect(ids(h, 'sortOrder=asc&startDate=2026-01-05T18:00:00Z')).toEqual([a[1], b[0], a[2]]);
    expect(ids(h, 'sortOrder=asc&startDate=2026-01-05T18:00:00.001Z')).toEqual([b[0], a[2]]);
    expect(ids(h, 'sortOrder=asc&endDate=2026-01-05T18:30:00Z')).toEqual([a[0], a[1], b[0]]);
    expect(ids(h, 'sortOrder=asc&endDate=2026-01-05T18:29:59.999Z')).toEqual([a[0], a[1]]);
    expect(ids(h, 'startDate=2026-01-05T18:00:00Z&endDate=2026-01-05T18:00:00Z')).toEqual([a[1]]);
    expect(ids(h, `agentId=${agentA}&startDate=2026-01-05T18:00:00Z`)).toEqual([a[2], a[1]]);
    expect(ids(h, `agentId=${agentA}&endDate=2026-01-05T13:00:00-05:00&sortOrder=asc`)).toEqual([a[0], a[1]]);
    expect(ids(h, `customerId=${customerB}&startDate=2026-01-05T18:31:00Z`)).toEqual([]);
    expect(h.ok('GET', '/agents/approvals?startDate=2026-01-05T18:00:00Z').totalCount).toBe(3);
  });

  it('pages one action at a time in both orders and with a range: the same rows as one page, the same bytes again', () => {
    const { h, agentA } = world();
    for (const query of ['sortOrder=asc', 'sortOrder=desc', 'startDate=2026-01-05T18:00:00Z', `agentId=${agentA}&sortOrder=desc`, `agentId=${agentA}&sortOrder=asc&endDate=2026-01-05T19:00:00Z`]) {
      const whole = ids(h, query);
      expect(whole.length, query).toBeGreaterThan(1);
      const first = walk(h, query);
      expect(first.rows, query).toEqual(whole);
      expect(walk(h, query).pages, query).toEqual(first.pages);
    }
  });

  it('a cursor belongs to its order and range', () => {
    const { h } = world();
    const cursor = h.ok('GET', '/agents/approvals?limit=1').nextCursor as string;
    expect(expectRejected(call(h, 'GET', `/agents/approvals?sortOrder=asc&limit=1&cursor=${cursor}`), 400, 'INVALID_INPUT').details.errors).toEqual([{ field: 'cursor', message: 'cursor belongs to another query' }]);
    expectRejected(call(h, 'GET', `/agents/approvals?startDate=2026-01-05T17:00:00Z&limit=1&cursor=${cursor}`), 400, 'INVALID_INPUT');
    expect(h.ok('GET', `/agents/approvals?sortOrder=desc&limit=1&cursor=${cursor}`).data).toHaveLength(1);
  });

  it('refuses invalid values with 400 INVALID_INPUT naming each parameter', () => {
    const { h } = world();
    const fields = (query: string): string[] => (expectRejected(call(h, 'GET', `/agents/approvals?${query}`), 400, 'INVALID_INPUT').details.errors as { field: string }[]).map((e) => e.field);
    expect(fields('sortOrder=ASC')).toEqual(['sortOrder']);
    expect(fields('startDate=2026-01-05&endDate=noon')).toEqual(['endDate', 'startDate']);
    expect(fields('startDate=2026-01-05T19:00:00Z&endDate=2026-01-05T18:00:00Z')).toEqual(['endDate']);
  });
});
