/**
 * Customer events. Data is JSON-safe (absent fields omitted, never undefined), version 1. A new
 * customer's `CustomerCreated` is followed in the same request by the `InternalAccountOpened` of
 * its USD account (internal-accounts domain).
 */
import type { Customer, CustomerChanges } from './types.js';

/** A new customer: the whole record, with the KYC/KYB status it was created with. */
export type CustomerCreated = { readonly customer: Customer };

/**
 * A customer's fields changed (`PATCH /customers/{id}`): `changes` holds only fields whose value
 * differs, `agreementConsents` (when present) is the whole list after the update.
 */
export type CustomerUpdated = {
  readonly customerId: string;
  readonly changes: CustomerChanges;
  readonly updatedAt: string;
};

/** A customer was deleted (`DELETE /customers/{id}`): marked `isDeleted`, its platformCustomerId freed. */
export type CustomerDeleted = { readonly customerId: string; readonly deletedAt: string };

/** Event type names of this domain. */
export const CUSTOMER_EVENTS = {
  created: 'CustomerCreated',
  updated: 'CustomerUpdated',
  deleted: 'CustomerDeleted',
} as const;
