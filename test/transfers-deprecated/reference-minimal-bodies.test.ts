/**
 * Issue 12, "required vs optional exactly as the reference": TransferInRequest and
 * TransferOutRequest require only `source` and `destination`; `amount` is optional. The reference
 * says nothing of a transfer without one, so the engine's choice (docs/wire-contract.md "Choices
 * made"): a transfer-out moves the source's whole available balance (400 INSUFFICIENT_FUNDS when
 * there is none); a transfer-in without one is refused (400 INVALID_INPUT on `amount`): the
 * engine never invents how much to pull from a customer's bank account.
 */
import { describe, expect, it } from 'vitest';
import { asAgent, connectedAgent, payer } from '../agents/support.js';
import { newExternalAccount } from '../quotes/support.js';
import { advanceBy, balanceOf, call, expectRejected, expectSound, fund, holder, setup, tx } from '../deposits/support.js';

const typesOf = (events: readonly { type: string }[]) => events.map((event) => event.type);

describe('POST /transfer-out without amount (reference TransferOutRequest: amount optional)', () => {
  it('moves the whole available balance of the source: the quote locks it, the account is emptied, the payout completes', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    fund(h, accountId, 5_432);
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ type: 'OUTGOING', status: 'PROCESSING', sentAmount: { amount: 5_432 } });
    expect(typesOf(response.events)).toEqual(expect.arrayContaining(['QuoteCreated', 'TransactionCreated']));
    expect(h.ok('GET', `/quotes/${response.body.quoteId}`)).toMatchObject({ lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 5_432, immediatelyExecute: true });
    expect(balanceOf(h, accountId)).toBe(0);
    advanceBy(h, 5_000);
    expect(tx(h, response.body.id).status).toBe('COMPLETED');
    expectSound(h);
  });

  it('answers 400 INSUFFICIENT_FUNDS and writes nothing when the source has nothing available', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId } });
    expectRejected(response, 400, 'INSUFFICIENT_FUNDS');
    expect(response.body).toMatchObject({ details: { accountId, availableAmount: '0' } });
  });

  it('still resolves the accounts first: an unknown source is 404 ACCOUNT_NOT_FOUND, a pull sent to transfer-out 400 INVALID_INPUT', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    expectRejected(call(h, 'POST', '/transfer-out', { source: { accountId: 'InternalAccount:nope' }, destination: { accountId: externalId } }), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(call(h, 'POST', '/transfer-out', { source: { accountId: externalId }, destination: { accountId } }), 400, 'INVALID_INPUT');
  });
});

describe('POST /transfer-in without amount (reference TransferInRequest: amount optional; the engine requires it)', () => {
  it('is 400 INVALID_INPUT naming amount, and writes nothing: a pull without an amount has no meaning', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    const before = h.log.length;
    const response = call(h, 'POST', '/transfer-in', { source: { accountId: externalId }, destination: { accountId } });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(JSON.stringify(response.body)).toContain('amount');
    expect(h.log.length).toBe(before);
    expect(balanceOf(h, accountId)).toBe(0);
  });
});

describe('POST /agents/me/transfer-out and /transfer-in without amount (the same request schemas)', () => {
  function world() {
    const h = setup();
    const alice = payer(h, 7_777);
    const bank = newExternalAccount(h, alice.customerId, 'USD', '123');
    const agent = connectedAgent(h, alice.customerId);
    return { h, alice, bank, agent };
  }

  it('transfer-out moves the whole available balance as an APPROVED AgentAction', () => {
    const w = world();
    const r = asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-out', { source: { accountId: w.alice.accountId }, destination: { accountId: w.bank } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_OUT' });
    expect(r.body.transaction).toMatchObject({ type: 'OUTGOING', sentAmount: { amount: 7_777 } });
    expect(typesOf(r.events)).toEqual(expect.arrayContaining(['QuoteCreated', 'TransactionCreated', 'AgentActionCreated']));
    expect(balanceOf(w.h, w.alice.accountId)).toBe(0);
  });

  it('transfer-out of an empty account is 400 INSUFFICIENT_FUNDS, nothing written', () => {
    const h = setup();
    const bob = payer(h, 0);
    const bank = newExternalAccount(h, bob.customerId, 'USD', '123');
    const agent = connectedAgent(h, bob.customerId);
    expectRejected(asAgent(h, agent.token, 'POST', '/agents/me/transfer-out', { source: { accountId: bob.accountId }, destination: { accountId: bank } }), 400, 'INSUFFICIENT_FUNDS');
  });

  it('transfer-in without amount is 400 INVALID_INPUT, nothing written', () => {
    const w = world();
    const before = w.h.log.length;
    const r = asAgent(w.h, w.agent.token, 'POST', '/agents/me/transfer-in', { source: { accountId: w.bank }, destination: { accountId: w.alice.accountId } });
    expectRejected(r, 400, 'INVALID_INPUT');
    expect(w.h.log.length).toBe(before);
  });
});
