/**
 * The read API other domains use (quotes, transactions, agents): find an external account within
 * an owner scope, its unmasked primary identifier and sandbox suffix, its owner, the rails its
 * type supports, and what its ownership status allows. Pure reads of the state; nothing here
 * changes anything.
 */
import { externalAccountSuffix } from '../../sandbox/external-accounts.js';
import type { DomainState } from '../state.js';
import { ownerOf, primaryIdentifier } from './identity.js';
import {
  type ExternalAccount,
  type ExternalAccountOwner,
  type ExternalAccountRail,
  type ExternalAccountType,
  RAILS_BY_ACCOUNT_TYPE,
} from './types.js';

/** Which owners a path family serves: `/customers/external-accounts/...` or `/platform/external-accounts/...`. */
export type ExternalAccountScope = 'customer' | 'platform';

/** The live (not deleted) external account with this id, or undefined. Pure. */
export function externalAccountById(state: Pick<DomainState, 'externalAccounts'>, id: string): ExternalAccount | undefined {
  return state.externalAccounts.byId.get(id);
}

/**
 * The live external account with this id when it belongs to the scope's kind of owner (a
 * customer's account is not found under `/platform/...` and the reverse). Pure.
 */
export function externalAccountInScope(
  state: Pick<DomainState, 'externalAccounts'>,
  id: string,
  scope: ExternalAccountScope,
): ExternalAccount | undefined {
  const account = externalAccountById(state, id);
  return account === undefined || ownerOf(account).kind !== scope ? undefined : account;
}

/** Who owns the account: `{ kind: 'customer', customerId }` or `{ kind: 'platform' }`. Pure. */
export function externalAccountOwner(account: ExternalAccount): ExternalAccountOwner {
  return ownerOf(account);
}

/** The unmasked primary identifier: account number (USD, GBP), IBAN, CLABE or wallet address. Pure. */
export function externalAccountIdentifier(account: ExternalAccount): string {
  return primaryIdentifier(account.accountInfo);
}

/**
 * The account's sandbox suffix: the last 3 characters of its primary identifier (of the username
 * part for a Lightning address). Feed it to the lookups of `src/sandbox/external-accounts.ts`. Pure.
 */
export function externalAccountSandboxSuffix(account: ExternalAccount): string {
  return externalAccountSuffix(externalAccountIdentifier(account));
}

/** The rails an account type supports (USD_ACCOUNT: ACH, ACH_SAME_DAY, WIRE, RTP, FEDNOW; ...). Pure. */
export function railsForAccountType(type: ExternalAccountType): readonly ExternalAccountRail[] {
  return RAILS_BY_ACCOUNT_TYPE[type];
}

/** True when `rail` can pay out to `account`. Pure. */
export function supportsRail(account: ExternalAccount, rail: string): boolean {
  return (railsForAccountType(account.accountInfo.accountType) as readonly string[]).includes(rail);
}

/**
 * What the ownership status allows: VERIFIED (ACTIVE: any amount), BELOW_THRESHOLD_ONLY
 * (PENDING_OWNERSHIP_VERIFICATION: usable below the regulatory threshold, per the spec), or
 * VERIFICATION_REQUIRED (UNVERIFIED: a failed attempt; the suggested answer to a payout is 400
 * EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED). The threshold itself belongs to the quote flow. Pure.
 */
export function ownershipStanding(account: ExternalAccount): 'VERIFIED' | 'BELOW_THRESHOLD_ONLY' | 'VERIFICATION_REQUIRED' {
  switch (account.status) {
    case 'ACTIVE':
      return 'VERIFIED';
    case 'PENDING_OWNERSHIP_VERIFICATION':
      return 'BELOW_THRESHOLD_ONLY';
    case 'UNVERIFIED':
      return 'VERIFICATION_REQUIRED';
  }
}
