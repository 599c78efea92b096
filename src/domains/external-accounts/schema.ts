/**
 * Request schemas for external accounts (zod, strict: unknown fields are errors) and the
 * cross-field rules zod cannot express (currency against account type, dates against today). The
 * route runs both and reports every field error in one 400 INVALID_INPUT, dot paths like
 * `accountInfo.routingNumber`. Identifier rules live in identifiers.ts.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { isCountryCode } from '../customers/countries.js';
import {
  IBAN_LENGTHS,
  SEPA_IBAN_COUNTRIES,
  clabeCheckDigit,
  isAbaRoutingNumber,
  isBic,
  isEvmAddress,
  isIban,
  isLightningAddress,
  isSolanaAddress,
  isSparkAddress,
  normalizeIban,
} from './identifiers.js';
import {
  PAYMENT_RAILS_BY_ACCOUNT_TYPE,
  CURRENCIES_BY_ACCOUNT_TYPE,
  EXTERNAL_ACCOUNT_TYPES,
  type ExternalAccountType,
  US_BANK_ACCOUNT_KINDS,
  type WalletAccountType,
} from './types.js';

// ---------------------------------------------------------------------------------------------
// Limits (STYLE.md: a named bound on everything)
// ---------------------------------------------------------------------------------------------

/** Longest name-like text: names, bank names, address lines, ids and references. */
export const NAME_LENGTH_MAX = 255;
/** Longest raw IBAN accepted before spaces are removed. */
export const IBAN_INPUT_LENGTH_MAX = 64;
/** Longest wallet address of any type (a Lightning address is at most 64 + 1 + 253). */
export const ADDRESS_LENGTH_MAX = 320;
/** Longest postal code. */
export const POSTAL_CODE_LENGTH_MAX = 16;
/** Longest ownership signature. */
export const SIGNATURE_LENGTH_MAX = 4096;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

function str(field: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) });
}

function text(field: string, max: number) {
  return str(field)
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`),
  });
}

function country(field: string) {
  return str(field)
    .regex(/^[A-Z]{2}$/, { error: `${field} must be an ISO 3166-1 alpha-2 code such as US`, abort: true })
    .refine(isCountryCode, { error: `${field} is not an assigned ISO 3166-1 alpha-2 code` });
}

function addressSchema(path: string) {
  return z.strictObject(
    {
      line1: text(`${path}.line1`, NAME_LENGTH_MAX),
      line2: text(`${path}.line2`, NAME_LENGTH_MAX).optional(),
      city: text(`${path}.city`, NAME_LENGTH_MAX),
      state: text(`${path}.state`, NAME_LENGTH_MAX).optional(),
      postalCode: text(`${path}.postalCode`, POSTAL_CODE_LENGTH_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, {
        error: `${path}.postalCode may hold only letters, digits, spaces and hyphens`,
      }),
      country: country(`${path}.country`),
    },
    { error: (issue) => (issue.input === undefined ? `${path} is required` : `${path} must be an object`) },
  );
}

const BENEFICIARY = 'accountInfo.beneficiary';

/** The reference's optional contact fields of every beneficiary. */
const beneficiaryContact = {
  countryOfResidence: country(`${BENEFICIARY}.countryOfResidence`).optional(),
  email: text(`${BENEFICIARY}.email`, NAME_LENGTH_MAX).regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: `${BENEFICIARY}.email must be an email address` }).optional(),
  phoneNumber: str(`${BENEFICIARY}.phoneNumber`).regex(/^\+[1-9]\d{1,14}$/, { error: `${BENEFICIARY}.phoneNumber must be E.164 (+ and up to 15 digits)` }).optional(),
};

/** `paymentRails` of an account type: a non-empty list of the rails the reference lists for it, each once. */
function paymentRails<const T extends readonly [string, ...string[]]>(rails: T) {
  return z
    .array(choice('accountInfo.paymentRails[]', rails), { error: 'accountInfo.paymentRails must be an array' })
    .min(1, { error: 'accountInfo.paymentRails must not be empty' })
    .max(rails.length, { error: `accountInfo.paymentRails may list each of ${rails.join(', ')} once` })
    .refine((list) => new Set(list).size === list.length, { error: 'accountInfo.paymentRails must not repeat a rail' })
    .optional();
}

const beneficiarySchema = z.discriminatedUnion(
  'beneficiaryType',
  [
    z.strictObject({
      beneficiaryType: z.literal('INDIVIDUAL'),
      fullName: text(`${BENEFICIARY}.fullName`, NAME_LENGTH_MAX),
      birthDate: z.iso
        .date({ error: `${BENEFICIARY}.birthDate must be a real calendar date YYYY-MM-DD` })
        .optional(),
      nationality: country(`${BENEFICIARY}.nationality`).optional(),
      address: addressSchema(`${BENEFICIARY}.address`).optional(),
      ...beneficiaryContact,
    }),
    z.strictObject({
      beneficiaryType: z.literal('BUSINESS'),
      legalName: text(`${BENEFICIARY}.legalName`, NAME_LENGTH_MAX),
      registrationNumber: text(`${BENEFICIARY}.registrationNumber`, NAME_LENGTH_MAX).optional(),
      taxId: text(`${BENEFICIARY}.taxId`, NAME_LENGTH_MAX).optional(),
      address: addressSchema(`${BENEFICIARY}.address`).optional(),
      ...beneficiaryContact,
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `${BENEFICIARY}.beneficiaryType must be one of INDIVIDUAL, BUSINESS`
        : issue.input === undefined
          ? `${BENEFICIARY} is required for bank accounts`
          : `${BENEFICIARY} must be an object`,
  },
);

const bankName = text('accountInfo.bankName', NAME_LENGTH_MAX).optional();

const usdAccount = z.strictObject({
  accountType: z.literal('USD_ACCOUNT'),
  accountNumber: str('accountInfo.accountNumber').regex(/^\d{4,17}$/, {
    error: 'accountInfo.accountNumber must be 4 to 17 digits',
  }),
  routingNumber: str('accountInfo.routingNumber')
    .regex(/^\d{9}$/, { error: 'accountInfo.routingNumber must be 9 digits', abort: true })
    .refine(isAbaRoutingNumber, {
      error: 'accountInfo.routingNumber is not a valid ABA routing number (Federal Reserve prefix or check digit)',
    }),
  bankName,
  bankAccountType: choice('accountInfo.bankAccountType', US_BANK_ACCOUNT_KINDS),
  paymentRails: paymentRails(PAYMENT_RAILS_BY_ACCOUNT_TYPE.USD_ACCOUNT),
  beneficiary: beneficiarySchema,
});

const eurAccount = z.strictObject({
  accountType: z.literal('EUR_ACCOUNT'),
  iban: str('accountInfo.iban')
    .max(IBAN_INPUT_LENGTH_MAX, { error: `accountInfo.iban must be at most ${IBAN_INPUT_LENGTH_MAX} characters`, abort: true })
    .overwrite(normalizeIban)
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9]+$/, {
      error: 'accountInfo.iban must be a country code, two check digits and letters or digits',
      abort: true,
    })
    .refine((iban) => IBAN_LENGTHS[iban.slice(0, 2)] === iban.length, {
      error: 'accountInfo.iban has an unknown country or the wrong length for its country',
      abort: true,
    })
    .refine(isIban, { error: 'accountInfo.iban fails the IBAN mod-97 check', abort: true })
    .refine((iban) => SEPA_IBAN_COUNTRIES.has(iban.slice(0, 2)), {
      error: 'accountInfo.iban must belong to a SEPA country for a EUR_ACCOUNT',
    }),
  swiftCode: str('accountInfo.swiftCode')
    .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, {
      error: 'accountInfo.swiftCode must be a BIC of 8 or 11 characters',
      abort: true,
    })
    .refine((bic) => isBic(bic) && isCountryCode(bic.slice(4, 6)), {
      error: 'accountInfo.swiftCode names no assigned country in characters 5 and 6',
    })
    .optional(),
  bankName,
  paymentRails: paymentRails(PAYMENT_RAILS_BY_ACCOUNT_TYPE.EUR_ACCOUNT),
  beneficiary: beneficiarySchema,
});

const mxnAccount = z.strictObject({
  accountType: z.literal('MXN_ACCOUNT'),
  clabe: str('accountInfo.clabe')
    .regex(/^\d{18}$/, { error: 'accountInfo.clabe must be 18 digits', abort: true })
    .refine((clabe) => clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]), {
      error: 'accountInfo.clabe fails the CLABE check digit',
    }),
  bankName,
  paymentRails: paymentRails(PAYMENT_RAILS_BY_ACCOUNT_TYPE.MXN_ACCOUNT),
  beneficiary: beneficiarySchema,
});

const gbpAccount = z.strictObject({
  accountType: z.literal('GBP_ACCOUNT'),
  accountNumber: str('accountInfo.accountNumber').regex(/^\d{8}$/, { error: 'accountInfo.accountNumber must be 8 digits' }),
  sortCode: str('accountInfo.sortCode').regex(/^\d{6}$/, { error: 'accountInfo.sortCode must be 6 digits without dashes' }),
  bankName,
  paymentRails: paymentRails(PAYMENT_RAILS_BY_ACCOUNT_TYPE.GBP_ACCOUNT),
  beneficiary: beneficiarySchema,
});

/** The address rule of each wallet type, with the message a client sees when it fails. */
const WALLET_RULES: Readonly<Record<WalletAccountType, { readonly check: (address: string) => boolean; readonly message: string }>> = {
  SPARK_WALLET: {
    check: isSparkAddress,
    message: 'accountInfo.address must be a Spark address: a network prefix (spark, sparkrt, ...), 1, then bech32 characters',
  },
  LIGHTNING: {
    check: isLightningAddress,
    message: 'accountInfo.address must be a Lightning address username@domain (lowercase)',
  },
  SOLANA_WALLET: {
    check: isSolanaAddress,
    message: 'accountInfo.address must be a Solana address: base58 that decodes to 32 bytes',
  },
  ETHEREUM_WALLET: {
    check: isEvmAddress,
    message: 'accountInfo.address must be 0x and 40 hex digits, with a valid EIP-55 checksum when mixed case',
  },
  BASE_WALLET: {
    check: isEvmAddress,
    message: 'accountInfo.address must be 0x and 40 hex digits, with a valid EIP-55 checksum when mixed case',
  },
};

function walletAccount<const T extends WalletAccountType>(accountType: T) {
  const rule = WALLET_RULES[accountType];
  return z.strictObject({
    accountType: z.literal(accountType),
    address: text('accountInfo.address', ADDRESS_LENGTH_MAX).refine(rule.check, { error: rule.message }),
    beneficiary: beneficiarySchema.optional(),
  });
}

const accountInfoSchema = z.discriminatedUnion(
  'accountType',
  [
    usdAccount,
    eurAccount,
    mxnAccount,
    gbpAccount,
    walletAccount('SPARK_WALLET'),
    walletAccount('LIGHTNING'),
    walletAccount('SOLANA_WALLET'),
    walletAccount('ETHEREUM_WALLET'),
    walletAccount('BASE_WALLET'),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `accountInfo.accountType must be one of ${EXTERNAL_ACCOUNT_TYPES.join(', ')}`
        : issue.input === undefined
          ? 'accountInfo is required'
          : 'accountInfo must be an object',
  },
);

const currencySchema = choice('currency', CURRENCY_CODES as unknown as readonly [CurrencyCode, ...CurrencyCode[]]);
const platformAccountIdSchema = text('platformAccountId', NAME_LENGTH_MAX).optional();
const bodyError = { error: 'The request body must be a JSON object' };

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** `POST /customers/external-accounts` (CustomerExternalAccountCreateRequest: `customerId` required). */
export const customerExternalAccountCreateSchema = z.strictObject(
  {
    customerId: text('customerId', NAME_LENGTH_MAX),
    currency: currencySchema,
    platformAccountId: platformAccountIdSchema,
    accountInfo: accountInfoSchema,
  },
  bodyError,
);

/** `POST /platform/external-accounts`: the same without `customerId` (the platform owns it). */
export const platformExternalAccountCreateSchema = z.strictObject(
  { currency: currencySchema, platformAccountId: platformAccountIdSchema, accountInfo: accountInfoSchema },
  bodyError,
);

/** `POST .../external-accounts/{id}/verify`. */
export const verifyOwnershipSchema = z.strictObject(
  {
    challengeId: text('challengeId', NAME_LENGTH_MAX),
    signature: text('signature', SIGNATURE_LENGTH_MAX),
  },
  bodyError,
);

/** A validated customer create request. */
export type CustomerExternalAccountCreateRequest = z.output<typeof customerExternalAccountCreateSchema>;
/** A validated platform create request. */
export type PlatformExternalAccountCreateRequest = z.output<typeof platformExternalAccountCreateSchema>;
/** A validated verify request. */
export type VerifyOwnershipRequest = z.output<typeof verifyOwnershipSchema>;

// ---------------------------------------------------------------------------------------------
// Cross-field rules
// ---------------------------------------------------------------------------------------------

/**
 * The rules that span fields, read defensively from the raw body (zod reports wrong types; these
 * look only at values of the right type), each as a FieldError. Pure. Rules:
 * - `currency` must be one the account type receives (USD_ACCOUNT with USD, ...);
 * - `accountInfo.beneficiary.birthDate` must not be after `today` (YYYY-MM-DD, UTC).
 */
export function crossFieldErrors(input: unknown, today: string): FieldError[] {
  if (!isRecord(input) || !isRecord(input.accountInfo)) return [];
  const errors: FieldError[] = [];
  const type = input.accountInfo.accountType;
  const currency = input.currency;
  if (typeof type === 'string' && isAccountType(type) && isCurrencyCode(currency)) {
    const allowed = CURRENCIES_BY_ACCOUNT_TYPE[type];
    if (!allowed.includes(currency)) {
      errors.push({
        field: 'currency',
        constraint: { enum: [...allowed] },
        message: `currency must be ${allowed.join(' or ')} for ${type}`,
      });
    }
  }
  const beneficiary = input.accountInfo.beneficiary;
  if (isRecord(beneficiary) && typeof beneficiary.birthDate === 'string' && anyDate.safeParse(beneficiary.birthDate).success) {
    // YYYY-MM-DD sorts as text.
    if (beneficiary.birthDate > today) {
      errors.push({ field: `${BENEFICIARY}.birthDate`, message: `${BENEFICIARY}.birthDate must not be in the future` });
    }
  }
  return errors;
}

const anyDate = z.iso.date();

function isAccountType(value: string): value is ExternalAccountType {
  return (EXTERNAL_ACCOUNT_TYPES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
