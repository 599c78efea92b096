/**
 * Request bodies of the incoming-payment sandbox endpoints as strict zod schemas (an unknown field
 * is listed as invalid). State rules (accounts, addresses, currencies) are the deciders'.
 */
import { z } from 'zod';
import { SANDBOX_FUND_MAX_MINOR } from './sandbox-fund.js';
import { QUOTE_AMOUNT_MAX_MINOR } from '../pricing/price-quote.js';
import { DEPOSIT_RAILS } from './plan.js';

/** Most receiver fields an approval may ask for, and the longest name. */
export const REQUESTED_FIELDS_MAX = 20;
export const REQUESTED_FIELD_LENGTH_MAX = 64;

const minorUnits = (name: string, max: bigint) =>
  z
    .number({ error: `${name} must be an integer number of minor units` })
    .int({ error: `${name} must be a safe integer number of minor units` })
    .positive({ error: `${name} must be greater than zero` })
    .max(Number(max), { error: `${name} must be at most ${max}` });

/** `POST /sandbox/internal-accounts/{accountId}/deposit`: the amount and the rail (default ACH). */
export const sandboxDepositSchema = z.strictObject({
  amount: minorUnits('amount', SANDBOX_FUND_MAX_MINOR),
  paymentRail: z.enum(DEPOSIT_RAILS, { error: `paymentRail must be one of ${DEPOSIT_RAILS.join(', ')}` }).optional(),
});

/**
 * `POST /sandbox/uma/receive` (spec: Sandbox behaviour; the reference's SandboxUmaReceiveRequest):
 * the receiver is named by `receiverUmaAddress` or `customerId` (at least one; both must agree).
 */
export const umaReceiveSchema = z
  .strictObject({
    senderUmaAddress: z.string({ error: 'senderUmaAddress is required' }).min(1, { error: 'senderUmaAddress must not be empty' }),
    receiverUmaAddress: z.string({ error: 'receiverUmaAddress must be a string' }).min(1, { error: 'receiverUmaAddress must not be empty' }).optional(),
    customerId: z.string({ error: 'customerId must be a string' }).min(1, { error: 'customerId must not be empty' }).optional(),
    receivingCurrencyCode: z.string({ error: 'receivingCurrencyCode is required' }).regex(/^[A-Z]{3,5}$/, { error: 'receivingCurrencyCode must be a currency code' }),
    receivingCurrencyAmount: minorUnits('receivingCurrencyAmount', QUOTE_AMOUNT_MAX_MINOR),
  })
  .refine((body) => body.receiverUmaAddress !== undefined || body.customerId !== undefined, {
    error: 'Name the receiver: receiverUmaAddress or customerId',
    path: ['receiverUmaAddress'],
  });

/** `PUT /sandbox/incoming-payments/approval`. */
export const approvalSettingSchema = z.strictObject({
  required: z.boolean({ error: 'required must be a boolean' }),
  requestedReceiverCustomerInfoFields: z
    .array(
      z
        .string({ error: 'each field must be a string' })
        .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, { error: 'each field must be a field name' })
        .max(REQUESTED_FIELD_LENGTH_MAX, { error: `each field must be at most ${REQUESTED_FIELD_LENGTH_MAX} characters` }),
      { error: 'requestedReceiverCustomerInfoFields must be an array of field names' },
    )
    .max(REQUESTED_FIELDS_MAX, { error: `requestedReceiverCustomerInfoFields may hold at most ${REQUESTED_FIELDS_MAX} names` })
    .optional(),
});

/** The operator moves on a deposit take no fields: an empty object or no body. */
export const emptyBodySchema = z.strictObject({});
