/** Shapes customers for the wire: the record's fields in a fixed order, absent fields omitted. */
import type { Customer, CustomerType } from './types.js';

/** The wire form of a customer (the record itself holds exactly the wire fields). */
export type CustomerView = Customer;

const FIELD_ORDER: Readonly<Record<CustomerType, readonly string[]>> = {
  INDIVIDUAL: [
    'id', 'platformCustomerId', 'customerType', 'kycStatus', 'fullName', 'birthDate', 'nationality', 'idType',
    'identifier', 'countryOfIssuance', 'address', 'sourceOfFunds', 'sourceOfWealth', 'purposeOfAccount',
    'expectedMonthlyTransactionCount', 'expectedMonthlyTransactionVolume', 'incomeRange', 'netWorthRange',
    'politicallyExposedPerson', 'agreementConsents', 'createdAt', 'updatedAt',
  ],
  BUSINESS: [
    'id', 'platformCustomerId', 'customerType', 'kybStatus', 'businessInfo', 'address', 'agreementConsents',
    'createdAt', 'updatedAt',
  ],
};

/** The wire form of `customer`: a new top-level object; nested values are the frozen record's. Pure. */
export function customerView(customer: Customer): CustomerView {
  const source = customer as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER[customer.customerType]) {
    if (source[key] !== undefined) out[key] = source[key];
  }
  return out as CustomerView;
}
