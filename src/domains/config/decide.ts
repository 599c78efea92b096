/**
 * Decides `PATCH /config`: the fields the body names replace the stored ones whole (a list is
 * replaced, never merged); the fields it omits keep their value. One `PlatformConfigUpdated`
 * carries the whole configuration after the change; a body that changes nothing writes nothing.
 */
import { assert } from '../../core/assert.js';
import type { ApiError } from '../../core/errors.js';
import { type Result, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { PlatformState } from '../platform/store.js';
import { CONFIG_EVENTS, type PlatformConfigUpdated } from './events.js';
import { mergeEmbeddedWalletConfig, platformCurrencyRecord } from './reference-fields.js';
import type { ConfigPatch } from './schema.js';
import type { ConfigStore } from './store.js';
import type { DailyVolumeLimit, FeeConfig, PlatformConfig, RailFeeConfig, TransactionLimit } from './types.js';

/** What the config decider reads. */
export type ConfigDecisionState = { readonly platform: PlatformState; readonly config: ConfigStore };

/** Pure: the update event, none when nothing changes. Validation happened in the route. */
export function decidePatchConfig(state: ConfigDecisionState, patch: ConfigPatch, at: string): Result<EventDraft[], ApiError> {
  const current = state.config.current;
  const skipVerificationPaperwork = patch.skipVerificationPaperwork ?? state.platform.skipVerificationPaperwork;
  const next = applyConfigPatch(current, patch);
  const unchanged =
    skipVerificationPaperwork === state.platform.skipVerificationPaperwork &&
    JSON.stringify(withoutUpdatedAt(next)) === JSON.stringify(withoutUpdatedAt(current));
  if (unchanged) return ok([]);
  const data: PlatformConfigUpdated = { skipVerificationPaperwork, config: { ...withoutUpdatedAt(next), updatedAt: at } };
  return ok([{ type: CONFIG_EVENTS.updated, data }]);
}

/** The configuration with the patch's fields replaced (wire amounts become decimal strings). Pure. */
export function applyConfigPatch(current: PlatformConfig, patch: ConfigPatch): PlatformConfig {
  const card = patch.cardTokenization2faConfig === undefined ? current.cardTokenization2faConfig : patch.cardTokenization2faConfig;
  const base: PlatformConfig = {
    feeConfigs: patch.feeConfigs === undefined ? current.feeConfigs : patch.feeConfigs.map(feeConfigRecord),
    railFeeConfigs: patch.railFeeConfigs === undefined ? current.railFeeConfigs : patch.railFeeConfigs.map(railFeeConfigRecord),
    transactionLimits: patch.transactionLimits === undefined ? current.transactionLimits : patch.transactionLimits.map(transactionLimitRecord),
    dailyVolumeLimits: patch.dailyVolumeLimits === undefined ? current.dailyVolumeLimits : patch.dailyVolumeLimits.map(dailyVolumeLimitRecord),
  };
  const webhookEndpoint = patch.webhookEndpoint ?? current.webhookEndpoint;
  const umaDomain = patch.umaDomain?.toLowerCase() ?? current.umaDomain;
  const supportedCurrencies = patch.supportedCurrencies?.map(platformCurrencyRecord) ?? current.supportedCurrencies;
  const embeddedWalletConfig =
    patch.embeddedWalletConfig === undefined ? current.embeddedWalletConfig : mergeEmbeddedWalletConfig(current.embeddedWalletConfig, patch.embeddedWalletConfig);
  const withCard = {
    ...(card === undefined || card === null ? base : { ...base, cardTokenization2faConfig: card }),
    ...(webhookEndpoint === undefined ? {} : { webhookEndpoint }),
    ...(umaDomain === undefined ? {} : { umaDomain }),
    ...(supportedCurrencies === undefined ? {} : { supportedCurrencies }),
    ...(embeddedWalletConfig === undefined ? {} : { embeddedWalletConfig }),
  };
  return current.updatedAt === undefined ? withCard : { ...withCard, updatedAt: current.updatedAt };
}

function withoutUpdatedAt(config: PlatformConfig): Omit<PlatformConfig, 'updatedAt'> {
  const { updatedAt: _ignored, ...rest } = config;
  return rest;
}

type WireFee = NonNullable<ConfigPatch['feeConfigs']>[number];
type WireRailFee = NonNullable<ConfigPatch['railFeeConfigs']>[number];
type WireLimit = NonNullable<ConfigPatch['transactionLimits']>[number];
type WireVolume = NonNullable<ConfigPatch['dailyVolumeLimits']>[number];

function feeConfigRecord(fee: WireFee): FeeConfig {
  return {
    sourceCurrency: fee.sourceCurrency,
    ...(fee.receivingCurrency === undefined ? {} : { receivingCurrency: fee.receivingCurrency }),
    ...(fee.variableFeeBps === undefined ? {} : { variableFeeBps: fee.variableFeeBps }),
    ...(fee.fixedFee === undefined ? {} : { fixedFeeMinor: String(fee.fixedFee) }),
  };
}

function railFeeConfigRecord(fee: WireRailFee): RailFeeConfig {
  return {
    rail: fee.rail,
    ...(fee.variableFeeBps === undefined ? {} : { variableFeeBps: fee.variableFeeBps }),
    ...(fee.fixedFee === undefined ? {} : { fixedFeeMinor: String(fee.fixedFee) }),
  };
}

function transactionLimitRecord(limit: WireLimit): TransactionLimit {
  const maxAmountMinor = String(limit.maxAmount);
  if (limit.withdrawalCurrency !== undefined) return { withdrawalCurrency: limit.withdrawalCurrency, maxAmountMinor };
  assert(limit.sendingCurrency !== undefined, 'a corridor limit has a sendingCurrency (checked by configCrossFieldErrors)');
  return {
    sendingCurrency: limit.sendingCurrency,
    ...(limit.receivingCurrency === undefined ? {} : { receivingCurrency: limit.receivingCurrency }),
    maxAmountMinor,
  };
}

function dailyVolumeLimitRecord(limit: WireVolume): DailyVolumeLimit {
  return { currency: limit.currency, maxAmountMinor: String(limit.maxAmount) };
}
