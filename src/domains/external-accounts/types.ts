/**
 * External accounts as data: the account types we accept and the currencies and rails each
 * carries, the ownership statuses, and the record kept in the store. JSON-safe throughout (events
 * carry these records as they are).
 */
import type { BeneficiaryVerificationStatus } from '../../sandbox/external-accounts.js';

export type { BeneficiaryVerificationStatus };

import { ACCOUNT_TYPES, type ExternalAccountCurrency, type ExternalAccountType } from './account-types.js';

export type { ExternalAccountCurrency, ExternalAccountType };

/** Wallet account types: each carries an `address` in its network's format (LIGHTNING: or an invoice, an offer). */
export const WALLET_ACCOUNT_TYPES = [
  'SPARK_WALLET', 'LIGHTNING', 'SOLANA_WALLET', 'ETHEREUM_WALLET', 'BASE_WALLET', 'POLYGON_WALLET', 'PLASMA_WALLET', 'TRON_WALLET',
] as const satisfies readonly ExternalAccountType[];
/** One of `WALLET_ACCOUNT_TYPES`. */
export type WalletAccountType = (typeof WALLET_ACCOUNT_TYPES)[number];
/** Bank account types: each carries a beneficiary and one fiat currency (SWIFT_ACCOUNT: one of several). */
export type BankAccountType = Exclude<ExternalAccountType, WalletAccountType>;
/** Every `accountInfo.accountType` we accept: the reference's 46, in the table's order. */
export const EXTERNAL_ACCOUNT_TYPES = Object.keys(ACCOUNT_TYPES) as readonly ExternalAccountType[] as readonly [ExternalAccountType, ...ExternalAccountType[]];
/** Bank account types, in the table's order. */
export const BANK_ACCOUNT_TYPES = EXTERNAL_ACCOUNT_TYPES.filter((type) => ACCOUNT_TYPES[type].kind === 'bank') as readonly BankAccountType[];

/** True when `type` is a bank account type. */
export function isBankAccountType(type: ExternalAccountType): type is BankAccountType {
  return ACCOUNT_TYPES[type].kind === 'bank';
}

/** True when `value` names an account type of the table. */
export function isExternalAccountType(value: unknown): value is ExternalAccountType {
  return typeof value === 'string' && Object.hasOwn(ACCOUNT_TYPES, value);
}

function byType<T>(pick: (type: ExternalAccountType) => T): Readonly<Record<ExternalAccountType, T>> {
  return Object.freeze(Object.fromEntries(EXTERNAL_ACCOUNT_TYPES.map((type) => [type, pick(type)])) as Record<ExternalAccountType, T>);
}

/**
 * The currencies an account of each type can receive: a bank account its country's currency; a
 * wallet the assets its network carries among the registered currencies (account-types.ts).
 */
export const CURRENCIES_BY_ACCOUNT_TYPE: Readonly<Record<ExternalAccountType, readonly ExternalAccountCurrency[]>> = byType((type) => ACCOUNT_TYPES[type].currencies);

/**
 * Payment rails that can pay out to an external account: the spec's PaymentRail, the non-US bank
 * rails, and the reference's rails of the other account types (BANK_TRANSFER, MOBILE_MONEY, ...).
 */
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
  | 'ONCHAIN'
  | 'PIX'
  | 'UPI'
  | 'NEFT'
  | 'RTGS'
  | 'PAYNOW'
  | 'FAST'
  | 'SWIFT'
  | 'BANK_TRANSFER'
  | 'MOBILE_MONEY';

/**
 * The rails each account type supports, the default first where a default exists. ACH_SAME_DAY is
 * listed but never chosen automatically (spec: Versioning). docs/external-accounts.md explains each.
 */
export const RAILS_BY_ACCOUNT_TYPE: Readonly<Record<ExternalAccountType, readonly ExternalAccountRail[]>> = byType(
  (type) => ACCOUNT_TYPES[type].payoutRails as readonly ExternalAccountRail[],
);

/** Whose account it is (the reference's OwnershipType): the customer's own, or someone else's. */
export const OWNERSHIP_TYPES = ['FIRST_PARTY', 'THIRD_PARTY'] as const;
/** One of `OWNERSHIP_TYPES`. */
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number];

/** Ownership statuses (spec: External account ownership status). */
export const EXTERNAL_ACCOUNT_STATUSES = ['PENDING_OWNERSHIP_VERIFICATION', 'ACTIVE', 'UNVERIFIED'] as const;
/** One of `EXTERNAL_ACCOUNT_STATUSES`. */
export type ExternalAccountStatus = (typeof EXTERNAL_ACCOUNT_STATUSES)[number];

/** `bankAccountType` of a USD account. */
export const US_BANK_ACCOUNT_KINDS = ['CHECKING', 'SAVINGS'] as const;
/** One of `US_BANK_ACCOUNT_KINDS`. */
export type UsBankAccountKind = (typeof US_BANK_ACCOUNT_KINDS)[number];

/** A beneficiary's postal address (the reference's Address: `city` optional). */
export type PostalAddress = {
  readonly line1: string;
  readonly line2?: string;
  readonly city?: string;
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
      /** CAD_ACCOUNT only. */
      readonly registrationNumber?: string;
      /** COP_ACCOUNT only. */
      readonly documentType?: string;
      readonly documentNumber?: string;
    } & BeneficiaryContact)
  | ({ readonly beneficiaryType: 'BUSINESS'; readonly legalName: string; readonly registrationNumber?: string; readonly taxId?: string; readonly address?: PostalAddress } & BeneficiaryContact);

/** The rails each account type may be paid over as the reference names them (its `paymentRails` enums; none for wallets). */
export const PAYMENT_RAILS_BY_ACCOUNT_TYPE: Readonly<Record<ExternalAccountType, readonly string[]>> = byType((type) => ACCOUNT_TYPES[type].paymentRails);

/** A US bank account. */
export type UsdAccountInfo = {
  readonly accountType: 'USD_ACCOUNT';
  readonly accountNumber: string;
  readonly routingNumber: string;
  readonly bankName?: string;
  readonly bankAccountType: UsBankAccountKind;
  readonly intermediaryBankName?: string;
  readonly intermediaryRoutingNumber?: string;
  readonly fiToFiInformation?: string;
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

/**
 * A wallet with an address; the beneficiary is optional (Travel Rule information when the
 * platform has it), `vaspName` names the custodian of a custodial wallet.
 */
export type WalletAccountInfo = {
  readonly accountType: Exclude<WalletAccountType, 'LIGHTNING'>;
  readonly address: string;
  readonly vaspName?: string;
  readonly beneficiary?: Beneficiary;
};

/**
 * A Lightning destination: exactly one of `address` (the spec copy's name of a Lightning
 * address), the reference's `lightningAddress`, a BOLT11 `invoice` or a BOLT12 offer `bolt12`.
 */
export type LightningAccountInfo = {
  readonly accountType: 'LIGHTNING';
  readonly address?: string;
  readonly lightningAddress?: string;
  readonly invoice?: string;
  readonly bolt12?: string;
  readonly vaspName?: string;
  readonly beneficiary?: Beneficiary;
};

/** A bank account type whose fields come from the table alone (account-types.ts). */
export type TableBankAccountType = Exclude<BankAccountType, 'USD_ACCOUNT' | 'EUR_ACCOUNT' | 'MXN_ACCOUNT' | 'GBP_ACCOUNT'>;

/**
 * An account of a table-driven bank type: its fields are the table's (`ACCOUNT_TYPES[type].fields`),
 * each a string, present only when given.
 */
export type TableBankAccountInfo = {
  readonly accountType: TableBankAccountType;
  readonly paymentRails?: readonly string[];
  readonly beneficiary: Beneficiary;
  readonly [field: string]: unknown;
};

/** `accountInfo`, discriminated by `accountType`. */
export type AccountInfo = UsdAccountInfo | EurAccountInfo | MxnAccountInfo | GbpAccountInfo | TableBankAccountInfo | WalletAccountInfo | LightningAccountInfo;

/** An open ownership challenge: what the owner must sign, and until when. */
export type OwnershipChallenge = {
  readonly challengeId: string;
  readonly message: string;
  readonly expiresAt: string;
  /** LIVENESS for a hosted liveness check (issue 12); absent for WALLET_SIGNATURE, as every earlier challenge. */
  readonly method?: 'LIVENESS';
  /** The hosted liveness page (LIVENESS only). */
  readonly verificationLink?: string;
};

/** The reference's OwnershipVerificationMethod values. */
export const OWNERSHIP_VERIFICATION_METHODS = ['WALLET_SIGNATURE', 'LIVENESS'] as const;
/** One of `OWNERSHIP_VERIFICATION_METHODS`. */
export type OwnershipVerificationMethod = (typeof OWNERSHIP_VERIFICATION_METHODS)[number];

/** The method of `challenge`: WALLET_SIGNATURE unless it says LIVENESS. Pure. */
export function challengeMethod(challenge: OwnershipChallenge): OwnershipVerificationMethod {
  return challenge.method ?? 'WALLET_SIGNATURE';
}

/**
 * An external account as stored: identifiers unmasked (masking is the view's job). `customerId`
 * is absent for platform-owned accounts; `ownershipChallenge` is the open challenge, if any.
 */
export type ExternalAccount = {
  readonly id: string;
  readonly customerId?: string;
  readonly platformAccountId?: string;
  /** The reference's `ownershipType`, when the request gave one (absent in older logs). */
  readonly ownershipType?: OwnershipType;
  /**
   * The reference's `defaultUmaDepositAccount`, present only when true (absent = false; older logs
   * never have it). At most one of a customer's accounts holds it: a newer one takes it over.
   */
  readonly defaultUmaDepositAccount?: true;
  /** A registered currency, or an account-only one (account-types.ts) that no payout can use. */
  readonly currency: ExternalAccountCurrency;
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
