/** API token deciders: create and delete. Pure. */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { apiTokenClientId, apiTokenSecret, apiTokenSecretHash, type SecretDigest } from './credentials.js';
import { API_TOKEN_EVENTS, type ApiTokenCreated, type ApiTokenDeleted } from './events.js';
import type { ApiTokenPermission } from './types.js';

/** A validated create request. */
export type CreateTokenCommand = { readonly name: string; readonly permissions: readonly ApiTokenPermission[] };

/** The event that creates token `tokenId`, and its client secret (for the one answer that shows it). */
export function decideCreateToken(
  command: CreateTokenCommand,
  tokenId: string,
  at: string,
  secretDigest: SecretDigest,
): { readonly events: EventDraft[]; readonly clientSecret: string } {
  const clientSecret = apiTokenSecret(tokenId, secretDigest);
  // Permissions are a set: repeats are dropped, order kept.
  const permissions = [...new Set(command.permissions)];
  const data: ApiTokenCreated = {
    token: { id: tokenId, name: command.name, permissions, clientId: apiTokenClientId(tokenId), secretHash: apiTokenSecretHash(clientSecret), createdAt: at, updatedAt: at },
  };
  return { events: [{ type: API_TOKEN_EVENTS.created, data }], clientSecret };
}

/** 404 TOKEN_NOT_FOUND for an unknown or deleted token. */
export function tokenNotFound(tokenId: string): ApiError {
  return apiError('TOKEN_NOT_FOUND', `API token ${tokenId} not found`);
}

/** The event that deletes a live token, or 404 TOKEN_NOT_FOUND. */
export function decideDeleteToken(state: DomainState, tokenId: string): Result<EventDraft[], ApiError> {
  if (!state.apiTokens.byId.has(tokenId)) return err(tokenNotFound(tokenId));
  const data: ApiTokenDeleted = { tokenId };
  return ok([{ type: API_TOKEN_EVENTS.deleted, data }]);
}
