/**
 * The identity status lifecycle shared by a customer's `kycStatus` / `kybStatus` and a beneficial
 * owner's `kycStatus` (spec: Verification (KYC/KYB) in sandbox): UNVERIFIED and PENDING move only
 * through a verification; APPROVED and REJECTED are final. An xstate machine is the source; the
 * plain table is derived from it once for deciders and replay. With the customers, whose
 * `KycStatus` it moves, so beneficial owners and verifications both read it from below
 * (test/architecture).
 */
import { setup } from 'xstate';
import type { KycStatus } from './types.js';
import { type TransitionTable, transitionTable } from '../lifecycle.js';

/** What a verification outcome does to a status. */
export const IDENTITY_EVENTS = ['HOLD_FOR_REVIEW', 'APPROVE', 'REJECT'] as const;
/** One of `IDENTITY_EVENTS`. */
export type IdentityEvent = (typeof IDENTITY_EVENTS)[number];

/** The identity status machine; state values are the wire statuses. */
export const identityStatusMachine = setup({ types: {} as { events: { type: IdentityEvent } } }).createMachine({
  id: 'identityStatus',
  initial: 'UNVERIFIED',
  states: {
    UNVERIFIED: { on: { HOLD_FOR_REVIEW: 'PENDING', APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    PENDING: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

/** The table, derived from the machine once. */
export const IDENTITY_STATUS_TABLE: TransitionTable<KycStatus, IdentityEvent> = transitionTable(identityStatusMachine);

/** The event that leads to `status` (UNVERIFIED is never a target). Pure. */
export function identityEventFor(status: KycStatus): IdentityEvent | undefined {
  if (status === 'PENDING') return 'HOLD_FOR_REVIEW';
  if (status === 'APPROVED') return 'APPROVE';
  if (status === 'REJECTED') return 'REJECT';
  return undefined;
}

/** True when `status` is final: no verification changes it, and renaming never re-derives it. Pure. */
export function isFinalIdentityStatus(status: KycStatus): boolean {
  return IDENTITY_STATUS_TABLE.rows.every((row) => row.from !== status);
}
