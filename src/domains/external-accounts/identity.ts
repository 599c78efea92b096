/**
 * What makes an external account the same account: its owner and its primary identifier (account
 * number and routing, IBAN, CLABE, sort code and account number, wallet address). The duplicate
 * rule, the sandbox suffix tables and the quote flows all read the identifier through here. Pure.
 */
import { assert } from '../../core/assert.js';
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
 * (EUR), the CLABE (MXN), or the wallet address. The sandbox suffix tables read its last three
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
      return accountInfo.address;
  }
}

/**
 * The full identifier that makes two accounts the same destination, normalised: routing and
 * account number for USD, sort code and account number for GBP, the IBAN, the CLABE, or the
 * address (EVM addresses lower-cased, since their letter case is only a checksum). Pure.
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
      return accountInfo.address.toLowerCase();
    default:
      return accountInfo.address;
  }
}

/**
 * The duplicate-rule key: owner, account type, currency and destination identifier. The currency
 * is part of it because one wallet address may receive two assets (USDC and USDT), each its own
 * external account; for bank accounts the type fixes the currency, so it changes nothing. Pure.
 */
export function identityKey(account: Pick<ExternalAccount, 'customerId' | 'currency' | 'accountInfo'>): string {
  const key = [ownerKey(ownerOf(account)), account.accountInfo.accountType, account.currency, destinationIdentifier(account.accountInfo)];
  assert(key.every((part) => !part.includes('|')), 'identity key parts never contain |');
  return key.join('|');
}
