/**
 * Request bodies of the stablecoin endpoints as strict zod schemas (an unknown field is listed as
 * invalid, never ignored). Shapes are decisions of this project (docs/stablecoins.md): the spec
 * names only the paths and the Stablecoin's fields.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../../core/currency.js';
import { TOKEN_AMOUNT_DIGITS_MAX, TOKEN_DECIMALS_MAX } from './amounts.js';
import { OPERATOR_STATUSES } from './grid-lifecycle.js';
import { GRID_OPERATIONS_STATUSES, OPERATION_STATUSES, OPERATION_TYPES } from './types.js';

/** Crypto codes of the registry: a stablecoin is backed by fiat, never by another token. */
const NOT_FIAT: readonly CurrencyCode[] = ['BTC', 'USDC', 'USDT'];

/** Currencies a stablecoin may be backed by: the registry's fiat currencies. */
export const STABLECOIN_BASE_CURRENCIES = CURRENCY_CODES.filter((code) => !NOT_FIAT.includes(code)) as [CurrencyCode, ...CurrencyCode[]];

/** The network when a registration names none: SPARK, the one value of the reference's StablecoinNetwork. */
export const DEFAULT_NETWORK = 'SPARK';

/** Longest resource id accepted in a body (ours are `<Type>:<uuid>`, well under it). */
const ID_LENGTH_MAX = 100;

const upperName = (field: string) =>
  z.string({ error: `${field} must be a string` }).regex(/^[A-Z][A-Z0-9_]{1,31}$/, { error: `${field} must be 2 to 32 upper-case letters, digits or _` });
const resourceId = (field: string) =>
  z.string({ error: `${field} must be a string` }).min(1, { error: `${field} must not be empty` }).max(ID_LENGTH_MAX, { error: `${field} must be at most ${ID_LENGTH_MAX} characters` });

const accountReference = (field: string) =>
  z.string({ error: `${field} must be a string` }).regex(/^[\x21-\x7E]{1,128}$/, { error: `${field} must be 1 to 128 printable characters without spaces` });

/** Longest provider API client id or secret accepted. */
export const API_CLIENT_CREDENTIAL_LENGTH_MAX = 256;
const credential = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} must not be empty` })
    .max(API_CLIENT_CREDENTIAL_LENGTH_MAX, { error: `${field} must be at most ${API_CLIENT_CREDENTIAL_LENGTH_MAX} characters` });

/**
 * `POST /stablecoin-provider-accounts`. `providerAccountId` is the reference's name of
 * `externalReference` (one of the two required, both must agree: the route checks). The
 * provider API credentials are optional (docs/wire-contract.md "Choices made"); the secret is
 * never stored, only its HMAC.
 */
export const linkBody = z.strictObject({
  provider: upperName('provider'),
  externalReference: accountReference('externalReference').optional(),
  providerAccountId: accountReference('providerAccountId').optional(),
  apiClientId: credential('apiClientId').optional(),
  apiClientSecret: credential('apiClientSecret').optional(),
});

const symbol = (field: string) =>
  z.string({ error: `${field} must be a string` }).regex(/^[A-Z0-9]{2,11}$/, { error: `${field} must be 2 to 11 upper-case letters or digits` });

/**
 * What the sandbox provider reports for a token the registration does not describe (the
 * reference's StablecoinRegisterRequest names only the provider's and the network's identifiers:
 * "links provider token metadata", the metadata is the provider's). Its Stablecoin example: a
 * USD-denominated token of 6 decimals; the sandbox provider names a token by its symbol.
 * docs/wire-contract.md "Choices made".
 */
export const SANDBOX_PROVIDER_TOKEN_METADATA = { baseCurrency: 'USD', decimals: 6 } as const satisfies { baseCurrency: CurrencyCode; decimals: number };

/**
 * `POST /stablecoins`. `providerTokenIdentifier` is the reference's name of `symbol` (the
 * provider's name for the token, answered as the coin's symbol): one of the two is required, both
 * must agree (the route checks, src/api/routes/stablecoin-spellings.ts). `name`, `baseCurrency` and
 * `decimals` are the copy's, optional as the reference's body has none: absent, the provider's
 * metadata (SANDBOX_PROVIDER_TOKEN_METADATA; the name is the symbol).
 */
export const registerBody = z.strictObject({
  symbol: symbol('symbol').optional(),
  providerTokenIdentifier: symbol('providerTokenIdentifier').optional(),
  name: z.string({ error: 'name must be a string' }).min(1, { error: 'name must not be empty' }).max(100, { error: 'name must be at most 100 characters' }).optional(),
  baseCurrency: z.enum(STABLECOIN_BASE_CURRENCIES, { error: 'baseCurrency must be a supported fiat currency code' }).optional(),
  decimals: z
    .number({ error: 'decimals must be an integer' })
    .int({ error: 'decimals must be an integer' })
    .min(0, { error: 'decimals must be at least 0' })
    .max(TOKEN_DECIMALS_MAX, { error: `decimals must be at most ${TOKEN_DECIMALS_MAX}` })
    .optional(),
  networkTokenIdentifier: z
    .string({ error: 'networkTokenIdentifier must be a string' })
    .regex(/^[\x21-\x7E]{1,128}$/, { error: 'networkTokenIdentifier must be 1 to 128 printable characters without spaces' }),
  network: upperName('network').optional(),
  stablecoinProviderAccountId: resourceId('stablecoinProviderAccountId').optional(),
});

/** Longest operation `description` (the reference's maxLength). */
export const DESCRIPTION_LENGTH_MAX = 1024;

/** Fields mints and burns share. */
const operationFields = {
  description: z
    .string({ error: 'description must be a string' })
    .max(DESCRIPTION_LENGTH_MAX, { error: `description must be at most ${DESCRIPTION_LENGTH_MAX} characters` })
    .optional(),
  amount: z
    .string({ error: 'amount must be a string of digits in the token smallest unit' })
    .regex(new RegExp(`^[1-9][0-9]{0,${TOKEN_AMOUNT_DIGITS_MAX - 1}}$`), {
      error: `amount must be a positive whole number of token units (digits, no leading zeros, at most ${TOKEN_AMOUNT_DIGITS_MAX})`,
    }),
  // Required unless the reference's source object names it (the route checks: reference-sources.ts).
  sourceAccountId: resourceId('sourceAccountId').optional(),
  destinationAccountId: resourceId('destinationAccountId').optional(),
  stablecoinProviderAccountId: resourceId('stablecoinProviderAccountId').optional(),
};

const kind = <T extends string>(value: T) => z.literal(value);
const text = (field: string) => z.string({ error: `${field} must be a string` }).min(1, { error: `${field} must not be empty` }).max(ID_LENGTH_MAX, { error: `${field} must be at most ${ID_LENGTH_MAX} characters` });

/** The reference's StablecoinMintFundingSource (one variant per `type`). */
export const mintFundingSource = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: kind('WIRE') }),
    z.strictObject({ type: kind('ACH_DEBIT'), externalAccountId: resourceId('fundingSource.externalAccountId') }),
    z.strictObject({ type: kind('SAME_DAY_ACH_DEBIT'), externalAccountId: resourceId('fundingSource.externalAccountId') }),
    z.strictObject({ type: kind('GRID_INTERNAL_ACCOUNT'), accountId: resourceId('fundingSource.accountId') }),
    z.strictObject({ type: kind('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: text('fundingSource.sourceTokenIdentifier'), cryptoNetwork: text('fundingSource.cryptoNetwork') }),
  ],
  { error: 'fundingSource.type must be one of WIRE, ACH_DEBIT, SAME_DAY_ACH_DEBIT, GRID_INTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE' },
);

/** The reference's StablecoinMintDestination: an `InternalAccount:` or `ExternalAccount:` id. */
export const mintDestination = z.strictObject({ accountId: resourceId('destination.accountId') });

/** The reference's StablecoinBurnSource (one variant per `type`). */
export const burnSource = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: kind('EXTERNAL_ACCOUNT') }),
    z.strictObject({ type: kind('GRID_INTERNAL_ACCOUNT'), accountId: resourceId('source.accountId') }),
    z.strictObject({ type: kind('PROVIDER_INTERNAL_BALANCE') }),
  ],
  { error: 'source.type must be one of EXTERNAL_ACCOUNT, GRID_INTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE' },
);

/** Fiat payout rails of the reference's StablecoinBurnDestination. */
export const BURN_DESTINATION_RAILS = ['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'] as const;

/** The reference's StablecoinBurnDestination: a bank external account and a payout rail. */
export const burnDestination = z.strictObject({
  type: z.literal('EXTERNAL_ACCOUNT', { error: 'destination.type must be EXTERNAL_ACCOUNT' }),
  externalAccountId: resourceId('destination.externalAccountId'),
  rail: z.enum(BURN_DESTINATION_RAILS, { error: `destination.rail must be one of ${BURN_DESTINATION_RAILS.join(', ')}` }),
});

/** `POST /stablecoins/{id}/mints`: the copy's account ids and/or the reference's `fundingSource` and `destination`. */
export const mintBody = z.strictObject({ ...operationFields, fundingSource: mintFundingSource.optional(), destination: mintDestination.optional() });

/** `POST /stablecoins/{id}/burns`: the copy's account ids and/or the reference's `source` and `destination`. */
export const burnBody = z.strictObject({ ...operationFields, source: burnSource.optional(), destination: burnDestination.optional() });

/** `POST /stablecoins/{id}/request-grid-enablement`: no fields (an empty object or no body). */
export const emptyBody = z.strictObject({});

/** `POST /sandbox/stablecoins/{id}/grid-operations-status`. */
export const operatorStatusBody = z.strictObject({
  status: z.enum(OPERATOR_STATUSES as [string, ...string[]], { error: `status must be one of ${OPERATOR_STATUSES.join(', ')}` }),
});

/** The reference's StablecoinIssuanceStatus (the sandbox's coins are all PROVISIONED: registration is immediate). */
export const ISSUANCE_STATUSES = ['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED'] as const;

/**
 * `GET /stablecoins` query (the reference's listStablecoins): `issuanceStatus`,
 * `gridOperationsStatus` and `provider` filter the coins, exactly as answered. `provider` takes any
 * provider name a link may carry (the reference lists BRALE only; the engine links others too).
 */
export const stablecoinListQuery = z.strictObject({
  issuanceStatus: z.enum(ISSUANCE_STATUSES, { error: `issuanceStatus must be one of ${ISSUANCE_STATUSES.join(', ')}` }).optional(),
  gridOperationsStatus: z.enum(GRID_OPERATIONS_STATUSES, { error: `gridOperationsStatus must be one of ${GRID_OPERATIONS_STATUSES.join(', ')}` }).optional(),
  provider: upperName('provider').optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

/**
 * `GET /stablecoins/{id}/operations` filters (limit and cursor are read by pagination).
 * `operationType` is the reference's name of `type`: both given must agree (the route checks).
 */
export const operationListQuery = z.object({
  operationType: z.enum(OPERATION_TYPES, { error: `operationType must be one of ${OPERATION_TYPES.join(', ')}` }).optional(),
  status: z.enum(OPERATION_STATUSES, { error: `status must be one of ${OPERATION_STATUSES.join(', ')}` }).optional(),
  type: z.enum(OPERATION_TYPES, { error: `type must be one of ${OPERATION_TYPES.join(', ')}` }).optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});
