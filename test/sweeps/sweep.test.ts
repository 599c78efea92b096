/**
 * Sweeps of rule-based accounts: every deposit is credited to the holder's own USD account and
 * swept from there through a quote to the rule's destination; the rule-based account never holds
 * a balance. The sweep transaction (INCOMING, `ruleBasedAccountId`) completes with its payout, or
 * fails SWEEP_AMOUNT_OUT_OF_RANGE / SWEEP_QUOTE_FAILED (no `receivedAmount`) /
 * QUOTE_EXECUTION_FAILED (with it), and in every failure the money is in the holder's account.
 * Both movements show on the owner's statement.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import {
  advanceBy, balanceOf, call, expectSound, fund, holder, ledgerBalance, newCustomer, newExternalAccount, newRuleBased, rowsOf, setup, tx,
  webhooksOf,
} from '../deposits/support.js';

/** The sweep transaction a funding of `rb` started (the newest transaction naming it). */
function sweepOf(h: Harness, rb: string): any {
  const all = h.ok('GET', '/transactions?limit=100').data as { id: string; ruleBasedAccountId?: string }[];
  const found = all.find((t) => t.ruleBasedAccountId === rb);
  if (found === undefined) throw new Error(`no sweep transaction for ${rb}`);
  return tx(h, found.id);
}

describe('a funded rule-based account', () => {
  it('credits the holder’s account, keeps its own balance 0, and sweeps at the next advance through a quote', () => {
    const h = setup();
    const { customerId, accountId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId, { description: 'to savings' });
    const funded = call(h, 'POST', `/sandbox/internal-accounts/${rb}/fund`, { amount: 10_000 });
    expect(funded.body.balance.amount).toBe(0);
    expect(balanceOf(h, accountId)).toBe(10_000);
    const started = sweepOf(h, rb);
    expect(started).toMatchObject({
      status: 'PROCESSING',
      type: 'INCOMING',
      direction: 'CREDIT',
      ruleBasedAccountId: rb,
      customerId,
      description: 'to savings',
      source: { sourceType: 'ACCOUNT', accountId: rb, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: externalId, currency: 'USD' },
      sentAmount: { amount: 10_000 },
    });
    expect(started).not.toHaveProperty('receivedAmount');
    advanceBy(h, 0);
    const sweeping = sweepOf(h, rb);
    const quote = h.ok('GET', `/quotes/${sweeping.quoteId}`);
    expect(quote).toMatchObject({
      status: 'PROCESSING',
      source: { accountId, customerId },
      destination: { accountId: externalId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
      description: 'to savings',
    });
    expect(sweeping).toMatchObject({ status: 'PROCESSING', receivedAmount: { amount: quote.totalReceivingAmount }, fees: quote.feesIncluded });
    expect(balanceOf(h, accountId)).toBe(0);
    advanceBy(h, 5_000);
    expect(sweepOf(h, rb).status).toBe('COMPLETED');
    expect(tx(h, quote.transactionId).status).toBe('COMPLETED');
    expect(webhooksOf(h.log, sweeping.id)).toEqual(['INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
    expect(ledgerBalance(h, rb)).toBe(0n);
    expectSound(h);
  });

  it('shows both movements on the owner’s statement: the deposit in, the sweep out; the rule-based account has no rows', () => {
    const h = setup();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100 }] });
    const { customerId, accountId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId);
    fund(h, rb, 10_000);
    advanceBy(h, 5_000);
    const sweep = sweepOf(h, rb);
    const payoutId = h.ok('GET', `/quotes/${sweep.quoteId}`).transactionId as string;
    expect(rowsOf(h, accountId)).toEqual([
      { transactionId: sweep.id, amount: 10_000 },
      { transactionId: payoutId, amount: -100 },
      { transactionId: payoutId, amount: -9_900 },
    ]);
    expect(h.engine.state.ledger.rowCount(rb)).toBe(0);
  });

  it('sweeps to another internal account as a book transfer, completing at the sweep', () => {
    const h = setup();
    const { customerId, accountId } = holder(h);
    const other = newCustomer(h);
    const rb = newRuleBased(h, customerId, other.accountId);
    fund(h, rb, 2_000);
    advanceBy(h, 0);
    expect(sweepOf(h, rb).status).toBe('COMPLETED');
    expect([balanceOf(h, accountId), balanceOf(h, other.accountId), balanceOf(h, rb)]).toEqual([0, 2_000, 0]);
  });
});

describe('an ACH deposit into a rule-based account', () => {
  it('is received, settles into the holder’s account, is swept, and completes with its payout', () => {
    const h = setup();
    const { customerId, accountId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId);
    const id = h.ok('POST', `/sandbox/internal-accounts/${rb}/deposit`, { amount: 3_000 }).id as string;
    expect(tx(h, id)).toMatchObject({ status: 'PENDING', ruleBasedAccountId: rb, source: { sourceType: 'REALTIME_FUNDING', railDetails: { paymentRail: 'ACH' } } });
    advanceBy(h, 0);
    expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, 5_000);
    expect(tx(h, id)).toMatchObject({ status: 'PROCESSING', source: { railDetails: { status: 'SETTLED' } } });
    expect(balanceOf(h, accountId)).toBe(0);
    advanceBy(h, 5_000);
    expect(tx(h, id).status).toBe('COMPLETED');
    expect(webhooksOf(h.log, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
    expect(ledgerBalance(h, rb)).toBe(0n);
    expectSound(h);
  });
});

describe('a sweep that fails leaves the money in the holder’s own account', () => {
  type Case = {
    name: string;
    amount: number;
    rule?: Record<string, unknown>;
    prepare?: (h: Harness, ids: { customerId: string; accountId: string }) => string | undefined;
    failureReason: string;
    quoted: boolean;
  };
  const cases: Case[] = [
    { name: 'a deposit below the minimum', amount: 999, rule: { minimumAmount: 1_000 }, failureReason: 'SWEEP_AMOUNT_OUT_OF_RANGE', quoted: false },
    { name: 'a deposit above the maximum', amount: 1_001, rule: { maximumAmount: 1_000 }, failureReason: 'SWEEP_AMOUNT_OUT_OF_RANGE', quoted: false },
    {
      name: 'a sweep that cannot be priced (no fresh USD->EUR rate)',
      amount: 1_000,
      prepare: (h, { customerId }) => {
        const eur = newExternalAccount(h, customerId, 'EUR', '789');
        h.now = new Date(Date.parse(h.now) + 6 * 60_000).toISOString();
        return eur;
      },
      failureReason: 'SWEEP_QUOTE_FAILED',
      quoted: false,
    },
    {
      name: 'a priced sweep beyond the daily volume limit',
      amount: 1_000,
      prepare: (h) => {
        h.ok('PATCH', '/config', { dailyVolumeLimits: [{ currency: 'USD', maxAmount: 999 }] });
        return undefined;
      },
      failureReason: 'QUOTE_EXECUTION_FAILED',
      quoted: true,
    },
    {
      name: 'a payout the counterparty could not deliver (destination 004), refunded',
      amount: 1_000,
      prepare: (h, { customerId }) => newExternalAccount(h, customerId, 'USD', '004'),
      failureReason: 'QUOTE_EXECUTION_FAILED',
      quoted: true,
    },
  ];

  it.each(cases)('$name: FAILED $failureReason', ({ amount, rule, prepare, failureReason, quoted }) => {
    const h = setup();
    const { customerId, accountId, externalId } = holder(h);
    const destination = prepare?.(h, { customerId, accountId }) ?? externalId;
    const rb = newRuleBased(h, customerId, destination, rule);
    fund(h, rb, amount);
    advanceBy(h, 10_000);
    const sweep = sweepOf(h, rb);
    expect([sweep.status, sweep.failureReason]).toEqual(['FAILED', failureReason]);
    expect(sweep.ruleBasedAccountId).toBe(rb);
    if (quoted) expect(sweep.receivedAmount.amount).toBeGreaterThan(0);
    else expect(sweep).not.toHaveProperty('receivedAmount');
    expect([balanceOf(h, accountId), balanceOf(h, rb)]).toEqual([amount, 0]);
    expect(webhooksOf(h.log, sweep.id)).toEqual(['INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.FAILED']);
    expectSound(h);
  });

  it('sweeps deposits exactly at either end of the band (both bounds inclusive)', () => {
    const h = setup();
    const { customerId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId, { minimumAmount: 1_000, maximumAmount: 2_000 });
    fund(h, rb, 1_000);
    advanceBy(h, 10_000);
    expect(sweepOf(h, rb).status).toBe('COMPLETED');
    fund(h, rb, 2_000);
    advanceBy(h, 10_000);
    expect(sweepOf(h, rb).status).toBe('COMPLETED');
  });

  it('fails QUOTE_EXECUTION_FAILED, keeping the priced quote, when the holder spent the deposit before the sweep ran', () => {
    const h = setup();
    const { customerId, accountId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId);
    fund(h, rb, 1_000);
    const other = newCustomer(h);
    h.ok('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'ACCOUNT', accountId: other.accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 600,
      immediatelyExecute: true,
    });
    advanceBy(h, 0);
    const sweep = sweepOf(h, rb);
    expect([sweep.status, sweep.failureReason]).toEqual(['FAILED', 'QUOTE_EXECUTION_FAILED']);
    expect(h.ok('GET', `/quotes/${sweep.quoteId}`).status).toBe('PENDING');
    expect(balanceOf(h, accountId)).toBe(400);
  });

  it('leaves a completed sweep COMPLETED when its payout is later returned (005): the refund lands in the holder’s account', () => {
    const h = setup();
    const { customerId, accountId } = holder(h);
    const returning = newExternalAccount(h, customerId, 'USD', '005');
    const rb = newRuleBased(h, customerId, returning);
    fund(h, rb, 1_000);
    advanceBy(h, 5_000);
    expect(sweepOf(h, rb).status).toBe('COMPLETED');
    advanceBy(h, 30_000);
    const sweep = sweepOf(h, rb);
    expect(sweep.status).toBe('COMPLETED');
    expect(tx(h, h.ok('GET', `/quotes/${sweep.quoteId}`).transactionId).failureReason).toBe('PAYOUT_RETURNED');
    expect(balanceOf(h, accountId)).toBe(1_000);
  });
});
