/**
 * The pull path (spec: "Pull-path test: create a quote with an external account source and
 * immediatelyExecute: true") against the spec's table "When the account funds an incoming
 * transfer", row for row, and the 009 source rule: the pull settles and completes, then about 30
 * seconds later the originating bank returns it (credit taken back, FAILED; INCOMING_PAYMENT
 * .COMPLETED then .FAILED). Money comes from the world through transit to the customer's account.
 */
import { describe, expect, it } from 'vitest';
import { FUNDING_SUFFIX_TABLE } from '../../src/sandbox/external-accounts.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, expectSound, ledgerBalance, newCustomer, newExternalAccount, payoutBody, setup, webhooksOf } from '../quotes/support.js';

type Checkpoint = { readonly at: number; readonly status: string; readonly failureReason?: string; readonly balance: number; readonly inTransit: number; readonly webhooks: readonly string[] };

const I = 'INCOMING_PAYMENT.';
const declined = [`${I}PENDING`, `${I}FAILED`];

const ROWS: readonly { readonly suffix: string; readonly behaviour: string; readonly checkpoints: readonly Checkpoint[] }[] = [
  { suffix: '002', behaviour: 'insufficient funds, fails immediately', checkpoints: [{ at: 0, status: 'FAILED', failureReason: 'COLLECTION_FAILED', balance: 0, inTransit: 0, webhooks: declined }] },
  { suffix: '003', behaviour: 'account closed or invalid, fails immediately', checkpoints: [{ at: 0, status: 'FAILED', failureReason: 'COLLECTION_FAILED', balance: 0, inTransit: 0, webhooks: declined }] },
  {
    suffix: '004',
    behaviour: 'bank rejects the transfer',
    checkpoints: [
      { at: 0, status: 'PROCESSING', balance: 0, inTransit: 10_000, webhooks: [`${I}PROCESSING`] },
      { at: 5_000, status: 'FAILED', failureReason: 'COLLECTION_FAILED', balance: 0, inTransit: 0, webhooks: [`${I}PROCESSING`, `${I}FAILED`] },
    ],
  },
  {
    suffix: '005',
    behaviour: 'stays pending about 30 seconds, then fails',
    checkpoints: [
      { at: 29_999, status: 'PROCESSING', balance: 0, inTransit: 10_000, webhooks: [`${I}PROCESSING`] },
      { at: 30_000, status: 'FAILED', failureReason: 'COLLECTION_FAILED', balance: 0, inTransit: 0, webhooks: [`${I}PROCESSING`, `${I}FAILED`] },
    ],
  },
  {
    suffix: '789',
    behaviour: 'success',
    checkpoints: [
      { at: 0, status: 'PROCESSING', balance: 0, inTransit: 10_000, webhooks: [`${I}PROCESSING`] },
      { at: 5_000, status: 'COMPLETED', balance: 10_000, inTransit: 0, webhooks: [`${I}PROCESSING`, `${I}COMPLETED`] },
    ],
  },
];

function pull(h: Harness, suffix: string): { accountId: string; quote: Record<string, any> } {
  const { customerId, accountId } = newCustomer(h);
  const source = newExternalAccount(h, customerId, 'USD', suffix);
  const quote = h.ok('POST', '/quotes', payoutBody(source, accountId, 10_000, { immediatelyExecute: true }));
  return { accountId, quote };
}

function check(h: Harness, accountId: string, quote: Record<string, any>, checkpoint: Checkpoint): void {
  const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
  expect({ at: checkpoint.at, status: tx.status, failureReason: tx.failureReason }).toEqual({ at: checkpoint.at, status: checkpoint.status, failureReason: checkpoint.failureReason });
  expect(balanceOf(h, accountId)).toBe(checkpoint.balance);
  expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(BigInt(checkpoint.inTransit));
  expect(webhooksOf(h.log, quote.transactionId)).toEqual(checkpoint.webhooks);
}

describe('sandbox: the external account funds an incoming transfer (the pull path)', () => {
  it('has a row here for every row of the spec table', () => {
    expect(ROWS.map((row) => row.behaviour)).toEqual(FUNDING_SUFFIX_TABLE.map((row) => row.description));
  });

  it.each(ROWS)('suffix $suffix: $behaviour', ({ suffix, checkpoints }) => {
    const h = setup();
    const { accountId, quote } = pull(h, suffix);
    expect(quote).toMatchObject({ source: { sourceType: 'ACCOUNT', accountId: expect.stringMatching(/^ExternalAccount:/) }, immediatelyExecute: true });
    let elapsed = 0;
    for (const checkpoint of checkpoints) {
      advanceBy(h, checkpoint.at - elapsed);
      elapsed = checkpoint.at;
      check(h, accountId, quote, checkpoint);
    }
    expectSound(h);
  });

  it('records a pull as an INCOMING transaction with direction DEBIT and ACH source railDetails', () => {
    const h = setup();
    const { quote } = pull(h, '789');
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx).toMatchObject({ type: 'INCOMING', direction: 'DEBIT', source: { sourceType: 'ACCOUNT', railDetails: { paymentRail: 'ACH', status: 'PENDING' } } });
  });
});

describe('sandbox: suffix 009 as a quote source', () => {
  it('settles and completes, then about 30 seconds later is returned: credit taken back, FAILED, COMPLETED then FAILED webhooks', () => {
    const h = setup();
    const { accountId, quote } = pull(h, '009');
    advanceBy(h, 5_000);
    check(h, accountId, quote, { at: 5_000, status: 'COMPLETED', balance: 10_000, inTransit: 0, webhooks: [`${I}PROCESSING`, `${I}COMPLETED`] });
    advanceBy(h, 29_999);
    expect(h.ok('GET', `/transactions/${quote.transactionId}`).status).toBe('COMPLETED');
    advanceBy(h, 1);
    check(h, accountId, quote, { at: 35_000, status: 'FAILED', balance: 0, inTransit: 0, webhooks: [`${I}PROCESSING`, `${I}COMPLETED`, `${I}FAILED`] });
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx.source.railDetails).toMatchObject({ paymentRail: 'ACH', status: 'RETURNED', returnedAt: '2026-01-05T16:00:35.000Z' });
    // Everything went back out: nothing left with the service from this pull.
    expect(ledgerBalance(h, 'liquidity:USD')).toBe(0n);
    expect(ledgerBalance(h, 'world:USD')).toBe(0n);
    expectSound(h);
  });

  it('stays COMPLETED when the credit was already spent by the time the return arrives (spec: a later irreversible step used the funds)', () => {
    const h = setup();
    const { accountId, quote } = pull(h, '009');
    advanceBy(h, 5_000);
    const payee = newCustomer(h);
    h.ok('POST', '/quotes', payoutBody(accountId, payee.accountId, 10_000, { immediatelyExecute: true }));
    advanceBy(h, 30_000);
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx.status).toBe('COMPLETED');
    expect(webhooksOf(h.log, quote.transactionId)).toEqual([`${I}PROCESSING`, `${I}COMPLETED`]);
    expect(h.log.some((event) => event.type === 'QuoteFlowHalted')).toBe(true);
    expect(balanceOf(h, payee.accountId)).toBe(10_000);
    expectSound(h);
  });
});
