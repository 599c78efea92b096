/**
 * Customer routes: create, get, update and list customers, the agreement catalogue and the
 * deprecated end-user terms. Every body is checked by the strict schema and the cross-field rules
 * together, so one 400 INVALID_INPUT lists every invalid field, sorted by field. Platform
 * credentials throughout; a PATCH changing the email or phone tied to embedded-wallet OTP
 * credentials also needs the wallet's signed retry (`Svc-Wallet-Signature` + `Request-Id`).
 */
import { z } from 'zod';
import { assert } from '../../core/assert.js';
import { type ApiError, type FieldError, apiError, invalidInput, mergeFieldErrors } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { AGREEMENTS, END_USER_TERMS, agreementOf, agreementViews } from '../../domains/customers/agreements.js';
import { decideCreateCustomer } from '../../domains/customers/create.js';
import { customerQueryKey, type CustomerFilters } from '../../domains/customers/list.js';
import { listCustomerPage } from '../../domains/listing/customer-page.js';
import { NAME_LENGTH_MAX, createSchemaFor, crossFieldErrors, patchSchemaFor } from '../../domains/customers/schema.js';
import { CUSTOMER_TYPES, KYC_STATUSES } from '../../domains/customers/types.js';
import { decideUpdateCustomer } from '../../domains/customers/update.js';
import { customerView } from '../../domains/customers/view.js';
import { customerViewWithContact } from '../../domains/verifications/contact.js';
import { contactChangeOf, decideContactUpdate } from '../../domains/wallets/customer-contact.js';
import type { DomainState } from '../../domains/state.js';
import { LIST_LIMITS, readPage, listBody } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { answer, type Route } from '../route.js';
import { toFieldErrors } from '../validation.js';

/** Query parameters `GET /customers` accepts; any other is a field error. */
const listQuerySchema = z.strictObject({
  limit: z.string().optional(),
  cursor: z.string().optional(),
  platformCustomerId: z
    .string()
    .min(1, { error: 'platformCustomerId must not be empty' })
    .max(NAME_LENGTH_MAX, { error: `platformCustomerId must be at most ${NAME_LENGTH_MAX} characters` })
    .optional(),
  customerType: z.enum(CUSTOMER_TYPES, { error: `customerType must be one of ${CUSTOMER_TYPES.join(', ')}` }).optional(),
  kycStatus: z.enum(KYC_STATUSES, { error: `kycStatus must be one of ${KYC_STATUSES.join(', ')}` }).optional(),
  kybStatus: z.enum(KYC_STATUSES, { error: `kybStatus must be one of ${KYC_STATUSES.join(', ')}` }).optional(),
  // The reference's listCustomers filters (instants inclusive, with a zone offset).
  createdAfter: instantQuery('createdAfter'),
  createdBefore: instantQuery('createdBefore'),
  updatedAfter: instantQuery('updatedAfter'),
  updatedBefore: instantQuery('updatedBefore'),
  region: z.string().regex(/^[A-Z]{2}$/, { error: 'region must be an ISO 3166-1 alpha-2 code' }).optional(),
  umaAddress: z.string().min(1, { error: 'umaAddress must not be empty' }).max(NAME_LENGTH_MAX, { error: `umaAddress must be at most ${NAME_LENGTH_MAX} characters` }).optional(),
  isIncludingDeleted: z.enum(['true', 'false'], { error: 'isIncludingDeleted must be true or false' }).optional(),
  currency: z.string().regex(/^[A-Z0-9]{3,10}$/, { error: 'currency must be a currency code such as USD or USDC' }).optional(),
});

function instantQuery(field: string) {
  return z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time with a zone offset` }).optional();
}

/** Customer routes. */
export const customerRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/customers',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const body = checkBody(createSchemaFor(request.body), request.body, crossFieldErrors(request.body, { today: at.slice(0, 10) }));
      if (!body.ok) return body;
      const customerId = newId('Customer');
      const events = decideCreateCustomer(state, { request: body.value, customerId, accountId: newId('InternalAccount'), at });
      if (!events.ok) return events;
      return ok({
        events: events.value,
        respond: (after) => ({ status: 201, body: customerView(after.customers.byId.get(customerId)!) }),
      });
    },
  },
  {
    method: 'GET',
    path: '/customers',
    auth: 'platform',
    querySchema: listQuerySchema,
    handle: ({ state, request }) => {
      const query = readListQuery(request);
      if (!query.ok) return query;
      const { filters, page } = query.value;
      const queryKey = customerQueryKey(filters);
      const found = listCustomerPage(state, filters, page);
      const data = found.items.map(customerView);
      return ok(
        answer(200, listBody(data, found, queryKey)),
      );
    },
  },
  {
    method: 'GET',
    path: '/customers/agreements',
    auth: 'platform',
    // The catalogue is a short constant: one page, in the list shape.
    handle: () => ok(answer(200, { data: agreementViews(), hasMore: false, totalCount: AGREEMENTS.length })),
  },
  {
    method: 'GET',
    path: '/customers/end-user-terms',
    auth: 'platform',
    handle: () => {
      const terms = agreementOf(END_USER_TERMS);
      assert(terms !== undefined, 'the catalogue lists SVC_END_USER_TERMS');
      return ok(answer(200, { version: terms.version, url: terms.url }));
    },
  },
  {
    method: 'GET',
    path: '/customers/{customerId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const customer = state.customers.byId.get(params.customerId ?? '');
      if (customer === undefined) return err(customerNotFound(params.customerId));
      // Identity: `contactVerification` appears for customers that need it (docs/identity.md).
      return ok(answer(200, customerViewWithContact(customer, state.verifications.contacts.get(customer.id))));
    },
  },
  {
    method: 'PATCH',
    path: '/customers/{customerId}',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs, newId }) => {
      const customerId = params.customerId ?? '';
      const customer = state.customers.byId.get(customerId);
      // Which fields are allowed depends on the customer's type, so an unknown id is answered first.
      if (customer === undefined) return err(customerNotFound(customerId));
      const current = customer.customerType === 'INDIVIDUAL' ? customer : { customerType: customer.customerType };
      const body = checkBody(
        patchSchemaFor(customer.customerType),
        request.body,
        crossFieldErrors(request.body, { today: at.slice(0, 10), current }),
      );
      if (!body.ok) return body;
      const events = decideUpdateCustomer(state, { request: body.value, customerId, at });
      if (!events.ok) return events;
      // A changed email or phone tied to embedded-wallet OTP credentials is a signed retry (docs/wallets-and-sca.md).
      const input = { headers: request.headers, body: request.body };
      const contact = decideContactUpdate(state, customer, contactChangeOf(customer, body.value), input, { at, nowMs, newId });
      if (!contact.ok) return contact;
      const outcome = contact.value;
      if (outcome.kind === 'challenge') return ok({ events: outcome.events, respond: () => ({ status: 202, body: outcome.body }) });
      const all = outcome.kind === 'signed' ? [...outcome.events, ...events.value] : events.value;
      if (all.length === 0) return ok(answer(200, customerView(customer)));
      return ok({
        events: all,
        respond: (after) => ({ status: 200, body: customerView(after.customers.byId.get(customerId)!) }),
      });
    },
  },
];

function customerNotFound(customerId: string | undefined): ApiError {
  return apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId ?? ''} not found`);
}

/**
 * Validates `body` with `schema` and adds the cross-field errors: one 400 INVALID_INPUT with
 * every field error (duplicates dropped, sorted by field; the sort is stable), or the value.
 */
function checkBody<T>(schema: z.ZodType<T>, body: unknown, crossField: readonly FieldError[]): Result<T, ApiError> {
  const parsed = schema.safeParse(body);
  const errors = mergeFieldErrors(parsed.success ? [] : toFieldErrors(parsed.error.issues), crossField);
  if (!parsed.success || errors.length > 0) return err(invalidInput(errors));
  return ok(parsed.data);
}

/** Reads the list filters and the page; every invalid parameter is listed in one 400. */
function readListQuery(
  request: ParsedRequest,
): Result<{ filters: CustomerFilters; page: { limit: number; position: number } }, ApiError> {
  const raw = Object.fromEntries(request.query);
  const parsed = listQuerySchema.safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) errors.push({ field: key, message: `${key} may appear only once` });
  const filters: CustomerFilters = parsed.success
    ? {
        ...(parsed.data.platformCustomerId === undefined ? {} : { platformCustomerId: parsed.data.platformCustomerId }),
        ...(parsed.data.customerType === undefined ? {} : { customerType: parsed.data.customerType }),
        ...(parsed.data.kycStatus === undefined ? {} : { kycStatus: parsed.data.kycStatus }),
        ...(parsed.data.kybStatus === undefined ? {} : { kybStatus: parsed.data.kybStatus }),
        ...(parsed.data.createdAfter === undefined ? {} : { createdAfterMs: Date.parse(parsed.data.createdAfter) }),
        ...(parsed.data.createdBefore === undefined ? {} : { createdBeforeMs: Date.parse(parsed.data.createdBefore) }),
        ...(parsed.data.updatedAfter === undefined ? {} : { updatedAfterMs: Date.parse(parsed.data.updatedAfter) }),
        ...(parsed.data.updatedBefore === undefined ? {} : { updatedBeforeMs: Date.parse(parsed.data.updatedBefore) }),
        ...(parsed.data.region === undefined ? {} : { region: parsed.data.region }),
        ...(parsed.data.umaAddress === undefined ? {} : { umaAddress: parsed.data.umaAddress }),
        ...(parsed.data.isIncludingDeleted === 'true' ? { isIncludingDeleted: true } : {}),
        ...(parsed.data.currency === undefined ? {} : { currency: parsed.data.currency }),
      }
    : {};
  // With invalid filters no cursor can belong to this query; the key only has to differ from valid ones.
  const queryKey = parsed.success ? customerQueryKey(filters) : `customers:invalid:${JSON.stringify(raw)}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(mergeFieldErrors(errors)));
  return ok({ filters, page: page.value });
}
