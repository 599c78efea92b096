/**
 * Bulk customer import jobs (reference BulkCustomerImportJob): one per `POST
 * /customers/bulk/csv`. The engine applies every row within the upload request, so a job is
 * COMPLETED (or FAILED when no row could be created) as soon as it exists.
 */

/** One failed row (reference BulkCustomerImportErrorEntry). */
export type BulkImportError = {
  /** The row's platformCustomerId, or `row N` (1-based data row) when it has none. */
  readonly correlationId: string;
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
};

/** One row's outcome (an addition to the reference's shape: a result for every row). */
export type BulkRowResult = {
  /** 1-based data row number (the header is row 0). */
  readonly row: number;
  readonly correlationId: string;
  readonly status: 'CREATED' | 'FAILED';
  readonly customerId?: string;
};

/** A stored job. */
export type BulkImportJob = {
  /** `Job:<uuid>`. */
  readonly id: string;
  readonly status: 'COMPLETED' | 'FAILED';
  readonly progress: { readonly total: number; readonly processed: number; readonly successful: number; readonly failed: number };
  readonly errors: readonly BulkImportError[];
  readonly results: readonly BulkRowResult[];
  readonly createdAt: string;
  readonly completedAt: string;
};
