/**
 * GET /agents/me/transactions takes the reference's listAgentTransactions parameters (issue 12):
 * reference, accountIdentifier, senderAccountIdentifier, receiverAccountIdentifier, startDate and
 * endDate (inclusive), sortOrder (desc, the default: newest first; asc: oldest first). They mean
 * what they mean on GET /transactions (one piece of code reads both), scoped to the agent's
 * customer; cursors page byte-stably with every filter.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { agentPays, asAgent, connectedAgent, expectRejected, payer, setup } from './support.js';

type Row = { readonly id: string; readonly reconciliationInstructions?: { readonly reference: string } };

/** A customer with an agent, three deposits at distinct instants and one payment to another customer. */
function world(): { h: Harness; token: string; a: { customerId: string; accountId: string }; b: { customerId: string; accountId: string }; funding: string[]; deposits: string[]; paid: string; incomingOfB: string } {
  const h = setup();
  // The funding at 16:00 is the first of a's transactions, if the sandbox records one; deposits stay PENDING.
  const a = payer(h, 10_000);
  const b = payer(h, 0);
  const funding = (h.ok('GET', `/transactions?customerId=${a.customerId}`).data as Row[]).map((row) => row.id);
  expect(funding.length).toBeLessThanOrEqual(1);
  const deposits: string[] = [];
  for (const [at, amount] of [['2026-01-05T17:00:00.000Z', 50_000], ['2026-01-05T18:00:00.000Z', 2_000], ['2026-01-05T19:00:00.000Z', 3_000]] as const) {
    h.now = at;
    deposits.push(h.ok('POST', `/sandbox/internal-accounts/${a.accountId}/deposit`, { amount }).id as string);
  }
  h.now = '2026-01-05T20:00:00.000Z';
  const incomingOfB = h.ok('POST', `/sandbox/internal-accounts/${b.accountId}/deposit`, { amount: 1_000 }).id as string;
  const { token } = connectedAgent(h, a.customerId);
  h.now = '2026-01-05T21:00:00.000Z';
  const paid = agentPays(h, token, a.accountId, b.accountId, 100).body.transaction.id as string;
  return { h, token, a, b, funding, deposits, paid, incomingOfB };
}

function ids(h: Harness, token: string, query: string): string[] {
  const answer = asAgent(h, token, 'GET', `/agents/me/transactions?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as Row[]).map((row) => row.id);
}

/** Every page of `query` with `limit`, following nextCursor; the rows in order and each page's bytes. */
function walk(h: Harness, token: string, query: string, limit: number): { rows: string[]; pages: string[] } {
  const rows: string[] = [];
  const pages: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const answer = asAgent(h, token, 'GET', `/agents/me/transactions?${query}&limit=${limit}${cursor === undefined ? '' : `&cursor=${cursor}`}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(JSON.stringify(answer.body));
    rows.push(...(answer.body.data as Row[]).map((row) => row.id));
    if (!answer.body.hasMore) return { rows, pages };
    cursor = answer.body.nextCursor as string;
  }
  throw new Error('walk did not end');
}

describe('GET /agents/me/transactions with the reference parameters', () => {
  it('sortOrder: desc (the default) newest first, asc oldest first', () => {
    const { h, token, funding, deposits, paid } = world();
    const oldestFirst = [...funding, ...deposits, paid];
    expect(ids(h, token, '')).toEqual([...oldestFirst].reverse());
    expect(ids(h, token, 'sortOrder=desc')).toEqual([...oldestFirst].reverse());
    expect(ids(h, token, 'sortOrder=asc')).toEqual(oldestFirst);
  });

  it('startDate and endDate are inclusive, to the millisecond', () => {
    const { h, token, funding, deposits, paid } = world();
    expect(ids(h, token, 'sortOrder=asc&startDate=2026-01-05T18:00:00Z')).toEqual([deposits[1], deposits[2], paid]);
    expect(ids(h, token, 'sortOrder=asc&startDate=2026-01-05T18:00:00.001Z')).toEqual([deposits[2], paid]);
    expect(ids(h, token, 'sortOrder=asc&endDate=2026-01-05T18:00:00Z')).toEqual([...funding, deposits[0], deposits[1]]);
    expect(ids(h, token, 'sortOrder=asc&endDate=2026-01-05T17:59:59.999Z')).toEqual([...funding, deposits[0]]);
    // An offset is an instant: 13:00-05:00 is 18:00Z.
    expect(ids(h, token, 'sortOrder=asc&startDate=2026-01-05T13:00:00-05:00&endDate=2026-01-05T13:00:00-05:00')).toEqual([deposits[1]]);
  });

  it("reference names one transaction of the agent's customer, never another customer's", () => {
    const { h, token, deposits, incomingOfB } = world();
    const reference = (h.ok('GET', `/transactions/${deposits[1]}`) as Row).reconciliationInstructions!.reference;
    expect(ids(h, token, `reference=${reference}`)).toEqual([deposits[1]]);
    const theirs = (h.ok('GET', `/transactions/${incomingOfB}`) as Row).reconciliationInstructions!.reference;
    expect(ids(h, token, `reference=${theirs}`)).toEqual([]);
    expect(ids(h, token, 'reference=TX-unknown')).toEqual([]);
  });

  it('accountIdentifier matches either side, senderAccountIdentifier and receiverAccountIdentifier one side each', () => {
    const { h, token, a, b, funding, deposits, paid } = world();
    expect(ids(h, token, `sortOrder=asc&accountIdentifier=${a.accountId}`)).toEqual([...funding, ...deposits, paid]);
    expect(ids(h, token, `senderAccountIdentifier=${a.accountId}`)).toEqual([paid]);
    expect(ids(h, token, `sortOrder=asc&receiverAccountIdentifier=${a.accountId}`)).toEqual([...funding, ...deposits]);
    expect(ids(h, token, `receiverAccountIdentifier=${b.accountId}`)).toEqual([paid]);
    expect(ids(h, token, `senderAccountIdentifier=${b.accountId}`)).toEqual([]);
  });

  it('answers what GET /transactions answers for the same parameters and the customer, page for page', () => {
    const { h, token, a, deposits } = world();
    const reference = (h.ok('GET', `/transactions/${deposits[0]}`) as Row).reconciliationInstructions!.reference;
    for (const query of ['sortOrder=asc', 'startDate=2026-01-05T18:00:00Z&endDate=2026-01-05T21:00:00Z', `accountIdentifier=${a.accountId}&sortOrder=asc`, `reference=${reference}`, `receiverAccountIdentifier=${a.accountId}&type=INCOMING`]) {
      const mine = asAgent(h, token, 'GET', `/agents/me/transactions?${query}`).body;
      const platform = h.ok('GET', `/transactions?customerId=${a.customerId}&${query}`);
      expect({ query, ...mine }).toEqual({ query, ...platform });
    }
  });

  it('pages with every filter and both orders: limit 1 walks the same rows as one page, the same bytes every time', () => {
    const { h, token, a } = world();
    for (const query of ['sortOrder=asc', 'sortOrder=desc', `accountIdentifier=${a.accountId}&sortOrder=asc`, `receiverAccountIdentifier=${a.accountId}`, 'startDate=2026-01-05T18:00:00Z&sortOrder=asc', 'endDate=2026-01-05T20:00:00Z']) {
      const whole = ids(h, token, query);
      expect(whole.length, query).toBeGreaterThan(1);
      const first = walk(h, token, query, 1);
      expect(first.rows, query).toEqual(whole);
      expect(first.pages.length, query).toBe(whole.length);
      // A payment created meanwhile neither shifts nor repeats the rows of a walk (newest first) and the same walk answers the same bytes.
      expect(walk(h, token, query, 1).pages, query).toEqual(first.pages);
    }
  });

  it('a cursor belongs to its query: another sortOrder or filter is 400 INVALID_INPUT', () => {
    const { h, token, a } = world();
    const cursor = asAgent(h, token, 'GET', '/agents/me/transactions?sortOrder=asc&limit=1').body.nextCursor as string;
    expect(expectRejected(asAgent(h, token, 'GET', `/agents/me/transactions?limit=1&cursor=${cursor}`), 400, 'INVALID_INPUT').details.errors).toEqual([{ field: 'cursor', message: 'cursor belongs to another query' }]);
    expectRejected(asAgent(h, token, 'GET', `/agents/me/transactions?sortOrder=asc&accountIdentifier=${a.accountId}&limit=1&cursor=${cursor}`), 400, 'INVALID_INPUT');
  });

  it('refuses invalid values with 400 INVALID_INPUT naming each parameter', () => {
    const { h, token } = world();
    const fields = (query: string): string[] =>
      (expectRejected(asAgent(h, token, 'GET', `/agents/me/transactions?${query}`), 400, 'INVALID_INPUT').details.errors as { field: string }[]).map((e) => e.field);
    expect(fields('sortOrder=up')).toEqual(['sortOrder']);
    expect(fields('startDate=today&endDate=2026-01-05')).toEqual(['endDate', 'startDate']);
    expect(fields('startDate=2026-01-05T19:00:00Z&endDate=2026-01-05T18:00:00Z')).toEqual(['endDate']);
    expect(fields('reference=&accountIdentifier=&senderAccountIdentifier=&receiverAccountIdentifier=')).toEqual(['accountIdentifier', 'receiverAccountIdentifier', 'reference', 'senderAccountIdentifier']);
    expect(fields(`accountIdentifier=${'x'.repeat(201)}`)).toEqual(['accountIdentifier']);
    // The agent's customer is the scope: no customer filter is accepted (the reference's rule).
    expect(fields('platformCustomerId=p-1&createdAfter=2026-01-05T18:00:00Z')).toEqual(['createdAfter', 'platformCustomerId']);
  });
});
