/**
 * Shapes customers for the wire: the record's fields in a fixed order, absent fields omitted.
 * `identifier` (an SSN, a passport number) is write-only, as the reference says ("never returned
 * in customer responses"): the record keeps it for verification, no answer or webhook shows it.
 */
import { withReferenceNames } from './business-info.js';
import type { Customer, CustomerType } from './types.js';

type WithoutIdentifier<T> = T extends unknown ? Omit<T, 'identifier'> : never;

/** The wire form of a customer: the record's fields but `identifier`, and the UMA address that routes payments to it. */
export type CustomerView = WithoutIdentifier<Customer> & { readonly umaAddress: string };

/**
 * The UMA domain of the sandbox platform: a customer's address is `$<platformCustomerId>@` it
 * unless the record carries its own (the reference: "always present in responses, even if
 * system-generated"); `POST /sandbox/uma/receive` finds the receiver by that user part.
 */
export const SANDBOX_UMA_DOMAIN = 'sandbox.uma.example';

const FIELD_ORDER: Readonly<Record<CustomerType, readonly string[]>> = {
  INDIVIDUAL: [
    'id', 'platformCustomerId', 'customerType', 'region', 'currencies', 'email', 'phoneNumber', 'umaAddress', 'kycStatus', 'fullName', 'birthDate', 'nationality', 'idType',
    'countryOfIssuance', 'address', 'sourceOfFunds', 'sourceOfWealth', 'purposeOfAccount',
    'expectedMonthlyTransactionCount', 'expectedMonthlyTransactionVolume', 'incomeRange', 'netWorthRange',
    'politicallyExposedPerson', 'sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'sourceOfWealthCategories',
    'sourceOfWealthOtherDescription', 'purposeOfAccountOtherDescription', 'annualIncomeRange', 'pepStatus', 'agreementConsents',
    'createdAt', 'updatedAt', 'isDeleted',
  ],
  BUSINESS: [
    'id', 'platformCustomerId', 'customerType', 'region', 'currencies', 'email', 'phoneNumber', 'umaAddress', 'kybStatus', 'businessInfo', 'address', 'agreementConsents',
    'createdAt', 'updatedAt', 'isDeleted',
  ],
};

/** The UMA address `customer`'s view shows: its own, else the one made of its platformCustomerId. Pure. */
export function shownUmaAddress(customer: Customer): string {
  return customer.umaAddress ?? `$${customer.platformCustomerId}@${SANDBOX_UMA_DOMAIN}`;
}

/** The wire form of `customer`: a new top-level object; nested values are the frozen record's. Pure. */
export function customerView(customer: Customer): CustomerView {
  const record = customer as Readonly<Record<string, unknown>>;
  const source: Readonly<Record<string, unknown>> = {
    ...record,
    umaAddress: shownUmaAddress(customer),
    ...(customer.customerType === 'BUSINESS' ? { businessInfo: withReferenceNames(customer.businessInfo) } : {}),
  };
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER[customer.customerType]) {
    if (source[key] !== undefined) out[key] = source[key];
  }
  return out as CustomerView;
}
