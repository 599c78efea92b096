/**
 * Webhooks of external accounts: `EXTERNAL_ACCOUNT.STATUS_UPDATED` (the spec's single event for
 * the ownership lifecycle) after every verify attempt that changes the status, with the whole
 * external account as the GET answers it at that point. Creation and a repeated failure change no
 * status and notify nothing.
 */
import { assert } from '../../core/assert.js';
import type { Notification, NotifierTable } from '../notifications.js';
import type { DomainState } from '../state.js';
import type { EventEnvelope } from '../../log/index.js';
import { EXTERNAL_ACCOUNT_EVENTS, type OwnershipVerificationAttempted } from './events.js';
import { externalAccountView } from './view.js';

/** The webhook type of an ownership status change. */
export const EXTERNAL_ACCOUNT_STATUS_UPDATED = 'EXTERNAL_ACCOUNT.STATUS_UPDATED';

function statusUpdated(state: DomainState, event: EventEnvelope): readonly Notification[] {
  const data = event.data as OwnershipVerificationAttempted;
  if (data.previousStatus === data.status) return [];
  const account = state.externalAccounts.byId.get(data.externalAccountId);
  assert(account !== undefined && account.status === data.status, `no ${data.status} external account ${data.externalAccountId} after ${event.type}`);
  return [{ type: EXTERNAL_ACCOUNT_STATUS_UPDATED, data: externalAccountView(account) }];
}

/** Notifiers for external account events. */
export const externalAccountNotifiers: NotifierTable = {
  [EXTERNAL_ACCOUNT_EVENTS.ownershipVerified]: statusUpdated,
  [EXTERNAL_ACCOUNT_EVENTS.ownershipVerificationFailed]: statusUpdated,
};
