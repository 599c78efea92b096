/**
 * The reference's PlatformConfig fields the spec copy does not show (issue 12):
 * `supportedCurrencies` (PlatformCurrencyConfig[]) and `embeddedWalletConfig`. Their request
 * schemas, the cross-field rules, the stored records (amounts as decimal strings) and the wire
 * views. Both are stored and answered; quotes enforce `supportedCurrencies` (pricing's
 * `checkSupportedCurrencies`) and EMAIL_OTP issues read `expirationSeconds` (auth's `otpTtlMs`);
 * the rest (counterparty fields, OTP emails) is not enforced (docs/wire-contract.md). Pure.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { keyPart, objectEntries } from './field-errors.js';

/** The reference's CustomerInfoFieldName values. */
export const CUSTOMER_INFO_FIELD_NAMES = [
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID', 'REGISTRATION_NUMBER', 'USER_TYPE',
  'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY',
  'IDENTIFIER', 'BUSINESS_TYPE', 'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
] as const;

/** The reference's TransactionType values. */
export const TRANSACTION_TYPES = ['INCOMING', 'OUTGOING'] as const;

/** A counterparty field the platform asks for (reference CounterpartyFieldDefinition). */
export type CounterpartyField = { readonly name: (typeof CUSTOMER_INFO_FIELD_NAMES)[number]; readonly mandatory: boolean };

/** One supported currency as stored: the reference's PlatformCurrencyConfig, amounts as decimal strings of minor units. */
export type PlatformCurrencyConfig = {
  readonly currencyCode: CurrencyCode;
  readonly minAmountMinor: string;
  readonly maxAmountMinor: string;
  readonly requiredCounterpartyFields: readonly CounterpartyField[];
  readonly enabledTransactionTypes: readonly (typeof TRANSACTION_TYPES)[number][];
};

/** The reference's EmbeddedWalletConfig, stored as given (every field optional). */
export type EmbeddedWalletConfig = {
  readonly appName?: string;
  readonly otpLength?: number;
  readonly alphanumeric?: boolean;
  readonly expirationSeconds?: number;
  readonly sendFromEmailAddress?: string;
  readonly sendFromEmailSenderName?: string;
  readonly replyToEmailAddress?: string;
  readonly logoUrl?: string;
};

const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];
const amountMinor = z
  .number({ error: 'must be an integer number of minor units' })
  .int({ error: 'must be a safe integer number of minor units' })
  .min(0, { error: 'must not be negative' });

const platformCurrencySchema = z.strictObject({
  currencyCode: z.enum(currencyCodes, { error: 'must be a registered currency code' }),
  minAmount: amountMinor,
  maxAmount: amountMinor,
  requiredCounterpartyFields: z
    .array(
      z.strictObject({
        name: z.enum(CUSTOMER_INFO_FIELD_NAMES, { error: `must be one of ${CUSTOMER_INFO_FIELD_NAMES.join(', ')}` }),
        mandatory: z.boolean({ error: 'must be a boolean' }),
      }),
    )
    .max(CUSTOMER_INFO_FIELD_NAMES.length, { error: 'may name each field once' }),
  enabledTransactionTypes: z.array(z.enum(TRANSACTION_TYPES, { error: 'must be INCOMING or OUTGOING' })).max(TRANSACTION_TYPES.length, {
    error: 'may name each transaction type once',
  }),
});

/** `supportedCurrencies` of `PATCH /config`: at most one entry per registered currency. */
export const supportedCurrenciesSchema = z
  .array(platformCurrencySchema)
  .max(CURRENCY_CODES.length, { error: 'at most one entry per registered currency' });

const text255 = z.string({ error: 'must be a string' }).max(255, { error: 'must be at most 255 characters' });
const email255 = z.email({ error: 'must be an email address' }).max(255, { error: 'must be at most 255 characters' });

/** `embeddedWalletConfig` of `PATCH /config`: the reference's bounds; omitted fields keep their value. */
export const embeddedWalletConfigSchema = z.strictObject({
  appName: text255.optional(),
  otpLength: z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }).min(4, { error: 'must be at least 4' }).max(12, { error: 'must be at most 12' }).optional(),
  alphanumeric: z.boolean({ error: 'must be a boolean' }).optional(),
  expirationSeconds: z
    .number({ error: 'must be an integer number of seconds' })
    .int({ error: 'must be an integer number of seconds' })
    .min(1, { error: 'must be at least 1 second' })
    .max(86_400, { error: 'must be at most 86400 seconds' })
    .optional(),
  sendFromEmailAddress: email255.optional(),
  sendFromEmailSenderName: text255.optional(),
  replyToEmailAddress: email255.optional(),
  logoUrl: z.url({ error: 'must be a URL' }).max(512, { error: 'must be at most 512 characters' }).optional(),
});

/** The wire form of one `supportedCurrencies` entry. */
export type WirePlatformCurrency = z.infer<typeof platformCurrencySchema>;

/** Rules one entry's shape cannot say: minAmount <= maxAmount, one entry per currency, no repeated field or type. Pure. */
export function supportedCurrenciesErrors(list: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const currencies = new Set<string>();
  for (const [index, entry] of objectEntries(list)) {
    const at = `supportedCurrencies[${index}]`;
    if (typeof entry.minAmount === 'number' && typeof entry.maxAmount === 'number' && entry.minAmount > entry.maxAmount) {
      errors.push({ field: `${at}.minAmount`, message: 'minAmount must not be above maxAmount' });
    }
    const code = keyPart(entry.currencyCode);
    if (code !== undefined && currencies.has(code)) errors.push({ field: `${at}.currencyCode`, message: 'another entry already configures this currency' });
    if (code !== undefined) currencies.add(code);
    const names = objectEntries(entry.requiredCounterpartyFields).map(([, field]) => keyPart(field.name));
    if (!names.includes(undefined) && new Set(names).size !== names.length) errors.push({ field: `${at}.requiredCounterpartyFields`, message: 'may name each field once' });
    const types = Array.isArray(entry.enabledTransactionTypes) ? entry.enabledTransactionTypes : [];
    if (new Set(types).size !== types.length) errors.push({ field: `${at}.enabledTransactionTypes`, message: 'may name each transaction type once' });
  }
  return errors;
}

/** The stored record of a validated entry (amounts become decimal strings). Pure. */
export function platformCurrencyRecord(entry: WirePlatformCurrency): PlatformCurrencyConfig {
  return {
    currencyCode: entry.currencyCode,
    minAmountMinor: String(entry.minAmount),
    maxAmountMinor: String(entry.maxAmount),
    requiredCounterpartyFields: entry.requiredCounterpartyFields.map(({ name, mandatory }) => ({ name, mandatory })),
    enabledTransactionTypes: [...entry.enabledTransactionTypes],
  };
}

/** `current` with the patch's fields over it: the reference says omitted nested fields are left unchanged. Pure. */
export function mergeEmbeddedWalletConfig(
  current: EmbeddedWalletConfig | undefined,
  patch: { readonly [K in keyof EmbeddedWalletConfig]?: EmbeddedWalletConfig[K] | undefined },
): EmbeddedWalletConfig {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value;
  return merged as EmbeddedWalletConfig;
}

/** The wire form of one supported currency (amounts as JSON integers). */
export type PlatformCurrencyView = Omit<PlatformCurrencyConfig, 'minAmountMinor' | 'maxAmountMinor'> & { readonly minAmount: number; readonly maxAmount: number };

/**
 * `supportedCurrencies` as answered: the stored list, or before the platform set one, what the
 * engine supports: every registered currency, any amount (0 to 2^53 - 1, the platform's
 * `transactionLimits` apply beside), no counterparty fields required, both directions. Pure.
 */
export function supportedCurrenciesView(stored: readonly PlatformCurrencyConfig[] | undefined): readonly PlatformCurrencyView[] {
  if (stored === undefined) {
    return CURRENCY_CODES.map((currencyCode) => ({
      currencyCode,
      minAmount: 0,
      maxAmount: Number.MAX_SAFE_INTEGER,
      requiredCounterpartyFields: [],
      enabledTransactionTypes: [...TRANSACTION_TYPES],
    }));
  }
  return stored.map(({ minAmountMinor, maxAmountMinor, ...rest }) => ({ ...rest, minAmount: Number(minAmountMinor), maxAmount: Number(maxAmountMinor) }));
}
