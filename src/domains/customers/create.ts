/**
 * Decides `POST /customers`: after validation (route), checks the consents' terms versions
 * (400 END_USER_TERMS_VERSION_NOT_FOUND), then the platformCustomerId (409 CONFLICT), in that
 * fixed order, and emits `CustomerCreated` followed by the `InternalAccountOpened` of the
 * customer's ACTIVE USD INTERNAL_FIAT account. Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { KYB_STATUS_AT_CREATION, kycStatusAtCreation } from '../../sandbox/kyc.js';
import type { EventDraft } from '../evolver.js';
import { ACCOUNT_EVENTS, type InternalAccountOpened } from '../internal-accounts/events.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import type { DomainState } from '../state.js';
import { mergeConsents, requestedConsents, resolveConsents } from './consents.js';
import { CUSTOMER_EVENTS, type CustomerCreated } from './events.js';
import type { CreateCustomerRequest } from './schema.js';
import type { CustomerStore } from './store.js';
import type { AgreementConsent, BusinessCustomer, Customer, IndividualCustomer } from './types.js';
import { compact } from './values.js';
import { customerView, SANDBOX_UMA_DOMAIN } from './view.js';

/** The part of the state customer deciders read. */
export type CustomerDecisionState = Pick<DomainState, 'customers' | 'platform'>;

/** A validated create request plus the ids and time the engine minted for it. */
export type CreateCustomerCommand = {
  readonly request: CreateCustomerRequest;
  readonly customerId: string;
  readonly accountId: string;
  /** The request's instant; becomes createdAt and updatedAt. */
  readonly at: string;
};

/** Pure: the events that create the customer and its USD account, or why it cannot be created. */
export function decideCreateCustomer(
  state: CustomerDecisionState,
  command: CreateCustomerCommand,
): Result<EventDraft[], ApiError> {
  const consents = resolveConsents(requestedConsents(command.request));
  if (!consents.ok) return consents;
  const conflict = platformCustomerIdConflict(state.customers, command.request.platformCustomerId, command.customerId);
  if (conflict !== undefined) return err(conflict);
  const given = command.request.umaAddress;
  const umaTaken = umaAddressConflict(state.customers, given ?? `$${command.request.platformCustomerId}@${SANDBOX_UMA_DOMAIN}`, command.customerId, given !== undefined);
  if (umaTaken !== undefined) return err(umaTaken);
  const customer = newCustomerRecord(state, command, mergeConsents([], consents.value));
  const account: InternalAccount = {
    id: command.accountId,
    customerId: command.customerId,
    type: 'INTERNAL_FIAT',
    status: 'ACTIVE',
    currency: 'USD',
    createdAt: command.at,
    updatedAt: command.at,
  };
  const created: CustomerCreated = { customer };
  const opened: InternalAccountOpened = { account };
  return ok([
    { type: CUSTOMER_EVENTS.created, data: created },
    { type: ACCOUNT_EVENTS.opened, data: opened },
  ]);
}

/**
 * 409 UMA_ADDRESS_EXISTS when another live customer's view shows `umaAddress`; undefined when it
 * is free. A given address is compared ignoring case; a derived one (from a platformCustomerId,
 * which is case-sensitive) exactly. Pure.
 */
export function umaAddressConflict(store: CustomerStore, umaAddress: string, customerId: string, ignoreCase = true): ApiError | undefined {
  const norm = (text: string) => (ignoreCase ? text.toLowerCase() : text);
  const wanted = norm(umaAddress);
  for (const id of store.order) {
    const other = store.byId.get(id);
    if (other === undefined || other.id === customerId || other.isDeleted === true) continue;
    if (norm(customerView(other).umaAddress) === wanted) {
      return apiError('UMA_ADDRESS_EXISTS', `UMA address ${umaAddress} already belongs to customer ${other.id}`, { umaAddress, customerId: other.id });
    }
  }
  return undefined;
}

/**
 * 409 CONFLICT when `platformCustomerId` already belongs to a customer other than `customerId`;
 * undefined when it is free. Pure.
 */
export function platformCustomerIdConflict(
  store: CustomerStore,
  platformCustomerId: string,
  customerId: string,
): ApiError | undefined {
  const holder = store.byPlatformCustomerId.get(platformCustomerId);
  if (holder === undefined || holder === customerId) return undefined;
  return apiError('CONFLICT', `platformCustomerId ${platformCustomerId} already belongs to customer ${holder}`, {
    platformCustomerId,
    customerId: holder,
  });
}

function newCustomerRecord(
  state: CustomerDecisionState,
  command: CreateCustomerCommand,
  agreementConsents: readonly AgreementConsent[],
): Customer {
  const { request, customerId, at } = command;
  const common = { id: customerId, platformCustomerId: request.platformCustomerId };
  const stamps = { agreementConsents, createdAt: at, updatedAt: at };
  if (request.customerType === 'INDIVIDUAL') {
    const { customerType, platformCustomerId: _p, agreementConsents: _a, endUserTermsConsent: _e, address, ...details } = request;
    const individual: IndividualCustomer = {
      ...common,
      customerType,
      kycStatus: kycStatusAtCreation(state.platform, request.fullName),
      ...compact(details),
      ...(address === undefined ? {} : { address: compact(address) }),
      ...stamps,
    };
    return individual;
  }
  const business: BusinessCustomer = {
    ...common,
    customerType: 'BUSINESS',
    kybStatus: KYB_STATUS_AT_CREATION,
    businessInfo: compact(request.businessInfo),
    ...(request.umaAddress === undefined ? {} : { umaAddress: request.umaAddress }),
    ...compact({ region: request.region, currencies: request.currencies, email: request.email, phoneNumber: request.phoneNumber }),
    ...(request.address === undefined ? {} : { address: compact(request.address) }),
    ...stamps,
  };
  return business;
}
