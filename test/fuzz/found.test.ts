/**
 * Defects the wire fuzzer found, each as the smallest request sequence that showed it.
 *
 * Quote of a deleted external account: a payout quote to an external account, the account
 * deleted (DELETE answers 204 and nothing stops it), then `POST /quotes/{id}/execute` threw
 * `InvariantError: quote ...: destination ... vanished` (which halts the engine). The account's
 * absence is a property of the request's target, not a defect: 404 ACCOUNT_NOT_FOUND naming the
 * account, no event, and the quote still PENDING.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { AUTH } from '../support/harness.js';
import { fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';

describe('found by the wire fuzzer', () => {
  it('executing a quote whose destination external account was deleted is 404 ACCOUNT_NOT_FOUND, not a throw', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const destination = newExternalAccount(h, customerId, 'USD', '789');
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 1_000));
    expect(h.call('DELETE', `/customers/external-accounts/${destination}`).status).toBe(204);

    const answer = h.call('POST', `/quotes/${quote.id}/execute`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', details: { accountId: destination, quoteId: quote.id } });
    expect(answer.events).toEqual([]);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('PENDING');
    // The engine was not halted, and its log replays to the same answer.
    const read = { method: 'GET', path: `/quotes/${quote.id}`, headers: { authorization: AUTH } };
    expect(createEngine({ events: h.log }).handle(read, { now: h.now }).response).toEqual(h.engine.handle(read, { now: h.now }).response);
  });
});
