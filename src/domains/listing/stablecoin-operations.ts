/**
 * The index of `GET /stablecoins/{id}/operations`: per coin, a position is an index into the
 * store's `operationsByCoin` list of that coin, with each operation's type and status as codes
 * (the status moves; the type never does). Ids and positions only; kept by `listing/evolve.ts`,
 * rebuilt from a snapshot's store by `listing/rebuild.ts`.
 */
import { instantToMs } from '../../core/time.js';
import type { StablecoinStore } from '../stablecoins/store.js';
import { OPERATION_STATUSES, OPERATION_TYPES, type StablecoinOperation } from '../stablecoins/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { positionOfListed } from './transactions.js';

/** One coin's operations: positions index the coin's `operationsByCoin` list. */
export type CoinOperationIndex = {
  /** `createdAt` in epoch ms, parallel to the coin's list (to find an operation's position). */
  readonly createdMs: number[];
  /** Codes: `OPERATION_TYPES` index + 1. */
  readonly type: CodeIndex;
  /** Codes: `OPERATION_STATUSES` index + 1. */
  readonly status: CodeIndex;
};

/** Every coin's operation index, and how many operations of the store's order are listed. */
export type StablecoinOperationListIndex = { listed: number; readonly byCoin: Map<string, CoinOperationIndex> };

/** An empty index. */
export function emptyStablecoinOperationListIndex(): StablecoinOperationListIndex {
  return { listed: 0, byCoin: new Map() };
}

/** The type code of a filter value (1-based). */
export const operationTypeCode = (type: string): number => (OPERATION_TYPES as readonly string[]).indexOf(type) + 1;
/** The status code of a filter value (1-based). */
export const operationStatusCode = (status: string): number => (OPERATION_STATUSES as readonly string[]).indexOf(status) + 1;

/** Lists the operations the store holds that the index lacks (in the store's order, so each lands at its coin-list index). */
export function catchUpStablecoinOperationList(store: StablecoinStore, index: StablecoinOperationListIndex): void {
  for (; index.listed < store.operationOrder.length; index.listed += 1) {
    const operation = store.operations.get(store.operationOrder[index.listed]!)!;
    const coin = coinIndexFor(index, operation.stablecoinId);
    coin.createdMs.push(instantToMs(operation.createdAt));
    appendCode(coin.type, operationTypeCode(operation.type));
    appendCode(coin.status, operationStatusCode(operation.status));
  }
}

/** Re-reads a listed operation's status (after it moved). */
export function syncStablecoinOperationStatus(store: StablecoinStore, index: StablecoinOperationListIndex, operation: StablecoinOperation): void {
  const coin = index.byCoin.get(operation.stablecoinId);
  const ids = store.operationsByCoin.get(operation.stablecoinId);
  if (coin === undefined || ids === undefined) return;
  const position = positionOfListed({ ids, createdMs: coin.createdMs }, operation.id, instantToMs(operation.createdAt));
  if (position !== -1) setCode(coin.status, position, operationStatusCode(operation.status));
}

function coinIndexFor(index: StablecoinOperationListIndex, stablecoinId: string): CoinOperationIndex {
  let coin = index.byCoin.get(stablecoinId);
  if (coin === undefined) {
    coin = { createdMs: [], type: emptyCodeIndex(), status: emptyCodeIndex() };
    index.byCoin.set(stablecoinId, coin);
  }
  return coin;
}
