/**
 * The `accountInfo` schema (zod, strict), discriminated by `accountType`, one option per row of
 * the account type table (account-types.ts). USD, EUR, MXN and GBP keep the identifier checks the
 * spec copy and DECISIONS.md ask for (ABA check digit, IBAN mod-97 and SEPA country, CLABE check
 * digit); wallets check their network's address format; every other type checks the reference's
 * patterns, lengths and enums only. Paths are dot paths such as `accountInfo.iban`.
 */
import { z } from 'zod';
import { isCountryCode } from '../customers/countries.js';
import { ACCOUNT_TYPES, type AccountTypeSpec, type ExternalAccountType } from './account-types.js';
import { bankBeneficiarySchema, walletBeneficiarySchema } from './beneficiary-schema.js';
import { choice, str, tableField, text } from './fields.js';
import {
  IBAN_LENGTHS,
  SEPA_IBAN_COUNTRIES,
  clabeCheckDigit,
  isAbaRoutingNumber,
  isBic,
  isBolt11Invoice,
  isBolt12Offer,
  isEvmAddress,
  isIban,
  isLightningAddress,
  isSolanaAddress,
  isSparkAddress,
  isTronAddress,
  normalizeIban,
} from './identifiers.js';
import { type TableBankAccountType, US_BANK_ACCOUNT_KINDS, WALLET_ACCOUNT_TYPES, type WalletAccountType } from './types.js';

/** Longest raw IBAN accepted before spaces are removed. */
export const IBAN_INPUT_LENGTH_MAX = 64;
/** Longest wallet address of any type (a Lightning address is at most 64 + 1 + 253). */
export const ADDRESS_LENGTH_MAX = 320;
/** Longest Lightning invoice or offer (BOLT11 invoices with routing hints run to ~1,500). */
export const LIGHTNING_PAYMENT_LENGTH_MAX = 4096;
/** Longest bank name of a USD account (the reference's maxLength). */
export const USD_BANK_NAME_LENGTH_MAX = 140;

const INFO = 'accountInfo';

/** `paymentRails` of an account type: a non-empty list of the rails the reference lists for it, each once. */
function paymentRails(rails: readonly string[]) {
  const values = rails as [string, ...string[]];
  return z
    .array(choice(`${INFO}.paymentRails[]`, values), { error: `${INFO}.paymentRails must be an array` })
    .min(1, { error: `${INFO}.paymentRails must not be empty` })
    .max(rails.length, { error: `${INFO}.paymentRails may list each of ${rails.join(', ')} once` })
    .refine((list) => new Set(list).size === list.length, { error: `${INFO}.paymentRails must not repeat a rail` })
    .optional();
}

/** The table's extra fields of a type as zod shapes. */
function tableFields(spec: AccountTypeSpec) {
  return Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, tableField(`${INFO}.${name}`, field)]));
}

/** What every bank option shares: its rails and its beneficiary. */
function bankCommon(type: ExternalAccountType) {
  const spec = ACCOUNT_TYPES[type];
  return { paymentRails: paymentRails(spec.paymentRails), beneficiary: bankBeneficiarySchema(spec.beneficiary) };
}

const bankName = text(`${INFO}.bankName`, 255).optional();

const bic = str(`${INFO}.swiftCode`)
  .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: `${INFO}.swiftCode must be a BIC of 8 or 11 characters`, abort: true })
  .refine((code) => isBic(code) && isCountryCode(code.slice(4, 6)), { error: `${INFO}.swiftCode names no assigned country in characters 5 and 6` });

const usdAccount = z.strictObject({
  accountType: z.literal('USD_ACCOUNT'),
  accountNumber: str(`${INFO}.accountNumber`).regex(/^\d{4,17}$/, { error: `${INFO}.accountNumber must be 4 to 17 digits` }),
  routingNumber: str(`${INFO}.routingNumber`)
    .regex(/^\d{9}$/, { error: `${INFO}.routingNumber must be 9 digits`, abort: true })
    .refine(isAbaRoutingNumber, { error: `${INFO}.routingNumber is not a valid ABA routing number (Federal Reserve prefix or check digit)` }),
  bankName: text(`${INFO}.bankName`, USD_BANK_NAME_LENGTH_MAX).optional(),
  bankAccountType: choice(`${INFO}.bankAccountType`, US_BANK_ACCOUNT_KINDS),
  ...tableFields(ACCOUNT_TYPES.USD_ACCOUNT),
  ...bankCommon('USD_ACCOUNT'),
});

const eurAccount = z.strictObject({
  accountType: z.literal('EUR_ACCOUNT'),
  iban: str(`${INFO}.iban`)
    .max(IBAN_INPUT_LENGTH_MAX, { error: `${INFO}.iban must be at most ${IBAN_INPUT_LENGTH_MAX} characters`, abort: true })
    .overwrite(normalizeIban)
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9]+$/, { error: `${INFO}.iban must be a country code, two check digits and letters or digits`, abort: true })
    .refine((iban) => IBAN_LENGTHS[iban.slice(0, 2)] === iban.length, {
      error: `${INFO}.iban has an unknown country or the wrong length for its country`,
      abort: true,
    })
    .refine(isIban, { error: `${INFO}.iban fails the IBAN mod-97 check`, abort: true })
    .refine((iban) => SEPA_IBAN_COUNTRIES.has(iban.slice(0, 2)), { error: `${INFO}.iban must belong to a SEPA country for a EUR_ACCOUNT` }),
  swiftCode: bic.optional(),
  bankName,
  ...bankCommon('EUR_ACCOUNT'),
});

const clabe = (field: string) =>
  str(`${INFO}.${field}`)
    .regex(/^\d{18}$/, { error: `${INFO}.${field} must be 18 digits`, abort: true })
    .refine((value) => clabeCheckDigit(value.slice(0, 17)) === Number(value[17]), { error: `${INFO}.${field} fails the CLABE check digit` });

/** MXN: the CLABE as `clabe` (DECISIONS.md) or `clabeNumber` (the reference), exactly one; stored as `clabe`. */
const mxnAccount = z
  .strictObject({
    accountType: z.literal('MXN_ACCOUNT'),
    clabe: clabe('clabe').optional(),
    clabeNumber: clabe('clabeNumber').optional(),
    bankName,
    ...bankCommon('MXN_ACCOUNT'),
  })
  .superRefine((info, context) => {
    const given = [info.clabe, info.clabeNumber].filter((value) => value !== undefined).length;
    if (given === 1) return;
    context.addIssue({
      code: 'custom',
      path: given === 0 ? ['clabe'] : ['clabeNumber'],
      message: given === 0 ? `${INFO}.clabe is required (or the reference's spelling clabeNumber)` : `${INFO}.clabeNumber must not be given with clabe (they name the same CLABE)`,
    });
  });

const gbpAccount = z.strictObject({
  accountType: z.literal('GBP_ACCOUNT'),
  accountNumber: str(`${INFO}.accountNumber`).regex(/^\d{8}$/, { error: `${INFO}.accountNumber must be 8 digits` }),
  sortCode: str(`${INFO}.sortCode`).regex(/^\d{6}$/, { error: `${INFO}.sortCode must be 6 digits without dashes` }),
  bankName,
  ...bankCommon('GBP_ACCOUNT'),
});

/**
 * A bank type of the table alone: its fields as the reference gives them. When every identifier
 * is optional (the reference: "required fields depend on the selected paymentRails"), at least
 * one must be given, since an account with none names no destination.
 */
function tableAccount(type: TableBankAccountType) {
  const spec = ACCOUNT_TYPES[type];
  const anyRequired = spec.identifiers.some((name) => spec.fields[name]?.required === true);
  return z.strictObject({ accountType: z.literal(type), ...tableFields(spec), ...bankCommon(type) }).superRefine((info, context) => {
    const record = info as Record<string, unknown>;
    if (anyRequired || spec.identifiers.some((name) => record[name] !== undefined)) return;
    context.addIssue({
      code: 'custom',
      path: [spec.identifiers[0] ?? 'accountNumber'],
      message: `${INFO} of a ${type} needs one of ${spec.identifiers.join(', ')}`,
    });
  });
}

const EVM_MESSAGE = `${INFO}.address must be 0x and 40 hex digits, with a valid EIP-55 checksum when mixed case`;

/** The address rule of each wallet type with an address, with the message a client sees when it fails. */
const WALLET_RULES: Readonly<Record<Exclude<WalletAccountType, 'LIGHTNING'>, { readonly check: (address: string) => boolean; readonly message: string }>> = {
  SPARK_WALLET: { check: isSparkAddress, message: `${INFO}.address must be a Spark address: a network prefix (spark, sparkrt, ...), 1, then bech32 characters` },
  SOLANA_WALLET: { check: isSolanaAddress, message: `${INFO}.address must be a Solana address: base58 that decodes to 32 bytes` },
  ETHEREUM_WALLET: { check: isEvmAddress, message: EVM_MESSAGE },
  BASE_WALLET: { check: isEvmAddress, message: EVM_MESSAGE },
  POLYGON_WALLET: { check: isEvmAddress, message: EVM_MESSAGE },
  PLASMA_WALLET: { check: isEvmAddress, message: EVM_MESSAGE },
  TRON_WALLET: { check: isTronAddress, message: `${INFO}.address must be a Tron address: T and 33 base58 characters with a valid checksum` },
};

const vaspName = text(`${INFO}.vaspName`, 255).optional();

function walletAccount(accountType: Exclude<WalletAccountType, 'LIGHTNING'>) {
  const rule = WALLET_RULES[accountType];
  return z.strictObject({
    accountType: z.literal(accountType),
    address: text(`${INFO}.address`, ADDRESS_LENGTH_MAX).refine(rule.check, { error: rule.message }),
    vaspName,
    beneficiary: walletBeneficiarySchema,
  });
}

const LIGHTNING_DESTINATIONS = ['address', 'lightningAddress', 'invoice', 'bolt12'] as const;
const lightningAddress = (field: string) =>
  text(`${INFO}.${field}`, ADDRESS_LENGTH_MAX).refine(isLightningAddress, { error: `${INFO}.${field} must be a Lightning address username@domain (lowercase)` });

/** LIGHTNING: exactly one of `address` (the spec copy), `lightningAddress`, `invoice` (BOLT11), `bolt12` (the reference). */
const lightningAccount = z
  .strictObject({
    accountType: z.literal('LIGHTNING'),
    address: lightningAddress('address').optional(),
    lightningAddress: lightningAddress('lightningAddress').optional(),
    invoice: text(`${INFO}.invoice`, LIGHTNING_PAYMENT_LENGTH_MAX).refine(isBolt11Invoice, { error: `${INFO}.invoice must be a BOLT11 invoice (lnbc..., lntb..., lnbcrt...)` }).optional(),
    bolt12: text(`${INFO}.bolt12`, LIGHTNING_PAYMENT_LENGTH_MAX).refine(isBolt12Offer, { error: `${INFO}.bolt12 must be a BOLT12 offer (lno1...)` }).optional(),
    vaspName,
    beneficiary: walletBeneficiarySchema,
  })
  .superRefine((info, context) => {
    const given = LIGHTNING_DESTINATIONS.filter((name) => info[name] !== undefined);
    if (given.length === 1) return;
    context.addIssue({
      code: 'custom',
      path: [given[1] ?? 'address'],
      message:
        given.length === 0
          ? `${INFO}.address is required (or one of lightningAddress, invoice, bolt12)`
          : `${INFO} of a LIGHTNING account takes exactly one of ${LIGHTNING_DESTINATIONS.join(', ')}`,
    });
  });

/** The option of each account type. */
function optionOf(type: ExternalAccountType) {
  switch (type) {
    case 'USD_ACCOUNT':
      return usdAccount;
    case 'EUR_ACCOUNT':
      return eurAccount;
    case 'MXN_ACCOUNT':
      return mxnAccount;
    case 'GBP_ACCOUNT':
      return gbpAccount;
    case 'LIGHTNING':
      return lightningAccount;
    default:
      return (WALLET_ACCOUNT_TYPES as readonly string[]).includes(type)
        ? walletAccount(type as Exclude<WalletAccountType, 'LIGHTNING'>)
        : tableAccount(type as TableBankAccountType);
  }
}

const TYPES = Object.keys(ACCOUNT_TYPES) as ExternalAccountType[];

/** `accountInfo`: one option per account type of the table, discriminated by `accountType`. */
export const accountInfoSchema = z.discriminatedUnion(
  'accountType',
  TYPES.map(optionOf) as unknown as [ReturnType<typeof optionOf>, ...ReturnType<typeof optionOf>[]],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `${INFO}.accountType must be one of ${TYPES.join(', ')}`
        : issue.input === undefined
          ? `${INFO} is required`
          : `${INFO} must be an object`,
  },
);
