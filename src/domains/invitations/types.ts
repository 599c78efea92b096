/** UMA invitations (reference UmaInvitation) as stored. JSON-safe; amounts are decimal strings of minor units. */
import type { CurrencyCode } from '../../core/currency.js';

/** Stored statuses; EXPIRED is derived when a PENDING invitation's `expiresAt` has passed. */
export type StoredInvitationStatus = 'PENDING' | 'CLAIMED' | 'CANCELLED';
/** Wire statuses (reference UmaInvitation.status). */
export type InvitationStatus = StoredInvitationStatus | 'EXPIRED';

/** An invitation as stored. */
export type Invitation = {
  readonly code: string;
  readonly url: string;
  readonly inviterUma: string;
  readonly inviterCustomerId: string;
  readonly status: StoredInvitationStatus;
  readonly firstName?: string;
  readonly amountToSend?: { readonly amountMinor: string; readonly currency: CurrencyCode };
  readonly expiresAt?: string;
  readonly inviteeUma?: string;
  readonly claimedAt?: string;
  readonly cancelledAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};
