/**
 * Applies external account events to `state.externalAccounts`. New records are the event's own,
 * deep-frozen in place (docs/architecture.md, "Stored records"); the rare updates use immer's
 * `produce` on a private auto-freezing instance. The deciders checked every
 * rule; the evolvers check the invariants again (unique ids and identities, only legal lifecycle
 * moves, a verify consumes the challenge it names), so a corrupt log fails loudly on replay.
 */
import { Immer } from 'immer';
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import {
  EXTERNAL_ACCOUNT_EVENTS,
  type ExternalAccountCreated,
  type ExternalAccountDeleted,
  type ExternalAccountTrusted,
  type ExternalAccountUntrusted,
  type OwnershipChallengeIssued,
  type OwnershipVerificationAttempted,
} from './events.js';
import { identityKey } from './identity.js';
import { nextOwnershipStatus, type OwnershipEvent } from './lifecycle.js';
import { defaultUmaOwnerKey, type ExternalAccountStore } from './store.js';
import type { ExternalAccount } from './types.js';

// A private instance: auto-freeze is set here, never globally (STYLE.md: no hidden global defaults).
const immer = new Immer({ autoFreeze: true });

function stored(store: ExternalAccountStore, id: string, eventType: string): ExternalAccount {
  const account = store.byId.get(id);
  assert(account !== undefined, `${eventType} for unknown external account ${id}`);
  return account;
}

/**
 * The reference allows one default UMA deposit account per customer: a new default takes the flag
 * over. An index, not a scan of every account: a log where each create asks for the flag stays linear.
 */
function claimDefaultUmaDeposit(store: ExternalAccountStore, account: ExternalAccount): void {
  const owner = defaultUmaOwnerKey(account.customerId);
  const holderId = store.defaultUmaDepositByOwner.get(owner);
  const holder = holderId === undefined ? undefined : store.byId.get(holderId);
  if (holder !== undefined) {
    const { defaultUmaDepositAccount: _taken, ...rest } = holder;
    store.byId.set(holder.id, deepFreeze(rest));
  }
  store.defaultUmaDepositByOwner.set(owner, account.id);
}

/** Stores a new external account and claims its identity (and the customer's default UMA deposit flag). */
export function addExternalAccount(store: ExternalAccountStore, account: ExternalAccount): void {
  assert(!store.byId.has(account.id), `external account ${account.id} created twice`);
  const key = identityKey(account);
  const holder = store.byIdentity.get(key);
  assert(holder === undefined, `external account ${account.id} duplicates ${String(holder)}`);
  assert(account.status === 'PENDING_OWNERSHIP_VERIFICATION' && !account.isTrusted, `external account ${account.id} created in a later state`);
  // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
  const record = deepFreeze(account);
  if (record.defaultUmaDepositAccount === true) claimDefaultUmaDeposit(store, record);
  store.byId.set(record.id, record);
  store.order.push(record.id);
  store.byIdentity.set(key, record.id);
}

function setTrusted(store: ExternalAccountStore, id: string, isTrusted: boolean, at: string): void {
  const before = stored(store, id, isTrusted ? EXTERNAL_ACCOUNT_EVENTS.trusted : EXTERNAL_ACCOUNT_EVENTS.untrusted);
  assert(before.isTrusted !== isTrusted, `external account ${id} is already ${isTrusted ? 'trusted' : 'untrusted'}`);
  store.byId.set(
    id,
    immer.produce(before, (draft) => {
      draft.isTrusted = isTrusted;
      draft.updatedAt = at;
    }),
  );
}

function deleteExternalAccount(store: ExternalAccountStore, data: ExternalAccountDeleted): void {
  const account = stored(store, data.externalAccountId, EXTERNAL_ACCOUNT_EVENTS.deleted);
  assert(!account.isTrusted, `external account ${account.id} deleted while trusted`);
  // The identity index derives its keys from the live accounts: the entry goes first.
  store.byIdentity.delete(identityKey(account));
  store.byId.delete(account.id);
  const owner = defaultUmaOwnerKey(account.customerId);
  if (store.defaultUmaDepositByOwner.get(owner) === account.id) store.defaultUmaDepositByOwner.delete(owner);
}

function issueChallenge(store: ExternalAccountStore, data: OwnershipChallengeIssued): void {
  const before = stored(store, data.externalAccountId, EXTERNAL_ACCOUNT_EVENTS.challengeIssued);
  assert(nextOwnershipStatus(before.status, 'CHALLENGE_ISSUED') !== undefined, `challenge issued to ${before.id} while ${before.status}`);
  const challenge = structuredClone(data.challenge);
  store.byId.set(
    before.id,
    immer.produce(before, (draft) => {
      draft.ownershipChallenge = challenge;
    }),
  );
}

function attemptVerification(store: ExternalAccountStore, data: OwnershipVerificationAttempted, event: OwnershipEvent, type: string): void {
  const before = stored(store, data.externalAccountId, type);
  assert(before.status === data.previousStatus, `${type} says ${before.id} was ${data.previousStatus}, it is ${before.status}`);
  assert(before.ownershipChallenge?.challengeId === data.challengeId, `${type} names challenge ${data.challengeId}, not the open one of ${before.id}`);
  // A signature answers a signature challenge, a liveness outcome a LIVENESS one.
  assert(before.ownershipChallenge.method === data.method, `${type} by ${data.method ?? 'WALLET_SIGNATURE'} answers a ${before.ownershipChallenge.method ?? 'WALLET_SIGNATURE'} challenge of ${before.id}`);
  const next = nextOwnershipStatus(before.status, event);
  assert(next !== undefined && next === data.status, `${type} moves ${before.id} from ${before.status} to ${data.status}`);
  store.byId.set(
    before.id,
    immer.produce(before, (draft) => {
      delete draft.ownershipChallenge;
      // updatedAt follows the fields a client sees; a second failure changes none of them.
      if (draft.status !== next) draft.updatedAt = data.at;
      draft.status = next;
    }),
  );
}

/** Evolvers for external account events. */
export const externalAccountEvolvers: EvolverTable = {
  [EXTERNAL_ACCOUNT_EVENTS.created]: (state: DomainState, event) =>
    addExternalAccount(state.externalAccounts, (event.data as ExternalAccountCreated).account),
  [EXTERNAL_ACCOUNT_EVENTS.trusted]: (state, event) => {
    const data = event.data as ExternalAccountTrusted;
    setTrusted(state.externalAccounts, data.externalAccountId, true, data.at);
  },
  [EXTERNAL_ACCOUNT_EVENTS.untrusted]: (state, event) => {
    const data = event.data as ExternalAccountUntrusted;
    setTrusted(state.externalAccounts, data.externalAccountId, false, data.at);
  },
  [EXTERNAL_ACCOUNT_EVENTS.deleted]: (state, event) => deleteExternalAccount(state.externalAccounts, event.data as ExternalAccountDeleted),
  [EXTERNAL_ACCOUNT_EVENTS.challengeIssued]: (state, event) => issueChallenge(state.externalAccounts, event.data as OwnershipChallengeIssued),
  [EXTERNAL_ACCOUNT_EVENTS.ownershipVerified]: (state, event) =>
    attemptVerification(state.externalAccounts, event.data as OwnershipVerificationAttempted, 'SIGNATURE_VERIFIED', EXTERNAL_ACCOUNT_EVENTS.ownershipVerified),
  [EXTERNAL_ACCOUNT_EVENTS.ownershipVerificationFailed]: (state, event) =>
    attemptVerification(
      state.externalAccounts,
      event.data as OwnershipVerificationAttempted,
      'SIGNATURE_REJECTED',
      EXTERNAL_ACCOUNT_EVENTS.ownershipVerificationFailed,
    ),
};
