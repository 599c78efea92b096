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
 * Every customer's account ids in opening order (the list of `GET /customers/internal-accounts`
 * without `customerId`), also by currency and by type (its filters), so a page reads only itself.
 * An account's currency and type never change.
 */
export type CustomerAccountIndex = {
  readonly all: string[];
  readonly byCurrency: Map<string, string[]>;
  readonly byType: Map<string, string[]>;
};

/** Accounts by id, plus the ids of each customer's accounts, every customer's and the platform's, in opening order. */
export type AccountStore = {
  readonly byId: Map<string, InternalAccount>;
  readonly byCustomer: Map<string, string[]>;
  readonly customerAccounts: CustomerAccountIndex;
  readonly platformAccountIds: string[];
};

/** An empty store. */
export function emptyAccountStore(): AccountStore {
  return { byId: new Map(), byCustomer: new Map(), customerAccounts: emptyCustomerAccountIndex(), platformAccountIds: [] };
}

function emptyCustomerAccountIndex(): CustomerAccountIndex {
  return { all: [], byCurrency: new Map(), byType: new Map() };
}

/** Adds a customer's newly opened account at the end of its lists. */
export function indexCustomerAccount(index: CustomerAccountIndex, account: InternalAccount): void {
  index.all.push(account.id);
  appendTo(index.byCurrency, account.currency, account.id);
  appendTo(index.byType, account.type, account.id);
}

function appendTo(lists: Map<string, string[]>, key: string, id: string): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [id]);
  else list.push(id);
}

/** The index of the customers' accounts among `accounts` in opening order (a snapshot's records). Pure. */
export function customerAccountIndexOf(accounts: Iterable<InternalAccount>): CustomerAccountIndex {
  const index = emptyCustomerAccountIndex();
  for (const account of accounts) if (account.customerId !== undefined) indexCustomerAccount(index, account);
  return index;
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
