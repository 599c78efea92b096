/**
 * Decides trust and deletion: `POST .../{id}/confirm` marks the beneficiary trusted,
 * `POST .../{id}/untrust` removes the mark (each repeated is answered and writes nothing), and
 * `DELETE .../{id}` removes an account that is not trusted (409 BENEFICIARY_TRUSTED otherwise).
 * Trust is independent of ownership and name verification. Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { EXTERNAL_ACCOUNT_EVENTS, type ExternalAccountDeleted, type ExternalAccountTrusted, type ExternalAccountUntrusted } from './events.js';
import { type ExternalAccountScope, externalAccountInScope } from './read.js';

/** 404 ACCOUNT_NOT_FOUND for an id that is not a live account of the scope. */
export function externalAccountNotFound(id: string): ApiError {
  return apiError('ACCOUNT_NOT_FOUND', `External account ${id} not found`);
}

/**
 * Pure: the event that sets `isTrusted` to `trusted`, none when it already is (an idempotent
 * repeat), or 404 ACCOUNT_NOT_FOUND.
 */
export function decideSetTrusted(
  state: Pick<DomainState, 'externalAccounts'>,
  command: { readonly externalAccountId: string; readonly scope: ExternalAccountScope; readonly trusted: boolean; readonly at: string },
): Result<EventDraft[], ApiError> {
  const account = externalAccountInScope(state, command.externalAccountId, command.scope);
  if (account === undefined) return err(externalAccountNotFound(command.externalAccountId));
  if (account.isTrusted === command.trusted) return ok([]);
  const data: ExternalAccountTrusted | ExternalAccountUntrusted = { externalAccountId: account.id, at: command.at };
  return ok([{ type: command.trusted ? EXTERNAL_ACCOUNT_EVENTS.trusted : EXTERNAL_ACCOUNT_EVENTS.untrusted, data }]);
}

/** Pure: the event that deletes the account, 409 BENEFICIARY_TRUSTED while trusted, or 404. */
export function decideDeleteExternalAccount(
  state: Pick<DomainState, 'externalAccounts'>,
  command: { readonly externalAccountId: string; readonly scope: ExternalAccountScope },
): Result<EventDraft[], ApiError> {
  const account = externalAccountInScope(state, command.externalAccountId, command.scope);
  if (account === undefined) return err(externalAccountNotFound(command.externalAccountId));
  if (account.isTrusted) {
    return err(apiError('BENEFICIARY_TRUSTED', `External account ${account.id} is a trusted beneficiary; untrust it before deleting it`));
  }
  const data: ExternalAccountDeleted = { externalAccountId: account.id };
  return ok([{ type: EXTERNAL_ACCOUNT_EVENTS.deleted, data }]);
}
