/**
 * Platform events: the genesis event that opens the world accounts and the platform's own
 * accounts, and the settlement cut-off that gates balance-change windows.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import type { PublishedRate } from '../rates/types.js';

/** First event of every log. */
export type PlatformInitialized = {
  readonly platformId: string;
  readonly regulated: boolean;
  readonly worldCurrencies: readonly CurrencyCode[];
  readonly platformAccounts: readonly InternalAccount[];
  /** Exchange rates from the engine options; absent when none were given. */
  readonly exchangeRates?: readonly PublishedRate[];
};

/** Money movements before `through` are settled. */
export type SettlementCutoffAdvanced = { readonly through: string };

/** Event type names of this domain. */
export const PLATFORM_EVENTS = {
  initialized: 'PlatformInitialized',
  settlementCutoffAdvanced: 'SettlementCutoffAdvanced',
} as const;
