/**
 * The spec's table "When the account is the destination of a quote", row for row: a 100.00 USD
 * payout from a funded internal account to a USD external account whose account number ends in
 * the row's suffix (and, for 002..008, the base58 alias 112..118), driven with
 * `engine.advance(later)`. Each checkpoint pins the status, failureReason, refund, the source's
 * balance, what is left in transit, and the order of the transaction's webhooks.
 */
import { describe, expect, it } from 'vitest';
import { DESTINATION_SUFFIX_TABLE } from '../../src/sandbox/external-accounts.js';
import { advanceBy, balanceOf, expectSound, fund, ledgerBalance, newCustomer, newExternalAccount, payoutBody, setup, webhooksOf } from '../quotes/support.js';

type Checkpoint = {
  /** Milliseconds after execution. */
  readonly at: number;
  readonly status: string;
  readonly failureReason?: string;
  readonly refund?: { readonly status: string; readonly reason: string };
  readonly balance: number;
  readonly inTransit: number;
  readonly webhooks: readonly string[];
  readonly railStatus?: string;
};

const P = 'OUTGOING_PAYMENT.';
const PROCESSING = `${P}PROCESSING`;
const refunded = [PROCESSING, `${P}FAILED`, `${P}REFUND_PENDING`, `${P}REFUND_COMPLETED`];

/** The spec's rows, in the spec's order, with what each row does here. */
const ROWS: readonly { readonly suffix: string; readonly behaviour: string; readonly checkpoints: readonly Checkpoint[] }[] = [
  {
    suffix: '002',
    behaviour: 'quote execution failed',
    checkpoints: [
      { at: 0, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, balance: 100_000, inTransit: 0, webhooks: refunded, railStatus: 'FAILED' },
    ],
  },
  {
    suffix: '003',
    behaviour: 'completes after about 6 minutes',
    checkpoints: [
      { at: 5_000, status: 'PROCESSING', balance: 90_000, inTransit: 10_000, webhooks: [PROCESSING], railStatus: 'PENDING' },
      { at: 6 * 60_000, status: 'COMPLETED', balance: 90_000, inTransit: 0, webhooks: [PROCESSING, `${P}COMPLETED`], railStatus: 'SETTLED' },
    ],
  },
  {
    suffix: '004',
    behaviour: 'counterparty delivery failed',
    checkpoints: [
      { at: 0, status: 'PROCESSING', balance: 90_000, inTransit: 10_000, webhooks: [PROCESSING] },
      { at: 5_000, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }, balance: 100_000, inTransit: 0, webhooks: refunded, railStatus: 'FAILED' },
    ],
  },
  {
    suffix: '005',
    behaviour: 'completes, then fails with failureReason PAYOUT_RETURNED',
    checkpoints: [
      { at: 5_000, status: 'COMPLETED', balance: 90_000, inTransit: 0, webhooks: [PROCESSING, `${P}COMPLETED`], railStatus: 'SETTLED' },
      {
        at: 35_000,
        status: 'FAILED',
        failureReason: 'PAYOUT_RETURNED',
        refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' },
        balance: 100_000,
        inTransit: 0,
        webhooks: [PROCESSING, `${P}COMPLETED`, `${P}FAILED`, `${P}REFUND_PENDING`, `${P}REFUND_COMPLETED`],
        railStatus: 'RETURNED',
      },
    ],
  },
  {
    suffix: '006',
    behaviour: 'user cancellation',
    checkpoints: [
      { at: 0, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'COMPLETED', reason: 'USER_CANCELLATION' }, balance: 100_000, inTransit: 0, webhooks: refunded },
    ],
  },
  {
    suffix: '007',
    behaviour: 'payout and refund failed',
    checkpoints: [
      {
        at: 5_000,
        status: 'FAILED',
        failureReason: 'QUOTE_EXECUTION_FAILED',
        refund: { status: 'FAILED', reason: 'TRANSACTION_FAILED' },
        balance: 90_000,
        // The failed refund leaves the money in transit for operations to resolve.
        inTransit: 10_000,
        webhooks: [PROCESSING, `${P}FAILED`, `${P}REFUND_PENDING`, `${P}REFUND_FAILED`],
      },
    ],
  },
  {
    suffix: '008',
    behaviour: 'user cancellation while processing; refunded about a minute after execution',
    checkpoints: [
      { at: 5_000, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'PENDING', reason: 'USER_CANCELLATION' }, balance: 90_000, inTransit: 10_000, webhooks: [PROCESSING, `${P}FAILED`, `${P}REFUND_PENDING`] },
      { at: 60_000, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { status: 'COMPLETED', reason: 'USER_CANCELLATION' }, balance: 100_000, inTransit: 0, webhooks: refunded },
    ],
  },
  {
    suffix: '789',
    behaviour: 'success',
    checkpoints: [
      { at: 0, status: 'PROCESSING', balance: 90_000, inTransit: 10_000, webhooks: [PROCESSING], railStatus: 'PENDING' },
      { at: 5_000, status: 'COMPLETED', balance: 90_000, inTransit: 0, webhooks: [PROCESSING, `${P}COMPLETED`], railStatus: 'SETTLED' },
    ],
  },
];

/** The base58 alias of a 00x suffix: 11x. */
function alias(suffix: string): string {
  return suffix.startsWith('00') ? `11${suffix.slice(2)}` : suffix;
}

function runRow(suffix: string, checkpoints: readonly Checkpoint[]): void {
  const h = setup();
  const { customerId, accountId } = newCustomer(h);
  fund(h, accountId, 100_000);
  const destination = newExternalAccount(h, customerId, 'USD', suffix);
  const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 10_000));
  const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
  const transactionId = executed.transactionId as string;
  const worldBefore = ledgerBalance(h, 'world:USD');
  let elapsed = 0;
  for (const checkpoint of checkpoints) {
    advanceBy(h, checkpoint.at - elapsed);
    elapsed = checkpoint.at;
    const tx = h.ok('GET', `/transactions/${transactionId}`);
    expect({ at: checkpoint.at, status: tx.status }).toEqual({ at: checkpoint.at, status: checkpoint.status });
    expect(tx.failureReason).toBe(checkpoint.failureReason);
    expect(tx.refund === undefined ? undefined : { status: tx.refund.status, reason: tx.refund.reason }).toEqual(checkpoint.refund);
    expect(balanceOf(h, accountId)).toBe(checkpoint.balance);
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(BigInt(checkpoint.inTransit));
    expect(webhooksOf(h.log, transactionId)).toEqual(checkpoint.webhooks);
    if (checkpoint.railStatus !== undefined) expect(tx.destination.railDetails.status).toBe(checkpoint.railStatus);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe(checkpoint.status);
  }
  const last = checkpoints[checkpoints.length - 1]!;
  // What left for the world is exactly the quote's received amount, and only while it stays delivered.
  expect(ledgerBalance(h, 'world:USD') - worldBefore).toBe(last.status === 'COMPLETED' ? 10_000n : 0n);
  expectSound(h);
}

describe('sandbox: the external account is the destination of a quote', () => {
  it('has a row here for every row of the spec table', () => {
    expect(ROWS.map((row) => row.behaviour)).toEqual(DESTINATION_SUFFIX_TABLE.map((row) => row.description));
  });

  it.each(ROWS)('suffix $suffix: $behaviour', ({ suffix, checkpoints }) => runRow(suffix, checkpoints));

  it.each(ROWS.filter((row) => row.suffix.startsWith('00')))('alias suffix 11x of $suffix behaves the same: $behaviour', ({ suffix, checkpoints }) =>
    runRow(alias(suffix), checkpoints),
  );

  it('a returned payout shows the destination railDetails RETURNED with returnedAt', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '005'), 10_000, { immediatelyExecute: true }));
    advanceBy(h, 35_000);
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx.destination.railDetails).toMatchObject({ paymentRail: 'ACH', status: 'RETURNED', returnedAt: '2026-01-05T16:00:35.000Z' });
  });
});
