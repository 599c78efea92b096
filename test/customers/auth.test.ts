/**
 * Customer routes need platform credentials (HTTP Basic): header names are case-insensitive, a
 * missing or bad credential is 401 UNAUTHORIZED, and malformed JSON is a 400; none writes an event.
 */
import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import { AUTH, harness } from '../support/harness.js';
import { codeOf, create, individual } from './fixtures.js';

const ROUTES: [string, string, unknown][] = [
  ['POST', '/customers', individual()],
  ['GET', '/customers', undefined],
  ['GET', '/customers/agreements', undefined],
  ['GET', '/customers/end-user-terms', undefined],
  ['GET', '/customers/Customer:any', undefined],
  ['PATCH', '/customers/Customer:any', { fullName: 'X' }],
];

describe('credentials', () => {
  it.each(ROUTES)('%s %s answers 401 UNAUTHORIZED without an Authorization header', (method, path, body) => {
    const h = harness();
    const { response, events } = h.engine.handle({ method, path, headers: {}, ...(body === undefined ? {} : { body }) }, { now: h.now });
    expect(response.status).toBe(401);
    expect(codeOf(response)).toBe('UNAUTHORIZED');
    expect(events).toEqual([]);
  });

  it.each([
    ['a wrong secret', basicAuthorization({ tokenId: 'sandbox-token-id', clientSecret: 'wrong' })],
    ['an unknown token id', basicAuthorization({ tokenId: 'someone', clientSecret: 'sandbox-client-secret' })],
    ['a Bearer token', 'Bearer abc'],
    ['a value that is not base64', 'Basic %%%'],
    ['an empty value', ''],
  ])('answers 401 UNAUTHORIZED for %s', (_label, authorization) => {
    const h = harness();
    const response = h.call('POST', '/customers', individual(), { authorization });
    expect(response.status).toBe(401);
    expect(codeOf(response)).toBe('UNAUTHORIZED');
    expect(h.log).toEqual([]);
  });

  it.each(['Authorization', 'authorization', 'AUTHORIZATION'])('reads the header named %s', (name) => {
    const h = harness();
    const { response } = h.engine.handle({ method: 'POST', path: '/customers', headers: { [name]: AUTH }, body: individual() }, { now: h.now });
    expect(response.status).toBe(201);
  });

  it('reads the scheme case-insensitively', () => {
    const h = harness();
    const response = h.call('GET', '/customers', undefined, { authorization: AUTH.replace('Basic', 'basic') });
    expect(response.status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answers 400 to a malformed JSON text body and writes no event', () => {
    const h = harness();
    const response = h.call('POST', '/customers', '{"customerType": "INDIVIDUAL",');
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect(h.log).toEqual([]);
  });

  it('answers 400 to malformed JSON on PATCH and leaves the customer as it was', () => {
    const h = harness();
    const customer = create(h, individual());
    const before = h.log.length;
    const response = h.call('PATCH', `/customers/${customer.id}`, '{fullName: "x"}');
    expect(response.status).toBe(400);
    expect(h.log.length).toBe(before);
    expect(h.ok('GET', `/customers/${customer.id}`)).toEqual(customer);
  });

  it('accepts a body sent as JSON text', () => {
    const h = harness();
    const response = h.call('POST', '/customers', JSON.stringify(individual()));
    expect(response.status).toBe(201);
  });

  it('answers 405 to a method a customer path does not have', () => {
    expect(harness().call('DELETE', '/customers').status).toBe(405);
  });
});
