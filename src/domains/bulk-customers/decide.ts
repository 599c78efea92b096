/**
 * Decides a bulk customer upload: each row is judged as `POST /customers` would judge it (schema
 * and cross-field rules, terms versions, platformCustomerId uniqueness, counting the rows before
 * it in the same file), good rows create their customers, bad rows are reported in the job, and
 * the job's `BulkCustomerImportFinished` comes last. Reads state, never changes it.
 */
import { type ApiError, invalidInput, mergeFieldErrors } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { toFieldErrors } from '../../core/field-errors.js';
import { decideCreateCustomer } from '../customers/create.js';
import { createSchemaFor, crossFieldErrors } from '../customers/schema.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { parseCustomerCsv } from './csv.js';
import { BULK_CUSTOMER_EVENTS, type BulkCustomerImportFinished } from './events.js';
import type { BulkImportError, BulkImportJob, BulkRowResult } from './types.js';

/** Largest CSV file, in bytes (decided; the reference names none). */
export const CSV_FILE_BYTES_MAX = 1_048_576;

/** The ids and time one upload may use. */
export type BulkCommand = { readonly jobId: string; readonly at: string; readonly newId: (type: string) => string };

/** The events of a bulk upload of `text`, or 400 INVALID_INPUT on `file` when the file as a whole is unusable. Pure. */
export function decideBulkUpload(state: DomainState, text: string, command: BulkCommand): Result<EventDraft[], ApiError> {
  const file = parseCustomerCsv(text);
  if (!file.ok) return err(invalidInput([{ field: 'file', message: file.message }], file.message));
  const events: EventDraft[] = [];
  const errors: BulkImportError[] = [];
  const results: BulkRowResult[] = [];
  const claimed = new Set<string>();
  const today = command.at.slice(0, 10);
  for (const row of file.rows) {
    const fail = (code: string, message: string, details?: Readonly<Record<string, unknown>>): void => {
      errors.push({ correlationId: row.correlationId, code, message, ...(details === undefined ? {} : { details }) });
      results.push({ row: row.row, correlationId: row.correlationId, status: 'FAILED' });
    };
    if (!row.ok) {
      fail('INVALID_INPUT', row.message);
      continue;
    }
    const parsed = createSchemaFor(row.body).safeParse(row.body);
    // A row names its customer: unlike POST /customers, the file gives no id to generate one from.
    const missingId = parsed.success && parsed.data.platformCustomerId === undefined ? [{ field: 'platformCustomerId', message: 'platformCustomerId is required' }] : [];
    const fieldErrors = mergeFieldErrors(parsed.success ? [] : toFieldErrors(parsed.error.issues), crossFieldErrors(row.body, { today }), missingId);
    if (!parsed.success || fieldErrors.length > 0 || parsed.data.platformCustomerId === undefined) {
      fail('INVALID_INPUT', `Row ${row.row} is invalid`, { errors: fieldErrors });
      continue;
    }
    const platformCustomerId = parsed.data.platformCustomerId;
    if (claimed.has(platformCustomerId)) {
      fail('CONFLICT', `platformCustomerId ${platformCustomerId} appears earlier in this file`);
      continue;
    }
    const customerId = command.newId('Customer');
    const created = decideCreateCustomer(state, { request: parsed.data, customerId, accountId: command.newId('InternalAccount'), at: command.at });
    if (!created.ok) {
      fail(created.error.code, created.error.reason, created.error.details);
      continue;
    }
    claimed.add(platformCustomerId);
    events.push(...created.value);
    results.push({ row: row.row, correlationId: row.correlationId, status: 'CREATED', customerId });
  }
  const successful = results.filter((r) => r.status === 'CREATED').length;
  const job: BulkImportJob = {
    id: command.jobId,
    status: successful === 0 && results.length > 0 ? 'FAILED' : 'COMPLETED',
    progress: { total: results.length, processed: results.length, successful, failed: results.length - successful },
    errors,
    results,
    createdAt: command.at,
    completedAt: command.at,
  };
  const data: BulkCustomerImportFinished = { job };
  return ok([...events, { type: BULK_CUSTOMER_EVENTS.finished, data }]);
}
