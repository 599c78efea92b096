/**
 * The spec's UMA test addresses (Sandbox behaviour: "`$success.usd@`, `$success.eur@`,
 * `$success.mxn@` succeed in the named currency; `$pending.long.usd@` is a long-pending payment;
 * `$fail.compliance.usd@` is a compliance failure") as data, row for row, read on the receive
 * side by `POST /sandbox/uma/receive`. The domain (`{sandbox_uma_domain}`) may be anything; the
 * user part is matched whole, ignoring case. Any other sender is decided to succeed, paying in the
 * receiving currency. Pure.
 */
import type { CurrencyCode } from '../core/currency.js';

/** What a sender does in the sandbox. */
export type UmaSenderBehaviour = 'SUCCESS' | 'LONG_PENDING' | 'COMPLIANCE_FAILURE';

/** One row: the user part of the sender's address (null: any other), its currency and behaviour. */
export type UmaTestAddressRow = {
  readonly user: string | null;
  /** The currency the sender pays in; null: the receiving currency. */
  readonly currency: CurrencyCode | null;
  readonly behaviour: UmaSenderBehaviour;
};

/** The spec's UMA test addresses, row for row, then the decided "any other" row. */
export const UMA_TEST_ADDRESSES: readonly UmaTestAddressRow[] = Object.freeze([
  { user: 'success.usd', currency: 'USD', behaviour: 'SUCCESS' },
  { user: 'success.eur', currency: 'EUR', behaviour: 'SUCCESS' },
  { user: 'success.mxn', currency: 'MXN', behaviour: 'SUCCESS' },
  { user: 'pending.long.usd', currency: 'USD', behaviour: 'LONG_PENDING' },
  { user: 'fail.compliance.usd', currency: 'USD', behaviour: 'COMPLIANCE_FAILURE' },
  { user: null, currency: null, behaviour: 'SUCCESS' },
] as const satisfies readonly UmaTestAddressRow[]);

/** The user part of `$user@domain`, lower-cased. Pure. */
export function umaUser(address: string): string {
  return address.slice(1, address.indexOf('@')).toLowerCase();
}

/** The row of a sender address (the last row when none matches). Pure. */
export function umaSenderRow(address: string): UmaTestAddressRow {
  const user = umaUser(address);
  return UMA_TEST_ADDRESSES.find((row) => row.user === user) ?? (UMA_TEST_ADDRESSES[UMA_TEST_ADDRESSES.length - 1] as UmaTestAddressRow);
}
