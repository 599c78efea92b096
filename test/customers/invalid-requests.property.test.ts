/**
 * Property: any invalid create request (a valid body broken by one to three mutations, or an
 * arbitrary JSON value) answers 4xx, writes no event, and leaves GET /customers unchanged.
 * One engine serves every run, so a rejection that leaked state would show in later runs.
 */
import { fc, test } from '@fast-check/vitest';
import { beforeAll, expect } from 'vitest';
import { harness, type Harness } from '../support/harness.js';
import { business, create, individual, termsConsent } from './fixtures.js';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 50);

type Body = Record<string, unknown>;
type Mutation = (body: Body) => Body;

const FIELDS = [
  'customerType', 'platformCustomerId', 'fullName', 'birthDate', 'nationality', 'idType', 'identifier',
  'countryOfIssuance', 'address', 'businessInfo', 'agreementConsents', 'endUserTermsConsent', 'incomeRange',
  'expectedMonthlyTransactionCount', 'politicallyExposedPerson',
];

// Values no field accepts: nothing is nullable, no object accepts `__bad`, no array holds arrays.
const badValue = fc.constantFrom<unknown>(null, { __bad: 1 }, [[1]]);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // platformCustomerId may be left out (the reference generates one), so only customerType is removed.
  fc.constantFrom('customerType').map((field): Mutation => (body) => {
    const { [field]: _removed, ...rest } = body;
    return rest;
  }),
  fc.tuple(fc.constantFrom(...FIELDS), badValue).map(([field, value]): Mutation => (body) => ({ ...body, [field]: value })),
  fc.string({ maxLength: 8 }).map((suffix): Mutation => (body) => ({ ...body, [`x_${suffix}`]: true })),
  fc.constantFrom<Mutation>(
    (body) => ({ ...body, birthDate: '2099-12-31' }),
    (body) => ({ ...body, nationality: 'us' }),
    (body) => ({ ...body, address: { line1: '1 Main St', city: 'X', postalCode: 'ABCDE', country: 'US' } }),
    (body) => ({ ...body, agreementConsents: [termsConsent(), termsConsent()] }),
    (body) => ({ ...body, agreementConsents: [termsConsent({ termsVersion: '1900-01-01' })] }),
    (body) => ({ ...body, agreementConsents: [termsConsent()], endUserTermsConsent: { acceptedAt: '2026-01-01T00:00:00Z' } }),
    (body) => ({ ...body, endUserTermsConsent: { acceptedAt: '2026-01-01T00:00:00' } }),
    (body) => ({ ...body, platformCustomerId: 'existing' }),
    (body) => ({ ...body, fullName: '' }),
    (body) => ({ ...body, platformCustomerId: '' }),
  ),
);

const mutatedBody = fc
  .tuple(fc.constantFrom<Body>(individual({ platformCustomerId: 'fresh' }), business({ platformCustomerId: 'fresh' })), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([base, mutations]) => mutations.reduce((body, mutate) => mutate(body), base));

const arbitraryBody = fc.jsonValue().filter((value) => {
  const type = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body).customerType : undefined;
  return type !== 'INDIVIDUAL' && type !== 'BUSINESS';
});

let h: Harness;
let listing: unknown;

beforeAll(() => {
  h = harness();
  create(h, individual({ platformCustomerId: 'existing' }));
  listing = h.ok('GET', '/customers');
});

test.prop([fc.oneof(mutatedBody, arbitraryBody)], { numRuns: NUM_RUNS })(
  'any invalid create request answers 4xx, writes no event and leaves GET /customers unchanged',
  (body) => {
    const logLength = h.log.length;
    const response = h.call('POST', '/customers', body);
    expect(response.status, JSON.stringify({ body, answer: response.body })).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.events).toEqual([]);
    expect(h.log.length).toBe(logLength);
    expect(h.ok('GET', '/customers')).toEqual(listing);
  },
);

test.prop([fc.oneof(mutatedBody, arbitraryBody)], { numRuns: NUM_RUNS })(
  'the same invalid request sent as JSON text is rejected the same way',
  (body) => {
    // A string body is JSON text already (the request parser reads it), so only values are compared.
    fc.pre(typeof body !== 'string');
    const asValue = h.call('POST', '/customers', body);
    const asText = h.call('POST', '/customers', JSON.stringify(body));
    expect(asText.status).toBe(asValue.status);
    expect(asText.body).toEqual(asValue.body);
    expect(h.ok('GET', '/customers')).toEqual(listing);
  },
);
