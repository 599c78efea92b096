/**
 * The reference's CreateQuoteRequest fields `scaFactor` and `senderCustomerInfo` (issue 12):
 * scaFactor picks the factor of the challenge a quote issues (SMS_OTP by default, PASSKEY on
 * request, TOTP refused: it cannot carry dynamic linking); senderCustomerInfo is the payer data a
 * receiver asked for, kept on the quote as sent.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { call, fund, newCustomer, newExternalAccount, payoutBody, setup } from './support.js';

function payout(h: Harness, extra: Record<string, unknown>, country = 'DE') {
  const { customerId, accountId } = newCustomer(h, { country });
  fund(h, accountId, 100_000);
  const destination = newExternalAccount(h, customerId, 'EUR', '789');
  return call(h, 'POST', '/quotes', payoutBody(accountId, destination, 10_000, extra));
}

describe('POST /quotes: the reference scaFactor and senderCustomerInfo (issue 12)', () => {
  it('scaFactor PASSKEY issues a PASSKEY challenge; without it the challenge is SMS_OTP', () => {
    const h = setup();
    expect(payout(h, { scaFactor: 'PASSKEY' }).body.scaChallenge.factor).toBe('PASSKEY');
    expect(payout(h, {}).body.scaChallenge.factor).toBe('SMS_OTP');
    expect(payout(h, { scaFactor: 'SMS_OTP' }).body.scaChallenge.factor).toBe('SMS_OTP');
  });

  it('scaFactor TOTP is refused with 400 INVALID_INPUT and writes nothing (TOTP cannot carry dynamic linking)', () => {
    const h = setup();
    const refused = payout(h, { scaFactor: 'TOTP' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(refused.body.details)).toContain('scaFactor');
    expect(refused.events).toEqual([]);
  });

  it('scaFactor is ignored where no SCA is required (a US customer answers 200 without a challenge)', () => {
    const h = setup();
    const answered = payout(h, { scaFactor: 'PASSKEY' }, 'US');
    expect(answered.status).toBe(200);
    expect(answered.body.scaChallenge).toBeUndefined();
  });

  it('senderCustomerInfo is accepted and kept on the quote record as sent; a nested value is refused', () => {
    const h = setup();
    const info = { FULL_NAME: 'Jane Receiver', NATIONALITY: 'FR' };
    const answered = payout(h, { senderCustomerInfo: info }, 'US');
    expect(answered.status).toBe(200);
    expect(h.engine.state.quotes.byId.get(answered.body.id)?.senderCustomerInfo).toEqual(info);
    const refused = payout(h, { senderCustomerInfo: { FULL_NAME: { first: 'Jane' } } }, 'US');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_INPUT');
    expect(refused.events).toEqual([]);
  });
});

describe('POST /quotes/{quoteId}/execute: the reference ExecuteQuoteRequest scaFactor (issue 12)', () => {
  function usQuote(h: Harness): string {
    const answered = payout(h, {}, 'US');
    expect(answered.status).toBe(200);
    return answered.body.id as string;
  }

  it.each(['SMS_OTP', 'PASSKEY'])('accepts scaFactor %s and executes exactly as without it (execution issues no challenge)', (factor) => {
    // Two identical worlds: one executes without a body, the other with the factor.
    const a = setup();
    const plain = call(a, 'POST', `/quotes/${usQuote(a)}/execute`);
    const b = setup();
    const withFactor = call(b, 'POST', `/quotes/${usQuote(b)}/execute`, { scaFactor: factor });
    expect(withFactor.status, JSON.stringify(withFactor.body)).toBe(200);
    expect(withFactor.body).toEqual(plain.body);
    // The same events (the worlds differ only in the test's customer counter).
    expect(withFactor.events.map((e) => e.type)).toEqual(plain.events.map((e) => e.type));
  });

  it('accepts an empty body and no body', () => {
    const h = setup();
    expect(call(h, 'POST', `/quotes/${usQuote(h)}/execute`, {}).status).toBe(200);
    expect(call(h, 'POST', `/quotes/${usQuote(h)}/execute`).status).toBe(200);
  });

  it.each([
    ['scaFactor TOTP (cannot carry dynamic linking)', { scaFactor: 'TOTP' }, 'scaFactor'],
    ['an unknown scaFactor', { scaFactor: 'EMAIL' }, 'scaFactor'],
    ['a field neither document defines', { force: true }, 'force'],
  ])('refuses %s with 400 INVALID_INPUT before anything is read, writing nothing', (_label, body, field) => {
    const h = setup();
    const quoteId = usQuote(h);
    const refused = call(h, 'POST', `/quotes/${quoteId}/execute`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_INPUT');
    expect(refused.body.details.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(refused.events).toEqual([]);
    // Validation comes before existence: an unknown quote with a bad body is still a 400.
    expect(call(h, 'POST', '/quotes/Quote:00000000-0000-7000-8000-00000000ffff/execute', body).status).toBe(400);
  });
});
