/** The customers domain: records, events, evolvers, deciders, views and the list query. */
export { AGREEMENTS, AGREEMENT_TYPES, END_USER_TERMS, agreementOf, agreementViews, isKnownTermsVersion } from './agreements.js';
export type { Agreement, AgreementType } from './agreements.js';
export { mergeConsents, requestedConsents, resolveConsents } from './consents.js';
export type { RequestedConsent } from './consents.js';
export { COUNTRY_CODES, isCountryCode } from './countries.js';
export { decideCreateCustomer, platformCustomerIdConflict } from './create.js';
export type { CreateCustomerCommand, CustomerDecisionState } from './create.js';
export { CUSTOMER_EVENTS } from './events.js';
export type { CustomerCreated, CustomerUpdated } from './events.js';
export { addCustomer, customerEvolvers, updateCustomer } from './evolve.js';
export { customerQueryKey, listCustomers, matchesFilters } from './list.js';
export type { CustomerFilters, CustomerPage } from './list.js';
export { createSchemaFor, crossFieldErrors, patchSchemaFor } from './schema.js';
export type { CreateCustomerRequest, CrossFieldContext, UpdateCustomerRequest } from './schema.js';
export { emptyCustomerStore } from './store.js';
export type { CustomerStore } from './store.js';
export {
  CUSTOMER_TYPES, ID_TYPES, INCOME_RANGES, KYC_STATUSES, NET_WORTH_RANGES, mutableFieldsOf, verificationStatusOf,
} from './types.js';
export type {
  Address, AgreementConsent, BusinessCustomer, BusinessInfo, Customer, CustomerChanges, CustomerType,
  IndividualCustomer, KycStatus,
} from './types.js';
export { decideUpdateCustomer } from './update.js';
export type { UpdateCustomerCommand } from './update.js';
export { customerNotifiers, notifyCustomerCreated, statusWebhookType } from './notify.js';
export { customerView } from './view.js';
export type { CustomerView } from './view.js';
