/**
 * A flow meets the platform's own moves on its transaction: `POST /transactions/{id}/cancel` on a
 * payout still pending on ACH reverses the execution legs (the transaction's
 * `fundingTransferIds`), refunding the customer; the flow's next step then finds the transaction
 * FAILED, writes `QuoteFlowHalted`, and moves no money.
 */
import { describe, expect, it } from 'vitest';
import { advanceBy, balanceOf, call, expectSound, fund, ledgerBalance, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';

describe('a payout cancelled by the platform while pending', () => {
  it('is refunded by the cancel, and its settlement step halts instead of paying out', () => {
    const h = setup();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100 }] });
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000, { immediatelyExecute: true }));
    expect(balanceOf(h, accountId)).toBe(90_000);
    const cancelled = call(h, 'POST', `/transactions/${quote.transactionId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(balanceOf(h, accountId)).toBe(100_000);
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(0n);
    expect(ledgerBalance(h, 'fees:platform:USD')).toBe(0n);
    const events = advanceBy(h, 5_000);
    expect(events.map((event) => event.type)).toEqual(['TimerFired', 'QuoteFlowHalted']);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('FAILED');
    expect(ledgerBalance(h, 'world:USD')).toBe(-100_000n);
    expectSound(h);
  });
});
