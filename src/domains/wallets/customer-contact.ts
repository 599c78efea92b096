/**
 * A customer's contact update that reaches its embedded wallets (reference `PATCH
 * /customers/{customerId}`, docs/wallets-and-sca.md "Customer contact updates"). Changing `email`
 * of a customer whose wallets hold EMAIL_OTP credentials, or `phoneNumber` with SMS_OTP ones, is a
 * signed retry: the first call answers 202 with `payloadToSign` and binds the body and the set of
 * tied credentials; the retry, stamped by an active session of any of the customer's wallets,
 * changes the customer and every tied credential in one call, or nothing. Pure deciders.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { sha256Hex } from '../auth/crypto.js';
import { AUTH_EVENTS, type AuthCredentialsContactUpdated } from '../auth/events.js';
import { type IssueContext, type SignedInput, activityPayload, bodyHash, challengeBody, isFirstLeg, issueSignedRequest, REQUEST_ID_HEADER, verifySignedRetry } from '../auth/signed.js';
import type { AuthCredential, AuthCredentialType } from '../auth/types.js';
import type { Customer } from '../customers/types.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';

/** Which contact a request changes, and the OTP credential type tied to it. */
export type ContactChange = { readonly field: 'email' | 'phoneNumber'; readonly value: string; readonly credentialType: 'EMAIL_OTP' | 'SMS_OTP' };

/** What the route does with a PATCH: update at once, or the signed flow's challenge or completion. */
export type ContactOutcome =
  | { readonly kind: 'plain' }
  | { readonly kind: 'challenge'; readonly events: EventDraft[]; readonly body: Record<string, string> }
  | { readonly kind: 'signed'; readonly events: EventDraft[] };

const SET_CHANGED: Readonly<Record<ContactChange['credentialType'], 'EMAIL_OTP_CREDENTIAL_SET_CHANGED' | 'SMS_OTP_CREDENTIAL_SET_CHANGED'>> = {
  EMAIL_OTP: 'EMAIL_OTP_CREDENTIAL_SET_CHANGED',
  SMS_OTP: 'SMS_OTP_CREDENTIAL_SET_CHANGED',
};

/**
 * The contact `request` changes on `customer`, if any (validation refuses email and phoneNumber
 * together on PATCH, so at most one). Pure.
 */
export function contactChangeOf(customer: Customer, request: { readonly email?: string | undefined; readonly phoneNumber?: string | undefined }): ContactChange | undefined {
  if (request.email !== undefined && request.email !== customer.email) return { field: 'email', value: request.email, credentialType: 'EMAIL_OTP' };
  if (request.phoneNumber !== undefined && request.phoneNumber !== customer.phoneNumber) return { field: 'phoneNumber', value: request.phoneNumber, credentialType: 'SMS_OTP' };
  return undefined;
}

/** The account ids of the customer's embedded wallets, in creation order. Pure. */
export function tiedWalletIds(state: DomainState, customerId: string): string[] {
  return [...state.auth.wallets.values()].filter((wallet) => wallet.customerId === customerId).map((wallet) => wallet.accountId);
}

/** The customer's tied credentials of `type`, sorted by id. Pure. */
export function tiedCredentials(state: DomainState, customerId: string, type: AuthCredentialType): AuthCredential[] {
  const wallets = new Set(tiedWalletIds(state, customerId));
  return [...state.auth.credentials.values()].filter((c) => c.type === type && wallets.has(c.accountId)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The contact an OTP credential is bound to: its nickname (the wallet's email or phone at creation or last update). */
function contactOf(credential: AuthCredential): string {
  return credential.nickname;
}

/**
 * 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS / SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS when an OTP credential
 * outside the customer's tied set already holds the new contact (emails compared ignoring case).
 */
function contactTaken(state: DomainState, customerId: string, change: ContactChange): ApiError | undefined {
  const tied = new Set(tiedWalletIds(state, customerId));
  const norm = (text: string) => (change.field === 'email' ? text.toLowerCase() : text);
  const holder = [...state.auth.credentials.values()].find((c) => c.type === change.credentialType && !tied.has(c.accountId) && norm(contactOf(c)) === norm(change.value));
  if (holder === undefined) return undefined;
  return change.field === 'email'
    ? apiError('EMAIL_OTP_EMAIL_ALREADY_EXISTS', 'This email address is already associated with an EMAIL_OTP credential of another internal account', { internalAccountId: holder.accountId })
    : apiError('SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS', 'This phone number is already associated with an SMS_OTP credential of another internal account', { internalAccountId: holder.accountId });
}

/** True when the request's Request-Id names a contact-update challenge issued for this customer. */
function continuesChallenge(state: DomainState, customerId: string, input: SignedInput): boolean {
  const pending = state.auth.pending.get(input.headers.get(REQUEST_ID_HEADER)?.trim() ?? '');
  return pending?.kind === 'UPDATE_CUSTOMER_CONTACT' && pending.targetId === customerId;
}

/** True when some credential of the customer's wallets was ever verified (it issued a session). */
function hasVerifiedCredential(state: DomainState, walletIds: readonly string[]): boolean {
  const wallets = new Set(walletIds);
  return [...state.auth.sessions.values()].some((session) => wallets.has(session.accountId) && state.auth.credentials.has(session.credentialId));
}

/**
 * Decides whether a validated PATCH of `customer` needs the signed flow and, if so, its leg.
 * `plain`: no contact changes, or none is tied to an OTP credential (retry headers are then
 * ignored unless they continue this customer's challenge).
 * First leg, in order: 409 ..._ALREADY_EXISTS, 400 AUTH_CREDENTIAL_VERIFICATION_REQUIRED (no
 * credential of the customer's wallets was ever verified, so no session could sign), then 202.
 * Retry: the signed-retry checks (401s, docs/wallets-and-sca.md), 409 ..._CREDENTIAL_SET_CHANGED
 * when the tied credentials are not the ones the challenge bound, 409 ..._ALREADY_EXISTS again;
 * then the consumption and the credentials' update, which the route follows with the customer's.
 * Pure.
 */
export function decideContactUpdate(state: DomainState, customer: Customer, change: ContactChange | undefined, input: SignedInput, context: IssueContext): Result<ContactOutcome, ApiError> {
  if (change === undefined) return ok({ kind: 'plain' });
  const tied = tiedCredentials(state, customer.id, change.credentialType);
  const firstLeg = isFirstLeg(input);
  // With no tied credential the update is synchronous and stray headers are ignored (reference),
  // unless they continue this customer's own challenge: then the set changed under it.
  if (tied.length === 0 && (firstLeg || !continuesChallenge(state, customer.id, input))) return ok({ kind: 'plain' });
  const walletIds = tiedWalletIds(state, customer.id);
  if (firstLeg) {
    const taken = contactTaken(state, customer.id, change);
    if (taken !== undefined) return err(taken);
    if (!hasVerifiedCredential(state, walletIds)) {
      return err(apiError('AUTH_CREDENTIAL_VERIFICATION_REQUIRED', `No credential of the customer's embedded wallets is verified, so none can sign the ${change.field} change; verify one first (POST /auth/credentials/{id}/verify)`));
    }
    const userId = `user_${sha256Hex(customer.id).slice(0, 24)}`;
    const parameters = change.field === 'email' ? { userEmail: change.value, userId } : { userId, userPhoneNumber: change.value };
    const activity = change.field === 'email' ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER';
    const issued = issueSignedRequest(
      {
        kind: 'UPDATE_CUSTOMER_CONTACT',
        accountId: walletIds[0] ?? customer.id,
        targetId: customer.id,
        bodyHash: bodyHash(input.body),
        payloadToSign: activityPayload(customer.id, activity, parameters, context.nowMs),
        boundCredentialIds: tied.map((c) => c.id),
      },
      context,
    );
    return ok({ kind: 'challenge', events: issued.events, body: challengeBody(issued.request) });
  }
  const retry = verifySignedRetry(state, input, { kind: 'UPDATE_CUSTOMER_CONTACT', targetId: customer.id, signer: { kind: 'anyWallet', accountIds: walletIds } }, context.nowMs);
  if (!retry.ok) return retry;
  const bound = retry.value.request.boundCredentialIds ?? [];
  if (bound.join('\n') !== tied.map((c) => c.id).join('\n')) {
    return err(apiError(SET_CHANGED[change.credentialType], `The customer's ${change.credentialType} credentials changed after the challenge was issued; start the update again`, { requestId: retry.value.request.requestId }));
  }
  const taken = contactTaken(state, customer.id, change);
  if (taken !== undefined) return err(taken);
  const data: AuthCredentialsContactUpdated = { credentialIds: bound, ...(change.field === 'email' ? { email: change.value } : { phoneNumber: change.value }) };
  return ok({ kind: 'signed', events: [retry.value.consume, { type: AUTH_EVENTS.credentialsContactUpdated, data }] });
}
