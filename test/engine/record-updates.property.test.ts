/**
 * Record updates built from known keys (docs/architecture.md, "Stored records"): each per-kind
 * builder gives the record the former spread gave (`{ ...stored, ...changes }`, cleared fields
 * deleted): the same keys, an optional key absent from the record and the changes stays absent,
 * the same values; the result and its new nested values are frozen and the stored record is
 * untouched. The full fixtures are typed `Required<...>`: a key added to a record type fails to
 * compile here until it is added, and the property then checks that the builder keeps it.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { deepFreeze } from '../../src/core/freeze.js';
import type { CardTransactionChanges, CardTransactionClearable } from '../../src/domains/card-transactions/events.js';
import { movedCardTransaction } from '../../src/domains/card-transactions/record.js';
import type { CardTransaction } from '../../src/domains/card-transactions/types.js';
import { type AgentActionChanges, type AgentUpdate, movedAgentAction, updatedAgent } from '../../src/domains/agents/record.js';
import type { Agent, AgentAction } from '../../src/domains/agents/types.js';
import type { CardChanges } from '../../src/domains/cards/events.js';
import { updatedCard } from '../../src/domains/cards/record.js';
import type { Card, CardLimits } from '../../src/domains/cards/types.js';
import { type IncomingUpdate, updatedIncoming } from '../../src/domains/deposits/record.js';
import type { IncomingRecord } from '../../src/domains/deposits/types.js';
import { type QuoteUpdate, updatedQuote } from '../../src/domains/quotes/record.js';
import type { Quote } from '../../src/domains/quotes/types.js';
import { applyChanges, withReceiptConfirmed, withRefund } from '../../src/domains/transactions/apply.js';
import { CLEARABLE_FIELDS, type ClearableField, type RecordChanges } from '../../src/domains/transactions/events.js';
import { neverCancellable } from '../../src/domains/transactions/lifecycles.js';
import type { OutgoingTransaction, TransactionStatus } from '../../src/domains/transactions/types.js';

/** `full` without the `dropped` keys, deep-frozen like a stored record. */
function stored<T extends object>(full: T, dropped: readonly string[]): T {
  const copy = structuredClone(full) as Record<string, unknown>;
  for (const key of dropped) delete copy[key];
  return deepFreeze(copy) as T;
}

/** Entries sorted by key: equal for the same keys and values, whatever their order. */
function entries(record: object): [string, unknown][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** `actual` has exactly `expected`'s keys and values, and it and everything in it is frozen. */
function expectSameFrozen(actual: object, expected: object): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  expect(entries(actual)).toStrictEqual(entries(expected));
  const objects: unknown[] = [actual];
  for (let i = 0; i < objects.length; i += 1) {
    const object = objects[i];
    if (typeof object !== 'object' || object === null) continue;
    expect(Object.isFrozen(object)).toBe(true);
    objects.push(...Object.values(object));
  }
}

const subsetOf = <K extends string>(keys: readonly K[]) => fc.subarray([...keys]);

// ---------------------------------------------------------------------------------------------
// Quotes

const FULL_QUOTE: Required<Quote> = {
  id: 'Quote:1', customerId: 'Customer:1', state: 'PENDING_AUTHORIZATION', kind: 'PAYOUT',
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z', expiresAt: '2026-01-05T16:05:00.000Z',
  source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1', accountKind: 'INTERNAL', currency: 'USD', customerId: 'Customer:1' },
  destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1', accountKind: 'EXTERNAL', currency: 'MXN', paymentRail: 'SPEI' },
  sendingCurrency: 'USD', receivingCurrency: 'MXN', lockedCurrencySide: 'SENDING', lockedCurrencyAmountMinor: '100',
  totalSendingAmountMinor: '100', totalReceivingAmountMinor: '1724', feesIncludedMinor: '1', platformFeesIncludedMinor: '0',
  railFeesIncludedMinor: '1', exchangeRate: '0.058',
  rateDetails: { counterpartyMultiplier: '1', counterpartyFixedFee: '0', svcApiMultiplier: '17', svcApiFixedFee: '0', svcApiVariableFeeRate: '0', svcApiVariableFeeAmount: '0' },
  rail: 'SPEI', immediatelyExecute: false, purposeOfPayment: 'GIFT', description: 'rent', remittanceInformation: 'inv 1',
  senderCustomerInfo: { fullName: 'Ada' }, documentIds: ['Document:1'],
  paymentInstructions: [{ accountOrWalletInfo: { accountType: 'CLABE', clabeNumber: '0' }, instructionsNotes: 'n' }],
  scaChallenge: { id: 'ScaChallenge:1', expiresAt: '2026-01-05T16:05:00.000Z', factor: 'SMS_OTP', availableFactors: ['SMS_OTP'], purpose: 'PAYOUT', failedAttempts: 0 },
  transactionId: 'Transaction:1', executedAt: '2026-01-05T16:01:00.000Z', flow: { steps: [{ step: 'SETTLE', dueAtMs: 1 }], next: 0 },
};
const QUOTE_OPTIONAL = ['purposeOfPayment', 'description', 'remittanceInformation', 'senderCustomerInfo', 'paymentInstructions', 'scaChallenge', 'transactionId', 'executedAt', 'flow'] as const;
const QUOTE_UPDATE: Required<QuoteUpdate> = {
  updatedAt: '2026-01-05T16:02:00.000Z', state: 'EXECUTED',
  scaChallenge: { id: 'ScaChallenge:1', expiresAt: '2026-01-05T16:05:00.000Z', factor: 'SMS_OTP', availableFactors: ['SMS_OTP'], purpose: 'PAYOUT', failedAttempts: 0, authorizedAt: '2026-01-05T16:02:00.000Z' },
  transactionId: 'Transaction:1', executedAt: '2026-01-05T16:02:00.000Z', flow: { steps: [{ step: 'SETTLE', dueAtMs: 2 }], next: 1 },
};

describe('updatedQuote', () => {
  test.prop([subsetOf(QUOTE_OPTIONAL), subsetOf(['state', 'scaChallenge', 'transactionId', 'executedAt', 'flow'] as const)])(
    'gives the spread\'s record: same keys and values, absent keys stay absent, frozen',
    (dropped, given) => {
      const quote = stored(FULL_QUOTE, dropped);
      const update: QuoteUpdate = Object.fromEntries([['updatedAt', QUOTE_UPDATE.updatedAt], ...given.map((key) => [key, structuredClone(QUOTE_UPDATE[key])])]) as QuoteUpdate;
      const before = JSON.stringify(quote);
      expectSameFrozen(updatedQuote(quote, update), { ...quote, ...update });
      expect(JSON.stringify(quote)).toBe(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Transactions

const FULL_TRANSACTION: Required<OutgoingTransaction> = {
  id: 'Transaction:1', status: 'PROCESSING', type: 'OUTGOING', direction: 'DEBIT',
  source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1', currency: 'USD' },
  destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1', currency: 'MXN' },
  customerId: 'Customer:1', platformCustomerId: 'p-1', ruleBasedAccountId: 'InternalAccount:2', settledAt: '2026-01-05T16:03:00.000Z',
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z', receiptDeliveryConfirmedAt: '2026-01-05T16:04:00.000Z',
  agentId: 'Agent:1', description: 'rent', sentAmount: { amountMinor: '100', currency: 'USD' }, receivedAmount: { amountMinor: '1724', currency: 'MXN' },
  exchangeRate: '0.058', feesMinor: '1', quoteId: 'Quote:1', refund: { reference: 'r', initiatedAt: '2026-01-05T16:05:00.000Z', status: 'PENDING' },
  counterpartyInformation: { fullName: 'Ada' }, pendingReason: 'COMPLIANCE_REVIEW',
  pendingApproval: { requestedAt: '2026-01-05T16:00:00.000Z', expiresAt: '2026-01-05T16:10:00.000Z' },
  approval: { decision: 'APPROVED', decidedAt: '2026-01-05T16:01:00.000Z' }, returnDishonoredAt: '2026-01-05T16:06:00.000Z',
  fundingTransferIds: ['Transfer:1'], failureReason: 'ACCOUNT_INVALID',
};
const TRANSACTION_OPTIONAL = [
  'ruleBasedAccountId', 'settledAt', 'receiptDeliveryConfirmedAt', 'agentId', 'description', 'sentAmount', 'receivedAmount', 'exchangeRate',
  'feesMinor', 'quoteId', 'refund', 'counterpartyInformation', 'pendingReason', 'pendingApproval', 'approval', 'returnDishonoredAt',
  'fundingTransferIds', 'failureReason',
] as const;
const CHANGES: Required<RecordChanges> = {
  failureReason: 'PAYOUT_RETURNED', pendingReason: 'WALLET_VERIFICATION_REQUIRED', settledAt: '2026-01-06T00:00:00.000Z',
  sourceRailDetails: { railType: 'ACH', traceNumber: '1' } as unknown as Required<RecordChanges>['sourceRailDetails'],
  destinationRailDetails: { railType: 'SPEI', claveDeRastreo: '2' } as unknown as Required<RecordChanges>['destinationRailDetails'],
  sentAmount: { amountMinor: '200', currency: 'USD' }, receivedAmount: { amountMinor: '3448', currency: 'MXN' }, exchangeRate: '0.06',
  feesMinor: '2', quoteId: 'Quote:2', counterpartyInformation: { fullName: 'Bob' }, fundingTransferIds: ['Transfer:2'],
  pendingApproval: { requestedAt: '2026-01-06T00:00:00.000Z', expiresAt: '2026-01-06T00:10:00.000Z' },
  approval: { decision: 'REJECTED', decidedAt: '2026-01-06T00:00:00.000Z' }, returnDishonoredAt: '2026-01-06T00:00:00.000Z',
};
// The order the record's keys are written in: the required ones, then the optional ones.
const WRITE_ORDER = [
  'id', 'status', 'type', 'direction', 'source', 'destination', 'customerId', 'platformCustomerId', 'createdAt', 'updatedAt',
  'ruleBasedAccountId', 'settledAt', 'receiptDeliveryConfirmedAt', 'agentId', 'description', 'sentAmount', 'receivedAmount',
  'exchangeRate', 'feesMinor', 'quoteId', 'refund', 'counterpartyInformation', 'pendingReason', 'pendingApproval', 'approval',
  'returnDishonoredAt', 'fundingTransferIds', 'failureReason',
];
const CHANGE_KEYS = Object.keys(CHANGES) as (keyof RecordChanges)[];

/** The former update, kept as the model: a spread, cleared fields deleted, changes assigned. */
function spreadModel(tx: OutgoingTransaction, changes: RecordChanges, cleared: readonly ClearableField[], updatedAt: string, status?: string): object {
  const { sourceRailDetails, destinationRailDetails, ...fields } = changes;
  const record: Record<string, unknown> = { ...tx };
  for (const field of cleared) delete record[field];
  Object.assign(record, fields);
  if (sourceRailDetails !== undefined) record.source = { ...tx.source, railDetails: sourceRailDetails };
  if (destinationRailDetails !== undefined) record.destination = { ...tx.destination, railDetails: destinationRailDetails };
  if (status !== undefined) record.status = status;
  // A payment that can never be cancelled again keeps no funding transfer ids (only a cancel reads them).
  if (neverCancellable(tx.type, record.status as TransactionStatus)) delete record.fundingTransferIds;
  record.updatedAt = updatedAt;
  return record;
}

describe('transaction updates (applyChanges, withRefund, withReceiptConfirmed)', () => {
  test.prop([subsetOf(TRANSACTION_OPTIONAL), subsetOf(CHANGE_KEYS), subsetOf(CLEARABLE_FIELDS), fc.boolean()])(
    'applyChanges gives the spread\'s record: same keys and values, cleared keys gone unless changed, frozen',
    (dropped, changed, cleared, withStatus) => {
      const tx = stored(FULL_TRANSACTION, dropped);
      const changes = Object.fromEntries(changed.map((key) => [key, structuredClone(CHANGES[key])])) as RecordChanges;
      const before = JSON.stringify(tx);
      const status = withStatus ? 'FAILED' : undefined;
      const after = applyChanges(tx, changes, cleared, '2026-01-07T00:00:00.000Z', status);
      expectSameFrozen(after, spreadModel(tx, changes, cleared, '2026-01-07T00:00:00.000Z', status));
      expect(JSON.stringify(tx)).toBe(before);
    },
  );

  // Answers are byte-identical JSON, so the key order is part of the record: the writer puts the
  // keys in one fixed order whatever order the stored record's came in (a created record keeps
  // its decider's order), and a call keeps nothing from the one before it.
  test.prop([subsetOf(TRANSACTION_OPTIONAL), fc.integer()])(
    'applyChanges writes the keys in the record\'s fixed order whatever the stored order, and keeps nothing from the call before',
    (dropped, seed) => {
      const shuffled = Object.entries(FULL_TRANSACTION).sort(([a], [b]) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || (a < b ? -1 : 1));
      const full = deepFreeze(structuredClone(Object.fromEntries(shuffled))) as OutgoingTransaction;
      applyChanges(full, CHANGES, [], '2026-01-06T00:00:00.000Z');
      const tx = stored(full, dropped);
      const after = applyChanges(tx, {}, [], '2026-01-07T00:00:00.000Z');
      const fixedOrder = Object.keys(FULL_TRANSACTION).sort((a, b) => WRITE_ORDER.indexOf(a) - WRITE_ORDER.indexOf(b));
      expect(Object.keys(after)).toEqual(fixedOrder.filter((key) => !(dropped as readonly string[]).includes(key)));
      expect({ ...after, updatedAt: tx.updatedAt }).toStrictEqual({ ...tx });
    },
  );

  test.prop([subsetOf(TRANSACTION_OPTIONAL)])('withRefund and withReceiptConfirmed give the spread\'s record, frozen', (dropped) => {
    const tx = stored(FULL_TRANSACTION, dropped);
    const refund = { reference: 'r2', initiatedAt: '2026-01-07T00:00:00.000Z', status: 'PENDING' as const };
    expectSameFrozen(withRefund(tx, refund, '2026-01-07T00:00:00.000Z'), { ...tx, refund, updatedAt: '2026-01-07T00:00:00.000Z' });
    expectSameFrozen(withReceiptConfirmed(tx, '2026-01-08T00:00:00.000Z', '2026-01-09T00:00:00.000Z'), { ...tx, receiptDeliveryConfirmedAt: '2026-01-08T00:00:00.000Z', updatedAt: '2026-01-09T00:00:00.000Z' });
  });
});

// ---------------------------------------------------------------------------------------------
// Card transactions

const FULL_CARD_TRANSACTION: Required<CardTransaction> = {
  id: 'Transaction:9', cardId: 'Card:1', customerId: 'Customer:1', platformCustomerId: 'p-1', accountId: 'InternalAccount:1', currency: 'USD',
  direction: 'DEBIT', status: 'AUTHORIZED', amountMinor: '500', settledAmountMinor: '0', refundedAmountMinor: '0', originalTransactionId: 'Transaction:8',
  merchant: { descriptor: 'SHOP', mcc: '5411', city: 'X', state: 'CA', country: 'US' }, cardDeclinedReason: 'OTHER', exceptionReason: 'CLEARING_AFTER_VOID',
  holdTransferId: 'Transfer:9', expiresAt: '2026-01-12T00:00:00.000Z', authorizedAt: '2026-01-05T16:00:00.000Z', settledAt: '2026-01-06T00:00:00.000Z',
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z',
};
const CARD_OPTIONAL = ['refundedAmountMinor', 'originalTransactionId', 'cardDeclinedReason', 'exceptionReason', 'holdTransferId', 'expiresAt', 'authorizedAt', 'settledAt'] as const;
const CARD_CHANGES: Required<CardTransactionChanges> = {
  amountMinor: '450', settledAmountMinor: '450', refundedAmountMinor: '10', holdTransferId: 'Transfer:10', exceptionReason: 'OVER_CLEARING_INSUFFICIENT_FUNDS', settledAt: '2026-01-07T00:00:00.000Z',
};
const CARD_CLEARABLE: readonly CardTransactionClearable[] = ['holdTransferId', 'expiresAt'];

describe('movedCardTransaction', () => {
  test.prop([subsetOf(CARD_OPTIONAL), subsetOf(Object.keys(CARD_CHANGES) as (keyof CardTransactionChanges)[]), subsetOf(CARD_CLEARABLE)])(
    'gives the spread\'s record: same keys and values, cleared keys gone (a clearing wins), frozen',
    (dropped, changed, cleared) => {
      const tx = stored(FULL_CARD_TRANSACTION, dropped);
      const changes = Object.fromEntries(changed.map((key) => [key, CARD_CHANGES[key]])) as CardTransactionChanges;
      const model: Record<string, unknown> = { ...tx, ...changes, status: 'SETTLED', updatedAt: '2026-01-07T00:00:00.000Z' };
      for (const field of cleared) delete model[field];
      expectSameFrozen(movedCardTransaction(tx, changes, cleared, 'SETTLED', '2026-01-07T00:00:00.000Z'), model);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Incoming payments

const FULL_INCOMING: Required<IncomingRecord> = {
  transactionId: 'Transaction:7', kind: 'DEPOSIT' as IncomingRecord['kind'], customerId: 'Customer:1', accountId: 'InternalAccount:3', creditAccountId: 'InternalAccount:1',
  ruleBasedAccountId: 'InternalAccount:3', rail: 'ACH', sendCurrency: 'USD', sendMinor: '100', currency: 'USD', amountMinor: '100',
  remaining: [{ step: 'SETTLE' as IncomingRecord['remaining'][number]['step'], afterMs: 1000 }], nextDueAtMs: 5, haltedAt: '2026-01-05T16:00:00.000Z',
  sweep: { quoteId: 'Quote:3', payoutTransactionId: 'Transaction:3' }, returnState: 'NONE' as IncomingRecord['returnState'],
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z',
};
const INCOMING_OPTIONAL = ['ruleBasedAccountId', 'nextDueAtMs', 'haltedAt', 'sweep'] as const;

describe('updatedIncoming', () => {
  test.prop([subsetOf(INCOMING_OPTIONAL), subsetOf(['remaining', 'haltedAt', 'sweep', 'returnState'] as const), fc.constantFrom(undefined, null, 9)])(
    'gives the spread\'s record: same keys and values, a null due time removed, absent keys stay absent, frozen',
    (dropped, given, nextDueAtMs) => {
      const record = stored(FULL_INCOMING, dropped);
      const values = { remaining: [], haltedAt: '2026-01-06T00:00:00.000Z', sweep: { quoteId: 'Quote:4', payoutTransactionId: 'Transaction:4' }, returnState: 'RETURNED' };
      const fields = Object.fromEntries(given.map((key) => [key, structuredClone(values[key])]));
      const update = { ...fields, updatedAt: '2026-01-07T00:00:00.000Z', ...(nextDueAtMs === undefined ? {} : { nextDueAtMs }) } as IncomingUpdate;
      const model: Record<string, unknown> = { ...record, ...fields, updatedAt: '2026-01-07T00:00:00.000Z' };
      if (nextDueAtMs === null) delete model.nextDueAtMs;
      else if (nextDueAtMs !== undefined) model.nextDueAtMs = nextDueAtMs;
      expectSameFrozen(updatedIncoming(record, update), model);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Agents and agent actions

const FULL_AGENT: Required<Agent> = {
  id: 'Agent:1', customerId: 'Customer:1', name: 'bot', isPaused: false,
  policy: { permissions: ['CREATE_QUOTES'], defaultExecutionMode: 'AUTO', spendingLimits: null, approvalThresholds: null, accountRestrictions: null },
  usage: { day: '2026-01-05', dailyTransactionCount: 1, dailySpendMinor: { USD: '5' }, month: '2026-01', monthlySpendMinor: { USD: '5' } },
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z', accessTokenHash: 'a'.repeat(64), deviceCodeHash: 'b'.repeat(64),
  deletedAt: '2026-01-06T00:00:00.000Z',
};
const AGENT_OPTIONAL = ['accessTokenHash', 'deviceCodeHash', 'deletedAt'] as const;
const AGENT_UPDATE: Required<Omit<AgentUpdate, 'drop'>> = {
  updatedAt: '2026-01-07T00:00:00.000Z', name: 'bot 2', isPaused: true,
  policy: { permissions: ['VIEW_TRANSACTIONS'], defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: null, approvalThresholds: { currency: 'USD', amountMinor: '9' }, accountRestrictions: null },
  usage: { day: '2026-01-07', dailyTransactionCount: 1, dailySpendMinor: { USD: '7' }, month: '2026-01', monthlySpendMinor: { USD: '12' } },
  accessTokenHash: 'c'.repeat(64), deviceCodeHash: 'd'.repeat(64), deletedAt: '2026-01-07T00:00:00.000Z',
};

describe('updatedAgent', () => {
  test.prop([subsetOf(AGENT_OPTIONAL), subsetOf(Object.keys(AGENT_UPDATE) as (keyof typeof AGENT_UPDATE)[]), subsetOf(['accessTokenHash', 'deviceCodeHash'] as const)])(
    'gives the spread\'s record: same keys and values, dropped keys gone unless given, absent keys stay absent, frozen',
    (dropped, given, drop) => {
      const agent = stored(FULL_AGENT, dropped);
      const fields = Object.fromEntries(given.map((key) => [key, structuredClone(AGENT_UPDATE[key])]));
      const model: Record<string, unknown> = { ...agent };
      for (const key of drop) delete model[key];
      Object.assign(model, fields);
      const before = JSON.stringify(agent);
      expectSameFrozen(updatedAgent(agent, { ...fields, drop } as AgentUpdate), model);
      expect(JSON.stringify(agent)).toBe(before);
    },
  );
});

const FULL_ACTION: Required<AgentAction> = {
  id: 'AgentAction:1', agentId: 'Agent:1', customerId: 'Customer:1', type: 'EXECUTE_QUOTE', status: 'PENDING_APPROVAL', quoteId: 'Quote:1',
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z',
  execution: { transactionId: 'Transaction:1', amountMinor: '5', currency: 'USD' }, rejectionReason: 'no', failureReason: 'QUOTE_EXPIRED',
};
const ACTION_CHANGES: Required<AgentActionChanges> = {
  updatedAt: '2026-01-07T00:00:00.000Z', execution: { transactionId: 'Transaction:2', amountMinor: '7', currency: 'USD' }, rejectionReason: 'later', failureReason: 'INSUFFICIENT_FUNDS',
};

describe('movedAgentAction', () => {
  test.prop([subsetOf(['execution', 'rejectionReason', 'failureReason'] as const), subsetOf(['execution', 'rejectionReason', 'failureReason'] as const)])(
    'gives the spread\'s record: same keys and values, absent keys stay absent, frozen',
    (dropped, given) => {
      const action = stored(FULL_ACTION, dropped);
      const changes = Object.fromEntries([['updatedAt', ACTION_CHANGES.updatedAt], ...given.map((key) => [key, structuredClone(ACTION_CHANGES[key])])]) as AgentActionChanges;
      expectSameFrozen(movedAgentAction(action, changes, 'APPROVED'), { ...action, ...changes, status: 'APPROVED' });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Cards

const FULL_CARD: Required<Card> = {
  id: 'Card:1', customerId: 'Customer:1', fundingSource: 'InternalAccount:1', form: 'VIRTUAL', status: 'ACTIVE', platformCardId: 'pc-1',
  last4: '7537', expMonth: 1, expYear: 2029, brand: 'VISA', cardCapabilities: { supportsDigitalWalletTokenization: true },
  maxSpendPerTransactionMinor: '100', maxSpendPerDayMinor: '1000', maxTransactionsPerDay: 5, provisioningKeyId: 'CardProvisioningKey:1',
  createdAt: '2026-01-05T16:00:00.000Z', updatedAt: '2026-01-05T16:00:00.000Z',
};
const CARD_LIMITS = ['maxSpendPerTransactionMinor', 'maxSpendPerDayMinor', 'maxTransactionsPerDay'] as const;
const FULL_CARD_CHANGES: Required<CardChanges> = { fundingSource: 'InternalAccount:2', maxSpendPerTransactionMinor: '200', maxSpendPerDayMinor: '2000', maxTransactionsPerDay: 9 };

describe('updatedCard', () => {
  test.prop([subsetOf(['platformCardId', ...CARD_LIMITS] as const), subsetOf(Object.keys(FULL_CARD_CHANGES) as (keyof CardChanges)[]), subsetOf(CARD_LIMITS), fc.boolean()])(
    'gives the spread\'s record: same keys and values, cleared limits gone (a clearing wins), absent keys stay absent, frozen',
    (dropped, changed, cleared, moved) => {
      const card = stored(FULL_CARD, dropped);
      const changes = Object.fromEntries(changed.map((key) => [key, FULL_CARD_CHANGES[key]])) as CardChanges;
      const status = moved ? 'FROZEN' : card.status;
      const model: Record<string, unknown> = { ...card, ...changes, updatedAt: '2026-01-07T00:00:00.000Z' };
      for (const field of cleared) delete model[field];
      model.status = status;
      const before = JSON.stringify(card);
      expectSameFrozen(updatedCard(card, changes, cleared as (keyof CardLimits)[], status, '2026-01-07T00:00:00.000Z'), model);
      expect(JSON.stringify(card)).toBe(before);
    },
  );
});
