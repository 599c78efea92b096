/** Shared set-up for UMA tests: a harness with rates and a customer whose platformCustomerId is known. */
import type { Harness } from '../support/harness.js';
import { setup, TERMS } from '../quotes/support.js';

/** This platform's UMA domain when the config names none. */
export const DOMAIN = 'sandbox.uma.example';

/** A customer with `platformCustomerId` and its USD account; its UMA address is `$<id>@DOMAIN`. */
export function customer(h: Harness, platformCustomerId: string): { customerId: string; accountId: string; uma: string } {
  const customerId = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId, fullName: 'Jane Doe', agreementConsents: TERMS }).id as string;
  const accounts = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`);
  return { customerId, accountId: accounts.data[0].id as string, uma: `$${platformCustomerId}@${DOMAIN}` };
}

export { setup };
