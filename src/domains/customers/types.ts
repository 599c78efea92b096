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

/**
 * Identity document kinds for `idType`: the engine's first set (decided when the spec named the
 * field only) and the reference's IdentificationType (SSN, ITIN, EIN, NON_US_TAX_ID).
 */
export const ID_TYPES = ['SSN', 'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'TAX_ID', 'ITIN', 'EIN', 'NON_US_TAX_ID'] as const;
/** One of `ID_TYPES`. */
export type IdType = (typeof ID_TYPES)[number];

/** Annual income bands in USD for `incomeRange` (decided). */
export const INCOME_RANGES = ['UNDER_25K', '25K_TO_50K', '50K_TO_100K', '100K_TO_250K', '250K_TO_1M', 'OVER_1M'] as const;
/** One of `INCOME_RANGES`. */
export type IncomeRange = (typeof INCOME_RANGES)[number];

/** Net worth bands in USD for `netWorthRange`: the engine's first set (decided) and the reference's NetWorthRange. */
export const NET_WORTH_RANGES = [
  'UNDER_50K', '50K_TO_250K', '250K_TO_1M', '1M_TO_5M', 'OVER_5M',
  'UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M',
] as const;

/** `annualIncomeRange` values (reference AnnualIncomeRange, USD a year). */
export const ANNUAL_INCOME_RANGES = ['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M'] as const;

/** `pepStatus` values (reference PepStatus). */
export const PEP_STATUSES = ['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE'] as const;

/** An individual's `sourceOfFundsCategories` (reference IndividualSourceOfFundsCategory). */
export const INDIVIDUAL_SOURCE_OF_FUNDS_CATEGORIES = [
  'SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN', 'SAVINGS',
  'SALE_OF_ASSETS', 'OTHER',
] as const;

/** `sourceOfWealthCategories` values (reference SourceOfWealthCategory). */
export const SOURCE_OF_WEALTH_CATEGORIES = [
  'SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER',
] as const;
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
  /** A count (the engine's first form) or the reference's band (`COUNT_100_TO_500`, ...). */
  readonly expectedMonthlyTransactionCount?: number | (typeof MONTHLY_COUNT_BANDS)[number];
  /** USD minor units (cents; the engine's first form) or the reference's band (`VOLUME_100K_TO_1M`, ...). */
  readonly expectedMonthlyTransactionVolume?: number | (typeof MONTHLY_VOLUME_BANDS)[number];
  readonly incomeRange?: IncomeRange;
  readonly netWorthRange?: NetWorthRange;
  readonly politicallyExposedPerson?: boolean;
  // The reference's CustomerEdd fields beside the engine's own.
  readonly sourceOfFundsCategories?: readonly (typeof INDIVIDUAL_SOURCE_OF_FUNDS_CATEGORIES)[number][];
  readonly sourceOfFundsOtherDescription?: string;
  readonly sourceOfWealthCategories?: readonly (typeof SOURCE_OF_WEALTH_CATEGORIES)[number][];
  readonly sourceOfWealthOtherDescription?: string;
  readonly purposeOfAccountOtherDescription?: string;
  readonly annualIncomeRange?: (typeof ANNUAL_INCOME_RANGES)[number];
  readonly pepStatus?: (typeof PEP_STATUSES)[number];
};

/** `businessInfo.entityType` values (reference EntityType). */
export const ENTITY_TYPES = [
  'SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'CORPORATION', 'S_CORPORATION', 'NON_PROFIT', 'PUBLICLY_LISTED_COMPANY', 'TRUST',
  'PRIVATE_FOUNDATION', 'CHARITY', 'OTHER',
] as const;

/** `businessInfo.businessType` values (reference BusinessType: the NAICS sectors). */
export const BUSINESS_TYPES = [
  'AGRICULTURE_FORESTRY_FISHING_AND_HUNTING', 'MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION', 'UTILITIES', 'CONSTRUCTION',
  'MANUFACTURING', 'WHOLESALE_TRADE', 'RETAIL_TRADE', 'TRANSPORTATION_AND_WAREHOUSING', 'INFORMATION', 'FINANCE_AND_INSURANCE',
  'REAL_ESTATE_AND_RENTAL_AND_LEASING', 'PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES', 'MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES',
  'ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES', 'EDUCATIONAL_SERVICES', 'HEALTH_CARE_AND_SOCIAL_ASSISTANCE',
  'ARTS_ENTERTAINMENT_AND_RECREATION', 'ACCOMMODATION_AND_FOOD_SERVICES', 'OTHER_SERVICES', 'PUBLIC_ADMINISTRATION',
] as const;

/** `businessInfo.purposeOfAccount` values (reference PurposeOfAccount). */
export const PURPOSES_OF_ACCOUNT = [
  'CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS', 'CROSS_BORDER_B2B',
  'AR_AUTOMATION', 'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION', 'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER',
] as const;

/** `businessInfo.expectedMonthlyTransactionCount` bands (reference). */
export const MONTHLY_COUNT_BANDS = ['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000'] as const;

/** `businessInfo.expectedMonthlyTransactionVolume` bands in USD (reference). */
export const MONTHLY_VOLUME_BANDS = ['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M'] as const;

/** `businessInfo.sourceOfFundsCategories` values (reference SourceOfFundsCategory). */
export const BUSINESS_SOURCE_OF_FUNDS_CATEGORIES = [
  'OPERATING_REVENUE', 'INVESTMENT_INCOME', 'LOANS', 'VENTURE_CAPITAL', 'PERSONAL_SAVINGS', 'DONATIONS', 'OTHER',
] as const;

/**
 * A business's registration and due-diligence details, the reference's BusinessInfo (names as
 * there). Only `legalName` is required (docs/customers.md says why the others may come later).
 */
export type BusinessInfo = {
  readonly legalName: string;
  readonly doingBusinessAs?: string;
  /** Country of incorporation or registration, ISO 3166-1 alpha-2. */
  readonly country?: string;
  readonly registrationNumber?: string;
  /** Date of incorporation, YYYY-MM-DD. */
  readonly incorporatedOn?: string;
  readonly entityType?: (typeof ENTITY_TYPES)[number];
  readonly taxId?: string;
  readonly countriesOfOperation?: readonly string[];
  readonly businessType?: (typeof BUSINESS_TYPES)[number];
  readonly purposeOfAccount?: (typeof PURPOSES_OF_ACCOUNT)[number];
  readonly sourceOfFunds?: string;
  readonly expectedMonthlyTransactionCount?: (typeof MONTHLY_COUNT_BANDS)[number];
  readonly expectedMonthlyTransactionVolume?: (typeof MONTHLY_VOLUME_BANDS)[number];
  readonly expectedRecipientJurisdictions?: readonly string[];
  readonly naicsCode?: string;
  readonly sourceOfFundsCategories?: readonly (typeof BUSINESS_SOURCE_OF_FUNDS_CATEGORIES)[number][];
  readonly sourceOfFundsOtherDescription?: string;
  readonly purposeOfAccountOtherDescription?: string;
  readonly expectedCounterpartyCountries?: readonly string[];
  readonly primaryContactFirstName?: string;
  readonly primaryContactLastName?: string;
};

/**
 * The engine's first names of three BusinessInfo fields, before the reference's spellings were
 * adopted: records of older logs may hold them, and the view answers them under the new name.
 */
export const LEGACY_BUSINESS_INFO_NAMES: Readonly<Record<string, keyof BusinessInfo>> = {
  countryOfIncorporation: 'country',
  incorporationDate: 'incorporatedOn',
  taxIdentifier: 'taxId',
};

/** Contact and jurisdiction fields every customer may have (the reference's Customer). */
export type CustomerContact = {
  /** ISO 3166-1 alpha-2: the customer's regional identity and regulatory jurisdiction. */
  readonly region?: string;
  /** Currency codes enabled for the customer, as sent (each once). */
  readonly currencies?: readonly string[];
  readonly email?: string;
  /** Strict E.164. */
  readonly phoneNumber?: string;
};

type CustomerCommon = CustomerContact & {
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

/**
 * Fields a PATCH may set on an individual (everything but id, type, status, timestamps and
 * `region`, which the reference's CustomerUpdateRequest does not carry: it is set on create only).
 */
export const INDIVIDUAL_MUTABLE_FIELDS = [
  'platformCustomerId', 'fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'countryOfIssuance',
  'address', 'sourceOfFunds', 'sourceOfWealth', 'purposeOfAccount', 'expectedMonthlyTransactionCount',
  'expectedMonthlyTransactionVolume', 'incomeRange', 'netWorthRange', 'politicallyExposedPerson', 'agreementConsents', 'umaAddress',
  'currencies', 'email', 'phoneNumber', 'sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'sourceOfWealthCategories',
  'sourceOfWealthOtherDescription', 'purposeOfAccountOtherDescription', 'annualIncomeRange', 'pepStatus',
] as const;

/** Fields a PATCH may set on a business. */
export const BUSINESS_MUTABLE_FIELDS = [
  'platformCustomerId', 'businessInfo', 'address', 'agreementConsents', 'umaAddress', 'currencies', 'email', 'phoneNumber',
] as const;

/** The fields one update sets; absent fields stay as they are. */
export type CustomerChanges = Partial<IndividualDetails> & Omit<CustomerContact, 'region'> & {
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
