/**
 * `GET /customers` filtering and paging over the store's creation order. A page position is an
 * index into that order (not into the filtered list), so a customer whose fields change between
 * pages never shifts the others: no customer is skipped or repeated because of it.
 */
import type { CustomerStore } from './store.js';
import { customerView } from './view.js';
import type { Customer, CustomerType, KycStatus } from './types.js';

/** The list filters; each absent filter matches every customer. */
export type CustomerFilters = {
  readonly platformCustomerId?: string;
  readonly customerType?: CustomerType;
  /** Matches individuals with this kycStatus. */
  readonly kycStatus?: KycStatus;
  /** Matches businesses with this kybStatus. */
  readonly kybStatus?: KycStatus;
  /** Instants (epoch ms), inclusive, of the reference's createdAfter/Before, updatedAfter/Before. */
  readonly createdAfterMs?: number;
  readonly createdBeforeMs?: number;
  readonly updatedAfterMs?: number;
  readonly updatedBeforeMs?: number;
  /** The customer's region: its `region` when it has one, else the country of its address. */
  readonly region?: string;
  /** A currency code the customer's `currencies` list holds. */
  readonly currency?: string;
  /** The customer's UMA address as answered (customerView). */
  readonly umaAddress?: string;
  /** Deleted customers are left out unless this is true. */
  readonly isIncludingDeleted?: boolean;
};

/** One page: the customers, where the next page starts (absent on the last), and the total. */
export type CustomerPage = {
  readonly items: readonly Customer[];
  readonly nextPosition?: number;
  readonly totalCount: number;
};

/** True when `customer` passes every filter given. Pure. */
export function matchesFilters(customer: Customer, filters: CustomerFilters): boolean {
  if (filters.platformCustomerId !== undefined && customer.platformCustomerId !== filters.platformCustomerId) return false;
  if (filters.customerType !== undefined && customer.customerType !== filters.customerType) return false;
  if (filters.kycStatus !== undefined && (customer.customerType !== 'INDIVIDUAL' || customer.kycStatus !== filters.kycStatus)) return false;
  if (filters.kybStatus !== undefined && (customer.customerType !== 'BUSINESS' || customer.kybStatus !== filters.kybStatus)) return false;
  if (customer.isDeleted === true && filters.isIncludingDeleted !== true) return false;
  const createdMs = Date.parse(customer.createdAt);
  const updatedMs = Date.parse(customer.updatedAt);
  if (filters.createdAfterMs !== undefined && createdMs < filters.createdAfterMs) return false;
  if (filters.createdBeforeMs !== undefined && createdMs > filters.createdBeforeMs) return false;
  if (filters.updatedAfterMs !== undefined && updatedMs < filters.updatedAfterMs) return false;
  if (filters.updatedBeforeMs !== undefined && updatedMs > filters.updatedBeforeMs) return false;
  if (filters.region !== undefined && (customer.region ?? customer.address?.country) !== filters.region) return false;
  if (filters.currency !== undefined && !(customer.currencies ?? []).includes(filters.currency)) return false;
  if (filters.umaAddress !== undefined && customerView(customer).umaAddress !== filters.umaAddress) return false;
  return true;
}

/** The key a cursor is bound to: the filters, in a fixed order. Pure. */
export function customerQueryKey(filters: CustomerFilters): string {
  return `customers:${JSON.stringify([
    filters.platformCustomerId ?? null,
    filters.customerType ?? null,
    filters.kycStatus ?? null,
    filters.kybStatus ?? null,
    // The reference's filters only when given, so cursors of the first four filters keep their key.
    ...(hasReferenceFilters(filters)
      ? [filters.createdAfterMs ?? null, filters.createdBeforeMs ?? null, filters.updatedAfterMs ?? null, filters.updatedBeforeMs ?? null, filters.region ?? null, filters.umaAddress ?? null, filters.isIncludingDeleted ?? false]
      : []),
    // Appended only when given, so cursors made before the currency filter keep their key.
    ...(filters.currency === undefined ? [] : [`currency:${filters.currency}`]),
  ])}`;
}

function hasReferenceFilters(filters: CustomerFilters): boolean {
  return [filters.createdAfterMs, filters.createdBeforeMs, filters.updatedAfterMs, filters.updatedBeforeMs, filters.region, filters.umaAddress, filters.isIncludingDeleted].some((value) => value !== undefined);
}

/** Up to `limit` matching customers from `position` in creation order. Pure. */
export function listCustomers(
  store: CustomerStore,
  filters: CustomerFilters,
  page: { readonly limit: number; readonly position: number },
): CustomerPage {
  const items: Customer[] = [];
  let totalCount = 0;
  let lastTakenIndex = -1;
  let hasMore = false;
  // One pass over the whole store (bounded by its size): it also counts every match for totalCount.
  for (let index = 0; index < store.order.length; index += 1) {
    const customer = store.byId.valueAt(index);
    if (!matchesFilters(customer, filters)) continue;
    totalCount += 1;
    if (index < page.position) continue;
    if (items.length < page.limit) {
      items.push(customer);
      lastTakenIndex = index;
    } else hasMore = true;
  }
  return hasMore ? { items, nextPosition: lastTakenIndex + 1, totalCount } : { items, totalCount };
}
