/**
 * The index of the external account lists (`GET /customers/external-accounts`,
 * `GET /platform/external-accounts`, the agent's): positions in the store's creation order (which
 * keeps deleted ids), a code per position for the live scope (1 platform, 2 customer, 0 deleted),
 * and positions per owner (each customer, the platform) and per currency. Ids and positions only;
 * kept by `listing/evolve.ts` (a deletion is indexed before the record leaves the store).
 */
import type { ExternalAccountStore } from '../external-accounts/store.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { lowerBound, pushPosition } from './sources.js';

/** Scope codes. */
export const SCOPE_CODES = { platform: 1, customer: 2 } as const;

/** The external account lists' index; positions are indexes into `externalAccounts.order`. */
export type ExternalAccountListIndex = {
  /** Live scope per position (`SCOPE_CODES`; 0 once deleted). Its length is how many are listed. */
  readonly scope: CodeIndex;
  /** Positions per owner: a customer id, or `PLATFORM_OWNER`. Deleted ones stay (the scope code says). */
  readonly byOwner: Map<string, number[]>;
  readonly byCurrency: Map<string, number[]>;
};

/** The owner key of the platform's own accounts. */
export const PLATFORM_OWNER = '';

/** An empty index. */
export function emptyExternalAccountListIndex(): ExternalAccountListIndex {
  return { scope: emptyCodeIndex(), byOwner: new Map(), byCurrency: new Map() };
}

/** Lists the accounts the store holds that the index lacks (one deleted before a snapshot: as deleted, in no list). */
export function catchUpExternalAccountList(store: ExternalAccountStore, index: ExternalAccountListIndex): void {
  for (let position = index.scope.length; position < store.order.length; position += 1) {
    const account = store.byId.get(store.order[position]!);
    if (account === undefined) {
      appendCode(index.scope, 0);
      continue;
    }
    pushPosition(index.byOwner, account.customerId ?? PLATFORM_OWNER, position);
    pushPosition(index.byCurrency, account.currency, position);
    appendCode(index.scope, account.customerId === undefined ? SCOPE_CODES.platform : SCOPE_CODES.customer);
  }
}

/** Marks a live account deleted (before it leaves the store): found among its owner's positions. */
export function unlistExternalAccount(store: ExternalAccountStore, index: ExternalAccountListIndex, account: ExternalAccount): void {
  const owned = index.byOwner.get(account.customerId ?? PLATFORM_OWNER) ?? [];
  for (let at = owned.length - 1; at >= 0; at -= 1) {
    const position = owned[at]!;
    if (store.order[position] === account.id) {
      setCode(index.scope, position, 0);
      // Out of the owner's and the currency's lists too, so a rebuilt index equals this one.
      owned.splice(at, 1);
      const sameCurrency = index.byCurrency.get(account.currency) ?? [];
      sameCurrency.splice(lowerBound(sameCurrency, position), 1);
      return;
    }
  }
}
