/**
 * `POST /crypto/estimate-withdrawal-fee`: the sandbox's fee for a withdrawal from a crypto
 * internal account to an address on a network. Network fees are constants per network (in the
 * smallest unit of the network's fee asset, and as their cost in the withdrawal currency); the
 * platform charges no application fee in the sandbox. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { DomainState } from '../state.js';

/** Networks a withdrawal may use, with their fee asset, the raw fee in that asset, and its cost per withdrawal-currency decimals (minor units of a 6-decimal stablecoin, or of BTC). */
export const WITHDRAWAL_NETWORKS = {
  SOLANA: { asset: 'SOL', networkFee: 5_000, costMinor: { USDC: 1_000, USDT: 1_000, BTC: 2 } },
  ETHEREUM: { asset: 'ETH', networkFee: 420_000_000_000_000, costMinor: { USDC: 1_500_000, USDT: 1_500_000, BTC: 2_000 } },
  BASE: { asset: 'ETH', networkFee: 2_000_000_000_000, costMinor: { USDC: 10_000, USDT: 10_000, BTC: 10 } },
  POLYGON: { asset: 'POL', networkFee: 10_000_000_000_000_000, costMinor: { USDC: 5_000, USDT: 5_000, BTC: 5 } },
  SPARK: { asset: 'BTC', networkFee: 0, costMinor: { USDC: 0, USDT: 0, BTC: 0 } },
  LIGHTNING: { asset: 'BTC', networkFee: 10, costMinor: { USDC: 10_000, USDT: 10_000, BTC: 10 } },
  BITCOIN: { asset: 'BTC', networkFee: 2_000, costMinor: { USDC: 2_000_000, USDT: 2_000_000, BTC: 2_000 } },
} as const;

/** A network name of `WITHDRAWAL_NETWORKS`. */
export type WithdrawalNetwork = keyof typeof WITHDRAWAL_NETWORKS;
/** Currencies that can be withdrawn on a network. */
export const WITHDRAWABLE_CURRENCIES = ['USDC', 'USDT', 'BTC'] as const;

/** The request, validated. */
export type WithdrawalFeeRequest = {
  readonly internalAccountId: string;
  readonly currency: string;
  readonly cryptoNetwork: WithdrawalNetwork;
  readonly amount: number;
  readonly destinationAddress: string;
};

/** The answer (reference EstimateCryptoWithdrawalFeeResponse). */
export type WithdrawalFee = { readonly networkFee: number; readonly networkFeeAsset: string; readonly applicationFee: number; readonly totalFee: number; readonly netAmount: number };

/**
 * The estimate, or: 404 ACCOUNT_NOT_FOUND (no such internal account), 400 INVALID_CURRENCY (the
 * account does not hold `currency`, or it cannot be withdrawn on a network), 400
 * AMOUNT_OUT_OF_RANGE (the fees would take the whole amount).
 */
export function estimateWithdrawalFee(state: DomainState, request: WithdrawalFeeRequest): Result<WithdrawalFee, ApiError> {
  const account = state.accounts.byId.get(request.internalAccountId);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${request.internalAccountId} not found`));
  if (account.currency !== request.currency) {
    return err(apiError('INVALID_CURRENCY', `Internal account ${account.id} holds ${account.currency}, not ${request.currency}`));
  }
  const currency = account.currency as CurrencyCode;
  if (!(WITHDRAWABLE_CURRENCIES as readonly string[]).includes(currency)) {
    return err(apiError('INVALID_CURRENCY', `${currency} cannot be withdrawn to a blockchain address`));
  }
  const network = WITHDRAWAL_NETWORKS[request.cryptoNetwork];
  const totalFee = network.costMinor[currency as (typeof WITHDRAWABLE_CURRENCIES)[number]];
  const applicationFee = 0;
  if (request.amount <= totalFee + applicationFee) {
    return err(apiError('AMOUNT_OUT_OF_RANGE', `The fees (${totalFee}) would take the whole amount`, { minimumAmount: totalFee + applicationFee + 1 }));
  }
  return ok({ networkFee: network.networkFee, networkFeeAsset: network.asset, applicationFee, totalFee: totalFee + applicationFee, netAmount: request.amount - totalFee - applicationFee });
}

