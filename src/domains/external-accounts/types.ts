/**
 * External accounts as data: the account types we accept and the currencies and rails each
 * carries, the ownership statuses, and the record kept in the store. JSON-safe throughout (events
 * carry these records as they are).
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { BeneficiaryVerificationStatus } from '../../sandbox/external-accounts.js';

export type { BeneficiaryVerificationStatus };

/** Bank account types: each carries a beneficiary and one fiat currency. */
export const BANK_ACCOUNT_TYPES = ['USD_ACCOUNT', 'EUR_ACCOUNT', 'MXN_ACCOUNT', 'GBP_ACCOUNT'] as const;
/** Wallet account types: each carries an `address` in its network's format. */
export const WALLET_ACCOUNT_TYPES = ['SPARK_WALLET', 'LIGHTNING', 'SOLANA_WALLET', 'ETHEREUM_WALLET', 'BASE_WALLET'] as const;
/** Every `accountInfo.accountType` we accept, banks first. */
export const EXTERNAL_ACCOUNT_TYPES = [...BANK_ACCOUNT_TYPES, ...WALLET_ACCOUNT_TYPES] as const;

/** One of `BANK_ACCOUNT_TYPES`. */
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
/** One of `WALLET_ACCOUNT_TYPES`. */
export type WalletAccountType = (typeof WALLET_ACCOUNT_TYPES)[number];
/** One of `EXTERNAL_ACCOUNT_TYPES`. */
export type ExternalAccountType = (typeof EXTERNAL_ACCOUNT_TYPES)[number];

/** True when `type` is a bank account type. */
export function isBankAccountType(type: ExternalAccountType): type is BankAccountType {
  return (BANK_ACCOUNT_TYPES as readonly string[]).includes(type);
}

/**
 * The currencies an account of each type can receive: a bank account its country's currency; a
 * wallet the assets its network carries among the registered currencies.
 */
export const CURRENCIES_BY_ACCOUNT_TYPE: Readonly<Record<ExternalAccountType, readonly CurrencyCode[]>> = Object.freeze({
  USD_ACCOUNT: ['USD'],
  EUR_ACCOUNT: ['EUR'],
  MXN_ACCOUNT: ['MXN'],
  GBP_ACCOUNT: ['GBP'],
  SPARK_WALLET: ['BTC'],
  LIGHTNING: ['BTC'],
  SOLANA_WALLET: ['USDC', 'USDT'],
  ETHEREUM_WALLET: ['USDC', 'USDT'],
  BASE_WALLET: ['USDC'],
});

/** Payment rails that can pay out to an external account (the spec's PaymentRail plus the non-US bank rails). */
export type ExternalAccountRail =
  | 'ACH'
  | 'ACH_SAME_DAY'
  | 'WIRE'
  | 'RTP'
  | 'FEDNOW'
  | 'SEPA'
  | 'SEPA_INSTANT'
  | 'SPEI'
  | 'FASTER_PAYMENTS'
  | 'SPARK'
  | 'LIGHTNING'
  | 'ONCHAIN';

/**
 * The rails each account type supports, the default first where a default exists. ACH_SAME_DAY is
 * listed but never chosen automatically (spec: Versioning). docs/external-accounts.md explains each.
 */
export const RAILS_BY_ACCOUNT_TYPE: Readonly<Record<ExternalAccountType, readonly ExternalAccountRail[]>> = Object.freeze({
  USD_ACCOUNT: ['ACH', 'ACH_SAME_DAY', 'WIRE', 'RTP', 'FEDNOW'],
  EUR_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  MXN_ACCOUNT: ['SPEI'],
  GBP_ACCOUNT: ['FASTER_PAYMENTS'],
  SPARK_WALLET: ['SPARK'],
  LIGHTNING: ['LIGHTNING'],
  SOLANA_WALLET: ['ONCHAIN'],
  ETHEREUM_WALLET: ['ONCHAIN'],
  BASE_WALLET: ['ONCHAIN'],
});

/** Ownership statuses (spec: External account ownership status). */
export const EXTERNAL_ACCOUNT_STATUSES = ['PENDING_OWNERSHIP_VERIFICATION', 'ACTIVE', 'UNVERIFIED'] as const;
/** One of `EXTERNAL_ACCOUNT_STATUSES`. */
export type ExternalAccountStatus = (typeof EXTERNAL_ACCOUNT_STATUSES)[number];

/** `bankAccountType` of a USD account. */
export const US_BANK_ACCOUNT_KINDS = ['CHECKING', 'SAVINGS'] as const;
/** One of `US_BANK_ACCOUNT_KINDS`. */
export type UsBankAccountKind = (typeof US_BANK_ACCOUNT_KINDS)[number];

/** A postal address (the customer address's shape). */
export type PostalAddress = {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state?: string;
  readonly postalCode: string;
  readonly country: string;
};

/** Contact and residence fields the reference's beneficiaries share (all optional on request). */
export type BeneficiaryContact = {
  readonly countryOfResidence?: string;
  readonly email?: string;
  readonly phoneNumber?: string;
};

/** The person or business that holds the account. */
export type Beneficiary =
  | ({
      readonly beneficiaryType: 'INDIVIDUAL';
      readonly fullName: string;
      readonly birthDate?: string;
      readonly nationality?: string;
      readonly address?: PostalAddress;
    } & BeneficiaryContact)
  | ({ readonly beneficiaryType: 'BUSINESS'; readonly legalName: string; readonly registrationNumber?: string; readonly taxId?: string; readonly address?: PostalAddress } & BeneficiaryContact);

/** The rails each bank account type may be paid over (the reference's `paymentRails` enums). */
export const PAYMENT_RAILS_BY_ACCOUNT_TYPE = {
  USD_ACCOUNT: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
  EUR_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  MXN_ACCOUNT: ['SPEI'],
  GBP_ACCOUNT: ['FASTER_PAYMENTS'],
} as const;

/** A US bank account. */
export type UsdAccountInfo = {
  readonly accountType: 'USD_ACCOUNT';
  readonly accountNumber: string;
  readonly routingNumber: string;
  readonly bankName?: string;
  readonly bankAccountType: UsBankAccountKind;
  readonly paymentRails?: readonly string[];
  readonly beneficiary: Beneficiary;
};

/** A SEPA bank account; `iban` is kept in electronic form (no spaces, upper case). */
export type EurAccountInfo = {
  readonly accountType: 'EUR_ACCOUNT';
  readonly iban: string;
  readonly swiftCode?: string;
  readonly bankName?: string;
  readonly paymentRails?: readonly string[];
  readonly beneficiary: Beneficiary;
};

/** A Mexican bank account. */
export type MxnAccountInfo = {
  readonly accountType: 'MXN_ACCOUNT';
  readonly clabe: string;
  readonly bankName?: string;
  readonly paymentRails?: readonly string[];
  readonly beneficiary: Beneficiary;
};

/** A UK bank account. */
export type GbpAccountInfo = {
  readonly accountType: 'GBP_ACCOUNT';
  readonly accountNumber: string;
  readonly sortCode: string;
  readonly bankName?: string;
  readonly paymentRails?: readonly string[];
  readonly beneficiary: Beneficiary;
};

/** A wallet; the beneficiary is optional (Travel Rule information when the platform has it). */
export type WalletAccountInfo = {
  readonly accountType: WalletAccountType;
  readonly address: string;
  readonly beneficiary?: Beneficiary;
};

/** `accountInfo`, discriminated by `accountType`. */
export type AccountInfo = UsdAccountInfo | EurAccountInfo | MxnAccountInfo | GbpAccountInfo | WalletAccountInfo;

/** An open ownership challenge: what the owner must sign, and until when. */
export type OwnershipChallenge = {
  readonly challengeId: string;
  readonly message: string;
  readonly expiresAt: string;
};

/**
 * An external account as stored: identifiers unmasked (masking is the view's job). `customerId`
 * is absent for platform-owned accounts; `ownershipChallenge` is the open challenge, if any.
 */
export type ExternalAccount = {
  readonly id: string;
  readonly customerId?: string;
  readonly platformAccountId?: string;
  readonly currency: CurrencyCode;
  readonly status: ExternalAccountStatus;
  readonly beneficiaryVerificationStatus: BeneficiaryVerificationStatus;
  readonly accountInfo: AccountInfo;
  readonly isTrusted: boolean;
  readonly ownershipChallenge?: OwnershipChallenge;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** Who owns an external account. */
export type ExternalAccountOwner = { readonly kind: 'customer'; readonly customerId: string } | { readonly kind: 'platform' };
