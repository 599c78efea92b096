/**
 * The customer record and its value sets. Records are JSON-safe (no bigint, no undefined: absent
 * fields are omitted), stored frozen and replaced on change. The wire form is `view.ts`.
 */
import type { SandboxKycStatus } from '../../sandbox/kyc.js';

/** `customerType` values. */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
/** One of `CUSTOMER_TYPES`. */
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** `kycStatus` / `kybStatus` values (spec: Verification result). */
export const KYC_STATUSES = ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED'] as const;
/** One of `KYC_STATUSES`; also the `kybStatus` of a business. */
export type KycStatus = (typeof KYC_STATUSES)[number];

// The sandbox table speaks the same statuses; this check fails to compile if the sets drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusesAgree: Same<KycStatus, SandboxKycStatus> = true;
void statusesAgree;

/** Identity document kinds for `idType` (decided: the spec names the field, not its values). */
export const ID_TYPES = ['SSN', 'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'TAX_ID'] as const;
/** One of `ID_TYPES`. */
export type IdType = (typeof ID_TYPES)[number];

/** Annual income bands in USD for `incomeRange` (decided). */
export const INCOME_RANGES = ['UNDER_25K', '25K_TO_50K', '50K_TO_100K', '100K_TO_250K', '250K_TO_1M', 'OVER_1M'] as const;
/** One of `INCOME_RANGES`. */
export type IncomeRange = (typeof INCOME_RANGES)[number];

/** Net worth bands in USD for `netWorthRange` (decided). */
export const NET_WORTH_RANGES = ['UNDER_50K', '50K_TO_250K', '250K_TO_1M', '1M_TO_5M', 'OVER_5M'] as const;
/** One of `NET_WORTH_RANGES`. */
export type NetWorthRange = (typeof NET_WORTH_RANGES)[number];

/** A postal address; `country` is ISO 3166-1 alpha-2. */
export type Address = {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state?: string;
  readonly postalCode: string;
  readonly country: string;
};

/** One recorded acceptance of an agreement (the latest one per type is kept). */
export type AgreementConsent = {
  readonly type: string;
  /** ISO 8601 date-time with offset, as the client sent it. */
  readonly acceptedAt: string;
  readonly ipAddress?: string;
  readonly termsVersion: string;
  readonly acceptanceMethod?: string;
};

/** Identity and enhanced-due-diligence fields of an individual; all optional except `fullName`. */
export type IndividualDetails = {
  readonly fullName: string;
  /** YYYY-MM-DD. */
  readonly birthDate?: string;
  readonly nationality?: string;
  readonly idType?: IdType;
  readonly identifier?: string;
  readonly countryOfIssuance?: string;
  readonly sourceOfFunds?: string;
  readonly sourceOfWealth?: string;
  readonly purposeOfAccount?: string;
  readonly expectedMonthlyTransactionCount?: number;
  /** USD minor units (cents). */
  readonly expectedMonthlyTransactionVolume?: number;
  readonly incomeRange?: IncomeRange;
  readonly netWorthRange?: NetWorthRange;
  readonly politicallyExposedPerson?: boolean;
};

/** A business's registration details. */
export type BusinessInfo = {
  readonly legalName: string;
  readonly registrationNumber?: string;
  readonly doingBusinessAs?: string;
  readonly countryOfIncorporation?: string;
  /** YYYY-MM-DD. */
  readonly incorporationDate?: string;
  readonly taxIdentifier?: string;
};

type CustomerCommon = {
  /** `Customer:<uuid>`. */
  readonly id: string;
  /** The platform's own id for the customer; unique among the platform's customers. */
  readonly platformCustomerId: string;
  /** The UMA address the customer was given; absent: the view derives one (docs/uma.md). */
  readonly umaAddress?: string;
  readonly address?: Address;
  /** The latest acceptance per agreement type, in catalogue order; empty before any. */
  readonly agreementConsents: readonly AgreementConsent[];
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Set once `DELETE /customers/{id}` removed the customer (reference `isDeleted`); absent otherwise. */
  readonly isDeleted?: true;
};

/** An individual customer (KYC). */
export type IndividualCustomer = CustomerCommon &
  IndividualDetails & { readonly customerType: 'INDIVIDUAL'; readonly kycStatus: KycStatus };

/** A business customer (KYB). */
export type BusinessCustomer = CustomerCommon & {
  readonly customerType: 'BUSINESS';
  readonly kybStatus: KycStatus;
  readonly businessInfo: BusinessInfo;
};

/** A customer record; switch on `customerType`. */
export type Customer = IndividualCustomer | BusinessCustomer;

/** Fields a PATCH may set on an individual (everything but id, type, status and timestamps). */
export const INDIVIDUAL_MUTABLE_FIELDS = [
  'platformCustomerId', 'fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'countryOfIssuance',
  'address', 'sourceOfFunds', 'sourceOfWealth', 'purposeOfAccount', 'expectedMonthlyTransactionCount',
  'expectedMonthlyTransactionVolume', 'incomeRange', 'netWorthRange', 'politicallyExposedPerson', 'agreementConsents', 'umaAddress',
] as const;

/** Fields a PATCH may set on a business. */
export const BUSINESS_MUTABLE_FIELDS = ['platformCustomerId', 'businessInfo', 'address', 'agreementConsents', 'umaAddress'] as const;

/** The fields one update sets; absent fields stay as they are. */
export type CustomerChanges = Partial<IndividualDetails> & {
  readonly platformCustomerId?: string;
  /** The UMA address the customer was given (reference Customer.umaAddress); docs/uma.md. */
  readonly umaAddress?: string;
  readonly address?: Address;
  readonly businessInfo?: BusinessInfo;
  /** The whole list after the update (latest per type), not only the new entries. */
  readonly agreementConsents?: readonly AgreementConsent[];
};

/** The mutable fields of a customer of `type`. */
export function mutableFieldsOf(type: CustomerType): readonly (keyof CustomerChanges)[] {
  return type === 'INDIVIDUAL' ? INDIVIDUAL_MUTABLE_FIELDS : BUSINESS_MUTABLE_FIELDS;
}

/** The verification status of either kind (`kycStatus` or `kybStatus`). */
export function verificationStatusOf(customer: Customer): KycStatus {
  return customer.customerType === 'INDIVIDUAL' ? customer.kycStatus : customer.kybStatus;
}
