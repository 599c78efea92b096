/** Invitation events. */
import type { Invitation } from './types.js';

/** An invitation was created (`POST /invitations`). */
export type InvitationCreated = { readonly invitation: Invitation };
/** An invitation was claimed by `inviteeUma` (`POST /invitations/{code}/claim`). */
export type InvitationClaimed = { readonly code: string; readonly inviteeUma: string; readonly claimedAt: string };
/** An invitation was cancelled (`POST /invitations/{code}/cancel`). */
export type InvitationCancelled = { readonly code: string; readonly cancelledAt: string };

/** Event type names of this domain. */
export const INVITATION_EVENTS = { created: 'InvitationCreated', claimed: 'InvitationClaimed', cancelled: 'InvitationCancelled' } as const;
