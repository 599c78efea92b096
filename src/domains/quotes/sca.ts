/**
 * Strong customer authentication for quotes (spec: SCA "for money movement in regions that
 * require it"; 423 ACCOUNT_LOCKED). Decided (docs/quotes.md): a payout quote of a customer whose
 * address is in the EEA or the United Kingdom needs SCA; the sandbox's code is `000000`; five
 * wrong codes lock the challenge until the quote expires. The challenge lives as long as the quote.
 */
import type { Customer } from '../customers/types.js';

/** Countries where money movement needs SCA: the EEA (EU 27, Iceland, Liechtenstein, Norway) and GB. */
export const SCA_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB'.split(' '),
);

/** The sandbox's one valid SCA code (as for embedded-wallet OTPs). */
export const SANDBOX_SCA_CODE = '000000';

/** Wrong codes allowed; the last one locks the challenge (423 ACCOUNT_LOCKED). */
export const SCA_ATTEMPTS_MAX = 5;

/** The factor the sandbox challenges with, and the factors a customer could use. */
export const SCA_FACTOR = 'SMS_OTP';
export const SCA_AVAILABLE_FACTORS: readonly string[] = ['SMS_OTP', 'PASSKEY'];

/** True when `customer` must authorize a payout with SCA (address country in `SCA_COUNTRIES`). Pure. */
export function needsSca(customer: Customer): boolean {
  return customer.address !== undefined && SCA_COUNTRIES.has(customer.address.country);
}
