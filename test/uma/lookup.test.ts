/**
 * Receiver lookups and the UMA error codes of the spec copy: INVALID_UMA_ADDRESS (malformed),
 * UMA_NOT_FOUND (well-formed, no receiver at a reachable domain), USER_NOT_FOUND (a domain that
 * does not exist: in the sandbox, any domain other than the platform's and the sandbox
 * counterparty's). No lookup writes an event.
 */
import { describe, expect, it } from 'vitest';
import { newExternalAccount } from '../quotes/support.js';
import { customer, DOMAIN, setup } from './support.js';

describe('GET /receiver/uma/{receiverUmaAddress}', () => {
  it('resolves a customer of this platform from state: its account currencies with estimated rates', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const r = h.call('GET', `/receiver/uma/${encodeURIComponent(ada.uma)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.events).toEqual([]);
    const body = r.body as any;
    expect(body.receiverUmaAddress).toBe(`$ada@${DOMAIN}`);
    expect(body.lookupId).toMatch(/^Lookup:/);
    expect(body.requiredPayerDataFields).toEqual([]);
    expect(body.supportedCurrencies).toEqual([{ currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }, estimatedExchangeRate: 1, min: 1, max: Number.MAX_SAFE_INTEGER }]);
  });

  it('resolves exactly the umaAddress the customer’s view shows; a deleted customer is UMA_NOT_FOUND', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const view = h.ok('GET', `/customers/${ada.customerId}`);
    expect(h.ok('GET', `/receiver/uma/${encodeURIComponent(view.umaAddress)}`).receiverUmaAddress).toBe(view.umaAddress.toLowerCase());
    expect(h.call('DELETE', `/customers/${ada.customerId}`).status).toBe(200);
    expect((h.call('GET', `/receiver/uma/${encodeURIComponent(view.umaAddress)}`).body as any).code).toBe('UMA_NOT_FOUND');
  });

  it('matches the address ignoring case', () => {
    const h = setup();
    customer(h, 'ada');
    expect(h.call('GET', `/receiver/uma/${encodeURIComponent(`$ADA@${DOMAIN.toUpperCase()}`)}`).status).toBe(200);
  });

  it('resolves the spec’s sandbox test addresses at the sandbox counterparty domain, in their currency', () => {
    const h = setup();
    const body = h.ok('GET', `/receiver/uma/${encodeURIComponent('$success.eur@sandbox.svc.uma.money')}`);
    expect(body.supportedCurrencies.map((c: any) => c.currency.code)).toEqual(['EUR']);
    expect(body.supportedCurrencies[0].estimatedExchangeRate).toBeGreaterThan(0);
  });

  it('INVALID_UMA_ADDRESS (400) for a malformed address', () => {
    const h = setup();
    for (const address of ['ada@x.com', '$ada', '$@x.com', '$a b@x.com']) {
      const r = h.call('GET', `/receiver/uma/${encodeURIComponent(address)}`);
      expect(r.status, address).toBe(400);
      expect((r.body as any).code).toBe('INVALID_UMA_ADDRESS');
    }
  });

  it('UMA_NOT_FOUND (404) for a well-formed address with no receiver, at the platform or the sandbox counterparty', () => {
    const h = setup();
    for (const address of [`$nobody@${DOMAIN}`, '$nobody@sandbox.svc.uma.money']) {
      const r = h.call('GET', `/receiver/uma/${encodeURIComponent(address)}`);
      expect(r.status).toBe(404);
      expect((r.body as any).code).toBe('UMA_NOT_FOUND');
      expect(r.events).toEqual([]);
    }
  });

  it('USER_NOT_FOUND (404) for a domain that does not exist (unknown domain)', () => {
    const h = setup();
    const r = h.call('GET', `/receiver/uma/${encodeURIComponent('$ada@unknown-domain.example')}`);
    expect(r.status).toBe(404);
    expect((r.body as any).code).toBe('USER_NOT_FOUND');
  });

  it('checks the sender: CUSTOMER_NOT_FOUND for an unknown customerId, INVALID_UMA_ADDRESS for a malformed senderUmaAddress, INVALID_INPUT for an unknown parameter', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const path = `/receiver/uma/${encodeURIComponent(ada.uma)}`;
    expect((h.call('GET', `${path}?customerId=Customer:nope`).body as any).code).toBe('CUSTOMER_NOT_FOUND');
    expect((h.call('GET', `${path}?senderUmaAddress=bad`).body as any).code).toBe('INVALID_UMA_ADDRESS');
    expect((h.call('GET', `${path}?colour=red`).body as any).code).toBe('INVALID_INPUT');
    expect(h.call('GET', `${path}?customerId=${ada.customerId}&senderUmaAddress=${encodeURIComponent('$x@y.com')}`).status).toBe(200);
  });
});

describe('lookup sender rules', () => {
  it('SELF_PAYMENT (400) when the sender looks up its own address; SENDER_NOT_ACCEPTED (400) for a sender at a provider off the allow list', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const path = `/receiver/uma/${encodeURIComponent(ada.uma)}`;
    const self = h.call('GET', `${path}?senderUmaAddress=${encodeURIComponent(ada.uma.toUpperCase())}`);
    expect([self.status, (self.body as any).code, self.events]).toEqual([400, 'SELF_PAYMENT', []]);
    const blocked = h.call('GET', `${path}?senderUmaAddress=${encodeURIComponent('$eve@blocked.sandbox.svc.uma.money')}`);
    expect([blocked.status, (blocked.body as any).code]).toEqual([400, 'SENDER_NOT_ACCEPTED']);
  });
});

describe('GET /receiver/external-account/{accountId}', () => {
  it('answers the account’s currency, and ACCOUNT_NOT_FOUND for an unknown account', () => {
    const h = setup();
    const ada = customer(h, 'ada');
    const bank = newExternalAccount(h, ada.customerId, 'MXN', '123');
    const body = h.ok('GET', `/receiver/external-account/${bank}?customerId=${ada.customerId}`);
    expect(body.accountId).toBe(bank);
    expect(body.supportedCurrencies.map((c: any) => c.currency.code)).toEqual(['MXN']);
    expect(body.supportedCurrencies[0].estimatedExchangeRate).toBeGreaterThan(0);
    const r = h.call('GET', '/receiver/external-account/ExternalAccount:nope');
    expect(r.status).toBe(404);
    expect((r.body as any).code).toBe('ACCOUNT_NOT_FOUND');
  });
});
