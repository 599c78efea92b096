/** The wire form of a bulk import job (reference BulkCustomerImportJob, plus `results`). */
import type { BulkImportJob } from './types.js';

/** The wire form of `job`, fields in a fixed order. Pure. */
export function bulkJobView(job: BulkImportJob): BulkImportJob {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    errors: job.errors,
    results: job.results,
    createdAt: job.createdAt,
    completedAt: job.completedAt,
  };
}
