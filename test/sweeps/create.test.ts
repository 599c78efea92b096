/**
 * `POST /internal-accounts` opens RULE_BASED accounts only (DECISIONS.md): USD, for a holder who
 * already has a USD account, with a sweep rule whose destination is never a rule-based account
 * and could be quoted from the holder's account. Answers 201 with the account (balance 0,
 * `sweepRule` shown, also on GET and in the customer's list); every refusal writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { call, expectRejected, holder, newCustomer, newExternalAccount, newRuleBased, setup, sweepRule } from '../deposits/support.js';

function create(h: Harness, body: Record<string, unknown>) {
  return call(h, 'POST', '/internal-accounts', body);
}

describe('POST /internal-accounts', () => {
  it('opens an ACTIVE USD rule-based account with its sweep rule, shown on create, GET and the customer’s list', () => {
    const h = setup();
    const { customerId, externalId } = holder(h);
    const rule = {
      destination: { accountId: externalId, paymentRail: 'WIRE' },
      minimumAmount: 100,
      maximumAmount: 500_000,
      purposeOfPayment: 'SALARY',
      description: 'sweep to savings',
      remittanceInformation: 'REF-1',
      platformFeeOverride: { platformVariableFeeBps: 10 },
    };
    const response = create(h, { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: rule });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: 'RULE_BASED', status: 'ACTIVE', customerId, balance: { amount: 0 }, sweepRule: rule });
    expect(response.events.map((e) => e.type)).toEqual(['InternalAccountOpened']);
    expect(h.ok('GET', `/internal-accounts/${response.body.id}`)).toEqual(response.body);
    const listed = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data;
    expect(listed.map((a: { type: string }) => a.type)).toEqual(['INTERNAL_FIAT', 'RULE_BASED']);
  });

  it('takes a missing or null maximumAmount as no ceiling and 0 as no floor', () => {
    const h = setup();
    const { customerId, externalId } = holder(h);
    const id = newRuleBased(h, customerId, externalId);
    expect(h.ok('GET', `/internal-accounts/${id}`).sweepRule).toEqual({ destination: { accountId: externalId }, minimumAmount: 0, maximumAmount: null });
    const body = { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: { destination: { accountId: externalId }, minimumAmount: 0 } };
    expect(h.ok('POST', '/internal-accounts', body).sweepRule.maximumAmount).toBeNull();
  });

  it('may sweep to another customer’s internal account (a book transfer)', () => {
    const h = setup();
    const { customerId } = holder(h);
    const other = newCustomer(h);
    expect(create(h, { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: sweepRule(other.accountId) }).status).toBe(201);
  });
});

describe('POST /internal-accounts refusals write nothing', () => {
  it('lists every invalid field with 400 INVALID_INPUT: type, currency, rule fields, maximum below minimum, unknown fields', () => {
    const h = setup();
    const { customerId, externalId } = holder(h);
    const response = create(h, {
      type: 'INTERNAL_FIAT',
      customerId,
      currency: 'EUR',
      nickname: 'x',
      sweepRule: { destination: { accountId: externalId, paymentRail: 'wire' }, minimumAmount: 500, maximumAmount: 100, description: 'x'.repeat(501) },
    });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'currency', 'nickname', 'sweepRule.description', 'sweepRule.destination.paymentRail', 'sweepRule.maximumAmount', 'type',
    ]);
    expect(response.body.details.errors.find((e: { field: string }) => e.field === 'type').constraint).toEqual({ enum: ['RULE_BASED'] });
  });

  it('reports a maximum below the minimum even when the rest is valid', () => {
    const h = setup();
    const { customerId, externalId } = holder(h);
    const response = create(h, { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: sweepRule(externalId, { minimumAmount: 10, maximumAmount: 9 }) });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors).toEqual([{ field: 'sweepRule.maximumAmount', message: 'maximumAmount must not be below minimumAmount' }]);
  });

  it.each<[string, (h: Harness) => { customerId: string; destination: string; extra?: Record<string, unknown> }, number, string, string?]>([
    ['an unknown customer', (h) => ({ customerId: 'Customer:00000000-0000-7000-8000-000000000000', destination: holder(h).externalId }), 404, 'CUSTOMER_NOT_FOUND'],
    ['a rule-based destination', (h) => {
      const { customerId, externalId } = holder(h);
      return { customerId, destination: newRuleBased(h, customerId, externalId) };
    }, 400, 'INVALID_INPUT', 'sweepRule.destination.accountId'],
    ['an unknown destination', (h) => ({ customerId: holder(h).customerId, destination: 'ExternalAccount:00000000-0000-7000-8000-000000000000' }), 404, 'ACCOUNT_NOT_FOUND'],
    ['another customer’s external account', (h) => {
      const theirs = holder(h);
      return { customerId: newCustomer(h).customerId, destination: theirs.externalId };
    }, 400, 'INVALID_INPUT', 'sweepRule.destination.accountId'],
    ['a rail the destination cannot take', (h) => {
      const { customerId, externalId } = holder(h);
      return { customerId, destination: externalId, extra: { destination: { accountId: externalId, paymentRail: 'SPEI' } } };
    }, 400, 'INVALID_INPUT', 'sweepRule.destination.paymentRail'],
    ['the holder’s own account (where deposits land)', (h) => {
      const { customerId, accountId } = holder(h);
      return { customerId, destination: accountId };
    }, 400, 'SELF_PAYMENT'],
    ['a holder who has not accepted the end-user terms', (h) => {
      const { customerId } = newCustomer(h, { terms: false });
      return { customerId, destination: newExternalAccount(h, customerId, 'USD', '789') };
    }, 400, 'END_USER_TERMS_NOT_ACCEPTED'],
    ['a holder who must authorize payouts with SCA', (h) => {
      const { customerId } = newCustomer(h, { country: 'DE' });
      return { customerId, destination: newExternalAccount(h, customerId, 'USD', '789') };
    }, 400, 'INVALID_INPUT', 'customerId'],
    ['a purpose that needs supporting documents', (h) => {
      const { customerId, externalId } = holder(h);
      return { customerId, destination: externalId, extra: { purposeOfPayment: 'INVESTMENT' } };
    }, 400, 'INVALID_INPUT', 'sweepRule.purposeOfPayment'],
    ['a fee override in another currency', (h) => {
      const { customerId, externalId } = holder(h);
      return { customerId, destination: externalId, extra: { platformFeeOverride: { platformFixedFee: { amount: 1, currency: 'EUR' } } } };
    }, 400, 'INVALID_INPUT', 'sweepRule.platformFeeOverride.platformFixedFee.currency'],
  ])('refuses %s', (_name, make, status, code, field) => {
    const h = setup();
    const { customerId, destination, extra } = make(h);
    const response = create(h, { type: 'RULE_BASED', customerId, currency: 'USD', sweepRule: sweepRule(destination, extra) });
    expectRejected(response, status, code);
    if (field !== undefined) expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});
