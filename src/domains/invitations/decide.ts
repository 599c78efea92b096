/**
 * Invitation deciders (docs/uma.md): create from one of this platform's customers' UMA addresses,
 * claim by an invitee's address (INVITATION.CLAIMED), cancel. Only a PENDING invitation can be
 * claimed or cancelled: CLAIMED answers 400 INVITATION_ALREADY_CLAIMED, CANCELLED 400
 * INVITATION_CANCELLED, EXPIRED 400 INVALID_INPUT. Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { parseUmaAddress, platformUmaDomain, resolveUmaReceiver } from '../uma/address.js';
import { senderCurrency } from '../uma/lookup.js';
import { INVITATION_EVENTS, type InvitationCancelled, type InvitationClaimed, type InvitationCreated } from './events.js';
import type { Invitation } from './types.js';
import { invitationStatusAt } from './view.js';

/** Letters of an invitation code (no look-alikes). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Characters of an invitation code: 32^10, 50 bits. */
export const INVITATION_CODE_LENGTH = 10;
const CODE_ATTEMPTS_MAX = 8;

/** A validated create request. */
export type CreateInvitationRequest = { readonly inviterUma: string; readonly firstName?: string; readonly amountToSend?: number; readonly expiresAt?: string };

/** What creating needs besides the request. */
export type InvitationContext = {
  readonly at: string;
  readonly atMs: number;
  readonly newId: (type: string) => string;
  readonly secretDigest: (message: string) => string;
};

/** 404 INVITATION_NOT_FOUND. */
export function invitationNotFound(code: string): ApiError {
  return apiError('INVITATION_NOT_FOUND', `Invitation ${code.slice(0, 100)} not found`);
}

function newCode(state: DomainState, context: InvitationContext): string | undefined {
  for (let attempt = 0; attempt < CODE_ATTEMPTS_MAX; attempt += 1) {
    const hex = context.secretDigest(`invitation-code|${context.newId('Invitation')}`);
    let code = '';
    for (let i = 0; i + 2 <= hex.length && code.length < INVITATION_CODE_LENGTH; i += 2) code += CODE_ALPHABET[Number.parseInt(hex.slice(i, i + 2), 16) % CODE_ALPHABET.length];
    if (!state.invitations.byCode.has(code)) return code;
  }
  return undefined;
}

/**
 * The event that creates an invitation, and its code. Order: 400 INVALID_UMA_ADDRESS (malformed,
 * or not an address of this platform's customers), 404 UMA_NOT_FOUND / USER_NOT_FOUND (resolution),
 * 400 INVALID_INPUT (`expiresAt` not in the future).
 */
export function decideCreateInvitation(state: DomainState, request: CreateInvitationRequest, context: InvitationContext): Result<{ events: EventDraft[]; code: string }, ApiError> {
  const inviter = resolveUmaReceiver(state, request.inviterUma);
  if (!inviter.ok) return inviter;
  if (inviter.value.kind !== 'CUSTOMER') {
    return err(apiError('INVALID_UMA_ADDRESS', `The inviter must be a customer of this platform (an address at ${platformUmaDomain(state)})`, { inviterUma: request.inviterUma }));
  }
  if (request.expiresAt !== undefined && instantToMs(request.expiresAt) <= context.atMs) {
    return err(invalidInput([{ field: 'expiresAt', message: 'expiresAt must be in the future' }]));
  }
  const code = newCode(state, context);
  if (code === undefined) return err(apiError('CONFLICT', 'No free invitation code; retry'));
  const customer = inviter.value.customer;
  const invitation: Invitation = {
    code,
    url: `https://${platformUmaDomain(state)}/invitations/${code}`,
    inviterUma: inviter.value.address,
    inviterCustomerId: customer.id,
    status: 'PENDING',
    ...(request.firstName === undefined ? {} : { firstName: request.firstName }),
    ...(request.amountToSend === undefined ? {} : { amountToSend: { amountMinor: String(request.amountToSend), currency: senderCurrency(state, customer.id) } }),
    ...(request.expiresAt === undefined ? {} : { expiresAt: new Date(instantToMs(request.expiresAt)).toISOString() }),
    createdAt: context.at,
    updatedAt: context.at,
  };
  const data: InvitationCreated = { invitation };
  return ok({ events: [{ type: INVITATION_EVENTS.created, data }], code });
}

/** The invitation if it is PENDING at `atMs`, else why not. */
function pending(state: DomainState, code: string, atMs: number): Result<Invitation, ApiError> {
  const invitation = state.invitations.byCode.get(code);
  if (invitation === undefined) return err(invitationNotFound(code));
  switch (invitationStatusAt(invitation, atMs)) {
    case 'PENDING':
      return ok(invitation);
    case 'CLAIMED':
      return err(apiError('INVITATION_ALREADY_CLAIMED', `Invitation ${code} was already claimed`));
    case 'CANCELLED':
      return err(apiError('INVITATION_CANCELLED', `Invitation ${code} was cancelled`));
    case 'EXPIRED':
      return err(apiError('INVALID_INPUT', `Invitation ${code} expired at ${invitation.expiresAt ?? ''}`, { errors: [{ field: 'invitationCode', message: 'The invitation has expired' }] }));
  }
}

/**
 * The event that claims an invitation. Order: 400 INVALID_UMA_ADDRESS (malformed invitee), 404
 * INVITATION_NOT_FOUND, 400 for a claimed, cancelled or expired one, 400 SELF_PAYMENT (the inviter
 * cannot claim its own invitation).
 */
export function decideClaimInvitation(state: DomainState, code: string, inviteeUma: string, at: string, atMs: number): Result<EventDraft[], ApiError> {
  const invitee = parseUmaAddress(inviteeUma);
  if (!invitee.ok) return invitee;
  const invitation = pending(state, code, atMs);
  if (!invitation.ok) return invitation;
  if (invitee.value.address === invitation.value.inviterUma.toLowerCase()) return err(apiError('SELF_PAYMENT', 'An inviter cannot claim its own invitation'));
  const data: InvitationClaimed = { code, inviteeUma: invitee.value.address, claimedAt: at };
  return ok([{ type: INVITATION_EVENTS.claimed, data }]);
}

/** The event that cancels a PENDING invitation, or 404 / 400 as for a claim. */
export function decideCancelInvitation(state: DomainState, code: string, at: string, atMs: number): Result<EventDraft[], ApiError> {
  const invitation = pending(state, code, atMs);
  if (!invitation.ok) return invitation;
  const data: InvitationCancelled = { code, cancelledAt: at };
  return ok([{ type: INVITATION_EVENTS.cancelled, data }]);
}

