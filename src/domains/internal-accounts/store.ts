/**
 * Internal accounts: the records (frozen, replaced on change) and their indexes. Balances are not
 * stored here; they are read from the ledger, whose account id is the internal account's id.
 * Records are packed once others have been set after them (`PackedRecordMap`), and the id lists
 * hold rows of the record map, not id strings.
 */
import { assert, InvariantError } from '../../core/assert.js';
import type { CurrencyCode } from '../../core/currency.js';
import { deepFreeze } from '../../core/freeze.js';
import type { KeyOrder } from '../../core/packed-key-map.js';
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { listLength, listMemberAt, type PositionArena } from '../../core/position-arena.js';
import { ArenaListsByKey } from '../../core/position-maps.js';
import { int32WithRoom } from '../../core/typed-growth.js';
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

/** Accounts in opening order: their ids (`KeyOrder`) and their records by position. */
export type AccountList = KeyOrder & {
  /** The record at `position` (0 <= position < length), read by its row: no id is rebuilt. */
  accountAt(position: number): InternalAccount;
};

/** An empty list of accounts (a customer without any, a currency no account holds). */
export const NO_ACCOUNTS: AccountList = Object.freeze({
  length: 0,
  at: (): undefined => undefined,
  accountAt: (position: number): InternalAccount => {
    throw new InvariantError(`accountAt ${position} of an empty list`);
  },
  *[Symbol.iterator](): Iterator<string> {},
});

// A list of accounts read through their rows of the store's record map: ids and records by
// position, no id string kept. Subclasses say where the rows are.
abstract class AccountRows implements AccountList {
  readonly #accounts: PackedRecordMap<InternalAccount>;

  protected constructor(accounts: PackedRecordMap<InternalAccount>) {
    this.#accounts = accounts;
  }

  abstract get length(): number;

  /** The record map's row of the account at `position` (0 <= position < length). */
  protected abstract rowAt(position: number): number;

  /** The record map the rows index. */
  protected get accounts(): PackedRecordMap<InternalAccount> {
    return this.#accounts;
  }

  at(position: number): string | undefined {
    return inRange(position, this.length) ? this.#accounts.keyAt(this.rowAt(position)) : undefined;
  }

  accountAt(position: number): InternalAccount {
    assert(inRange(position, this.length), 'accountAt out of range');
    return this.#accounts.valueAt(this.rowAt(position));
  }

  *[Symbol.iterator](): Iterator<string> {
    const length = this.length;
    for (let position = 0; position < length; position += 1) yield this.#accounts.keyAt(this.rowAt(position));
  }
}

function inRange(position: number, length: number): boolean {
  return Number.isInteger(position) && position >= 0 && position < length;
}

/**
 * A list of accounts held as rows of the store's record map in an Int32Array (4 B an account, not
 * a JS array's 8 B slot and the id string it points to), grown by half (core/typed-growth.ts).
 */
export class AccountIdList extends AccountRows {
  #rows: Int32Array = new Int32Array(0);
  #length = 0;

  constructor(accounts: PackedRecordMap<InternalAccount>) {
    super(accounts);
  }

  get length(): number {
    return this.#length;
  }

  protected rowAt(position: number): number {
    return this.#rows[position]!;
  }

  /** A new empty list over the same record map. */
  emptySibling(): AccountIdList {
    return new AccountIdList(this.accounts);
  }

  /** Appends the account at `row` of the record map. */
  push(row: number): void {
    this.#rows = int32WithRoom(this.#rows, this.#length);
    this.#rows[this.#length] = row;
    this.#length += 1;
  }
}

// One customer's list in the arena, as its handle was when asked (read at once, not kept: an
// append may move the list).
class ArenaAccountList extends AccountRows {
  readonly #arena: PositionArena;
  readonly #list: number;

  constructor(arena: PositionArena, list: number, accounts: PackedRecordMap<InternalAccount>) {
    super(accounts);
    this.#arena = arena;
    this.#list = list;
  }

  get length(): number {
    return listLength(this.#arena, this.#list);
  }

  protected rowAt(position: number): number {
    return listMemberAt(this.#arena, this.#list, position);
  }
}

/**
 * Each customer's accounts in opening order: a customer id (packed) to its list of rows in one
 * arena (core/position-maps.ts `ArenaListsByKey`: a header word and 4 B an account), where a Map
 * of id strings to JS arrays of id strings cost ~200 B a customer. Read like a Map of lists.
 */
export class AccountListsByCustomer extends ArenaListsByKey<AccountList> {
  readonly #accounts: PackedRecordMap<InternalAccount>;

  constructor(accounts: PackedRecordMap<InternalAccount>) {
    super();
    this.#accounts = accounts;
  }

  protected listView(arena: PositionArena, list: number): AccountList {
    return new ArenaAccountList(arena, list, this.#accounts);
  }
}

/**
 * Every customer's accounts in opening order (the list of `GET /customers/internal-accounts`
 * without `customerId`), also by currency and by type (its filters), so a page reads only itself.
 * An account's currency and type never change.
 */
export type CustomerAccountIndex = {
  readonly all: AccountIdList;
  readonly byCurrency: Map<string, AccountIdList>;
  readonly byType: Map<string, AccountIdList>;
};

/**
 * Accounts by id (the `hot` changed last as objects, the rest packed: `PackedRecordMap`), plus each
 * customer's accounts, every customer's and the platform's, in opening order, as rows of `byId`.
 * Accounts are never removed.
 */
export type AccountStore = {
  readonly byId: Map<string, InternalAccount>;
  readonly byCustomer: AccountListsByCustomer;
  readonly customerAccounts: CustomerAccountIndex;
  readonly platformAccountIds: AccountIdList;
};

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyAccountStore(hot = HOT_RECORDS): AccountStore {
  return storeOf(new PackedRecordMap<InternalAccount>({ hot, hashedCandidates: true }));
}

function storeOf(byId: PackedRecordMap<InternalAccount>): AccountStore {
  return {
    byId,
    byCustomer: new AccountListsByCustomer(byId),
    customerAccounts: { all: new AccountIdList(byId), byCurrency: new Map(), byType: new Map() },
    platformAccountIds: new AccountIdList(byId),
  };
}

/** Stores a newly opened account and adds it at the end of its lists (a customer's or the platform's). */
export function addAccount(store: AccountStore, account: InternalAccount): void {
  assert(!store.byId.has(account.id), `internal account ${account.id} opened twice`);
  store.byId.set(account.id, account);
  // A new id's row is the last: accounts are never removed.
  const row = store.byId.size - 1;
  if (account.customerId === undefined) store.platformAccountIds.push(row);
  else {
    store.byCustomer.push(account.customerId, row);
    indexCustomerAccount(store.customerAccounts, account, row);
  }
}

// Adds a customer's account, at `row` of the record map, at the end of the customers' lists.
function indexCustomerAccount(index: CustomerAccountIndex, account: InternalAccount, row: number): void {
  index.all.push(row);
  listOf(index.byCurrency, account.currency, index.all).push(row);
  listOf(index.byType, account.type, index.all).push(row);
}

// The list at `key`, made (over the same records as `sibling`) when absent.
function listOf(lists: Map<string, AccountIdList>, key: string, sibling: AccountIdList): AccountIdList {
  let list = lists.get(key);
  if (list === undefined) {
    list = sibling.emptySibling();
    lists.set(key, list);
  }
  return list;
}

/**
 * The store's part of an engine snapshot: the records in opening order as [id, record] pairs,
 * each customer's account ids and the platform's (the customers' index is derived). JSON-safe.
 */
export type AccountStoreSnapshot = {
  readonly accounts: readonly (readonly [string, InternalAccount])[];
  readonly accountsByCustomer: readonly (readonly [string, readonly string[]])[];
  readonly platformAccountIds: readonly string[];
};

/** Captures the store for a snapshot. Pure. */
export function accountStoreSnapshot(store: AccountStore): AccountStoreSnapshot {
  return {
    accounts: [...store.byId],
    accountsByCustomer: [...store.byCustomer].map(([customerId, list]) => [customerId, [...list]] as const),
    platformAccountIds: [...store.platformAccountIds],
  };
}

/**
 * Rebuilds a store from its snapshot: the records in opening order, each customer's and the
 * platform's lists as saved, the customers' index derived from the records. Its `hot` records read
 * or changed last stay objects, as in `emptyAccountStore`. Throws `InvariantError` when a list
 * names an account the snapshot lacks.
 */
export function accountStoreFromSnapshot(snapshot: AccountStoreSnapshot, hot = HOT_RECORDS): AccountStore {
  const byId = new PackedRecordMap<InternalAccount>({ hot, hashedCandidates: true });
  const store = storeOf(byId);
  for (const [id, record] of snapshot.accounts) {
    const account = deepFreeze(record);
    byId.set(id, account);
    if (account.customerId !== undefined) indexCustomerAccount(store.customerAccounts, account, byId.positionOf(id));
  }
  const savedRow = (id: string): number => {
    const row = byId.positionOf(id);
    if (row === -1) throw new InvariantError(`snapshot accounts: ${id} has no record`);
    return row;
  };
  for (const [customerId, ids] of snapshot.accountsByCustomer) for (const id of ids) store.byCustomer.push(customerId, savedRow(id));
  for (const id of snapshot.platformAccountIds) store.platformAccountIds.push(savedRow(id));
  return store;
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
