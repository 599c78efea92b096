/**
 * `GET /stablecoins/{id}/operations` read from its index (`listing/stablecoin-operations.ts`):
 * newest first; a page position is an exclusive bound on the coin's list (0: from the newest) and
 * `nextPosition` the last row shown, as `stablecoins/list.ts` `listOperations` (the scan kept as
 * the reference) defines them. A type or a status alone is O(log n + page), count included; both
 * are counted by walking the narrower. Pure.
 */
import type { OperationFilters, OperationPage } from '../stablecoins/list.js';
import type { DomainState } from '../state.js';
import { countPlan, type ListPlan, pageDown } from './query.js';
import { codeSource, type PositionSource } from './sources.js';
import { operationStatusCode, operationTypeCode } from './stablecoin-operations.js';

/** Up to `limit` matching operations of the coin, newest first, older than `position` (0: from the newest). Pure. */
export function listStablecoinOperationPage(
  state: Pick<DomainState, 'stablecoins' | 'lists'>,
  stablecoinId: string,
  filters: OperationFilters,
  page: { readonly limit: number; readonly position: number },
): OperationPage {
  const coin = state.lists.stablecoinOperations.byCoin.get(stablecoinId);
  const ids = state.stablecoins.operationsByCoin.get(stablecoinId) ?? [];
  if (coin === undefined) return { items: [], totalCount: 0 };
  const sources: PositionSource[] = [];
  if (filters.type !== undefined) sources.push(codeSource(coin.type, operationTypeCode(filters.type)));
  if (filters.status !== undefined) sources.push(codeSource(coin.status, operationStatusCode(filters.status)));
  const plan: ListPlan = { sources, lo: 0, hi: coin.createdMs.length };
  const found = pageDown(plan, page.position === 0 ? plan.hi : page.position, page.limit);
  const items = found.positions.map((position) => state.stablecoins.operations.get(ids[position]!)!);
  const last = found.positions[found.positions.length - 1];
  const totalCount = countPlan(plan);
  return found.more && last !== undefined ? { items, nextPosition: last, totalCount } : { items, totalCount };
}
