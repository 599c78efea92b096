/** `DELETE /customers/{customerId}` (reference deleteCustomerById; spec: 409 CONFLICT only with an active customer). */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';
import { completeIndividual, upload, PDF } from './support.js';

describe('DELETE /customers/{customerId}', () => {
  it('answers 200 with isDeleted, frees the platformCustomerId, and the customer can no longer be verified or hold documents', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 999', 'ada'));
    const deleted = h.call('DELETE', `/customers/${customer.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ...customer, isDeleted: true });
    expect(h.ok('GET', `/customers/${customer.id}`).isDeleted).toBe(true);
    expect(h.call('POST', '/customers', completeIndividual('Ada 999', 'ada')).status).toBe(201);
    for (const answer of [
      h.call('DELETE', `/customers/${customer.id}`),
      h.call('POST', '/verifications', { customerId: customer.id }),
      h.call('POST', `/customers/${customer.id}/kyc-link`),
    ]) {
      expect([answer.status, (answer.body as any).code, answer.events.length]).toEqual([404, 'CUSTOMER_NOT_FOUND', 0]);
    }
    const doc = upload(h, 'POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US' }, { fileName: 'p.pdf', bytes: PDF });
    expect((doc.body as any).code).toBe('DOCUMENT_HOLDER_NOT_FOUND');
    expect(stateText(createEngine({ events: h.log }))).toBe(stateText(h.engine));
  });

  it('a customer holding money is 409 INVALID_STATE_TRANSITION; an unknown one 404', () => {
    const h = harness();
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 999', 'ada'));
    const account = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`).data[0].id;
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 100 });
    const refused = h.call('DELETE', `/customers/${customer.id}`);
    expect([refused.status, (refused.body as any).code, refused.events.length]).toEqual([409, 'INVALID_STATE_TRANSITION', 0]);
    expect(h.call('DELETE', '/customers/Customer:nope').status).toBe(404);
  });

  it('a deleted customer is 404 CUSTOMER_NOT_FOUND to every operation acting for it: update, cards, external accounts, rule-based accounts, quotes from its account', () => {
    const h = harness({ regulated: true });
    const customer = h.ok('POST', '/customers', completeIndividual('Ada 999', 'ada'));
    const account = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`).data[0].id as string;
    const platformAccount = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
    expect(h.call('DELETE', `/customers/${customer.id}`).status).toBe(200);
    const head = h.engine.head();
    const answers = [
      h.call('PATCH', `/customers/${customer.id}`, { fullName: 'Ada Byron' }),
      h.call('POST', '/cards', { customerId: customer.id, cardType: 'VIRTUAL', fundingSource: { accountId: account } }),
      h.call('POST', '/customers/external-accounts', {
        customerId: customer.id,
        currency: 'USD',
        accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '12345000', routingNumber: '021000021', bankAccountType: 'CHECKING', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' } },
      }),
      h.call('POST', '/internal-accounts', { customerId: customer.id, type: 'RULE_BASED', sweepRule: { destinationAccountId: account } }),
      h.call('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: account }, destination: { destinationType: 'ACCOUNT', accountId: platformAccount }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1 }),
    ];
    for (const answer of answers) {
      expect(answer.events).toEqual([]);
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    // Where validation passes, the customer's deletion is the reason given.
    expect(answers.filter((a) => (a.body as { code: string }).code === 'CUSTOMER_NOT_FOUND').length).toBeGreaterThanOrEqual(3);
    expect(h.engine.head()).toEqual(head);
  });
});
