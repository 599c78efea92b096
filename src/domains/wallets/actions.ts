/**
 * Signed wallet actions on an embedded wallet's internal account: export
 * (`POST /internal-accounts/{id}/export`: the wallet credentials HPKE-sealed to the request's
 * `clientPublicKey`) and update (`PATCH /internal-accounts/{id}`: `privateEnabled`). Both are a
 * 202 challenge, then the retry stamped by an active session of the wallet. Pure deciders.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type ApiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { type AuthContext, type SignedOutcome, walletRequired } from '../auth/credentials.js';
import { derivePrivateKey, hpkeSeal, parsePublicKey, toHex } from '../auth/crypto.js';
import { AUTH_EVENTS, type WalletPrivacyUpdated } from '../auth/events.js';
import { type SignedInput, activityPayload, bodyHash, challengeBody, isFirstLeg, issueSignedRequest, verifySignedRetry } from '../auth/signed.js';
import type { DomainState } from '../state.js';

/**
 * The wallet's secret (what an export hands over): derived from the host secret and the account,
 * so it is never stored and every export of a wallet gives the same plaintext.
 */
export function walletSecret(secretDigest: (message: string) => string, accountId: string): string {
  return toHex(derivePrivateKey(secretDigest, `wallet-seed|${accountId}`));
}

/** `POST /internal-accounts/{id}/export`. The 200 body is `{ id, encryptedWalletCredentials }`. */
export function decideExportWallet(state: DomainState, accountId: string, clientPublicKey: string, input: SignedInput, context: AuthContext): Result<SignedOutcome<{ encryptedWalletCredentials: string }>, ApiError> {
  const wallet = walletRequired(state, accountId);
  if (!wallet.ok) return wallet;
  if (parsePublicKey(clientPublicKey) === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey must be a valid P-256 public key (hex)' }]));
  if (isFirstLeg(input)) {
    const issued = issueSignedRequest(
      { kind: 'EXPORT_WALLET', accountId, targetId: accountId, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(accountId, 'ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: clientPublicKey.toLowerCase(), walletId: accountId }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'EXPORT_WALLET', accountId, targetId: accountId, signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  const sealed = hpkeSeal(clientPublicKey, utf8ToBytes(walletSecret(context.secretDigest, accountId)), derivePrivateKey(context.secretDigest, `export-seal|${retry.value.request.requestId}`));
  if (sealed === undefined) return err(invalidInput([{ field: 'clientPublicKey', message: 'clientPublicKey must be a valid P-256 public key (hex)' }]));
  return ok({ kind: 'done', events: [retry.value.consume], encryptedWalletCredentials: JSON.stringify(sealed) });
}

/** `PATCH /internal-accounts/{id}` with `{ privateEnabled }`. */
export function decideUpdateWallet(state: DomainState, accountId: string, privateEnabled: boolean, input: SignedInput, context: AuthContext): Result<SignedOutcome<object>, ApiError> {
  const wallet = walletRequired(state, accountId);
  if (!wallet.ok) return wallet;
  if (isFirstLeg(input)) {
    const issued = issueSignedRequest(
      { kind: 'UPDATE_WALLET', accountId, targetId: accountId, bodyHash: bodyHash(input.body), payloadToSign: activityPayload(accountId, 'ACTIVITY_TYPE_UPDATE_WALLET', { privateEnabled, walletId: accountId }, context.nowMs) },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'UPDATE_WALLET', accountId, targetId: accountId, signer: { kind: 'session' } }, context.nowMs);
  if (!retry.ok) return retry;
  const data: WalletPrivacyUpdated = { accountId, privateEnabled };
  return ok({ kind: 'done', events: [retry.value.consume, { type: AUTH_EVENTS.walletPrivacyUpdated, data }] });
}
