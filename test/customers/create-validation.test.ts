/**
 * POST /customers validation: strict bodies (unknown fields are errors), every invalid field
 * listed in one 400 INVALID_INPUT with dot paths, cross-field rules merged with the schema's
 * issues and sorted by field; a rejected request writes no event.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { business, create, individual, invalidFields, termsConsent } from './fixtures.js';

const { address: _address, ...withoutAddress } = individual();
const usAddress = individual().address as Record<string, unknown>;

// [rule, body, fields reported]
const INDIVIDUAL_CASES: [string, Record<string, unknown>, string[]][] = [
  ['platformCustomerId must not be empty', individual({ platformCustomerId: '' }), ['platformCustomerId']],
  ['platformCustomerId is at most 255 characters', individual({ platformCustomerId: 'x'.repeat(256) }), ['platformCustomerId']],
  ['fullName is required for an individual', (({ fullName: _f, ...rest }) => rest)(individual()), ['fullName']],
  ['fullName must be a string', individual({ fullName: 42 }), ['fullName']],
  ['birthDate must be YYYY-MM-DD', individual({ birthDate: '12/04/1990' }), ['birthDate']],
  ['birthDate must be a real date', individual({ birthDate: '1990-02-30' }), ['birthDate']],
  ['birthDate must not be a leap day of a common year', individual({ birthDate: '2023-02-29' }), ['birthDate']],
  ['birthDate must not be in the future', individual({ birthDate: '2026-01-06' }), ['birthDate']],
  ['nationality must be two upper-case letters', individual({ nationality: 'usa' }), ['nationality']],
  ['nationality must be an assigned ISO 3166 code', individual({ nationality: 'ZZ' }), ['nationality']],
  ['idType must be a known document kind', individual({ idType: 'LIBRARY_CARD' }), ['idType']],
  ['identifier is required with idType', (({ identifier: _i, ...rest }) => rest)(individual()), ['identifier']],
  ['idType is required with identifier', (({ idType: _i, ...rest }) => rest)(individual()), ['idType']],
  ['countryOfIssuance must be an ISO 3166 code', individual({ countryOfIssuance: 'XX' }), ['countryOfIssuance']],
  ['address must be an object', individual({ address: '1 Main St' }), ['address']],
  ['address.line1 is required', individual({ address: { ...usAddress, line1: undefined } }), ['address.line1']],
  ['address.city is required', individual({ address: { ...usAddress, city: undefined } }), ['address.city']],
  ['address.postalCode is required', individual({ address: { ...usAddress, postalCode: undefined } }), ['address.postalCode']],
  ['address.postalCode of a US address is a ZIP code', individual({ address: { ...usAddress, postalCode: '6270' } }), ['address.postalCode']],
  ['address.country must be an ISO 3166 code', individual({ address: { ...usAddress, country: 'XX' } }), ['address.country']],
  ['address rejects unknown fields', individual({ address: { ...usAddress, county: 'Sangamon' } }), ['address.county']],
  ['expectedMonthlyTransactionCount must be an integer', individual({ expectedMonthlyTransactionCount: 2.5 }), ['expectedMonthlyTransactionCount']],
  ['expectedMonthlyTransactionCount must not be negative', individual({ expectedMonthlyTransactionCount: -1 }), ['expectedMonthlyTransactionCount']],
  ['expectedMonthlyTransactionVolume must be an integer', individual({ expectedMonthlyTransactionVolume: '1000' }), ['expectedMonthlyTransactionVolume']],
  ['incomeRange must be a known band', individual({ incomeRange: 'LOTS' }), ['incomeRange']],
  ['netWorthRange must be a known band', individual({ netWorthRange: 'HUGE' }), ['netWorthRange']],
  ['politicallyExposedPerson must be a boolean', individual({ politicallyExposedPerson: 'no' }), ['politicallyExposedPerson']],
  ['sourceOfFunds must not be empty', individual({ sourceOfFunds: '' }), ['sourceOfFunds']],
  ['an individual has no businessInfo', individual({ businessInfo: { legalName: 'Acme' } }), ['businessInfo']],
  ['unknown top-level fields are rejected', individual({ nickname: 'JD', kycStatus: 'APPROVED' }), ['kycStatus', 'nickname']],
];

const BUSINESS_CASES: [string, Record<string, unknown>, string[]][] = [
  ['businessInfo is required for a business', (({ businessInfo: _b, ...rest }) => rest)(business()), ['businessInfo']],
  ['businessInfo.legalName is required', business({ businessInfo: { registrationNumber: 'R1' } }), ['businessInfo.legalName']],
  ['businessInfo rejects unknown fields', business({ businessInfo: { legalName: 'Acme', ceo: 'Wile' } }), ['businessInfo.ceo']],
  ['businessInfo.country must be an ISO 3166 code', business({ businessInfo: { legalName: 'Acme', country: 'USA' } }), ['businessInfo.country']],
  ['businessInfo.incorporatedOn must not be in the future', business({ businessInfo: { legalName: 'Acme', incorporatedOn: '2027-01-01' } }), ['businessInfo.incorporatedOn']],
  ['businessInfo refuses the engine\'s former name countryOfIncorporation', business({ businessInfo: { legalName: 'Acme', countryOfIncorporation: 'US' } }), ['businessInfo.countryOfIncorporation']],
  ['a business has no individual fields', business({ fullName: 'Acme', birthDate: '2000-01-01' }), ['birthDate', 'fullName']],
];

describe('POST /customers rejects each invalid field with 400 INVALID_INPUT', () => {
  it.each(INDIVIDUAL_CASES)('individual: %s', (_rule, body, fields) => {
    const h = harness();
    const response = h.call('POST', '/customers', body);
    expect(invalidFields(response)).toEqual(fields);
    expect(response.events).toEqual([]);
    expect(h.log).toEqual([]);
  });

  it.each(BUSINESS_CASES)('business: %s', (_rule, body, fields) => {
    const h = harness();
    const response = h.call('POST', '/customers', body);
    expect(invalidFields(response)).toEqual(fields);
    expect(response.events).toEqual([]);
  });
});

describe('customerType', () => {
  it.each([
    ['missing', undefined],
    ['unknown', 'PARTNERSHIP'],
    ['lower case', 'individual'],
  ])('rejects a %s customerType and still checks the common fields', (_label, customerType) => {
    const response = harness().call('POST', '/customers', { ...withoutAddress, customerType, platformCustomerId: '' });
    expect(invalidFields(response)).toEqual(['customerType', 'platformCustomerId']);
    const error = (response.body as any).details.errors[0];
    expect(error.constraint).toEqual({ enum: ['INDIVIDUAL', 'BUSINESS'] });
  });

  it.each([
    ['a JSON array', []],
    ['a JSON string', '"customer"'],
    ['null', null],
    ['absent', undefined],
  ])('rejects a body that is %s as field "body"', (_label, body) => {
    expect(invalidFields(harness().call('POST', '/customers', body))).toEqual(['body']);
  });
});

describe('every invalid field is listed at once', () => {
  it('lists schema and cross-field errors together, sorted by field, with dot paths', () => {
    const h = harness();
    const response = h.call('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'p-1',
      fullName: '',
      birthDate: '2099-01-01',
      nationality: 'XX',
      idType: 'PASSPORT',
      address: { line1: '1 Main St', city: 'Springfield', postalCode: 'ABCDE', country: 'US' },
      agreementConsents: [termsConsent(), termsConsent({ acceptedAt: 'yesterday' }), { type: 'SVC_COOKIES', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '1' }],
      favouriteColour: 'blue',
    });
    expect(invalidFields(response)).toEqual([
      'address.postalCode',
      'agreementConsents[1].acceptedAt',
      'agreementConsents[1].type',
      'agreementConsents[2].type',
      'birthDate',
      'favouriteColour',
      'fullName',
      'identifier',
      'nationality',
    ]);
    expect(h.log).toEqual([]);
  });

  it('reports each error with a message and, where it has one, a constraint', () => {
    const response = harness().call('POST', '/customers', individual({ idType: 'CARD', fullName: 'x'.repeat(256) }));
    const errors = (response.body as any).details.errors;
    expect(errors).toEqual([
      { field: 'fullName', constraint: { maxLength: 255 }, message: 'fullName must be at most 255 characters' },
      {
        field: 'idType',
        constraint: { enum: ['SSN', 'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'TAX_ID', 'ITIN', 'EIN', 'NON_US_TAX_ID'] },
        message: 'idType must be one of SSN, PASSPORT, DRIVERS_LICENSE, NATIONAL_ID, TAX_ID, ITIN, EIN, NON_US_TAX_ID',
      },
    ]);
  });

  it('reports the same list in the same order for the same request', () => {
    const body = individual({ nationality: 'xx', birthDate: 'soon', fullName: 1, extra: true });
    const first = harness().call('POST', '/customers', body).body;
    const second = harness().call('POST', '/customers', body).body;
    expect(second).toEqual(first);
  });
});

describe('valid bodies', () => {
  it('accepts an individual with only the required fields', () => {
    const body = create(harness(), { customerType: 'INDIVIDUAL', platformCustomerId: 'min-1', fullName: 'Min Imal' });
    expect(body).toMatchObject({ customerType: 'INDIVIDUAL', platformCustomerId: 'min-1', fullName: 'Min Imal', agreementConsents: [] });
    expect(body).not.toHaveProperty('address');
  });

  it('accepts a birthDate of today, a non-US postal code, and every EDD field', () => {
    const body = create(
      harness(),
      individual({
        birthDate: '2026-01-05',
        address: { line1: '10 Downing St', line2: 'Flat 1', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' },
        sourceOfFunds: 'Salary',
        sourceOfWealth: 'Savings',
        purposeOfAccount: 'Remittances',
        expectedMonthlyTransactionCount: 12,
        expectedMonthlyTransactionVolume: 250_000,
        incomeRange: '50K_TO_100K',
        netWorthRange: '50K_TO_250K',
        politicallyExposedPerson: false,
      }),
    );
    expect(body).toMatchObject({ birthDate: '2026-01-05', politicallyExposedPerson: false, expectedMonthlyTransactionVolume: 250_000 });
    expect(body.address).toEqual({ line1: '10 Downing St', line2: 'Flat 1', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' });
  });

  it('accepts a ZIP+4 postal code for a US address', () => {
    create(harness(), individual({ address: { ...usAddress, postalCode: '62701-1234' } }));
  });

  it('accepts a business with only legalName in businessInfo', () => {
    const body = create(harness(), { customerType: 'BUSINESS', platformCustomerId: 'b-min', businessInfo: { legalName: 'Acme' } });
    expect(body).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED', businessInfo: { legalName: 'Acme' } });
  });
});
