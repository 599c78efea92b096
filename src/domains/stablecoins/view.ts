/**
 * Shapes stablecoin records for the wire. A coin shows its supply (token units issued and not
 * burnt, posted) and its reserve (base currency, posted) read from the ledger; an operation shows
 * its amount in token units and in the base currency. Internal fields (the hold's transfer id,
 * the sandbox outcome) stay off the wire.
 */
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import type { Ledger } from '../../ledger/index.js';
import { tokenUnitsOf } from './amounts.js';
import { issuedAccountId, reserveAccountId } from './ledger-accounts.js';
import type { Stablecoin, StablecoinOperation, StablecoinProviderAccount } from './types.js';

/** The wire form of a stablecoin. */
export type StablecoinView = {
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  readonly baseCurrency: string;
  readonly decimals: number;
  readonly networkTokenIdentifier: string;
  readonly network: string;
  readonly provider: string;
  readonly stablecoinProviderAccountId: string;
  readonly gridOperationsStatus: string;
  /** The coin's state at its provider: registration is immediate in the sandbox, so PROVISIONED. */
  readonly issuanceStatus: 'PROVISIONED';
  /** The engine is the sandbox: every provider link is a sandbox one. */
  readonly providerEnvironment: 'SANDBOX';
  /** The provider's name for the token (Brale's `value_type`): the coin's symbol. */
  readonly providerTokenIdentifier: string;
  /** Tokens in circulation, smallest units, decimal digits. */
  readonly totalSupply: string;
  /** The base currency backing them. */
  readonly reserveBalance: CurrencyAmount;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire form of `coin`. Pure. */
export function stablecoinView(coin: Stablecoin, ledger: Ledger): StablecoinView {
  const issuedMinor = -(ledger.balance(issuedAccountId(coin.symbol))?.postedMinor ?? 0n);
  const reserveMinor = ledger.balance(reserveAccountId(coin.symbol))?.postedMinor ?? 0n;
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    baseCurrency: coin.baseCurrency,
    decimals: coin.decimals,
    networkTokenIdentifier: coin.networkTokenIdentifier,
    network: coin.network,
    provider: coin.provider,
    stablecoinProviderAccountId: coin.stablecoinProviderAccountId,
    gridOperationsStatus: coin.gridOperationsStatus,
    issuanceStatus: 'PROVISIONED',
    providerEnvironment: 'SANDBOX',
    providerTokenIdentifier: coin.symbol,
    totalSupply: tokenUnitsOf(issuedMinor, coin.decimals, coin.baseCurrency).toString(),
    reserveBalance: toCurrencyAmount(reserveMinor, coin.baseCurrency),
    createdAt: coin.createdAt,
    updatedAt: coin.updatedAt,
  };
}

/** The wire form of an operation. */
export type StablecoinOperationView = {
  readonly id: string;
  readonly stablecoinId: string;
  readonly type: string;
  /** The reference's name of `type` (MINT or BURN). */
  readonly operationType: string;
  readonly status: string;
  readonly amount: string;
  readonly provider: string;
  readonly providerEnvironment: 'SANDBOX';
  readonly baseAmount: CurrencyAmount;
  readonly sourceAccountId: string;
  readonly destinationAccountId: string;
  readonly stablecoinProviderAccountId: string;
  readonly fundingExpiresAt: string;
  readonly failureReason?: string;
  readonly description?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly completedAt?: string;
};

/** The wire form of `operation` (`coin` is its stablecoin). Pure. */
export function operationView(operation: StablecoinOperation, coin: Stablecoin): StablecoinOperationView {
  return {
    id: operation.id,
    stablecoinId: operation.stablecoinId,
    type: operation.type,
    operationType: operation.type,
    status: operation.status,
    amount: operation.amount,
    provider: coin.provider,
    providerEnvironment: 'SANDBOX',
    baseAmount: toCurrencyAmount(BigInt(operation.baseAmountMinor), coin.baseCurrency),
    sourceAccountId: operation.sourceAccountId,
    destinationAccountId: operation.destinationAccountId,
    stablecoinProviderAccountId: operation.stablecoinProviderAccountId,
    fundingExpiresAt: operation.fundingExpiresAt,
    ...(operation.failureReason === undefined ? {} : { failureReason: operation.failureReason }),
    ...(operation.description === undefined ? {} : { description: operation.description }),
    createdAt: operation.createdAt,
    updatedAt: operation.updatedAt,
    ...(operation.completedAt === undefined ? {} : { completedAt: operation.completedAt }),
  };
}

/**
 * The wire form of a provider account link: the record without the API credentials (the
 * reference never returns them), with the reference's names for the provider's account id and environment.
 */
export type StablecoinProviderAccountView = Omit<StablecoinProviderAccount, 'apiClientId' | 'apiClientSecretHmac'> & {
  readonly providerAccountId: string;
  readonly providerEnvironment: 'SANDBOX';
};

/** The wire form of a provider account link. Pure. */
export function providerAccountView(link: StablecoinProviderAccount): StablecoinProviderAccountView {
  const { apiClientId: _clientId, apiClientSecretHmac: _secretHmac, ...shown } = link;
  return { ...shown, providerAccountId: link.externalReference, providerEnvironment: 'SANDBOX' };
}
