/**
 * The account types of the reference (`ExternalAccountType`, 46 values) as one table: each
 * type's currencies, the reference's `paymentRails` (answered in `accountInfo`), the rails a
 * payout may use, its `accountInfo` fields (required or not, pattern, length, enum: as the
 * reference's `<Type>AccountInfoBase` says), which fields identify the destination, and what its
 * individual beneficiary requires. Schemas (schema.ts), views, identity and quotes all read it,
 * so adding a type is one row. Pure data. docs/external-accounts.md explains the choices.
 */
import type { CurrencyCode } from '../../core/currency.js';

/**
 * ISO 4217 codes of account types whose currency the engine keeps no ledger in (no rates, no
 * world account): such an account is stored and answered, and a payout to it is refused
 * (docs/external-accounts.md, "Account types").
 */
export const ACCOUNT_ONLY_CURRENCIES = [
  'AED', 'BDT', 'BWP', 'CNY', 'COP', 'DKK', 'EGP', 'GHS', 'GTQ', 'HKD', 'HTG', 'IDR', 'JMD', 'KES',
  'MWK', 'MYR', 'PKR', 'RWF', 'SGD', 'THB', 'TZS', 'UGX', 'VND', 'XAF', 'XOF', 'ZAR', 'ZMW',
] as const;
/** One of `ACCOUNT_ONLY_CURRENCIES`. */
export type AccountOnlyCurrency = (typeof ACCOUNT_ONLY_CURRENCIES)[number];
/** A currency an external account may hold: a registered one or an account-only one. */
export type ExternalAccountCurrency = CurrencyCode | AccountOnlyCurrency;

/** One `accountInfo` field of a type, as the reference's JSON Schema describes it. */
export type FieldSpec = {
  readonly required?: true;
  /** The reference's `pattern` (a regular expression source). */
  readonly pattern?: string;
  /** Words for the pattern in a refusal ("10 digits"). */
  readonly patternText?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
};

/** What an individual beneficiary of a type requires beyond `fullName`, and the extra fields it allows. */
export type BeneficiarySpec = {
  readonly required: readonly ('address' | 'countryOfResidence' | 'phoneNumber')[];
  readonly extra?: Readonly<Record<string, FieldSpec>>;
};

/** One row of the table. */
export type AccountTypeSpec = {
  readonly kind: 'bank' | 'wallet';
  readonly currencies: readonly ExternalAccountCurrency[];
  /** The reference's `paymentRails` enum of the type (answered; empty for wallets). */
  readonly paymentRails: readonly string[];
  /** The rails a payout to the type may use, the automatic choice first. */
  readonly payoutRails: readonly string[];
  /** `accountInfo` fields besides accountType, paymentRails and beneficiary (generic types only). */
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** Fields that name the destination, the primary one first present; at least one is required. */
  readonly identifiers: readonly string[];
  /** Fields that, with the identifiers, make two accounts the same destination (bank and branch codes). */
  readonly qualifiers?: readonly string[];
  readonly beneficiary: BeneficiarySpec;
};

const BIC: FieldSpec = { pattern: '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$', patternText: 'a BIC of 8 or 11 characters' };
const PHONE: FieldSpec = { pattern: '^\\+[0-9]{6,14}$', patternText: '+ and 6 to 14 digits' };
const NAME: FieldSpec = { minLength: 1, maxLength: 255 };
const ACCOUNT_NUMBER: FieldSpec = { minLength: 1, maxLength: 34 };
const BANK_ACCOUNT_KIND: FieldSpec = { enum: ['CHECKING', 'SAVINGS'] };
const FIVE_DIGITS: FieldSpec = { pattern: '^[0-9]{5}$', patternText: '5 digits' };
const req = (spec: FieldSpec): FieldSpec => ({ ...spec, required: true });
const phoneIn = (prefix: string, digits: string): FieldSpec => ({ pattern: `^\\+${prefix}[0-9]{${digits}}$`, patternText: `+${prefix} and ${digits.replace(',', ' to ')} digits` });

const PLAIN: BeneficiarySpec = { required: [] };
const BANK_RAILS = ['BANK_TRANSFER'] as const;
const BANK_OR_MOBILE = ['BANK_TRANSFER', 'MOBILE_MONEY'] as const;
const MOBILE = ['MOBILE_MONEY'] as const;

function bank(currency: ExternalAccountCurrency, rails: readonly string[], fields: Record<string, FieldSpec>, identifiers: readonly string[], extra: Partial<AccountTypeSpec> = {}): AccountTypeSpec {
  return { kind: 'bank', currencies: [currency], paymentRails: rails, payoutRails: rails, fields, identifiers, beneficiary: PLAIN, ...extra };
}

/** A mobile-money account: a phone number at a provider. */
function mobile(currency: ExternalAccountCurrency, phone: FieldSpec, extra: Record<string, FieldSpec> = {}): AccountTypeSpec {
  return bank(currency, MOBILE, { phoneNumber: req(phone), provider: req(NAME), ...extra }, ['phoneNumber']);
}

/** A bank account named by bank name, account number and BIC (Asian corridors). */
function swiftNamed(currency: ExternalAccountCurrency, extra: Record<string, FieldSpec> = {}, rails: readonly string[] = BANK_RAILS): AccountTypeSpec {
  return bank(currency, rails, { bankName: req(NAME), accountNumber: req(ACCOUNT_NUMBER), swiftCode: req(BIC), ...extra }, ['accountNumber'], { qualifiers: ['swiftCode'] });
}

/** A bank account that may be paid by bank transfer or mobile money; one of its identifiers is needed. */
function bankOrMobile(currency: ExternalAccountCurrency, fields: Record<string, FieldSpec>, identifiers: readonly string[]): AccountTypeSpec {
  return bank(currency, BANK_OR_MOBILE, fields, identifiers);
}

function wallet(currencies: readonly ExternalAccountCurrency[], rail: string): AccountTypeSpec {
  return { kind: 'wallet', currencies, paymentRails: [], payoutRails: [rail], fields: {}, identifiers: ['address'], beneficiary: PLAIN };
}

/** Fiat currencies a SWIFT_ACCOUNT may hold (any fiat the engine or its account types know). */
const SWIFT_CURRENCIES: readonly ExternalAccountCurrency[] = ['USD', 'EUR', 'GBP', 'MXN', 'INR', 'BRL', 'CAD', 'PHP', 'NGN', 'JPY', ...ACCOUNT_ONLY_CURRENCIES];

/**
 * Every account type of the reference. USD, EUR, MXN and GBP keep the hand-written identifier
 * checks the spec copy and DECISIONS.md ask for (schema.ts); their `fields` here are the extra
 * fields the reference adds. The other types validate the reference's patterns only.
 */
export const ACCOUNT_TYPES = {
  USD_ACCOUNT: {
    ...bank('USD', ['ACH', 'WIRE', 'RTP', 'FEDNOW'], {
      intermediaryBankName: { minLength: 1, maxLength: 140 },
      intermediaryRoutingNumber: { pattern: '^[0-9]{9}$', patternText: '9 digits' },
      fiToFiInformation: { maxLength: 210 },
    }, ['accountNumber'], { qualifiers: ['routingNumber'] }),
    payoutRails: ['ACH', 'ACH_SAME_DAY', 'WIRE', 'RTP', 'FEDNOW'],
  },
  EUR_ACCOUNT: bank('EUR', ['SEPA', 'SEPA_INSTANT'], {}, ['iban']),
  MXN_ACCOUNT: bank('MXN', ['SPEI'], {}, ['clabe']),
  GBP_ACCOUNT: bank('GBP', ['FASTER_PAYMENTS'], {}, ['accountNumber'], { qualifiers: ['sortCode'] }),
  AED_ACCOUNT: bank('AED', BANK_RAILS, { iban: req({ pattern: '^AE[0-9]{21}$', patternText: 'AE and 21 digits' }), swiftCode: BIC }, ['iban'], { beneficiary: { required: ['address'] } }),
  BDT_ACCOUNT: bankOrMobile('BDT', { accountNumber: ACCOUNT_NUMBER, bankName: req(NAME), branchCode: FIVE_DIGITS, swiftCode: BIC, phoneNumber: PHONE }, ['accountNumber', 'phoneNumber']),
  BRL_ACCOUNT: bank('BRL', ['PIX'], {
    pixKey: req({ minLength: 1, maxLength: 77 }),
    pixKeyType: req({ enum: ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] }),
    taxId: req({ pattern: '^[0-9]{11,14}$', patternText: '11 to 14 digits' }),
  }, ['pixKey']),
  BWP_ACCOUNT: mobile('BWP', PHONE),
  CAD_ACCOUNT: bank('CAD', BANK_RAILS, {
    bankCode: req({ pattern: '^[0-9]{3}$', patternText: '3 digits' }),
    branchCode: req(FIVE_DIGITS),
    accountNumber: req({ pattern: '^[0-9]{7,12}$', patternText: '7 to 12 digits' }),
  }, ['accountNumber'], { qualifiers: ['bankCode', 'branchCode'], beneficiary: { required: [], extra: { registrationNumber: NAME } } }),
  CNY_ACCOUNT: bankOrMobile('CNY', { accountNumber: ACCOUNT_NUMBER, bankName: req(NAME), phoneNumber: PHONE }, ['accountNumber', 'phoneNumber']),
  COP_ACCOUNT: {
    ...bankOrMobile('COP', { accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_KIND, bankName: req(NAME), phoneNumber: PHONE }, ['accountNumber', 'phoneNumber']),
    beneficiary: { required: [], extra: { documentType: { enum: ['CC', 'CE', 'TI', 'NIT', 'PP'] }, documentNumber: NAME } },
  },
  DKK_ACCOUNT: bank('DKK', ['SEPA', 'SEPA_INSTANT'], { iban: req({ pattern: '^DK[0-9]{16}$', patternText: 'DK and 16 digits' }), swiftCode: BIC }, ['iban']),
  EGP_ACCOUNT: bankOrMobile('EGP', { iban: { pattern: '^EG[0-9]{27}$', patternText: 'EG and 27 digits' }, bankName: req(NAME), phoneNumber: PHONE }, ['iban', 'phoneNumber']),
  GHS_ACCOUNT: bankOrMobile('GHS', { accountNumber: ACCOUNT_NUMBER, bankName: req(NAME), phoneNumber: PHONE }, ['accountNumber', 'phoneNumber']),
  GTQ_ACCOUNT: bank('GTQ', BANK_RAILS, { accountNumber: req(ACCOUNT_NUMBER), bankAccountType: req(BANK_ACCOUNT_KIND), bankName: req(NAME) }, ['accountNumber'], {
    beneficiary: { required: ['countryOfResidence', 'phoneNumber'] },
  }),
  HKD_ACCOUNT: swiftNamed('HKD'),
  HTG_ACCOUNT: bank('HTG', MOBILE, { phoneNumber: req(PHONE) }, ['phoneNumber']),
  IDR_ACCOUNT: swiftNamed('IDR', { phoneNumber: req(phoneIn('62', '9,12')) }),
  INR_ACCOUNT: bank('INR', ['UPI', 'NEFT', 'RTGS'], {
    vpa: { pattern: '^[a-zA-Z0-9.\\-_]+@[a-zA-Z0-9]+$', patternText: 'a UPI address name@handle', minLength: 3, maxLength: 255 },
    accountNumber: { pattern: '^[0-9]{9,18}$', patternText: '9 to 18 digits' },
    ifsc: { pattern: '^[A-Z]{4}0[A-Z0-9]{6}$', patternText: 'an IFSC: 4 letters, 0, then 6 letters or digits' },
    rail: { minLength: 1, maxLength: 32 },
    bankName: NAME,
  }, ['accountNumber', 'vpa'], { qualifiers: ['ifsc'] }),
  JMD_ACCOUNT: bank('JMD', BANK_RAILS, { accountNumber: req(ACCOUNT_NUMBER), branchCode: req(FIVE_DIGITS), bankAccountType: req(BANK_ACCOUNT_KIND), bankName: req(NAME) }, ['accountNumber'], {
    qualifiers: ['branchCode'],
    beneficiary: { required: ['address', 'phoneNumber'] },
  }),
  KES_ACCOUNT: mobile('KES', phoneIn('254', '9')),
  MWK_ACCOUNT: mobile('MWK', PHONE),
  MYR_ACCOUNT: swiftNamed('MYR'),
  NGN_ACCOUNT: bank('NGN', BANK_RAILS, { accountNumber: req({ pattern: '^[0-9]{10}$', patternText: '10 digits' }), bankName: req(NAME) }, ['accountNumber'], { qualifiers: ['bankName'] }),
  PHP_ACCOUNT: bank('PHP', BANK_RAILS, { bankName: req(NAME), accountNumber: req({ pattern: '^[0-9]{8,16}$', patternText: '8 to 16 digits' }) }, ['accountNumber'], { qualifiers: ['bankName'] }),
  PKR_ACCOUNT: bankOrMobile('PKR', {
    bankName: req(NAME),
    accountNumber: ACCOUNT_NUMBER,
    iban: { pattern: '^PK[0-9]{2}[A-Z]{4}[0-9]{16}$', patternText: 'PK, 2 digits, 4 letters and 16 digits' },
    phoneNumber: PHONE,
  }, ['iban', 'accountNumber', 'phoneNumber']),
  RWF_ACCOUNT: mobile('RWF', phoneIn('250', '9')),
  SGD_ACCOUNT: { ...swiftNamed('SGD', { bankName: NAME }, ['PAYNOW', 'FAST', 'BANK_TRANSFER']) },
  SLV_ACCOUNT: bankOrMobile('USD', { bankName: NAME, accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_KIND, phoneNumber: PHONE }, ['accountNumber', 'phoneNumber']),
  THB_ACCOUNT: swiftNamed('THB'),
  TZS_ACCOUNT: mobile('TZS', phoneIn('255', '9')),
  UGX_ACCOUNT: mobile('UGX', PHONE),
  VND_ACCOUNT: swiftNamed('VND'),
  XAF_ACCOUNT: mobile('XAF', PHONE, { region: req({ enum: ['CM', 'CG'] }) }),
  XOF_ACCOUNT: mobile('XOF', PHONE, { region: req({ enum: ['BJ', 'CI', 'SN', 'TG'] }) }),
  ZAR_ACCOUNT: bank('ZAR', BANK_RAILS, { accountNumber: req({ pattern: '^[0-9]{9,13}$', patternText: '9 to 13 digits' }), bankName: req(NAME) }, ['accountNumber'], { qualifiers: ['bankName'] }),
  ZMW_ACCOUNT: mobile('ZMW', phoneIn('260', '9')),
  SWIFT_ACCOUNT: {
    ...bank('USD', ['SWIFT'], {
      country: req({ pattern: '^[A-Z]{2}$', patternText: 'an ISO 3166-1 alpha-2 code such as NG' }),
      swiftCode: req(BIC),
      bankName: req(NAME),
      accountNumber: ACCOUNT_NUMBER,
      iban: { pattern: '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$', patternText: 'a country code, two check digits and 11 to 30 letters or digits' },
    }, ['iban', 'accountNumber'], { qualifiers: ['swiftCode'] }),
    currencies: SWIFT_CURRENCIES,
  },
  SPARK_WALLET: wallet(['BTC'], 'SPARK'),
  LIGHTNING: { ...wallet(['BTC'], 'LIGHTNING'), identifiers: ['address', 'lightningAddress', 'invoice', 'bolt12'] },
  SOLANA_WALLET: wallet(['USDC', 'USDT'], 'ONCHAIN'),
  ETHEREUM_WALLET: wallet(['USDC', 'USDT'], 'ONCHAIN'),
  BASE_WALLET: wallet(['USDC'], 'ONCHAIN'),
  POLYGON_WALLET: wallet(['USDC', 'USDT'], 'ONCHAIN'),
  PLASMA_WALLET: wallet(['USDT'], 'ONCHAIN'),
  TRON_WALLET: wallet(['USDT', 'USDC'], 'ONCHAIN'),
} as const satisfies Readonly<Record<string, AccountTypeSpec>>;

/** Every `accountInfo.accountType` accepted (the reference's 46, table order). */
export type ExternalAccountType = keyof typeof ACCOUNT_TYPES;

/** The row of `type`. Pure. */
export function accountTypeSpec(type: ExternalAccountType): AccountTypeSpec {
  return ACCOUNT_TYPES[type];
}
