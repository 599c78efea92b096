/**
 * Delegated signing keys (`/auth/delegated-keys`): a P-256 key the engine custodies (derived from
 * the host secret and the key id, never returned or logged) that may sign for a card's
 * embedded-wallet funding account. Creation is three legs: 202 (user activity), signed retry ->
 * PENDING and a second 202 (policy activity), signed retry -> ACTIVE (201). One ACTIVE key per
 * card funding source (409 CONFLICT). Revoke: ACTIVE -> REVOKED (204). Pure deciders.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { bareUuid } from '../../core/ids.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { type AuthContext, type SignedOutcome, walletNotFound, walletOf } from './credentials.js';
import { derivePrivateKey, publicKeyHex } from './crypto.js';
import { AUTH_EVENTS, type DelegatedKeyRecorded } from './events.js';
import { type SignedInput, REQUEST_ID_HEADER, activityPayload, bodyHash, challengeBody, isFirstLeg, issueSignedRequest, verifySignedRetry } from './signed.js';
import type { DelegatedKey } from './types.js';

/** The funding-source id of a card (one per card in the sandbox: its funding account). */
export function fundingSourceIdOf(cardId: string): string {
  return `CardFundingSource:${bareUuid(cardId)}`;
}

/** 404 for an unknown delegated key. */
export function delegatedKeyNotFound(id: string): ApiError {
  return apiError('NOT_FOUND', `Delegated key ${id.slice(0, 100)} not found`);
}

/** A validated create body. */
export type CreateDelegatedKeyRequest = { readonly cardId: string; readonly internalAccountId: string; readonly nickname: string };

/** `POST /auth/delegated-keys`, all three legs. */
export function decideCreateDelegatedKey(state: DomainState, request: CreateDelegatedKeyRequest, input: SignedInput, context: AuthContext): Result<SignedOutcome<{ keyId: string }>, ApiError> {
  const card = state.cards.byId.get(request.cardId);
  if (card === undefined) return err(apiError('NOT_FOUND', `Card ${request.cardId.slice(0, 100)} not found`));
  if (walletOf(state, request.internalAccountId) === undefined || card.fundingSource !== request.internalAccountId) return err(walletNotFound(request.internalAccountId));
  const fundingSourceId = fundingSourceIdOf(card.id);
  if ([...state.auth.delegatedKeys.values()].some((k) => k.fundingSourceId === fundingSourceId && k.status === 'ACTIVE')) {
    return err(apiError('CONFLICT', 'An ACTIVE delegated key already exists for this card funding source; revoke it first'));
  }
  const accountId = request.internalAccountId;
  if (isFirstLeg(input)) {
    const keyId = context.newId('DelegatedKey');
    const publicKey = publicKeyHex(derivePrivateKey(context.secretDigest, `delegated-key|${keyId}`));
    const issued = issueSignedRequest(
      { kind: 'DELEGATED_KEY_USER', accountId, targetId: keyId, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(accountId, 'ACTIVITY_TYPE_CREATE_USERS_V3', { apiKeys: [{ publicKey, curveType: 'API_KEY_CURVE_P256' }], userName: request.nickname }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request) });
  }
  const pending = state.auth.pending.get((input.headers.get(REQUEST_ID_HEADER) ?? '').trim());
  const kind = pending?.kind === 'DELEGATED_KEY_POLICY' ? 'DELEGATED_KEY_POLICY' : 'DELEGATED_KEY_USER';
  const retry = verifySignedRetry(state, input, { kind, accountId, targetId: pending?.targetId ?? '', signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  const keyId = retry.value.request.targetId;
  const publicKey = publicKeyHex(derivePrivateKey(context.secretDigest, `delegated-key|${keyId}`));
  const existing = state.auth.delegatedKeys.get(keyId);
  const key: DelegatedKey = {
    id: keyId,
    cardId: card.id,
    fundingSourceId,
    accountId,
    publicKey,
    nickname: request.nickname,
    status: kind === 'DELEGATED_KEY_USER' ? 'PENDING' : 'ACTIVE',
    createdAt: existing?.createdAt ?? context.at,
    updatedAt: context.at,
  };
  const data: DelegatedKeyRecorded = { key };
  const events: EventDraft[] = [retry.value.consume, { type: AUTH_EVENTS.delegatedKeyRecorded, data }];
  if (kind === 'DELEGATED_KEY_POLICY') return ok({ kind: 'done', events, keyId });
  const policy = issueSignedRequest(
    { kind: 'DELEGATED_KEY_POLICY', accountId, targetId: keyId, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(accountId, 'ACTIVITY_TYPE_CREATE_POLICIES', { policies: [{ effect: 'EFFECT_ALLOW', consensus: `approvers.any(user, user.id == '${keyId}')`, condition: 'activity.action == "SIGN"' }] }, context.nowMs) },
    context,
  );
  return ok({ kind: 'challenge', events: [...events, ...policy.events], body: challengeBody(policy.request) });
}

/** `DELETE /auth/delegated-keys/{id}`: ACTIVE -> REVOKED. */
export function decideRevokeDelegatedKey(state: DomainState, id: string, context: AuthContext): Result<EventDraft[], ApiError> {
  const key = state.auth.delegatedKeys.get(id);
  if (key === undefined) return err(delegatedKeyNotFound(id));
  if (key.status !== 'ACTIVE') return err(apiError('INVALID_STATE_TRANSITION', `Delegated key ${id} is ${key.status}; only an ACTIVE key can be revoked`));
  const data: DelegatedKeyRecorded = { key: { ...key, status: 'REVOKED', updatedAt: context.at } };
  return ok([{ type: AUTH_EVENTS.delegatedKeyRecorded, data }]);
}
