/**
 * Decides a verification submission (`POST /verifications`, or a completed hosted link) by the
 * spec's sandbox rules:
 * - 404 CUSTOMER_NOT_FOUND; 400 INVALID_INPUT once the status is APPROVED or REJECTED (final: the
 *   status is never re-derived, not even after a rename); 409 INVALID_STATE_TRANSITION while a
 *   required contact verification is incomplete.
 * - Individual (KYC): an incomplete packet answers RESOLVE_ERRORS listing every missing thing and
 *   changes nothing; a complete one applies the current `fullName` suffix: 001
 *   PENDING_MANUAL_REVIEW (kycStatus PENDING), 002 REJECTED, 003 RESOLVE_ERRORS with a
 *   POOR_QUALITY_DOCUMENT error (stays UNVERIFIED), any other APPROVED. The platform kind matters
 *   only at creation (src/sandbox/kyc.ts).
 * - Business (KYB): the registration number's suffix is read at the submission. On an
 *   unregulated platform the packet is validated first (incomplete: RESOLVE_ERRORS whatever the
 *   suffix); on a regulated one or with Skip verification paperwork on, 002 and "any other"
 *   resolve even on an incomplete packet. 001 and 003 need a complete packet and then wait for
 *   review (PENDING_MANUAL_REVIEW, kybStatus PENDING). A terminal business resolves each
 *   UNVERIFIED beneficial owner by its last name's suffix.
 * - A hosted link's flow collects the packet itself, so it is judged as complete.
 * Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { kycSubmissionOutcome } from '../../sandbox/kyc.js';
import { kybSuffixRow, resolveBeneficialOwnerSuffix } from '../../sandbox/kyb.js';
import { ownersOf } from '../beneficial-owners/store.js';
import { type Customer, type KycStatus, verificationStatusOf } from '../customers/types.js';
import { documentsOf } from '../documents/store.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { contactCleared } from './contact.js';
import { VERIFICATION_EVENTS, type VerificationSubmitted } from './events.js';
import { IDENTITY_STATUS_TABLE, identityEventFor, isFinalIdentityStatus } from '../customers/identity-status.js';
import { identityDocumentOf, kybPacketErrors, kycPacketErrors } from './packet.js';
import type { VerificationChannel, VerificationError, VerificationStatus } from './types.js';

/** A submission to judge. */
export type SubmitCommand = {
  readonly customerId: string;
  readonly verificationId: string;
  readonly at: string;
  readonly channel: VerificationChannel;
  /** The hosted link this submission completes. */
  readonly linkId?: string;
};

type Judgement = { readonly status: VerificationStatus; readonly errors: readonly VerificationError[]; readonly customerStatus?: KycStatus };

/** Why `customer` cannot be submitted (or start a hosted flow) now, if it cannot. Pure. */
export function submissionBlocked(state: DomainState, customer: Customer): ApiError | undefined {
  const status = verificationStatusOf(customer);
  if (isFinalIdentityStatus(status)) {
    const field = customer.customerType === 'INDIVIDUAL' ? 'kycStatus' : 'kybStatus';
    return apiError('INVALID_INPUT', `Customer ${customer.id} is already ${status}; a final ${field} is never re-derived`, { [field]: status });
  }
  if (!contactCleared(customer, state.verifications.contacts.get(customer.id))) {
    return apiError('INVALID_STATE_TRANSITION', `Customer ${customer.id} must verify email and phone first (POST /customers/{customerId}/verify-email and verify-phone)`);
  }
  return undefined;
}

function judgeIndividual(state: DomainState, customer: Extract<Customer, { customerType: 'INDIVIDUAL' }>, hosted: boolean): Judgement {
  const errors = hosted ? [] : kycPacketErrors(state, customer);
  if (errors.length > 0) return { status: 'RESOLVE_ERRORS', errors };
  switch (kycSubmissionOutcome(customer.fullName)) {
    case 'PENDING_MANUAL_REVIEW':
      return { status: 'PENDING_MANUAL_REVIEW', errors: [], customerStatus: 'PENDING' };
    case 'REJECTED':
      return { status: 'REJECTED', errors: [], customerStatus: 'REJECTED' };
    case 'APPROVED':
      return { status: 'APPROVED', errors: [], customerStatus: 'APPROVED' };
    case 'POOR_QUALITY_DOCUMENT': {
      const documentId = identityDocumentOf(state, customer.id) ?? customer.id;
      const error: VerificationError = { resourceId: documentId, type: 'POOR_QUALITY_DOCUMENT', reason: 'The identity document is of poor quality; replace it with PUT /documents/{documentId}' };
      return { status: 'RESOLVE_ERRORS', errors: [error] };
    }
  }
}

function judgeBusiness(state: DomainState, customer: Extract<Customer, { customerType: 'BUSINESS' }>, hosted: boolean): Judgement {
  const errors = hosted ? [] : kybPacketErrors(state, customer);
  const row = kybSuffixRow(customer.businessInfo.registrationNumber);
  const resolvesEarly = state.platform.regulated || state.platform.skipVerificationPaperwork;
  if (row.outcome !== 'COLLECT' && (errors.length === 0 || resolvesEarly)) {
    return { status: row.outcome, errors: [], customerStatus: row.outcome };
  }
  if (errors.length > 0) return { status: 'RESOLVE_ERRORS', errors };
  return { status: 'PENDING_MANUAL_REVIEW', errors: [], customerStatus: 'PENDING' };
}

/** The `VerificationSubmitted` event of a submission, or why it is refused. Pure. */
export function decideSubmitVerification(state: DomainState, command: SubmitCommand): Result<EventDraft[], ApiError> {
  const customer = state.customers.byId.get(command.customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${command.customerId} not found`));
  const blocked = submissionBlocked(state, customer);
  if (blocked !== undefined) return err(blocked);
  const hosted = command.channel === 'HOSTED_LINK';
  const judgement = customer.customerType === 'INDIVIDUAL' ? judgeIndividual(state, customer, hosted) : judgeBusiness(state, customer, hosted);
  const before = verificationStatusOf(customer);
  const next = judgement.customerStatus;
  const changes = next !== undefined && next !== before;
  if (changes) {
    const event = identityEventFor(next);
    if (event === undefined || IDENTITY_STATUS_TABLE.next(before, event) !== next) {
      return err(apiError('INVALID_STATE_TRANSITION', `Customer ${customer.id} cannot move from ${before} to ${next}`));
    }
  }
  const terminal = next !== undefined && isFinalIdentityStatus(next);
  const ownerStatuses =
    terminal && customer.customerType === 'BUSINESS'
      ? ownersOf(state.beneficialOwners, customer.id)
          .filter((owner) => owner.kycStatus === 'UNVERIFIED')
          .map((owner) => ({ beneficialOwnerId: owner.id, kycStatus: resolveBeneficialOwnerSuffix(owner.personalInfo.lastName) }))
      : [];
  // A decided packet (review, approval, rejection) is submitted: its documents can no longer be deleted.
  const holders = [customer.id, ...ownersOf(state.beneficialOwners, customer.id).map((o) => o.id)];
  const documentIds =
    judgement.status === 'RESOLVE_ERRORS' ? [] : holders.flatMap((h) => documentsOf(state.documents, h).filter((d) => d.submittedIn === undefined).map((d) => d.id));
  const data: VerificationSubmitted = {
    verification: {
      id: command.verificationId,
      customerId: customer.id,
      verificationStatus: judgement.status,
      errors: judgement.errors,
      channel: command.channel,
      createdAt: command.at,
      updatedAt: command.at,
    },
    ...(changes ? { customerStatus: next } : {}),
    ownerStatuses,
    documentIds,
    ...(command.linkId === undefined ? {} : { linkId: command.linkId }),
  };
  return ok([{ type: VERIFICATION_EVENTS.submitted, data }]);
}
