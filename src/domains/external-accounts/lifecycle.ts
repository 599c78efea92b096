/**
 * The ownership lifecycle (spec: External account ownership status) as an xstate machine, the
 * single source of which moves are legal, and the plain table derived from it for deciders and
 * replay. A new account is PENDING_OWNERSHIP_VERIFICATION (still usable); a verified signature
 * (or a passed liveness check, which moves the same way) makes it ACTIVE; a failed attempt makes
 * it UNVERIFIED, from where the owner may try again.
 * ACTIVE is where it stays: no challenge is issued for a verified account.
 */
import { setup } from 'xstate';
import { transitionTable } from '../lifecycle.js';
import type { ExternalAccountStatus } from './types.js';

/** Lifecycle events: a challenge issued, a verify attempt that passed, one that failed. */
export const OWNERSHIP_EVENTS = ['CHALLENGE_ISSUED', 'SIGNATURE_VERIFIED', 'SIGNATURE_REJECTED'] as const;
/** One of `OWNERSHIP_EVENTS`. */
export type OwnershipEvent = (typeof OWNERSHIP_EVENTS)[number];

/** The ownership machine; its state values are the wire statuses. */
export const ownershipMachine = setup({
  types: {} as { events: { type: OwnershipEvent } },
}).createMachine({
  id: 'externalAccountOwnership',
  initial: 'PENDING_OWNERSHIP_VERIFICATION',
  states: {
    PENDING_OWNERSHIP_VERIFICATION: {
      on: {
        CHALLENGE_ISSUED: 'PENDING_OWNERSHIP_VERIFICATION',
        SIGNATURE_VERIFIED: 'ACTIVE',
        SIGNATURE_REJECTED: 'UNVERIFIED',
      },
    },
    UNVERIFIED: {
      on: {
        CHALLENGE_ISSUED: 'UNVERIFIED',
        SIGNATURE_VERIFIED: 'ACTIVE',
        SIGNATURE_REJECTED: 'UNVERIFIED',
      },
    },
    ACTIVE: {},
  },
});

/** The machine's transitions as a plain table (derived once at load). */
export const OWNERSHIP_TABLE = transitionTable<ExternalAccountStatus, OwnershipEvent>(ownershipMachine);

/** The status `event` leads to from `status`, or undefined when the lifecycle refuses it. Pure. */
export function nextOwnershipStatus(status: ExternalAccountStatus, event: OwnershipEvent): ExternalAccountStatus | undefined {
  return OWNERSHIP_TABLE.next(status, event);
}
