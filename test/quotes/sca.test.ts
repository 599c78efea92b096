/**
 * Strong customer authentication on quotes (decided, docs/quotes.md): a payout quote of a
 * customer whose address is in the EEA or GB answers 202 with `scaChallenge`; the sandbox code is
 * 000000; wrong codes are recorded and the fifth locks the challenge (423 ACCOUNT_LOCKED); an
 * immediatelyExecute quote waits as a PENDING_AUTHORIZATION transaction and executes on
 * authorization, or fails SCA_NOT_COMPLETED when the quote expires first.
 */
import { describe, expect, it } from 'vitest';
import { SCA_COUNTRIES } from '../../src/domains/quotes/sca.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, fund, newCustomer, newExternalAccount, payoutBody, setup, webhooksOf, call } from './support.js';

function scaPayout(h: Harness, extra: Record<string, unknown> = {}, country = 'DE') {
  const { customerId, accountId } = newCustomer(h, { country });
  fund(h, accountId, 100_000);
  const destination = newExternalAccount(h, customerId, 'EUR', '789');
  return { accountId, response: call(h, 'POST', '/quotes', payoutBody(accountId, destination, 10_000, extra)) };
}

function authorize(h: Harness, quoteId: string, code: string) {
  return call(h, 'POST', `/quotes/${quoteId}/authorize`, { code });
}

describe('SCA on quotes', () => {
  it('answers 202 with an scaChallenge for a customer in the EEA or GB, 200 without one elsewhere', () => {
    for (const country of ['DE', 'FR', 'NO', 'GB']) {
      const h = setup();
      const { response } = scaPayout(h, {}, country);
      expect(response.status).toBe(202);
      expect(response.body.status).toBe('PENDING_AUTHORIZATION');
      expect(response.body.scaChallenge).toMatchObject({
        id: expect.stringMatching(/^ScaChallenge:/),
        expiresAt: response.body.expiresAt,
        factor: 'SMS_OTP',
        availableFactors: ['SMS_OTP', 'PASSKEY'],
        purpose: 'PAYOUT',
        passkeyAssertionOptions: expect.any(Object),
        passkeyAllowedOrigins: expect.any(Array),
      });
      expect(h.ok('GET', `/quotes/${response.body.id}`).scaChallenge.id).toBe(response.body.scaChallenge.id);
    }
    const h = setup();
    const { response } = scaPayout(h, {}, 'US');
    expect(response.status).toBe(200);
    expect(response.body.scaChallenge).toBeUndefined();
    expect(SCA_COUNTRIES.size).toBe(31);
  });

  it('refuses to execute before authorization with 409 INVALID_STATE_TRANSITION, and executes after the right code', () => {
    const h = setup();
    const { accountId, response } = scaPayout(h);
    const quoteId = response.body.id;
    const early = call(h, 'POST', `/quotes/${quoteId}/execute`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('INVALID_STATE_TRANSITION');
    expect(early.events).toEqual([]);
    const authorized = authorize(h, quoteId, '000000');
    expect(authorized.status).toBe(200);
    expect(authorized.body.status).toBe('PENDING');
    expect(authorize(h, quoteId, '000000').status).toBe(409);
    expect(h.ok('POST', `/quotes/${quoteId}/execute`).status).toBe('PROCESSING');
    expect(balanceOf(h, accountId)).toBe(90_000);
  });

  it('records each wrong code (400 INVALID_INPUT) and locks the challenge at the fifth with 423 ACCOUNT_LOCKED, even for the right code after', () => {
    const h = setup();
    const { response } = scaPayout(h);
    const quoteId = response.body.id;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = authorize(h, quoteId, '123456');
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_INPUT');
      expect(wrong.events.map((event) => event.type)).toEqual(['QuoteScaAttemptFailed']);
    }
    const fifth = authorize(h, quoteId, '123456');
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('ACCOUNT_LOCKED');
    const right = authorize(h, quoteId, '000000');
    expect(right.status).toBe(423);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    expect(right.events).toEqual([]);
    expect(h.ok('GET', `/quotes/${quoteId}`).status).toBe('PENDING_AUTHORIZATION');
  });

  it('rejects authorization after expiresAt with 400 QUOTE_EXPIRED and of an unknown quote with 404 QUOTE_NOT_FOUND', () => {
    const h = setup();
    const { response } = scaPayout(h);
    h.now = response.body.expiresAt;
    const late = authorize(h, response.body.id, '000000');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('QUOTE_EXPIRED');
    expect(late.events).toEqual([]);
    const unknown = authorize(h, 'Quote:00000000-0000-7000-8000-000000000000', '000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('QUOTE_NOT_FOUND');
  });

  it('with immediatelyExecute waits as a PENDING_AUTHORIZATION transaction and executes on the right code', () => {
    const h = setup();
    const { accountId, response } = scaPayout(h, { immediatelyExecute: true });
    expect(response.status).toBe(202);
    const transactionId = response.body.transactionId;
    expect(h.ok('GET', `/transactions/${transactionId}`).status).toBe('PENDING_AUTHORIZATION');
    expect(balanceOf(h, accountId)).toBe(100_000);
    const authorized = authorize(h, response.body.id, '000000');
    expect(authorized.body.status).toBe('PROCESSING');
    expect(balanceOf(h, accountId)).toBe(90_000);
    advanceBy(h, 5_000);
    expect(webhooksOf(h.log, transactionId)).toEqual(['OUTGOING_PAYMENT.PENDING_AUTHORIZATION', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
  });

  it('fails a waiting transaction with SCA_NOT_COMPLETED when the quote expires unauthorized, and the quote EXPIRES', () => {
    const h = setup();
    const { accountId, response } = scaPayout(h, { immediatelyExecute: true });
    advanceBy(h, 5 * 60_000);
    expect(h.ok('GET', `/quotes/${response.body.id}`).status).toBe('EXPIRED');
    expect(h.ok('GET', `/transactions/${response.body.transactionId}`)).toMatchObject({ status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' });
    expect(balanceOf(h, accountId)).toBe(100_000);
  });

  it('moves an unexecuted quote to EXPIRED when its timer fires; with no transaction nothing else happens', () => {
    const h = setup();
    const { response } = scaPayout(h);
    const events = advanceBy(h, 5 * 60_000);
    expect(events.map((event) => event.type)).toEqual(['TimerFired', 'QuoteExpired']);
    expect(h.ok('GET', `/quotes/${response.body.id}`).status).toBe('EXPIRED');
  });
});
