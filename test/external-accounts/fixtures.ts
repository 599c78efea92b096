/**
 * Fixtures for external account tests: a customer to own accounts, valid request bodies of every
 * account type, and builders of valid identifiers that end in a chosen sandbox suffix (IBAN check
 * digits, CLABE check digit, base58 length are recomputed so the identifier stays valid).
 */
import { expect } from 'vitest';
import { clabeCheckDigit, decodeBase58, ibanCheckDigits } from '../../src/domains/external-accounts/identifiers.js';
import { type Harness, harness } from '../support/harness.js';

/** Creates an individual customer; returns its id. */
export function createCustomer(h: Harness, platformCustomerId = 'user-1'): string {
  return h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId, fullName: 'Jane Doe' }).id;
}

/** A valid ABA routing number (JPMorgan Chase NY). */
export const ROUTING = '021000021';

/** A US account number ending in `suffix`. */
export function usAccountNumber(suffix = '789'): string {
  return `12345${suffix}`;
}

/** A valid German IBAN ending in `suffix` (3 digits). */
export function germanIban(suffix = '000'): string {
  const bban = `370400440532013${suffix}`;
  return `DE${ibanCheckDigits('DE', bban)}${bban}`;
}

/** A valid CLABE whose last three digits are `suffix` (the last one is the check digit). */
export function clabeEndingIn(suffix: string): string {
  for (let n = 0; n < 1000; n += 1) {
    const first17 = `032180000118${String(n).padStart(3, '0')}${suffix.slice(0, 2)}`;
    if (clabeCheckDigit(first17) === Number(suffix[2])) return first17 + suffix[2];
  }
  throw new Error(`no CLABE ends in ${suffix}`);
}

/** A valid Solana address (32 bytes of base58) ending in `suffix` (base58 characters only). */
export function solanaAddressEndingIn(suffix: string): string {
  const body = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtA';
  for (const first of '123456789ABCDEFGH') {
    const address = `${first}${body.slice(1)}${suffix}`;
    if (decodeBase58(address)?.length === 32) return address;
  }
  throw new Error(`no Solana address ends in ${suffix}`);
}

/** An all-lowercase EVM address ending in `suffix` (hex). */
export function evmAddressEndingIn(suffix: string): string {
  return `0x${'ab'.repeat(18)}c${suffix}`;
}

/** A Spark address ending in `suffix` (bech32 characters only: no 1, b, i, o). */
export function sparkAddressEndingIn(suffix: string): string {
  return `spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mr${suffix}`;
}

/** An individual beneficiary. */
export const PERSON = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } as const;

/** `accountInfo` of each type, valid, with an identifier ending in `suffix`. */
export function accountInfoOf(type: string, suffix = '789'): Record<string, unknown> {
  switch (type) {
    case 'USD_ACCOUNT':
      return { accountType: type, accountNumber: usAccountNumber(suffix), routingNumber: ROUTING, bankAccountType: 'CHECKING', beneficiary: PERSON };
    case 'EUR_ACCOUNT':
      return { accountType: type, iban: germanIban(suffix), swiftCode: 'COBADEFFXXX', beneficiary: PERSON };
    case 'MXN_ACCOUNT':
      return { accountType: type, clabe: clabeEndingIn(suffix), beneficiary: PERSON };
    case 'GBP_ACCOUNT':
      return { accountType: type, accountNumber: `12345${suffix}`, sortCode: '200000', beneficiary: PERSON };
    case 'SPARK_WALLET':
      return { accountType: type, address: sparkAddressEndingIn(suffix.replace(/[1bio]/g, '2')) };
    case 'LIGHTNING':
      return { accountType: type, address: `alice${suffix}@example.com` };
    case 'SOLANA_WALLET':
      return { accountType: type, address: solanaAddressEndingIn(suffix.replace(/0/g, '1')) };
    default:
      return { accountType: type, address: evmAddressEndingIn(suffix) };
  }
}

/** The currency each fixture type is created with. */
export const CURRENCY_OF: Readonly<Record<string, string>> = {
  USD_ACCOUNT: 'USD',
  EUR_ACCOUNT: 'EUR',
  MXN_ACCOUNT: 'MXN',
  GBP_ACCOUNT: 'GBP',
  SPARK_WALLET: 'BTC',
  LIGHTNING: 'BTC',
  SOLANA_WALLET: 'USDC',
  ETHEREUM_WALLET: 'USDC',
  BASE_WALLET: 'USDC',
};

/** A valid customer create body for `type`. */
export function customerBody(customerId: string, type = 'USD_ACCOUNT', suffix = '789', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { customerId, currency: CURRENCY_OF[type], accountInfo: accountInfoOf(type, suffix), ...extra };
}

/** Creates a customer's USD external account; returns the response body. */
export function createUsdAccount(h: Harness, customerId: string, suffix = '789'): any {
  return h.ok('POST', '/customers/external-accounts', customerBody(customerId, 'USD_ACCOUNT', suffix));
}

/** Asserts a rejected request: its status and code, and that it wrote no event. */
export function expectRejected(response: { status: number; body: unknown; events: readonly unknown[] }, status: number, code: string): any {
  expect(response.status).toBe(status);
  expect((response.body as { code: string }).code).toBe(code);
  expect(response.events).toEqual([]);
  return response.body;
}

/** Both families of external-account routes: a customer's and the platform's own. */
export const ACCOUNT_FAMILIES = ['/customers/external-accounts', '/platform/external-accounts'] as const;

/**
 * A fresh harness with one new account of `family` (a customer's USD account, or a platform
 * SPARK wallet), its item path and its sandbox liveness completion path.
 */
export function newAccountOf(family: (typeof ACCOUNT_FAMILIES)[number]) {
  const h = harness();
  const id: string =
    family === '/platform/external-accounts'
      ? h.ok('POST', family, { currency: 'BTC', accountInfo: accountInfoOf('SPARK_WALLET') }).id
      : createUsdAccount(h, createCustomer(h)).id;
  return { h, id, path: `${family}/${id}`, complete: `/sandbox/external-accounts/${id}/liveness/complete` };
}
