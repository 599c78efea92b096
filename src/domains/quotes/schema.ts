/**
 * Request bodies of the quote endpoints as zod schemas (strict: an unknown field is listed as
 * invalid). Cross-field and state rules (currencies, accounts, rails) are the deciders'.
 */
import { z } from 'zod';
import { platformFeeOverrideSchema } from '../pricing/fee-resolution.js';
import { QUOTE_AMOUNT_MAX_MINOR } from '../pricing/price-quote.js';
import { LOCKED_SIDES } from './types.js';

/** Longest `description` and `remittanceInformation` (140: the common rail remittance field). */
export const DESCRIPTION_LENGTH_MAX = 500;
export const REMITTANCE_LENGTH_MAX = 140;
/** Most documents one quote may attach. */
export const QUOTE_DOCUMENTS_MAX = 10;

const id = (name: string) => z.string({ error: `${name} is required` }).min(1, { error: `${name} must not be empty` });
const currencyCode = (name: string) => z.string({ error: `${name} is required` }).regex(/^[A-Z]{3,5}$/, { error: `${name} must be a currency code` });

const sourceSchema = z.discriminatedUnion(
  'sourceType',
  [
    z.strictObject({ sourceType: z.literal('ACCOUNT'), accountId: id('accountId') }),
    z.strictObject({ sourceType: z.literal('REALTIME_FUNDING'), currency: currencyCode('currency'), customerId: id('customerId').optional() }),
  ],
  { error: 'sourceType must be ACCOUNT or REALTIME_FUNDING' },
);

const destinationSchema = z.discriminatedUnion(
  'destinationType',
  [
    z.strictObject({
      destinationType: z.literal('ACCOUNT'),
      accountId: id('accountId'),
      paymentRail: z.string().regex(/^[A-Z_]{2,32}$/, { error: 'paymentRail must be a PaymentRail' }).optional(),
      currency: currencyCode('currency').optional(),
    }),
    z.strictObject({
      destinationType: z.literal('UMA_ADDRESS'),
      umaAddress: id('umaAddress'),
      // Required since 2025-10-13 (spec: Versioning).
      currency: currencyCode('currency'),
    }),
  ],
  { error: 'destinationType must be ACCOUNT or UMA_ADDRESS' },
);

/**
 * The reference's `lookupId`: the id a receiver lookup (`GET /receiver/uma/{address}`,
 * `GET /receiver/external-account/{accountId}`) answered, `Lookup:<uuid>` (the reference's examples
 * also spell it `LookupRequest:<uuid>`). A hint: the sandbox caches no lookup (a lookup writes
 * nothing), so the quote resolves the receiver itself and the id is not stored.
 */
export const LOOKUP_ID_PATTERN = /^(Lookup|LookupRequest):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The factors a quote's challenge may use (the reference's ScaFactor less TOTP). */
export const QUOTE_SCA_FACTORS = ['SMS_OTP', 'PASSKEY'] as const;

/** A quote challenge's factor as a request names it; TOTP is refused (it cannot carry dynamic linking). */
const quoteScaFactorSchema = z.enum(QUOTE_SCA_FACTORS, { error: `scaFactor must be one of ${QUOTE_SCA_FACTORS.join(', ')} (TOTP cannot carry dynamic linking)` });

/** Keys of `senderCustomerInfo`: the reference's payer data field names (`FULL_NAME`, `NATIONALITY`, ...). */
const PAYER_DATA_KEY = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * The reference's `senderCustomerInfo`: payer data a receiver asked for (its lookup's
 * `requiredPayerDataFields`), by field name; values are short scalars, kept on the quote.
 */
const senderCustomerInfoSchema = z
  .record(z.string().regex(PAYER_DATA_KEY, { error: 'senderCustomerInfo keys must be payer data field names (FULL_NAME, NATIONALITY, ...)' }), z.union([z.string().max(1024), z.number(), z.boolean()], { error: 'senderCustomerInfo values must be strings (at most 1024 characters), numbers or booleans' }), {
    error: 'senderCustomerInfo must be an object of payer data fields',
  })
  .refine((info) => Object.keys(info).length <= 64, { error: 'senderCustomerInfo may hold at most 64 fields' });

/** `POST /quotes`. */
export const createQuoteSchema = z.strictObject({
  lookupId: z.string({ error: 'lookupId must be a string' }).regex(LOOKUP_ID_PATTERN, { error: 'lookupId must be the id of a receiver lookup (Lookup:<uuid>)' }).optional(),
  source: sourceSchema,
  destination: destinationSchema,
  lockedCurrencySide: z.enum(LOCKED_SIDES, { error: `lockedCurrencySide must be one of ${LOCKED_SIDES.join(', ')}` }),
  lockedCurrencyAmount: z
    .number({ error: 'lockedCurrencyAmount must be an integer number of minor units' })
    .int({ error: 'lockedCurrencyAmount must be a safe integer number of minor units' })
    .positive({ error: 'lockedCurrencyAmount must be greater than zero' })
    .max(Number(QUOTE_AMOUNT_MAX_MINOR), { error: `lockedCurrencyAmount must be at most ${QUOTE_AMOUNT_MAX_MINOR}` }),
  immediatelyExecute: z.boolean({ error: 'immediatelyExecute must be a boolean' }).optional(),
  platformFeeOverride: platformFeeOverrideSchema.optional(),
  purposeOfPayment: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'purposeOfPayment must be an upper-case identifier' }).optional(),
  description: z.string().max(DESCRIPTION_LENGTH_MAX, { error: `description must be at most ${DESCRIPTION_LENGTH_MAX} characters` }).optional(),
  remittanceInformation: z
    .string()
    .max(REMITTANCE_LENGTH_MAX, { error: `remittanceInformation must be at most ${REMITTANCE_LENGTH_MAX} characters` })
    .optional(),
  documentIds: z
    .array(id('documentIds[]'), { error: 'documentIds must be an array of PaymentDocument ids' })
    .max(QUOTE_DOCUMENTS_MAX, { error: `documentIds may hold at most ${QUOTE_DOCUMENTS_MAX} ids` })
    .optional(),
  // The reference's preferred factor of the challenge a quote issues; TOTP cannot carry the
  // dynamic linking a payment challenge needs, so the reference rejects it here.
  scaFactor: quoteScaFactorSchema.optional(),
  senderCustomerInfo: senderCustomerInfoSchema.optional(),
});

/**
 * `POST /quotes/{quoteId}/execute` body (the reference's optional ExecuteQuoteRequest): only the
 * preferred factor of a challenge the call would issue. The engine issues a quote's challenge when
 * the quote is created (an SCA quote is authorized before it executes), so execution issues none
 * and the factor, once validated, changes nothing: the reference's "ignored otherwise".
 */
export const executeQuoteSchema = z.strictObject({
  scaFactor: quoteScaFactorSchema.optional(),
});

/** A validated `POST /quotes` body. */
export type CreateQuoteRequest = z.infer<typeof createQuoteSchema>;

/** `POST /quotes/{quoteId}/authorize`: the code the customer received (sandbox: `000000`). */
export const authorizeQuoteSchema = z
  .strictObject({
    code: z.string({ error: 'code is required' }).regex(/^\d{6}$/, { error: 'code must be 6 digits' }).optional(),
    scaChallengeId: id('scaChallengeId').optional(),
    // A passkey assertion (WebAuthn JSON) and its origin instead of a code (docs/wallets-and-sca.md).
    passkeyAssertion: z.looseObject({ id: z.string().min(1).max(4096), response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096), authenticatorData: z.string().min(1).max(4096), signature: z.string().min(1).max(4096) }) }).optional(),
    origin: z.string().max(512).optional(),
    endUserIpAddress: z.string().max(64).optional(),
  })
  .refine((body) => body.code !== undefined || (body.passkeyAssertion !== undefined && body.origin !== undefined), { error: 'code is required (or passkeyAssertion with origin)', path: ['code'] });

/** A validated authorize body. */
export type AuthorizeQuoteRequest = z.infer<typeof authorizeQuoteSchema>;

/**
 * `POST /sandbox/send`: pay a real-time funding quote's instructions. `currencyAmount` (the
 * reference's, optional) is the amount paid in minor units; absent, the quote's total is paid.
 */
export const sandboxSendSchema = z.strictObject({
  quoteId: id('quoteId'),
  currencyCode: currencyCode('currencyCode'),
  currencyAmount: z
    .number({ error: 'currencyAmount must be an integer number of minor units' })
    .int({ error: 'currencyAmount must be an integer number of minor units' })
    .positive({ error: 'currencyAmount must be positive' })
    .max(Number.MAX_SAFE_INTEGER, { error: `currencyAmount must be at most ${Number.MAX_SAFE_INTEGER}` })
    .optional(),
});

/** A validated sandbox send body. */
export type SandboxSendRequest = z.infer<typeof sandboxSendSchema>;
