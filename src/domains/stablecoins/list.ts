/**
 * `GET /stablecoins/{id}/operations` filtering and paging, newest first. A page position is an
 * exclusive bound on the coin's creation order (the next page holds older operations than the
 * last one shown), so operations created between pages never shift or repeat rows of the pages
 * being read. Position 0 (no cursor) starts from the newest.
 */
import type { StablecoinStore } from './store.js';
import type { OperationStatus, OperationType, StablecoinOperation } from './types.js';

/** The list filters; an absent filter matches every operation. */
export type OperationFilters = { readonly status?: OperationStatus; readonly type?: OperationType };

/** One page: the operations, where the next page starts (absent on the last), and the total. */
export type OperationPage = { readonly items: readonly StablecoinOperation[]; readonly nextPosition?: number; readonly totalCount: number };

/** The key a cursor is bound to: the coin and the filters, in a fixed order. Pure. */
export function operationQueryKey(stablecoinId: string, filters: OperationFilters): string {
  return `stablecoin-operations:${JSON.stringify([stablecoinId, filters.status ?? null, filters.type ?? null])}`;
}

/** Up to `limit` matching operations of the coin, newest first, older than `position` (0: from the newest). Pure. */
export function listOperations(
  store: StablecoinStore,
  stablecoinId: string,
  filters: OperationFilters,
  page: { readonly limit: number; readonly position: number },
): OperationPage {
  const ids = store.operationsByCoin.get(stablecoinId) ?? [];
  const bound = page.position === 0 ? ids.length : Math.min(page.position, ids.length);
  const items: StablecoinOperation[] = [];
  let totalCount = 0;
  let lastTakenIndex = -1;
  let hasMore = false;
  // One pass over the coin's operations (bounded by their number): it also counts every match.
  for (let index = ids.length - 1; index >= 0; index -= 1) {
    const operation = store.operations.get(ids[index] ?? '');
    if (operation === undefined) continue;
    if (filters.status !== undefined && operation.status !== filters.status) continue;
    if (filters.type !== undefined && operation.type !== filters.type) continue;
    totalCount += 1;
    if (index >= bound) continue;
    if (items.length < page.limit) {
      items.push(operation);
      lastTakenIndex = index;
    } else hasMore = true;
  }
  return hasMore ? { items, nextPosition: lastTakenIndex, totalCount } : { items, totalCount };
}
