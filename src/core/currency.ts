/**
 * The currency registry: code, name, symbol and decimals (minor units per major unit as a power
 * of ten). Amounts anywhere in the library are `bigint` minor units of one of these.
 */

/** The spec's Currency object. */
export type Currency = {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
};

const LIST = [
  { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: '$', decimals: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimals: 0 },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  { code: 'USDT', name: 'Tether USD', symbol: 'USDT', decimals: 6 },
] as const satisfies readonly Currency[];

/** A currency code known to the registry. */
export type CurrencyCode = (typeof LIST)[number]['code'];

/** Every registered currency, keyed by code. Frozen. */
export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = Object.freeze(
  Object.fromEntries(LIST.map((c) => [c.code, Object.freeze({ ...c })])) as Record<
    CurrencyCode,
    Currency
  >,
);

/** All registered codes, in registry order. */
export const CURRENCY_CODES: readonly CurrencyCode[] = LIST.map((c) => c.code);

/** True when `code` is a registered currency code. */
export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(CURRENCIES, code);
}

/** The registry entry for a known code. */
export function currencyOf(code: CurrencyCode): Currency {
  return CURRENCIES[code];
}
