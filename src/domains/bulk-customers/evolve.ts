/** Applies bulk import events; asserts that every customer the job names exists. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import { BULK_CUSTOMER_EVENTS, type BulkCustomerImportFinished } from './events.js';

/** Evolvers for bulk import events. */
export const bulkCustomerEvolvers: EvolverTable = {
  [BULK_CUSTOMER_EVENTS.finished]: (state, event) => {
    const { job } = event.data as BulkCustomerImportFinished;
    assert(!state.bulkCustomers.byId.has(job.id), `bulk job ${job.id} recorded twice`);
    for (const result of job.results) {
      assert(result.customerId === undefined || state.customers.byId.has(result.customerId), `bulk job ${job.id} names unknown customer ${String(result.customerId)}`);
    }
    state.bulkCustomers.byId.set(job.id, freeze(structuredClone(job), true));
    state.bulkCustomers.order.push(job.id);
  },
};
