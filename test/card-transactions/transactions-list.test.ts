/**
 * Card transactions in GET /transactions: type CARD, the `cardId` filter (Card:<uuid> or the bare
 * uuid), merged with payments in one newest-first creation order whose cursors never shift.
 */
import { describe, expect, it } from 'vitest';
import { payoutBody, TERMS } from '../quotes/support.js';
import { authorize, cardHarness, fund, fundedCard } from '../cards/support.js';

function ids(body: any): string[] {
  return body.data.map((row: any) => row.id);
}

/** A book payout between two new customers; returns its transaction id. */
function payout(h: ReturnType<typeof cardHarness>, n: number): string {
  const account = (id: string) => h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(id)}`).data[0].id;
  const from = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `payer-${n}`, fullName: 'Jo Bloggs', agreementConsents: TERMS });
  const to = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `payee-${n}`, fullName: 'Jo Bloggs', agreementConsents: TERMS });
  fund(h, account(from.id), 10_000);
  return h.ok('POST', '/quotes', payoutBody(account(from.id), account(to.id), 1_000, { immediatelyExecute: true })).transactionId;
}

describe('GET /transactions with card transactions', () => {
  it('lists card transactions and payments newest first in one order, paging without shifts', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const a = authorize(h, card.id, 100).id;
    h.now = '2026-03-02T16:01:00.000Z';
    const p = payout(h, 1);
    const b = authorize(h, card.id, 200).id;
    // Debits only: sandbox fundings are payments too (incoming credits).
    expect(ids(h.ok('GET', '/transactions?direction=DEBIT'))).toEqual([b, p, a]);
    const first = h.ok('GET', '/transactions?direction=DEBIT&limit=1');
    expect(ids(first)).toEqual([b]);
    expect(first.totalCount).toBe(3);
    authorize(h, card.id, 300); // created between pages: only on a fresh first page
    const second = h.ok('GET', `/transactions?direction=DEBIT&limit=1&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual([p]);
    const third = h.ok('GET', `/transactions?direction=DEBIT&limit=5&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual([a]);
    expect(third.hasMore).toBe(false);
  });

  it('filters by type, cardId (either form), customerId and direction; a status filter matches no card transaction', () => {
    const h = cardHarness();
    const mine = fundedCard(h, 10_000);
    const theirs = fundedCard(h, 10_000);
    const a = authorize(h, mine.card.id, 100).id;
    const b = authorize(h, theirs.card.id, 100).id;
    const c = authorize(h, mine.card.id, 100, 'credit_authorization').id;
    const uuid = mine.card.id.slice('Card:'.length);
    expect(ids(h.ok('GET', '/transactions?type=CARD'))).toEqual([c, b, a]);
    expect(ids(h.ok('GET', `/transactions?cardId=${encodeURIComponent(mine.card.id)}`))).toEqual([c, a]);
    expect(ids(h.ok('GET', `/transactions?cardId=${uuid}`))).toEqual([c, a]);
    expect(ids(h.ok('GET', `/transactions?type=CARD&customerId=${encodeURIComponent(theirs.customerId)}`))).toEqual([b]);
    expect(ids(h.ok('GET', '/transactions?type=CARD&direction=CREDIT'))).toEqual([c]);
    expect(ids(h.ok('GET', '/transactions?type=OUTGOING'))).toEqual([]);
    expect(ids(h.ok('GET', '/transactions?status=COMPLETED&direction=DEBIT'))).toEqual([]);
    expect(h.call('GET', '/transactions?type=CARD&status=COMPLETED').status).toBe(400);
  });
});
