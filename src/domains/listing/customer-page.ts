/**
 * `GET /customers` read from its index (`listing/customers.ts`): creation order, oldest first; a
 * page position is the index into the store's order to resume from (`customers/list.ts`).
 * Indexed (O(log n + page), count included): the default (live customers), `customerType`
 * (live ones, or with `isIncludingDeleted` all: one code either way), `isIncludingDeleted`,
 * `createdAfter`/`createdBefore`, and `platformCustomerId` (one live customer). The other filters (`kycStatus`, `kybStatus`, `updatedAfter`/`updatedBefore`,
 * `region`, `umaAddress`, `currency`, a platformCustomerId among deleted ones) walk the indexed
 * range. Pure.
 */
import { type CustomerFilters, type CustomerPage, matchesFilters } from '../customers/list.js';
import type { DomainState } from '../state.js';
import { CUSTOMER_TYPE_CODES, LIVE_CODES, listedPosition } from './customers.js';
import { countPlan, type ListPlan, pageUp } from './query.js';
import { codeSource, firstPositionAtLeast, type PositionSource, sortedSource } from './sources.js';

/** The filters the index answers exactly. */
const INDEXED: ReadonlySet<string> = new Set(['customerType', 'isIncludingDeleted', 'createdAfterMs', 'createdBeforeMs', 'platformCustomerId']);

/** Up to `limit` matching customers from `position`, where the next page starts, and every match's count. Pure. */
export function listCustomerPage(
  state: Pick<DomainState, 'customers' | 'lists'>,
  filters: CustomerFilters,
  page: { readonly limit: number; readonly position: number },
): CustomerPage {
  const store = state.customers;
  const index = state.lists.customers;
  const keyAt = (position: number): number => index.createdMs[position] ?? 0;
  const length = index.createdMs.length;
  const lo = filters.createdAfterMs === undefined ? 0 : firstPositionAtLeast(length, keyAt, filters.createdAfterMs);
  // createdBefore is inclusive here (the reference's).
  const hi = filters.createdBeforeMs === undefined ? length : firstPositionAtLeast(length, keyAt, Math.floor(filters.createdBeforeMs) + 1);
  const withDeleted = filters.isIncludingDeleted === true;
  const sources: PositionSource[] = [];
  const type = filters.customerType ?? (filters.kycStatus !== undefined ? 'INDIVIDUAL' : filters.kybStatus !== undefined ? 'BUSINESS' : undefined);
  // Live customers of one type are one code (not the live code and the type code, which would be counted by a walk).
  if (!withDeleted && type !== undefined) sources.push(codeSource(index.liveType, CUSTOMER_TYPE_CODES[type]));
  else if (!withDeleted) sources.push(codeSource(index.live, LIVE_CODES.live));
  else if (type !== undefined) sources.push(codeSource(index.type, CUSTOMER_TYPE_CODES[type]));
  if (filters.platformCustomerId !== undefined && !withDeleted) {
    const id = store.byPlatformCustomerId.get(filters.platformCustomerId);
    const position = id === undefined ? -1 : listedPosition(store, index, id);
    sources.push(sortedSource(position === -1 ? [] : [position]));
  }
  // Any filter the index does not answer (including one added later) is checked on each record.
  const exact = Object.entries(filters).every(([key, value]) => value === undefined || (INDEXED.has(key) && (key !== 'platformCustomerId' || !withDeleted)));
  const customerAt = (position: number) => store.byId.valueAt(position);
  const plan: ListPlan = exact ? { sources, lo, hi } : { sources, lo, hi, residual: (position) => matchesFilters(customerAt(position), filters) };
  const found = pageUp(plan, page.position, page.limit);
  const items = found.positions.map(customerAt);
  const last = found.positions[found.positions.length - 1];
  const totalCount = countPlan(plan);
  return found.nextPosition === -1 || last === undefined ? { items, totalCount } : { items, nextPosition: last + 1, totalCount };
}
