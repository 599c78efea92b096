/**
 * The `destination` of a sweep transaction: the rule's destination account with its currency
 * when the account is known (an external account may have been deleted since; its currency is
 * then left out). Pure.
 */
import { type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import { externalAccountById } from '../external-accounts/read.js';
import type { DomainState } from '../state.js';
import type { AccountDestination } from '../transactions/index.js';
import type { SweepRule } from '../internal-accounts/sweep-rule.js';

/** The currency of the rule's destination account, if it still exists. Pure. */
export function sweepDestinationCurrency(state: DomainState, rule: SweepRule): CurrencyCode | undefined {
  const accountId = rule.destination.accountId;
  const external = externalAccountById(state, accountId)?.currency;
  // An account-only currency (no ledger) never reaches a sweep: its quote is refused at creation.
  return state.accounts.byId.get(accountId)?.currency ?? (isCurrencyCode(external) ? external : undefined);
}

/** The sweep transaction's destination. Pure. */
export function sweepDestination(state: DomainState, rule: SweepRule): AccountDestination {
  const currency = sweepDestinationCurrency(state, rule);
  return { destinationType: 'ACCOUNT', accountId: rule.destination.accountId, ...(currency === undefined ? {} : { currency }) };
}
