/**
 * What makes an external account the same account: its owner and its primary identifier (account
 * number and routing, IBAN, CLABE, sort code and account number, wallet address). The duplicate
 * rule, the sandbox suffix tables and the quote flows all read the identifier through here. Pure.
 */
import { ACCOUNT_TYPES } from './account-types.js';
import type { AccountInfo, ExternalAccount, ExternalAccountOwner } from './types.js';

/** The owner of `account`: its customer, or the platform when it has no customerId. Pure. */
export function ownerOf(account: Pick<ExternalAccount, 'customerId'>): ExternalAccountOwner {
  return account.customerId === undefined ? { kind: 'platform' } : { kind: 'customer', customerId: account.customerId };
}

/** A string naming an owner, for index keys: the customer id, or `platform`. Pure. */
export function ownerKey(owner: ExternalAccountOwner): string {
  return owner.kind === 'platform' ? 'platform' : owner.customerId;
}

/**
 * The primary identifier of `accountInfo`, unmasked: the account number (USD, GBP), the IBAN
 * (EUR), the CLABE (MXN), the wallet address, or for the other types the first of the table's
 * identifiers the account has (account-types.ts). The sandbox suffix tables read its last three
 * characters. Pure.
 */
export function primaryIdentifier(accountInfo: AccountInfo): string {
  switch (accountInfo.accountType) {
    case 'USD_ACCOUNT':
    case 'GBP_ACCOUNT':
      return accountInfo.accountNumber;
    case 'EUR_ACCOUNT':
      return accountInfo.iban;
    case 'MXN_ACCOUNT':
      return accountInfo.clabe;
    default:
      return tableIdentifiers(accountInfo, ACCOUNT_TYPES[accountInfo.accountType].identifiers)[0] ?? '';
  }
}

/**
 * The full identifier that makes two accounts the same destination, normalised: routing and
 * account number for USD, sort code and account number for GBP, the IBAN, the CLABE, the address
 * (EVM addresses lower-cased, since their letter case is only a checksum), or for the other types
 * the table's qualifiers and identifiers present, as a JSON array. Pure.
 */
export function destinationIdentifier(accountInfo: AccountInfo): string {
  switch (accountInfo.accountType) {
    case 'USD_ACCOUNT':
      return `${accountInfo.routingNumber}/${accountInfo.accountNumber}`;
    case 'GBP_ACCOUNT':
      return `${accountInfo.sortCode}/${accountInfo.accountNumber}`;
    case 'EUR_ACCOUNT':
      return accountInfo.iban;
    case 'MXN_ACCOUNT':
      return accountInfo.clabe;
    case 'ETHEREUM_WALLET':
    case 'BASE_WALLET':
    case 'POLYGON_WALLET':
    case 'PLASMA_WALLET':
      return accountInfo.address.toLowerCase();
    default: {
      const spec = ACCOUNT_TYPES[accountInfo.accountType];
      // JSON: the reference lets some of these hold any character (a PIX key), so no separator is safe.
      return JSON.stringify(tableIdentifiers(accountInfo, [...(spec.qualifiers ?? []), ...spec.identifiers]));
    }
  }
}

/** The string values of `fields` that `accountInfo` has, in order. */
function tableIdentifiers(accountInfo: AccountInfo, fields: readonly string[]): string[] {
  const record = accountInfo as Readonly<Record<string, unknown>>;
  return fields.map((field) => record[field]).filter((value): value is string => typeof value === 'string');
}

/**
 * The duplicate-rule key: owner, account type, currency and destination identifier. The currency
 * is part of it because one wallet address may receive two assets (USDC and USDT), each its own
 * external account; for bank accounts the type fixes the currency, so it changes nothing. Pure.
 */
export function identityKey(account: Pick<ExternalAccount, 'customerId' | 'currency' | 'accountInfo'>): string {
  const owner = account.customerId === undefined ? 'platform' : account.customerId;
  // Escaped so that a part holding `|` (a PIX key may) cannot collide with another split; the
  // identifiers of the earlier types never hold `|` or `\`, so their keys are unchanged.
  return `${escapedPart(owner)}|${escapedPart(account.accountInfo.accountType)}|${escapedPart(account.currency)}|${escapedPart(destinationIdentifier(account.accountInfo))}`;
}

// The replace only when there is something to escape: replay keys every created account, and
// the regular expression with its callback cost ~1 µs a part where a scan costs nanoseconds.
function escapedPart(part: string): string {
  return part.includes('|') || part.includes('\\') ? part.replace(/[\\|]/g, (char) => `\\${char}`) : part;
}
