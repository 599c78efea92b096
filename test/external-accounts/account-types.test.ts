/**
 * The reference's account types (issue 12): the table holds exactly the reference's 46 types,
 * their fields (required, pattern, length, enum) and payment rails; one account of every type,
 * made from the reference's own example, is created on each of the three create routes and
 * answered in the reference's shape; each kind of invalid field is refused with a 400
 * INVALID_INPUT naming its path; a payout quote to a BRL and a CAD account settles, and one to an
 * account whose currency the engine keeps no ledger in is refused; the log replays.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { ACCOUNT_TYPES, type ExternalAccountType } from '../../src/domains/external-accounts/account-types.js';
import { EXTERNAL_ACCOUNT_TYPES, PAYMENT_RAILS_BY_ACCOUNT_TYPE, isBankAccountType } from '../../src/domains/external-accounts/types.js';
import { externalAccountView } from '../../src/domains/external-accounts/view.js';
import { violationsOf } from '../contract/check.js';
import type { Exchange } from '../contract/recorder.js';
import { REFERENCE, deref } from '../contract/reference.js';
import { advanceBy, fund, ledgerBalance, newCustomer, payoutBody, publishRates, setup, START } from '../quotes/support.js';
import { type Harness, harness } from '../support/harness.js';
import { createCustomer } from './fixtures.js';
import { referenceCreateBody } from './reference-accounts.js';

type Json = Record<string, any>;
const SCHEMAS = REFERENCE.components.schemas as Record<string, Json>;
const TYPES = EXTERNAL_ACCOUNT_TYPES as readonly ExternalAccountType[];

/** The reference's schema of `type`, flattened: properties and required names. */
function referenceShape(oneOf: string, type: string): { properties: Record<string, Json>; required: Set<string> } {
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  const walk = (schema: Json): void => {
    const resolved = deref(schema) as Json;
    for (const part of resolved.allOf ?? []) walk(part);
    Object.assign(properties, resolved.properties ?? {});
    for (const name of resolved.required ?? []) required.add(name);
  };
  walk({ $ref: SCHEMAS[oneOf]!.discriminator.mapping[type] });
  return { properties, required };
}

/** Every exchange of a harness, recorded for the contract check. */
function recorded(h: Harness): Exchange[] {
  const exchanges: Exchange[] = [];
  const call = h.call.bind(h);
  h.call = (method, path, body, headers) => {
    const response = call(method, path, body, headers);
    exchanges.push({ method, path: path.split('?')[0]!, status: response.status, body: response.body, source: 'account types' });
    return response;
  };
  return exchanges;
}

describe('the account type table is the reference\'s (issue 12)', () => {
  it('holds exactly the reference\'s ExternalAccountType values', () => {
    expect([...TYPES].sort()).toEqual([...SCHEMAS.ExternalAccountType!.enum].sort());
    expect(TYPES).toHaveLength(46);
  });

  it.each(TYPES.filter(isBankAccountType))('answers the reference\'s paymentRails of a %s', (type) => {
    const rails = referenceShape('ExternalAccountInfoOneOf', type).properties.paymentRails;
    expect(PAYMENT_RAILS_BY_ACCOUNT_TYPE[type]).toEqual(deref(deref(rails).items).enum);
  });

  // USD, EUR, MXN and GBP keep hand-written checks (schema), so only their extra fields are in the table.
  const TABLE_ONLY = TYPES.filter((type) => isBankAccountType(type) && !['USD_ACCOUNT', 'EUR_ACCOUNT', 'MXN_ACCOUNT', 'GBP_ACCOUNT'].includes(type));
  it.each(TABLE_ONLY)('has the reference\'s fields of a %s: required, pattern, lengths, enum', (type) => {
    const { properties, required } = referenceShape('ExternalAccountCreateInfoOneOf', type);
    const fields = ACCOUNT_TYPES[type].fields as Record<string, Json>;
    const named = Object.keys(properties).filter((name) => name !== 'accountType' && name !== 'beneficiary');
    expect(Object.keys(fields).sort()).toEqual(named.sort());
    for (const name of named) {
      const reference = deref(properties[name]) as Json;
      const spec = fields[name]!;
      expect({ name, required: spec.required === true, enum: spec.enum, pattern: spec.pattern }).toEqual({
        name,
        required: required.has(name),
        enum: reference.enum,
        pattern: reference.enum === undefined ? reference.pattern : undefined,
      });
      if (reference.pattern === undefined && reference.enum === undefined) expect([spec.minLength, spec.maxLength]).toEqual([reference.minLength, reference.maxLength]);
    }
  });

  it.each(TABLE_ONLY)('asks of a %s individual beneficiary what the reference requires', (type) => {
    const beneficiary = deref(referenceShape('ExternalAccountCreateInfoOneOf', type).properties.beneficiary).oneOf[0];
    const required = (deref(beneficiary).required as string[]).filter((name) => name !== 'beneficiaryType' && name !== 'fullName');
    expect([...ACCOUNT_TYPES[type].beneficiary.required].sort()).toEqual(required.sort());
  });
});

describe('an account of every reference type, from the reference\'s example (issue 12)', () => {
  it.each(TYPES)('creates a %s on the customer, platform and agent routes, answered in the reference\'s shape', (type) => {
    const h = harness({}, START);
    const exchanges = recorded(h);
    const customerId = createCustomer(h);
    const body = referenceCreateBody(type);
    const customer = h.ok('POST', '/customers/external-accounts', { customerId, ...body });
    const platform = h.ok('POST', '/platform/external-accounts', body);
    const other = createCustomer(h, 'user-2');
    const agent = h.ok('POST', '/agents', { customerId: other, name: 'Bot', policy: { permissions: ['MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'AUTO' } });
    const token = h.ok('POST', `/agents/device-codes/${agent.deviceCode.code}/redeem`, undefined, { authorization: '' }).accessToken as string;
    const mine = h.ok('POST', '/agents/me/external-accounts', body, { authorization: `Bearer ${token}` });
    for (const created of [customer, platform, mine]) {
      expect(created).toMatchObject({ currency: body.currency, status: 'PENDING_OWNERSHIP_VERIFICATION', accountInfo: { accountType: type } });
      if (isBankAccountType(type)) expect(created.accountInfo.paymentRails).toEqual(PAYMENT_RAILS_BY_ACCOUNT_TYPE[type]);
    }
    h.ok('GET', `/customers/external-accounts/${customer.id}`);
    h.ok('GET', `/platform/external-accounts?currency=${body.currency}`);
    expect(violationsOf(exchanges).map((v) => `${v.operation} ${v.status}: ${v.errors.join('; ')}`)).toEqual([]);
  });

  it('replays a log holding every type to the same answers', () => {
    const h = harness({}, START);
    const customerId = createCustomer(h);
    const ids = TYPES.map((type) => h.ok('POST', '/customers/external-accounts', { customerId, ...referenceCreateBody(type) }).id as string);
    const replayed = createEngine({ events: h.log });
    for (const id of ids) {
      const live = h.engine.state.externalAccounts.byId.get(id)!;
      expect(replayed.state.externalAccounts.byId.get(id)).toEqual(live);
      expect(externalAccountView(replayed.state.externalAccounts.byId.get(id)!)).toEqual(externalAccountView(live));
    }
    expect([...replayed.state.externalAccounts.byIdentity.entries()]).toEqual([...h.engine.state.externalAccounts.byIdentity.entries()]);
  });
});

/** A create body for `type` with `change` applied to its accountInfo (`undefined` removes a field). */
function changed(type: ExternalAccountType, change: Json): Json {
  const body = referenceCreateBody(type);
  const accountInfo: Json = { ...body.accountInfo };
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete accountInfo[name];
    else accountInfo[name] = value;
  }
  return { ...body, accountInfo };
}

describe('a refused account names the field (issue 12)', () => {
  it.each([
    ['a missing required field', changed('BRL_ACCOUNT', { pixKey: undefined }), 'accountInfo.pixKey', 'is required'],
    ['a mistyped field', changed('CAD_ACCOUNT', { bankCode: 1 }), 'accountInfo.bankCode', 'must be a string'],
    ['a field off its pattern', changed('NGN_ACCOUNT', { accountNumber: '12345' }), 'accountInfo.accountNumber', 'must be 10 digits'],
    ['a field off its pattern (country prefix)', changed('KES_ACCOUNT', { phoneNumber: '+255712345678' }), 'accountInfo.phoneNumber', 'must be +254 and 9 digits'],
    ['a value outside the enum', changed('XOF_ACCOUNT', { region: 'CM' }), 'accountInfo.region', 'must be one of BJ, CI, SN, TG'],
    ['a field too long', changed('HKD_ACCOUNT', { accountNumber: '1'.repeat(35) }), 'accountInfo.accountNumber', 'at most 34'],
    ['a field the type does not define', changed('THB_ACCOUNT', { iban: 'TH00' }), 'accountInfo.iban', 'Unknown field'],
    ['a field of another type', changed('DKK_ACCOUNT', { clabeNumber: '032180000118359719' }), 'accountInfo.clabeNumber', 'Unknown field'],
    ['accountInfo.countries (in neither document)', changed('SGD_ACCOUNT', { countries: ['SG'] }), 'accountInfo.countries', 'Unknown field'],
    ['a rail the type is not paid over', changed('INR_ACCOUNT', { paymentRails: ['PIX'] }), 'accountInfo.paymentRails[0]', 'must be one of UPI, NEFT, RTGS'],
    ['no identifier where all are optional', changed('INR_ACCOUNT', { vpa: undefined, accountNumber: undefined }), 'accountInfo.accountNumber', 'needs one of accountNumber, vpa'],
    ['a beneficiary without what the type requires', changed('AED_ACCOUNT', { beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } }), 'accountInfo.beneficiary.address', 'is required'],
    ['a beneficiary field the type does not define', changed('BRL_ACCOUNT', { beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'J', documentType: 'CC' } }), 'accountInfo.beneficiary.documentType', 'Unknown field'],
    ['a wallet individual without countryOfResidence', changed('TRON_WALLET', { beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'J' } }), 'accountInfo.beneficiary.countryOfResidence', 'is required'],
    ['a Tron address with a broken checksum', changed('TRON_WALLET', { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' }), 'accountInfo.address', 'valid checksum'],
    ['a Polygon address with a broken EIP-55 checksum', changed('POLYGON_WALLET', { address: '0xAbCDEF1234567890aBCdEf1234567890ABcDef12' }), 'accountInfo.address', 'EIP-55'],
    ['two Lightning destinations', changed('LIGHTNING', { invoice: 'lnbc1qqqq' }), 'accountInfo.invoice', 'exactly one of'],
    ['a CLABE under both spellings', changed('MXN_ACCOUNT', { clabe: '032180000118359719' }), 'accountInfo.clabeNumber', 'must not be given with clabe'],
    ['a currency the type does not hold', { ...changed('PHP_ACCOUNT', {}), currency: 'USD' }, 'currency', 'must be PHP for PHP_ACCOUNT'],
    ['an ownershipType outside the reference\'s enum', { ...changed('TRON_WALLET', {}), ownershipType: 'SELF' }, 'ownershipType', 'must be one of FIRST_PARTY, THIRD_PARTY'],
  ] as const)('refuses %s', (_name, body, field, message) => {
    const h = harness({}, START);
    const customerId = createCustomer(h);
    const response = h.call('POST', '/customers/external-accounts', { customerId, ...body });
    expect(response.status).toBe(400);
    const answer = response.body as Json;
    expect(answer.code).toBe('INVALID_INPUT');
    expect(answer.details.errors).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(message) }));
    expect(response.events).toEqual([]);
  });

  it('accepts the reference\'s ownershipType on the three routes, stores it in the event and answers it', () => {
    const h = harness({}, START);
    const customerId = createCustomer(h);
    const created = h.call('POST', '/customers/external-accounts', { customerId, ownershipType: 'THIRD_PARTY', ...referenceCreateBody('TRON_WALLET') });
    expect(created.body).toMatchObject({ ownershipType: 'THIRD_PARTY' });
    expect((created.events[0]!.data as Json).account.ownershipType).toBe('THIRD_PARTY');
    expect(h.ok('POST', '/platform/external-accounts', { ownershipType: 'FIRST_PARTY', ...referenceCreateBody('HKD_ACCOUNT') }).ownershipType).toBe('FIRST_PARTY');
    // Without one, none is answered (the reference's ExternalAccount has it optional).
    expect(h.ok('POST', '/platform/external-accounts', referenceCreateBody('VND_ACCOUNT'))).not.toHaveProperty('ownershipType');
  });

  it('accepts the reference\'s clabeNumber spelling and answers both spellings', () => {
    const h = harness({}, START);
    const created = h.ok('POST', '/customers/external-accounts', { customerId: createCustomer(h), ...referenceCreateBody('MXN_ACCOUNT') });
    expect(created.accountInfo).toMatchObject({ clabe: '**************9719', clabeNumber: '**************9719' });
  });

  it('accepts each Lightning destination of the reference: lightningAddress, invoice, bolt12', () => {
    const h = harness({}, START);
    const customerId = createCustomer(h);
    for (const destination of [{ lightningAddress: 'john.doe@lightningwallet.com' }, { invoice: 'lnbc15u1p3xnhl2pp5jptserfk3zk4qy42tlucycrfwxhydvlemu9pqr93tuzlv9cc7g3sdqsvfhkcap3xyhx7un8cqzpgxqzjcsp5f8c52y2stc300gl6s4xswtjpc37hrnnr3c9wvtgjfuvqmpm35evq9qyyssqy4lgd8tj637qcjp05rdpxxykjenthxftej7a2zzmwrmrl70fyj9hvj0rewhzj7jfyuwkwcg9g2jpwtk3wkjtwnkdks84hsnu8xps5vsq4gj5hs' }, { bolt12: 'lno1qcp4256ypq' }]) {
      const created = h.ok('POST', '/customers/external-accounts', { customerId, currency: 'BTC', accountInfo: { accountType: 'LIGHTNING', ...destination } });
      expect(created.accountInfo).toEqual({ accountType: 'LIGHTNING', ...destination });
    }
  });

  it('refuses a second account with the same PIX key for the owner (duplicate rule, keys holding |)', () => {
    const h = harness({}, START);
    const customerId = createCustomer(h);
    const body = changed('BRL_ACCOUNT', { pixKeyType: 'RANDOM', pixKey: 'a|b' });
    h.ok('POST', '/customers/external-accounts', { customerId, ...body });
    expect(h.call('POST', '/customers/external-accounts', { customerId, ...body }).body).toMatchObject({ code: 'DUPLICATE_EXTERNAL_ACCOUNT' });
    h.ok('POST', '/customers/external-accounts', { customerId, ...changed('BRL_ACCOUNT', { pixKeyType: 'RANDOM', pixKey: 'a' }) });
  });
});

describe('payouts to the new account types (issue 12)', () => {
  it.each([
    ['BRL_ACCOUNT', 'PIX'],
    ['CAD_ACCOUNT', 'BANK_TRANSFER'],
  ] as const)('quotes, executes and settles a USD payout to a %s over %s', (type, rail) => {
    const h = setup();
    const exchanges = recorded(h);
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const external = h.ok('POST', '/customers/external-accounts', { customerId, ...referenceCreateBody(type) }).id as string;
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, external, 10_000));
    expect(quote).toMatchObject({ status: 'PENDING', destination: { accountId: external, currency: referenceCreateBody(type).currency } });
    const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
    advanceBy(h, 60_000);
    const transaction = h.ok('GET', `/transactions/${executed.transactionId}`);
    const currency = referenceCreateBody(type).currency;
    expect(transaction).toMatchObject({ status: 'COMPLETED', receivedAmount: { amount: quote.totalReceivingAmount, currency: { code: currency } } });
    // Paid over the type's first rail, and delivered to the outside world in the account's currency.
    expect(ledgerBalance(h, `transit:${rail}:${currency}`)).toBe(0n);
    expect(h.engine.state.ledger.account(`transit:${rail}:${currency}`)).toBeDefined();
    expect(ledgerBalance(h, `world:${currency}`)).toBe(BigInt(quote.totalReceivingAmount));
    expect(violationsOf(exchanges).map((v) => `${v.operation} ${v.status}: ${v.errors.join('; ')}`)).toEqual([]);
  });

  it.each([
    ['TRON_WALLET', 'TRON'],
    ['POLYGON_WALLET', 'POLYGON'],
    ['PLASMA_WALLET', 'PLASMA'],
  ] as const)('pays USDC or USDT out to a %s ONCHAIN, railDetails naming the %s network', (type, network) => {
    const h = setup();
    publishRates(h, [{ sendingCurrency: 'USD', receivingCurrency: 'USDT', exchangeRate: '1' }]);
    const exchanges = recorded(h);
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const body = referenceCreateBody(type);
    const external = h.ok('POST', '/customers/external-accounts', { customerId, ...body }).id as string;
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, external, 10_000));
    const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
    advanceBy(h, 60_000);
    const transaction = h.ok('GET', `/transactions/${executed.transactionId}`);
    expect(transaction).toMatchObject({ status: 'COMPLETED', receivedAmount: { currency: { code: body.currency } } });
    expect(JSON.stringify(transaction)).toContain(`"network":"${network}"`);
    expect(violationsOf(exchanges).map((v) => `${v.operation} ${v.status}: ${v.errors.join('; ')}`)).toEqual([]);
  });

  it('refuses a quote to an account whose currency the engine keeps no ledger in (DKK) with INVALID_CURRENCY', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const external = h.ok('POST', '/customers/external-accounts', { customerId, ...referenceCreateBody('DKK_ACCOUNT') }).id as string;
    const response = h.call('POST', '/quotes', payoutBody(accountId, external, 10_000));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_CURRENCY', details: { accountId: external, currency: 'DKK' } });
    expect(response.events).toEqual([]);
  });
});
