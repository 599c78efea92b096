/**
 * External accounts: a customer's or the platform's bank accounts and wallets outside the
 * service, with beneficiary name verification (sandbox suffixes), trust, and ownership
 * verification. The barrel other layers import from; docs/external-accounts.md describes it all.
 */
export * from './types.js';
export * from './identifiers.js';
export * from './events.js';
export { ownerOf, primaryIdentifier, destinationIdentifier, identityKey } from './identity.js';
export { type ExternalAccountStore, emptyExternalAccountStore } from './store.js';
export { OWNERSHIP_EVENTS, OWNERSHIP_TABLE, type OwnershipEvent, nextOwnershipStatus, ownershipMachine } from './lifecycle.js';
export { externalAccountEvolvers } from './evolve.js';
export { EXTERNAL_ACCOUNT_STATUS_UPDATED, externalAccountNotifiers } from './notify.js';
export { type CreateExternalAccountCommand, decideCreateExternalAccount } from './create.js';
export { decideDeleteExternalAccount, decideSetTrusted } from './trust.js';
export { OWNERSHIP_CHALLENGE_TTL_MS, challengeIsOpen, decideIssueChallenge, decideVerifyOwnership } from './ownership.js';
export { type ExternalAccountFilters, externalAccountQueryKey, listExternalAccounts } from './list.js';
export { type ExternalAccountView, externalAccountView, maskIdentifier } from './view.js';
export {
  type ExternalAccountScope,
  externalAccountById,
  externalAccountIdentifier,
  externalAccountInScope,
  externalAccountOwner,
  externalAccountSandboxSuffix,
  ownershipStanding,
  railsForAccountType,
  supportsRail,
} from './read.js';
