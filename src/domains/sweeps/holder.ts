/**
 * The holder's own account of a currency: where a rule-based account's deposits are credited and
 * what its sweeps debit (so both show on the owner's statement), and where the money stays when a
 * sweep fails (spec: "the funds go to the holder's own account in the same currency"). Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import type { DomainState } from '../state.js';

/** Account types that are not a customer's own balance (they never hold the customer's money). */
const NOT_OWN_TYPES: readonly string[] = ['RULE_BASED', 'BULK_SETTLEMENT'];

/**
 * The customer's first ACTIVE own account in `currency` (neither rule-based nor bulk settlement),
 * in opening order, or undefined when they hold none. Pure.
 */
export function holderAccountOf(state: Pick<DomainState, 'accounts'>, customerId: string, currency: CurrencyCode): InternalAccount | undefined {
  for (const id of state.accounts.byCustomer.get(customerId) ?? []) {
    const account = state.accounts.byId.get(id);
    if (account === undefined) continue;
    if (account.currency === currency && account.status === 'ACTIVE' && !NOT_OWN_TYPES.includes(account.type)) return account;
  }
  return undefined;
}
