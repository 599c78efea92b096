/**
 * Webhooks of invitations: `INVITATION.CLAIMED` (reference InvitationClaimedWebhook) when an
 * invitation is claimed, with `data` the UmaInvitation after the claim. Registered in `NOTIFIERS`.
 */
import { instantToMs } from '../../core/time.js';
import type { NotifierTable } from '../notifications.js';
import { INVITATION_EVENTS, type InvitationClaimed } from './events.js';
import { invitationView } from './view.js';

/** The webhook type of a claimed invitation. */
export const INVITATION_CLAIMED = 'INVITATION.CLAIMED';

/** Notifiers for invitation events. */
export const invitationNotifiers: NotifierTable = {
  [INVITATION_EVENTS.claimed]: (state, event) => {
    const invitation = state.invitations.byCode.get((event.data as InvitationClaimed).code);
    return invitation === undefined ? [] : [{ type: INVITATION_CLAIMED, data: invitationView(invitation, instantToMs(event.at)) }];
  },
};
