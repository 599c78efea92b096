/**
 * Quotes from an embedded wallet: the `payloadToSign` the quote shows in
 * `paymentInstructions[].accountOrWalletInfo` (accountType EMBEDDED_WALLET), and the check that
 * `POST /quotes/{id}/execute` carries a stamp over it by an active session of the source wallet
 * (WALLET_SIGNATURE_MISSING / MALFORMED / INVALID, all 401). Pure.
 */
import type { ApiError } from '../../core/errors.js';
import { type Result, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import { activityPayload, verifyDirectSignature } from '../auth/signed.js';
import { type Quote, quoteTransactionId } from './types.js';
import type { DomainState } from '../state.js';

/** The embedded wallet a quote's source is, if it is one. */
export function embeddedWalletSource(state: Partial<Pick<DomainState, 'auth'>>, quote: Quote): string | undefined {
  if (quote.source.sourceType !== 'ACCOUNT' || quote.source.accountKind !== 'INTERNAL') return undefined;
  return state.auth?.wallets.has(quote.source.accountId) === true ? quote.source.accountId : undefined;
}

/** The exact string the wallet holder stamps to release the quote (fixed by the quote's fields). */
export function quotePayloadToSign(quote: Quote, accountId: string): string {
  return activityPayload(
    accountId,
    'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    { quoteId: quote.id, amount: String(quote.totalSendingAmountMinor), currency: quote.source.currency, transactionId: quoteTransactionId(quote.id) },
    instantToMs(quote.createdAt),
  );
}

/** Embedded-wallet payment instructions for a quote view, or undefined for other sources. */
export function embeddedWalletInstructions(state: Partial<Pick<DomainState, 'auth'>>, quote: Quote): { accountOrWalletInfo: { accountType: string; payloadToSign: string }; instructionsNotes: string }[] | undefined {
  const accountId = embeddedWalletSource(state, quote);
  if (accountId === undefined) return undefined;
  return [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: quotePayloadToSign(quote, accountId) }, instructionsNotes: 'Stamp payloadToSign byte for byte with an active session key of the wallet and send it as Svc-Wallet-Signature on execute.' }];
}

/** Checks the execute's `Svc-Wallet-Signature` when the source is an embedded wallet; ok otherwise. */
export function checkQuoteExecuteSignature(state: DomainState, quote: Quote, headers: ReadonlyMap<string, string>, nowMs: number): Result<true, ApiError> {
  const accountId = embeddedWalletSource(state, quote);
  if (accountId === undefined) return ok(true);
  return verifyDirectSignature(state, headers, accountId, quotePayloadToSign(quote, accountId), nowMs);
}
