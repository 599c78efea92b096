/**
 * The sandbox's directory of counterparties, as constants (there is no network to ask): the
 * payment institutions of `GET /discoveries`, the UMA providers of `GET /uma-providers` and the
 * VASPs of `GET /vasps`. Each row is made up for the sandbox and says so in its name.
 */
import { type Currency, currencyOf } from '../../core/currency.js';
import { SANDBOX_UMA_DOMAIN } from './address.js';

/** A payment institution of a corridor (reference DiscoveryListResponse item). */
export type Discovery = { readonly bankName: string; readonly displayName: string; readonly country: string; readonly currency: string };

/** The sandbox's payment institutions per country and currency. */
export const SANDBOX_DISCOVERIES: readonly Discovery[] = Object.freeze([
  { bankName: 'SANDBOX_BANK_US', displayName: 'Sandbox Bank (United States)', country: 'US', currency: 'USD' },
  { bankName: 'SANDBOX_CREDIT_UNION_US', displayName: 'Sandbox Credit Union (United States)', country: 'US', currency: 'USD' },
  { bankName: 'SANDBOX_BANK_MX', displayName: 'Sandbox Banco (Mexico)', country: 'MX', currency: 'MXN' },
  { bankName: 'SANDBOX_BANK_DE', displayName: 'Sandbox Bank (Germany)', country: 'DE', currency: 'EUR' },
  { bankName: 'SANDBOX_BANK_GB', displayName: 'Sandbox Bank (United Kingdom)', country: 'GB', currency: 'GBP' },
  { bankName: 'SANDBOX_BANK_IN', displayName: 'Sandbox Bank (India)', country: 'IN', currency: 'INR' },
  { bankName: 'SANDBOX_BANK_BR', displayName: 'Sandbox Banco (Brazil)', country: 'BR', currency: 'BRL' },
  { bankName: 'SANDBOX_BANK_PH', displayName: 'Sandbox Bank (Philippines)', country: 'PH', currency: 'PHP' },
  { bankName: 'SANDBOX_WALLET_PH', displayName: 'Sandbox E-Wallet (Philippines)', country: 'PH', currency: 'PHP' },
  { bankName: 'SANDBOX_BANK_NG', displayName: 'Sandbox Bank (Nigeria)', country: 'NG', currency: 'NGN' },
  { bankName: 'SANDBOX_BANK_CA', displayName: 'Sandbox Bank (Canada)', country: 'CA', currency: 'CAD' },
]);

/** A UMA provider (reference UmaProvider). */
export type UmaProvider = {
  readonly name: string;
  readonly supportedRegions: readonly string[];
  readonly domain: string;
  readonly supportedCurrencies: readonly Currency[];
  readonly allowListStatus: boolean;
};

/** The sandbox's UMA providers: the counterparty holding the spec's test addresses, and a blocked one. */
export const SANDBOX_UMA_PROVIDERS: readonly UmaProvider[] = Object.freeze([
  {
    name: 'Sandbox UMA Counterparty',
    supportedRegions: ['US', 'MX', 'DE'],
    domain: SANDBOX_UMA_DOMAIN,
    supportedCurrencies: [currencyOf('USD'), currencyOf('EUR'), currencyOf('MXN')],
    allowListStatus: true,
  },
  {
    name: 'Sandbox Blocked Provider',
    supportedRegions: ['GB'],
    domain: 'blocked.sandbox.svc.uma.money',
    supportedCurrencies: [currencyOf('GBP')],
    allowListStatus: false,
  },
]);

/** A VASP recognised for counterparty declarations (reference Vasp). */
export type Vasp = { readonly vaspName: string; readonly url?: string };

/** The sandbox's VASPs. */
export const SANDBOX_VASPS: readonly Vasp[] = Object.freeze([
  { vaspName: 'Sandbox Exchange', url: 'https://exchange.sandbox.example' },
  { vaspName: 'Sandbox Custodial Wallet', url: 'https://wallet.sandbox.example' },
  { vaspName: 'Sandbox Broker' },
]);
