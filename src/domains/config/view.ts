/** Shapes `GET /config`: the stored configuration in wire form (amounts as JSON integers). */
import type { PlatformState } from '../platform/store.js';
import { type EmbeddedWalletConfig, type PlatformCurrencyView, supportedCurrenciesView } from './reference-fields.js';
import type { PlatformConfig, TransactionLimit } from './types.js';

/** The wire form of the platform configuration. */
export type PlatformConfigView = {
  readonly regulated: boolean;
  readonly skipVerificationPaperwork: boolean;
  readonly feeConfigs: readonly Readonly<Record<string, unknown>>[];
  readonly railFeeConfigs: readonly Readonly<Record<string, unknown>>[];
  readonly transactionLimits: readonly Readonly<Record<string, unknown>>[];
  readonly dailyVolumeLimits: readonly Readonly<Record<string, unknown>>[];
  readonly cardTokenization2faConfig?: Readonly<Record<string, unknown>>;
  readonly webhookEndpoint?: string;
  readonly umaDomain?: string;
  /** The reference's PlatformCurrencyConfig list (every registered currency until the platform sets one). */
  readonly supportedCurrencies: readonly PlatformCurrencyView[];
  /** The reference's EmbeddedWalletConfig; present only once set. */
  readonly embeddedWalletConfig?: EmbeddedWalletConfig;
  readonly updatedAt?: string;
};

/** The wire form of the configuration; `regulated` is shown but only the engine options set it. Pure. */
export function configView(platform: PlatformState, config: PlatformConfig): PlatformConfigView {
  const view: PlatformConfigView = {
    regulated: platform.regulated,
    skipVerificationPaperwork: platform.skipVerificationPaperwork,
    feeConfigs: config.feeConfigs.map(feeConfigView),
    railFeeConfigs: config.railFeeConfigs.map(({ fixedFeeMinor, ...rest }) => withFixedFee(rest, fixedFeeMinor)),
    transactionLimits: config.transactionLimits.map(limitView),
    dailyVolumeLimits: config.dailyVolumeLimits.map(({ currency, maxAmountMinor }) => ({ currency, maxAmount: Number(maxAmountMinor) })),
    supportedCurrencies: supportedCurrenciesView(config.supportedCurrencies),
  };
  return {
    ...view,
    ...(config.cardTokenization2faConfig === undefined ? {} : { cardTokenization2faConfig: config.cardTokenization2faConfig }),
    ...(config.webhookEndpoint === undefined ? {} : { webhookEndpoint: config.webhookEndpoint }),
    ...(config.umaDomain === undefined ? {} : { umaDomain: config.umaDomain }),
    ...(config.embeddedWalletConfig === undefined ? {} : { embeddedWalletConfig: config.embeddedWalletConfig }),
    ...(config.updatedAt === undefined ? {} : { updatedAt: config.updatedAt }),
  };
}

/**
 * A fee config in the reference's FeeConfig shape: `feeType` (its one value), `variableFeeBps`
 * and `fixedFee` `{ amount, currency }` always present (0 when unset). Pure.
 */
function feeConfigView(fee: PlatformConfig['feeConfigs'][number]): Readonly<Record<string, unknown>> {
  const { fixedFeeMinor, variableFeeBps, sourceCurrency, ...rest } = fee;
  return {
    feeType: 'CROSS_CURRENCY_TRANSACTION',
    sourceCurrency,
    ...rest,
    variableFeeBps: variableFeeBps ?? 0,
    fixedFee: { amount: Number(fixedFeeMinor ?? '0'), currency: sourceCurrency },
  };
}

function withFixedFee(rest: Readonly<Record<string, unknown>>, fixedFeeMinor: string | undefined): Readonly<Record<string, unknown>> {
  return fixedFeeMinor === undefined ? rest : { ...rest, fixedFee: Number(fixedFeeMinor) };
}

function limitView(limit: TransactionLimit): Readonly<Record<string, unknown>> {
  const { maxAmountMinor, ...rest } = limit;
  return { ...rest, maxAmount: Number(maxAmountMinor) };
}
