/**
 * Which fees a quote pays, from the platform configuration: the platform's fee (a
 * `platformFeeOverride`, else the corridor's fee config, else the all-corridor one, else none)
 * and the rail's fee (`railFeeConfigs`). Fee configs and overrides require a USD source
 * (spec: Limits); rail fees are USD amounts and apply to USD-sourced quotes only. Pure.
 */
import { z } from 'zod';
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { PaymentRail } from '../config/rails.js';
import type { FeeConfig, PlatformConfig, RailFeeConfig } from '../config/types.js';
import { type FeeSchedule, ZERO_FEE } from './fees.js';

/** The only source currency fee configs and overrides may price. */
export const FEE_SOURCE_CURRENCY = 'USD';

/**
 * The shape of a quote's `platformFeeOverride`: `platformFixedFee` a CurrencyAmount (currency as a
 * code or a Currency object), `platformVariableFeeBps` 0..10000; at least one. It replaces the
 * configured platform fee whole (an absent part counts as 0). Currency rules: `platformFeeFor`.
 */
export const platformFeeOverrideSchema = z
  .strictObject({
    platformFixedFee: z
      .strictObject({
        amount: z
          .number({ error: 'must be an integer number of minor units' })
          .int({ error: 'must be a safe integer number of minor units' })
          .min(0, { error: 'must not be negative' }),
        currency: z.union([z.string(), z.looseObject({ code: z.string() })], { error: 'must be a currency code or a Currency object' }),
      })
      .optional(),
    platformVariableFeeBps: z
      .number({ error: 'must be an integer number of basis points' })
      .int({ error: 'must be an integer number of basis points' })
      .min(0, { error: 'must be at least 0 basis points' })
      .max(10_000, { error: 'must be at most 10000 basis points' })
      .optional(),
  })
  .refine((value) => value.platformFixedFee !== undefined || value.platformVariableFeeBps !== undefined, {
    error: 'set platformFixedFee, platformVariableFeeBps or both',
  });

/** A validated `platformFeeOverride`. */
export type PlatformFeeOverride = z.infer<typeof platformFeeOverrideSchema>;

/**
 * The platform's fee for a corridor. With an override: 400 INVALID_INPUT naming
 * `platformFeeOverride` when the source is not USD, or `platformFeeOverride.platformFixedFee.currency`
 * when the fixed fee is not in the source currency. Without: the corridor's fee config, else the
 * all-corridor one, else none; a non-USD source pays no platform fee.
 */
export function platformFeeFor(
  config: PlatformConfig,
  sendingCurrency: CurrencyCode,
  receivingCurrency: CurrencyCode,
  override?: PlatformFeeOverride,
): Result<FeeSchedule, ApiError> {
  if (override !== undefined) {
    const errors: FieldError[] = [];
    if (sendingCurrency !== FEE_SOURCE_CURRENCY) {
      errors.push({ field: 'platformFeeOverride', message: `platformFeeOverride requires a ${FEE_SOURCE_CURRENCY} source currency, not ${sendingCurrency}` });
    } else if (override.platformFixedFee !== undefined && currencyCodeOf(override.platformFixedFee.currency) !== sendingCurrency) {
      errors.push({
        field: 'platformFeeOverride.platformFixedFee.currency',
        constraint: { enum: [sendingCurrency] },
        message: `platformFixedFee must be in the source currency ${sendingCurrency}`,
      });
    }
    if (errors.length > 0) return err(invalidInput(errors));
    return ok({ fixedMinor: BigInt(override.platformFixedFee?.amount ?? 0), variableBps: override.platformVariableFeeBps ?? 0 });
  }
  if (sendingCurrency !== FEE_SOURCE_CURRENCY) return ok(ZERO_FEE);
  const entry =
    config.feeConfigs.find((fee) => fee.sourceCurrency === sendingCurrency && fee.receivingCurrency === receivingCurrency) ??
    config.feeConfigs.find((fee) => fee.sourceCurrency === sendingCurrency && fee.receivingCurrency === undefined);
  return ok(entry === undefined ? ZERO_FEE : scheduleOf(entry));
}

/** The configured price of `rail` in USD minor units and basis points, or undefined when it has none. */
export function railFeeFor(config: PlatformConfig, rail: PaymentRail): FeeSchedule | undefined {
  const entry = config.railFeeConfigs.find((fee) => fee.rail === rail);
  return entry === undefined ? undefined : scheduleOf(entry);
}

/** What a quote is about, for `feesFor`. */
export type FeeQuery = {
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  readonly rail?: PaymentRail | undefined;
  readonly override?: PlatformFeeOverride | undefined;
};

/** Both fees of a quote: `platformFeeFor`, and `railFeeFor` when the source is USD. */
export function feesFor(config: PlatformConfig, query: FeeQuery): Result<{ platformFee: FeeSchedule; railFee: FeeSchedule | undefined }, ApiError> {
  const platformFee = platformFeeFor(config, query.sendingCurrency, query.receivingCurrency, query.override);
  if (!platformFee.ok) return platformFee;
  const railFee = query.rail === undefined || query.sendingCurrency !== FEE_SOURCE_CURRENCY ? undefined : railFeeFor(config, query.rail);
  return ok({ platformFee: platformFee.value, railFee });
}

function scheduleOf(entry: FeeConfig | RailFeeConfig): FeeSchedule {
  return { fixedMinor: BigInt(entry.fixedFeeMinor ?? '0'), variableBps: entry.variableFeeBps ?? 0 };
}

function currencyCodeOf(currency: string | { readonly code: string }): string {
  return typeof currency === 'string' ? currency : currency.code;
}
