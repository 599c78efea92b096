/**
 * Transactions and card transactions packed with their predictions (transactions/predictions.ts,
 * card-transactions/predictions.ts, snapshot `@15`; docs/performance.md, stop 33): a field equal to
 * what the record's id and earlier fields predict is left out of its bytes, and every reader sees
 * the record as it was set: GET /transactions/{id} (payments and card transactions), the
 * transaction list's pages and the quotes read against their transactions answer byte for byte as
 * an engine that packs nothing, live, from a replay and from a snapshot's load, and the records are
 * the same. What each prediction gives is part of the byte format, pinned here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { packBytes, type PackedBytes } from '../../src/core/packed-bytes.js';
import type { PackedRecordMap } from '../../src/core/packed-record-map.js';
import type { NestedPredictions, PredictionKey } from '../../src/core/record-codec.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { CARD_TRANSACTION_PREDICTED_FIELDS, CARD_TRANSACTION_PREDICTIONS } from '../../src/domains/card-transactions/predictions.js';
import { TRANSACTION_PREDICTED_FIELDS, TRANSACTION_PREDICTIONS, TRANSACTION_PREDICTIONS_15 } from '../../src/domains/transactions/predictions.js';
import { reconciliationReference } from '../../src/domains/transactions/reference.js';
import { SANDBOX_ORIGINATOR } from '../../src/domains/deposits/deposit.js';
import { SANDBOX_AUTHORIZATION } from '../../src/testing/simulate.js';

const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Every read of the payment records, as text: each transaction and card transaction, the list's pages, each quote. */
function reads(engine: Engine, now: number): string[] {
  const get = (path: string) => JSON.stringify(engine.handle({ method: 'GET', path, headers: { authorization: SANDBOX_AUTHORIZATION } }, { now }).response);
  const { transactions, cardTransactions, quotes } = engine.state;
  const pages: string[] = [];
  let cursor: string | undefined;
  do {
    const page = get(`/transactions?limit=100${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    pages.push(page);
    cursor = (JSON.parse(page) as { body: { nextCursor?: string } }).body.nextCursor;
  } while (cursor !== undefined);
  return [
    ...[...transactions.byId.keys()].map((id) => get(`/transactions/${id}`)),
    ...[...cardTransactions.byId.keys()].map((id) => get(`/transactions/${id}`)),
    ...pages,
    ...[...quotes.byId.keys()].map((id) => get(`/quotes/${id}`)),
  ];
}

const records = (engine: Engine) => JSON.stringify([[...engine.state.transactions.byId.values()], [...engine.state.cardTransactions.byId.values()]]);

describe('payment records packed with their predictions', () => {
  let engine: Engine;
  let log: readonly EventEnvelope[];
  let now: number;
  beforeAll(() => {
    ({ engine, log } = apiWorkload({ events: 6_000 }));
    now = Date.parse(log[log.length - 1]!.at) + 60_000;
  });

  it('answer every read as an engine that packs nothing: live, replayed and loaded', () => {
    const truth = createEngine({ ...OPTIONS, events: viaJson(log), hotRecords: Number.POSITIVE_INFINITY });
    const expected = reads(truth, now);
    expect(expected.length).toBeGreaterThan(600);
    const engines = {
      live: engine,
      replayed: createEngine({ ...OPTIONS, events: viaJson(log), hotRecords: 1 }),
      replayedHotter: createEngine({ ...OPTIONS, events: viaJson(log), hotRecords: 7 }),
      loaded: createEngine({ ...OPTIONS, snapshot: viaJson(engine.snapshot()), hotRecords: 1 }),
    };
    for (const [name, other] of Object.entries(engines)) {
      expect((other.state.transactions.byId as PackedRecordMap<object>).packing.packed, name).toBeGreaterThan(100);
      expect(reads(other, now), name).toEqual(expected);
      expect(records(other), name).toBe(records(truth));
    }
  });

  it('are saved with their predictions (@15), in fewer bytes than without', () => {
    const snapshot = viaJson(engine.snapshot());
    const state = createEngine({ ...OPTIONS, snapshot: viaJson(snapshot) }).state;
    const length = (packed: PackedBytes) => packed.bytes.join('').length;
    for (const [name, store] of [['transactions', state.transactions.byId], ['cardTransactions', state.cardTransactions.byId]] as const) {
      const saved = snapshot[name] as PackedBytes;
      expect(saved.predicted, name).toBe(true);
      const alone = packBytes(saved.ids, store as PackedRecordMap<object>);
      expect(alone.predicted, name).toBeUndefined();
      expect(length(saved) * 1.1, name).toBeLessThan(length(alone));
    }
  });
});

describe('what the predictions give (@15): a change here needs a new snapshot format', () => {
  const uuid = '019b8ee3-404d-72d0-ba30-c462c80c376b';
  const key: PredictionKey = { ms: 0x019b8ee3404d, uuid };
  const predict = (predictions: typeof TRANSACTION_PREDICTIONS, record: Record<string, unknown>, at: PredictionKey = key) =>
    Object.fromEntries(predictions.fields.map((field, k) => [field, predictions.predict(k, record, at)]));

  it('transactions: the fields in their order, their inputs, and each prediction', () => {
    expect(TRANSACTION_PREDICTED_FIELDS).toEqual(['updatedAt', 'customerId', 'receivedAmount', 'feesMinor', 'exchangeRate', 'settledAt', 'createdAt', 'refund', 'quoteId']);
    expect(TRANSACTION_PREDICTIONS.inputs).toEqual([['createdAt'], ['source', 'destination'], ['sentAmount'], [], [], ['updatedAt'], [], ['updatedAt'], []]);
    const record = {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703' },
      createdAt: '2026-01-05T16:00:16.461Z',
      updatedAt: '2026-01-05T16:01:13.604Z',
      sentAmount: { amountMinor: '759', currency: 'USD' },
    };
    expect(predict(TRANSACTION_PREDICTIONS, record)).toStrictEqual({
      updatedAt: '2026-01-05T16:00:16.461Z',
      customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703',
      receivedAmount: { amountMinor: '759', currency: 'USD' },
      feesMinor: '0',
      exchangeRate: '1',
      settledAt: '2026-01-05T16:01:13.604Z',
      createdAt: '2026-01-05T16:00:16.461Z',
      refund: { reference: 'RF019B8EE3404D72D0BA30C462C80C376B', initiatedAt: '2026-01-05T16:01:13.604Z', status: 'COMPLETED', reason: 'TRANSACTION_FAILED', settledAt: '2026-01-05T16:01:13.604Z' },
      quoteId: `Quote:${uuid}`,
    });
    // A payout's customer: the one minted with its source account (at the index before); an
    // incoming payment's: with its destination account; none from an external account or another id.
    const internal = { sourceType: 'ACCOUNT', accountId: 'InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703' };
    const external = { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:019b8ee3-404d-7c71-ac01-1c0b563464fd' };
    expect(TRANSACTION_PREDICTIONS.predict(1, { source: internal, destination: external }, key)).toBe('Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703');
    expect(TRANSACTION_PREDICTIONS.predict(1, { source: { sourceType: 'UMA_ADDRESS' }, destination: { ...internal, destinationType: 'ACCOUNT' } }, key)).toBe('Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703');
    expect(TRANSACTION_PREDICTIONS.predict(1, { source: { accountId: external.accountId }, destination: external }, key)).toBeUndefined();
    // A new object each call (it becomes the decoded record's); no time for a key that is not a UUIDv7; nothing from what is absent.
    expect(TRANSACTION_PREDICTIONS.predict(2, record, key)).not.toBe(record.sentAmount);
    expect(predict(TRANSACTION_PREDICTIONS, {}, { ms: Number.NaN, uuid })).toStrictEqual({
      updatedAt: undefined,
      customerId: undefined,
      receivedAmount: undefined,
      feesMinor: '0',
      exchangeRate: '1',
      settledAt: undefined,
      createdAt: undefined,
      refund: { reference: 'RF019B8EE3404D72D0BA30C462C80C376B', initiatedAt: undefined, status: 'COMPLETED', reason: 'TRANSACTION_FAILED', settledAt: undefined },
      quoteId: `Quote:${uuid}`,
    });
  });

  it('card transactions: the fields in their order, their inputs, and each prediction', () => {
    expect(CARD_TRANSACTION_PREDICTED_FIELDS).toEqual(['updatedAt', 'settledAt', 'expiresAt', 'createdAt', 'authorizedAt', 'accountId']);
    expect(CARD_TRANSACTION_PREDICTIONS.inputs).toEqual([['createdAt'], ['updatedAt'], ['createdAt'], [], ['createdAt'], ['customerId']]);
    const record = { customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703', createdAt: '2026-01-05T16:00:07.381Z', updatedAt: '2026-01-05T16:02:00.000Z' };
    expect(predict(CARD_TRANSACTION_PREDICTIONS, record)).toStrictEqual({
      updatedAt: '2026-01-05T16:00:07.381Z',
      settledAt: '2026-01-05T16:02:00.000Z',
      expiresAt: '2026-01-12T16:00:07.381Z',
      createdAt: '2026-01-05T16:00:16.461Z',
      authorizedAt: '2026-01-05T16:00:07.381Z',
      accountId: 'InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703',
    });
    // An expiry only after an instant as the codec writes them (no Date.parse).
    expect(CARD_TRANSACTION_PREDICTIONS.predict(2, { createdAt: '2026-01-05T16:00:07Z' }, key)).toBeUndefined();
  });
});

describe('what the nested predictions give (@16): a change here needs a new snapshot format', () => {
  const uuid = '019b8ee3-404d-72d0-ba30-c462c80c376b';
  const key: PredictionKey = { ms: 0x019b8ee3404d, uuid };
  const reference = 'TX019B8EE3404D72D0BA30C462C80C376B';

  it('transactions: the record\'s own fields as @15\'s, then the rails\' remittance texts, a deposit\'s originator and a funded deposit\'s account', () => {
    expect(TRANSACTION_PREDICTIONS_15.nested).toBeUndefined();
    expect({ ...TRANSACTION_PREDICTIONS, nested: undefined }).toEqual({ ...TRANSACTION_PREDICTIONS_15, nested: undefined });
    const nested = TRANSACTION_PREDICTIONS.nested!;
    expect(nested.map(({ path, fields, inputs, recordInputs }) => ({ path, fields, inputs, recordInputs }))).toEqual([
      { path: ['source', 'railDetails'], fields: ['bankAccount', 'addenda', 'originatorToBeneficiaryInformation', 'remittanceInformation'], inputs: [[], [], [], []], recordInputs: [] },
      { path: ['destination'], fields: ['accountId'], inputs: [[]], recordInputs: ['source'] },
      { path: ['destination', 'railDetails'], fields: ['addenda', 'originatorToBeneficiaryInformation', 'remittanceInformation'], inputs: [[], [], []], recordInputs: [] },
    ]);
    const [sourceRail, destination, destinationRail] = nested as [NestedPredictions, NestedPredictions, NestedPredictions];
    // The sandbox originator (deposits/deposit.ts when @16 was made), a new object each call.
    const originator = { accountHolderName: 'Sandbox Depositor', accountNumber: '000123456789', bankName: 'Sandbox Originating Bank', routingNumber: '091000019' };
    expect(sourceRail.predict(0, {}, key, {})).toStrictEqual(originator);
    expect(sourceRail.predict(0, {}, key, {})).not.toBe(sourceRail.predict(0, {}, key, {}));
    expect(SANDBOX_ORIGINATOR).toStrictEqual(originator);
    // Each remittance text: the reconciliation reference of the key's transaction.
    for (const field of [1, 2, 3]) expect(sourceRail.predict(field, {}, key, {})).toBe(reference);
    for (const field of [0, 1, 2]) expect(destinationRail.predict(field, {}, key, {})).toBe(reference);
    expect(reconciliationReference(`Transaction:${uuid}`)).toBe(reference);
    // A funded deposit's destination: the internal account minted with its source's customer (the index after); none without one.
    expect(destination.predict(0, {}, key, { source: { customerId: 'Customer:019b8ee3-1cd5-7a6d-a2f5-c4afc7e3a703' } })).toBe('InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703');
    expect(destination.predict(0, {}, key, { source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:019b8ee3-1cd5-7a6c-a2f5-c4afc7e3a703' } })).toBeUndefined();
  });
});
