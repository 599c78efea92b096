/**
 * The worked examples of docs/ledger.md, run for real: each flow's transfers (from the events'
 * `data.transfers`, in log order) rendered one leg per line must appear verbatim in the doc, so
 * the doc cannot drift from the code. Fees: platform 1.00 USD + 50 bps, ACH rail 0.25 USD.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, expectSound, fund, newCustomer, newExternalAccount, payoutBody, setup, call } from '../quotes/support.js';

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
  if (id.startsWith('InternalAccount:')) return 'customer';
  return id;
}

function block(title: string, lines: readonly string[]): string {
  return [`${title}:`, ...lines.map((line) => `    ${line}`)].join('\n');
}

function configured(): Harness {
  const h = setup();
  h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 }], railFeeConfigs: [{ rail: 'ACH', fixedFee: 25 }] });
  return h;
}

function payout(h: Harness, currency: 'USD' | 'MXN', suffix: string): { execute: readonly EventEnvelope[] } {
  const { customerId, accountId } = newCustomer(h);
  fund(h, accountId, 100_000);
  const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, currency, suffix), 10_000));
  return { execute: call(h, 'POST', `/quotes/${quote.id}/execute`).events };
}

describe('docs/ledger.md worked examples', () => {
  it('payout, same currency (USD to a USD bank account over ACH)', () => {
    const h = configured();
    const { execute } = payout(h, 'USD', '789');
    expect(DOC).toContain(block('at execution', legs(execute)));
    expect(DOC).toContain(block('on completion (+5 s)', legs(advanceBy(h, 5_000))));
    expectSound(h);
  });

  it('payout, cross currency (USD to an MXN bank account over SPEI)', () => {
    const h = configured();
    const { execute } = payout(h, 'MXN', '789');
    expect(DOC).toContain(block('at execution, USD to MXN', legs(execute)));
    expect(DOC).toContain(block('on completion, USD to MXN', legs(advanceBy(h, 5_000))));
  });

  it('failure with refund (destination suffix 004)', () => {
    const h = configured();
    payout(h, 'USD', '004');
    expect(DOC).toContain(block('on failure (+5 s): the refund', legs(advanceBy(h, 5_000))));
  });

  it('returned payout (destination suffix 005)', () => {
    const h = configured();
    payout(h, 'USD', '005');
    advanceBy(h, 5_000);
    expect(DOC).toContain(block('on return (+35 s)', legs(advanceBy(h, 30_000))));
  });

  it('pull from an external account (USD over ACH)', () => {
    const h = configured();
    const { customerId, accountId } = newCustomer(h);
    const source = newExternalAccount(h, customerId, 'USD', '789');
    const created = call(h, 'POST', '/quotes', payoutBody(source, accountId, 10_000, { immediatelyExecute: true })).events;
    expect(DOC).toContain(block('pull initiated', legs(created)));
    expect(DOC).toContain(block('pull settled (+5 s)', legs(advanceBy(h, 5_000))));
  });

  it('real-time funding (USD)', () => {
    const h = configured();
    const { accountId } = newCustomer(h);
    const quote = h.ok('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
    });
    const sent = call(h, 'POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' }).events;
    expect(DOC).toContain(block('funds arrive (POST /sandbox/send)', legs(sent)));
    expect(DOC).toContain(block('settled (next advance)', legs(advanceBy(h, 0))));
  });
});
