/**
 * Applies identity verification events: the verification record, the customer's and owners'
 * status changes (through the identity lifecycle table), submitted documents, used hosted links
 * and contact progress. Asserts what the deciders checked.
 */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import { setOwnerStatus } from '../beneficial-owners/evolve.js';
import { setCustomerVerificationStatus } from '../customers/evolve.js';
import { verificationStatusOf } from '../customers/types.js';
import { markSubmitted } from '../documents/evolve.js';
import type { EvolverTable } from '../evolver.js';
import { CONTACT_NOT_STARTED } from './contact.js';
import { type ContactCodeSent, type ContactVerified, type KycLinkIssued, VERIFICATION_EVENTS, type VerificationSubmitted } from './events.js';
import { addVerification } from './store.js';
import { IDENTITY_STATUS_TABLE, identityEventFor } from '../customers/identity-status.js';

/** Evolvers for identity verification events. */
export const verificationEvolvers: EvolverTable = {
  [VERIFICATION_EVENTS.submitted]: (state, event) => {
    const data = event.data as VerificationSubmitted;
    const { verification } = data;
    assert(!state.verifications.byId.has(verification.id), `verification ${verification.id} recorded twice`);
    const customer = state.customers.byId.get(verification.customerId);
    assert(customer !== undefined, `verification ${verification.id} of unknown customer ${verification.customerId}`);
    if (data.customerStatus !== undefined) {
      const from = verificationStatusOf(customer);
      const move = identityEventFor(data.customerStatus);
      assert(move !== undefined && IDENTITY_STATUS_TABLE.next(from, move) === data.customerStatus, `customer ${customer.id} cannot move ${from} -> ${data.customerStatus}`);
      setCustomerVerificationStatus(state.customers, customer.id, data.customerStatus, verification.createdAt);
    }
    for (const owner of data.ownerStatuses) setOwnerStatus(state, owner.beneficialOwnerId, owner.kycStatus, verification.createdAt);
    markSubmitted(state, data.documentIds, verification.id, verification.createdAt);
    if (data.linkId !== undefined) {
      const link = state.verifications.links.get(data.linkId);
      assert(link !== undefined && link.completedIn === undefined, `hosted link ${data.linkId} unknown or already used`);
      state.verifications.links.set(link.id, freeze({ ...link, completedIn: verification.id }));
    }
    addVerification(state.verifications, freeze(structuredClone(verification), true));
  },
  [VERIFICATION_EVENTS.linkIssued]: (state, event) => {
    const { link } = event.data as KycLinkIssued;
    assert(!state.verifications.links.has(link.id), `hosted link ${link.id} issued twice`);
    assert(state.customers.byId.has(link.customerId), `hosted link for unknown customer ${link.customerId}`);
    state.verifications.links.set(link.id, freeze(structuredClone(link), true));
  },
  [VERIFICATION_EVENTS.contactCodeSent]: (state, event) => {
    const { customerId, channel } = event.data as ContactCodeSent;
    assert(state.customers.byId.has(customerId), `contact code for unknown customer ${customerId}`);
    const before = state.verifications.contacts.get(customerId) ?? CONTACT_NOT_STARTED;
    assert(before[channel] === 'PENDING', `contact code sent on a verified ${channel}`);
    const codeSent = before.codeSent.includes(channel) ? before.codeSent : [...before.codeSent, channel];
    state.verifications.contacts.set(customerId, freeze({ ...before, codeSent }, true));
  },
  [VERIFICATION_EVENTS.contactVerified]: (state, event) => {
    const { customerId, channel } = event.data as ContactVerified;
    const before = state.verifications.contacts.get(customerId);
    assert(before?.codeSent.includes(channel) === true, `contact ${channel} of ${customerId} verified without a code`);
    state.verifications.contacts.set(customerId, freeze({ ...before, [channel]: 'VERIFIED' }, true));
  },
};
