/**
 * Decides `POST /customers/external-accounts` and `POST /platform/external-accounts` after
 * validation (route), in a fixed order: the customer exists (404 CUSTOMER_NOT_FOUND), the sandbox
 * beneficiary check accepts the account (suffix 105: 400 INVALID_BANK_ACCOUNT), the identifier is
 * not already an account of the same owner (409 DUPLICATE_EXTERNAL_ACCOUNT). Emits one
 * `ExternalAccountCreated`. Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { beneficiarySuffixRow, externalAccountSuffix } from '../../sandbox/external-accounts.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { EXTERNAL_ACCOUNT_EVENTS, type ExternalAccountCreated } from './events.js';
import { identityKey, primaryIdentifier } from './identity.js';
import type { AccountInfo, ExternalAccount, ExternalAccountCurrency, ExternalAccountOwner, OwnershipType } from './types.js';
import { liveCustomer } from '../customers/store.js';

/** The part of the state this decider reads. */
export type CreateDecisionState = Pick<DomainState, 'customers' | 'externalAccounts'>;

/** A validated create request (either route), its owner, the id minted for it, and its time. */
export type CreateExternalAccountCommand = {
  readonly owner: ExternalAccountOwner;
  readonly currency: ExternalAccountCurrency;
  readonly platformAccountId?: string;
  readonly ownershipType?: OwnershipType;
  /** The reference's flag (customer accounts): this account becomes the customer's default UMA deposit account. */
  readonly defaultUmaDepositAccount?: boolean;
  /** Validated and normalised, without undefined fields. */
  readonly accountInfo: AccountInfo;
  readonly externalAccountId: string;
  /** The request's instant; becomes createdAt and updatedAt. */
  readonly at: string;
};

/** Pure: the event that creates the external account, or why it cannot be created. */
export function decideCreateExternalAccount(
  state: CreateDecisionState,
  command: CreateExternalAccountCommand,
): Result<EventDraft[], ApiError> {
  const { owner } = command;
  if (owner.kind === 'customer' && liveCustomer(state.customers, owner.customerId) === undefined) {
    return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${owner.customerId} not found`));
  }
  const suffix = externalAccountSuffix(primaryIdentifier(command.accountInfo));
  const row = beneficiarySuffixRow(suffix);
  if (row.outcome.kind === 'invalidAccount') {
    return err(apiError('INVALID_BANK_ACCOUNT', `The receiving institution reports the account invalid (sandbox suffix ${suffix})`));
  }
  const account: ExternalAccount = {
    id: command.externalAccountId,
    ...(owner.kind === 'customer' ? { customerId: owner.customerId } : {}),
    ...(command.platformAccountId === undefined ? {} : { platformAccountId: command.platformAccountId }),
    ...(command.ownershipType === undefined ? {} : { ownershipType: command.ownershipType }),
    ...(command.defaultUmaDepositAccount === true ? { defaultUmaDepositAccount: true as const } : {}),
    currency: command.currency,
    status: 'PENDING_OWNERSHIP_VERIFICATION',
    beneficiaryVerificationStatus: row.outcome.status,
    accountInfo: command.accountInfo,
    isTrusted: false,
    createdAt: command.at,
    updatedAt: command.at,
  };
  const existingId = state.externalAccounts.byIdentity.get(identityKey(account));
  if (existingId !== undefined) return err(duplicateError(state, existingId));
  const created: ExternalAccountCreated = { account };
  return ok([{ type: EXTERNAL_ACCOUNT_EVENTS.created, data: created }]);
}

/**
 * 409 DUPLICATE_EXTERNAL_ACCOUNT. The spec gives `details` `{ externalAccountId, platformAccountId }`
 * only when the existing account belongs to the platform (`platformAccountId` omitted when that
 * account has none); for a customer's account `details` is omitted.
 */
function duplicateError(state: CreateDecisionState, existingId: string): ApiError {
  const existing = state.externalAccounts.byId.get(existingId);
  const reason = 'An external account with this identifier already exists for this owner';
  if (existing === undefined || existing.customerId !== undefined) return apiError('DUPLICATE_EXTERNAL_ACCOUNT', reason);
  return apiError('DUPLICATE_EXTERNAL_ACCOUNT', reason, {
    externalAccountId: existing.id,
    ...(existing.platformAccountId === undefined ? {} : { platformAccountId: existing.platformAccountId }),
  });
}
