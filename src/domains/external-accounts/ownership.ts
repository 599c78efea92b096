/**
 * Decides ownership verification: `POST .../{id}/challenge` issues a challenge (or answers the open
 * one of the same method again while it lasts), by WALLET_SIGNATURE (a message to sign) or
 * LIVENESS (a hosted check, reference OwnershipVerificationMethod); `POST .../{id}/verify` checks
 * a signature against a signature challenge, and the sandbox's
 * `POST /sandbox/external-accounts/{id}/liveness/complete` reports a liveness outcome. The sandbox
 * accepts exactly `SANDBOX_VALID_OWNERSHIP_SIGNATURE`; any other signature is a failed attempt.
 * Each challenge allows one attempt and lasts `OWNERSHIP_CHALLENGE_TTL_MS`. Which moves are legal
 * comes from the lifecycle table (a passed liveness check moves as a valid signature does).
 * Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, instantToMs } from '../../core/time.js';
import { isSandboxValidOwnershipSignature } from '../../sandbox/external-accounts.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { EXTERNAL_ACCOUNT_EVENTS, type OwnershipChallengeIssued, type OwnershipVerificationAttempted } from './events.js';
import { nextOwnershipStatus } from './lifecycle.js';
import { type ExternalAccountScope, externalAccountInScope } from './read.js';
import { externalAccountNotFound } from './trust.js';
import { challengeMethod, type ExternalAccount, type OwnershipChallenge, type OwnershipVerificationMethod } from './types.js';
import { maskIdentifier } from './view.js';
import { primaryIdentifier } from './identity.js';

/** How long a challenge may be answered: 15 minutes. */
export const OWNERSHIP_CHALLENGE_TTL_MS = 15 * 60_000;

/** Where the sandbox's hosted liveness pages live; a challenge's page ends in its uuid. */
export const LIVENESS_LINK_BASE_URL = 'https://liveness.svc.example/ownership/';

/** What the challenge decider needs: the account, the scope, the method, a fresh challenge id, and the time. */
export type IssueChallengeCommand = {
  readonly externalAccountId: string;
  readonly scope: ExternalAccountScope;
  readonly method: OwnershipVerificationMethod;
  readonly challengeId: string;
  readonly nowMs: number;
};

/** True when `challenge` can still be answered at `nowMs` (it expires at `expiresAt`, exclusive). Pure. */
export function challengeIsOpen(challenge: OwnershipChallenge | undefined, nowMs: number): boolean {
  return challenge !== undefined && nowMs < instantToMs(challenge.expiresAt);
}

/** The text the owner signs: names the account, its masked identifier, the challenge and its expiry. Pure. */
export function challengeMessage(account: ExternalAccount, challengeId: string, expiresAt: string): string {
  return [
    'Prove ownership of this external account by signing this message.',
    `Account: ${account.id} (${maskIdentifier(primaryIdentifier(account.accountInfo))})`,
    `Challenge: ${challengeId}`,
    `Expires: ${expiresAt}`,
  ].join('\n');
}

/**
 * Pure: the event that issues a new challenge; none when an open one of the same method exists (it
 * is answered again, so a retried request never invalidates what the owner is signing; another
 * method replaces it, as the reference's "switch methods"); 409 INVALID_STATE_TRANSITION for an
 * ACTIVE account; 404 ACCOUNT_NOT_FOUND.
 */
export function decideIssueChallenge(state: Pick<DomainState, 'externalAccounts'>, command: IssueChallengeCommand): Result<EventDraft[], ApiError> {
  const account = externalAccountInScope(state, command.externalAccountId, command.scope);
  if (account === undefined) return err(externalAccountNotFound(command.externalAccountId));
  if (nextOwnershipStatus(account.status, 'CHALLENGE_ISSUED') === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `External account ${account.id} is ${account.status}; its ownership is already verified`));
  }
  const open = account.ownershipChallenge;
  if (open !== undefined && challengeIsOpen(open, command.nowMs) && challengeMethod(open) === command.method) return ok([]);
  const expiresAt = formatInstant(command.nowMs + OWNERSHIP_CHALLENGE_TTL_MS);
  const challenge: OwnershipChallenge = {
    challengeId: command.challengeId,
    message: challengeMessage(account, command.challengeId, expiresAt),
    expiresAt,
    ...(command.method === 'LIVENESS' ? { method: 'LIVENESS', verificationLink: livenessLink(command.challengeId) } : {}),
  };
  const data: OwnershipChallengeIssued = { externalAccountId: account.id, challenge };
  return ok([{ type: EXTERNAL_ACCOUNT_EVENTS.challengeIssued, data }]);
}

/** What the verify decider needs. */
export type VerifyOwnershipCommand = {
  readonly externalAccountId: string;
  readonly scope: ExternalAccountScope;
  /** The challenge signed; absent: the account's open challenge (the reference's body names none). */
  readonly challengeId?: string | undefined;
  readonly signature: string;
  /** The reference's Bitcoin signing format, recorded on the attempt (the sandbox check ignores it). */
  readonly signatureScheme?: 'bip137' | 'electrum' | undefined;
  readonly nowMs: number;
  readonly at: string;
};

/**
 * Pure: the event of a verify attempt, in this order of refusals: 404 ACCOUNT_NOT_FOUND; 409
 * INVALID_STATE_TRANSITION for an ACTIVE account; 404 VERIFICATION_NOT_FOUND when `challengeId`
 * is not the account's open challenge (never issued, already used, replaced, or expired); without
 * `challengeId` the open challenge is the one signed, and none open (never issued, used, or
 * expired) is the reference's 409 "no WALLET_SIGNATURE challenge is outstanding"
 * (INVALID_STATE_TRANSITION), as is an open LIVENESS challenge. A
 * valid signature makes the account ACTIVE; any other makes it UNVERIFIED (a failed attempt is
 * an accepted request: it is recorded and consumes the challenge).
 */
export function decideVerifyOwnership(state: Pick<DomainState, 'externalAccounts'>, command: VerifyOwnershipCommand): Result<EventDraft[], ApiError> {
  const account = externalAccountInScope(state, command.externalAccountId, command.scope);
  if (account === undefined) return err(externalAccountNotFound(command.externalAccountId));
  const valid = isSandboxValidOwnershipSignature(command.signature);
  const next = nextOwnershipStatus(account.status, valid ? 'SIGNATURE_VERIFIED' : 'SIGNATURE_REJECTED');
  if (next === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `External account ${account.id} is ${account.status}; its ownership is already verified`));
  }
  const challenge = account.ownershipChallenge;
  if (command.challengeId === undefined && (challenge === undefined || !challengeIsOpen(challenge, command.nowMs))) {
    return err(apiError('INVALID_STATE_TRANSITION', `No WALLET_SIGNATURE challenge is outstanding for external account ${account.id}; request a challenge, then sign its messageToSign`));
  }
  if (challenge === undefined || (command.challengeId !== undefined && challenge.challengeId !== command.challengeId)) {
    return err(apiError('VERIFICATION_NOT_FOUND', `Challenge ${command.challengeId} is not open for external account ${account.id}; request a new challenge`));
  }
  if (!challengeIsOpen(challenge, command.nowMs)) {
    return err(apiError('VERIFICATION_NOT_FOUND', `Challenge ${challenge.challengeId} expired at ${challenge.expiresAt}; request a new challenge`));
  }
  if (challengeMethod(challenge) === 'LIVENESS') {
    // The reference's 409: no WALLET_SIGNATURE challenge is outstanding.
    return err(apiError('INVALID_STATE_TRANSITION', `Challenge ${challenge.challengeId} is a LIVENESS check, completed through its hosted page; request a WALLET_SIGNATURE challenge to sign`));
  }
  return ok(attemptEvents(account, challenge.challengeId, next, command.at, valid, command.signatureScheme === undefined ? {} : { signatureScheme: command.signatureScheme }));
}

/** The one event of a verification attempt, signature or liveness: verified when it `passed`, else failed. Pure. */
function attemptEvents(
  account: ExternalAccount,
  challengeId: string,
  next: OwnershipVerificationAttempted['status'],
  at: string,
  passed: boolean,
  extra: Pick<OwnershipVerificationAttempted, 'signatureScheme' | 'method'>,
): EventDraft[] {
  const data: OwnershipVerificationAttempted = { externalAccountId: account.id, challengeId, previousStatus: account.status, status: next, at, ...extra };
  return [{ type: passed ? EXTERNAL_ACCOUNT_EVENTS.ownershipVerified : EXTERNAL_ACCOUNT_EVENTS.ownershipVerificationFailed, data }];
}

/** The hosted page of a liveness challenge: the base and the challenge's uuid. Pure. */
function livenessLink(challengeId: string): string {
  return `${LIVENESS_LINK_BASE_URL}${challengeId.slice(challengeId.indexOf(':') + 1)}`;
}

/** What the sandbox liveness completion needs. */
export type CompleteLivenessCommand = {
  readonly externalAccountId: string;
  readonly passed: boolean;
  readonly nowMs: number;
  readonly at: string;
};

/**
 * Pure: the event of a hosted liveness check's outcome (sandbox), in this order of refusals: 404
 * ACCOUNT_NOT_FOUND (either family); 409 INVALID_STATE_TRANSITION for an ACTIVE account or one
 * without an open LIVENESS challenge. A pass makes the account ACTIVE, a failure UNVERIFIED, with
 * the events and webhooks of a verify attempt.
 */
export function decideCompleteLiveness(state: Pick<DomainState, 'externalAccounts'>, command: CompleteLivenessCommand): Result<EventDraft[], ApiError> {
  const account = state.externalAccounts.byId.get(command.externalAccountId);
  if (account === undefined) return err(externalAccountNotFound(command.externalAccountId));
  const next = nextOwnershipStatus(account.status, command.passed ? 'SIGNATURE_VERIFIED' : 'SIGNATURE_REJECTED');
  if (next === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `External account ${account.id} is ${account.status}; its ownership is already verified`));
  }
  const challenge = account.ownershipChallenge;
  if (challenge === undefined || challengeMethod(challenge) !== 'LIVENESS' || !challengeIsOpen(challenge, command.nowMs)) {
    return err(apiError('INVALID_STATE_TRANSITION', `External account ${account.id} has no open LIVENESS challenge; request one with method LIVENESS`));
  }
  return ok(attemptEvents(account, challenge.challengeId, next, command.at, command.passed, { method: 'LIVENESS' }));
}
