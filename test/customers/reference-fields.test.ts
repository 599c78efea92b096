/**
 * The reference's Customer fields (issue 12): `region`, `currencies`, `email`, `phoneNumber` and
 * the fuller `businessInfo` (entityType, businessType, countriesOfOperation, ...) accepted on
 * create and PATCH with the reference's validation, answered on reads, and `GET /customers`
 * filtered by `currency`. Old records with the engine's first businessInfo names still read.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { business, create, individual, invalidFields } from './fixtures.js';

const FULL_BUSINESS_INFO = {
  legalName: 'Acme Corporation',
  doingBusinessAs: 'Acme',
  country: 'US',
  registrationNumber: '5523041',
  incorporatedOn: '2018-03-14',
  entityType: 'LLC',
  taxId: '47-1234567',
  countriesOfOperation: ['US'],
  businessType: 'INFORMATION',
  purposeOfAccount: 'CONTRACTOR_PAYOUTS',
  sourceOfFunds: 'Funds derived from customer payments for software services',
  expectedMonthlyTransactionCount: 'COUNT_100_TO_500',
  expectedMonthlyTransactionVolume: 'VOLUME_100K_TO_1M',
  expectedRecipientJurisdictions: ['US', 'MX'],
  naicsCode: '541511',
  sourceOfFundsCategories: ['OPERATING_REVENUE', 'OTHER'],
  sourceOfFundsOtherDescription: 'Proceeds from a legal settlement',
  purposeOfAccountOtherDescription: 'Escrow for equipment leases',
  expectedCounterpartyCountries: ['US'],
  primaryContactFirstName: 'Jane',
  primaryContactLastName: 'Smith',
};

describe('Customer contact fields (reference Customer)', () => {
  it('accepts region, currencies, email and phoneNumber on create and answers them on reads', () => {
    const h = harness();
    const body = create(h, individual({ region: 'US', currencies: ['USD', 'USDC'], email: 'jane.smith@example.com', phoneNumber: '+14155551234' }));
    expect(body).toMatchObject({ region: 'US', currencies: ['USD', 'USDC'], email: 'jane.smith@example.com', phoneNumber: '+14155551234' });
    expect(h.ok('GET', `/customers/${body.id}`)).toEqual(body);
    expect(Object.keys(body).slice(0, 8)).toEqual(['id', 'platformCustomerId', 'customerType', 'region', 'currencies', 'email', 'phoneNumber', 'umaAddress']);
  });

  it('omits the fields a customer was not given (never null)', () => {
    const body = create(harness(), individual());
    for (const field of ['region', 'currencies', 'email', 'phoneNumber']) expect(body).not.toHaveProperty(field);
  });

  it.each([
    ['phoneNumber must be strict E.164 (no spaces)', { phoneNumber: '+1 415 555 1234' }, ['phoneNumber']],
    ['phoneNumber must start with + and a non-zero digit', { phoneNumber: '+04155551234' }, ['phoneNumber']],
    ['phoneNumber holds at most 15 digits', { phoneNumber: '+1234567890123456' }, ['phoneNumber']],
    ['email must be an email address', { email: 'jane.smith' }, ['email']],
    ['region must be an assigned ISO 3166-1 alpha-2 code', { region: 'XX' }, ['region']],
    ['region must be upper-case alpha-2', { region: 'usa' }, ['region']],
    ['currencies entries must be supported currency codes', { currencies: ['USD', 'XYZ'] }, ['currencies[1]']],
    ['currencies must be an array', { currencies: 'USD' }, ['currencies']],
    ['a currency appears once in currencies', { currencies: ['USD', 'EUR', 'USD'] }, ['currencies[2]']],
  ])('refuses on create: %s', (_rule, overrides, fields) => {
    expect(invalidFields(harness().call('POST', '/customers', individual(overrides)))).toEqual(fields);
  });

  it('PATCH sets currencies, email and phoneNumber; currencies replaces the whole list', () => {
    const h = harness();
    const customer = create(h, individual({ currencies: ['USD'] }));
    expect(h.ok('PATCH', `/customers/${customer.id}`, { currencies: ['USD', 'EUR', 'USDC'] }).currencies).toEqual(['USD', 'EUR', 'USDC']);
    expect(h.ok('PATCH', `/customers/${customer.id}`, { email: 'new@example.com' }).email).toBe('new@example.com');
    const patched = h.ok('PATCH', `/customers/${customer.id}`, { phoneNumber: '+14155559876' });
    expect(patched).toMatchObject({ currencies: ['USD', 'EUR', 'USDC'], email: 'new@example.com', phoneNumber: '+14155559876' });
  });

  it('PATCH refuses email and phoneNumber in one request (the reference: update them in separate calls)', () => {
    const h = harness();
    const customer = create(h, individual());
    const response = h.call('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', email: 'john.smith@example.com', phoneNumber: '+14155559876' });
    expect(invalidFields(response)).toEqual(['email', 'phoneNumber']);
    expect(response.events).toEqual([]);
  });

  it('create accepts email and phoneNumber together (the separate-calls rule is the PATCH\'s)', () => {
    const body = create(harness(), business({ email: 'finance@acme.com', phoneNumber: '+14155559876' }));
    expect(body).toMatchObject({ email: 'finance@acme.com', phoneNumber: '+14155559876' });
  });

  it('PATCH refuses region: the reference\'s CustomerUpdateRequest has no region', () => {
    const h = harness();
    const customer = create(h, individual({ region: 'US' }));
    expect(invalidFields(h.call('PATCH', `/customers/${customer.id}`, { region: 'MX' }))).toEqual(['region']);
  });
});

describe('platformCustomerId generated when absent (reference CustomerCreateRequest)', () => {
  it('a create without platformCustomerId gets the uuid of its own id, and its UMA address from it', () => {
    const h = harness();
    const { platformCustomerId: _p, ...body } = individual();
    const created = create(h, body);
    const uuid = created.id.slice('Customer:'.length);
    expect(created.platformCustomerId).toBe(uuid);
    expect(created.umaAddress).toBe(`$${uuid}@sandbox.uma.example`);
    expect(h.ok('GET', `/customers?platformCustomerId=${uuid}`).data.map((c: { id: string }) => c.id)).toEqual([created.id]);
  });

  it('a business without one too; an empty platformCustomerId is still refused', () => {
    const h = harness();
    const { platformCustomerId: _p, ...body } = business();
    expect(create(h, body).platformCustomerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(invalidFields(h.call('POST', '/customers', individual({ platformCustomerId: '' })))).toEqual(['platformCustomerId']);
  });
});

describe('businessInfo as the reference\'s BusinessInfo', () => {
  it('accepts every field of the reference on create and answers them', () => {
    const h = harness();
    const body = create(h, business({ businessInfo: FULL_BUSINESS_INFO }));
    expect(body.businessInfo).toEqual(FULL_BUSINESS_INFO);
    expect(h.ok('GET', `/customers/${body.id}`).businessInfo).toEqual(FULL_BUSINESS_INFO);
  });

  it.each([
    ['entityType from the reference enum', { entityType: 'LIMITED' }, ['businessInfo.entityType']],
    ['businessType from the reference enum', { businessType: 'SOFTWARE' }, ['businessInfo.businessType']],
    ['purposeOfAccount from the reference enum', { purposeOfAccount: 'SAVINGS' }, ['businessInfo.purposeOfAccount']],
    ['expectedMonthlyTransactionCount is a band, not a number', { expectedMonthlyTransactionCount: 200 }, ['businessInfo.expectedMonthlyTransactionCount']],
    ['expectedMonthlyTransactionVolume is a band', { expectedMonthlyTransactionVolume: 'VOLUME_ANY' }, ['businessInfo.expectedMonthlyTransactionVolume']],
    ['countriesOfOperation entries are ISO codes', { countriesOfOperation: ['US', 'USA'] }, ['businessInfo.countriesOfOperation[1]']],
    ['expectedRecipientJurisdictions entries are ISO codes', { expectedRecipientJurisdictions: ['ZZ'] }, ['businessInfo.expectedRecipientJurisdictions[0]']],
    ['expectedCounterpartyCountries entries are ISO codes', { expectedCounterpartyCountries: ['mx'] }, ['businessInfo.expectedCounterpartyCountries[0]']],
    ['naicsCode is 2 to 6 digits', { naicsCode: '5415111' }, ['businessInfo.naicsCode']],
    ['sourceOfFundsCategories from the reference enum', { sourceOfFundsCategories: ['SALARY'] }, ['businessInfo.sourceOfFundsCategories[0]']],
    ['sourceOfFundsOtherDescription at most 500 characters', { sourceOfFundsOtherDescription: 'x'.repeat(501) }, ['businessInfo.sourceOfFundsOtherDescription']],
    ['primaryContactFirstName at most 250 characters', { primaryContactFirstName: 'x'.repeat(251) }, ['businessInfo.primaryContactFirstName']],
    ['incorporatedOn is a real date', { incorporatedOn: '2018-02-30' }, ['businessInfo.incorporatedOn']],
    ['taxIdentifier is not a field (the reference says taxId)', { taxIdentifier: '47-1234567' }, ['businessInfo.taxIdentifier']],
  ])('refuses on create: %s', (_rule, info, fields) => {
    const response = harness().call('POST', '/customers', business({ businessInfo: { legalName: 'Acme', ...info } }));
    expect(invalidFields(response)).toEqual(fields);
  });

  it('PATCH validates businessInfo fields as create does, without requiring legalName', () => {
    const h = harness();
    const customer = create(h, business());
    expect(h.ok('PATCH', `/customers/${customer.id}`, { businessInfo: { taxId: 'EIN-123456789' } }).businessInfo).toEqual({
      legalName: 'Acme Corp',
      registrationNumber: 'REG-42',
      taxId: 'EIN-123456789',
    });
    expect(invalidFields(h.call('PATCH', `/customers/${customer.id}`, { businessInfo: { country: 'United States' } }))).toEqual(['businessInfo.country']);
  });

  it('answers a record written with the engine\'s first names (old log) under the reference\'s names, and a PATCH merges into them', () => {
    const h = harness();
    const customer = create(h, business());
    const events = h.log.map((event) =>
      event.type === 'CustomerCreated'
        ? { ...event, data: { customer: { ...(event.data as any).customer, businessInfo: { legalName: 'Acme Corp', countryOfIncorporation: 'US', incorporationDate: '2018-03-14', taxIdentifier: 'T-1' } } } }
        : event,
    );
    // Replay links events by seq and prevHash fields (hashes are recomputed only by an audit), so the edited data replays.
    const replayed = harness({ events: events as never }, h.now);
    expect(replayed.ok('GET', `/customers/${customer.id}`).businessInfo).toEqual({ legalName: 'Acme Corp', country: 'US', incorporatedOn: '2018-03-14', taxId: 'T-1' });
    expect(replayed.ok('PATCH', `/customers/${customer.id}`, { businessInfo: { taxId: 'T-2' } }).businessInfo).toEqual({
      legalName: 'Acme Corp',
      country: 'US',
      incorporatedOn: '2018-03-14',
      taxId: 'T-2',
    });
  });
});

describe('GET /customers?currency= (reference listCustomers)', () => {
  it('returns the customers whose currencies list holds the code', () => {
    const h = harness();
    create(h, individual({ platformCustomerId: 'usd-only', currencies: ['USD'] }));
    create(h, individual({ platformCustomerId: 'usd-eur', currencies: ['USD', 'EUR'] }));
    create(h, individual({ platformCustomerId: 'none' }));
    const ids = (query: string) => (h.ok('GET', `/customers?${query}`).data as { platformCustomerId: string }[]).map((c) => c.platformCustomerId);
    expect(ids('currency=EUR')).toEqual(['usd-eur']);
    expect(ids('currency=USD')).toEqual(['usd-only', 'usd-eur']);
    expect(ids('currency=BRL')).toEqual([]);
    expect(h.ok('GET', '/customers?currency=USD&limit=1').totalCount).toBe(2);
  });

  it('pages with a cursor bound to the currency filter', () => {
    const h = harness();
    for (const id of ['a', 'b', 'c']) create(h, individual({ platformCustomerId: id, currencies: ['USD'] }));
    const first = h.ok('GET', '/customers?currency=USD&limit=2');
    expect(first.hasMore).toBe(true);
    const cursor = encodeURIComponent(first.nextCursor);
    expect(h.ok('GET', `/customers?currency=USD&limit=2&cursor=${cursor}`).data.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(['c']);
    expect(invalidFields(h.call('GET', `/customers?currency=EUR&limit=2&cursor=${cursor}`))).toEqual(['cursor']);
  });

  it('refuses a currency that is not a code', () => {
    expect(invalidFields(harness().call('GET', '/customers?currency=us%20dollars'))).toEqual(['currency']);
  });

  it('filters region by the customer\'s region, else its address country', () => {
    const h = harness();
    create(h, individual({ platformCustomerId: 'mx-region', region: 'MX' }));
    create(h, individual({ platformCustomerId: 'us-address' }));
    const ids = (query: string) => (h.ok('GET', `/customers?${query}`).data as { platformCustomerId: string }[]).map((c) => c.platformCustomerId);
    expect(ids('region=MX')).toEqual(['mx-region']);
    expect(ids('region=US')).toEqual(['us-address']);
  });
});

describe('an individual\'s reference EDD fields (reference CustomerEdd, IndividualCustomerFields)', () => {
  const EDD = {
    idType: 'ITIN',
    sourceOfFundsCategories: ['SALARY', 'OTHER'],
    sourceOfFundsOtherDescription: 'Contest winnings',
    sourceOfWealthCategories: ['SALARY', 'INVESTMENTS'],
    sourceOfWealthOtherDescription: 'Royalty income from published works',
    purposeOfAccount: 'P2P_TRANSFERS',
    purposeOfAccountOtherDescription: 'Household budgeting between spouses',
    expectedMonthlyTransactionCount: 'COUNT_10_TO_100',
    expectedMonthlyTransactionVolume: 'VOLUME_10K_TO_100K',
    annualIncomeRange: 'RANGE_100K_250K',
    netWorthRange: 'RANGE_500K_1M',
    pepStatus: 'NONE',
  };

  it('accepts the reference\'s values on create and PATCH and answers them', () => {
    const h = harness();
    const body = create(h, individual(EDD));
    expect(body).toMatchObject(EDD);
    const patched = h.ok('PATCH', `/customers/${body.id}`, { pepStatus: 'DOMESTIC', expectedMonthlyTransactionCount: 'COUNT_OVER_1000' });
    expect(patched).toMatchObject({ pepStatus: 'DOMESTIC', expectedMonthlyTransactionCount: 'COUNT_OVER_1000' });
  });

  it('still accepts the engine\'s first forms (integer count and volume, its net worth bands)', () => {
    const body = create(harness(), individual({ expectedMonthlyTransactionCount: 40, expectedMonthlyTransactionVolume: 250_000, netWorthRange: '50K_TO_250K' }));
    expect(body).toMatchObject({ expectedMonthlyTransactionCount: 40, expectedMonthlyTransactionVolume: 250_000, netWorthRange: '50K_TO_250K' });
  });

  it.each([
    ['pepStatus from the reference enum', { pepStatus: 'YES' }, ['pepStatus']],
    ['annualIncomeRange from the reference enum', { annualIncomeRange: 'RANGE_1M_5M' }, ['annualIncomeRange']],
    ['sourceOfFundsCategories entries from the reference enum', { sourceOfFundsCategories: ['SALARY', 'OPERATING_REVENUE'] }, ['sourceOfFundsCategories[1]']],
    ['sourceOfWealthCategories entries from the reference enum', { sourceOfWealthCategories: ['LOTTERY'] }, ['sourceOfWealthCategories[0]']],
    ['expectedMonthlyTransactionCount is an integer or a band', { expectedMonthlyTransactionCount: 'COUNT_MANY' }, ['expectedMonthlyTransactionCount']],
    ['expectedMonthlyTransactionVolume is not negative', { expectedMonthlyTransactionVolume: -1 }, ['expectedMonthlyTransactionVolume']],
    ['purposeOfAccountOtherDescription at most 500 characters', { purposeOfAccountOtherDescription: 'x'.repeat(501) }, ['purposeOfAccountOtherDescription']],
    ['a business has no pepStatus', { customerType: 'BUSINESS', fullName: undefined, businessInfo: { legalName: 'Acme' }, pepStatus: 'NONE' }, ['pepStatus']],
  ])('refuses: %s', (_rule, overrides, fields) => {
    const body = JSON.parse(JSON.stringify(individual(overrides)));
    if (body.customerType === 'BUSINESS') for (const key of ['birthDate', 'nationality', 'idType', 'identifier', 'countryOfIssuance']) delete body[key];
    expect(invalidFields(harness().call('POST', '/customers', body))).toEqual(fields);
  });
});
