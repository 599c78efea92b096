/**
 * POST /customers and GET /customers/{id}: the response shape, the events (CustomerCreated then
 * the InternalAccountOpened of an ACTIVE USD INTERNAL_FIAT account), platformCustomerId
 * uniqueness (409 CONFLICT), ids, frozen records and replay.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';
import { business, codeOf, create, individual, termsConsent } from './fixtures.js';

describe('POST /customers', () => {
  // umaAddress: the reference's Customer requires it ("always present in responses, even if system-generated").
  it('answers 201 with the customer in the wire shape', () => {
    const h = harness();
    const body = create(h, individual({ agreementConsents: [termsConsent()] }));
    expect(body).toEqual({
      id: expect.stringMatching(/^Customer:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      platformCustomerId: 'user-1',
      customerType: 'INDIVIDUAL',
      umaAddress: '$user-1@sandbox.uma.example',
      kycStatus: 'UNVERIFIED',
      fullName: 'Jane Doe',
      birthDate: '1990-04-12',
      nationality: 'US',
      idType: 'SSN',
      countryOfIssuance: 'US',
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      agreementConsents: [termsConsent()],
      createdAt: '2026-01-05T16:00:00.000Z',
      updatedAt: '2026-01-05T16:00:00.000Z',
    });
    expect(Object.keys(body)[0]).toBe('id');
  });

  it('never answers identifier: the reference makes it write-only, and the record still holds it for verification', () => {
    const h = harness();
    const body = create(h, individual());
    expect(body).not.toHaveProperty('identifier');
    expect(h.ok('GET', `/customers/${body.id}`)).not.toHaveProperty('identifier');
    expect(JSON.stringify(h.ok('GET', '/customers'))).not.toContain('123-45-6789');
    expect(h.engine.state.customers.byId.get(body.id)).toMatchObject({ identifier: '123-45-6789' });
  });

  it('answers 201 for a business with kybStatus and businessInfo', () => {
    const body = create(harness(), business());
    expect(body).toEqual({
      id: expect.stringMatching(/^Customer:/),
      platformCustomerId: 'biz-1',
      customerType: 'BUSINESS',
      umaAddress: '$biz-1@sandbox.uma.example',
      kybStatus: 'UNVERIFIED',
      businessInfo: { legalName: 'Acme Corp', registrationNumber: 'REG-42' },
      address: { line1: '9 Market St', city: 'San Francisco', state: 'CA', postalCode: '94103', country: 'US' },
      agreementConsents: [],
      createdAt: '2026-01-05T16:00:00.000Z',
      updatedAt: '2026-01-05T16:00:00.000Z',
    });
  });

  it('writes CustomerCreated then InternalAccountOpened, version 1, JSON-safe with no undefined values', () => {
    const h = harness();
    const response = h.call('POST', '/customers', individual({ address: undefined, birthDate: undefined }));
    const types = response.events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['CustomerCreated', 'InternalAccountOpened']);
    const [created, opened] = response.events.slice(-2);
    expect(created?.version).toBe(1);
    expect(opened?.version).toBe(1);
    expect(JSON.parse(JSON.stringify(created?.data))).toEqual(created?.data);
    expect(JSON.stringify(created?.data)).not.toContain('birthDate');
    const customer = (created?.data as { customer: any } | undefined)?.customer;
    expect(customer.id).toBe((response.body as any).id);
    expect(opened?.data).toEqual({
      account: {
        id: expect.stringMatching(/^InternalAccount:/),
        customerId: customer.id,
        type: 'INTERNAL_FIAT',
        status: 'ACTIVE',
        currency: 'USD',
        createdAt: '2026-01-05T16:00:00.000Z',
        updatedAt: '2026-01-05T16:00:00.000Z',
      },
    });
  });

  it.each([
    ['an individual', individual()],
    ['a business', business()],
  ])('gives %s exactly one ACTIVE USD INTERNAL_FIAT account, listed by GET /customers/internal-accounts', (_kind, body) => {
    const h = harness();
    const customer = create(h, body);
    const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
    expect(accounts.totalCount).toBe(1);
    expect(accounts.data).toHaveLength(1);
    expect(accounts.data[0]).toMatchObject({ customerId: customer.id, type: 'INTERNAL_FIAT', status: 'ACTIVE' });
    expect(accounts.data[0].balance.currency.code).toBe('USD');
    expect(accounts.data[0].balance.amount).toBe(0);
  });

  it('gives each customer its own account', () => {
    const h = harness();
    const a = create(h, individual({ platformCustomerId: 'a' }));
    const b = create(h, individual({ platformCustomerId: 'b' }));
    const accountOf = (id: string) => h.ok('GET', `/customers/internal-accounts?customerId=${id}`).data[0].id;
    expect(accountOf(a.id)).not.toBe(accountOf(b.id));
    expect(a.id).not.toBe(b.id);
  });

  it('rejects a platformCustomerId that collides with an existing customer with 409 CONFLICT', () => {
    const h = harness();
    const first = create(h, individual({ platformCustomerId: 'dup' }));
    const before = h.log.length;
    const response = h.call('POST', '/customers', business({ platformCustomerId: 'dup' }));
    expect(response.status).toBe(409);
    expect(codeOf(response)).toBe('CONFLICT');
    expect((response.body as any).details).toEqual({ platformCustomerId: 'dup', customerId: first.id });
    expect(response.events).toEqual([]);
    expect(h.log.length).toBe(before);
    expect(h.ok('GET', '/customers').totalCount).toBe(1);
  });

  it('treats platformCustomerId as case-sensitive', () => {
    const h = harness();
    create(h, individual({ platformCustomerId: 'abc' }));
    create(h, individual({ platformCustomerId: 'ABC' }));
  });

  it('reports INVALID_INPUT before a platformCustomerId conflict', () => {
    const h = harness();
    create(h, individual());
    expect(codeOf(h.call('POST', '/customers', individual({ nationality: 'XX' })))).toBe('INVALID_INPUT');
  });

  it('answers a retry with the same Idempotency-Key and body with the first customer, writing nothing', () => {
    const h = harness();
    const first = h.call('POST', '/customers', individual(), { 'Idempotency-Key': 'k-1' });
    const again = h.call('POST', '/customers', individual(), { 'Idempotency-Key': 'k-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.events).toEqual([]);
    const other = h.call('POST', '/customers', individual({ platformCustomerId: 'other' }), { 'Idempotency-Key': 'k-1' });
    expect(other.status).toBe(409);
    expect(h.ok('GET', '/customers').totalCount).toBe(1);
  });

  it('stores frozen records', () => {
    const h = harness();
    const customer = create(h, individual({ agreementConsents: [termsConsent()] }));
    const record = h.engine.state.customers.byId.get(customer.id)!;
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.agreementConsents)).toBe(true);
    expect(Object.isFrozen(record.address)).toBe(true);
  });

  it('replays the log to the same customers', () => {
    const h = harness({ regulated: true });
    const a = create(h, individual({ platformCustomerId: 'a', fullName: 'A 002' }));
    create(h, business());
    h.now = '2026-01-06T10:00:00.000Z';
    h.ok('PATCH', `/customers/${a.id}`, { fullName: 'A renamed', agreementConsents: [termsConsent()] });
    const replayed = createEngine({ regulated: true, events: h.log });
    expect([...replayed.state.customers.byId.entries()]).toEqual([...h.engine.state.customers.byId.entries()]);
    expect([...replayed.state.customers.byPlatformCustomerId]).toEqual([...h.engine.state.customers.byPlatformCustomerId]);
    expect(replayed.state.customers.order).toEqual(h.engine.state.customers.order);
    expect(replayed.state.customers.byId.get(a.id)).toMatchObject({ kycStatus: 'REJECTED', fullName: 'A renamed' });
  });
});

describe('GET /customers/{customerId}', () => {
  it('answers 200 with the same customer the create answered', () => {
    const h = harness();
    const customer = create(h, business());
    const response = h.call('GET', `/customers/${customer.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(customer);
    expect(response.events).toEqual([]);
  });

  it.each([
    ['an unknown id', 'Customer:00000000-0000-7000-8000-000000000000'],
    ['a malformed id', 'nope'],
  ])('answers 404 CUSTOMER_NOT_FOUND for %s', (_label, id) => {
    const h = harness();
    create(h, individual());
    const response = h.call('GET', `/customers/${encodeURIComponent(id)}`);
    expect(response.status).toBe(404);
    expect(codeOf(response)).toBe('CUSTOMER_NOT_FOUND');
  });
});
