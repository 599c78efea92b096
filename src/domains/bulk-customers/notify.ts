/** The bulk-upload webhook (reference BulkUploadWebhook): BULK_UPLOAD.COMPLETED or BULK_UPLOAD.FAILED with the job. */
import type { NotifierTable } from '../notifications.js';
import { BULK_CUSTOMER_EVENTS, type BulkCustomerImportFinished } from './events.js';
import { bulkJobView } from './view.js';

/** Notifiers for bulk import events. */
export const bulkCustomerNotifiers: NotifierTable = {
  [BULK_CUSTOMER_EVENTS.finished]: (state, event) => {
    const job = state.bulkCustomers.byId.get((event.data as BulkCustomerImportFinished).job.id);
    return job === undefined ? [] : [{ type: `BULK_UPLOAD.${job.status}`, data: bulkJobView(job) }];
  },
};
