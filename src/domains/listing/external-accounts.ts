/**
 * The index of the external account lists (`GET /customers/external-accounts`,
 * `GET /platform/external-accounts`, the agent's): positions in the store's creation order (which
 * keeps deleted ids), a code per position for the live scope (1 platform, 2 customer, 0 deleted),
 * and the live positions per owner (each customer, the platform), per owner and currency, and per
 * currency among customers' accounts: every filter of the lists is then one of them. Ids and
 * positions only; kept by `listing/evolve.ts` (a deletion is indexed before the record leaves the
 * store). The per-key lists live in one `OffsetArena` (`offset-arena.ts`, a `PositionArena` until
 * stop 34): 2 B a member while a list spans under 65,536 accounts, where a JS array per key cost its
 * header, 8 B a member and spare room; a deleted account's
 * position is removed from its lists (`removeFromList`), so they hold live accounts only.
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { NO_LIST } from '../../core/position-arena.js';
import { type ListArena, listLength, listLowerBound, listMemberAt, removeFromList } from './list-arena.js';
import { emptyOffsetArena, type OffsetArena } from './offset-arena.js';
import type { ExternalAccountStore } from '../external-accounts/store.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { pushArenaPosition } from './sources.js';

/** Scope codes. */
export const SCOPE_CODES = { platform: 1, customer: 2 } as const;

/** The external account lists' index; positions are indexes into `externalAccounts.order`. */
export type ExternalAccountListIndex = {
  /** Live scope per position (`SCOPE_CODES`; 0 once deleted). Its length is how many are listed. */
  readonly scope: CodeIndex;
  /** The position lists of the three maps below (their values are their handles here). */
  readonly positionLists: OffsetArena;
  /** Live positions per owner: a customer id, or `PLATFORM_OWNER`. */
  readonly byOwner: Map<string, number>;
  /** Live positions per owner and currency (`ownerCurrencyKey`). */
  readonly byOwnerCurrency: Map<string, number>;
  /** Live positions of customers' accounts (not the platform's) per currency. */
  readonly customerByCurrency: Map<string, number>;
};

/** The owner key of the platform's own accounts. */
export const PLATFORM_OWNER = '';

/** The key of `byOwnerCurrency` (a currency is a code without `|`, so the key names one pair). */
export const ownerCurrencyKey = (owner: string, currency: string): string => `${currency}|${owner}`;

/** An empty index. */
export function emptyExternalAccountListIndex(): ExternalAccountListIndex {
  return { scope: emptyCodeIndex(), positionLists: emptyOffsetArena(), byOwner: new PackedKeyMap(), byOwnerCurrency: new PackedKeyMap(), customerByCurrency: new Map() };
}

/** Lists the accounts the store holds that the index lacks (one deleted before a snapshot: as deleted, in no list). */
export function catchUpExternalAccountList(store: ExternalAccountStore, index: ExternalAccountListIndex): void {
  for (let position = index.scope.length; position < store.order.length; position += 1) {
    const account = store.byId.get(store.order.at(position)!);
    if (account === undefined) {
      appendCode(index.scope, 0);
      continue;
    }
    const owner = account.customerId ?? PLATFORM_OWNER;
    const lists = index.positionLists;
    pushArenaPosition(lists, index.byOwner, owner, position);
    pushArenaPosition(lists, index.byOwnerCurrency, ownerCurrencyKey(owner, account.currency), position);
    if (account.customerId !== undefined) pushArenaPosition(lists, index.customerByCurrency, account.currency, position);
    appendCode(index.scope, account.customerId === undefined ? SCOPE_CODES.platform : SCOPE_CODES.customer);
  }
}

/** Marks a live account deleted (before it leaves the store): found among its owner's positions. */
export function unlistExternalAccount(store: ExternalAccountStore, index: ExternalAccountListIndex, account: ExternalAccount): void {
  const owner = account.customerId ?? PLATFORM_OWNER;
  const lists = index.positionLists;
  const owned = index.byOwner.get(owner) ?? NO_LIST;
  for (let at = listLength(lists, owned) - 1; at >= 0; at -= 1) {
    const position = listMemberAt(lists, owned, at);
    if (store.order.at(position) === account.id) {
      setCode(index.scope, position, 0);
      // Out of the other lists too, so a rebuilt index answers as this one.
      removeAt(lists, index.byOwner, owner, owned, at);
      remove(lists, index.byOwnerCurrency, ownerCurrencyKey(owner, account.currency), position);
      if (account.customerId !== undefined) remove(lists, index.customerByCurrency, account.currency, position);
      return;
    }
  }
}

/** Removes `position` from the list of `key`, when it holds it. */
function remove(lists: ListArena, map: Map<string, number>, key: string, position: number): void {
  const list = map.get(key);
  if (list === undefined) return;
  const at = listLowerBound(lists, list, position);
  if (at < listLength(lists, list) && listMemberAt(lists, list, at) === position) removeAt(lists, map, key, list, at);
}

/** Removes member `at` of `list`, the list of `key`: its new handle kept, the key dropped once the list is empty (as a rebuilt index never lists it). */
function removeAt(lists: ListArena, map: Map<string, number>, key: string, list: number, at: number): void {
  const moved = removeFromList(lists, list, at);
  if (moved === NO_LIST) map.delete(key);
  else if (moved !== list) map.set(key, moved);
}
