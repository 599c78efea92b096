/**
 * Customer webhooks: a status reached at creation (PENDING, APPROVED, REJECTED) is announced as
 * CUSTOMER.KYC_<status> with the whole customer; UNVERIFIED (every business, every unregulated
 * individual) announces nothing.
 */
import { describe, expect, it } from 'vitest';
import { customerNotifiers, statusWebhookType } from '../../src/domains/customers/notify.js';
import type { DomainState } from '../../src/domains/state.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { harness } from '../support/harness.js';
import { business, create, individual } from './fixtures.js';

function notificationsOf(state: DomainState, customerId: string) {
  const customer = state.customers.byId.get(customerId)!;
  const event = { type: 'CustomerCreated', data: { customer } } as unknown as EventEnvelope;
  return customerNotifiers.CustomerCreated!(state, event);
}

describe('customer notifiers', () => {
  it.each([
    ['Pat 001', 'CUSTOMER.KYC_PENDING'],
    ['Rex 002', 'CUSTOMER.KYC_REJECTED'],
    ['Ann 004', 'CUSTOMER.KYC_APPROVED'],
  ])('announce a regulated individual created as %s with %s and the whole customer', (fullName, type) => {
    const h = harness({ regulated: true });
    const customer = create(h, individual({ fullName }));
    expect(notificationsOf(h.engine.state, customer.id)).toEqual([{ type, data: customer }]);
  });

  it.each([
    ['a regulated individual created UNVERIFIED (003)', { regulated: true }, individual({ fullName: 'Una 003' })],
    ['an unregulated individual', {}, individual({ fullName: 'Ann 004' })],
    ['a business', { regulated: true }, business()],
  ])('announce nothing for %s', (_label, options, body) => {
    const h = harness(options);
    const customer = create(h, body);
    expect(notificationsOf(h.engine.state, customer.id)).toEqual([]);
  });

  it('names KYB statuses for businesses', () => {
    expect(statusWebhookType({ customerType: 'BUSINESS', kybStatus: 'APPROVED' } as never)).toBe('CUSTOMER.KYB_APPROVED');
  });
});
