/**
 * Internal accounts: the records (frozen, replaced on change) and their indexes. Balances are not
 * stored here; they are read from the ledger, whose account id is the internal account's id.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { SweepRule } from './sweep-rule.js';

/** Internal account types (DECISIONS.md). */
export const INTERNAL_ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED', 'BULK_SETTLEMENT'] as const;
/** One of `INTERNAL_ACCOUNT_TYPES`. */
export type InternalAccountType = (typeof INTERNAL_ACCOUNT_TYPES)[number];

/** Internal account statuses (DECISIONS.md). */
export const INTERNAL_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'] as const;
/** One of `INTERNAL_ACCOUNT_STATUSES`. */
export type InternalAccountStatus = (typeof INTERNAL_ACCOUNT_STATUSES)[number];

/** An internal account record. `customerId` is absent for platform-owned accounts. */
export type InternalAccount = {
  readonly id: string;
  readonly customerId?: string;
  readonly type: InternalAccountType;
  readonly status: InternalAccountStatus;
  readonly currency: CurrencyCode;
  /** RULE_BASED accounts only: where every deposit is swept (src/domains/sweeps). */
  readonly sweepRule?: SweepRule;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/**
 * Accounts by id, plus the ids of each customer's accounts, of every customer's (the list of
 * `GET /customers/internal-accounts` without `customerId`) and of the platform's, in opening order.
 */
export type AccountStore = {
  readonly byId: Map<string, InternalAccount>;
  readonly byCustomer: Map<string, string[]>;
  readonly customerAccountIds: string[];
  readonly platformAccountIds: string[];
};

/** An empty store. */
export function emptyAccountStore(): AccountStore {
  return { byId: new Map(), byCustomer: new Map(), customerAccountIds: [], platformAccountIds: [] };
}

/** Every customer's account ids in opening order, from the records in opening order (a snapshot's). Pure. */
export function customerAccountIdsOf(accounts: Iterable<InternalAccount>): string[] {
  const ids: string[] = [];
  for (const account of accounts) if (account.customerId !== undefined) ids.push(account.id);
  return ids;
}

/**
 * True when the account has statements of its own: a customer's own USD account that is neither
 * rule-based nor bulk settlement (spec: Statement operations).
 */
export function hasOwnStatements(account: InternalAccount): boolean {
  return (
    account.customerId !== undefined &&
    account.currency === 'USD' &&
    account.type !== 'RULE_BASED' &&
    account.type !== 'BULK_SETTLEMENT'
  );
}
