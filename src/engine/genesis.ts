/**
 * The genesis event: opens one world account per registered currency and the platform's own USD
 * account. It is written once, in front of the first accepted request's events.
 */
import { CURRENCY_CODES } from '../core/currency.js';
import type { EventDraft } from '../domains/evolver.js';
import { PLATFORM_EVENTS, type PlatformInitialized } from '../domains/platform/events.js';
import type { ResolvedOptions } from './options.js';

/** The genesis draft; `newId` mints the platform account's id. Pure. */
export function genesisDraft(options: ResolvedOptions, at: string, newId: (type: string) => string): EventDraft {
  const data: PlatformInitialized = {
    platformId: options.platformId,
    regulated: options.regulated,
    worldCurrencies: CURRENCY_CODES,
    platformAccounts: [
      { id: newId('InternalAccount'), type: 'INTERNAL_FIAT', status: 'ACTIVE', currency: 'USD', createdAt: at, updatedAt: at },
    ],
    // Rates given as engine options travel in the log, so a replay needs nothing else.
    ...(options.exchangeRates.length === 0 ? {} : { exchangeRates: options.exchangeRates }),
  };
  return { type: PLATFORM_EVENTS.initialized, data };
}
