/**
 * Quote SCA with the new factors: `POST /quotes/{id}/authorize` with a passkey assertion (the
 * customer's enrolled SCA passkey, over `scaChallenge.passkeyAssertionOptions.challenge`), and
 * `POST /quotes/{id}/authorize/resend` (204, the challenge reused).
 */
import { describe, expect, it } from 'vitest';
import { SCA_RP_ID } from '../../src/domains/sca/decide.js';
import { call, fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';
import { Authenticator } from '../wallets/passkey-client.js';

const ORIGIN = `https://${SCA_RP_ID}`;

function scaQuote() {
  const h = setup();
  const { customerId, accountId } = newCustomer(h, { country: 'DE' });
  fund(h, accountId, 100_000);
  const destination = newExternalAccount(h, customerId, 'EUR', '789');
  const quote = call(h, 'POST', '/quotes', payoutBody(accountId, destination, 10_000));
  expect(quote.status).toBe(202);
  return { h, customerId, quote: quote.body };
}

function enrollPasskey(h: ReturnType<typeof setup>, customerId: string): Authenticator {
  const q = `?customerId=${customerId}`;
  const login = h.ok('POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
  h.ok('POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: login.challengeId, code: '123456', endUserIpAddress: '203.0.113.7' });
  const started = h.ok('POST', `/sca/factors${q}`, { type: 'PASSKEY' });
  const authenticator = new Authenticator(ORIGIN);
  const r = authenticator.register(started.options.challenge);
  h.ok('POST', `/sca/factors/confirm${q}`, { type: 'PASSKEY', origin: ORIGIN, credential: { id: r.credentialId, response: { clientDataJSON: r.clientDataJson, attestationObject: r.attestationObject } } });
  return authenticator;
}

function assertionJson(a: ReturnType<Authenticator['assert']>) {
  return { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature } };
}

describe('quote SCA by passkey and resend', () => {
  it('a passkey assertion over the quote challenge authorizes it; a forged one is a recorded wrong attempt (400)', () => {
    const { h, customerId, quote } = scaQuote();
    const authenticator = enrollPasskey(h, customerId);
    const encodedChallenge = quote.scaChallenge.passkeyAssertionOptions.challenge;
    const forged = assertionJson(new Authenticator(ORIGIN).assert('', { encodedChallenge }));
    const wrong = call(h, 'POST', `/quotes/${quote.id}/authorize`, { passkeyAssertion: forged, origin: ORIGIN });
    expect(wrong.status).toBe(400);
    expect(wrong.events).toHaveLength(1);
    const good = call(h, 'POST', `/quotes/${quote.id}/authorize`, { passkeyAssertion: assertionJson(authenticator.assert('', { encodedChallenge })), origin: ORIGIN });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('authorize needs a code or a passkey assertion with origin (400)', () => {
    const { h, quote } = scaQuote();
    expect(call(h, 'POST', `/quotes/${quote.id}/authorize`, {}).status).toBe(400);
  });

  it('resend: 204 while awaiting authorization, the challenge unchanged; 409 once authorized; 404 for an unknown quote', () => {
    const { h, quote } = scaQuote();
    const resent = call(h, 'POST', `/quotes/${quote.id}/authorize/resend`);
    expect(resent.status).toBe(204);
    expect(resent.events).toEqual([]);
    expect(h.ok('GET', `/quotes/${quote.id}`).scaChallenge).toEqual(quote.scaChallenge);
    h.ok('POST', `/quotes/${quote.id}/authorize`, { code: '000000' });
    expect(call(h, 'POST', `/quotes/${quote.id}/authorize/resend`).status).toBe(409);
    expect(call(h, 'POST', '/quotes/Quote:00000000-0000-0000-0000-000000000000/authorize/resend').status).toBe(404);
  });
});
