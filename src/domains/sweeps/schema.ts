/**
 * The body of `POST /internal-accounts` (DECISIONS.md: only RULE_BASED accounts are created by
 * request, USD only) as a strict zod schema, plus the one cross-field rule zod cannot say here
 * (the maximum may not be below the minimum). Every invalid field is listed together.
 */
import { z } from 'zod';
import type { FieldError } from '../../core/errors.js';
import { platformFeeOverrideSchema } from '../pricing/fee-resolution.js';
import { QUOTE_AMOUNT_MAX_MINOR } from '../pricing/price-quote.js';
import { DESCRIPTION_LENGTH_MAX, REMITTANCE_LENGTH_MAX } from '../quotes/schema.js';
import { RULE_BASED_CURRENCY } from '../internal-accounts/sweep-rule.js';

const amount = (name: string, minimum: number) =>
  z
    .number({ error: `${name} must be an integer number of minor units` })
    .int({ error: `${name} must be a safe integer number of minor units` })
    .min(minimum, { error: `${name} must be at least ${minimum}` })
    .max(Number(QUOTE_AMOUNT_MAX_MINOR), { error: `${name} must be at most ${QUOTE_AMOUNT_MAX_MINOR}` });

const sweepRuleSchema = z.strictObject({
  destination: z.strictObject({
    accountId: z.string({ error: 'accountId is required' }).min(1, { error: 'accountId must not be empty' }),
    paymentRail: z.string().regex(/^[A-Z_]{2,32}$/, { error: 'paymentRail must be a PaymentRail' }).optional(),
  }),
  minimumAmount: amount('minimumAmount', 0),
  // Absent or null: no ceiling.
  maximumAmount: amount('maximumAmount', 1).nullable().optional(),
  purposeOfPayment: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'purposeOfPayment must be an upper-case identifier' }).optional(),
  description: z.string().max(DESCRIPTION_LENGTH_MAX, { error: `description must be at most ${DESCRIPTION_LENGTH_MAX} characters` }).optional(),
  remittanceInformation: z
    .string()
    .max(REMITTANCE_LENGTH_MAX, { error: `remittanceInformation must be at most ${REMITTANCE_LENGTH_MAX} characters` })
    .optional(),
  platformFeeOverride: platformFeeOverrideSchema.optional(),
});

/** `POST /internal-accounts`. */
export const createRuleBasedAccountSchema = z.strictObject({
  type: z.enum(['RULE_BASED'], { error: 'type must be RULE_BASED: only rule-based accounts are created by request' }),
  customerId: z.string({ error: 'customerId is required' }).min(1, { error: 'customerId must not be empty' }),
  currency: z.enum([RULE_BASED_CURRENCY], { error: `currency must be ${RULE_BASED_CURRENCY}: rule-based accounts hold USD only` }),
  sweepRule: sweepRuleSchema,
});

/** A validated `POST /internal-accounts` body. */
export type CreateRuleBasedAccountRequest = z.infer<typeof createRuleBasedAccountSchema>;

/** Field errors zod cannot express: `maximumAmount` below `minimumAmount`. Pure. */
export function sweepRuleFieldErrors(body: unknown): FieldError[] {
  const rule = (body as { sweepRule?: { minimumAmount?: unknown; maximumAmount?: unknown } } | null)?.sweepRule;
  const { minimumAmount, maximumAmount } = rule ?? {};
  if (typeof minimumAmount === 'number' && typeof maximumAmount === 'number' && maximumAmount < minimumAmount) {
    return [{ field: 'sweepRule.maximumAmount', message: 'maximumAmount must not be below minimumAmount' }];
  }
  return [];
}
