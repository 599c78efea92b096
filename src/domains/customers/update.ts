/**
 * Decides `PATCH /customers/{customerId}`: after validation (route), 404 for an unknown customer,
 * then terms versions (400 END_USER_TERMS_VERSION_NOT_FOUND), then platformCustomerId (409
 * CONFLICT). `businessInfo` is merged into the stored one (the reference's BusinessInfoUpdate has
 * no required field); `address` is replaced whole. Emits one `CustomerUpdated` holding only the
 * fields whose value changes (a merged `businessInfo` whole), or nothing
 * when nothing changes. Never touches `kycStatus` / `kybStatus`: a rename does not re-derive it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { mergeConsents, requestedConsents, resolveConsents } from './consents.js';
import { type CustomerDecisionState, platformCustomerIdConflict, umaAddressConflict } from './create.js';
import { CUSTOMER_EVENTS, type CustomerUpdated } from './events.js';
import type { UpdateCustomerRequest } from './schema.js';
import { type CustomerChanges, mutableFieldsOf } from './types.js';
import { mergeBusinessInfo } from './business-info.js';
import { compact, sameJson } from './values.js';
import { liveCustomer } from './store.js';

/** A validated PATCH request for one customer at an instant. */
export type UpdateCustomerCommand = {
  readonly request: UpdateCustomerRequest;
  readonly customerId: string;
  readonly at: string;
};

/** Pure: the update event (or none when nothing changes), or why the update is refused. */
export function decideUpdateCustomer(
  state: CustomerDecisionState,
  command: UpdateCustomerCommand,
): Result<EventDraft[], ApiError> {
  const customer = liveCustomer(state.customers, command.customerId);
  if (customer === undefined) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${command.customerId} not found`));
  const consents = resolveConsents(requestedConsents(command.request));
  if (!consents.ok) return consents;
  const { platformCustomerId } = command.request;
  if (platformCustomerId !== undefined) {
    const conflict = platformCustomerIdConflict(state.customers, platformCustomerId, customer.id);
    if (conflict !== undefined) return err(conflict);
  }
  if (command.request.umaAddress !== undefined) {
    const umaTaken = umaAddressConflict(state.customers, command.request.umaAddress, customer.id);
    if (umaTaken !== undefined) return err(umaTaken);
  }
  const changes: Record<string, unknown> = {};
  const requested = command.request as Readonly<Record<string, unknown>>;
  const stored = customer as Readonly<Record<string, unknown>>;
  for (const field of mutableFieldsOf(customer.customerType)) {
    if (field === 'agreementConsents') continue;
    const value = requested[field];
    if (value === undefined) continue;
    const next =
      field === 'businessInfo' && customer.customerType === 'BUSINESS'
        ? mergeBusinessInfo(customer.businessInfo, value as Readonly<Record<string, unknown>>)
        : typeof value === 'object' && value !== null && !Array.isArray(value)
          ? compact(value)
          : value;
    if (!sameJson(stored[field], next)) changes[field] = next;
  }
  const mergedConsents = mergeConsents(customer.agreementConsents, consents.value);
  if (!sameJson(customer.agreementConsents, mergedConsents)) changes.agreementConsents = mergedConsents;
  if (Object.keys(changes).length === 0) return ok([]);
  const data: CustomerUpdated = { customerId: customer.id, changes: changes as CustomerChanges, updatedAt: command.at };
  return ok([{ type: CUSTOMER_EVENTS.updated, data }]);
}
