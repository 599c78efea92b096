/**
 * Request schemas for external accounts (zod, strict: unknown fields are errors) and the
 * cross-field rules zod cannot express (currency against account type, dates against today). The
 * route runs both and reports every field error in one 400 INVALID_INPUT, dot paths like
 * `accountInfo.routingNumber`. Identifier rules live in identifiers.ts.
 */
import { z } from 'zod';
import { CURRENCY_CODES, isCurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { accountInfoSchema } from './account-info-schema.js';
import { ACCOUNT_ONLY_CURRENCIES, type ExternalAccountCurrency } from './account-types.js';
import { NAME_LENGTH_MAX, choice, text } from './fields.js';
import { type AccountInfo, CURRENCIES_BY_ACCOUNT_TYPE, OWNERSHIP_TYPES, OWNERSHIP_VERIFICATION_METHODS, isExternalAccountType } from './types.js';

export { NAME_LENGTH_MAX, POSTAL_CODE_LENGTH_MAX } from './fields.js';
export { ADDRESS_LENGTH_MAX, IBAN_INPUT_LENGTH_MAX, accountInfoSchema } from './account-info-schema.js';

/** Longest ownership signature. */
export const SIGNATURE_LENGTH_MAX = 4096;

const BENEFICIARY = 'accountInfo.beneficiary';

/** Every currency an external account may hold: the registered ones, then the account-only ones. */
export const EXTERNAL_ACCOUNT_CURRENCIES = [...CURRENCY_CODES, ...ACCOUNT_ONLY_CURRENCIES] as readonly ExternalAccountCurrency[] as readonly [
  ExternalAccountCurrency,
  ...ExternalAccountCurrency[],
];

/** True when `code` is a currency an external account may hold. */
export function isExternalAccountCurrency(code: unknown): code is ExternalAccountCurrency {
  return isCurrencyCode(code) || (ACCOUNT_ONLY_CURRENCIES as readonly unknown[]).includes(code);
}

/**
 * The `accountInfo` to store from a validated one: absent optional fields dropped (zod leaves
 * them undefined; records and events never hold undefined), and the reference's `clabeNumber`
 * stored under the spec copy's `clabe` (the view answers both). Pure.
 */
export function storedAccountInfo(parsed: z.output<typeof accountInfoSchema>): AccountInfo {
  const plain = JSON.parse(JSON.stringify(parsed)) as Record<string, unknown>;
  if (plain.accountType === 'MXN_ACCOUNT' && plain.clabeNumber !== undefined) {
    const { clabeNumber, ...rest } = plain;
    return { ...rest, clabe: clabeNumber } as AccountInfo;
  }
  return plain as AccountInfo;
}

const currencySchema = choice('currency', EXTERNAL_ACCOUNT_CURRENCIES);
const platformAccountIdSchema = text('platformAccountId', NAME_LENGTH_MAX).optional();
const ownershipTypeSchema = choice('ownershipType', OWNERSHIP_TYPES).optional();
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
    ownershipType: ownershipTypeSchema,
    // The reference's flag (default false): stored and answered; a newer default replaces the customer's earlier one.
    defaultUmaDepositAccount: z.boolean({ error: 'defaultUmaDepositAccount must be a boolean' }).optional(),
    accountInfo: accountInfoSchema,
  },
  bodyError,
);

/** `POST /platform/external-accounts`: the same without `customerId` (the platform owns it). */
export const platformExternalAccountCreateSchema = z.strictObject(
  { currency: currencySchema, platformAccountId: platformAccountIdSchema, ownershipType: ownershipTypeSchema, accountInfo: accountInfoSchema },
  bodyError,
);

/**
 * `POST .../external-accounts/{id}/challenge` (the reference's OwnershipChallengeRequest). `method`
 * is required there but optional here: the engine took an empty body before the reference was
 * adopted, so a missing method means WALLET_SIGNATURE (docs/wire-contract.md "Choices made").
 */
export const ownershipChallengeSchema = z.strictObject(
  {
    method: z
      .enum(OWNERSHIP_VERIFICATION_METHODS, { error: `method must be one of ${OWNERSHIP_VERIFICATION_METHODS.join(', ')}` })
      .optional(),
  },
  bodyError,
);

/** The sandbox's liveness outcomes (`POST /sandbox/external-accounts/{id}/liveness/complete`). */
export const LIVENESS_OUTCOMES = ['PASSED', 'FAILED'] as const;

/** `POST /sandbox/external-accounts/{id}/liveness/complete`: the outcome the hosted check reports, PASSED when absent. */
export const livenessCompletionSchema = z.strictObject(
  { outcome: z.enum(LIVENESS_OUTCOMES, { error: `outcome must be one of ${LIVENESS_OUTCOMES.join(', ')}` }).optional() },
  bodyError,
);

/** The reference's Bitcoin message-signing formats (OwnershipVerifyRequest.signatureScheme). */
export const SIGNATURE_SCHEMES = ['bip137', 'electrum'] as const;

/**
 * `POST .../external-accounts/{id}/verify`: the reference's OwnershipVerifyRequest `{ signature,
 * signatureScheme? }` plus the copy's `challengeId`, optional (absent: the account's open
 * challenge, decideVerifyOwnership). `signatureScheme` (the reference's, default bip137, ignored
 * for non-Bitcoin chains) is recorded on the attempt; the sandbox's check does not depend on it.
 */
export const verifyOwnershipSchema = z.strictObject(
  {
    challengeId: text('challengeId', NAME_LENGTH_MAX).optional(),
    signature: text('signature', SIGNATURE_LENGTH_MAX),
    signatureScheme: z.enum(SIGNATURE_SCHEMES, { error: `signatureScheme must be one of ${SIGNATURE_SCHEMES.join(', ')}` }).optional(),
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
  if (isExternalAccountType(type) && isExternalAccountCurrency(currency)) {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
