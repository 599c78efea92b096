/**
 * Digital-wallet provisioning (`POST /cards/{id}/tokenize`): an encrypted payload the platform's
 * app hands to a wallet for in-app add. Encryption is XChaCha20-Poly1305 from @noble/ciphers
 * (audited, pure JS, no native code): its 192-bit nonce may be derived by hashing without any
 * birthday-bound worry, which AES-GCM's 96-bit nonce would not allow. Nothing here is random:
 * the key is HKDF-SHA256 of the card's seed-derived `provisioningKeyId` (salted with the card id)
 * and the nonce is SHA-256 of the tokenization's own id, which is unique per request (it is minted
 * from the engine seed and the log position). So replay re-derives every payload, and no two
 * payloads share a nonce under one key.
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_EVENT_TYPES, type CardTokenized } from './events.js';
import { cardNotMutable } from './lifecycle.js';
import type { Card } from './types.js';
import { cardNotFound } from './update.js';
import { decodeBase64, encodeBase64 } from '../../core/base64.js';
import { assert } from '../../core/assert.js';

/** Wallets a card can be provisioned into (decided). */
export const WALLET_PROVIDERS = ['APPLE_PAY', 'GOOGLE_PAY', 'SAMSUNG_PAY'] as const;
/** One of `WALLET_PROVIDERS`. */
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

/** The algorithm named in every answer. */
export const PROVISIONING_ALGORITHM = 'XCHACHA20-POLY1305';

/** What `tokenize` answers. Byte fields are base64. */
export type ProvisioningPayload = {
  readonly cardId: string;
  readonly tokenizationId: string;
  readonly walletProvider: WalletProvider;
  readonly algorithm: typeof PROVISIONING_ALGORITHM;
  readonly nonce: string;
  readonly encryptedPayload: string;
  readonly createdAt: string;
};

/**
 * Pure: the CardTokenized event, or the first problem: 404 NOT_FOUND; 409 CARD_NOT_MUTABLE for
 * a closed card; 409 INVALID_STATE_TRANSITION for a frozen one (unfreeze first); 400 INVALID_INPUT
 * when the card lacks `cardCapabilities.supportsDigitalWalletTokenization`.
 */
export function decideTokenize(
  state: DomainState,
  command: { readonly cardId: string; readonly walletProvider: WalletProvider; readonly tokenizationId: string; readonly at: string },
): Result<EventDraft[], ApiError> {
  const card = state.cards.byId.get(command.cardId);
  if (card === undefined) return err(cardNotFound(command.cardId));
  if (card.status === 'CLOSED') return err(cardNotMutable(card.id));
  if (card.status !== 'ACTIVE') return err(apiError('INVALID_STATE_TRANSITION', `Card ${card.id} is ${card.status}; only an ACTIVE card can be added to a wallet`));
  if (!card.cardCapabilities.supportsDigitalWalletTokenization) {
    const why = `Card ${card.id} does not support digital wallet tokenization (cardCapabilities.supportsDigitalWalletTokenization is false)`;
    return err(invalidInput([{ field: 'id', message: why }], why));
  }
  const data: CardTokenized = { cardId: card.id, tokenizationId: command.tokenizationId, walletProvider: command.walletProvider, tokenizedAt: command.at };
  return ok([{ type: CARD_EVENT_TYPES.tokenized, data }]);
}

/** The card's 256-bit provisioning key: HKDF-SHA256(provisioningKeyId, salt card id). Pure. */
export function provisioningKey(card: Card): Uint8Array {
  return hkdf(sha256, utf8ToBytes(card.provisioningKeyId), utf8ToBytes(card.id), utf8ToBytes('payments-engine/card-provisioning/v1'), 32);
}

/** The 24-byte nonce of one tokenization: the first bytes of SHA-256 of its id. Pure. */
export function provisioningNonce(tokenizationId: string): Uint8Array {
  return sha256(utf8ToBytes(`CardProvisioningNonce|${tokenizationId}`)).slice(0, 24);
}

/** The clear text a wallet receives (decrypted by whoever holds the key). */
export function provisioningPlaintext(card: Card, tokenization: CardTokenized): string {
  return JSON.stringify({
    cardId: card.id,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    brand: card.brand,
    walletProvider: tokenization.walletProvider,
    tokenizationId: tokenization.tokenizationId,
    issuedAt: tokenization.tokenizedAt,
  });
}

/** Pure: the encrypted provisioning payload of `tokenization`; the card id is the associated data. */
export function provisioningPayload(card: Card, tokenization: CardTokenized): ProvisioningPayload {
  const nonce = provisioningNonce(tokenization.tokenizationId);
  const sealed = xchacha20poly1305(provisioningKey(card), nonce, utf8ToBytes(card.id)).encrypt(utf8ToBytes(provisioningPlaintext(card, tokenization)));
  return {
    cardId: card.id,
    tokenizationId: tokenization.tokenizationId,
    walletProvider: tokenization.walletProvider as WalletProvider,
    algorithm: PROVISIONING_ALGORITHM,
    nonce: encodeBase64(nonce),
    encryptedPayload: encodeBase64(sealed),
    createdAt: tokenization.tokenizedAt,
  };
}

/** Pure: decrypts a payload with the card's key (for the holder of the key: tests, auditors). Throws on a forged payload. */
export function openProvisioningPayload(card: Card, payload: Pick<ProvisioningPayload, 'nonce' | 'encryptedPayload'>): string {
  const nonce = decodeBase64(payload.nonce);
  const sealed = decodeBase64(payload.encryptedPayload);
  assert(nonce !== undefined && sealed !== undefined, 'provisioning payload is not base64');
  const opened = xchacha20poly1305(provisioningKey(card), nonce, utf8ToBytes(card.id)).decrypt(sealed);
  return new TextDecoder().decode(opened);
}
