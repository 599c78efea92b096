/** The platform configuration domain: records, the PATCH schema, decider, evolvers and view. */
export { applyConfigPatch, decidePatchConfig } from './decide.js';
export type { ConfigDecisionState } from './decide.js';
export { CONFIG_EVENTS } from './events.js';
export type { PlatformConfigUpdated } from './events.js';
export { configEvolvers } from './evolve.js';
export { mergeFieldErrors, objectEntries } from './field-errors.js';
export { isPaymentRail, PAYMENT_RAILS } from './rails.js';
export type { PaymentRail } from './rails.js';
export { CARD_2FA_CONFIG_JSON_MAX, configCrossFieldErrors, configPatchSchema, FEE_CONFIGS_MAX, TRANSACTION_LIMITS_MAX } from './schema.js';
export type { ConfigPatch } from './schema.js';
export {
  CUSTOMER_INFO_FIELD_NAMES,
  embeddedWalletConfigSchema,
  mergeEmbeddedWalletConfig,
  supportedCurrenciesSchema,
  supportedCurrenciesView,
  TRANSACTION_TYPES,
} from './reference-fields.js';
export type { CounterpartyField, EmbeddedWalletConfig, PlatformCurrencyConfig, PlatformCurrencyView } from './reference-fields.js';
export { emptyConfigStore } from './store.js';
export type { ConfigStore } from './store.js';
export { EMPTY_PLATFORM_CONFIG } from './types.js';
export type { DailyVolumeLimit, FeeConfig, PlatformConfig, RailFeeConfig, TransactionLimit } from './types.js';
export { configView } from './view.js';
export type { PlatformConfigView } from './view.js';
