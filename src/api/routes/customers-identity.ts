/**
 * Customer identity routes beside the customer resource: `DELETE /customers/{id}` (200 Customer
 * with `isDeleted: true`), contact verification
 * (`POST /customers/{id}/verify-email`, `/verify-phone` (204), and their `/confirm` with `{ code }`
 * (200 Customer with `contactVerification`); sandbox code 123456) and bulk customers
 * (`POST /customers/bulk/csv`, a multipart upload with a `file` CSV part, 202
 * `{ jobId, status }`; `GET /customers/bulk/jobs/{jobId}`, 404 BULK_UPLOAD_JOB_NOT_FOUND).
 * Platform credentials.
 */
import { z } from 'zod';
import { apiError, invalidInput } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { CSV_FILE_BYTES_MAX, decideBulkUpload } from '../../domains/bulk-customers/decide.js';
import { bulkJobView } from '../../domains/bulk-customers/view.js';
import { decideDeleteCustomer } from '../../domains/customers/delete.js';
import { customerView } from '../../domains/customers/view.js';
import type { DomainState } from '../../domains/state.js';
import { customerViewWithContact } from '../../domains/verifications/contact.js';
import { decideConfirmContact, decideSendContactCode } from '../../domains/verifications/contact-decide.js';
import type { ContactChannel } from '../../domains/verifications/types.js';
import { readForm } from '../multipart.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

const confirmSchema = z.strictObject(
  { code: z.string({ error: 'code is required' }).min(1, { error: 'code must not be empty' }).max(16, { error: 'code must be at most 16 characters' }) },
  { error: 'The body must be a JSON object' },
);

/** The customer with its `contactVerification` object (present only when it needs one). */
function customerWithContact(state: DomainState, customerId: string): unknown {
  return customerViewWithContact(state.customers.byId.get(customerId)!, state.verifications.contacts.get(customerId));
}

function contactRoutes(segment: string, channel: ContactChannel): Route<DomainState>[] {
  return [
    {
      method: 'POST',
      path: `/customers/{customerId}/${segment}`,
      auth: 'platform',
      handle: ({ state, params, at }) => {
        const events = decideSendContactCode(state, params.customerId ?? '', channel, at);
        if (!events.ok) return events;
        return ok({ events: events.value, respond: () => ({ status: 204, body: undefined }) });
      },
    },
    {
      method: 'POST',
      path: `/customers/{customerId}/${segment}/confirm`,
      auth: 'platform',
      schema: confirmSchema,
      handle: ({ state, params, request, at }) => {
        const customerId = params.customerId ?? '';
        if (!state.customers.byId.has(customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
        const body = validate(confirmSchema, request.body ?? {});
        if (!body.ok) return body;
        const events = decideConfirmContact(state, customerId, channel, body.value.code, at);
        if (!events.ok) return events;
        return ok({ events: events.value, respond: (after) => ({ status: 200, body: customerWithContact(after, customerId) }) });
      },
    },
  ];
}

/** Contact verification, bulk customer and customer deletion routes. */
export const customerIdentityRoutes: readonly Route<DomainState>[] = [
  {
    method: 'DELETE',
    path: '/customers/{customerId}',
    auth: 'platform',
    handle: ({ state, params, at }) => {
      const customerId = params.customerId ?? '';
      const events = decideDeleteCustomer(state, customerId, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: customerView(after.customers.byId.get(customerId)!) }) });
    },
  },
  ...contactRoutes('verify-email', 'email'),
  ...contactRoutes('verify-phone', 'phone'),
  {
    method: 'POST',
    path: '/customers/bulk/csv',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const form = readForm(request, { partBytesMax: CSV_FILE_BYTES_MAX, partsMax: 4 });
      if (!form.ok) return form;
      const file = form.value.files.get('file');
      if (file === undefined) return err(invalidInput([{ field: 'file', message: 'file is required (a CSV file part)' }]));
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
      } catch {
        return err(invalidInput([{ field: 'file', message: 'The CSV must be UTF-8 text' }]));
      }
      const jobId = newId('Job');
      const events = decideBulkUpload(state, text, { jobId, at, newId });
      if (!events.ok) return events;
      // The rows are applied within this request; the reference's acceptance answer allows only PENDING or PROCESSING.
      return ok({ events: events.value, respond: () => ({ status: 202, body: { jobId, status: 'PROCESSING' } }) });
    },
  },
  {
    method: 'GET',
    path: '/customers/bulk/jobs/{jobId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const job = state.bulkCustomers.byId.get(params.jobId ?? '');
      if (job === undefined) return err(apiError('BULK_UPLOAD_JOB_NOT_FOUND', `Bulk upload job ${params.jobId} not found`));
      return ok(answer(200, bulkJobView(job)));
    },
  },
];
