/** UMA addresses on customers: given on create or update (reference Customer.umaAddress), unique (409 UMA_ADDRESS_EXISTS), resolvable by a lookup. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { TERMS } from '../quotes/support.js';
import { setup } from './support.js';

const individual = (platformCustomerId: string, extra: Record<string, unknown> = {}) => ({
  customerType: 'INDIVIDUAL', platformCustomerId, fullName: 'Jane Doe', agreementConsents: TERMS, ...extra,
});

describe('Customer.umaAddress', () => {
  it('a given address is shown by the customer and resolved by a lookup', () => {
    const h = setup();
    const c = h.ok('POST', '/customers', individual('p-1', { umaAddress: '$jane.doe@sandbox.uma.example' }));
    expect(c.umaAddress).toBe('$jane.doe@sandbox.uma.example');
    expect(h.ok('GET', `/receiver/uma/${encodeURIComponent('$Jane.Doe@sandbox.uma.example')}`).receiverUmaAddress).toBe('$jane.doe@sandbox.uma.example');
    // The derived address is no longer the customer's.
    expect((h.call('GET', `/receiver/uma/${encodeURIComponent('$p-1@sandbox.uma.example')}`).body as any).code).toBe('UMA_NOT_FOUND');
  });

  it('UMA_ADDRESS_EXISTS (409) when another customer shows the address, given (any case) or derived; nothing written', () => {
    const h = setup();
    h.ok('POST', '/customers', individual('p-0'));
    h.ok('POST', '/customers', individual('p-1', { umaAddress: '$jane@sandbox.uma.example' }));
    const taken = h.call('POST', '/customers', individual('p-2', { umaAddress: '$JANE@sandbox.uma.example' }));
    expect([taken.status, (taken.body as any).code, taken.events]).toEqual([409, 'UMA_ADDRESS_EXISTS', []]);
    const derived = h.call('POST', '/customers', individual('p-3', { umaAddress: '$P-0@sandbox.uma.example' }));
    expect((derived.body as any).code).toBe('UMA_ADDRESS_EXISTS');
    // A platformCustomerId whose derived address another customer was given.
    expect((h.call('POST', '/customers', individual('jane')).body as any).code).toBe('UMA_ADDRESS_EXISTS');
  });

  it('refuses a malformed address with 400 INVALID_INPUT on umaAddress', () => {
    const h = setup();
    const r = h.call('POST', '/customers', individual('p-1', { umaAddress: 'jane@example.com' }));
    expect(r.status).toBe(400);
    expect((r.body as any).details.errors.map((e: any) => e.field)).toEqual(['umaAddress']);
  });

  it('PATCH changes the address (409 when taken); a business customer takes one too; replay rebuilds it', () => {
    const h = setup();
    const a = h.ok('POST', '/customers', individual('p-1'));
    h.ok('POST', '/customers', individual('p-2', { umaAddress: '$taken@sandbox.uma.example' }));
    expect(h.ok('PATCH', `/customers/${a.id}`, { umaAddress: '$ada@sandbox.uma.example' }).umaAddress).toBe('$ada@sandbox.uma.example');
    const r = h.call('PATCH', `/customers/${a.id}`, { umaAddress: '$taken@sandbox.uma.example' });
    expect([r.status, (r.body as any).code, r.events]).toEqual([409, 'UMA_ADDRESS_EXISTS', []]);
    const biz = h.ok('POST', '/customers', { customerType: 'BUSINESS', platformCustomerId: 'b-1', businessInfo: { legalName: 'Acme', registrationNumber: 'R-1' }, umaAddress: '$acme@sandbox.uma.example' });
    expect(biz.umaAddress).toBe('$acme@sandbox.uma.example');
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });
});

describe('POST /sandbox/uma/receive to a given address', () => {
  it('credits the customer who was given the receiver address', () => {
    const h = setup();
    const c = h.ok('POST', '/customers', individual('p-9', { umaAddress: '$jane@sandbox.uma.example' }));
    const r = h.ok('POST', '/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.svc.uma.money', receiverUmaAddress: '$jane@sandbox.uma.example', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 500 });
    expect(r.customerId).toBe(c.id);
  });
});
