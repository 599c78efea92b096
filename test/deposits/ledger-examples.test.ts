/**
 * The worked examples of docs/ledger.md, "Incoming payments and sweeps", run for real with the
 * mechanism of test/flows/ledger-examples.test.ts: each step's transfers (from the events'
 * `data.transfers`, in log order), one leg per line, must appear verbatim in the doc. Fees:
 * platform 1.00 USD + 50 bps, ACH rail 0.25 USD (they apply to the sweep's quote; deposits and
 * incoming UMA payments pay none).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, call, expectSound, holder, newCustomer, newRuleBased, setup } from './support.js';

const DOC = readFileSync(new URL('../../docs/ledger.md', import.meta.url), 'utf8');

/** Legs moved by `events`, one line each: `debit -> credit  amount`. */
function legs(events: readonly EventEnvelope[]): string[] {
  return events.flatMap((event) =>
    ((event.data as { transfers?: { debitAccountId: string; creditAccountId: string; amountMinor: string }[] }).transfers ?? []).map(
      (t) => `${short(t.debitAccountId)} -> ${short(t.creditAccountId)}  ${t.amountMinor}`,
    ),
  );
}

function short(id: string): string {
  return id.startsWith('InternalAccount:') ? 'customer' : id;
}

function block(title: string, lines: readonly string[]): string {
  expect(lines.length).toBeGreaterThan(0);
  return [`${title}:`, ...lines.map((line) => `    ${line}`)].join('\n');
}

function configured(): Harness {
  const h = setup();
  h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 }], railFeeConfigs: [{ rail: 'ACH', fixedFee: 25 }] });
  return h;
}

describe('docs/ledger.md: incoming payments and sweeps', () => {
  it('an ACH deposit, its return and the dishonored return', () => {
    const h = configured();
    const { accountId } = newCustomer(h);
    const id = call(h, 'POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount: 10_000 }).body.id as string;
    expect(DOC).toContain(block('deposit received (next advance)', legs(advanceBy(h, 0))));
    expect(DOC).toContain(block('deposit settled (+5 s)', legs(advanceBy(h, 5_000))));
    expect(DOC).toContain(block('deposit returned (POST /sandbox/transactions/{id}/return)', legs(call(h, 'POST', `/sandbox/transactions/${id}/return`).events)));
    expect(DOC).toContain(block('return dishonored (.../return-dishonored)', legs(call(h, 'POST', `/sandbox/transactions/${id}/return-dishonored`).events)));
    expectSound(h);
  });

  it('a sweep of a funded rule-based account to a USD bank account over ACH', () => {
    const h = configured();
    const { customerId, externalId } = holder(h);
    const rb = newRuleBased(h, customerId, externalId);
    expect(DOC).toContain(block('rule-based account funded (POST /sandbox/internal-accounts/{rb}/fund)', legs(call(h, 'POST', `/sandbox/internal-accounts/${rb}/fund`, { amount: 10_000 }).events)));
    expect(DOC).toContain(block('sweep (next advance)', legs(advanceBy(h, 0))));
    expect(DOC).toContain(block('the sweep’s payout completes (+5 s)', legs(advanceBy(h, 5_000))));
    expectSound(h);
  });

  it('an incoming UMA payment from $success.eur@ credited in USD', () => {
    const h = configured();
    const { accountId } = newCustomer(h);
    const customerId = h.ok('GET', `/internal-accounts/${accountId}`).customerId as string;
    const user = h.ok('GET', `/customers/${customerId}`).platformCustomerId as string;
    h.ok('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$success.eur@sandbox.uma.example',
      receiverUmaAddress: `$${user}@sandbox.uma.example`,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 10_000,
    });
    expect(DOC).toContain(block('UMA payment arrives (next advance)', legs(advanceBy(h, 0))));
    expect(DOC).toContain(block('UMA payment settles (+5 s)', legs(advanceBy(h, 5_000))));
    expectSound(h);
  });
});
