/** Applies beneficial owner events; asserts what the deciders checked. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { KycStatus } from '../customers/types.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { addOwner } from './store.js';
import { BENEFICIAL_OWNER_EVENTS, type BeneficialOwnerCreated, type BeneficialOwnerUpdated } from './events.js';
import { IDENTITY_STATUS_TABLE, identityEventFor } from '../customers/identity-status.js';

/** Moves an owner to `status` (called by the verification evolver); the lifecycle table must allow it. */
export function setOwnerStatus(state: DomainState, ownerId: string, status: KycStatus, at: string): void {
  const owner = state.beneficialOwners.byId.get(ownerId);
  assert(owner !== undefined, `status change for unknown beneficial owner ${ownerId}`);
  const event = identityEventFor(status);
  assert(event !== undefined && IDENTITY_STATUS_TABLE.next(owner.kycStatus, event) === status, `beneficial owner ${ownerId} cannot move ${owner.kycStatus} -> ${status}`);
  state.beneficialOwners.byId.set(ownerId, freeze({ ...owner, kycStatus: status, updatedAt: at }));
}

/** Evolvers for beneficial owner events. */
export const beneficialOwnerEvolvers: EvolverTable = {
  [BENEFICIAL_OWNER_EVENTS.created]: (state, event) => {
    const { owner } = event.data as BeneficialOwnerCreated;
    assert(!state.beneficialOwners.byId.has(owner.id), `beneficial owner ${owner.id} created twice`);
    const business = state.customers.byId.get(owner.customerId);
    assert(business !== undefined && business.customerType === 'BUSINESS', `beneficial owner ${owner.id} of a customer that is not a business`);
    addOwner(state.beneficialOwners, freeze(structuredClone(owner), true));
  },
  [BENEFICIAL_OWNER_EVENTS.updated]: (state, event) => {
    const update = event.data as BeneficialOwnerUpdated;
    const before = state.beneficialOwners.byId.get(update.beneficialOwnerId);
    assert(before !== undefined, `BeneficialOwnerUpdated for unknown owner ${update.beneficialOwnerId}`);
    state.beneficialOwners.byId.set(before.id, freeze({ ...before, ...structuredClone(update.changes), updatedAt: update.updatedAt }, true));
  },
};
