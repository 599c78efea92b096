/**
 * UMA addresses (`$user@domain`) in a sandbox without a network: this platform's own customers
 * resolve from state (each has the address its view shows, given or system-generated), the sandbox counterparty domain
 * resolves the spec's test addresses, and every other domain is one the sandbox cannot reach, so
 * it is reported as not existing (404 USER_NOT_FOUND, as the spec copy says for an unknown domain).
 * Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { findByUmaAddress } from '../customers/store.js';
import type { Customer } from '../customers/types.js';
import { customerView, SANDBOX_UMA_DOMAIN as CUSTOMER_UMA_DOMAIN } from '../customers/view.js';
import { UMA_TEST_ADDRESSES, umaUser } from '../../sandbox/uma-test-addresses.js';
import type { DomainState } from '../state.js';

/** A UMA address: `$user@domain` (spec: UMA test addresses `$success.usd@...`). */
export const UMA_ADDRESS_PATTERN = /^\$[a-z0-9][a-z0-9._-]{0,63}@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** The UMA domain of this platform when its config names none: the customers' view's domain. */
export const DEFAULT_PLATFORM_UMA_DOMAIN = CUSTOMER_UMA_DOMAIN;
/** The sandbox counterparty's domain, where the spec's test addresses (`$success.usd@`, ...) live. */
export const SANDBOX_UMA_DOMAIN = 'sandbox.svc.uma.money';

/** A parsed address: user and domain, lower-cased. */
export type UmaAddress = { readonly user: string; readonly domain: string; readonly address: string };

/** Parses `$user@domain`, or 400 INVALID_UMA_ADDRESS. */
export function parseUmaAddress(text: string): Result<UmaAddress, ApiError> {
  if (!UMA_ADDRESS_PATTERN.test(text)) {
    return err(apiError('INVALID_UMA_ADDRESS', `${text.slice(0, 100)} is not a UMA address ($user@domain)`, { umaAddress: text.slice(0, 100) }));
  }
  const at = text.indexOf('@');
  const user = text.slice(1, at).toLowerCase();
  const domain = text.slice(at + 1).toLowerCase();
  return ok({ user, domain, address: `$${user}@${domain}` });
}

/** The platform's UMA domain: `umaDomain` of its config (reference PlatformConfig) or the sandbox default. */
export function platformUmaDomain(state: DomainState): string {
  return state.config.current.umaDomain ?? DEFAULT_PLATFORM_UMA_DOMAIN;
}

/** A customer's UMA address: exactly the one its wire view shows (given, or system-generated). */
export function customerUmaAddress(customer: Customer): string {
  return customerView(customer).umaAddress;
}

/** The live customer whose view shows `address` (case-insensitive), if any. Pure. */
export function customerByUmaAddress(state: DomainState, address: string): Customer | undefined {
  const wanted = address.toLowerCase();
  // A deleted customer receives nothing.
  return findByUmaAddress(state.customers, address, (customer, shown) => customer.isDeleted !== true && shown.toLowerCase() === wanted);
}

/** Who an address names. */
export type UmaReceiver =
  | { readonly kind: 'CUSTOMER'; readonly address: string; readonly customer: Customer }
  | { readonly kind: 'SANDBOX'; readonly address: string; readonly currency: CurrencyCode | null };

/**
 * Resolves an address: 400 INVALID_UMA_ADDRESS (malformed), 404 UMA_NOT_FOUND (well-formed, no
 * such receiver at a reachable domain), 404 USER_NOT_FOUND (a domain the sandbox cannot reach).
 * The one rule for receivers: `GET /receiver/uma/{address}` and a quote's UMA_ADDRESS destination
 * (issue 12) both refuse exactly what this refuses.
 */
export function resolveUmaReceiver(state: DomainState, text: string): Result<UmaReceiver, ApiError> {
  const parsed = parseUmaAddress(text);
  if (!parsed.ok) return parsed;
  const { domain, address } = parsed.value;
  // The address a customer's view shows, whatever its domain (given addresses may name any).
  const customer = customerByUmaAddress(state, address);
  if (customer !== undefined) return ok({ kind: 'CUSTOMER', address, customer });
  if (domain === platformUmaDomain(state) || domain === DEFAULT_PLATFORM_UMA_DOMAIN) {
    return err(apiError('UMA_NOT_FOUND', `No receiver ${address} at ${domain}`, { umaAddress: address }));
  }
  if (domain === SANDBOX_UMA_DOMAIN) {
    const row = UMA_TEST_ADDRESSES.find((r) => r.user !== null && r.user === umaUser(address));
    if (row === undefined) return err(apiError('UMA_NOT_FOUND', `No receiver ${address} at ${domain}`, { umaAddress: address }));
    return ok({ kind: 'SANDBOX', address, currency: row.currency });
  }
  return err(apiError('USER_NOT_FOUND', `The UMA domain ${domain} does not exist (the sandbox reaches ${platformUmaDomain(state)} and ${SANDBOX_UMA_DOMAIN})`, { umaAddress: address }));
}
