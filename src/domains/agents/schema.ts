/**
 * Request bodies of the agent endpoints as zod schemas (strict: an unknown field is listed as
 * invalid), and the conversion of a wire policy into the stored, normalised `AgentPolicy`.
 * Cross-record rules (the customer exists, accounts are the customer's) are the deciders'.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import { type ApiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { mergeSpendingLimits } from './limits-patch.js';
import { AGENT_PERMISSIONS, type AgentPolicy, EXECUTION_MODES } from './types.js';

/** Longest agent name. */
export const AGENT_NAME_LENGTH_MAX = 200;
/** Most account ids one restriction list may hold. */
export const RESTRICTION_IDS_MAX = 100;
/** Longest id or UMA address in a restriction list. */
export const RESTRICTION_ID_LENGTH_MAX = 200;
/** Longest rejection reason. */
export const REJECTION_REASON_LENGTH_MAX = 1000;

const currency = z.enum(CURRENCY_CODES as unknown as readonly [CurrencyCode, ...CurrencyCode[]], {
  error: `currency must be one of ${CURRENCY_CODES.join(', ')}`,
});

const amount = (name: string) =>
  z
    .number({ error: `${name} must be an integer number of minor units or null` })
    .int({ error: `${name} must be an integer number of minor units` })
    .min(0, { error: `${name} must not be negative` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${name} must be at most ${Number.MAX_SAFE_INTEGER}` });

const idList = (name: string) =>
  z
    .array(z.string().min(1, { error: `${name}[] entries must not be empty` }).max(RESTRICTION_ID_LENGTH_MAX), {
      error: `${name} must be an array of account ids or null`,
    })
    .max(RESTRICTION_IDS_MAX, { error: `${name} may hold at most ${RESTRICTION_IDS_MAX} ids` })
    .nullable()
    .optional();

const limitFields = {
  perTransactionLimit: amount('perTransactionLimit').nullable().optional(),
  dailyLimit: amount('dailyLimit').nullable().optional(),
  dailyTransactionLimit: z
    .number({ error: 'dailyTransactionLimit must be an integer count or null' })
    .int({ error: 'dailyTransactionLimit must be an integer count' })
    .min(0, { error: 'dailyTransactionLimit must not be negative' })
    .max(1_000_000, { error: 'dailyTransactionLimit must be at most 1000000' })
    .nullable()
    .optional(),
  monthlyLimit: amount('monthlyLimit').nullable().optional(),
};

const spendingLimitsSchema = z.strictObject({ currency, ...limitFields }, { error: 'spendingLimits must be an object or null' });

/** The reference's AgentSpendingLimitsUpdate: every field optional, merged by limits-patch.ts. */
const spendingLimitsPatchSchema = z.strictObject(
  { currency: currency.optional(), ...limitFields },
  { error: 'spendingLimits must be an object or null' },
);

/**
 * The reference's AgentApprovalThresholds: `amount` optional and nullable ("null means no threshold
 * override"), `currency` "required when amount is set". Without an amount there is no threshold.
 */
const approvalThresholdsSchema = z
  .strictObject({ currency: currency.optional(), amount: amount('amount').nullable().optional() }, { error: 'approvalThresholds must be { currency, amount } or null' })
  .refine((threshold) => threshold.amount === null || threshold.amount === undefined || threshold.currency !== undefined, {
    error: 'currency is required when amount is set',
    path: ['currency'],
  });

const accountRestrictionsSchema = z.strictObject(
  { allowedSourceAccountIds: idList('allowedSourceAccountIds'), allowedDestinationAccountIds: idList('allowedDestinationAccountIds') },
  { error: 'accountRestrictions must be an object or null' },
);

const permissions = z
  .array(z.enum(AGENT_PERMISSIONS, { error: `permissions[] must be one of ${AGENT_PERMISSIONS.join(', ')}` }), {
    error: 'permissions must be an array',
  })
  .max(AGENT_PERMISSIONS.length, { error: `permissions may list each of the ${AGENT_PERMISSIONS.length} permissions once` })
  .refine((list) => new Set(list).size === list.length, { error: 'permissions must not repeat a permission' });

const policyFields = {
  permissions,
  defaultExecutionMode: z.enum(EXECUTION_MODES, { error: `defaultExecutionMode must be one of ${EXECUTION_MODES.join(', ')}` }).optional(),
  spendingLimits: spendingLimitsSchema.nullable().optional(),
  approvalThresholds: approvalThresholdsSchema.nullable().optional(),
  accountRestrictions: accountRestrictionsSchema.nullable().optional(),
};

/** A whole policy (`POST /agents`): `permissions` required; the rest default to none / APPROVAL_REQUIRED. */
export const policySchema = z.strictObject(policyFields, { error: 'policy must be an object' });
/** A validated wire policy. */
export type PolicyRequest = z.output<typeof policySchema>;

/**
 * `PATCH /agents/{agentId}/policy`: the top-level fields given replace the current ones, except
 * `spendingLimits`, a partial update merged into the current limits (limits-patch.ts).
 */
export const policyPatchSchema = z
  .strictObject(
    { ...policyFields, permissions: permissions.optional(), spendingLimits: spendingLimitsPatchSchema.nullable().optional() },
    { error: 'The request body must be a policy object' },
  )
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one policy field to change', path: ['body'] });
/** A validated policy patch. */
export type PolicyPatchRequest = z.output<typeof policyPatchSchema>;

const agentName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: 'name must not be empty' })
    .max(AGENT_NAME_LENGTH_MAX, { error: `name must be at most ${AGENT_NAME_LENGTH_MAX} characters` });

/** `POST /agents`. */
export const createAgentSchema = z.strictObject(
  {
    customerId: z.string({ error: 'customerId is required' }).min(1, { error: 'customerId must not be empty' }).max(RESTRICTION_ID_LENGTH_MAX),
    name: agentName('name is required'),
    policy: policySchema,
  },
  { error: 'The request body must be a JSON object' },
);
/** A validated create body. */
export type CreateAgentRequest = z.output<typeof createAgentSchema>;

/** `PATCH /agents/{agentId}` (the reference's AgentUpdateRequest): `name` and/or `isPaused`, at least one. */
export const pauseAgentSchema = z
  .strictObject(
    {
      name: agentName('name must be a string').optional(),
      isPaused: z.boolean({ error: 'isPaused must be a boolean' }).optional(),
    },
    { error: 'The request body must be a JSON object' },
  )
  .refine((patch) => patch.name !== undefined || patch.isPaused !== undefined, { error: 'Name at least one of name, isPaused to change', path: ['body'] });
/** A validated agent update. */
export type AgentUpdateRequest = z.output<typeof pauseAgentSchema>;

/** `POST /agents/{agentId}/actions/{actionId}/reject`. */
export const rejectActionSchema = z.strictObject(
  {
    reason: z
      .string({ error: 'reason must be a string' })
      .min(1, { error: 'reason must not be empty' })
      .max(REJECTION_REASON_LENGTH_MAX, { error: `reason must be at most ${REJECTION_REASON_LENGTH_MAX} characters` })
      .optional(),
  },
  { error: 'The request body must be a JSON object' },
);

/** Bodyless actions accept no body or `{}`. */
export const emptySchema = z.strictObject({}, { error: 'The request body must be empty or a JSON object' });

function minorOrNull(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** The stored form of a wire policy, every field present. Pure. */
export function normalisePolicy(request: PolicyRequest): AgentPolicy {
  const limits = request.spendingLimits;
  const threshold = request.approvalThresholds;
  const restrictions = request.accountRestrictions;
  return {
    // In catalogue order, so the same set always reads the same.
    permissions: AGENT_PERMISSIONS.filter((permission) => request.permissions.includes(permission)),
    defaultExecutionMode: request.defaultExecutionMode ?? 'APPROVAL_REQUIRED',
    spendingLimits:
      limits === null || limits === undefined
        ? null
        : {
            currency: limits.currency,
            perTransactionLimitMinor: minorOrNull(limits.perTransactionLimit),
            dailyLimitMinor: minorOrNull(limits.dailyLimit),
            dailyTransactionLimit: limits.dailyTransactionLimit ?? null,
            monthlyLimitMinor: minorOrNull(limits.monthlyLimit),
          },
    approvalThresholds:
      threshold === null || threshold === undefined || threshold.amount === null || threshold.amount === undefined || threshold.currency === undefined
        ? null
        : { currency: threshold.currency, amountMinor: String(threshold.amount) },
    accountRestrictions:
      restrictions === null || restrictions === undefined
        ? null
        : {
            allowedSourceAccountIds: restrictions.allowedSourceAccountIds ?? null,
            allowedDestinationAccountIds: restrictions.allowedDestinationAccountIds ?? null,
          },
  };
}

/**
 * Pure: `current` with the top-level fields `patch` names replaced and its `spendingLimits` merged
 * (limits-patch.ts); 400 INVALID_INPUT when the merge cannot make whole limits.
 */
export function patchedPolicy(current: AgentPolicy, patch: PolicyPatchRequest): Result<AgentPolicy, ApiError> {
  const limits = mergeSpendingLimits(current.spendingLimits, patch.spendingLimits);
  if (!limits.ok) return err(invalidInput(limits.error));
  const { spendingLimits: _merged, ...rest } = patch;
  const replaced = normalisePolicy({ ...rest, permissions: patch.permissions ?? [] });
  return ok({
    permissions: patch.permissions === undefined ? current.permissions : replaced.permissions,
    defaultExecutionMode: patch.defaultExecutionMode === undefined ? current.defaultExecutionMode : replaced.defaultExecutionMode,
    spendingLimits: limits.value,
    approvalThresholds: patch.approvalThresholds === undefined ? current.approvalThresholds : replaced.approvalThresholds,
    accountRestrictions: patch.accountRestrictions === undefined ? current.accountRestrictions : replaced.accountRestrictions,
  });
}
