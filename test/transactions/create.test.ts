/**
 * `decideCreateTransaction`: the record it writes (every field, status from the initial state,
 * times and platformCustomerId filled in), its refusals (CUSTOMER_NOT_FOUND, ACCOUNT_NOT_FOUND,
 * INSUFFICIENT_FUNDS, nothing written), money moving with the creation, and the flow bugs it
 * asserts on.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { worldAccountId } from '../../src/domains/movement.js';
import { decideCreateTransaction } from '../../src/domains/transactions/index.js';
import { available, create, customer, payInInput, payoutInput, read, webhooks, world } from './support.js';

describe('creating a transaction', () => {
  it('stores every field the flow gave, with status, times and platformCustomerId filled in', () => {
    const w = world();
    const who = customer(w, 'pat-7');
    const input = payoutInput(w, who, {
      overrides: {
        agentId: 'Agent:00000000-0000-7000-8000-00000000a001',
        counterpartyInformation: { FULL_NAME: 'Lee Smith' },
        settledAt: '2026-01-06T16:00:00.000Z',
        pendingReason: 'COMPLIANCE_REVIEW',
      },
    });
    const id = create(w, input);
    expect(read(w, id)).toEqual({
      id,
      status: 'PENDING',
      pendingReason: 'COMPLIANCE_REVIEW',
      type: 'OUTGOING',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId: who.accountId, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:00000000-0000-7000-8000-00000000e001', currency: 'USD' },
      customerId: who.customerId,
      platformCustomerId: 'pat-7',
      settledAt: '2026-01-06T16:00:00.000Z',
      createdAt: '2026-01-05T16:00:00.000Z',
      updatedAt: '2026-01-05T16:00:00.000Z',
      agentId: 'Agent:00000000-0000-7000-8000-00000000a001',
      description: 'Rent',
      sentAmount: { amount: 10000, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      receivedAmount: { amount: 9900, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      exchangeRate: 1,
      fees: 100,
      quoteId: 'Quote:00000000-0000-7000-8000-000000000001',
      counterpartyInformation: { FULL_NAME: 'Lee Smith' },
      reconciliationInstructions: { reference: 'TX00000000000070008000000000000001' },
    });
  });

  it('starts an outgoing payment PENDING and an incoming one CREATED unless the flow names a later entry state', () => {
    const w = world();
    const who = customer(w);
    expect(read(w, create(w, payoutInput(w, who))).status).toBe('PENDING');
    expect(read(w, create(w, payInInput(w, who))).status).toBe('CREATED');
    expect(read(w, create(w, payoutInput(w, who, { initialState: 'PROCESSING' }))).status).toBe('PROCESSING');
    expect(read(w, create(w, payInInput(w, who, { initialState: 'PENDING_APPROVAL' }))).status).toBe('PENDING');
  });

  it('moves the money of its transfers in the same event', () => {
    const w = world();
    const who = customer(w, 'u', 20_000);
    const input = payoutInput(w, who, { initialState: 'PROCESSING' });
    const transfer = { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '10000', transactionId: input.id };
    const events = w.must(decideCreateTransaction(w.state, { ...input, fundingTransferIds: [transfer.id] }, { at: w.at(), transfers: [transfer] }));
    expect(events[0]).toMatchObject({ type: 'TransactionCreated', data: { transfers: [transfer] } });
    expect(available(w, who.accountId)).toBe(10_000);
    expect(webhooks(events).map((h) => h.type)).toEqual(['OUTGOING_PAYMENT.PROCESSING']);
  });

  it('rejects a debit beyond the available balance with 400 INSUFFICIENT_FUNDS and writes nothing', () => {
    const w = world();
    const who = customer(w, 'u', 5_000);
    const input = payoutInput(w, who, { initialState: 'PROCESSING' });
    const transactionsBefore = w.state.transactions.byId.size;
    const result = decideCreateTransaction(w.state, input, {
      at: w.at(),
      transfers: [{ id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '5001' }],
    });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
    expect(w.state.transactions.byId.size).toBe(transactionsBefore);
  });

  it('rejects an unknown customer with 404 CUSTOMER_NOT_FOUND', () => {
    const w = world();
    const who = customer(w);
    const result = decideCreateTransaction(w.state, payoutInput(w, { ...who, customerId: 'Customer:00000000-0000-7000-8000-0000000000c9' }), { at: w.at() });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 404, code: 'CUSTOMER_NOT_FOUND' });
  });

  it('rejects an unknown internal account with 404 ACCOUNT_NOT_FOUND, but leaves external accounts to their domain', () => {
    const w = world();
    const who = customer(w);
    const missing = { ...who, accountId: 'InternalAccount:00000000-0000-7000-8000-0000000000a9' };
    const result = decideCreateTransaction(w.state, payoutInput(w, missing), { at: w.at() });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect(decideCreateTransaction(w.state, payInInput(w, who), { at: w.at() }).ok).toBe(true);
  });

  it.each([
    ['an outgoing payment starting COMPLETED', { initialState: 'COMPLETED' }],
    ['an outgoing payment starting PENDING_APPROVAL', { initialState: 'PENDING_APPROVAL', approval: {} }],
    ['an approval request outside PENDING_APPROVAL', { approval: {} }],
    ['a failure reason at creation', { failureReason: 'ACCOUNT_INVALID' }],
    ['a pendingReason on a CREATED payment', { type: 'INCOMING', initialState: 'CREATED', pendingReason: 'COMPLIANCE_REVIEW' }],
    ['a negative amount', { sentAmount: { amountMinor: '-1', currency: 'USD' } }],
    ['an id of another type', { id: 'Quote:00000000-0000-7000-8000-000000000001' }],
  ])('asserts on a flow bug: %s', (_label, overrides) => {
    const w = world();
    const who = customer(w);
    expect(() => decideCreateTransaction(w.state, { ...payoutInput(w, who), ...overrides } as never, { at: w.at() })).toThrow(InvariantError);
  });

  it('asserts on a second creation with the same id', () => {
    const w = world();
    const who = customer(w);
    const input = payoutInput(w, who);
    create(w, input);
    expect(() => decideCreateTransaction(w.state, input, { at: w.at() })).toThrow(InvariantError);
  });
});
