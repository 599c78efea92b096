/**
 * Decides `POST /stablecoins`: register a coin at the provider of the link the request resolves
 * to. Checks in a fixed order: the link (resolveProviderAccount), then the symbol, then the
 * network token identifier. A new coin is NOT_ENABLED; its reserve and issuance ledger accounts
 * open in the same request.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { STABLECOIN_EVENTS, type StablecoinRegistered } from './events.js';
import { openCoinAccounts } from './ledger-accounts.js';
import { resolveProviderAccount } from './provider-accounts.js';
import { tokenIdentifierKey } from './store.js';
import type { Stablecoin } from './types.js';

/** What registration needs (validated body plus the minted id and the time). */
export type RegisterCommand = {
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  readonly baseCurrency: CurrencyCode;
  readonly decimals: number;
  readonly networkTokenIdentifier: string;
  readonly network: string;
  readonly stablecoinProviderAccountId?: string;
  readonly at: string;
};

/** Pure: the events that register the coin, or why it cannot be registered. */
export function decideRegister(state: DomainState, command: RegisterCommand): Result<EventDraft[], ApiError> {
  const link = resolveProviderAccount(state, command.stablecoinProviderAccountId);
  if (!link.ok) return link;
  const store = state.stablecoins;
  const symbolHolder = store.coinIdBySymbol.get(command.symbol);
  if (symbolHolder !== undefined) {
    return err(apiError('STABLECOIN_SYMBOL_ALREADY_EXISTS', `Symbol ${command.symbol} is already registered`, { stablecoinId: symbolHolder }));
  }
  const tokenHolder = store.coinIdByTokenKey.get(tokenIdentifierKey(command.networkTokenIdentifier));
  if (tokenHolder !== undefined) {
    return err(
      apiError('STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS', `Token ${command.networkTokenIdentifier} is already registered`, { stablecoinId: tokenHolder }),
    );
  }
  const stablecoin: Stablecoin = {
    id: command.id,
    symbol: command.symbol,
    name: command.name,
    baseCurrency: command.baseCurrency,
    decimals: command.decimals,
    networkTokenIdentifier: command.networkTokenIdentifier,
    network: command.network,
    provider: link.value.provider,
    stablecoinProviderAccountId: link.value.id,
    gridOperationsStatus: 'NOT_ENABLED',
    createdAt: command.at,
    updatedAt: command.at,
  };
  const data: StablecoinRegistered = { stablecoin };
  return ok([...openCoinAccounts(command.symbol, command.baseCurrency), { type: STABLECOIN_EVENTS.registered, data }]);
}
