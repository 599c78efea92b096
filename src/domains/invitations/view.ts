/** The wire shape of an invitation (reference UmaInvitation); EXPIRED is derived at `nowMs`. */
import { type Currency, currencyOf } from '../../core/currency.js';
import { instantToMs } from '../../core/time.js';
import type { Invitation, InvitationStatus } from './types.js';

/** An UmaInvitation as answered. */
export type InvitationView = {
  readonly code: string;
  readonly createdAt: string;
  readonly claimedAt?: string;
  readonly url: string;
  readonly expiresAt?: string;
  readonly inviterUma: string;
  readonly inviteeUma?: string;
  readonly status: InvitationStatus;
  readonly firstName?: string;
  readonly amountToSend?: { readonly amount: number; readonly currency: Currency };
};

/** The status at `nowMs`: a PENDING invitation past its `expiresAt` is EXPIRED. */
export function invitationStatusAt(invitation: Invitation, nowMs: number): InvitationStatus {
  if (invitation.status === 'PENDING' && invitation.expiresAt !== undefined && nowMs >= instantToMs(invitation.expiresAt)) return 'EXPIRED';
  return invitation.status;
}

/** The wire view at `nowMs`. */
export function invitationView(invitation: Invitation, nowMs: number): InvitationView {
  return {
    code: invitation.code,
    createdAt: invitation.createdAt,
    ...(invitation.claimedAt === undefined ? {} : { claimedAt: invitation.claimedAt }),
    url: invitation.url,
    ...(invitation.expiresAt === undefined ? {} : { expiresAt: invitation.expiresAt }),
    inviterUma: invitation.inviterUma,
    ...(invitation.inviteeUma === undefined ? {} : { inviteeUma: invitation.inviteeUma }),
    status: invitationStatusAt(invitation, nowMs),
    ...(invitation.firstName === undefined ? {} : { firstName: invitation.firstName }),
    ...(invitation.amountToSend === undefined
      ? {}
      : { amountToSend: { amount: Number(invitation.amountToSend.amountMinor), currency: currencyOf(invitation.amountToSend.currency) } }),
  };
}
