/**
 * Request schemas for customers (zod, strict: unknown fields are errors) and the cross-field rules
 * zod cannot express. The route runs both on every request and reports all their field errors in
 * one 400 INVALID_INPUT, so a client learns everything wrong with a request at once.
 */
import { z } from 'zod';
import type { FieldError } from '../../core/errors.js';
import { AGREEMENT_TYPES } from './agreements.js';
import { isCountryCode } from './countries.js';
import { isCurrencyCode } from '../../core/currency.js';
import {
  ANNUAL_INCOME_RANGES, INDIVIDUAL_SOURCE_OF_FUNDS_CATEGORIES, PEP_STATUSES, SOURCE_OF_WEALTH_CATEGORIES,
  BUSINESS_SOURCE_OF_FUNDS_CATEGORIES, BUSINESS_TYPES, CUSTOMER_TYPES, type CustomerType, ENTITY_TYPES, ID_TYPES, INCOME_RANGES,
  MONTHLY_COUNT_BANDS, MONTHLY_VOLUME_BANDS, NET_WORTH_RANGES, PURPOSES_OF_ACCOUNT,
} from './types.js';

// ---------------------------------------------------------------------------------------------
// Limits (STYLE.md: a named bound on everything)
// ---------------------------------------------------------------------------------------------

/** Longest name-like text (fullName, legalName, address lines, platformCustomerId). */
export const NAME_LENGTH_MAX = 255;
/** Longest identifier-like text (identifier, registration and tax numbers, termsVersion). */
export const IDENTIFIER_LENGTH_MAX = 64;
/** Longest free-text EDD answer (source of funds, purpose of account, ...). */
export const EDD_TEXT_LENGTH_MAX = 500;
/** Longest postal code. */
export const POSTAL_CODE_LENGTH_MAX = 16;
/** Most entries in one request's `agreementConsents` (the one-per-type rule is checked apart). */
export const AGREEMENT_CONSENTS_MAX = 10;
/** Largest `expectedMonthlyTransactionCount`. */
export const EXPECTED_MONTHLY_COUNT_MAX = 1_000_000_000;
/** Largest `expectedMonthlyTransactionVolume`, in USD minor units (one trillion dollars). */
export const EXPECTED_MONTHLY_VOLUME_MAX_MINOR = 100_000_000_000_000;
/** Longest email address (RFC 5321's path limit less the brackets). */
export const EMAIL_LENGTH_MAX = 254;
/** Most entries of a list of countries (`countriesOfOperation`, ...): every assigned code once. */
export const COUNTRY_LIST_MAX = 249;
/** Longest primary-contact name (the reference's maxLength). */
export const CONTACT_NAME_LENGTH_MAX = 250;
/** Strict E.164 (the reference's pattern for `phoneNumber`). */
export const E164_PHONE = /^\+[1-9]\d{1,14}$/;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

function text(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

function country(field: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(/^[A-Z]{2}$/, { error: `${field} must be an ISO 3166-1 alpha-2 code such as US`, abort: true })
    .refine(isCountryCode, { error: `${field} is not an assigned ISO 3166-1 alpha-2 code` });
}

function isoDate(field: string) {
  return z.iso.date({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a real calendar date YYYY-MM-DD`),
  });
}

function dateTime(field: string) {
  return z.iso.datetime({
    offset: true,
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be an ISO 8601 date-time with a zone offset`),
  });
}

function ipAddress(field: string) {
  return z
    .string({ error: `${field} must be a string` })
    .refine(isIpAddress, { error: `${field} must be an IPv4 or IPv6 address` });
}

function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });
}

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

function isIpAddress(value: string): boolean {
  return ipv4.safeParse(value).success || ipv6.safeParse(value).success;
}

/** A postal address `{ line1, line2?, city, state?, postalCode, country }`, strict (also used by beneficial owners). */
export const addressSchema = z.strictObject(
  {
    line1: text('address.line1', NAME_LENGTH_MAX),
    line2: text('address.line2', NAME_LENGTH_MAX).optional(),
    city: text('address.city', NAME_LENGTH_MAX),
    state: text('address.state', NAME_LENGTH_MAX).optional(),
    postalCode: text('address.postalCode', POSTAL_CODE_LENGTH_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, {
      error: 'address.postalCode may hold only letters, digits, spaces and hyphens',
    }),
    country: country('address.country'),
  },
  { error: (issue) => (issue.input === undefined ? 'address is required' : 'address must be an object') },
);

const consentSchema = z.strictObject(
  {
    type: choice('type', AGREEMENT_TYPES),
    acceptedAt: dateTime('acceptedAt'),
    ipAddress: ipAddress('ipAddress').optional(),
    termsVersion: text('termsVersion', IDENTIFIER_LENGTH_MAX),
    acceptanceMethod: text('acceptanceMethod', IDENTIFIER_LENGTH_MAX).optional(),
  },
  { error: 'Each agreementConsents entry must be an object' },
);

const consentsSchema = z
  .array(consentSchema, { error: 'agreementConsents must be an array' })
  .max(AGREEMENT_CONSENTS_MAX, { error: `agreementConsents holds at most ${AGREEMENT_CONSENTS_MAX} entries` });

/** Deprecated: one SVC_END_USER_TERMS acceptance; `termsVersion` absent means the current one. */
const endUserTermsConsentSchema = z.strictObject(
  {
    acceptedAt: dateTime('acceptedAt'),
    ipAddress: ipAddress('ipAddress').optional(),
    termsVersion: text('termsVersion', IDENTIFIER_LENGTH_MAX).optional(),
    // The reference's EndUserTermsAcceptanceMethod (CHECKBOX, CLICK_TO_ACCEPT); free text as in agreementConsents.
    acceptanceMethod: text('acceptanceMethod', IDENTIFIER_LENGTH_MAX).optional(),
  },
  { error: 'endUserTermsConsent must be an object' },
);

function countryList(field: string) {
  return z
    .array(country(`${field}[]`), { error: `${field} must be an array of ISO 3166-1 alpha-2 codes` })
    .max(COUNTRY_LIST_MAX, { error: `${field} holds at most ${COUNTRY_LIST_MAX} entries` });
}

/**
 * The reference's BusinessInfo fields, each optional here: the create schema requires
 * `legalName`, the update schema nothing (a PATCH merges them into the stored businessInfo).
 */
const businessInfoFields = {
  legalName: text('businessInfo.legalName', NAME_LENGTH_MAX).optional(),
  doingBusinessAs: text('businessInfo.doingBusinessAs', NAME_LENGTH_MAX).optional(),
  country: country('businessInfo.country').optional(),
  registrationNumber: text('businessInfo.registrationNumber', IDENTIFIER_LENGTH_MAX).optional(),
  incorporatedOn: isoDate('businessInfo.incorporatedOn').optional(),
  entityType: choice('businessInfo.entityType', ENTITY_TYPES).optional(),
  taxId: text('businessInfo.taxId', IDENTIFIER_LENGTH_MAX).optional(),
  countriesOfOperation: countryList('businessInfo.countriesOfOperation').optional(),
  businessType: choice('businessInfo.businessType', BUSINESS_TYPES).optional(),
  purposeOfAccount: choice('businessInfo.purposeOfAccount', PURPOSES_OF_ACCOUNT).optional(),
  sourceOfFunds: text('businessInfo.sourceOfFunds', EDD_TEXT_LENGTH_MAX).optional(),
  expectedMonthlyTransactionCount: choice('businessInfo.expectedMonthlyTransactionCount', MONTHLY_COUNT_BANDS).optional(),
  expectedMonthlyTransactionVolume: choice('businessInfo.expectedMonthlyTransactionVolume', MONTHLY_VOLUME_BANDS).optional(),
  expectedRecipientJurisdictions: countryList('businessInfo.expectedRecipientJurisdictions').optional(),
  naicsCode: z.string({ error: 'businessInfo.naicsCode must be a string' }).regex(/^\d{2,6}$/, { error: 'businessInfo.naicsCode must be 2 to 6 digits' }).optional(),
  sourceOfFundsCategories: z
    .array(choice('businessInfo.sourceOfFundsCategories[]', BUSINESS_SOURCE_OF_FUNDS_CATEGORIES), { error: 'businessInfo.sourceOfFundsCategories must be an array' })
    .max(BUSINESS_SOURCE_OF_FUNDS_CATEGORIES.length, { error: `businessInfo.sourceOfFundsCategories holds at most ${BUSINESS_SOURCE_OF_FUNDS_CATEGORIES.length} entries` })
    .optional(),
  sourceOfFundsOtherDescription: text('businessInfo.sourceOfFundsOtherDescription', EDD_TEXT_LENGTH_MAX).optional(),
  purposeOfAccountOtherDescription: text('businessInfo.purposeOfAccountOtherDescription', EDD_TEXT_LENGTH_MAX).optional(),
  expectedCounterpartyCountries: countryList('businessInfo.expectedCounterpartyCountries').optional(),
  primaryContactFirstName: text('businessInfo.primaryContactFirstName', CONTACT_NAME_LENGTH_MAX).optional(),
  primaryContactLastName: text('businessInfo.primaryContactLastName', CONTACT_NAME_LENGTH_MAX).optional(),
};

const businessInfoError = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'businessInfo is required' : 'businessInfo must be an object') };

/** `businessInfo` on create (reference BusinessInfo): `legalName` required. */
const businessInfoSchema = z.strictObject({ ...businessInfoFields, legalName: text('businessInfo.legalName', NAME_LENGTH_MAX) }, businessInfoError);
/** `businessInfo` on PATCH (reference BusinessInfoUpdate): every field optional, merged into the stored one. */
const businessInfoUpdateSchema = z.strictObject(businessInfoFields, businessInfoError);

/** The reference's Customer contact fields on create and update (`region` on create only). */
const contactFields = {
  currencies: z
    .array(
      z.string({ error: 'currencies[] must be a currency code' }).refine(isCurrencyCode, { error: 'currencies[] must be a currency code this platform supports (ISO 4217 or a crypto ticker such as USDC)' }),
      { error: 'currencies must be an array of currency codes' },
    )
    .max(64, { error: 'currencies holds at most 64 entries' })
    .optional(),
  email: z
    .email({ error: 'email must be an email address' })
    .max(EMAIL_LENGTH_MAX, { error: `email must be at most ${EMAIL_LENGTH_MAX} characters` })
    .optional(),
  phoneNumber: z
    .string({ error: 'phoneNumber must be a string' })
    .regex(E164_PHONE, { error: 'phoneNumber must be in strict E.164 format, such as +14155551234' })
    .optional(),
};
const regionField = { region: country('region').optional() };

const platformCustomerId = text('platformCustomerId', NAME_LENGTH_MAX);
const consentFields = {
  agreementConsents: consentsSchema.optional(),
  endUserTermsConsent: endUserTermsConsentSchema.optional(),
};

const individualDetailFields = {
  birthDate: isoDate('birthDate').optional(),
  nationality: country('nationality').optional(),
  idType: choice('idType', ID_TYPES).optional(),
  identifier: text('identifier', IDENTIFIER_LENGTH_MAX).optional(),
  countryOfIssuance: country('countryOfIssuance').optional(),
  address: addressSchema.optional(),
  sourceOfFunds: text('sourceOfFunds', EDD_TEXT_LENGTH_MAX).optional(),
  sourceOfWealth: text('sourceOfWealth', EDD_TEXT_LENGTH_MAX).optional(),
  purposeOfAccount: text('purposeOfAccount', EDD_TEXT_LENGTH_MAX).optional(),
  // A number (the engine's first form) or the reference's band.
  expectedMonthlyTransactionCount: z
    .union(
      [
        z
          .number()
          .int({ error: 'expectedMonthlyTransactionCount must be an integer' })
          .min(0, { error: 'expectedMonthlyTransactionCount must not be negative' })
          .max(EXPECTED_MONTHLY_COUNT_MAX, { error: `expectedMonthlyTransactionCount must be at most ${EXPECTED_MONTHLY_COUNT_MAX}` }),
        z.enum(MONTHLY_COUNT_BANDS),
      ],
      { error: `expectedMonthlyTransactionCount must be an integer or one of ${MONTHLY_COUNT_BANDS.join(', ')}` },
    )
    .optional(),
  expectedMonthlyTransactionVolume: z
    .union(
      [
        z
          .number()
          .int({ error: 'expectedMonthlyTransactionVolume must be an integer number of USD minor units' })
          .min(0, { error: 'expectedMonthlyTransactionVolume must not be negative' })
          .max(EXPECTED_MONTHLY_VOLUME_MAX_MINOR, { error: `expectedMonthlyTransactionVolume must be at most ${EXPECTED_MONTHLY_VOLUME_MAX_MINOR}` }),
        z.enum(MONTHLY_VOLUME_BANDS),
      ],
      { error: `expectedMonthlyTransactionVolume must be an integer of USD minor units or one of ${MONTHLY_VOLUME_BANDS.join(', ')}` },
    )
    .optional(),
  incomeRange: choice('incomeRange', INCOME_RANGES).optional(),
  netWorthRange: choice('netWorthRange', NET_WORTH_RANGES).optional(),
  // The reference's CustomerEdd fields.
  sourceOfFundsCategories: categoryList('sourceOfFundsCategories', INDIVIDUAL_SOURCE_OF_FUNDS_CATEGORIES).optional(),
  sourceOfFundsOtherDescription: text('sourceOfFundsOtherDescription', EDD_TEXT_LENGTH_MAX).optional(),
  sourceOfWealthCategories: categoryList('sourceOfWealthCategories', SOURCE_OF_WEALTH_CATEGORIES).optional(),
  sourceOfWealthOtherDescription: text('sourceOfWealthOtherDescription', EDD_TEXT_LENGTH_MAX).optional(),
  purposeOfAccountOtherDescription: text('purposeOfAccountOtherDescription', EDD_TEXT_LENGTH_MAX).optional(),
  annualIncomeRange: choice('annualIncomeRange', ANNUAL_INCOME_RANGES).optional(),
  pepStatus: choice('pepStatus', PEP_STATUSES).optional(),
  politicallyExposedPerson: z.boolean({ error: 'politicallyExposedPerson must be a boolean' }).optional(),
};

function categoryList<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z
    .array(choice(`${field}[]`, values), { error: `${field} must be an array` })
    .max(values.length, { error: `${field} holds at most ${values.length} entries` });
}

const customerTypeChoice = choice('customerType', CUSTOMER_TYPES);

/** A UMA address `$user@domain` (the same grammar as a quote's UMA destination). */
const UMA_ADDRESS = /^\$[a-z0-9][a-z0-9._-]{0,63}@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** Reference Customer.umaAddress on create and update: optional; docs/uma.md. */
const umaAddressFields = {
  umaAddress: z.string({ error: 'umaAddress must be a string' }).regex(UMA_ADDRESS, { error: 'umaAddress must be a UMA address ($user@domain)' }).optional(),
};

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

const bodyError = { error: 'The request body must be a JSON object' };

/** `POST /customers` with `customerType: INDIVIDUAL`. */
export const individualCreateSchema = z.strictObject(
  {
    customerType: z.literal('INDIVIDUAL'),
    // Optional (reference CustomerCreateRequest): "If not provided, one will be generated by the system".
    platformCustomerId: platformCustomerId.optional(),
    fullName: text('fullName', NAME_LENGTH_MAX),
    ...individualDetailFields,
    ...consentFields,
    ...umaAddressFields,
    ...contactFields,
    ...regionField,
  },
  bodyError,
);

/** `POST /customers` with `customerType: BUSINESS`. */
export const businessCreateSchema = z.strictObject(
  {
    customerType: z.literal('BUSINESS'),
    platformCustomerId: platformCustomerId.optional(),
    businessInfo: businessInfoSchema,
    address: addressSchema.optional(),
    ...consentFields,
    ...umaAddressFields,
    ...contactFields,
    ...regionField,
  },
  bodyError,
);

/**
 * `POST /customers` whose `customerType` is missing or unknown: only the fields every customer
 * has are checked (which other fields are allowed depends on the type).
 */
export const unknownTypeCreateSchema = z.looseObject(
  { customerType: customerTypeChoice, platformCustomerId: platformCustomerId.optional(), address: addressSchema.optional(), ...consentFields, ...umaAddressFields, ...contactFields, ...regionField },
  bodyError,
);

/** `PATCH /customers/{id}` of an individual: every field optional; `customerType` checked apart. */
export const individualPatchSchema = z.strictObject(
  {
    customerType: customerTypeChoice.optional(),
    platformCustomerId: platformCustomerId.optional(),
    fullName: text('fullName', NAME_LENGTH_MAX).optional(),
    ...individualDetailFields,
    ...consentFields,
    ...umaAddressFields,
    ...contactFields,
  },
  bodyError,
);

/** `PATCH /customers/{id}` of a business. */
export const businessPatchSchema = z.strictObject(
  {
    customerType: customerTypeChoice.optional(),
    platformCustomerId: platformCustomerId.optional(),
    businessInfo: businessInfoUpdateSchema.optional(),
    address: addressSchema.optional(),
    ...consentFields,
    ...umaAddressFields,
    ...contactFields,
  },
  bodyError,
);

/** A validated individual create request. */
export type IndividualCreateRequest = z.output<typeof individualCreateSchema>;
/** A validated business create request. */
export type BusinessCreateRequest = z.output<typeof businessCreateSchema>;
/** A validated create request. */
export type CreateCustomerRequest = IndividualCreateRequest | BusinessCreateRequest;
/** A validated PATCH request of either kind (fields of the other kind never pass validation). */
export type UpdateCustomerRequest = z.output<typeof individualPatchSchema> | z.output<typeof businessPatchSchema>;
/** A validated consent entry. */
export type ConsentRequest = z.output<typeof consentSchema>;
/** A validated deprecated `endUserTermsConsent`. */
export type EndUserTermsConsentRequest = z.output<typeof endUserTermsConsentSchema>;

/** The create schema for the `customerType` the client sent. Pure. */
export function createSchemaFor(input: unknown): z.ZodType<CreateCustomerRequest> {
  const type = isRecord(input) ? input.customerType : undefined;
  if (type === 'INDIVIDUAL') return individualCreateSchema;
  if (type === 'BUSINESS') return businessCreateSchema;
  // Never succeeds: it is chosen only when customerType is neither value its enum accepts.
  return unknownTypeCreateSchema as unknown as z.ZodType<CreateCustomerRequest>;
}

/** The PATCH schema for a customer of `type`. Pure. */
export function patchSchemaFor(type: CustomerType): z.ZodType<UpdateCustomerRequest> {
  return type === 'INDIVIDUAL' ? individualPatchSchema : businessPatchSchema;
}

// ---------------------------------------------------------------------------------------------
// Cross-field rules
// ---------------------------------------------------------------------------------------------

/** What the cross-field rules compare against. */
export type CrossFieldContext = {
  /** The request's UTC calendar date, YYYY-MM-DD: dates after it are in the future. */
  readonly today: string;
  /** On PATCH: the customer as stored (its type may be repeated, not changed; id fields pair up). */
  readonly current?: { readonly customerType: CustomerType; readonly idType?: string; readonly identifier?: string };
};

const US_ZIP = /^\d{5}(-\d{4})?$/;

/**
 * The rules that span fields, read defensively from the raw body (zod reports wrong types; these
 * look only at values of the right type), each as a FieldError. Pure. Rules:
 * - `agreementConsents` and `endUserTermsConsent` together: an error on each;
 * - a second consent of the same type: an error on that entry's `type`;
 * - `birthDate` / `businessInfo.incorporatedOn` after today;
 * - a currency listed twice in `currencies`: an error on the later entry;
 * - on PATCH, `email` and `phoneNumber` together (the reference: "Update email and phoneNumber in
 *   separate PATCH calls. A request that includes both fields is rejected"): an error on each;
 * - `idType` without `identifier` or the reverse: an error on the missing one;
 * - a US address whose postal code is not a ZIP code (12345 or 12345-6789);
 * - on PATCH, a `customerType` other than the customer's own.
 */
export function crossFieldErrors(input: unknown, context: CrossFieldContext): FieldError[] {
  if (!isRecord(input)) return [];
  const errors: FieldError[] = [];
  if (input.agreementConsents !== undefined && input.endUserTermsConsent !== undefined) {
    const message = 'Send agreementConsents or the deprecated endUserTermsConsent, not both';
    errors.push({ field: 'agreementConsents', message }, { field: 'endUserTermsConsent', message });
  }
  if (Array.isArray(input.agreementConsents)) {
    const seen = new Set<string>();
    input.agreementConsents.forEach((entry: unknown, index) => {
      const type = isRecord(entry) ? entry.type : undefined;
      if (typeof type !== 'string' || !(AGREEMENT_TYPES as readonly string[]).includes(type)) return;
      if (seen.has(type)) {
        errors.push({ field: `agreementConsents[${index}].type`, message: `At most one consent per type; ${type} appears more than once` });
      }
      seen.add(type);
    });
  }
  if (isFutureDate(input.birthDate, context.today)) {
    errors.push({ field: 'birthDate', message: 'birthDate must not be in the future' });
  }
  if (isRecord(input.businessInfo) && isFutureDate(input.businessInfo.incorporatedOn, context.today)) {
    errors.push({ field: 'businessInfo.incorporatedOn', message: 'businessInfo.incorporatedOn must not be in the future' });
  }
  errors.push(...repeatedCurrencyErrors(input.currencies));
  if (context.current !== undefined && input.email !== undefined && input.phoneNumber !== undefined) {
    const message = 'Update email and phoneNumber in separate PATCH calls';
    errors.push({ field: 'email', message }, { field: 'phoneNumber', message });
  }
  // On PATCH the stored value completes the pair.
  const hasIdType = input.idType !== undefined || context.current?.idType !== undefined;
  const hasIdentifier = input.identifier !== undefined || context.current?.identifier !== undefined;
  if (input.idType !== undefined && !hasIdentifier) {
    errors.push({ field: 'identifier', message: 'identifier is required when idType is given' });
  }
  if (input.identifier !== undefined && !hasIdType) {
    errors.push({ field: 'idType', message: 'idType is required when identifier is given' });
  }
  const address = input.address;
  if (isRecord(address) && address.country === 'US' && typeof address.postalCode === 'string' && address.postalCode !== '' && !US_ZIP.test(address.postalCode)) {
    errors.push({ field: 'address.postalCode', constraint: { pattern: US_ZIP.source }, message: 'A US postalCode is a ZIP code: 12345 or 12345-6789' });
  }
  const type = input.customerType;
  const currentType = context.current?.customerType;
  if (currentType !== undefined && typeof type === 'string' && (CUSTOMER_TYPES as readonly string[]).includes(type) && type !== currentType) {
    errors.push({
      field: 'customerType',
      constraint: { enum: [currentType] },
      message: `customerType cannot change; this customer is ${currentType}`,
    });
  }
  return errors;
}

function repeatedCurrencyErrors(currencies: unknown): FieldError[] {
  if (!Array.isArray(currencies)) return [];
  const seen = new Set<unknown>();
  const errors: FieldError[] = [];
  currencies.forEach((code: unknown, index) => {
    if (typeof code === 'string' && seen.has(code)) errors.push({ field: `currencies[${index}]`, message: `${code} appears more than once in currencies` });
    seen.add(code);
  });
  return errors;
}

const anyDate = z.iso.date();

function isFutureDate(value: unknown, today: string): boolean {
  // Only well-formed dates are compared (YYYY-MM-DD sorts as text); zod reports the malformed ones.
  return typeof value === 'string' && anyDate.safeParse(value).success && value > today;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
