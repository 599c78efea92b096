/**
 * KYC/KYB verification routes: `POST /verifications` (200 Verification, judged by the sandbox
 * rules in src/domains/verifications/submit.ts), `GET /verifications` (filters `customerId`,
 * `verificationStatus`), `GET /verifications/{id}` (404 VERIFICATION_NOT_FOUND), the hosted link
 * `POST /customers/{customerId}/kyc-link` (201) and its sandbox completion
 * `POST /sandbox/customers/{customerId}/kyc-link/complete` (200 Verification). Platform credentials.
 */
import { z } from 'zod';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { DomainState } from '../../domains/state.js';
import { decideIssueKycLink, kycLinkView, openLinkOf } from '../../domains/verifications/links.js';
import { decideSubmitVerification, submissionBlocked } from '../../domains/verifications/submit.js';
import { VERIFICATION_STATUSES } from '../../domains/verifications/types.js';
import { verificationView } from '../../domains/verifications/view.js';
import { IDENTITY_PAGING, idFilter, identityPage, readIdentityList } from '../identity-list.js';
import { answer, type Accepted, type Route } from '../route.js';
import { validate } from '../validation.js';

const submitSchema = z.strictObject(
  { customerId: z.string({ error: 'customerId is required' }).min(1, { error: 'customerId must not be empty' }).max(128) },
  { error: 'The body must be a JSON object' },
);

const kycLinkSchema = z.strictObject(
  {
    redirectUri: z
      .string({ error: 'redirectUri must be a string' })
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/, { error: 'redirectUri must start with https:// (or http:// for local development)' })
      .optional(),
  },
  { error: 'The body must be a JSON object' },
);

/** `GET /verifications`: exact-match filters, read through the store's customer and status indexes. */
const verificationListQuery = z.strictObject({
  customerId: idFilter('customerId').optional(),
  verificationStatus: z.enum(VERIFICATION_STATUSES, { error: `verificationStatus must be one of ${VERIFICATION_STATUSES.join(', ')}` }).optional(),
  ...IDENTITY_PAGING,
});

function submitted(verificationId: string, events: Accepted<DomainState>['events']): Accepted<DomainState> {
  return { events, respond: (after) => ({ status: 200, body: verificationView(after.verifications.byId.get(verificationId)!) }) };
}

/** The ids a list query names, in submission order: from the customer's index (then its own records filtered by status), else the status's, else all. */
function matchingIds(state: DomainState, query: z.output<typeof verificationListQuery>): readonly string[] {
  const { byId, order, byCustomer, byStatus } = state.verifications;
  const status = query.verificationStatus;
  if (query.customerId === undefined) return status === undefined ? order : (byStatus.get(status) ?? []);
  const mine = byCustomer.get(query.customerId) ?? [];
  return status === undefined ? mine : mine.filter((id) => byId.get(id)!.verificationStatus === status);
}

/** Verification and hosted-link routes. */
export const verificationRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/verifications',
    auth: 'platform',
    schema: submitSchema,
    handle: ({ state, request, at, newId }): Result<Accepted<DomainState>, ApiError> => {
      const body = validate(submitSchema, request.body ?? {});
      if (!body.ok) return body;
      const verificationId = newId('Verification');
      const events = decideSubmitVerification(state, { customerId: body.value.customerId, verificationId, at, channel: 'API' });
      if (!events.ok) return events;
      return ok(submitted(verificationId, events.value));
    },
  },
  {
    method: 'GET',
    path: '/verifications',
    auth: 'platform',
    querySchema: verificationListQuery,
    handle: ({ state, request }) => {
      const read = readIdentityList(verificationListQuery, request, 'verifications', (q) => [q.customerId, q.verificationStatus]);
      if (!read.ok) return read;
      const ids = matchingIds(state, read.value.query);
      return ok(answer(200, identityPage(ids, read.value.page, read.value.key, (id) => verificationView(state.verifications.byId.get(id)!))));
    },
  },
  {
    method: 'GET',
    path: '/verifications/{verificationId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const verification = state.verifications.byId.get(params.verificationId ?? '');
      if (verification === undefined) return err(apiError('VERIFICATION_NOT_FOUND', `Verification ${params.verificationId} not found`));
      return ok(answer(200, verificationView(verification)));
    },
  },
  {
    method: 'POST',
    path: '/customers/{customerId}/kyc-link',
    auth: 'platform',
    schema: kycLinkSchema,
    handle: ({ state, params, request, at, newId, secretDigest }) => {
      const body = validate(kycLinkSchema, request.body ?? {});
      if (!body.ok) return body;
      const linkId = newId('KycLink');
      const events = decideIssueKycLink(state, params.customerId ?? '', linkId, at, body.value.redirectUri);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: kycLinkView(after.verifications.links.get(linkId)!, secretDigest) }) });
    },
  },
  {
    method: 'POST',
    path: '/sandbox/customers/{customerId}/kyc-link/complete',
    auth: 'platform',
    handle: ({ state, params, at, newId }) => {
      const customerId = params.customerId ?? '';
      const customer = state.customers.byId.get(customerId);
      if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
      // A final customer answers 400 like POST /verifications, before its links are looked at.
      const blocked = submissionBlocked(state, customer);
      if (blocked !== undefined) return err(blocked);
      const link = openLinkOf(state, customerId, at);
      if (link === undefined) return err(apiError('INVALID_STATE_TRANSITION', `Customer ${customerId} has no unused, unexpired hosted link`));
      const verificationId = newId('Verification');
      const events = decideSubmitVerification(state, { customerId, verificationId, at, channel: 'HOSTED_LINK', linkId: link.id });
      if (!events.ok) return events;
      return ok(submitted(verificationId, events.value));
    },
  },
];
