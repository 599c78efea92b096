/**
 * Everything a ledger holds, in one record so the ledger class, the invariant check and the
 * snapshot codec can share it without exposing it: the account table, the transfer table, the
 * set of open pending transfers, and the expiry queue.
 */
import { AccountTable } from './account-table.js';
import { ExpiryQueue } from './expiry-queue.js';
import { TransferTable } from './transfer-table.js';

/** The ledger's private state. Mutated in place by `Ledger` only. */
export type LedgerState = {
  readonly accounts: AccountTable;
  readonly transfers: TransferTable;
  /** Indexes of pending transfers still holding their amount. */
  readonly open: Set<number>;
  readonly expiry: ExpiryQueue;
};

/** A ledger with no accounts and no transfers. */
export function emptyLedgerState(): LedgerState {
  return {
    accounts: new AccountTable(),
    transfers: new TransferTable(),
    open: new Set(),
    expiry: new ExpiryQueue(),
  };
}
