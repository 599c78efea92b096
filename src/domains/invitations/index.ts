/** UMA invitations: create, read, claim (INVITATION.CLAIMED), cancel; see docs/uma.md. */
export { decideCancelInvitation, decideClaimInvitation, decideCreateInvitation, invitationNotFound, INVITATION_CODE_LENGTH, type CreateInvitationRequest } from './decide.js';
export { INVITATION_EVENTS } from './events.js';
export { INVITATION_CLAIMED, invitationNotifiers } from './notify.js';
export { invitationStatusAt, invitationView, type InvitationView } from './view.js';
export type { Invitation, InvitationStatus } from './types.js';
