/**
 * Shapes external accounts for the wire: fields in a fixed order, absent fields omitted, the open
 * ownership challenge left out, and account identifiers masked but their last four characters.
 * What is masked: account numbers, IBANs and CLABEs (they let anyone pull or misdirect money).
 * What is not: routing numbers, sort codes, bank and branch codes and BICs (they name a bank, not
 * an account), and what an owner shares to be paid: wallet addresses, Lightning invoices, PIX keys,
 * UPI addresses and mobile-money phone numbers.
 */
import { type AccountInfo, type ExternalAccount, type ExternalAccountType, PAYMENT_RAILS_BY_ACCOUNT_TYPE, type TableBankAccountInfo, isBankAccountType } from './types.js';

/** How many trailing characters of a masked identifier stay visible. */
export const MASK_VISIBLE_CHARS = 4;
/** The character that stands for each hidden one. */
export const MASK_CHAR = '*';

/** `value` with every character but the last four replaced by `*` (length kept). Pure. */
export function maskIdentifier(value: string): string {
  const hidden = Math.max(0, value.length - MASK_VISIBLE_CHARS);
  return MASK_CHAR.repeat(hidden) + value.slice(hidden);
}

/** The wire form of an external account. */
export type ExternalAccountView = {
  readonly id: string;
  readonly customerId?: string;
  readonly platformAccountId?: string;
  readonly ownershipType?: string;
  readonly defaultUmaDepositAccount?: true;
  readonly currency: string;
  readonly status: string;
  readonly beneficiaryVerificationStatus: string;
  readonly accountInfo: AccountInfo;
  readonly isTrusted: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** Fields of a table-driven account type that are masked when present (they let anyone pull or misdirect money). */
const MASKED_TABLE_FIELDS = ['accountNumber', 'iban'] as const;

/**
 * `accountInfo` with its account identifiers masked, and what the reference's account info
 * requires of a bank account: `paymentRails` (every rail of its type when the request named none),
 * the CLABE also as `clabeNumber`, and an EUR individual's `countryOfResidence` (the address's
 * country, else the IBAN's). Wallets are answered as stored. Pure.
 */
export function maskedAccountInfo(accountInfo: AccountInfo): AccountInfo {
  switch (accountInfo.accountType) {
    case 'USD_ACCOUNT':
    case 'GBP_ACCOUNT':
      return { ...accountInfo, accountNumber: maskIdentifier(accountInfo.accountNumber), paymentRails: railsOf(accountInfo) };
    case 'EUR_ACCOUNT': {
      const beneficiary = accountInfo.beneficiary;
      const withResidence =
        beneficiary.beneficiaryType === 'INDIVIDUAL' && beneficiary.countryOfResidence === undefined
          ? { ...beneficiary, countryOfResidence: beneficiary.address?.country ?? accountInfo.iban.slice(0, 2) }
          : beneficiary;
      return { ...accountInfo, iban: maskIdentifier(accountInfo.iban), paymentRails: railsOf(accountInfo), beneficiary: withResidence };
    }
    case 'MXN_ACCOUNT': {
      const masked = maskIdentifier(accountInfo.clabe);
      return { ...accountInfo, clabe: masked, clabeNumber: masked, paymentRails: railsOf(accountInfo) } as AccountInfo;
    }
    default:
      return isBankAccountType(accountInfo.accountType) ? maskedTableInfo(accountInfo as TableBankAccountInfo) : accountInfo;
  }
}

function maskedTableInfo(accountInfo: TableBankAccountInfo): AccountInfo {
  const masked: Record<string, unknown> = { ...accountInfo, paymentRails: railsOf(accountInfo) };
  for (const field of MASKED_TABLE_FIELDS) {
    const value = accountInfo[field];
    if (typeof value === 'string') masked[field] = maskIdentifier(value);
  }
  return masked as TableBankAccountInfo;
}

function railsOf(accountInfo: { readonly accountType: ExternalAccountType; readonly paymentRails?: readonly string[] }): readonly string[] {
  return accountInfo.paymentRails ?? PAYMENT_RAILS_BY_ACCOUNT_TYPE[accountInfo.accountType];
}

/** The wire form of `account`: a new object; nested values not masked are the frozen record's. Pure. */
export function externalAccountView(account: ExternalAccount): ExternalAccountView {
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    ...(account.platformAccountId === undefined ? {} : { platformAccountId: account.platformAccountId }),
    ...(account.ownershipType === undefined ? {} : { ownershipType: account.ownershipType }),
    ...(account.defaultUmaDepositAccount === true ? { defaultUmaDepositAccount: true as const } : {}),
    currency: account.currency,
    status: account.status,
    beneficiaryVerificationStatus: account.beneficiaryVerificationStatus,
    accountInfo: maskedAccountInfo(account.accountInfo),
    isTrusted: account.isTrusted,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}
