/**
 * The body of `PATCH /config`: a strict zod schema for each field's shape plus the rules that
 * span fields (a fee needs a fixed part, a variable part or both; one entry per corridor, rail or
 * currency; a limit is a corridor or a withdrawal currency, never both; `regulated` is not
 * settable). The route reports both kinds together so every invalid field is listed.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import type { FieldError } from '../../core/errors.js';
import { entryKey, keyPart, objectEntries } from './field-errors.js';
import { PAYMENT_RAILS } from './rails.js';
import { embeddedWalletConfigSchema, supportedCurrenciesErrors, supportedCurrenciesSchema } from './reference-fields.js';

/** Most fee configs a platform may hold (a bound on every list). */
export const FEE_CONFIGS_MAX = 100;
/** Most transaction limits a platform may hold. */
export const TRANSACTION_LIMITS_MAX = 100;
/** Largest `cardTokenization2faConfig`, as JSON text. */
export const CARD_2FA_CONFIG_JSON_MAX = 8_192;

const currencyCodes = CURRENCY_CODES as readonly CurrencyCode[] as [CurrencyCode, ...CurrencyCode[]];
const currency = z.enum(currencyCodes, { error: 'must be a registered currency code' });
const bps = z
  .number({ error: 'must be an integer number of basis points' })
  .int({ error: 'must be an integer number of basis points' })
  .min(0, { error: 'must be at least 0 basis points' })
  .max(10_000, { error: 'must be at most 10000 basis points' });
const feeMinor = z
  .number({ error: 'must be an integer number of minor units' })
  .int({ error: 'must be a safe integer number of minor units' })
  .min(0, { error: 'must not be negative' });
const maxMinor = z
  .number({ error: 'must be an integer number of minor units' })
  .int({ error: 'must be a safe integer number of minor units' })
  .min(1, { error: 'must be at least 1 minor unit' });

/**
 * The reference's FixedFee `{ amount, currency }` (the currency is the USD source's), or the
 * spec copy's plain integer of minor units; both become the integer.
 */
const fixedFeeSchema = z.union([
  feeMinor,
  z
    .strictObject({ amount: feeMinor, currency: z.literal('USD', { error: 'a fixed fee is in the USD source currency' }) })
    .transform((fee) => fee.amount),
]);

const feeConfigSchema = z.strictObject({
  // The reference's FeeType has one value; accepted and answered, not stored.
  feeType: z.literal('CROSS_CURRENCY_TRANSACTION', { error: 'must be CROSS_CURRENCY_TRANSACTION' }).optional(),
  sourceCurrency: z.literal('USD', { error: 'feeConfigs apply to a USD source currency only' }),
  receivingCurrency: currency.optional(),
  variableFeeBps: bps.optional(),
  fixedFee: fixedFeeSchema.optional(),
});

const railFeeConfigSchema = z.strictObject({
  rail: z.enum(PAYMENT_RAILS, { error: `must be one of ${PAYMENT_RAILS.join(', ')}` }),
  variableFeeBps: bps.optional(),
  fixedFee: feeMinor.optional(),
});

const transactionLimitSchema = z.strictObject({
  sendingCurrency: currency.optional(),
  receivingCurrency: currency.optional(),
  withdrawalCurrency: currency.optional(),
  maxAmount: maxMinor,
});

const dailyVolumeLimitSchema = z.strictObject({ currency, maxAmount: maxMinor });

/** The shape of a `PATCH /config` body; every field optional, unknown fields refused. */
export const configPatchSchema = z.strictObject({
  skipVerificationPaperwork: z.boolean({ error: 'must be a boolean' }).optional(),
  feeConfigs: z.array(feeConfigSchema).max(FEE_CONFIGS_MAX, { error: `at most ${FEE_CONFIGS_MAX} fee configs` }).optional(),
  railFeeConfigs: z
    .array(railFeeConfigSchema)
    .max(PAYMENT_RAILS.length, { error: `at most one config per rail (${PAYMENT_RAILS.length})` })
    .optional(),
  transactionLimits: z
    .array(transactionLimitSchema)
    .max(TRANSACTION_LIMITS_MAX, { error: `at most ${TRANSACTION_LIMITS_MAX} transaction limits` })
    .optional(),
  dailyVolumeLimits: z
    .array(dailyVolumeLimitSchema)
    .max(CURRENCY_CODES.length, { error: 'at most one daily volume limit per currency' })
    .optional(),
  cardTokenization2faConfig: z.record(z.string(), z.unknown(), { error: 'must be an object or null' }).nullable().optional(),
  // Reference PlatformConfigUpdateRequest: an https URL webhooks are POSTed to, and the UMA domain (a host name).
  webhookEndpoint: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2048, { error: 'must be at most 2048 characters' }).optional(),
  umaDomain: z.string().regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { error: 'must be a domain name' }).optional(),
  // Reference PlatformConfigUpdateRequest: replaced whole / merged field by field (reference-fields.ts).
  supportedCurrencies: supportedCurrenciesSchema.optional(),
  embeddedWalletConfig: embeddedWalletConfigSchema.optional(),
});

/** A validated `PATCH /config` body (wire form: amounts are JSON integers). */
export type ConfigPatch = z.infer<typeof configPatchSchema>;

/** The fields the schema itself cannot check; tolerant of malformed input (zod reports shapes). Pure. */
export function configCrossFieldErrors(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const raw = body as Readonly<Record<string, unknown>>;
  const errors: FieldError[] = [];
  if ('regulated' in raw) {
    errors.push({ field: 'regulated', message: 'regulated is set by the engine options and cannot be changed by request' });
  }
  checkFeeEntries(raw.feeConfigs, 'feeConfigs', (entry) => entryKey('>', entry.sourceCurrency, entry.receivingCurrency ?? '*'), 'receivingCurrency', errors);
  checkFeeEntries(raw.railFeeConfigs, 'railFeeConfigs', (entry) => keyPart(entry.rail), 'rail', errors);
  const limitKeys = new Set<string>();
  for (const [index, entry] of objectEntries(raw.transactionLimits)) {
    const at = `transactionLimits[${index}]`;
    const sending = entry.sendingCurrency;
    const withdrawal = entry.withdrawalCurrency;
    if (sending !== undefined && withdrawal !== undefined) {
      errors.push({ field: `${at}.withdrawalCurrency`, message: 'a limit is for a corridor (sendingCurrency) or a withdrawal currency, not both' });
    } else if (sending === undefined && withdrawal === undefined) {
      errors.push({ field: `${at}.sendingCurrency`, message: 'sendingCurrency (a corridor) or withdrawalCurrency is required; maxAmount is in its minor units' });
    } else if (withdrawal !== undefined && entry.receivingCurrency !== undefined) {
      errors.push({ field: `${at}.receivingCurrency`, message: 'receivingCurrency belongs to a corridor limit, not a withdrawal limit' });
    }
    const key = withdrawal !== undefined ? entryKey('', 'W:', withdrawal) : entryKey('', 'C:', sending, '>', entry.receivingCurrency ?? '*');
    if (key === undefined) continue;
    if (limitKeys.has(key)) {
      errors.push({ field: `${at}.${withdrawal !== undefined ? 'withdrawalCurrency' : 'sendingCurrency'}`, message: 'another limit already covers this corridor or currency' });
    }
    limitKeys.add(key);
  }
  const volumeKeys = new Set<string>();
  for (const [index, entry] of objectEntries(raw.dailyVolumeLimits)) {
    const key = keyPart(entry.currency);
    if (key === undefined) continue;
    if (volumeKeys.has(key)) errors.push({ field: `dailyVolumeLimits[${index}].currency`, message: 'another daily volume limit already covers this currency' });
    volumeKeys.add(key);
  }
  errors.push(...supportedCurrenciesErrors(raw.supportedCurrencies));
  const card = raw.cardTokenization2faConfig;
  if (typeof card === 'object' && card !== null && JSON.stringify(card).length > CARD_2FA_CONFIG_JSON_MAX) {
    errors.push({ field: 'cardTokenization2faConfig', message: `must be at most ${CARD_2FA_CONFIG_JSON_MAX} characters as JSON` });
  }
  return errors;
}

/** A fee entry needs a fixed part, a variable part or both, and its key may appear once. */
function checkFeeEntries(
  list: unknown,
  name: string,
  keyOf: (entry: Readonly<Record<string, unknown>>) => string | undefined,
  keyField: string,
  errors: FieldError[],
): void {
  const keys = new Set<string>();
  for (const [index, entry] of objectEntries(list)) {
    const at = `${name}[${index}]`;
    if (entry.variableFeeBps === undefined && entry.fixedFee === undefined) {
      errors.push({ field: at, message: 'set variableFeeBps, fixedFee or both' });
    }
    const key = keyOf(entry);
    if (key === undefined) continue;
    if (keys.has(key)) errors.push({ field: `${at}.${keyField}`, message: `another entry of ${name} already covers this ${keyField === 'rail' ? 'rail' : 'corridor'}` });
    keys.add(key);
  }
}
