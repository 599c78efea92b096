/**
 * UMA and discovery routes (docs/uma.md): `GET /receiver/uma/{receiverUmaAddress}`,
 * `GET /receiver/external-account/{accountId}`, `GET /discoveries`, `GET /uma-providers`,
 * `GET /vasps`, `POST /crypto/estimate-withdrawal-fee`. The sandbox has no network: addresses
 * of this platform's customers resolve from state, the sandbox counterparty's test addresses
 * from the spec's table, and any other domain is 404 USER_NOT_FOUND.
 */
import { z } from 'zod';
import { type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { externalAccountById } from '../../domains/external-accounts/read.js';
import type { DomainState } from '../../domains/state.js';
import { parseUmaAddress, resolveUmaReceiver } from '../../domains/uma/address.js';
import { SANDBOX_DISCOVERIES, SANDBOX_UMA_PROVIDERS, SANDBOX_VASPS } from '../../domains/uma/directory.js';
import { customerCurrencies, receiverLookup, senderCurrency } from '../../domains/uma/lookup.js';
import { estimateWithdrawalFee, WITHDRAWAL_NETWORKS } from '../../domains/uma/withdrawal-fee.js';
import { pageOf } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { answer, type Route, type RouteContext } from '../route.js';
import { validate } from '../validation.js';
import { readListQuery } from './list-query.js';

const paging = { limit: z.string().optional(), cursor: z.string().optional() };
const country = z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 country code' });
const currency = z.string().regex(/^[A-Z]{3,5}$/, { error: 'must be a currency code' });

/** Query of both receiver lookups. */
export const lookupQuery = z.strictObject({ senderUmaAddress: z.string().max(200).optional(), customerId: z.string().min(1).max(200).optional() });
/** `GET /discoveries` query. */
export const discoveriesQuery = z.strictObject({ country: country.optional(), currency: currency.optional() });
/** `GET /uma-providers` query. */
export const umaProvidersQuery = z.strictObject({
  countryCode: country.optional(),
  currencyCode: currency.optional(),
  hasBlockedProviders: z.enum(['true', 'false'], { error: 'hasBlockedProviders must be true or false' }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
  ...paging,
});
/** `GET /vasps` query. */
export const vaspsQuery = z.strictObject(paging);
/** `POST /crypto/estimate-withdrawal-fee` body (reference EstimateCryptoWithdrawalFeeRequest). */
export const withdrawalFeeSchema = z.strictObject({
  internalAccountId: z.string().min(1).max(200),
  currency: z.string().regex(/^[A-Z]{3,5}$/, { error: 'currency must be a currency code' }),
  cryptoNetwork: z.enum(Object.keys(WITHDRAWAL_NETWORKS) as [keyof typeof WITHDRAWAL_NETWORKS], {
    error: `cryptoNetwork must be one of ${Object.keys(WITHDRAWAL_NETWORKS).join(', ')}`,
  }),
  amount: z.number({ error: 'amount must be an integer' }).int({ error: 'amount must be an integer' }).positive({ error: 'amount must be greater than zero' }).max(Number.MAX_SAFE_INTEGER),
  destinationAddress: z.string().min(1, { error: 'destinationAddress must not be empty' }).max(200),
});

function readFilters<T>(schema: z.ZodType<T>, request: ParsedRequest): Result<T, ApiError> {
  return validate(schema, Object.fromEntries(request.query));
}

/**
 * The sender side of a lookup: its address (400 INVALID_UMA_ADDRESS; 400 SENDER_NOT_ACCEPTED at a
 * provider not on the allow list) and customer (404 CUSTOMER_NOT_FOUND), then its currency and
 * address.
 */
function senderOf(context: RouteContext<DomainState>): Result<{ currency: CurrencyCode; address?: string }, ApiError> {
  const query = readFilters(lookupQuery, context.request);
  if (!query.ok) return query;
  const { customerId, senderUmaAddress } = query.value;
  let address: string | undefined;
  if (senderUmaAddress !== undefined) {
    const parsed = parseUmaAddress(senderUmaAddress);
    if (!parsed.ok) return parsed;
    if (SANDBOX_UMA_PROVIDERS.some((p) => !p.allowListStatus && p.domain === parsed.value.domain)) {
      return err(apiError('SENDER_NOT_ACCEPTED', `Senders at ${parsed.value.domain} are not accepted (the provider is not on the allow list)`, { senderUmaAddress }));
    }
    address = parsed.value.address;
  }
  if (customerId !== undefined && !context.state.customers.byId.has(customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
  const currency = senderCurrency(context.state, customerId);
  return ok(address === undefined ? { currency } : { currency, address });
}

/** Every UMA and discovery route. */
export const umaRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/receiver/uma/{receiverUmaAddress}',
    auth: 'platform',
    querySchema: lookupQuery,
    handle: (context) => {
      const sending = senderOf(context);
      if (!sending.ok) return sending;
      const receiver = resolveUmaReceiver(context.state, context.params.receiverUmaAddress ?? '');
      if (!receiver.ok) return receiver;
      if (sending.value.address === receiver.value.address) return err(apiError('SELF_PAYMENT', 'The sender and the receiver are the same UMA address'));
      const currencies: CurrencyCode[] =
        receiver.value.kind === 'CUSTOMER' ? customerCurrencies(context.state, receiver.value.customer.id) : [receiver.value.currency ?? 'USD'];
      const lookup = receiverLookup(context.state, sending.value.currency, currencies, context.newId('Lookup'), context.nowMs);
      return ok(answer(200, { ...lookup, receiverUmaAddress: receiver.value.address }));
    },
  },
  {
    method: 'GET',
    path: '/receiver/external-account/{accountId}',
    auth: 'platform',
    querySchema: lookupQuery,
    handle: (context) => {
      const sending = senderOf(context);
      if (!sending.ok) return sending;
      const accountId = context.params.accountId ?? '';
      const account = externalAccountById(context.state, accountId);
      if (account === undefined || !isCurrencyCode(account.currency)) return err(apiError('ACCOUNT_NOT_FOUND', `External account ${accountId} not found`));
      const lookup = receiverLookup(context.state, sending.value.currency, [account.currency], context.newId('Lookup'), context.nowMs);
      return ok(answer(200, { ...lookup, accountId }));
    },
  },
  {
    method: 'GET',
    path: '/discoveries',
    auth: 'platform',
    querySchema: discoveriesQuery,
    handle: ({ request }) => {
      const query = readFilters(discoveriesQuery, request);
      if (!query.ok) return query;
      const { country: c, currency: cur } = query.value;
      return ok(answer(200, { data: SANDBOX_DISCOVERIES.filter((d) => (c === undefined || d.country === c) && (cur === undefined || d.currency === cur)) }));
    },
  },
  {
    method: 'GET',
    path: '/uma-providers',
    auth: 'platform',
    querySchema: umaProvidersQuery,
    handle: ({ request }) => {
      const read = readListQuery(umaProvidersQuery, request, ({ limit: _l, cursor: _c, ...filters }) => `uma-providers:${JSON.stringify(filters)}`);
      if (!read.ok) return read;
      const { countryCode, currencyCode, hasBlockedProviders, sortOrder } = read.value.query;
      const found = SANDBOX_UMA_PROVIDERS.filter(
        (p) =>
          (countryCode === undefined || p.supportedRegions.includes(countryCode)) &&
          (currencyCode === undefined || p.supportedCurrencies.some((x) => x.code === currencyCode)) &&
          // Blocked providers (not on the allow list) are listed only when asked for.
          (hasBlockedProviders === 'true' || p.allowListStatus),
      );
      // The reference's default order is desc; the table is in ascending order of listing.
      const ordered = sortOrder === 'asc' ? found : [...found].reverse();
      return ok(answer(200, pageOf(ordered, read.value.page, read.value.key)));
    },
  },
  {
    method: 'GET',
    path: '/vasps',
    auth: 'platform',
    querySchema: vaspsQuery,
    handle: ({ request }) => {
      const read = readListQuery(vaspsQuery, request, () => 'vasps');
      if (!read.ok) return read;
      return ok(answer(200, pageOf(SANDBOX_VASPS, read.value.page, read.value.key)));
    },
  },
  {
    method: 'POST',
    path: '/crypto/estimate-withdrawal-fee',
    auth: 'platform',
    schema: withdrawalFeeSchema,
    handle: ({ state, request }) => {
      const body = validate(withdrawalFeeSchema, request.body ?? {});
      if (!body.ok) return body;
      const fee = estimateWithdrawalFee(state, body.value);
      return fee.ok ? ok(answer(200, fee.value)) : fee;
    },
  },
];
