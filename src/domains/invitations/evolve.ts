/** Applies invitation events. Asserts what the deciders checked. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import { INVITATION_EVENTS, type InvitationCancelled, type InvitationClaimed, type InvitationCreated } from './events.js';

/** Evolvers for invitation events. */
export const invitationEvolvers: EvolverTable = {
  [INVITATION_EVENTS.created]: (state, event) => {
    const { invitation } = event.data as InvitationCreated;
    assert(!state.invitations.byCode.has(invitation.code), `invitation ${invitation.code} created twice`);
    state.invitations.byCode.set(invitation.code, freeze(structuredClone(invitation), true));
    state.invitations.order.push(invitation.code);
  },
  [INVITATION_EVENTS.claimed]: (state, event) => {
    const data = event.data as InvitationClaimed;
    const invitation = state.invitations.byCode.get(data.code);
    assert(invitation?.status === 'PENDING', `invitation ${data.code} claimed while not PENDING`);
    state.invitations.byCode.set(data.code, freeze({ ...invitation, status: 'CLAIMED', inviteeUma: data.inviteeUma, claimedAt: data.claimedAt, updatedAt: event.at }));
  },
  [INVITATION_EVENTS.cancelled]: (state, event) => {
    const data = event.data as InvitationCancelled;
    const invitation = state.invitations.byCode.get(data.code);
    assert(invitation?.status === 'PENDING', `invitation ${data.code} cancelled while not PENDING`);
    state.invitations.byCode.set(data.code, freeze({ ...invitation, status: 'CANCELLED', cancelledAt: data.cancelledAt, updatedAt: event.at }));
  },
};
