/**
 * PATCH /customers/{customerId}: partial updates of the fields of the customer's own type,
 * `customerType` accepted only when it repeats the current one, the address replaced whole and
 * businessInfo merged,
 * platformCustomerId still unique, and a request that changes nothing writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { business, codeOf, create, individual, invalidFields } from './fixtures.js';

describe('PATCH /customers/{customerId}', () => {
  it('changes only the fields sent and moves updatedAt', () => {
    const h = harness();
    const customer = create(h, individual());
    h.now = '2026-01-06T09:30:00.000Z';
    const response = h.call('PATCH', `/customers/${customer.id}`, { fullName: 'Jane Q. Doe', politicallyExposedPerson: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...customer, fullName: 'Jane Q. Doe', politicallyExposedPerson: true, updatedAt: '2026-01-06T09:30:00.000Z' });
    expect(response.events.map((e) => e.type)).toEqual(['CustomerUpdated']);
    expect(response.events[0]?.data).toEqual({
      customerId: customer.id,
      changes: { fullName: 'Jane Q. Doe', politicallyExposedPerson: true },
      updatedAt: '2026-01-06T09:30:00.000Z',
    });
    expect(h.ok('GET', `/customers/${customer.id}`)).toEqual(response.body);
  });

  it('replaces the address as a whole', () => {
    const h = harness();
    const customer = create(h, individual());
    const address = { line1: '5 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' };
    expect(h.ok('PATCH', `/customers/${customer.id}`, { address }).address).toEqual(address);
  });

  it('merges businessInfo field by field on a business (the reference\'s BusinessInfoUpdate has no required field)', () => {
    const h = harness();
    const customer = create(h, business({ businessInfo: { legalName: 'Acme Corp', registrationNumber: 'REG-42', taxId: '47-1234567' } }));
    const patched = h.ok('PATCH', `/customers/${customer.id}`, { businessInfo: { legalName: 'Acme Holdings', registrationNumber: 'REG-43' } });
    expect(patched.businessInfo).toEqual({ legalName: 'Acme Holdings', registrationNumber: 'REG-43', taxId: '47-1234567' });
    expect(h.ok('PATCH', `/customers/${customer.id}`, { businessInfo: { entityType: 'LLC' } }).businessInfo).toEqual({
      legalName: 'Acme Holdings',
      registrationNumber: 'REG-43',
      taxId: '47-1234567',
      entityType: 'LLC',
    });
    expect(patched.kybStatus).toBe('UNVERIFIED');
  });

  it.each([
    ['INDIVIDUAL', individual],
    ['BUSINESS', business],
  ] as const)('accepts customerType when it equals the current one (%s)', (customerType, make) => {
    const h = harness();
    const customer = create(h, make());
    const response = h.call('PATCH', `/customers/${customer.id}`, { customerType });
    expect(response.status).toBe(200);
    expect(response.events).toEqual([]);
  });

  it.each([
    ['an individual into a business', individual, 'BUSINESS', ['INDIVIDUAL']],
    ['a business into an individual', business, 'INDIVIDUAL', ['BUSINESS']],
  ] as const)('rejects turning %s with 400 INVALID_INPUT on customerType', (_label, make, customerType, allowed) => {
    const h = harness();
    const customer = create(h, make());
    const before = h.log.length;
    const response = h.call('PATCH', `/customers/${customer.id}`, { customerType });
    expect(invalidFields(response)).toEqual(['customerType']);
    expect((response.body as any).details.errors[0].constraint).toEqual({ enum: allowed });
    expect(h.log.length).toBe(before);
  });

  it('lists a customerType change together with every other invalid field', () => {
    const h = harness();
    const customer = create(h, individual());
    const response = h.call('PATCH', `/customers/${customer.id}`, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Acme' },
      birthDate: '2030-01-01',
      address: { line1: '', city: 'X', postalCode: '1', country: 'US' },
    });
    expect(invalidFields(response)).toEqual(['address.line1', 'address.postalCode', 'birthDate', 'businessInfo', 'customerType']);
  });

  it.each([
    ['an unknown customerType', { customerType: 'TRUST' }, ['customerType']],
    ['an unknown field', { kycStatus: 'APPROVED' }, ['kycStatus']],
    ['id', { id: 'Customer:x' }, ['id']],
    ['an empty fullName', { fullName: '' }, ['fullName']],
    ['null for a field', { nationality: null }, ['nationality']],
    ['a body that is not an object', [], ['body']],
  ])('rejects %s with 400 INVALID_INPUT', (_label, body, fields) => {
    const h = harness();
    const customer = create(h, individual());
    expect(invalidFields(h.call('PATCH', `/customers/${customer.id}`, body))).toEqual(fields);
  });

  it('completes idType/identifier from the stored pair', () => {
    const h = harness();
    const customer = create(h, individual());
    h.ok('PATCH', `/customers/${customer.id}`, { identifier: '987-65-4321' });
    // Write-only on the wire (reference); the record holds the new value.
    expect(h.engine.state.customers.byId.get(customer.id)).toMatchObject({ idType: 'SSN', identifier: '987-65-4321' });
    const bare = create(h, { customerType: 'INDIVIDUAL', platformCustomerId: 'bare', fullName: 'B' });
    expect(invalidFields(h.call('PATCH', `/customers/${bare.id}`, { identifier: '1' }))).toEqual(['idType']);
  });

  it('answers 404 CUSTOMER_NOT_FOUND for an unknown id, before validating the body', () => {
    const response = harness().call('PATCH', '/customers/Customer:missing', { fullName: 1 });
    expect(response.status).toBe(404);
    expect(codeOf(response)).toBe('CUSTOMER_NOT_FOUND');
  });

  it('moves platformCustomerId to a free value and frees the old one', () => {
    const h = harness();
    const customer = create(h, individual({ platformCustomerId: 'old' }));
    expect(h.ok('PATCH', `/customers/${customer.id}`, { platformCustomerId: 'new' }).platformCustomerId).toBe('new');
    create(h, individual({ platformCustomerId: 'old' }));
    expect(h.ok('GET', '/customers?platformCustomerId=new').data.map((c: { id: string }) => c.id)).toEqual([customer.id]);
  });

  it("rejects a platformCustomerId that belongs to another customer with 409 CONFLICT", () => {
    const h = harness();
    create(h, individual({ platformCustomerId: 'taken' }));
    const other = create(h, individual({ platformCustomerId: 'mine' }));
    const before = h.log.length;
    const response = h.call('PATCH', `/customers/${other.id}`, { platformCustomerId: 'taken' });
    expect(response.status).toBe(409);
    expect(codeOf(response)).toBe('CONFLICT');
    expect(h.log.length).toBe(before);
  });

  it('accepts the customer\'s own platformCustomerId as a no-op', () => {
    const h = harness();
    const customer = create(h, individual({ platformCustomerId: 'mine' }));
    const response = h.call('PATCH', `/customers/${customer.id}`, { platformCustomerId: 'mine' });
    expect(response.status).toBe(200);
    expect(response.events).toEqual([]);
  });

  it.each([
    ['an empty body', {}],
    ['the current values', { fullName: 'Jane Doe', nationality: 'US' }],
    ['the current address with its keys in another order', { address: { country: 'US', postalCode: '62701', state: 'IL', city: 'Springfield', line1: '1 Main St' } }],
  ])('writes no event and keeps updatedAt for %s', (_label, body) => {
    const h = harness();
    const customer = create(h, individual());
    h.now = '2026-01-07T00:00:00.000Z';
    const response = h.call('PATCH', `/customers/${customer.id}`, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(customer);
    expect(response.events).toEqual([]);
  });

  it('keeps the stored record frozen after an update', () => {
    const h = harness();
    const customer = create(h, individual());
    h.ok('PATCH', `/customers/${customer.id}`, { address: { line1: 'x', city: 'y', postalCode: '10001', country: 'US' } });
    const record = h.engine.state.customers.byId.get(customer.id)!;
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.address)).toBe(true);
  });
});
