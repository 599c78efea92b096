/** Beneficial owner events, version 1, JSON-safe. Status changes travel in `VerificationSubmitted` (verifications domain). */
import type { BeneficialOwner, BeneficialOwnerChanges } from './types.js';

/** A new owner, whole, with the status it starts with. */
export type BeneficialOwnerCreated = { readonly owner: BeneficialOwner };
/** An owner's fields changed; `changes` holds only changed fields. */
export type BeneficialOwnerUpdated = { readonly beneficialOwnerId: string; readonly changes: BeneficialOwnerChanges; readonly updatedAt: string };

/** Event type names of this domain. */
export const BENEFICIAL_OWNER_EVENTS = {
  created: 'BeneficialOwnerCreated',
  updated: 'BeneficialOwnerUpdated',
} as const;
