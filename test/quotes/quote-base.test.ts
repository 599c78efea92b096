/**
 * Quotes packed against their transactions (quotes/base.ts, snapshot `@14`; docs/performance.md,
 * "Executed quotes packed against their transactions (stop 32)"): a quote's fields equal to what
 * its transaction gives are left out of its bytes, and every reader sees the quote as it was set:
 * GET /quotes/{id}, the quote lists and an idempotent execute's retry answer byte for byte as an
 * engine that packs nothing, live (with the transactions moving after their quotes were packed),
 * from a replay and from a snapshot's load. What a transaction gives is part of the byte format,
 * pinned here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { packBytes, type PackedBytes } from '../../src/core/packed-bytes.js';
import type { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { QUOTE_BASE_FIELDS, quoteFieldsOf } from '../../src/domains/quotes/base.js';
import type { Transaction } from '../../src/domains/transactions/types.js';
import { quoteTransactionId } from '../../src/domains/quotes/types.js';
import { AUTH, harness } from '../support/harness.js';
import { advanceBy, fund, newCustomer, newExternalAccount, payoutBody, publishRates, START } from './support.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A session packing all but the last quote set (hotRecords 1): payouts to accounts that settle,
 * fail and are returned, in USD and MXN, each executed under an idempotency key, their flows run to
 * the end afterwards (the transactions move after their quotes were packed against them).
 */
function session() {
  const h = harness({ hotRecords: 1 }, START);
  publishRates(h);
  const { customerId, accountId } = newCustomer(h);
  fund(h, accountId, 1_000_000);
  const executed: { id: string; key: string }[] = [];
  const destinations = ['000', '005', '002', '001'].map((suffix, n) => newExternalAccount(h, customerId, n % 2 === 0 ? 'USD' : 'MXN', suffix));
  destinations.forEach((destination, n) => {
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 1_000 + n, { description: `payout ${n}` }));
    const key = `exec-${n}`;
    expect(h.call('POST', `/quotes/${quote.id}/execute`, undefined, { 'Idempotency-Key': key }).status).toBe(200);
    executed.push({ id: quote.id as string, key });
    advanceBy(h, 20_000);
  });
  // One quote left unexecuted, and expired.
  h.ok('POST', '/quotes', payoutBody(accountId, destinations[0]!, 700));
  advanceBy(h, 60 * 60 * 1000);
  // Receipts confirmed: the transactions move (their updatedAt) while their quotes stay packed.
  const confirmed = executed.map(({ id }) => h.call('POST', `/transactions/${quoteTransactionId(id)}/confirm`, {}).status);
  expect(confirmed.filter((status) => status === 200).length).toBeGreaterThan(1);
  return { h, executed };
}

/** Every read of the quotes, as text: each quote, the lists, and each execute's retry. */
function reads(engine: Engine, executed: readonly { id: string; key: string }[], now: string): string[] {
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    JSON.stringify(engine.handle({ method, path, headers: { authorization: AUTH, ...headers } }, { now }).response);
  const ids = [...engine.state.quotes.byId.keys()];
  return [
    ...ids.map((id) => get(`/quotes/${id}`)),
    get('/quotes'),
    get('/quotes?limit=2'),
    get('/quotes?status=FAILED'),
    get('/quotes?status=COMPLETED'),
    ...executed.map(({ id, key }) => get(`/quotes/${id}/execute`, { 'Idempotency-Key': key }, 'POST')),
  ];
}

describe('a quote packed against its transaction', () => {
  it('answers every read as an engine that packs nothing: live, replayed and loaded, the transactions moving after', () => {
    const { h, executed } = session();
    const truth = createEngine({ events: viaJson(h.log), hotRecords: Number.POSITIVE_INFINITY });
    const expected = reads(truth, executed, h.now);
    expect(expected.length).toBeGreaterThan(10);
    // The live engine packed its quotes against their transactions as they were then.
    const quotes = h.engine.state.quotes.byId as PackedRecordMap<object>;
    expect(quotes.packing.packed).toBe(quotes.size - 1);
    const engines = {
      live: h.engine,
      replayed: createEngine({ events: viaJson(h.log), hotRecords: 1 }),
      replayedHotter: createEngine({ events: viaJson(h.log), hotRecords: 3 }),
      loaded: createEngine({ snapshot: viaJson(h.engine.snapshot()), hotRecords: 1 }),
    };
    for (const [name, engine] of Object.entries(engines)) expect(reads(engine, executed, h.now), name).toEqual(expected);
    // The records too, field by field (the reads above render most of them).
    const records = (engine: Engine) => JSON.stringify([...engine.state.quotes.byId.values()]);
    for (const engine of Object.values(engines)) expect(records(engine)).toBe(records(truth));
  });

  it('saves them against their transactions (@14), in a fraction of their bytes alone', () => {
    const { h } = session();
    const snapshot = viaJson(h.engine.snapshot());
    const quotes = snapshot.quotes as PackedBytes;
    expect(quotes.based).toBe(true);
    const state = createEngine({ snapshot: viaJson(snapshot) }).state;
    const alone = packBytes(quotes.ids, state.quotes.byId);
    expect(alone.based).toBeUndefined();
    const length = (packed: PackedBytes) => packed.bytes.join('').length;
    expect(length(quotes) * 2).toBeLessThan(length(alone));
  });

  it('gives what the format saved against (@14): a change here needs a new snapshot format', () => {
    const tx = {
      id: 'Transaction:019b8ee3-404d-72d0-ba30-c462c80c376b',
      status: 'COMPLETED',
      type: 'OUTGOING',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703', currency: 'USD' },
      destination: {
        destinationType: 'ACCOUNT',
        accountId: 'ExternalAccount:019b8ee3-404d-7c71-ac01-1c0b563464fd',
        currency: 'USD',
        railDetails: { paymentRail: 'ACH', status: 'SETTLED' },
      },
      customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703',
      platformCustomerId: 'sim-2',
      createdAt: '2026-01-05T16:00:16.461Z',
      updatedAt: '2026-01-05T16:01:13.604Z',
      description: 'sim payout 7',
      sentAmount: { amountMinor: '759', currency: 'USD' },
      receivedAmount: { amountMinor: '700', currency: 'EUR' },
      exchangeRate: '1.08',
      feesMinor: '3',
      quoteId: 'Quote:019b8ee3-404d-72d0-ba30-c462c80c376b',
    } as unknown as Transaction;
    expect(QUOTE_BASE_FIELDS.length).toBe(25);
    expect(Object.fromEntries(QUOTE_BASE_FIELDS.map((field, k) => [field, quoteFieldsOf(tx)[k]]))).toStrictEqual({
      railFeesIncludedMinor: '3',
      platformFeesIncludedMinor: '0',
      rail: 'ACH',
      rateDetails: undefined,
      immediatelyExecute: false,
      updatedAt: '2026-01-05T16:01:13.604Z',
      createdAt: '2026-01-05T16:00:16.461Z',
      expiresAt: '2026-01-05T16:05:16.461Z',
      customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703',
      source: {
        sourceType: 'ACCOUNT',
        accountId: 'InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703',
        accountKind: 'INTERNAL',
        currency: 'USD',
        customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703',
      },
      destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:019b8ee3-404d-7c71-ac01-1c0b563464fd', accountKind: 'EXTERNAL', currency: 'USD' },
      sendingCurrency: 'USD',
      receivingCurrency: 'EUR',
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmountMinor: '759',
      totalSendingAmountMinor: '759',
      totalReceivingAmountMinor: '700',
      feesIncludedMinor: '3',
      exchangeRate: '1.08',
      description: 'sim payout 7',
      transactionId: 'Transaction:019b8ee3-404d-72d0-ba30-c462c80c376b',
      executedAt: '2026-01-05T16:00:16.461Z',
      kind: 'PAYOUT',
      state: 'EXECUTED',
      documentIds: [],
    });
    // Between internal accounts with no conversion: BOOK and plain rate details; a pull is PULL.
    const book = { ...tx, destination: { destinationType: 'ACCOUNT', accountId: 'InternalAccount:019b8ee3-404d-7c71-ac01-1c0b563464fd', currency: 'USD' }, exchangeRate: '1' } as Transaction;
    const [, , rail, rateDetails] = quoteFieldsOf(book);
    expect([rail, rateDetails]).toStrictEqual(['BOOK', { counterpartyMultiplier: '1', counterpartyFixedFee: '0', svcApiMultiplier: '1', svcApiFixedFee: '0', svcApiVariableFeeRate: '0', svcApiVariableFeeAmount: '0' }]);
    expect(quoteFieldsOf({ ...tx, type: 'INCOMING' } as Transaction)[QUOTE_BASE_FIELDS.indexOf('kind')]).toBe('PULL');
    expect(quoteFieldsOf({ ...tx, type: 'INCOMING', direction: 'CREDIT' } as Transaction)[QUOTE_BASE_FIELDS.indexOf('kind')]).toBe('REALTIME_FUNDING');
    // New objects at each call: they become the decoded quote's.
    expect(quoteFieldsOf(tx)[9]).not.toBe(quoteFieldsOf(tx)[9]);
  });
});
