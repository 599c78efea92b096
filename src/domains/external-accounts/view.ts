/**
 * Shapes external accounts for the wire: fields in a fixed order, absent fields omitted, the open
 * ownership challenge left out, and account identifiers masked but their last four characters.
 * What is masked: account numbers, IBANs and CLABEs (they let anyone pull or misdirect money).
 * What is not: routing numbers, sort codes and BICs (they name a bank, not an account) and wallet
 * addresses (public by nature: an address is what its owner shares to be paid).
 */
import type { AccountInfo, ExternalAccount } from './types.js';

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
  readonly currency: string;
  readonly status: string;
  readonly beneficiaryVerificationStatus: string;
  readonly accountInfo: AccountInfo;
  readonly isTrusted: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** `accountInfo` with its account identifiers masked. Pure. */
export function maskedAccountInfo(accountInfo: AccountInfo): AccountInfo {
  switch (accountInfo.accountType) {
    case 'USD_ACCOUNT':
    case 'GBP_ACCOUNT':
      return { ...accountInfo, accountNumber: maskIdentifier(accountInfo.accountNumber) };
    case 'EUR_ACCOUNT':
      return { ...accountInfo, iban: maskIdentifier(accountInfo.iban) };
    case 'MXN_ACCOUNT':
      return { ...accountInfo, clabe: maskIdentifier(accountInfo.clabe) };
    default:
      return accountInfo;
  }
}

/** The wire form of `account`: a new object; nested values not masked are the frozen record's. Pure. */
export function externalAccountView(account: ExternalAccount): ExternalAccountView {
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    ...(account.platformAccountId === undefined ? {} : { platformAccountId: account.platformAccountId }),
    currency: account.currency,
    status: account.status,
    beneficiaryVerificationStatus: account.beneficiaryVerificationStatus,
    accountInfo: maskedAccountInfo(account.accountInfo),
    isTrusted: account.isTrusted,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}
