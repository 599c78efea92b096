/** Internal account events. */
import type { TransferRecord } from '../movement.js';
import type { InternalAccount } from './store.js';

/** A new internal account (customer or platform owned). */
export type InternalAccountOpened = { readonly account: InternalAccount };

/** The sandbox credited an account from outside (`POST /sandbox/internal-accounts/{id}/fund`). */
export type SandboxAccountFunded = {
  readonly accountId: string;
  readonly transactionId: string;
  readonly transfers: readonly TransferRecord[];
};

/** Event type names of this domain. */
export const ACCOUNT_EVENTS = {
  opened: 'InternalAccountOpened',
  sandboxFunded: 'SandboxAccountFunded',
} as const;
