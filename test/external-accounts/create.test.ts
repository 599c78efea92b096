/**
 * POST /customers/external-accounts and POST /platform/external-accounts: the response shape of
 * every account type (identifiers masked but the last four), the event, the fixed order of
 * refusals (400 fields, 404 CUSTOMER_NOT_FOUND, 400 INVALID_BANK_ACCOUNT, 409 duplicate), the
 * beneficiary verification status from the sandbox suffix table, and the currency rule.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { EXTERNAL_ACCOUNT_TYPES } from '../../src/domains/external-accounts/types.js';
import { AUTH, harness } from '../support/harness.js';
import {
  CURRENCY_OF,
  PERSON,
  ROUTING,
  accountInfoOf,
  createCustomer,
  customerBody,
  expectRejected,
  germanIban,
} from './fixtures.js';

const AT = '2026-01-05T16:00:00.000Z';

describe('POST /customers/external-accounts', () => {
  it('accepts the reference\'s paymentRails, beneficiary contact fields and countryOfResidence, and answers them (issue 12)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = customerBody(customerId, 'USD_ACCOUNT', '790') as { accountInfo: Record<string, unknown> };
    const accountInfo = { ...body.accountInfo, paymentRails: ['ACH', 'WIRE'], beneficiary: { ...PERSON, countryOfResidence: 'US', email: 'jane@example.com', phoneNumber: '+14155551234' } };
    const created = h.call('POST', '/customers/external-accounts', { ...body, accountInfo });
    expect(created.status).toBe(201);
    expect((created.body as any).accountInfo).toMatchObject({ paymentRails: ['ACH', 'WIRE'], beneficiary: { countryOfResidence: 'US', email: 'jane@example.com' } });
    const wrongRail = h.call('POST', '/customers/external-accounts', { ...body, accountInfo: { ...accountInfo, paymentRails: ['SEPA'] } });
    expect(wrongRail.status).toBe(400);
  });


  it('issue 12, reference defaultUmaDepositAccount: stored and answered when true, at most one per customer (a newer default takes it over), absent means false', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const otherCustomerId = createCustomer(h, 'user-2');
    const first = h.call('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '791'), defaultUmaDepositAccount: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ defaultUmaDepositAccount: true });
    expect((first.events[0] as any).data.account.defaultUmaDepositAccount).toBe(true);
    const firstId = (first.body as any).id as string;
    const elsewhere = h.ok('POST', '/customers/external-accounts', { ...customerBody(otherCustomerId, 'USD_ACCOUNT', '792'), defaultUmaDepositAccount: true });
    const plain = h.ok('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '793'), defaultUmaDepositAccount: false });
    expect(plain).not.toHaveProperty('defaultUmaDepositAccount');
    expect(h.ok('GET', `/customers/external-accounts/${firstId}`).defaultUmaDepositAccount).toBe(true);
    const second = h.ok('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '794'), defaultUmaDepositAccount: true });
    expect(second.defaultUmaDepositAccount).toBe(true);
    expect(h.ok('GET', `/customers/external-accounts/${firstId}`)).not.toHaveProperty('defaultUmaDepositAccount');
    expect(h.ok('GET', `/customers/external-accounts/${elsewhere.id}`).defaultUmaDepositAccount).toBe(true);
    const bad = h.call('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '795'), defaultUmaDepositAccount: 'yes' });
    expectRejected(bad, 400, 'INVALID_INPUT');
  });

  it('issue 12, defaultUmaDepositAccount: the one-per-customer index follows deletes and survives a snapshot (a restored default is still taken over)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const first = h.ok('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '801'), defaultUmaDepositAccount: true });
    expect(h.call('DELETE', `/customers/external-accounts/${first.id}`).status).toBe(204);
    expect(h.engine.state.externalAccounts.defaultUmaDepositByOwner.has(customerId)).toBe(false);
    const second = h.ok('POST', '/customers/external-accounts', { ...customerBody(customerId, 'USD_ACCOUNT', '802'), defaultUmaDepositAccount: true });
    const restored = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) });
    expect([...restored.state.externalAccounts.defaultUmaDepositByOwner]).toEqual([[customerId, second.id]]);
    const replayed = createEngine({ events: h.log });
    expect([...replayed.state.externalAccounts.defaultUmaDepositByOwner]).toEqual([[customerId, second.id]]);
    // A default created after the restore takes the flag from the restored holder.
    const third = restored.handle({ method: 'POST', path: '/customers/external-accounts', headers: { authorization: AUTH }, body: { ...customerBody(customerId, 'USD_ACCOUNT', '803'), defaultUmaDepositAccount: true } }, { now: AT });
    expect(third.response.status).toBe(201);
    expect(restored.state.externalAccounts.byId.get(second.id as string)).not.toHaveProperty('defaultUmaDepositAccount');
    expect(restored.state.externalAccounts.defaultUmaDepositByOwner.get(customerId)).toBe((third.response.body as { id: string }).id);
  });

  it('answers 201 with the account: PENDING_OWNERSHIP_VERIFICATION, not trusted, account number masked', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const response = h.call('POST', '/customers/external-accounts', customerBody(customerId, 'USD_ACCOUNT', '789', { platformAccountId: 'ref-1' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^ExternalAccount:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      customerId,
      platformAccountId: 'ref-1',
      currency: 'USD',
      status: 'PENDING_OWNERSHIP_VERIFICATION',
      beneficiaryVerificationStatus: 'MATCHED',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '****5789',
        routingNumber: ROUTING,
        bankAccountType: 'CHECKING',
        // The reference's UsdExternalAccountInfo requires paymentRails: every rail of the type when the request named none.
        paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
        beneficiary: PERSON,
      },
      isTrusted: false,
      createdAt: AT,
      updatedAt: AT,
    });
    expect(Object.keys(response.body as object)).toEqual([
      'id', 'customerId', 'platformAccountId', 'currency', 'status', 'beneficiaryVerificationStatus', 'accountInfo', 'isTrusted', 'createdAt', 'updatedAt',
    ]);
  });

  it('writes one ExternalAccountCreated holding the unmasked record, version 1, JSON-safe', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const response = h.call('POST', '/customers/external-accounts', customerBody(customerId));
    expect(response.events.map((e) => e.type)).toEqual(['ExternalAccountCreated']);
    const event = response.events[0]!;
    expect(event.version).toBe(1);
    expect(JSON.parse(JSON.stringify(event.data))).toEqual(event.data);
    expect((event.data as any).account).toMatchObject({
      id: (response.body as any).id,
      accountInfo: { accountNumber: '12345789' },
      isTrusted: false,
      status: 'PENDING_OWNERSHIP_VERIFICATION',
    });
    expect(JSON.stringify(event.data)).not.toContain('bankName');
  });

  it.each([
    ['USD_ACCOUNT', { accountNumber: '****5789' }],
    ['EUR_ACCOUNT', { iban: `${'*'.repeat(18)}3789`, swiftCode: 'COBADEFFXXX' }],
    ['MXN_ACCOUNT', { clabe: expect.stringMatching(/^\*{14}\d789$/) }],
    ['GBP_ACCOUNT', { accountNumber: '****5789', sortCode: '200000' }],
    ['SPARK_WALLET', { address: expect.stringMatching(/^spark1.*789$/) }],
    ['LIGHTNING', { address: 'alice789@example.com' }],
    ['SOLANA_WALLET', { address: expect.stringMatching(/789$/) }],
    ['ETHEREUM_WALLET', { address: '0xababababababababababababababababababc789' }],
    ['BASE_WALLET', { address: '0xababababababababababababababababababc789' }],
  ] as const)('creates a %s and masks only account identifiers (%o)', (type, shown) => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = h.ok('POST', '/customers/external-accounts', customerBody(customerId, type));
    expect(body.currency).toBe(CURRENCY_OF[type]);
    expect(body.accountInfo).toMatchObject({ accountType: type, ...shown });
    expect(h.ok('GET', `/customers/external-accounts/${body.id}`)).toEqual(body);
  });

  it('stores the IBAN in electronic form whatever spacing and case the request used', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const iban = germanIban('000');
    const printed = iban.toLowerCase().replace(/(.{4})/g, '$1 ').trim();
    const response = h.call('POST', '/customers/external-accounts', {
      customerId,
      currency: 'EUR',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: printed, beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Acme GmbH' } },
    });
    expect(response.status).toBe(201);
    expect((response.events[0]!.data as any).account.accountInfo.iban).toBe(iban);
  });

  it('accepts a business beneficiary with an address and an individual with birth date and nationality', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const address = { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' };
    const business = { beneficiaryType: 'BUSINESS', legalName: 'Acme Corp', address };
    const person = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', birthDate: '1990-04-12', nationality: 'US', address };
    for (const [suffix, beneficiary] of [['701', business], ['702', person]] as const) {
      const body = h.ok('POST', '/customers/external-accounts', {
        customerId,
        currency: 'USD',
        accountInfo: { ...accountInfoOf('USD_ACCOUNT', suffix), bankName: 'Chase', bankAccountType: 'SAVINGS', beneficiary },
      });
      expect(body.accountInfo.beneficiary).toEqual(beneficiary);
      expect(body.accountInfo.bankName).toBe('Chase');
    }
  });

  it('rejects an unknown customerId with 404 CUSTOMER_NOT_FOUND', () => {
    const h = harness();
    createCustomer(h);
    expectRejected(h.call('POST', '/customers/external-accounts', customerBody('Customer:missing')), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('checks the fields before the customer: a bad body with an unknown customer is 400', () => {
    const h = harness();
    const body = expectRejected(
      h.call('POST', '/customers/external-accounts', { ...customerBody('Customer:missing'), currency: 'EUR' }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: any) => e.field)).toEqual(['currency']);
  });
});

describe('validation lists every invalid field', () => {
  it('lists all invalid fields of a USD account at once, sorted, with dot paths', () => {
    const h = harness();
    const body = expectRejected(
      h.call('POST', '/customers/external-accounts', {
        currency: 'EUR',
        extra: 1,
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          accountNumber: '12a',
          routingNumber: '021000022',
          bankAccountType: 'BROKERAGE',
          beneficiary: { beneficiaryType: 'INDIVIDUAL' },
        },
      }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: any) => e.field)).toEqual([
      'accountInfo.accountNumber',
      'accountInfo.bankAccountType',
      'accountInfo.beneficiary.fullName',
      'accountInfo.routingNumber',
      'currency',
      'customerId',
      'extra',
    ]);
    const byField = Object.fromEntries(body.details.errors.map((e: any) => [e.field, e]));
    expect(byField['accountInfo.bankAccountType'].constraint).toEqual({ enum: ['CHECKING', 'SAVINGS'] });
    expect(byField['currency']).toEqual({ field: 'currency', constraint: { enum: ['USD'] }, message: 'currency must be USD for USD_ACCOUNT' });
    expect(byField['customerId'].message).toBe('customerId is required');
    expect(byField['accountInfo.routingNumber'].message).toContain('ABA');
  });

  it('requires bankAccountType for USD_ACCOUNT (spec: CustomerExternalAccountCreateRequest)', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const { bankAccountType: _omitted, ...accountInfo } = accountInfoOf('USD_ACCOUNT');
    const body = expectRejected(h.call('POST', '/customers/external-accounts', { customerId, currency: 'USD', accountInfo }), 400, 'INVALID_INPUT');
    expect(body.details.errors).toEqual([
      { field: 'accountInfo.bankAccountType', constraint: { enum: ['CHECKING', 'SAVINGS'] }, message: 'accountInfo.bankAccountType is required' },
    ]);
  });

  it('names an unknown accountType with the accepted values', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(
      h.call('POST', '/customers/external-accounts', { customerId, currency: 'USD', accountInfo: { accountType: 'CARD' } }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors).toEqual([
      {
        field: 'accountInfo.accountType',
        // The reference's 46 account types (test/external-accounts/account-types.test.ts checks the list).
        constraint: { enum: [...EXTERNAL_ACCOUNT_TYPES] },
        message: expect.stringContaining('accountInfo.accountType must be one of'),
      },
    ]);
  });

  it.each([
    ['EUR_ACCOUNT', { iban: 'DE89370400440532013001' }, 'accountInfo.iban', 'mod-97'],
    ['EUR_ACCOUNT', { iban: 'SA0380000000608010167519' }, 'accountInfo.iban', 'SEPA'],
    ['EUR_ACCOUNT', { swiftCode: 'COBADE' }, 'accountInfo.swiftCode', 'BIC'],
    ['MXN_ACCOUNT', { clabe: '032180000118359718' }, 'accountInfo.clabe', 'check digit'],
    ['MXN_ACCOUNT', { clabe: '0321800001183597' }, 'accountInfo.clabe', '18 digits'],
    ['GBP_ACCOUNT', { sortCode: '20-00-00' }, 'accountInfo.sortCode', '6 digits'],
    ['GBP_ACCOUNT', { accountNumber: '1234567' }, 'accountInfo.accountNumber', '8 digits'],
    ['SOLANA_WALLET', { address: '0xababababababababababababababababababc789' }, 'accountInfo.address', 'Solana'],
    ['ETHEREUM_WALLET', { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }, 'accountInfo.address', 'EIP-55'],
    ['SPARK_WALLET', { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, 'accountInfo.address', 'Spark'],
    ['LIGHTNING', { address: 'alice@localhost' }, 'accountInfo.address', 'Lightning'],
  ])('rejects a %s with %o at %s', (type, patch, field, words) => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(
      h.call('POST', '/customers/external-accounts', { customerId, currency: CURRENCY_OF[type], accountInfo: { ...accountInfoOf(type), ...patch } }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors).toHaveLength(1);
    expect(body.details.errors[0].field).toBe(field);
    expect(body.details.errors[0].message).toContain(words);
  });

  it('requires a beneficiary on bank accounts but not on wallets', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const { beneficiary: _b, ...bank } = accountInfoOf('MXN_ACCOUNT');
    const body = expectRejected(h.call('POST', '/customers/external-accounts', { customerId, currency: 'MXN', accountInfo: bank }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: any) => [e.field, e.message])).toEqual([['accountInfo.beneficiary', 'accountInfo.beneficiary is required for bank accounts']]);
    expect(h.call('POST', '/customers/external-accounts', customerBody(customerId, 'LIGHTNING')).status).toBe(201);
  });

  it('rejects a beneficiary born in the future and fields of the other beneficiary type', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(
      h.call('POST', '/customers/external-accounts', {
        customerId,
        currency: 'USD',
        accountInfo: { ...accountInfoOf('USD_ACCOUNT'), beneficiary: { ...PERSON, birthDate: '2026-01-06', legalName: 'X' } },
      }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: any) => e.field)).toEqual(['accountInfo.beneficiary.birthDate', 'accountInfo.beneficiary.legalName']);
  });

  it.each([
    ['USD_ACCOUNT', 'EUR', ['USD']],
    ['EUR_ACCOUNT', 'USD', ['EUR']],
    ['MXN_ACCOUNT', 'USD', ['MXN']],
    ['GBP_ACCOUNT', 'EUR', ['GBP']],
    ['SPARK_WALLET', 'USDC', ['BTC']],
    ['LIGHTNING', 'USD', ['BTC']],
    ['SOLANA_WALLET', 'BTC', ['USDC', 'USDT']],
    ['ETHEREUM_WALLET', 'USD', ['USDC', 'USDT']],
    ['BASE_WALLET', 'USDT', ['USDC']],
  ] as const)('rejects a %s in %s: the currency must be one of %o', (type, currency, allowed) => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(h.call('POST', '/customers/external-accounts', { ...customerBody(customerId, type), currency }), 400, 'INVALID_INPUT');
    expect(body.details.errors).toEqual([{ field: 'currency', constraint: { enum: allowed }, message: expect.any(String) }]);
  });

  it('rejects a body that is not an object, and unknown currencies', () => {
    const h = harness();
    expectRejected(h.call('POST', '/customers/external-accounts', '[]'), 400, 'INVALID_INPUT');
    const body = expectRejected(h.call('POST', '/customers/external-accounts', { customerId: 'c', currency: 'XYZ', accountInfo: accountInfoOf('USD_ACCOUNT') }), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: any) => e.field)).toEqual(['currency']);
  });
});

// Spec: beneficiary name verification suffixes, through the API, one row each.
describe('beneficiaryVerificationStatus from the sandbox suffix table', () => {
  it.each([
    ['102', 'NOT_MATCHED'],
    ['103', 'PARTIAL_MATCH'],
    ['104', 'PENDING'],
    ['106', 'UNSUPPORTED'],
    ['107', 'CHECKED_BY_RECEIVING_FI'],
    ['789', 'MATCHED'],
  ])('an account number ending in %s is created %s', (suffix, status) => {
    const h = harness();
    const customerId = createCustomer(h);
    expect(h.ok('POST', '/customers/external-accounts', customerBody(customerId, 'USD_ACCOUNT', suffix)).beneficiaryVerificationStatus).toBe(status);
  });

  it.each(['USD_ACCOUNT', 'EUR_ACCOUNT', 'MXN_ACCOUNT', 'GBP_ACCOUNT', 'LIGHTNING', 'ETHEREUM_WALLET'])(
    'rejects a %s whose identifier ends in 105 with 400 INVALID_BANK_ACCOUNT',
    (type) => {
      const h = harness();
      const customerId = createCustomer(h);
      const body = expectRejected(h.call('POST', '/customers/external-accounts', customerBody(customerId, type, '105')), 400, 'INVALID_BANK_ACCOUNT');
      expect(body.reason).toContain('105');
    },
  );

  it.each([
    ['EUR_ACCOUNT', '103', 'PARTIAL_MATCH'],
    ['MXN_ACCOUNT', '104', 'PENDING'],
    ['GBP_ACCOUNT', '106', 'UNSUPPORTED'],
    ['LIGHTNING', '102', 'NOT_MATCHED'],
    ['BASE_WALLET', '107', 'CHECKED_BY_RECEIVING_FI'],
  ])('reads the primary identifier of a %s (suffix %s gives %s)', (type, suffix, status) => {
    const h = harness();
    const customerId = createCustomer(h);
    expect(h.ok('POST', '/customers/external-accounts', customerBody(customerId, type, suffix)).beneficiaryVerificationStatus).toBe(status);
  });

  it('reads the username part of a Lightning address, not its domain', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = h.ok('POST', '/customers/external-accounts', {
      customerId,
      currency: 'BTC',
      accountInfo: { accountType: 'LIGHTNING', address: 'bob103@pay102.example.com' },
    });
    expect(body.beneficiaryVerificationStatus).toBe('PARTIAL_MATCH');
  });
});

describe('POST /platform/external-accounts', () => {
  it('creates a platform-owned account without customerId', () => {
    const h = harness();
    const body = h.ok('POST', '/platform/external-accounts', { currency: 'EUR', platformAccountId: 'treasury-eur', accountInfo: accountInfoOf('EUR_ACCOUNT') });
    expect(body).toMatchObject({ platformAccountId: 'treasury-eur', currency: 'EUR', status: 'PENDING_OWNERSHIP_VERIFICATION', isTrusted: false });
    expect(body).not.toHaveProperty('customerId');
    expect(h.ok('GET', `/platform/external-accounts/${body.id}`)).toEqual(body);
  });

  it('rejects a customerId on the platform route as an unknown field', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const body = expectRejected(h.call('POST', '/platform/external-accounts', customerBody(customerId)), 400, 'INVALID_INPUT');
    expect(body.details.errors).toEqual([{ field: 'customerId', message: 'Unknown field' }]);
  });
});
