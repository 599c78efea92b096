/**
 * Bulk import events, version 1. The rows' customers are created by the customers domain's own
 * events (`CustomerCreated`, `InternalAccountOpened`) earlier in the same request; this event
 * records the job after them.
 */
import type { BulkImportJob } from './types.js';

/** A bulk import finished (within its upload request). */
export type BulkCustomerImportFinished = { readonly job: BulkImportJob };

/** Event type names of this domain. */
export const BULK_CUSTOMER_EVENTS = { finished: 'BulkCustomerImportFinished' } as const;
