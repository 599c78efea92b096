/**
 * Resolving a quote request against state, in a fixed order so the same request always gets the
 * same first error: currencies (400 INVALID_CURRENCY), the source (404 ACCOUNT_NOT_FOUND, ...), the
 * destination, which flow the pair makes, SELF_PAYMENT, and the customer. Pure.
 */
import { type CurrencyCode, isCurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { Customer } from '../customers/types.js';
import { externalAccountById, ownershipStanding, railsForAccountType } from '../external-accounts/read.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import type { DomainState } from '../state.js';
import { REALTIME_FUNDING_CURRENCIES, realtimeFundingRail } from './payment-instructions.js';
import type { CreateQuoteRequest } from './schema.js';
import type { QuoteDestination, QuoteFlowKind, QuoteSource } from './types.js';
import { liveCustomer } from '../customers/store.js';
import { resolveUmaReceiver } from '../uma/address.js';

/** The rail of a transfer between two internal accounts (a book transfer). */
export const BOOK_RAIL = 'BOOK';
/** The rail of a payment to a UMA address. */
export const UMA_RAIL = 'UMA';
/** Rails the engine never picks by itself (spec: ACH_SAME_DAY is never chosen automatically). */
export const NEVER_AUTOMATIC_RAILS: readonly string[] = ['ACH_SAME_DAY'];

/** A UMA address: `$user@domain` (kept here for its importers; defined beside the receiver rule). */
export { UMA_ADDRESS_PATTERN } from '../uma/address.js';

/** Everything a quote request resolves to. */
export type ResolvedQuote = {
  readonly kind: QuoteFlowKind;
  readonly customer: Customer;
  readonly source: QuoteSource;
  readonly destination: QuoteDestination;
  readonly rail: string;
  readonly sourceExternal?: ExternalAccount;
  readonly destinationExternal?: ExternalAccount;
};

type Resolved<T> = Result<T, ApiError>;

function notFound(accountId: string): ApiError {
  return apiError('ACCOUNT_NOT_FOUND', `Account ${accountId} not found`);
}

function invalidCurrency(field: string, code: string): ApiError {
  return apiError('INVALID_CURRENCY', `Unknown currency ${code}`, { field, currency: code });
}

function checkCurrencies(request: CreateQuoteRequest): ApiError | undefined {
  const { source, destination } = request;
  if (source.sourceType === 'REALTIME_FUNDING') {
    if (!isCurrencyCode(source.currency)) return invalidCurrency('source.currency', source.currency);
    if (!(REALTIME_FUNDING_CURRENCIES as readonly string[]).includes(source.currency)) {
      return apiError('INVALID_CURRENCY', `Real-time funding is offered in ${REALTIME_FUNDING_CURRENCIES.join(' and ')}, not ${source.currency}`, {
        field: 'source.currency',
        currency: source.currency,
      });
    }
  }
  if (destination.currency !== undefined && !isCurrencyCode(destination.currency)) return invalidCurrency('destination.currency', destination.currency);
  return undefined;
}

function activeInternal(state: DomainState, accountId: string): Resolved<InternalAccount> {
  const account = state.accounts.byId.get(accountId);
  if (account === undefined) return err(notFound(accountId));
  if (account.status !== 'ACTIVE') return err(apiError('INVALID_STATE_TRANSITION', `Internal account ${accountId} is ${account.status}`, { accountId }));
  // A rule-based account never holds a balance: its deposits are swept, so it can neither pay
  // nor be paid by a quote (a book transfer into it would leave money there).
  if (account.type === 'RULE_BASED') {
    return err(apiError('INVALID_INPUT', `Internal account ${accountId} is rule-based and cannot be a quote's source or destination`, { accountId }));
  }
  return ok(account);
}

function usableExternal(state: DomainState, accountId: string): Resolved<ExternalAccount & { readonly currency: CurrencyCode }> {
  const account = externalAccountById(state, accountId);
  if (account === undefined) return err(notFound(accountId));
  if (ownershipStanding(account) === 'VERIFICATION_REQUIRED') {
    return err(apiError('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', `External account ${accountId} failed ownership verification`, { accountId }));
  }
  const { currency } = account;
  if (!isCurrencyCode(currency)) {
    // An account type whose currency the engine keeps no ledger or rates in (docs/external-accounts.md).
    return err(apiError('INVALID_CURRENCY', `External account ${accountId} holds ${currency}, a currency this engine does not pay out or collect in`, { accountId, currency }));
  }
  // The record itself (frozen, shared), its currency now known to be a registered one.
  return ok(account as ExternalAccount & { readonly currency: CurrencyCode });
}

type SourceSide = { readonly source: QuoteSource; readonly external?: ExternalAccount };

function resolveSource(state: DomainState, request: CreateQuoteRequest): Resolved<SourceSide> {
  const source = request.source;
  if (source.sourceType === 'REALTIME_FUNDING') {
    // The customer is named, or is the destination account's holder (checked with the destination).
    return ok({ source: { sourceType: 'REALTIME_FUNDING', currency: source.currency as CurrencyCode, customerId: source.customerId ?? '' } });
  }
  if (source.accountId.startsWith('ExternalAccount:')) {
    const external = usableExternal(state, source.accountId);
    if (!external.ok) return external;
    const customerId = external.value.customerId;
    if (customerId === undefined) return err(invalidInput([{ field: 'source.accountId', message: 'A pull needs an external account of a customer, not of the platform' }]));
    return ok({
      source: { sourceType: 'ACCOUNT', accountId: source.accountId, accountKind: 'EXTERNAL', currency: external.value.currency, customerId },
      external: external.value,
    });
  }
  if (!source.accountId.startsWith('InternalAccount:')) return err(notFound(source.accountId));
  const internal = activeInternal(state, source.accountId);
  if (!internal.ok) return internal;
  const customerId = internal.value.customerId;
  if (customerId === undefined) return err(invalidInput([{ field: 'source.accountId', message: 'The source must be a customer’s internal account' }]));
  return ok({ source: { sourceType: 'ACCOUNT', accountId: source.accountId, accountKind: 'INTERNAL', currency: internal.value.currency, customerId } });
}

type DestinationSide = { readonly destination: QuoteDestination; readonly rail: string; readonly holderId?: string; readonly external?: ExternalAccount };

function resolveDestination(state: DomainState, request: CreateQuoteRequest): Resolved<DestinationSide> {
  const destination = request.destination;
  if (destination.destinationType === 'UMA_ADDRESS') {
    // The receiver lookup's rule (issue 12): a quote cannot pay an address the lookup refuses.
    const receiver = resolveUmaReceiver(state, destination.umaAddress);
    if (!receiver.ok) return receiver;
    return ok({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: destination.umaAddress, currency: destination.currency as CurrencyCode }, rail: UMA_RAIL });
  }
  const { accountId, paymentRail } = destination;
  let currency: CurrencyCode;
  let rail: string;
  let holderId: string | undefined;
  let external: ExternalAccount | undefined;
  if (accountId.startsWith('ExternalAccount:')) {
    const found = usableExternal(state, accountId);
    if (!found.ok) return found;
    external = found.value;
    const rails = railsForAccountType(external.accountInfo.accountType);
    if (paymentRail !== undefined && !(rails as readonly string[]).includes(paymentRail)) {
      return err(
        invalidInput([
          { field: 'destination.paymentRail', constraint: { enum: [...rails] }, message: `${external.accountInfo.accountType} accounts are not paid over ${paymentRail}` },
        ]),
      );
    }
    const automatic = rails.find((candidate) => !NEVER_AUTOMATIC_RAILS.includes(candidate));
    rail = paymentRail ?? automatic ?? '';
    if (rail === '') return err(invalidInput([{ field: 'destination.paymentRail', constraint: { enum: [...rails] }, message: 'Name the rail for this account' }]));
    currency = found.value.currency;
    holderId = external.customerId;
  } else if (accountId.startsWith('InternalAccount:')) {
    const internal = activeInternal(state, accountId);
    if (!internal.ok) return internal;
    if (paymentRail !== undefined) {
      return err(invalidInput([{ field: 'destination.paymentRail', message: 'A transfer between internal accounts uses no payment rail' }]));
    }
    rail = BOOK_RAIL;
    currency = internal.value.currency;
    holderId = internal.value.customerId;
  } else {
    return err(notFound(accountId));
  }
  if (destination.currency !== undefined && destination.currency !== currency) {
    return err(invalidInput([{ field: 'destination.currency', constraint: { enum: [currency] }, message: `Account ${accountId} holds ${currency}` }]));
  }
  const quoteDestination: QuoteDestination = {
    destinationType: 'ACCOUNT',
    accountId,
    accountKind: external === undefined ? 'INTERNAL' : 'EXTERNAL',
    currency,
    ...(paymentRail === undefined ? {} : { paymentRail }),
  };
  return ok({ destination: quoteDestination, rail, ...(holderId === undefined ? {} : { holderId }), ...(external === undefined ? {} : { external }) });
}

/**
 * Resolves `request`: checks in the order currencies, source, destination, flow, SELF_PAYMENT,
 * customer (404 CUSTOMER_NOT_FOUND; 400 END_USER_TERMS_NOT_ACCEPTED when the customer has not
 * accepted SVC_END_USER_TERMS). Pure.
 */
export function resolveQuote(state: DomainState, request: CreateQuoteRequest): Resolved<ResolvedQuote> {
  const currencyError = checkCurrencies(request);
  if (currencyError !== undefined) return err(currencyError);
  const sourceSide = resolveSource(state, request);
  if (!sourceSide.ok) return sourceSide;
  const destinationSide = resolveDestination(state, request);
  if (!destinationSide.ok) return destinationSide;
  let source = sourceSide.value.source;
  const { destination, holderId } = destinationSide.value;
  let kind: QuoteFlowKind;
  let rail = destinationSide.value.rail;
  if (source.sourceType === 'REALTIME_FUNDING') {
    kind = 'REALTIME_FUNDING';
    if (destination.destinationType !== 'ACCOUNT' || destination.accountKind !== 'INTERNAL') {
      return err(invalidInput([{ field: 'destination.accountId', message: 'Real-time funding pays into an internal account' }]));
    }
    const customerId = source.customerId === '' ? holderId : source.customerId;
    if (customerId === undefined || customerId !== holderId) {
      return err(invalidInput([{ field: 'source.customerId', message: 'Real-time funding pays into an internal account of the funding customer' }]));
    }
    source = { ...source, customerId };
    rail = realtimeFundingRail(source.currency);
  } else if (source.accountKind === 'EXTERNAL') {
    kind = 'PULL';
    if (destination.destinationType !== 'ACCOUNT' || destination.accountKind !== 'INTERNAL' || holderId !== source.customerId) {
      return err(invalidInput([{ field: 'destination.accountId', message: 'A pull pays into an internal account of the external account’s holder' }]));
    }
    const automatic = railsForAccountType(sourceSide.value.external!.accountInfo.accountType).find((candidate) => !NEVER_AUTOMATIC_RAILS.includes(candidate));
    rail = automatic ?? BOOK_RAIL;
  } else {
    kind = 'PAYOUT';
    if (destination.destinationType === 'ACCOUNT' && destination.accountKind === 'EXTERNAL' && holderId !== source.customerId) {
      return err(invalidInput([{ field: 'destination.accountId', message: 'A payout goes to an external account of the paying customer' }]));
    }
  }
  if (source.sourceType === 'ACCOUNT' && destination.destinationType === 'ACCOUNT' && source.accountId === destination.accountId) {
    return err(apiError('SELF_PAYMENT', 'The source and the destination are the same account', { accountId: source.accountId }));
  }
  const customer = liveCustomer(state.customers, source.customerId);
  if (customer === undefined) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${source.customerId} not found`));
  if (!customer.agreementConsents.some((consent) => consent.type === 'SVC_END_USER_TERMS')) {
    return err(apiError('END_USER_TERMS_NOT_ACCEPTED', `Customer ${customer.id} has not accepted SVC_END_USER_TERMS`, { customerId: customer.id }));
  }
  return ok({
    kind,
    customer,
    source,
    destination,
    rail,
    ...(sourceSide.value.external === undefined ? {} : { sourceExternal: sourceSide.value.external }),
    ...(destinationSide.value.external === undefined ? {} : { destinationExternal: destinationSide.value.external }),
  });
}
